import { useLingui } from '@lingui/react';
import type { QueueFilter } from '@cafe/shared';
import type { ReactNode } from 'react';
import type { useBoardFilters } from '@/features/barista/hooks/use-board-filters';
import { FILTER_OPTIONS } from '@/features/barista/lib/order-filter';
import { AllDayCounts } from './all-day-counts';
import { SegmentedControl } from './segmented-control';

interface BoardToolbarProps {
  /** The board's category filter and all-day counts, with the drink it is narrowed to (hooks/use-board-filters.ts). */
  board: Pick<ReturnType<typeof useBoardFilters>, 'filter' | 'changeFilter' | 'counts' | 'drinkKey' | 'chooseDrink'>;
  /** The undo bar, when a move can be taken back: in this line, where it covers nothing. */
  undo?: ReactNode;
  /** Whose tickets (claim-filter.tsx), beside the category filter. */
  claimFilter?: ReactNode;
}

/**
 * The line above the tickets: the category filter, whose tickets, the all-day counts and the undo
 * bar (select mode starts in each lane, decision 0099).
 */
export function BoardToolbar({ board, undo, claimFilter }: BoardToolbarProps) {
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
          value={board.filter}
          options={FILTER_OPTIONS.map((o) => ({ value: o.value, label: _(o.labelId) }))}
          onValueChange={board.changeFilter}
        />
      </div>
      {claimFilter}
      <AllDayCounts counts={board.counts} selectedKey={board.drinkKey} onSelect={board.chooseDrink} />
      <div className="flex min-w-0 flex-1 basis-56 justify-end empty:hidden">{undo}</div>
    </div>
  );
}
