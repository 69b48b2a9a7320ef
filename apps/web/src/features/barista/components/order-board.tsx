import { useLingui } from '@lingui/react';
import { DEFAULT_PICKUP_SETTINGS, type QueuedOrder } from '@cafe/shared';
import { Coffee } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { OfflineReason } from '@/components/offline-banner';
import { EmptyState, ErrorState, LoadingBlock } from '@/components/ui';
import { useNow } from '@/hooks/use-now';
import { useOffline } from '@/lib/connectivity';
import { errorText } from '@/lib/error-text';
import { useBoardFilters } from '@/features/barista/hooks/use-board-filters';
import { useBoardMoves } from '@/features/barista/hooks/use-board-moves';
import { useBoardSelection } from '@/features/barista/hooks/use-board-selection';
import { useBoardShortcuts } from '@/features/barista/hooks/use-board-shortcuts';
import { useRejectDialog } from '@/features/barista/hooks/use-reject-dialog';
import { useTicketFocus } from '@/features/barista/hooks/use-ticket-focus';
import { DEFAULT_AGE_THRESHOLDS, type AgeThresholds } from '@/features/barista/lib/ticket-age';
import { BoardToolbar } from './board-toolbar';
import { BulkFailures } from './bulk-failures';
import { OrderCard } from './order-card';
import { OrderSection } from './order-section';
import { OrderTimelineDialog } from './order-timeline-dialog';
import { ReadyLane } from './ready-lane';
import { RejectOrderDialog } from './reject-order-dialog';
import { SelectModeBar } from './select-mode-bar';

/** How often the tickets' ages are read again: a minute display is at most this late. */
const AGE_TICK_MS = 10_000;

interface OrderBoardProps {
  orders: readonly QueuedOrder[];
  isLoading: boolean;
  error: Error | null;
  onRetry: () => void;
  newOrderIds?: ReadonlySet<number>;
  onTaken?: (id: number) => void;
  thresholds?: AgeThresholds;
  /** Says something to screen readers (the board's polite live region). */
  announce?: (text: string) => void;
  /** "?" was pressed: show the shortcuts. */
  onShowHelp?: () => void;
  /** The site's minutes after which a finished drink may be marked not collected. */
  uncollectedAfterMinutes?: number;
}

const noop = () => undefined;

/**
 * Today's queue as a kitchen display: In Progress as a narrow lane and Waiting as a grid of compact
 * tickets on a tablet (one column on a phone), the finished drinks in the Ready lane under In
 * Progress (after Waiting on a phone; docs/decisions/0049-counter-day-screens.md), with the category filter, all-day counts, select
 * mode with bulk Do / Done / Cancel, undo, keyboard shortcuts and each order's timeline
 * (docs/decisions/0020-kitchen-display.md). Each of these lives in its own hook or component; the
 * board wires them together.
 */
export function OrderBoard({
  orders,
  isLoading,
  error,
  onRetry,
  newOrderIds,
  onTaken,
  thresholds = DEFAULT_AGE_THRESHOLDS,
  announce = noop,
  onShowHelp = noop,
  uncollectedAfterMinutes = DEFAULT_PICKUP_SETTINGS.uncollectedAfterMinutes,
}: OrderBoardProps) {
  const { _ } = useLingui();
  const now = useNow(AGE_TICK_MS).getTime();
  // Do, Done and Cancel need the server: offline they are disabled and described by the reason.
  const offline = useOffline();
  const reasonId = useId();
  const offlineReasonId = offline ? reasonId : undefined;
  const [timelineOrder, setTimelineOrder] = useState<QueuedOrder | null>(null);

  const boardRef = useRef<HTMLDivElement>(null);
  const board = useBoardFilters(orders);
  const selection = useBoardSelection(board.visible);
  const focus = useTicketFocus(board.tickets, boardRef);
  const reject = useRejectDialog(board.tickets, boardRef);
  const moves = useBoardMoves({
    orders,
    announce,
    onAdvanceStart: (order) => {
      onTaken?.(order.id);
      focus.followTicket(order.id);
    },
    onSelectionMoved: selection.exit,
  });

  const handleAdvance = (order: QueuedOrder) => void moves.advance(order);
  const handleReject = (order: QueuedOrder) => {
    onTaken?.(order.id);
    reject.open([order]);
  };

  useBoardShortcuts({
    tickets: board.tickets,
    offline,
    announce,
    onShowHelp,
    onUndo: moves.undoLatest,
    onAdvance: handleAdvance,
    onFocusTicket: focus.focusTicket,
  });

  const renderTicket = (order: QueuedOrder) => (
    <OrderCard
      order={order}
      now={now}
      thresholds={thresholds}
      isNew={order.status === 'ordered' && newOrderIds?.has(order.id)}
      selectMode={selection.active}
      selected={selection.isSelected(order.id)}
      busy={moves.pendingIds.has(order.id)}
      offlineReasonId={offlineReasonId}
      tabStop={order.id === focus.tabStopId}
      onToggleSelected={selection.toggle}
      onAdvance={handleAdvance}
      onReject={handleReject}
      onShowTimeline={setTimelineOrder}
      onMarkTumbler={(o, missing) => void moves.markTumbler(o, missing)}
      onFocusTicket={focus.setCurrentId}
    />
  );

  return (
    <div ref={boardRef} className="flex flex-col gap-2">
      <BoardToolbar
        filter={board.filter}
        onFilterChange={board.changeFilter}
        counts={board.counts}
        drinkKey={board.drinkKey}
        onDrinkChange={board.chooseDrink}
        selectMode={selection.active}
        canSelect={board.visible.length > 0}
        onSelectMode={selection.enter}
      />

      {selection.active ? (
        <SelectModeBar
          selectedCount={selection.selected.length}
          waitingCount={selection.waiting.length}
          inProgressCount={selection.inProgress.length}
          allSelected={selection.allSelected}
          pending={moves.bulkPending}
          offlineReasonId={offlineReasonId}
          onBack={selection.exit}
          onSelectAll={selection.selectAll}
          onDoSelected={() => void moves.moveSelected('in-progress', selection.waiting)}
          onDoneSelected={() => void moves.moveSelected('done', selection.inProgress)}
          onCancelSelected={() => reject.open(selection.selected)}
        />
      ) : null}

      <OfflineReason
        id={reasonId}
        className="self-start rounded-full bg-[var(--warning-soft)] px-3 py-1 text-sm font-semibold text-[var(--ink)]"
      />

      {moves.failures ? <BulkFailures report={moves.failures} onDismiss={moves.dismissFailures} /> : null}

      {isLoading ? (
        <LoadingBlock label={_('barista.board.loading')} />
      ) : error ? (
        <ErrorState message={_('barista.board.loadFailed', { reason: errorText(error) ?? '' })} onRetry={onRetry} />
      ) : board.visible.length === 0 && board.ready.length === 0 ? (
        <EmptyState
          icon={<Coffee className="h-7 w-7" />}
          title={_('barista.board.emptyTitle')}
          description={_('barista.board.emptyText')}
          className="card"
        />
      ) : (
        <div className="grid gap-3 lg:grid-cols-[11rem_minmax(0,1fr)] lg:items-start">
          {/* On a tablet the narrow column holds In Progress and Ready; on a phone Ready comes last. */}
          <div className="contents lg:flex lg:flex-col lg:gap-3">
            <OrderSection
              title={_('barista.board.inProgress')}
              orders={board.inProgress}
              className="lg:rounded-2xl lg:bg-[var(--surface-sunken)] lg:p-1.5"
              listClassName="grid-cols-1 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-1"
              renderOrder={renderTicket}
            />
            <ReadyLane
              orders={board.ready}
              now={now}
              uncollectedAfterMinutes={uncollectedAfterMinutes}
              pendingIds={moves.pendingIds}
              offlineReasonId={offlineReasonId}
              className="order-last lg:order-none"
              onFinish={(order, status) => void moves.finish(order, status)}
              onShowTimeline={setTimelineOrder}
            />
          </div>
          <OrderSection
            title={_('barista.board.waiting')}
            orders={board.waiting}
            listClassName="grid-cols-1 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-[repeat(auto-fill,minmax(10.5rem,1fr))]"
            renderOrder={renderTicket}
          />
        </div>
      )}

      <RejectOrderDialog
        orders={reject.rejecting}
        onClose={reject.close}
        onRejected={moves.reportRejected}
        onCloseAutoFocus={reject.handleCloseAutoFocus}
      />
      <OrderTimelineDialog order={timelineOrder} onClose={() => setTimelineOrder(null)} onUndone={moves.forgetUndo} />
    </div>
  );
}
