import { useEffect, useRef } from 'react';
import { shortcutOf, type ShortcutAction } from '@/features/barista/lib/shortcuts';

/** The ticket holding the focus (the ticket itself or one of its buttons), by its order id. */
function focusedTicketId(): number | null {
  const ticket = document.activeElement?.closest<HTMLElement>('[data-ticket-id]');
  const id = Number(ticket?.dataset.ticketId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The board's keyboard shortcuts (lib/shortcuts.ts): a key press becomes an action on the focused
 * ticket. Keys typed in a field, pressed with a dialog open or meant for the control in focus are
 * left alone.
 */
export function useBoardShortcuts(onShortcut: (action: ShortcutAction, ticketId: number | null) => void) {
  const handler = useRef(onShortcut);
  useEffect(() => {
    handler.current = onShortcut;
  });

  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      const action = shortcutOf(event);
      if (!action) return;
      // Space would scroll the page, arrows too: the board's use of the key replaces them.
      event.preventDefault();
      handler.current(action, focusedTicketId());
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, []);
}
