import { useEffect } from 'react';
import type { ToasterProps } from 'sonner';
import { create } from 'zustand';

/**
 * Where the app's one toaster (app/providers.tsx) shows its toasts. Top centre, below the top bar, on
 * every screen, but a screen whose top holds controls used all the time may place them elsewhere
 * while it is shown:
 * the order board puts them on its last line (docs/decisions/0098-board-holds-any-count.md).
 */
export type ToasterPlacement = Pick<
  ToasterProps,
  'position' | 'offset' | 'mobileOffset' | 'visibleToasts' | 'className' | 'expand'
>;

/**
 * Below the top bar (h-16 and its border): a toast never covers its menu button or the site's name
 * (on a phone a toast is as wide as the screen, and stays while a pointer rests on it).
 */
const BELOW_TOP_BAR = { top: 72 };

export const DEFAULT_TOASTER_PLACEMENT: ToasterPlacement = {
  position: 'top-center',
  offset: BELOW_TOP_BAR,
  mobileOffset: BELOW_TOP_BAR,
};

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
