import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';

interface SelectModeBarProps {
  /** How many orders are selected, and of them how many wait and how many are in progress. */
  selectedCount: number;
  waitingCount: number;
  inProgressCount: number;
  /** Of the selected, how many are ready on the counter (Hand over selected); Cancel acts on the others. */
  readyCount?: number;
  /** Every visible order is selected already. */
  allSelected: boolean;
  /** A bulk move is on its way. */
  pending: boolean;
  /** Offline: the id of the text saying so; the moves are disabled and described by it. */
  offlineReasonId: string | undefined;
  onBack: () => void;
  onSelectAll: () => void;
  onDoSelected: () => void;
  onDoneSelected: () => void;
  onCancelSelected: () => void;
  onHandOverSelected?: () => void;
}

/** Select mode's bar: leave it, select everything, and Do / Done / Cancel the selected orders. */
export function SelectModeBar({
  selectedCount,
  waitingCount,
  inProgressCount,
  readyCount = 0,
  allSelected,
  pending,
  offlineReasonId,
  onBack,
  onSelectAll,
  onDoSelected,
  onDoneSelected,
  onCancelSelected,
  onHandOverSelected,
}: SelectModeBarProps) {
  const { _ } = useLingui();
  // What holds every bulk button back is the same for the three: given once.
  const bulkState = { pending, offlineReasonId };
  // A finished drink is handed over, never canceled.
  const toCancel = selectedCount - readyCount;
  return (
    <div
      role="group"
      aria-label={_('barista.board.selectedOrders')}
      className="flex flex-wrap items-center gap-2 rounded-2xl border border-[var(--border-strong)] bg-[var(--surface-sunken)] p-2"
    >
      <button type="button" className="btn-secondary min-h-11" onClick={onBack}>
        {_('barista.board.back')}
      </button>
      <button type="button" className="btn-secondary min-h-11" onClick={onSelectAll} disabled={allSelected}>
        {_('barista.board.selectAll')}
      </button>
      <span className="px-1 text-sm font-semibold text-[var(--ink-muted)]" aria-live="polite">
        {_('barista.board.selectedCount', { count: selectedCount })}
      </span>
      <span className="flex flex-wrap gap-2 sm:ml-auto">
        <BulkButton count={waitingCount} {...bulkState} onClick={onDoSelected}>
          {waitingCount > 0
            ? _('barista.board.doSelectedCount', { count: waitingCount })
            : _('barista.board.doSelected')}
        </BulkButton>
        <BulkButton count={inProgressCount} {...bulkState} onClick={onDoneSelected}>
          {inProgressCount > 0
            ? _('barista.board.doneSelectedCount', { count: inProgressCount })
            : _('barista.board.doneSelected')}
        </BulkButton>
        {onHandOverSelected ? (
          <BulkButton count={readyCount} {...bulkState} onClick={onHandOverSelected}>
            {readyCount > 0
              ? _('barista.board.handOverSelectedCount', { count: readyCount })
              : _('barista.board.handOverSelected')}
          </BulkButton>
        ) : null}
        <BulkButton danger count={toCancel} {...bulkState} onClick={onCancelSelected}>
          {toCancel > 0
            ? _('barista.board.cancelSelectedCount', { count: toCancel })
            : _('barista.board.cancelSelected')}
        </BulkButton>
      </span>
    </div>
  );
}

interface BulkButtonProps {
  danger?: boolean;
  /** How many of the selected orders it acts on: none, nothing to do. */
  count: number;
  pending: boolean;
  offlineReasonId: string | undefined;
  onClick: () => void;
  children: ReactNode;
}

/**
 * A button of select mode's bar: acts on the selected orders it can. It waits while a bulk move is
 * on its way (one at a time) and while offline, saying why.
 */
function BulkButton({ danger = false, count, pending, offlineReasonId, onClick, children }: BulkButtonProps) {
  return (
    <button
      type="button"
      className={danger ? 'btn-danger min-h-11' : 'btn-primary min-h-11'}
      disabled={count === 0 || pending || offlineReasonId !== undefined}
      aria-describedby={offlineReasonId}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
