/** The app's service worker (src/sw/sw.ts, built to /sw.js): the shell for opening without a network, and Web Push. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker once the page has loaded and the browser is idle: installing it
 * downloads the whole build into the precache, which must never take the network or the main
 * thread from the first screen (docs/decisions/0015-first-screen.md). Only the built app has one.
 */
export function registerServiceWorkerLater(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    const idle = (run: () => void) =>
      'requestIdleCallback' in window ? window.requestIdleCallback(run) : setTimeout(run, 1000);
    idle(() => {
      navigator.serviceWorker.register(SERVICE_WORKER_URL).catch((error: unknown) => {
        console.warn('the offline app could not be installed', error);
      });
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
