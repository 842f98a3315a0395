// The console's service worker (docs/architecture.md#staff-alerts): registered only when a member of staff
// turns notifications on for a device, scope /admin/. It shows the shop's pushes and opens their order.

self.addEventListener('push', (event) => {
  const alert = event.data ? event.data.json() : {};
  event.waitUntil(
    self.registration.showNotification(alert.title || 'Ottoman Mittens console', {
      body: alert.body || '',
      tag: alert.tag,
      data: { url: alert.url || '/admin' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/admin', self.location.origin);
  // Only the console's own pages open from a notification.
  const url =
    target.origin === self.location.origin && target.pathname.startsWith('/admin') ? target.href : '/admin';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      const open = clients.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
