import type { Role } from '@cafe/shared';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useMe } from '@/api/me';
import { paths } from '@/lib/paths';

/**
 * A route group open to one role only (SPEC section 6): signed out -> /login remembering where
 * the person was going; signed in with another role -> /unauthorized.
 */
export function RequireRole({ role }: { role: Role }) {
  const me = useMe();
  const location = useLocation();
  if (!me) {
    return <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (me.role !== role) return <Navigate to={paths.unauthorized} replace />;
  return <Outlet />;
}
