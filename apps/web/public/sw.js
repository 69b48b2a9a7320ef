/* global self */
// Web Push only: shows the cafe's order notifications and opens the app when one is tapped.
// No fetch handler and no caching: the app always loads from the network.

self.addEventListener('push', (event) => {
  let message = { title: 'Office Cafe', body: '', url: '/' };
  try {
    message = { ...message, ...event.data.json() };
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
  const url = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
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
