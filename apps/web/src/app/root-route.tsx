import { MESSAGES } from '@cafe/shared';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useLocation } from 'react-router';
import { settingsQueryOptions } from '@/api/settings';
import { paths } from '@/lib/paths';
import { useStartup } from './use-startup';

/**
 * Nothing shows before the deployment's settings have arrived (they retry until they do); after
 * that, until start-up authentication has finished only /login is available (SPEC section 2).
 */
export function RootRoute() {
  const settings = useQuery(settingsQueryOptions());
  const started = useStartup();
  const { pathname } = useLocation();
  if (!settings.data || (!started && pathname !== paths.login)) return <LoadingScreen />;
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
