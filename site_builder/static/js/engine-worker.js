// Module worker running the Python engine (game/) in Pyodide, off the page's thread.
//
// Protocol (structured-clone messages):
//   page -> worker  {id, method: "init", params: {pyodideURL, engineURL}}
//                   {id, method: "new_game"|"load"|"play"|"ai_move", params: {...keyword args}}
//   worker -> page  {id, result}            the game.api function's dict, which may be an
//                                           error: {error: {code, detail, ...}}, for a bad
//                                           record, an illegal move, or a failure of the worker
//                                           itself (codes in game/codes.py, EngineCode)
//                   {progress: phase, ms, received, expected}
//                                           loading phases, "ready" last, ms since start
//                                           ("fallback" if the snapshot could not be used);
//                                           phase "download" while bytes arrive: received of
//                                           expected bytes of the runtime and engine files
// Every answer is a value: nothing is thrown across the boundary.
//
// Booting restores the builder's memory snapshot of Pyodide with the engine already imported;
// if that fails in any way, Python boots normally and imports the engine from its archive.
//
// The builder lists the runtime and engine files with their sizes and content digests (ASSETS).
// Every request for one of them, ours or Pyodide's own, goes through assetFetch: it asks for
// that build's version of the file (?v=digest, so a cache never hands a file of another
// build to this worker), and counts the bytes as they arrive, so the page can show real
// progress and tell a stalled download from a slow one.

// game.api's functions (api.CALLS), filled in by the builder (play.py): one list, in Python.
const METHODS = new Set(/*METHODS*/[]);
// The pinned Pyodide's lockfile header, filled in by the builder (play.py). Passing it
// inline saves fetching the 120 kB lockfile of packages this engine never loads.
const LOCKFILE_INFO = /*LOCKFILE_INFO*/null;
// {file name: [bytes, digest, gzipped bytes]}, filled in by the builder (play.py).
const ASSETS = /*ASSETS*/null;
const ENGINE_DIR = "/home/pyodide/engine";
const EMPTY_ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);
// Made by the builder (precompile.mjs), next to the runtime: packed, and the same gzipped.
const SNAPSHOT_RAW = "engine-snapshot.raw";
const SNAPSHOT = "engine-snapshot.bin";
const STDLIB = "python_stdlib.zip";
const ENGINE_ARCHIVE = "engine.zip"; // the engine for a normal boot (the snapshot has it imported)

let call = null; // Python function: (method, json params) -> json result
let starting = null;
const t0 = performance.now();
// Held for the worker's whole life (the page names the worker): the page asks for the same
// lock, and gets it the moment this worker is gone, even if it dies in the middle of a search.
const life = navigator.locks && self.name
  ? new Promise((held) => navigator.locks.request(self.name, () => { held(); return new Promise(() => {}); }))
  : Promise.resolve();

const bytes = { received: 0, expected: 0 };
let reported = 0;

function progress(phase) {
  reported = performance.now();
  postMessage({ progress: phase, ms: Math.round(reported - t0), ...bytes });
}

// Progress while downloading, often enough to show movement, not for every chunk.
function arrived(count, last) {
  bytes.received += count;
  if (last || performance.now() - reported > 150) progress("download");
}

// A runtime or engine file by name, or null for any other URL.
function asset(url) {
  const u = new URL(url, self.location.href);
  const name = u.pathname.slice(u.pathname.lastIndexOf("/") + 1);
  return u.origin === self.location.origin && Object.hasOwn(ASSETS ?? {}, name) ? name : null;
}

function versioned(url) {
  const u = new URL(url, self.location.href);
  u.searchParams.set("v", ASSETS[asset(u)][1]);
  return u.href;
}

// Files with no alternative: when one cannot be downloaded, loading fails at once with the
// reason (Pyodide itself would wait for its WebAssembly until the page's stall timeout).
const REQUIRED = new Set(["pyodide.asm.wasm", STDLIB, ENGINE_ARCHIVE]);
let failLoad = () => {};
const loadFailed = new Promise((_, reject) => { failLoad = reject; });
loadFailed.catch(() => {});

const plainFetch = self.fetch.bind(self);
// Until the engine is loaded, each file is downloaded once: a normal boot after a snapshot that
// failed asks for the runtime again while the first download may still be running, which the
// browser's cache does not answer. Every caller gets a copy; the map is dropped when loaded.
let downloads = new Map(); // versioned URL -> Promise<Response>

// Pyodide holds the promise of its WebAssembly's response while it does other work and awaits it
// later: a download failing in between must not count as an unhandled rejection, which the
// page's console reports as an uncaught error. The failure reaches whoever awaits the promise,
// and a required file's also reaches loadFailed.
function assetFetch(input, init) {
  const response = assetResponse(input, init);
  response.catch(() => {});
  return response;
}

// The response goes on untouched (WebAssembly compiles it as it streams, and the browser caches
// the compiled code by its URL); a copy of its body is read only to count the bytes.
async function assetResponse(input, init) {
  const url = input instanceof Request ? input.url : String(input);
  if (!asset(url)) return plainFetch(input, init);
  const key = versioned(url);
  if (!downloads?.has(key)) {
    const name = asset(url);
    const download = plainFetch(key, init).then((response) => {
      if (response.ok && response.body) count(response.clone());
      else {
        downloads?.delete(key);
        if (REQUIRED.has(name)) failLoad(new Error(`${name}: HTTP ${response.status}`));
      }
      return response;
    });
    download.catch((error) => {
      downloads?.delete(key);
      if (REQUIRED.has(name)) failLoad(new Error(`${name}: ${error?.message ?? error}`));
    });
    if (!downloads) return download;
    downloads.set(key, download);
  }
  return (await downloads.get(key)).clone();
}
self.fetch = assetFetch;

function count(response) {
  const reader = response.body.getReader();
  (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      arrived(value?.byteLength ?? 0, done);
      if (done) return;
    }
  })().catch(() => {}); // a failed download fails where its response is used
}

// Files that are not fetched but imported (Pyodide's JavaScript): counted once loaded.
async function importAsset(url) {
  const module = await import(versioned(url));
  arrived(ASSETS[asset(url)][0], true);
  return module;
}

function expect(...urls) {
  for (const url of urls) bytes.expected += ASSETS[asset(url)][0];
  progress("download");
}

async function fetchBytes(url, what) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// The packed snapshot from a host that compresses it on the wire (its brotli is smaller than our
// gzip; fetch decodes it, and the bytes counted are the decoded ones), else the gzipped one: the
// packed file's response headers tell, and a host that would send it uncompressed is cut off
// before the body. The service worker stores the one this worker got (with the
// headers it came with); offline without the packed one, the gzipped one is used.
async function fetchSnapshot(runtime) {
  // The service worker's copy of the gzipped one: this host did not compress last time.
  const stored = await self.caches?.match(versioned(runtime(SNAPSHOT))).catch(() => null);
  if (!stored) {
    try {
      const abort = new AbortController();
      const response = await fetch(runtime(SNAPSHOT_RAW), { signal: abort.signal });
      const encoding = response.headers.get("Content-Encoding");
      if (response.ok && encoding && encoding !== "identity") {
        expect(runtime(SNAPSHOT_RAW));
        return new Uint8Array(await response.arrayBuffer());
      }
      abort.abort();
    } catch {
      // Not reachable (offline, say): the gzipped one may be.
    }
  }
  expect(runtime(SNAPSHOT));
  const response = await fetch(runtime(SNAPSHOT));
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// Restoring the snapshot saves booting Python, seconds of work for a phone, but it is more to
// download than the standard library and engine archive that booting needs instead (sizes in
// benchmarks/README.md). On a slow link those extra bytes take longer than the boot. The
// runtime's WebAssembly, which both ways need, is downloaded first: the rate at which its
// first second arrives tells which is sooner, before a byte of the snapshot is asked for. Its
// bytes on the wire are its Content-Length, or, from a host that compresses it on the fly
// without one, its gzipped size; the snapshot's are the gzipped file's size.
const BOOT_SECONDS = 4; // booting instead of restoring, on a mid-range phone
const MEASURE_MS = 1000;
const WASM = "pyodide.asm.wasm";

// What a normal boot downloads that restoring the snapshot does not.
const bootSize = () => ASSETS[STDLIB][0] + ASSETS[ENGINE_ARCHIVE][0];

async function snapshotWorthIt(runtime) {
  const response = await fetch(runtime(WASM)); // the one download Pyodide gets as well
  if (!response.ok || !response.body) return true; // it fails where Pyodide reads it
  const reader = response.body.getReader();
  const began = performance.now();
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true; // the whole of it within the measure: a fast link
    received += value.byteLength;
    const ms = performance.now() - began;
    if (ms >= MEASURE_MS) {
      reader.cancel().catch(() => {});
      const [size, , gzipped] = ASSETS[WASM];
      const wire = Number(response.headers.get("Content-Length")) || gzipped;
      const perSecond = (received * (wire / size) * 1000) / ms;
      return (ASSETS[SNAPSHOT][0] - bootSize()) / perSecond <= BOOT_SECONDS;
    }
  }
}

// The snapshot as precompile.mjs packs it: gzipped (unless it is the packed file), then a
// header of u32s (length, number of runs, then first chunk and chunk count of each run) and the
// runs of non-zero 64 KiB chunks; everything else is zeros.
async function unpackSnapshot(bytes) {
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  }
  const CHUNK = 1 << 16;
  const word = (i) => new DataView(bytes.buffer, bytes.byteOffset + 4 * i, 4).getUint32(0, true);
  const memory = new Uint8Array(word(0));
  let at = 8 + 8 * word(1);
  for (let r = 0; r < word(1); r++) {
    const length = Math.min(word(3 + 2 * r) * CHUNK, memory.length - word(2 + 2 * r) * CHUNK);
    memory.set(bytes.subarray(at, at + length), word(2 + 2 * r) * CHUNK);
    at += length;
  }
  if (at !== bytes.length) throw new Error("snapshot: damaged");
  return memory;
}

// The normal boot, from the engine archive: what the snapshot saves.
const BOOT = `
import sys
sys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})
from game import levels  # noqa: F401  (the first computer move should not wait for an import)
from game.api import call
call
`;

async function start({ pyodideURL, engineURL }) {
  const runtime = (name) => new URL(name, pyodideURL).href;
  expect(...["pyodide.mjs", "pyodide.asm.mjs", WASM].map(runtime));
  // Downloads run while the runtime's JavaScript loads.
  const use = snapshotWorthIt(runtime);
  const snapshot = use.then((worth) => worth && fetchSnapshot(runtime).then(unpackSnapshot));
  snapshot.catch(() => {}); // a failure is handled below, where the snapshot is used
  await life;
  const { loadPyodide } = await importAsset(runtime("pyodide.mjs"));
  const createPyodideModule = (await importAsset(runtime("pyodide.asm.mjs"))).default;
  progress("runtime");
  const options = {
    indexURL: pyodideURL,
    createPyodideModule,
    packages: [],
    lockFileContents: { info: LOCKFILE_INFO, packages: {} },
  };
  const boot = async () => {
    // The runtime is the one already downloaded (assetFetch); the standard library is new.
    expect(engineURL, runtime(STDLIB));
    const archive = fetchBytes(engineURL, "engine archive");
    archive.catch(() => {}); // unread if loadPyodide fails first; else it fails where it is read
    const pyodide = await loadPyodide(options);
    progress("python");
    pyodide.unpackArchive(await archive, "zip", { extractDir: ENGINE_DIR });
    call = pyodide.runPython(BOOT);
    // A short search once the page is told it is ready, so the first real one runs warm
    // (the snapshot was warmed up before it was saved).
    setTimeout(() => answer(0, "ai_move", { record: "1.fox-and-geese.13", seconds: 0.03, seed: 0 }));
  };
  if (!(await use)) {
    progress("slow-link");
    await boot();
  } else {
    // The snapshot's Python has imported every module of the standard library zip already
    // (precompile.mjs): restoring it needs no zip, so none is downloaded; Pyodide gets an
    // empty one.
    const noStdlib = URL.createObjectURL(new Blob([EMPTY_ZIP]));
    try {
      const pyodide = await loadPyodide({ ...options, stdLibURL: noStdlib, _loadSnapshot: snapshot });
      progress("python");
      call = pyodide.runPython("restored()");
    } catch (error) {
      // Anything wrong with the snapshot costs time, never the game: boot Python normally.
      console.warn("engine snapshot not used:", String(error?.message ?? error));
      progress("fallback");
      await boot();
    }
  }
  downloads = null;
  progress("engine");
  progress("ready");
}

const failure = (code, detail) => ({ error: { code, detail: String(detail) } });

function answer(id, method, params) {
  if (!METHODS.has(method)) return { id, result: failure("bad-method", method) };
  if (!call) return { id, result: failure("not-ready", "engine not loaded") };
  try {
    return { id, result: JSON.parse(call(method, JSON.stringify(params ?? {}))) };
  } catch (error) {
    return { id, result: failure("internal", error?.message ?? error) };
  }
}

onmessage = async ({ data: { id, method, params } }) => {
  if (method !== "init") {
    postMessage(answer(id, method, params));
    return;
  }
  starting ??= Promise.race([start(params), loadFailed]);
  try {
    await starting;
    postMessage({ id, result: { ready: true } });
  } catch (error) {
    starting = null;
    postMessage({ id, result: failure("load-failed", error?.message ?? error) });
  }
};
