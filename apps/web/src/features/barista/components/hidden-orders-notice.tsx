import { useLingui } from '@lingui/react';
import { EyeOff } from 'lucide-react';
import { andList } from '@/features/barista/lib/and-list';

interface HiddenOrdersNoticeProps {
  /** How many orders on the board the filters hide (0: the notice is not shown). */
  count: number;
  /** The names of the filters hiding them, as chosen ("Mine", "Coffee", "Latte"). */
  filters: readonly string[];
  /** Clears every filter that hides orders. */
  onShowAll: () => void;
}

/**
 * "3 orders hidden by Mine · Show all" under the board's toolbar: a filter never hides orders
 * without saying so, and one tap shows them (docs/decisions/0099-no-hidden-orders.md). A status
 * region, so a screen reader hears the count change when a hidden order arrives.
 */
export function HiddenOrdersNotice({ count, filters, onShowAll }: HiddenOrdersNoticeProps) {
  const { _ } = useLingui();
  if (count === 0) return null;
  const names = andList(filters);
  return (
    <div
      role="status"
      aria-label={_('barista.hidden.label')}
      className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl border border-dashed border-[var(--border-strong)] bg-[var(--surface-sunken)] py-0.5 pr-0.5 pl-3 text-sm font-semibold text-[var(--ink)]"
    >
      <EyeOff aria-hidden="true" className="h-4 w-4 shrink-0 text-[var(--ink-muted)]" />
      <span className="min-w-0 break-words">{_('barista.hidden.count', { count, filters: names })}</span>
      <button type="button" className="btn-secondary min-h-11 px-3" onClick={onShowAll}>
        {_('barista.hidden.showAll')}
      </button>
    </div>
  );
}
