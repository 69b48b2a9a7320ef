import { LIMITS, type Order } from '@cafe/shared';
import { useCallback, useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { useUndoBaristaOrdersKeyed } from '@/features/barista/api/undo-barista-order';
import { i18n } from '@/i18n';
import { errorText } from '@/lib/error-text';
import { isNetworkError, newMove, type QueuedMove } from '@/lib/move-queue';
import { mustQueue, queueMove } from '@/lib/move-queue-store';
import { queuedMoveText } from '@/lib/move-queue-text';
import { orderLabel, unknownOrderLabel } from '@/features/barista/lib/order-label';
import {
  movedManyText,
  movedOneText,
  UNDO_WINDOW_MS as WINDOW_MS,
  undoFailureText,
  type UndoableMove,
} from '@/features/barista/lib/undo';

/**
 * The toasts' keys, unique on the page (not per board): a board left and opened again dismisses its
 * old toasts, and Sonner delivers a dismissal frames later to whatever toast has that id then, so
 * a reused id would take the new board's first undo away with the old one.
 */
let nextUndoKey = 1;

interface UndoEntry {
  key: number;
  /** The orders moved, with their names for the messages. */
  orders: { id: number; label: string }[];
  text: string;
  at: number;
}

/**
 * Undo of the board: after a Do, Done or Cancel (one order or several) a toast offers "Undo" for
 * LIMITS.undoWindowSeconds; U on the keyboard takes back the latest one still in its window. The
 * server decides whether it still can (409 UNDO_EXPIRED, INVALID_TRANSITION); the board then
 * follows the `orders` events as for any change.
 */
export function useUndo(announce: (text: string) => void) {
  const entries = useRef<UndoEntry[]>([]);
  const undo = useUndoBaristaOrdersKeyed();
  const { mutateAsync } = undo;

  const takeBack = useCallback(
    async (entry: UndoEntry) => {
      entries.current = entries.current.filter((e) => e.key !== entry.key);
      toast.dismiss(`undo-${entry.key}`);
      const labels = new Map(entry.orders.map((o) => [o.id, o.label]));
      // Each undo is a tap with its key: offline (or while earlier taps wait) it waits in order with them.
      const moves = entry.orders.map((o) => newMove(o.id, 'undo'));
      const keep = (move: QueuedMove) => {
        queueMove(move);
        const label = labels.get(move.orderId) ?? unknownOrderLabel(move.orderId);
        announce(i18n._('common.moveQueue.queued', { move: queuedMoveText(move, label) }));
      };
      if (mustQueue()) {
        moves.forEach(keep);
        return;
      }
      try {
        const { undone, failures } = await mutateAsync(moves.map((m) => ({ id: m.orderId, key: m.key })));
        if (undone.length > 0) {
          const text =
            undone.length === 1
              ? i18n._('barista.undo.undoneOne', { order: orderLabel(undone[0]!) })
              : i18n._('barista.undo.undoneMany', { count: undone.length });
          toast.success(text);
          announce(text);
        }
        for (const failure of failures) {
          const lost = isNetworkError(failure.error) ? moves.find((m) => m.orderId === failure.id) : undefined;
          if (lost) {
            keep(lost);
            continue;
          }
          const text = undoFailureText(labels.get(failure.id) ?? unknownOrderLabel(failure.id), failure.error);
          toast.error(text);
          announce(text);
        }
      } catch (error) {
        toast.error(i18n._('barista.undo.failed'), { description: errorText(error) });
      }
    },
    [announce, mutateAsync],
  );

  /** Offers to take back a move just made on `orders` (as the server answered them). */
  const offer = useCallback(
    (move: UndoableMove, orders: readonly Order[]) => {
      if (orders.length === 0) return;
      const now = Date.now();
      const text =
        orders.length === 1 ? movedOneText(move, orderLabel(orders[0]!)) : movedManyText(move, orders.length);
      const entry: UndoEntry = {
        key: nextUndoKey++,
        orders: orders.map((o) => ({ id: o.id, label: orderLabel(o) })),
        text,
        at: now,
      };
      entries.current = [...entries.current.filter((e) => now - e.at < WINDOW_MS), entry];
      toast(text, {
        id: `undo-${entry.key}`,
        duration: WINDOW_MS,
        action: { label: i18n._('barista.undo.action'), onClick: () => void takeBack(entry) },
      });
    },
    [takeBack],
  );

  /** U: the latest move still in its window, taken back; says so when there is none. */
  const undoLatest = useCallback(() => {
    const now = Date.now();
    const latest = entries.current.filter((e) => now - e.at < WINDOW_MS).at(-1);
    if (!latest) {
      const text = i18n._('barista.undo.nothing');
      announce(text);
      toast(text, {
        description: i18n._('barista.undo.nothingHint', { seconds: LIMITS.undoWindowSeconds }),
      });
      return;
    }
    void takeBack(latest);
  }, [announce, takeBack]);

  /** An order taken back elsewhere (its timeline) is no longer offered here. */
  const forget = useCallback((id: number) => {
    for (const entry of entries.current.filter((e) => e.orders.some((o) => o.id === id))) {
      entry.orders = entry.orders.filter((o) => o.id !== id);
      if (entry.orders.length === 0) {
        entries.current = entries.current.filter((e) => e !== entry);
        toast.dismiss(`undo-${entry.key}`);
      }
    }
  }, []);

  // Leaving the board: its undo toasts go with it (the timeline still offers the undo).
  useEffect(
    () => () => {
      for (const entry of entries.current) toast.dismiss(`undo-${entry.key}`);
      entries.current = [];
    },
    [],
  );

  return { offer, undoLatest, forget, pending: undo.isPending };
}
