import type { QueuedOrder } from '@cafe/shared';
import { useRef, useState, type RefObject } from 'react';
import { ticketElements } from './use-ticket-focus';

/**
 * The board's Cancel dialog: the orders it cancels (open while there are any), and where the focus
 * goes when it closes.
 */
export function useRejectDialog(tickets: readonly QueuedOrder[], boardRef: RefObject<HTMLElement | null>) {
  const [rejecting, setRejecting] = useState<readonly QueuedOrder[]>([]);
  /** Where the dialog was opened from: the button, and the place of its first ticket. */
  const rejectFrom = useRef<{ button: Element | null; index: number } | null>(null);

  const open = (targets: readonly QueuedOrder[]) => {
    rejectFrom.current = {
      button: document.activeElement,
      index: tickets.findIndex((t) => t.id === targets[0]?.id),
    };
    setRejecting(targets);
  };

  // The dialog gives the focus back to the button that opened it; when that went with its
  // canceled ticket, the focus goes to the ticket that took its place (none left: the Modal's
  // fallback, the screen's main content).
  const handleCloseAutoFocus = (event: Event) => {
    const from = rejectFrom.current;
    rejectFrom.current = null;
    if (!from || from.button?.isConnected) return;
    const all = ticketElements(boardRef.current);
    const target = all[Math.min(Math.max(from.index, 0), all.length - 1)];
    if (!target) return;
    event.preventDefault();
    target.focus();
  };

  return { rejecting, open, close: () => setRejecting([]), handleCloseAutoFocus };
}
