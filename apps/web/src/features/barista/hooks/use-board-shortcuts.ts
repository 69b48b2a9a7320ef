import type { QueuedOrder } from '@cafe/shared';
import { useEffect, useRef } from 'react';
import { i18n } from '@/i18n';
import { orderLabel } from '@/features/barista/lib/order-label';
import { shortcutOf, type ShortcutAction } from '@/features/barista/lib/shortcuts';

interface BoardShortcutsOptions {
  /** The tickets in reading order (the lane, then the grid): what next and previous walk. */
  tickets: readonly QueuedOrder[];
  /** Moves need the server: offline only next and previous (and help) still work. */
  offline: boolean;
  /** Says something to screen readers: why a key did nothing. */
  announce: (text: string) => void;
  onShowHelp: () => void;
  onUndo: () => void;
  /** Do a waiting ticket, Done one in progress. */
  onAdvance: (order: QueuedOrder) => void;
  onFocusTicket: (id: number) => void;
}

/** The ticket holding the focus (the ticket itself or one of its buttons), by its order id. */
function focusedTicketId(): number | null {
  const ticket = document.activeElement?.closest<HTMLElement>('[data-ticket-id]');
  const id = Number(ticket?.dataset.ticketId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** What a shortcut does on the board, `ticketId` being the focused ticket (if any). */
function runShortcut(action: ShortcutAction, ticketId: number | null, board: BoardShortcutsOptions) {
  const { tickets, announce } = board;
  if (action === 'help') return board.onShowHelp();
  if (board.offline && action !== 'next' && action !== 'previous') {
    announce(i18n._('barista.board.offlineMoves'));
    return;
  }
  if (action === 'undo') return board.onUndo();
  const index = ticketId === null ? -1 : tickets.findIndex((t) => t.id === ticketId);
  if (action === 'next' || action === 'previous') {
    if (tickets.length === 0) return;
    const step = action === 'next' ? 1 : -1;
    const next =
      index === -1 ? (step === 1 ? 0 : tickets.length - 1) : Math.min(tickets.length - 1, Math.max(0, index + step));
    board.onFocusTicket(tickets[next]!.id);
    return;
  }
  const ticket = tickets[index];
  if (!ticket) {
    announce(i18n._('barista.board.noTicket'));
    return;
  }
  if (action === 'do') {
    if (ticket.status === 'ordered') board.onAdvance(ticket);
    else announce(i18n._('barista.board.alreadyInProgress', { order: orderLabel(ticket) }));
  } else if (ticket.status === 'in-progress') board.onAdvance(ticket);
  else announce(i18n._('barista.board.stillWaiting', { order: orderLabel(ticket) }));
}

/**
 * The board's keyboard shortcuts (lib/shortcuts.ts), as a keyboard or a bump bar sends them: a key
 * press becomes an action on the focused ticket. Keys typed in a field, pressed with a dialog open
 * or meant for the control in focus are left alone.
 */
export function useBoardShortcuts(options: BoardShortcutsOptions) {
  // One listener for the board's life, reading the board as it is at the key press.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      const action = shortcutOf(event);
      if (!action) return;
      // Space would scroll the page, arrows too: the board's use of the key replaces them.
      event.preventDefault();
      runShortcut(action, focusedTicketId(), latest.current);
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, []);
}
