import { useRef } from 'react';

/**
 * Where a dialog's focus goes when it closes. Radix gives it back to the dialog's Trigger only,
 * and most of our dialogs are opened by other means (a ticket's button, a shortcut key, the form's
 * Next): the focus then fell to the page, where a keyboard user starts again from the top. It goes
 * back to the element that had it when the dialog opened, or, when the dialog's own action has
 * removed that element (the Cancel button of an order canceled now), to the screen's main content.
 */
export function useFocusReturn(onCloseAutoFocus?: (event: Event) => void) {
  const opener = useRef<Element | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement;
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const from = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !(from instanceof HTMLElement) || from === document.body) return;
      event.preventDefault();
      const target = from.isConnected ? from : document.getElementById('main');
      target?.focus({ preventScroll: true });
    },
  };
}
