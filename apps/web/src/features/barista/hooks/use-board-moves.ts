import { useLingui } from '@lingui/react';
import type { Order, QueuedOrder } from '@cafe/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { i18n, msgId } from '@/i18n';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { isNetworkError, newMove, type QueuedMove } from '@/lib/move-queue';
import { mustQueue, queueMove } from '@/lib/move-queue-store';
import { queuedMoveText } from '@/lib/move-queue-text';
import { useBulkBaristaOrders } from '@/features/barista/api/bulk-barista-orders';
import { useMarkTumbler } from '@/features/barista/api/mark-tumbler';
import { useUpdateBaristaOrder, type RejectOrdersResult } from '@/features/barista/api/update-barista-order';
import type { BulkFailureReport } from '@/features/barista/components/bulk-failures';
import { bulkOutcome } from '@/features/barista/lib/bulk';
import { orderLabel, unknownOrderLabel } from '@/features/barista/lib/order-label';
import type { UndoableMove } from '@/features/barista/lib/undo';
import { usePendingIds } from './use-pending-ids';
import { useUndo } from './use-undo';

/** What a bulk move's report says was asked, and its toast when the whole move failed. */
const BULK = {
  'in-progress': { action: 'started', notMoved: msgId('barista.board.notStarted') },
  done: { action: 'finished', notMoved: msgId('barista.board.notFinished') },
  picked: { action: 'handedOver', notMoved: msgId('barista.board.notHandedOver') },
} as const;

/** Do / Done refused: another barista was faster, or is making it (named): the server's words say so. */
const takenByAnother = (error: unknown) =>
  isApiError(error, 'INVALID_TRANSITION') || isApiError(error, 'ORDER_CLAIMED');
/** Another move refused (a drink not yet long enough on the counter: 409): the server's words say so. */
const refused = (error: unknown) => isApiError(error) && error.status === 409;

interface BoardMovesOptions {
  /** The board's orders, for the names of those a cancel could not reach. */
  orders: readonly QueuedOrder[];
  announce: (text: string) => void;
  /** One ticket is about to move (its button or a key): taken, and the focus follows it. */
  onAdvanceStart: (order: QueuedOrder) => void;
  /** A bulk move or a cancel moved something: select mode has done its job. */
  onSelectionMoved: () => void;
}

/**
 * The board's moves: Do / Done of one ticket or of the selected ones, the result of a cancel, a
 * finished drink handed over or not collected, a tumbler marked not here or found, the undo each
 * of them offers, the tickets whose move is on its way (their buttons wait) and the
 * report of what a bulk move or a cancel could not do.
 */
export function useBoardMoves({ orders, announce, onAdvanceStart, onSelectionMoved }: BoardMovesOptions) {
  const { _ } = useLingui();
  const [pendingIds, markPending] = usePendingIds();
  const [failures, setFailures] = useState<BulkFailureReport | null>(null);
  const update = useUpdateBaristaOrder();
  const bulk = useBulkBaristaOrders();
  const undo = useUndo(announce);
  const tumbler = useMarkTumbler();

  /**
   * A tap kept on the device until the connection returns (lib/move-queue.ts): shown at once as
   * pending, its undo offered as for a move the server answered, sent in order with its key.
   */
  const keep = (move: QueuedMove, order: QueuedOrder, undoable: UndoableMove | null) => {
    queueMove(move);
    announce(i18n._('common.moveQueue.queued', { move: queuedMoveText(move, orderLabel(order)) }));
    if (undoable) undo.offer(undoable, [order]);
  };

  /**
   * One move of one order: its undo is offered (`move`; null: none), a refusal `saidAsIs` shown as
   * the server words it.
   */
  const moveOne = async (
    order: QueuedOrder,
    move: UndoableMove | null,
    send: () => Promise<Order>,
    saidAsIs: (error: unknown) => boolean,
    /** The tap, when it can wait for the connection. */
    queued?: QueuedMove,
  ) => {
    if (pendingIds.has(order.id)) return;
    markPending([order.id], true);
    try {
      const moved = await send();
      if (move) undo.offer(move, [moved]);
    } catch (error) {
      // No answer: the tap waits with its key (the server may have applied it; the key makes it once).
      if (queued && isNetworkError(error)) keep(queued, order, move);
      else if (saidAsIs(error)) toast.error(errorText(error));
      else toast.error(_('barista.board.notUpdated'), { description: errorText(error) });
    } finally {
      markPending([order.id], false);
    }
  };

  /** A tap of the counter on one order: offline (or while earlier taps wait) kept to send later. */
  const tap = async (
    order: QueuedOrder,
    status: 'in-progress' | 'done' | 'picked' | 'uncollected',
    saidAsIs: (error: unknown) => boolean,
  ) => {
    if (pendingIds.has(order.id)) return;
    const move = newMove(order.id, status);
    if (mustQueue()) return keep(move, order, status);
    const send = () => update.mutateAsync({ id: order.id, status, idempotencyKey: move.key });
    await moveOne(order, status, send, saidAsIs, move);
  };

  /** Do a waiting ticket, or Done one in progress. */
  const advance = async (order: QueuedOrder) => {
    if (pendingIds.has(order.id)) return;
    onAdvanceStart(order);
    await tap(order, order.status === 'ordered' ? 'in-progress' : 'done', takenByAnother);
  };

  /** Handed over at the counter (`picked`), or not collected: the drink leaves the Ready lane. */
  const finish = (order: QueuedOrder, status: 'picked' | 'uncollected') => tap(order, status, refused);

  /**
   * The tumbler is not at the counter (the owner is told, with a countdown), or was found. "Found"
   * offers no undo: the server takes back only a "not here", and a mistaken "found" is undone by
   * marking it not here again.
   */
  const markTumbler = (order: QueuedOrder, missing: boolean) =>
    moveOne(order, missing ? 'tumbler-missing' : null, () => tumbler.mutateAsync({ id: order.id, missing }), refused);

  /**
   * Do Selected (`targets` waiting), Done Selected (`targets` in progress) or Hand over selected
   * (`targets` ready on the counter: `picked`), in one request.
   */
  const moveSelected = async (status: 'in-progress' | 'done' | 'picked', targets: readonly QueuedOrder[]) => {
    if (targets.length === 0) return;
    const ids = targets.map((o) => o.id);
    setFailures(null);
    markPending(ids, true);
    try {
      const outcome = bulkOutcome(await bulk.mutateAsync({ ids, status }), targets);
      undo.offer(status, outcome.moved);
      if (outcome.failed.length > 0)
        setFailures({
          action: BULK[status].action,
          total: targets.length,
          failed: outcome.failed,
        });
      if (outcome.moved.length > 0) onSelectionMoved();
    } catch (error) {
      toast.error(_(BULK[status].notMoved), { description: errorText(error) });
    } finally {
      markPending(ids, false);
    }
  };

  /** The Cancel dialog's answer: undo for the canceled orders, a report for the others. */
  const reportRejected = (result: RejectOrdersResult) => {
    undo.offer('rejected', result.rejected);
    if (result.failures.length > 0) {
      const byId = new Map(orders.map((o) => [o.id, o]));
      setFailures({
        action: 'canceled',
        total: result.rejected.length + result.failures.length,
        failed: result.failures.map((f) => {
          const order = byId.get(f.id);
          return { id: f.id, label: order ? orderLabel(order) : unknownOrderLabel(f.id), message: f.message };
        }),
      });
    }
    if (result.rejected.length > 0) onSelectionMoved();
  };

  return {
    pendingIds,
    /** A bulk move is on its way: the select-mode buttons wait for it. */
    bulkPending: bulk.isPending,
    failures,
    dismissFailures: () => setFailures(null),
    advance,
    finish,
    markTumbler,
    moveSelected,
    reportRejected,
    undoLatest: undo.undoLatest,
    forgetUndo: undo.forget,
    /** What the undo bar offers, and its buttons. */
    undoOffers: undo.offers,
    undoPending: undo.pending,
    dismissUndo: undo.dismiss,
  };
}
