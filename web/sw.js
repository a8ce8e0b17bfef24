// Offline play for the Inca Empire site: precaches every file of the built site and answers
// requests from that cache first. build.py replaces the PRECACHE line with the real file list and
// a cache name derived from a hash of the files, so each build installs a fresh cache and the
// activation step deletes the previous one.
const PRECACHE = {"cache": "inca-unbuilt", "files": []};
const PREFIX = "inca-";

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(PRECACHE.cache);
    // "no-cache" revalidates with the server, so a stale HTTP cache never leaks into a new build.
    await cache.addAll(PRECACHE.files.map((file) => new Request(file, { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== PRECACHE.cache) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith(respond(request, url));
});

async function respond(request, url) {
  const cache = await caches.open(PRECACHE.cache);
  if (request.mode === "navigate" || url.pathname.endsWith("/")) {
    // Every page URL (with any query, such as ?embed=1 or ?new=1&...) is the one index.html.
    const scope = new URL(self.registration.scope);
    const path = url.pathname.endsWith("/") ? url.pathname + "index.html" : url.pathname;
    const page = await cache.match(new URL(path, scope).href, { ignoreVary: true });
    return page || fetch(request);
  }
  // Files are matched by their exact URL: matching with ignoreSearch makes the cache compare
  // every entry, which made each answer take tens of milliseconds.
  return (await cache.match(request, { ignoreVary: true })) || fetch(request);
}
