/* global self, caches */
/* The shell's service worker (/sw.js): keeps the shell in a cache for fast repeat visits.
 * - hashed shell files (/main.<hash>.js, /<id>.<hash>.js, .css, assets/): cache first, they never change;
 * - page navigations: the network first (a new deployment shows at once), the cached index.html when
 *   the network fails;
 * - everything else (the API, /remotes/, remotes.json, build-manifest.json, websockets): untouched.
 *   Remotes above all: /remotes/<name>/mf-manifest.json names the active version and must reach the
 *   server each time; the files of a version (/remotes/<name>/<version>/...) never change, and the
 *   browser's HTTP cache keeps them (immutable), so a page never mixes two versions of a remote.
 * On activation, caches of older versions are removed and the scripts of the deployed build are
 * precached from /build-manifest.json. */
const CACHE = 'civic-shell-v1';
const HASHED = /^\/(?:assets\/)?[\w-]+\.[0-9a-f]{8,}\.(?:js|css|svg|png|woff2?)$/;
const UNTOUCHED = /^\/(?:api|remotes|socket\.io)\//;

async function precache() {
  const cache = await caches.open(CACHE);
  await cache.add(new Request('/', { cache: 'reload' }));
  try {
    const response = await fetch('/build-manifest.json', { cache: 'no-store' });
    if (response.ok) {
      const manifest = await response.json();
      if (Array.isArray(manifest.entry)) await cache.addAll(manifest.entry.filter((path) => HASHED.test(path)));
    }
  } catch {
    // The scripts are cached on their first use instead.
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirstPage(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put('/', response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match('/');
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || UNTOUCHED.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstPage(request));
  } else if (HASHED.test(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});
