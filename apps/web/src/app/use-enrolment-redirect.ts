import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';

/**
 * A barista or admin the cafe asks a second factor of, who has none, is refused every screen's
 * data with 403 SECOND_FACTOR_MISSING (the server decides): the first such answer takes
 * them to their profile's "Sign-in security", where they add one.
 */
export function useEnrolmentRedirect(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname === paths.profile) return undefined;
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (isApiError(event.action.error, 'SECOND_FACTOR_MISSING')) {
        void navigate(paths.profile, { replace: true, state: { enrol: true } });
      }
    });
  }, [navigate, pathname, queryClient]);
}
