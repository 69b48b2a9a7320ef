import { MESSAGES } from '@cafe/shared';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../stores/session';
import { paths } from './paths';
import { useStartup } from './use-startup';

/** Until start-up authentication has finished only /login is available (SPEC section 2). */
export function RootRoute() {
  useStartup();
  const initialised = useSession((s) => s.initialised);
  const { pathname } = useLocation();
  if (!initialised && pathname !== paths.login) return <LoadingScreen />;
  return <Outlet />;
}

export function LoadingScreen() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="grid min-h-dvh place-items-center bg-[var(--surface)] text-[var(--ink)]"
    >
      <div className="flex flex-col items-center gap-3">
        <span className="spinner" aria-hidden="true" />
        <p className="text-lg">{MESSAGES.waitASec}</p>
      </div>
    </div>
  );
}
