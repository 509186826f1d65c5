// Service worker: keeps the app working offline. Every response from this origin is cached as it is
// fetched (network first, so a new build is picked up when online); when the network is gone, the
// cached copy is served. Nothing is ever sent anywhere: only same-origin GET requests pass here.
const CACHE = 'plagscope-v4';
const SHELL = [
  './',
  './index.html',
  './www/app.js',
  './www/engine.js',
  './www/files.js',
  './www/highlight.js',
  './www/style.css',
  './www/worker.js',
  './js/api.js',
  './js/browser.js',
  './pkg/plagscope.js',
  './pkg/plagscope_bg.wasm',
  './pkg/demo-refs.json',
  './js/documents.js',
  './js/units.js',
  './js/evasion.js',
  './pkg/vendor/mammoth.browser.min.js',
  './pkg/vendor/pdf.min.mjs',
  './pkg/vendor/pdf.worker.min.mjs',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() => caches.match(request, { ignoreSearch: true }).then((cached) => cached ?? Response.error())),
  );
});
