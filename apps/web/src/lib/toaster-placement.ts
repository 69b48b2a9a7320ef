import { useEffect } from 'react';
import type { ToasterProps } from 'sonner';
import { create } from 'zustand';

/**
 * Where the app's one toaster (app/providers.tsx) shows its toasts. Top centre on every screen,
 * but a screen whose top holds controls used all the time may place them elsewhere while it is shown:
 * the order board puts them on its last line (docs/decisions/0098-board-holds-any-count.md).
 */
export type ToasterPlacement = Pick<
  ToasterProps,
  'position' | 'offset' | 'mobileOffset' | 'visibleToasts' | 'className' | 'expand'
>;

export const DEFAULT_TOASTER_PLACEMENT: ToasterPlacement = { position: 'top-center' };

export const useToasterPlacementStore = create<{ placement: ToasterPlacement }>(() => ({
  placement: DEFAULT_TOASTER_PLACEMENT,
}));

/** While the calling screen is shown, the toasts go where `placement` says; back to the default after. */
export function useToasterPlacement(placement: ToasterPlacement) {
  useEffect(() => {
    useToasterPlacementStore.setState({ placement });
    return () => useToasterPlacementStore.setState({ placement: DEFAULT_TOASTER_PLACEMENT });
  }, [placement]);
}
