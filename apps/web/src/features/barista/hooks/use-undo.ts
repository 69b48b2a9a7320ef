import { LIMITS, type Order } from '@cafe/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useUndoBaristaOrders } from '@/features/barista/api/undo-barista-order';
import { i18n } from '@/i18n';
import { errorText } from '@/lib/error-text';
import { isNetworkError, newMove, type QueuedMove } from '@/lib/move-queue';
import { mustQueue, queueMove } from '@/lib/move-queue-store';
import { queuedMoveText } from '@/lib/move-queue-text';
import { orderLabel, unknownOrderLabel } from '@/features/barista/lib/order-label';
import {
  movedText,
  UNDO_WINDOW_MS as WINDOW_MS,
  undoFailureText,
  type UndoableMove,
} from '@/features/barista/lib/undo';

/** The offers' keys, unique on the page. */
let nextUndoKey = 1;

export interface UndoEntry {
  key: number;
  /** The orders moved, with their names for the messages. */
  orders: { id: number; label: string }[];
  text: string;
  at: number;
}

/** What the board's undo bar shows: the latest move still in its window, and how many more are. */
export interface UndoOffers {
  latest: UndoEntry;
  more: number;
}

/**
 * Undo of the board: after a Do, Done, Cancel or handover (one order or several) the board's undo
 * bar offers "Undo" for LIMITS.undoWindowSeconds (components/undo-bar.tsx): one bar saying the
 * latest move and how many more can still be taken back, each within its own window; U on the
 * keyboard takes back the latest one too. The server decides whether it still can (409
 * UNDO_EXPIRED, INVALID_TRANSITION); the board then follows the `orders` events as for any change.
 */
export function useUndo(announce: (text: string) => void) {
  const entries = useRef<UndoEntry[]>([]);
  // What the bar shows: the entries in their window, read again whenever they change or one expires.
  const [shown, setShown] = useState<readonly UndoEntry[]>([]);
  const sync = useCallback(() => {
    const now = Date.now();
    entries.current = entries.current.filter((e) => now - e.at < WINDOW_MS);
    setShown(entries.current);
  }, []);
  useEffect(() => {
    const first = shown[0];
    if (!first) return;
    const expiry = setTimeout(sync, Math.max(0, first.at + WINDOW_MS - Date.now()));
    return () => clearTimeout(expiry);
  }, [shown, sync]);
  const undo = useUndoBaristaOrders();
  const { mutateAsync } = undo;

  const takeBack = useCallback(
    async (entry: UndoEntry) => {
      entries.current = entries.current.filter((e) => e.key !== entry.key);
      sync();
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
    [announce, mutateAsync, sync],
  );

  /** Offers to take back a move just made on `orders` (as the server answered them). */
  const offer = useCallback(
    (move: UndoableMove, orders: readonly Order[]) => {
      if (orders.length === 0) return;
      const now = Date.now();
      const named = orders.map((o) => ({ id: o.id, label: orderLabel(o) }));
      const labels = named.map((o) => o.label);
      // Every order named in full (the first few of a bulk move): the bar says what Undo takes back.
      const entry: UndoEntry = { key: nextUndoKey++, orders: named, text: movedText(move, labels), at: now };
      entries.current = [...entries.current.filter((e) => now - e.at < WINDOW_MS), entry];
      sync();
    },
    [sync],
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
  const forget = useCallback(
    (id: number) => {
      for (const entry of entries.current.filter((e) => e.orders.some((o) => o.id === id))) {
        entry.orders = entry.orders.filter((o) => o.id !== id);
        if (entry.orders.length === 0) entries.current = entries.current.filter((e) => e !== entry);
      }
      sync();
    },
    [sync],
  );

  /** The bar closed: its offers go (each move can still be undone from its order's timeline). */
  const dismiss = useCallback(() => {
    entries.current = [];
    sync();
  }, [sync]);

  const latest = shown.at(-1);
  const offers: UndoOffers | null = latest ? { latest, more: shown.length - 1 } : null;

  return { offer, undoLatest, forget, dismiss, offers, pending: undo.isPending };
}
