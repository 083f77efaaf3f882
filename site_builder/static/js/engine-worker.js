// Module worker running the Python engine (game/) in Pyodide, off the page's thread.
//
// Protocol (structured-clone messages):
//   page -> worker  {id, method: "init", params: {pyodideURL, engineURL}}
//                   {id, method: "new_game"|"load"|"play"|"ai_move", params: {...keyword args}}
//   worker -> page  {id, result}            the game.api function's dict (which may hold
//                                           an "error" for bad records or illegal moves)
//                   {id, error: {code, message}}   a failure of the worker itself
//                   {progress: phase, ms}   loading phases, "ready" last, ms since start
// Every answer is a value: nothing is thrown across the boundary.

const METHODS = new Set(["new_game", "load", "play", "ai_move"]);
// The pinned Pyodide's lockfile header, filled in by the builder (play.py). Passing it
// inline saves fetching the 120 kB lockfile of packages this engine never loads.
const LOCKFILE_INFO = /*LOCKFILE_INFO*/null;
const ENGINE_DIR = "/home/pyodide/engine";

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

async function fetchEngine(url) {
  // "no-cache" revalidates, so a rebuilt engine is never hidden behind a stale copy.
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`engine archive: HTTP ${response.status}`);
  return response.arrayBuffer();
}

async function start({ pyodideURL, engineURL }) {
  // The archive downloads while the runtime boots.
  const archive = fetchEngine(engineURL);
  await life;
  const { loadPyodide } = await import(new URL("pyodide.mjs", pyodideURL).href);
  progress("runtime");
  const pyodide = await loadPyodide({
    indexURL: pyodideURL,
    packages: [],
    lockFileContents: { info: LOCKFILE_INFO, packages: {} },
  });
  progress("python");
  pyodide.unpackArchive(await archive, "zip", { extractDir: ENGINE_DIR });
  progress("engine");
  call = pyodide.runPython(`
import json, sys
sys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})
from game import ai, api  # ai too: the first computer move should not wait for an import

def call(method, params):
    return json.dumps(getattr(api, method)(**json.loads(params)))
call
`);
  progress("ready");
  // A short search once the page is told it is ready, so the first real one runs warm.
  setTimeout(() => answer(0, "ai_move", { record: "1.fox-and-geese.13", seconds: 0.03, seed: 0 }));
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
