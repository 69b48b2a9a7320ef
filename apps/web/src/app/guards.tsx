import type { Role } from '@cafe/shared';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../stores/session';
import { paths } from './paths';

/**
 * A route group open to one role only (SPEC section 6): signed out -> /login remembering where
 * the person was going; signed in with another role -> /unauthorized.
 */
export function RequireRole({ role }: { role: Role }) {
  const user = useSession((s) => s.user);
  const location = useLocation();
  if (!user.login) {
    return <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (user.role !== role) return <Navigate to={paths.unauthorized} replace />;
  return <Outlet />;
}
