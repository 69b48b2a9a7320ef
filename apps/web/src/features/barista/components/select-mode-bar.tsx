import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { msgId } from '@/i18n';
import type { SelectLane, useBoardSelection } from '@/features/barista/hooks/use-board-selection';
import { LANE_NAME_IDS } from './lane-select-button';

interface SelectModeBarProps {
  /** The lane in select mode: its moves are the only ones offered. */
  lane: SelectLane;
  /** The board's selection (hooks/use-board-selection.ts): the lane's selected orders, Back and Select all. */
  selection: Pick<ReturnType<typeof useBoardSelection>, 'selected' | 'allSelected' | 'exit' | 'selectAll'>;
  /** A bulk move is on its way. */
  pending: boolean;
  /** Offline: the id of the text saying so; the moves are disabled and described by it. */
  offlineReasonId: string | undefined;
  /** The lane's move on the selected orders: Do (`in-progress`), Done (`done`) or Hand over (`picked`). */
  onMoveSelected: (status: 'in-progress' | 'done' | 'picked') => void;
  onCancelSelected: () => void;
}

/**
 * Select mode's bar for one lane (docs/decisions/0099-no-hidden-orders.md): leave it, select all of
 * the lane, and the lane's own moves on the selected orders: Waiting Do / Cancel, In Progress
 * Done / Cancel, Ready Hand over (a finished drink is handed over, never cancelled). A lane's move
 * is never offered beside another's.
 */
export function SelectModeBar({
  lane,
  selection: { selected, allSelected, exit, selectAll },
  pending,
  offlineReasonId,
  onMoveSelected,
  onCancelSelected,
}: SelectModeBarProps) {
  const { _ } = useLingui();
  const selectedCount = selected.length;
  // What holds every bulk button back is the same for each: given once.
  const bulk = { count: selectedCount, pending, offlineReasonId };
  const counted = (withCount: string, without: string) =>
    selectedCount > 0 ? _(withCount, { count: selectedCount }) : _(without);
  return (
    <div
      role="group"
      aria-label={_('barista.board.selectedOrders')}
      className="flex flex-wrap items-center gap-2 rounded-2xl border border-[var(--border-strong)] bg-[var(--surface-sunken)] p-2"
    >
      <button type="button" className="btn-secondary min-h-11" onClick={exit}>
        {_('barista.board.back')}
      </button>
      <button type="button" className="btn-secondary min-h-11" onClick={selectAll} disabled={allSelected}>
        {_('barista.board.selectAll')}
      </button>
      <span className="px-1 text-sm font-semibold text-[var(--ink-muted)]">
        <span className="text-[var(--ink)]">{_(LANE_NAME_IDS[lane])}</span>
        {/* The space keeps the words apart for screen readers. */}{' '}
        <span aria-live="polite">{_('barista.board.selectedCount', { count: selectedCount })}</span>
      </span>
      <span className="flex flex-wrap gap-2 sm:ml-auto">
        {lane === 'waiting' ? (
          <BulkButton {...bulk} onClick={() => onMoveSelected('in-progress')}>
            {counted(msgId('barista.board.doSelectedCount'), msgId('barista.board.doSelected'))}
          </BulkButton>
        ) : null}
        {lane === 'in-progress' ? (
          <BulkButton {...bulk} onClick={() => onMoveSelected('done')}>
            {counted(msgId('barista.board.doneSelectedCount'), msgId('barista.board.doneSelected'))}
          </BulkButton>
        ) : null}
        {lane === 'ready' ? (
          <BulkButton {...bulk} onClick={() => onMoveSelected('picked')}>
            {counted(msgId('barista.board.handOverSelectedCount'), msgId('barista.board.handOverSelected'))}
          </BulkButton>
        ) : (
          <BulkButton danger {...bulk} onClick={onCancelSelected}>
            {counted(msgId('barista.board.cancelSelectedCount'), msgId('barista.board.cancelSelected'))}
          </BulkButton>
        )}
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
