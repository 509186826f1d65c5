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
// An archive's files (js/archive.js, marked by the page with PLAGSCOPE_ARCHIVE_HEADER) live in a
// cache of their own that a new build keeps too. A segment file whose URL carries its version (`?v=`:
// its segment's checksums) never changes, so it is served from the cache without asking the network:
// a check again of a paper, or of a paper whose fingerprints share partitions, fetches nothing. The
// manifest goes to the network first, as the app does (an archive grows), the cache when offline.
// Every file is still checked against the manifest by the engine.
const ARCHIVE_CACHE = 'plagscope-archive';
const KEPT = [MODEL_CACHE, ARCHIVE_CACHE];
const isArchive = (request) => request.headers.has(self.PLAGSCOPE_ARCHIVE_HEADER);
const isVersioned = (request) => new URL(request.url).searchParams.has('v');

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
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE && !KEPT.includes(key)).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** Where a response to `request` is kept. */
function cacheOf(request) {
  if (isArchive(request)) return ARCHIVE_CACHE;
  return inModel(request.url) ? MODEL_CACHE : CACHE;
}

/**
 * The network's response, a copy kept in `cacheOf(request)`; the cached one when the network
 * fails. A full disk or a refused write loses only the copy: the response is still served. The
 * write is served without waiting for it, but `event` keeps the worker alive until it is done, so a
 * worker stopped right after answering does not lose the copy.
 */
function networkFirst(event) {
  const { request } = event;
  return fetch(request)
    .then((response) => {
      if (response.ok) {
        const copy = response.clone();
        event.waitUntil(caches.open(cacheOf(request)).then((cache) => cache.put(request, copy)).catch(() => {}));
      }
      return response;
    })
    .catch(() => caches.match(request, { ignoreSearch: !isVersioned(request) }).then((cached) => cached ?? Response.error()));
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (isArchive(request) && isVersioned(request)) {
    event.respondWith(
      caches.open(ARCHIVE_CACHE).then((cache) => cache.match(request)).then((cached) => cached ?? networkFirst(event)),
    );
    return;
  }
  event.respondWith(networkFirst(event));
});
