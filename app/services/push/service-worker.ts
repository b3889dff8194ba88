/**
 * The service worker at /sw.js, scope /. It only shows pushes and opens
 * their page when tapped: no fetch handler, so pages are never cached and
 * the site behaves exactly as without it. The payload is { title, body, url }.
 */
export const SERVICE_WORKER_SOURCE = `'use strict'
self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

self.addEventListener('push', (event) => {
  let message = {}
  try {
    message = event.data ? event.data.json() : {}
  } catch {
    message = { body: event.data ? event.data.text() : '' }
  }
  const url = new URL(typeof message.url === 'string' ? message.url : '/', self.location.origin)
  // An alert may link elsewhere (a council's closure notice); nothing but a web page opens.
  const target = url.protocol === 'https:' || url.protocol === 'http:' ? url.href : self.location.origin + '/'
  event.waitUntil(
    self.registration.showNotification(message.title || self.location.hostname, {
      body: message.body || '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: target },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = (event.notification.data && event.notification.data.url) || '/'
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (client.url === url && 'focus' in client) return client.focus()
      }
      return self.clients.openWindow(url)
    }),
  )
})
`
