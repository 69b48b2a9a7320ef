import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../stores/session';
import { customerPaths, isCloseAllPath, landingPath, needsOpenVenue } from './paths';

/**
 * Keeps a signed-in customer on a screen that fits the venue state, which changes live:
 * - on the closed page, once a venue opens, go to the landing screen;
 * - on a menu or order form, once both venues are closed, go to the closed page.
 * Baristas and visitors are never moved.
 */
export function useVenueRedirects(): void {
  const { login, role, isBarOpen, isCafeOpen } = useSession((s) => s.user);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (!login || role === 'barista') return;
    const anyOpen = isBarOpen || isCafeOpen;
    if (anyOpen && isCloseAllPath(pathname)) {
      void navigate(landingPath(role, { isBarOpen, isCafeOpen }, 'startup'), { replace: true });
    } else if (!anyOpen && needsOpenVenue(pathname)) {
      void navigate(customerPaths(role).closeAll, { replace: true });
    }
  }, [login, role, isBarOpen, isCafeOpen, pathname, navigate]);
}
