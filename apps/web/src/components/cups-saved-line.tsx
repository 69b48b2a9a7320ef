import { useLingui } from '@lingui/react';
import { Leaf } from 'lucide-react';
import { useMyCupsSaved } from '@/api/my-cups-saved';
import { formatCount } from '@/lib/format-number';

/**
 * "Cups saved: 3 this month · 12 all time" on the person's profile and My Order. While it loads the
 * same box holds its place with "…" for the numbers, so nothing below it moves when they arrive; a
 * failure hides it: the count is encouragement, never worth an error on someone's order screen.
 */
export function CupsSavedLine() {
  const { _ } = useLingui();
  const cups = useMyCupsSaved();
  if (!cups.data && cups.isError) return null;
  const count = (value: number | undefined) => (value === undefined ? '…' : formatCount(value));
  return (
    <div className="card flex items-start gap-3 p-4" aria-busy={cups.isPending || undefined}>
      <Leaf aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-[var(--success)]" />
      <div className="min-w-0">
        <p className="font-semibold tabular-nums">
          {_('shared.cups.mine', { thisMonth: count(cups.data?.thisMonth), allTime: count(cups.data?.allTime) })}
        </p>
        <p className="text-sm text-[var(--ink-muted)]">{_('shared.cups.why')}</p>
      </div>
    </div>
  );
}
