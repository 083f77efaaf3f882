// Service worker: the site keeps working offline after one visit.
// The builder replaces the CONFIG placeholder:
//   {cache, prefix, shell: [paths], engine: [paths], snapshots: [packed, gzipped],
//    locales: {code: [paths]}}
// Paths are relative to this file, which sits at the site root, so the site works under a sub-path.
const CONFIG = /*CONFIG*/null;

const here = (path) => new URL(path, self.location.href).href;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CONFIG.cache)
      .then((cache) => cache.addAll(CONFIG.shell.map(here)))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys
        .filter((key) => key.startsWith(CONFIG.prefix) && key !== CONFIG.cache)
        .map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

// A page asks for its locale's pages, and a play page for the engine too:
// {type: "cache-locale", locale, engine}; the reply on the message port says when they
// are stored ({cached: true}) or that they could not be.
self.addEventListener("message", (event) => {
  const { type, locale, engine } = event.data || {};
  const pages = CONFIG.locales[locale];
  if (type !== "cache-locale" || !pages) return;
  const reply = (answer) => event.ports[0]?.postMessage(answer);
  const wanted = (engine ? [...pages, ...CONFIG.engine] : pages).map(here);
  event.waitUntil(
    caches.open(CONFIG.cache)
      // Only what is missing: every page asks, and the engine is megabytes.
      .then(async (cache) => {
        const have = await Promise.all(wanted.map((url) => cache.match(url)));
        await cache.addAll(wanted.filter((_url, i) => !have[i]));
        if (engine) await storeSnapshot(cache);
      })
      .then(() => reply({ cached: true }), (error) => reply({ cached: false, error: String(error) })),
  );
});

// The engine snapshot comes packed (for hosts that compress it on the wire) and gzipped
// (engine-worker.js picks one): the one the worker got, if the browser's cache still has it,
// else the gzipped one, never both.
async function storeSnapshot(cache) {
  const [packed, gzipped] = CONFIG.snapshots.map(here);
  if ((await cache.match(packed)) || (await cache.match(gzipped))) return;
  const got = await fetch(packed, { cache: "only-if-cached", mode: "same-origin" }).catch(() => null);
  if (got?.ok) await cache.put(packed, got);
  else await cache.add(gzipped);
}

// "dir/" and "dir/index.html" are one page.
function variants(url) {
  const u = new URL(url);
  u.search = "";
  u.hash = "";
  const list = [u.href];
  if (u.pathname.endsWith("/")) list.push(`${u.href}index.html`);
  else if (u.pathname.endsWith("/index.html")) list.push(u.href.slice(0, -"index.html".length));
  return list;
}

// The engine's files are asked for with their build's version (?v=digest); the cache is this
// build's own, so any version of the path in it is the right one.
async function cached(request) {
  const cache = await caches.open(CONFIG.cache);
  for (const url of variants(request.url)) {
    const hit = await cache.match(url, { ignoreSearch: true });
    if (hit) return hit;
  }
  return null;
}

// Pages: network first, so a new build shows at once; the cached copy when offline.
async function page(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(CONFIG.cache);
      cache.put(variants(request.url)[0], response.clone());
    }
    return response;
  } catch {
    return (await cached(request)) || (await caches.match(here("404.html"))) || Response.error();
  }
}

// Everything else: the cache name changes with every build, so a cached file is current.
// The snapshots are stored only by storeSnapshot: storing one here would read the whole body,
// even the packed one's, which the worker drops when the host does not compress it.
async function asset(request) {
  const hit = await cached(request);
  if (hit) return hit;
  const response = await fetch(request);
  const snapshot = CONFIG.snapshots.some((url) => variants(here(url))[0] === variants(request.url)[0]);
  if (response.ok && !snapshot) {
    (await caches.open(CONFIG.cache)).put(variants(request.url)[0], response.clone());
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(request.mode === "navigate" ? page(request) : asset(request));
});
