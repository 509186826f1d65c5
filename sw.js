// Service worker: keeps the app working offline. Every response from this origin is cached as it is
// fetched (network first, so a new build is picked up when online); when the network is gone, the
// cached copy is served. Nothing is ever sent anywhere: only same-origin GET requests pass here.
// The list of files and the cache name come from pkg/shell.js, written by scripts/shell.mjs at
// build time from what is on disk: a new build gets a new cache name, and the old cache is dropped.
importScripts('./pkg/shell.js');
const CACHE = self.PLAGSCOPE_CACHE;
const SHELL = self.PLAGSCOPE_SHELL;
// The sentence model's files (pkg/model/, tens of MB, fetched only when the user asks for them)
// live in a cache of their own that a new build keeps: they change only with the model, and the
// page checks each against the sha256 in the manifest beside it.
const MODEL_CACHE = 'plagscope-model';
const inModel = (url) => new URL(url).pathname.includes('/pkg/model/');

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
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE && key !== MODEL_CACHE).map((key) => caches.delete(key))))
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
          caches.open(inModel(request.url) ? MODEL_CACHE : CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() => caches.match(request, { ignoreSearch: true }).then((cached) => cached ?? Response.error())),
  );
});
