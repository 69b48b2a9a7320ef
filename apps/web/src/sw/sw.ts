/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/*
 * The app's service worker (built by vite-plugin-pwa's injectManifest into /sw.js).
 * - The app shell and every hashed file of the build are precached (Workbox), so the app opens
 *   without a network; a new build replaces them and deletes the old ones.
 * - Pages come from the network first (the server's page, as before); only when it cannot be
 *   reached, or keeps the person waiting, the precached shell answers.
 * - API answers are never cached here: last-seen data lives in the app's own query cache, which
 *   sign-out clears (docs/decisions/0024-bad-connection.md). Requests this worker does not route
 *   (all of /api) go to the network untouched.
 * - Web Push: the cafe's order notifications (docs/decisions/0010-web-push.md).
 */

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

/** The page the precache holds (its revision changes with every build). */
const SHELL = '/index.html';
/** A bad connection that has said nothing for this long gets the precached shell instead. */
const PAGE_WAIT_MS = 4000;

void self.skipWaiting();
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

async function shell(): Promise<Response> {
  return (await matchPrecache(SHELL)) ?? Response.error();
}

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      const page = fetch(request);
      // Answered either way once it settles, so a late page does not end up as an unhandled rejection.
      page.catch(() => undefined);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const slow = new Promise<'slow'>((resolve) => {
        timer = setTimeout(() => resolve('slow'), PAGE_WAIT_MS);
      });
      try {
        const first = await Promise.race([page, slow]);
        return first === 'slow' ? await shell() : first;
      } catch {
        return shell();
      } finally {
        clearTimeout(timer);
      }
    },
    // API addresses are never pages of the app.
    { denylist: [/^\/api(\/|$)/] },
  ),
);

self.addEventListener('push', (event) => {
  let message = { title: 'Office Cafe', body: '', url: '/' };
  try {
    message = { ...message, ...(event.data?.json() as Partial<typeof message>) };
  } catch {
    // An empty or non-JSON message still tells the person something happened.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: string } | undefined;
  const url = new URL(data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = tabs.find((tab) => new URL(tab.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if (open.url !== url && 'navigate' in open) await open.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
