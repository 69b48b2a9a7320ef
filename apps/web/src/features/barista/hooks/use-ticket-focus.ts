import type { QueuedOrder } from '@cafe/shared';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** The tickets' elements on the board, in reading order. */
export function ticketElements(root: HTMLElement | null): HTMLElement[] {
  return root ? [...root.querySelectorAll<HTMLElement>('[data-ticket-id]')] : [];
}

/**
 * The focus among the board's tickets: one ticket is the tab stop (the last one focused while it is
 * still shown, else the first), the keys move the focus by id, and a ticket that moves takes the
 * focus along, or hands it to the ticket that took its place.
 */
export function useTicketFocus(tickets: readonly QueuedOrder[], boardRef: RefObject<HTMLElement | null>) {
  const [currentId, setCurrentId] = useState<number | null>(null);
  /** A ticket moved from the keyboard (or from one of its buttons): the focus follows it, or its successor. */
  const followFocus = useRef<{ id: number; index: number } | null>(null);

  const tabStopId = tickets.some((t) => t.id === currentId) ? currentId : (tickets[0]?.id ?? null);

  const focusTicket = useCallback(
    (id: number) => boardRef.current?.querySelector<HTMLElement>(`[data-ticket-id="${id}"]`)?.focus(),
    [boardRef],
  );

  /** The ticket is about to move: if the focus is on the board, it stays with the ticket. */
  const followTicket = (id: number) => {
    if (boardRef.current?.contains(document.activeElement))
      followFocus.current = { id, index: tickets.findIndex((t) => t.id === id) };
  };

  // After a move the ticket is drawn in another section (or is gone): the focus, lost with the old
  // element, goes to the ticket again, or to the one that took its place.
  useEffect(() => {
    const follow = followFocus.current;
    const root = boardRef.current;
    if (!follow || !root) return;
    const active = document.activeElement;
    if (active && active !== document.body) {
      if (!root.contains(active)) followFocus.current = null;
      return;
    }
    followFocus.current = null;
    const all = ticketElements(root);
    const target =
      root.querySelector<HTMLElement>(`[data-ticket-id="${follow.id}"]`) ?? all[Math.min(follow.index, all.length - 1)];
    target?.focus();
  }, [tickets, boardRef]);

  return { tabStopId, setCurrentId, focusTicket, followTicket };
}
