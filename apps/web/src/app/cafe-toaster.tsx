import { useLingui } from '@lingui/react';
import { Toaster } from 'sonner';
// Its styles come as a file (the CSP allows no <style> element it would add; vite.config.ts).
import 'sonner/dist/styles.css';
import { useToasterPlacementStore } from '@/lib/toaster-placement';

/**
 * The toasts' place on the screen, its labels in the person's language: the region a screen
 * reader names (sonner's own is "Notifications alt+T" in English) and each toast's close button
 * (sonner's "Close toast"). Alt+T, the library's default key, moves the focus to the toasts (a
 * key's name, the same in every language).
 */
export function CafeToaster() {
  const { _ } = useLingui();
  // Top centre, or where the screen shown asks (the order board: its last line; lib/toaster-placement.ts).
  const placement = useToasterPlacementStore((s) => s.placement);
  return (
    <Toaster
      {...placement}
      richColors
      closeButton
      customAriaLabel={_('common.toasts.region', { key: 'Alt+T' })}
      toastOptions={{ closeButtonAriaLabel: _('common.toasts.close') }}
    />
  );
}
