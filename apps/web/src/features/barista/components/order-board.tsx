import { useLingui } from '@lingui/react';
import { DEFAULT_PICKUP_SETTINGS, type OrderRun, type QueuedOrder } from '@cafe/shared';
import { Coffee } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useMe } from '@/api/me';
import { useScreenSiteId } from '@/api/site-state';
import { OfflineReason } from '@/components/offline-banner';
import { QueuedMoves } from '@/components/queued-moves';
import { EmptyState, ErrorState, LoadingBlock } from '@/components/ui';
import { useNow } from '@/hooks/use-now';
import { i18n } from '@/i18n';
import { useOffline } from '@/lib/connectivity';
import { errorText } from '@/lib/error-text';
import { moveQueueStorageKey, withQueuedMoves, type ReplayOutcome } from '@/lib/move-queue';
import { dismissRefusal, queuedOrderIds, useMoveQueue } from '@/lib/move-queue-store';
import { baristaOrdersRootKey } from '@/features/barista/api/get-barista-orders';
import { orderTimelineRootKey } from '@/features/barista/api/get-order-timeline';
import { orderLabel } from '@/features/barista/lib/order-label';
import { useBoardFilters } from '@/features/barista/hooks/use-board-filters';
import { useBoardMoves } from '@/features/barista/hooks/use-board-moves';
import { useBoardSelection, type SelectLane } from '@/features/barista/hooks/use-board-selection';
import { useHiddenOrders } from '@/features/barista/hooks/use-hidden-orders';
import { useBoardShortcuts } from '@/features/barista/hooks/use-board-shortcuts';
import { useClaims } from '@/features/barista/hooks/use-claims';
import { useRejectDialog } from '@/features/barista/hooks/use-reject-dialog';
import { useRunMoves } from '@/features/barista/hooks/use-run-moves';
import { useTicketFocus } from '@/features/barista/hooks/use-ticket-focus';
import { DEFAULT_AGE_THRESHOLDS, type AgeThresholds } from '@/features/barista/lib/ticket-age';
import { laneColumns, laneTemplate } from '@/features/barista/lib/lane-columns';
import { useElementWidth } from '@/features/barista/hooks/use-element-width';
import { BoardToolbar } from './board-toolbar';
import { BulkFailures } from './bulk-failures';
import { ClaimFilter } from './claim-filter';
import { HiddenOrdersNotice } from './hidden-orders-notice';
import { LANE_NAME_IDS, LaneSelectButton } from './lane-select-button';
import { OrderCard } from './order-card';
import { OrderSection } from './order-section';
import { OrderTimelineDialog } from './order-timeline-dialog';
import { ProductionTotals } from './production-totals';
import { ReadyLane } from './ready-lane';
import { RejectOrderDialog } from './reject-order-dialog';
import type { RenderRun } from './later-lane';
import { RunGroup, type RunMove } from './run-group';
import { SelectModeBar } from './select-mode-bar';
import { TicketClaim } from './ticket-claim';
import { UndoBar } from './undo-bar';

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
  /** The Later lane, if any (first on a phone), with the board's groups of a coffee run (drinks started together). */
  later?: ((renderRun: RenderRun) => ReactNode) | null;
  /** How many orders for later the Later lane lists: the width of its lane on a tablet. */
  laterCount?: number;
}

const noop = () => undefined;

/** What the board shows: to make, and finished on the counter (a pending reject or handover takes a ticket off). */
const ON_THE_BOARD = new Set(['ordered', 'in-progress', 'done']);

/**
 * The taps of this barista at this site kept on the tablet until the connection returns
 * (lib/move-queue.ts): the orders as they will be, which of them wait, and the list of what waits
 * and of what the server refused meanwhile. After each replay the board reads the server again.
 */
function useBoardQueue(orders: readonly QueuedOrder[], announce: (text: string) => void) {
  const me = useMe();
  const siteId = useScreenSiteId();
  const queryClient = useQueryClient();
  const storageKey = me ? moveQueueStorageKey(me.id, siteId ?? 'board') : null;
  const onReplayed = useCallback(
    (outcome: ReplayOutcome) => {
      void queryClient.invalidateQueries({ queryKey: baristaOrdersRootKey });
      void queryClient.invalidateQueries({ queryKey: orderTimelineRootKey });
      if (outcome.applied.length > 0) announce(i18n._('common.moveQueue.sent', { count: outcome.applied.length }));
    },
    [announce, queryClient],
  );
  const { moves, refusals } = useMoveQueue(storageKey, onReplayed);
  const shown = useMemo(
    () => withQueuedMoves(orders, moves).filter((o) => ON_THE_BOARD.has(o.status)),
    [orders, moves],
  );
  // The names of the orders seen on this board: a refused tap's order may have left it (cancelled).
  const [labels] = useState(() => new Map<number, string>());
  useEffect(() => {
    for (const order of orders) labels.set(order.id, orderLabel(order));
  }, [orders, labels]);
  return { shown, moves, refusals, queuedIds: queuedOrderIds(moves), labelOf: (id: number) => labels.get(id) ?? null };
}

/**
 * Today's queue as a kitchen display: on a tablet or a desktop one row of lanes under the toolbar,
 * In Progress, Waiting, Ready and Later, each as wide as its tickets need and scrolling on its own,
 * so the page never scrolls whatever the counts (one after the other on a phone;
 * docs/decisions/0098-board-holds-any-count.md, 0075-board-lanes-and-chrome.md),
 * with the category filter, all-day counts, select mode with bulk Do / Done / Cancel / Hand over,
 * a coffee run's drinks together in each lane with the moves of the whole run,
 * the undo bar, keyboard shortcuts and each order's timeline
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
  later,
  laterCount = 0,
}: OrderBoardProps) {
  const { _ } = useLingui();
  const now = useNow(AGE_TICK_MS).getTime();
  // Do, Done, Cancel, handover, not collected and undo are kept on the tablet offline and sent when
  // the connection returns (lib/move-queue.ts); the tumbler marks and the bulk moves need the server:
  // offline they are disabled and described by the reason.
  const offline = useOffline();
  const reasonId = useId();
  const offlineReasonId = offline ? reasonId : undefined;
  const queue = useBoardQueue(orders, announce);
  orders = queue.shown;
  const [timelineOrder, setTimelineOrder] = useState<QueuedOrder | null>(null);

  const boardRef = useRef<HTMLDivElement>(null);
  // The row of lanes on a tablet or a desktop: each lane's columns for the width it has (decision 0098).
  const laneRow = useRef<HTMLDivElement>(null);
  const rowWidth = useElementWidth(laneRow);
  // Who makes what (decision 0074): the mine / unclaimed / all filter narrows the tickets to make.
  const claims = useClaims(orders, announce);
  const board = useBoardFilters(claims.shown);
  // Select mode lane by lane (decision 0099): Waiting Do / Cancel, In Progress Done / Cancel, Ready Hand over.
  const lanes = { waiting: board.waiting, 'in-progress': board.inProgress, ready: board.ready };
  const selection = useBoardSelection(lanes);
  // What the filters hide, said under the toolbar with a way to see it (decision 0099).
  const hidden = useHiddenOrders(claims, board);
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

  const runs = useRunMoves({ orders, announce, boardRef });
  const laneCols = laneColumns(rowWidth, [
    { count: board.inProgress.length },
    { count: board.waiting.length },
    { count: board.ready.length },
    // A list of short lines: one column is all it needs.
    ...(later ? [{ count: Math.max(1, laterCount), cap: 1 }] : []),
  ]);
  const busyIds = useMemo(
    () => new Set([...moves.pendingIds, ...runs.pendingOrderIds]),
    [moves.pendingIds, runs.pendingOrderIds],
  );

  const handleAdvance = (order: QueuedOrder) => void moves.advance(order);
  const handleReject = (order: QueuedOrder) => {
    onTaken?.(order.id);
    reject.open([order]);
  };

  useBoardShortcuts({
    tickets: board.tickets,
    // Every move a key makes (Do, Done, undo) waits for the connection when offline.
    offline: false,
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
      selectMode={selection.activeIn(order.status === 'ordered' ? 'waiting' : 'in-progress')}
      selected={selection.isSelected(order.id)}
      busy={busyIds.has(order.id)}
      queued={queue.queuedIds.has(order.id)}
      offlineReasonId={offlineReasonId}
      tabStop={order.id === focus.tabStopId}
      onToggleSelected={selection.toggle}
      onAdvance={handleAdvance}
      onReject={handleReject}
      onShowTimeline={setTimelineOrder}
      onMarkTumbler={(o, missing) => void moves.markTumbler(o, missing)}
      onFocusTicket={focus.setCurrentId}
      claim={
        <TicketClaim
          order={order}
          meId={claims.meId}
          busy={claims.pendingIds.has(order.id) || busyIds.has(order.id)}
          offlineReasonId={offlineReasonId}
          onClaim={(o, action) => void claims.claim(o, action)}
        />
      }
    />
  );

  /** A lane's own Select (decision 0099): shown while the lane has orders and is not selecting already. */
  const laneSelect = (lane: SelectLane) =>
    lanes[lane].length > 0 && !selection.activeIn(lane) ? (
      <LaneSelectButton lane={lane} onClick={() => selection.enter(lane)} />
    ) : null;

  /**
   * A coffee run's drinks in a lane, with the move of the whole run from there: none while
   * `selecting` (select mode anywhere on the board, or in the Ready lane for its own).
   */
  const runGroup =
    (move: RunMove, selecting = selection.active) =>
    (run: OrderRun, drinks: QueuedOrder[], list: ReactNode, startable = true) => (
      <RunGroup
        run={run}
        orders={drinks}
        move={selecting || !startable ? null : move}
        busy={runs.pendingRunIds.has(run.id)}
        offlineReasonId={offlineReasonId}
        onMove={(r, status) => void runs.moveRun(r, status)}
      >
        {list}
      </RunGroup>
    );
  const laterLane = later?.(runGroup('in-progress'));

  return (
    <div ref={boardRef} className="flex flex-col gap-2 lg:min-h-0 lg:flex-1">
      <BoardToolbar
        board={board}
        undo={<UndoBar moves={moves} />}
        claimFilter={<ClaimFilter value={claims.filter} onChange={claims.setFilter} />}
      />

      {selection.lane ? (
        <SelectModeBar
          lane={selection.lane}
          selection={selection}
          pending={moves.bulkPending}
          offlineReasonId={offlineReasonId}
          onMoveSelected={(status) => void moves.moveSelected(status, selection.selected)}
          onCancelSelected={() => reject.open(selection.selected)}
        />
      ) : null}
      <HiddenOrdersNotice count={hidden.count} filters={hidden.names} onShowAll={hidden.showAll} />

      <OfflineReason
        id={reasonId}
        className="self-start rounded-full bg-[var(--warning-soft)] px-3 py-1 text-sm font-semibold text-[var(--ink)]"
      />
      {offline ? <p className="text-sm text-[var(--ink)]">{_('common.moveQueue.offlineNote')}</p> : null}
      <QueuedMoves moves={queue.moves} refusals={queue.refusals} labelOf={queue.labelOf} onDismiss={dismissRefusal} />

      {moves.failures ? <BulkFailures report={moves.failures} onDismiss={moves.dismissFailures} /> : null}

      {isLoading || error || (board.visible.length === 0 && board.ready.length === 0) ? (
        // Without the lanes (loading, empty) the Later lane still shows: above on a phone, beside on a tablet.
        <div className="flex flex-col gap-2 lg:grid lg:min-h-0 lg:flex-1 lg:grid-cols-[minmax(0,1fr)_18rem] lg:grid-rows-[minmax(0,1fr)] lg:items-start">
          {later ? (
            <div className="flex min-w-0 flex-col lg:order-last lg:max-h-full lg:min-h-0">{laterLane}</div>
          ) : null}
          {isLoading ? (
            <LoadingBlock label={_('barista.board.loading')} />
          ) : error ? (
            <ErrorState message={_('barista.board.loadFailed', { reason: errorText(error) ?? '' })} onRetry={onRetry} />
          ) : (
            <EmptyState
              icon={<Coffee className="h-7 w-7" />}
              // Every order filtered out is not "no orders": the notice above counts them and shows them.
              title={hidden.count > 0 ? _('barista.hidden.emptyTitle') : _('barista.board.emptyTitle')}
              description={hidden.count > 0 ? _('barista.hidden.emptyText') : _('barista.board.emptyText')}
              className="card"
            />
          )}
        </div>
      ) : (
        // A phone: one column, the page scrolls (Later, the totals, In Progress, Waiting, Ready). A
        // tablet or a desktop: one row of lanes as tall as the screen leaves, each lane as wide as
        // its tickets need and scrolling on its own, the totals as the board's last line
        // (docs/decisions/0098-board-holds-any-count.md).
        <div className="flex flex-col gap-3 lg:min-h-0 lg:flex-1 lg:gap-2">
          <div
            ref={laneRow}
            data-lane-row=""
            style={{ '--lanes': laneTemplate(laneCols) } as CSSProperties}
            className="contents lg:grid lg:min-h-0 lg:flex-1 lg:grid-cols-[var(--lanes)] lg:grid-rows-[minmax(0,1fr)] lg:gap-2"
          >
            {(['in-progress', 'waiting'] as const).map((lane, i) => (
              <OrderSection
                key={lane}
                title={_(LANE_NAME_IDS[lane])}
                orders={lanes[lane]}
                action={laneSelect(lane)}
                columns={laneCols[i]!}
                className="max-lg:order-3"
                renderOrder={renderTicket}
                // A run's drinks are finished together in progress, started together from Waiting.
                renderRun={runGroup(lane === 'in-progress' ? 'done' : 'in-progress')}
              />
            ))}
            <ReadyLane
              orders={board.ready}
              now={now}
              uncollectedAfterMinutes={uncollectedAfterMinutes}
              pendingIds={busyIds}
              queuedIds={queue.queuedIds}
              columns={laneCols[2]}
              className="max-lg:order-3"
              onFinish={(order, status) => void moves.finish(order, status)}
              onShowTimeline={setTimelineOrder}
              selection={selection}
              renderRun={runGroup('picked', selection.activeIn('ready'))}
            />
            {later ? <div className="flex min-w-0 flex-col max-lg:order-1 lg:min-h-0">{laterLane}</div> : null}
          </div>
          {/* What the open orders need (decision 0074): above the tickets on a phone; on a tablet the
              board's last line, at least 3 rem high: the board's toasts sit on it (decision 0098). */}
          <div data-board-footer="" className="max-lg:order-2 lg:max-h-24 lg:min-h-12 lg:shrink-0 lg:overflow-y-auto">
            <ProductionTotals orders={orders} />
          </div>
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
