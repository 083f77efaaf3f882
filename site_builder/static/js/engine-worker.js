// Module worker running the Python engine (game/) in Pyodide, off the page's thread.
//
// Protocol (structured-clone messages):
//   page -> worker  {id, method: "init", params: {pyodideURL, engineURL}}
//                   {id, method: "new_game"|"load"|"play"|"ai_move", params: {...keyword args}}
//   worker -> page  {id, result}            the game.api function's dict (which may hold
//                                           an "error" for bad records or illegal moves)
//                   {id, error: {code, message}}   a failure of the worker itself
//                   {progress: phase, ms}   loading phases, "ready" last, ms since start
//                                           ("fallback" if the snapshot could not be used)
// Every answer is a value: nothing is thrown across the boundary.
//
// Booting restores the builder's memory snapshot of Pyodide with the engine already imported;
// if that fails in any way, Python boots normally and imports the engine from its archive.

// game.api's functions (api.CALLS), filled in by the builder (play.py): one list, in Python.
const METHODS = new Set(/*METHODS*/[]);
// The pinned Pyodide's lockfile header, filled in by the builder (play.py). Passing it
// inline saves fetching the 120 kB lockfile of packages this engine never loads.
const LOCKFILE_INFO = /*LOCKFILE_INFO*/null;
const ENGINE_DIR = "/home/pyodide/engine";
const SNAPSHOT = "engine-snapshot.bin";  // made by the builder (precompile.mjs), next to the runtime

let call = null; // Python function: (method, json params) -> json result
let starting = null;
const t0 = performance.now();
// Held for the worker's whole life (the page names the worker): the page asks for the same
// lock, and gets it the moment this worker is gone, even if it dies in the middle of a search.
const life = navigator.locks && self.name
  ? new Promise((held) => navigator.locks.request(self.name, () => { held(); return new Promise(() => {}); }))
  : Promise.resolve();

function progress(phase) {
  postMessage({ progress: phase, ms: Math.round(performance.now() - t0) });
}

async function fetchBytes(url, what) {
  // "no-cache" revalidates, so a rebuilt file is never hidden behind a stale copy.
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// The snapshot as precompile.mjs packs it: gzipped (unless the host already undid that on the
// wire), then a header of u32s (length, number of runs, then first chunk and chunk count of each
// run) and the runs of non-zero 64 KiB chunks; everything else is zeros.
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
from game import ai  # noqa: F401  (the first computer move should not wait for an import)
from game.api import call
call
`;

async function start({ pyodideURL, engineURL }) {
  // Downloads run while the runtime boots.
  const snapshot = fetchBytes(new URL(SNAPSHOT, pyodideURL).href, "snapshot").then(unpackSnapshot);
  snapshot.catch(() => {}); // a failure is handled below, where the snapshot is used
  await life;
  const { loadPyodide } = await import(new URL("pyodide.mjs", pyodideURL).href);
  progress("runtime");
  const options = {
    indexURL: pyodideURL,
    packages: [],
    lockFileContents: { info: LOCKFILE_INFO, packages: {} },
  };
  try {
    const pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
    progress("python");
    call = pyodide.runPython("restored()"); // checks the snapshot fits this build (precompile.mjs)
  } catch (error) {
    // Anything wrong with the snapshot costs time, never the game: boot Python normally.
    console.warn("engine snapshot not used:", String(error?.message ?? error));
    progress("fallback");
    const archive = fetchBytes(engineURL, "engine archive");
    const pyodide = await loadPyodide(options);
    progress("python");
    pyodide.unpackArchive(await archive, "zip", { extractDir: ENGINE_DIR });
    call = pyodide.runPython(BOOT);
    // A short search once the page is told it is ready, so the first real one runs warm
    // (the snapshot was warmed up before it was saved).
    setTimeout(() => answer(0, "ai_move", { record: "1.fox-and-geese.13", seconds: 0.03, seed: 0 }));
  }
  progress("engine");
  progress("ready");
}

function answer(id, method, params) {
  if (!METHODS.has(method)) return { id, error: { code: "bad-method", message: String(method) } };
  if (!call) return { id, error: { code: "not-ready", message: "engine not loaded" } };
  try {
    return { id, result: JSON.parse(call(method, JSON.stringify(params ?? {}))) };
  } catch (error) {
    return { id, error: { code: "internal", message: String(error?.message ?? error) } };
  }
}

onmessage = async ({ data: { id, method, params } }) => {
  if (method !== "init") {
    postMessage(answer(id, method, params));
    return;
  }
  starting ??= start(params);
  try {
    await starting;
    postMessage({ id, result: { ready: true } });
  } catch (error) {
    starting = null;
    postMessage({ id, error: { code: "load-failed", message: String(error?.message ?? error) } });
  }
};
