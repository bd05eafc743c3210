// Cuadra's service worker: only the share target (issue 21). It caches nothing and lets every other
// request go to the network as if it were not there.
//
// "Share → Cuadra" on a phone POSTs the shared files here (manifest.webmanifest, share_target). The
// request carries no sign-in (tokens live in the page, not in cookies), so the files are kept in a
// cache of this origin and the page at /share, signed in, asks which client they belong to and uploads
// them through the ordinary upload API.
const SHARE_CACHE = 'cuadra-share';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (
    event.request.method !== 'POST' ||
    url.origin !== self.location.origin ||
    url.pathname !== '/share-target'
  )
    return;
  event.respondWith(
    (async () => {
      const form = await event.request.formData();
      const cache = await caches.open(SHARE_CACHE);
      for (const key of await cache.keys()) await cache.delete(key);
      const files = form.getAll('files').filter((f) => typeof f !== 'string');
      for (const [i, file] of files.entries()) {
        await cache.put(
          `/share-target/files/${i}`,
          new Response(file, {
            headers: {
              'content-type': file.type || 'application/octet-stream',
              'x-filename': encodeURIComponent(file.name),
            },
          }),
        );
      }
      return Response.redirect('/share', 303);
    })(),
  );
});
