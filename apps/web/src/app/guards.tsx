import type { Role } from '@cafe/shared';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useMe } from '@/api/me';
import { paths } from '@/lib/paths';

/** Signed out -> /login, remembering where the person was going. */
function ToLogin() {
  const location = useLocation();
  return <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
}

/**
 * A route group open to exactly one role: signed out -> /login remembering where
 * the person was going; signed in with another role -> /unauthorized.
 */
export function RequireRole({ role }: { role: Role }) {
  const me = useMe();
  if (!me) return <ToLogin />;
  if (me.role !== role) return <Navigate to={paths.unauthorized} replace />;
  return <Outlet />;
}

/** A route group open to every signed-in person, whatever the role (their own profile). */
export function RequireSignedIn() {
  const me = useMe();
  if (!me) return <ToLogin />;
  return <Outlet />;
}
