import { useLingui } from '@lingui/react';
import { cn } from '@/lib/cn';
import { drinkCountLabel, type DrinkCount } from '@/features/barista/lib/all-day-counts';

interface AllDayCountsProps {
  counts: readonly DrinkCount[];
  /** The drink the board is narrowed to, if any. */
  selectedKey: string | null;
  onSelect: (key: string | null) => void;
}

/**
 * How many of each drink are waiting ("Latte x4"): a tap narrows the board to that drink, so they
 * can be made together; a second tap shows everything again.
 */
export function AllDayCounts({ counts, selectedKey, onSelect }: AllDayCountsProps) {
  const { _ } = useLingui();
  if (counts.length === 0) return null;
  return (
    <div
      role="group"
      aria-label={_('barista.allDay.group')}
      className="flex min-w-0 flex-wrap items-center gap-1.5 py-0.5 lg:flex-1 lg:flex-nowrap lg:overflow-x-auto lg:px-1"
    >
      <span aria-hidden="true" className="shrink-0 text-sm font-semibold text-[var(--ink-muted)]">
        {_('barista.allDay.title')}
      </span>
      {counts.map((count) => {
        const pressed = count.key === selectedKey;
        return (
          <button
            key={count.key}
            type="button"
            aria-pressed={pressed}
            title={pressed ? _('barista.allDay.showAll') : _('barista.allDay.showOnly', { name: count.name })}
            onClick={() => onSelect(pressed ? null : count.key)}
            className={cn(
              'min-h-11 shrink-0 rounded-full border px-3 text-sm font-semibold whitespace-nowrap tabular-nums',
              pressed
                ? 'border-[var(--accent)] bg-[var(--accent)] text-[var(--accent-ink)]'
                : 'border-[var(--border-strong)] bg-[var(--surface-raised)] text-[var(--ink)] hover:bg-[var(--surface-sunken)]',
            )}
          >
            {drinkCountLabel(count)}
          </button>
        );
      })}
    </div>
  );
}
