import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCafeStatusQuery } from '@/api/cafe-status';
import { useMe } from '@/api/me';
import { customerPaths, isCloseAllPath, landingPath, needsOpenVenue } from '@/lib/paths';

/**
 * Keeps a signed-in customer on a screen that fits the venue state, which changes live:
 * - on the closed page, once a venue opens, go to the landing screen;
 * - on a menu or order form, once both venues are closed, go to the closed page.
 * Baristas and visitors are never moved, and nobody is while the venue state is unknown.
 */
export function useVenueRedirects(): void {
  const role = useMe()?.role;
  const status = useCafeStatusQuery().data;
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (!role || role === 'barista' || !status) return;
    const anyOpen = status.isBarOpen || status.isCafeOpen;
    if (anyOpen && isCloseAllPath(pathname)) {
      void navigate(landingPath(role, status, 'startup'), { replace: true });
    } else if (!anyOpen && needsOpenVenue(pathname)) {
      void navigate(customerPaths(role).closeAll, { replace: true });
    }
  }, [role, status, pathname, navigate]);
}
