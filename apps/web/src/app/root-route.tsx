import { useLingui } from '@lingui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useDeferredValue, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { settingsQueryOptions } from '@/api/settings';
import { OfflineBanner } from '@/components/offline-banner';
import { markFirstScreenShown, whenFirstScreenShown } from '@/lib/first-screen';
import { paths } from '@/lib/paths';
import { registerServiceWorkerLater } from '@/lib/service-worker';
import { openSocketFor } from '@/lib/socket';
import { EarlyFrameHost, earlyFrameFor } from './early-frame-host';
import { useStartup } from './use-startup';
import { useEnrolmentRedirect } from './use-enrolment-redirect';

/**
 * Nothing shows before the deployment's settings have arrived (they retry until they do); after
 * that, until start-up authentication has finished only /login is available ("Wait a sec..." elsewhere).
 */
export function RootRoute() {
  const settings = useQuery(settingsQueryOptions());
  const started = useStartup();
  const { pathname } = useLocation();
  useEnrolmentRedirect();
  const ready = settings.data !== undefined && (started || pathname === paths.login);
  // The first render of the screen is the largest piece of work of the start-up: deferred (even
  // when everything is there at the very first render), React does it in slices with the browser
  // free in between, "Wait a sec..." staying until it is done.
  const showScreen = useDeferredValue(ready, false);
  if (!showScreen) {
    return (
      <>
        <OfflineBanner />
        <LoadingScreen />
      </>
    );
  }
  return (
    <Suspense fallback={<LoadingScreen />}>
      <OfflineBanner />
      <Outlet />
      <FirstScreenShown />
      <LiveConnection />
    </Suspense>
  );
}

/** The longest the live connection waits for the first screen's data once the screen is shown. */
const DATA_WAIT_MAX_MS = 3000;

/**
 * Rendered with the screen, so its effect runs once the screen's code has loaded and the screen is
 * on the page; what it shows may still be on the way (the menu's items), so the rest waits until
 * no answer is, for a few seconds at most. What waits for it (the live connection, the service
 * worker) then starts, never taking the network from the screen's own code and data.
 */
function FirstScreenShown() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const done = () => {
      unsubscribe();
      clearTimeout(timer);
      markFirstScreenShown();
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) done();
    });
    const timer = setTimeout(done, DATA_WAIT_MAX_MS);
    if (queryClient.isFetching() === 0) done();
    const cancel = whenFirstScreenShown(registerServiceWorkerLater);
    return () => {
      unsubscribe();
      clearTimeout(timer);
      cancel();
    };
  }, [queryClient]);
  return null;
}

/**
 * The live connection opens once, when the first screen is shown after start-up, or on the
 * first page after it that needs one: a visitor's sign-in page has no live events to follow, the
 * public menus they may go on to do (lib/socket.ts).
 */
function LiveConnection() {
  const { pathname } = useLocation();
  useEffect(() => whenFirstScreenShown(() => openSocketFor(pathname)), [pathname]);
  return null;
}

/**
 * "Wait a sec...", shown while start-up authentication runs. index.html shows the same markup
 * before any script has arrived; React takes over with this one, so the page does not change
 * when it does. On the cafe menu the page has drawn the menu's frame instead (lib/early-frame.ts):
 * React shows that very frame until the menu is complete.
 */
export function LoadingScreen() {
  const { _ } = useLingui();
  const frame = earlyFrameFor(window.location.pathname);
  if (frame) return <EarlyFrameHost frame={frame} />;
  return (
    <div
      role="status"
      aria-live="polite"
      className="grid min-h-dvh place-items-center bg-[var(--surface)] text-[var(--ink)]"
    >
      <div className="flex flex-col items-center gap-3">
        <span className="spinner" aria-hidden="true" />
        <p className="text-lg">{_('common.spec.waitASec')}</p>
      </div>
    </div>
  );
}
