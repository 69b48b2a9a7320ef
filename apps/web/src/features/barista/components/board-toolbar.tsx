import { useLingui } from '@lingui/react';
import type { QueueFilter } from '@cafe/shared';
import type { ReactNode } from 'react';
import type { DrinkCount } from '@/features/barista/lib/all-day-counts';
import { FILTER_OPTIONS } from '@/features/barista/lib/order-filter';
import { AllDayCounts } from './all-day-counts';
import { SegmentedControl } from './segmented-control';

interface BoardToolbarProps {
  filter: QueueFilter;
  onFilterChange: (filter: QueueFilter) => void;
  counts: readonly DrinkCount[];
  /** The drink the board is narrowed to, if any. */
  drinkKey: string | null;
  onDrinkChange: (key: string | null) => void;
  /** The undo bar, when a move can be taken back: in this line, where it covers nothing. */
  undo?: ReactNode;
  /** Whose tickets (claim-filter.tsx), beside the category filter. */
  claimFilter?: ReactNode;
}

/**
 * The line above the tickets: the category filter, whose tickets, the all-day counts and the undo
 * bar (select mode starts in each lane, decision 0099).
 */
export function BoardToolbar({
  filter,
  onFilterChange,
  counts,
  drinkKey,
  onDrinkChange,
  undo,
  claimFilter,
}: BoardToolbarProps) {
  const { _ } = useLingui();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <div className="flex items-center gap-2">
        <span className="text-sm font-semibold text-[var(--ink-muted)]" aria-hidden="true">
          {_('barista.board.filter')}
        </span>
        <SegmentedControl<QueueFilter>
          label={_('barista.board.filter')}
          size="compact"
          value={filter}
          options={FILTER_OPTIONS.map((o) => ({ value: o.value, label: _(o.labelId) }))}
          onValueChange={onFilterChange}
        />
      </div>
      {claimFilter}
      <AllDayCounts counts={counts} selectedKey={drinkKey} onSelect={onDrinkChange} />
      <div className="flex min-w-0 flex-1 basis-56 justify-end empty:hidden">{undo}</div>
    </div>
  );
}
