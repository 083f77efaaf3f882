// Build step, run by Node with the npm Pyodide: precompile what the play page's Python needs.
//
// Pyodide spends most of its start-up compiling the standard library from source. Bytecode is
// specific to the exact Python (3.14 here, not the CPython running the builder), so it is made
// inside Pyodide itself, by the Python in in_pyodide/ (precompile.py, then snapshot.py, each
// copied into Pyodide's file system and imported). The worker's real code paths run first
// (engine import, a search, a rejected record, a traceback), then every module they loaded from the standard library zip is
// compiled to a sourceless .pyc and written to a trimmed zip, passed to loadPyodide as stdLibURL.
// The engine package is compiled the same way into its own archive.
//
// Last, a second Pyodide boots the way the worker does (with that trimmed zip and that archive),
// imports the engine, warms up a search, and its memory is saved as a snapshot: restoring it
// skips Python's start-up and the imports altogether. Before it is saved, that Python imports
// every module of the trimmed zip, so a restored snapshot never reads the zip: the worker does
// not download it then (it gives Pyodide an empty one), and a snapshot cannot be paired with the
// zip of another build. The worker falls back to a normal boot (with the zip) if anything about
// the snapshot fails. Only the non-zero parts of the memory are kept (sizes in
// benchmarks/README.md).
//
//   node site_builder/precompile.mjs PYODIDE_DIR GAME_DIR OUT_DIR
//   -> OUT_DIR/python_stdlib.zip, OUT_DIR/engine.zip, OUT_DIR/engine-snapshot.raw (packed),
//      OUT_DIR/engine-snapshot.bin (the same gzipped), and a module list on stdout (JSON)

import { readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const [pyodideDir, gameDir, outDir] = process.argv.slice(2).map((p) => resolve(p));
const { loadPyodide } = await import(join(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", stdout: () => {}, stderr: () => {} });

// Most of the snapshot's memory is zeros: only the runs of non-zero 64 KiB chunks are kept, so the
// browser inflates under half of it. Layout (little-endian u32): total length, number of runs,
// then (first chunk, chunk count) per run, then the runs' bytes. engine-worker.js unpacks it.
function pack(memory) {
  const CHUNK = 1 << 16;
  const empty = (i) => memory.subarray(i * CHUNK, (i + 1) * CHUNK).every((b) => b === 0);
  const runs = [];
  for (let i = 0; i * CHUNK < memory.length; i++) {
    if (empty(i)) continue;
    const last = runs.at(-1);
    if (last && last[0] + last[1] === i) last[1]++;
    else runs.push([i, 1]);
  }
  const header = new Uint32Array([memory.length, runs.length, ...runs.flat()]);
  const parts = [new Uint8Array(header.buffer), ...runs.map(([i, n]) => memory.subarray(i * CHUNK, (i + n) * CHUNK))];
  return Buffer.concat(parts);
}

// The engine goes in the way the worker puts it there: a zip unpacked by unpackArchive.
const SRC = "/tmp/engine-src";
pyodide.FS.mkdirTree("/tmp/game");
for (const name of readdirSync(gameDir)) {
  if (name.endsWith(".py")) pyodide.FS.writeFile(`/tmp/game/${name}`, readFileSync(join(gameDir, name)));
}
pyodide.runPython(`import shutil; shutil.make_archive("/tmp/source", "zip", "/tmp", "game")`);
pyodide.unpackArchive(pyodide.FS.readFile("/tmp/source.zip"), "zip", { extractDir: SRC });

// The Python of this step lives in in_pyodide/, copied into Pyodide's file system and imported.
const IN_PYODIDE = join(dirname(fileURLToPath(import.meta.url)), "in_pyodide");
function addModule(py, name) {
  py.FS.mkdirTree("/tmp/build");
  py.FS.writeFile(`/tmp/build/${name}.py`, readFileSync(join(IN_PYODIDE, `${name}.py`)));
}

addModule(pyodide, "precompile");
pyodide.runPython(`import sys; sys.path[:0] = [${JSON.stringify(SRC)}, "/tmp/build"]`);
const modules = pyodide.pyimport("precompile").precompile(SRC, "/tmp");

mkdirSync(outDir, { recursive: true });
for (const name of ["python_stdlib.zip", "engine.zip"]) {
  writeFileSync(join(outDir, name), pyodide.FS.readFile("/tmp/" + name));
}

// The snapshot: booted exactly as engine-worker.js boots (same options, files and Python).
const bootOptions = {
  indexURL: pyodideDir + "/",
  stdLibURL: join(outDir, "python_stdlib.zip"),
  packages: [],
  lockFileContents: { info: JSON.parse(readFileSync(join(pyodideDir, "pyodide-lock.json"))).info, packages: {} },
  stdout: () => {},
  stderr: () => {},
};
const booted = await loadPyodide({ ...bootOptions, _makeSnapshot: true });
booted.unpackArchive(new Uint8Array(readFileSync(join(outDir, "engine.zip"))), "zip",
  { extractDir: "/home/pyodide/engine" });
addModule(booted, "snapshot");
booted.runPython(`
import sys
sys.path[:0] = ["/home/pyodide/engine", "/tmp/build"]
from snapshot import call, import_everything, restored
import_everything(${JSON.stringify(modules)})
`);
const snapshot = booted.makeMemorySnapshot();

// Restore it once here, as the browser will, so a snapshot that cannot work never ships. (This
// Pyodide restores into its fixed 30 MiB heap: a snapshot of a heap that grew beyond that fails.)
// It is restored with an empty standard library zip, as the worker does, and asked what the page
// asks, errors included: nothing may need the zip.
const emptyZip = join(outDir, "empty.zip");
writeFileSync(emptyZip, new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]));
const copy = await loadPyodide({ ...bootOptions, stdLibURL: emptyZip, _loadSnapshot: snapshot });
const restoredCall = copy.runPython("restored()");
const bootedCall = booted.globals.get("call");
const probes = [
  ["new_game", '{"game": "two-foxes"}'],
  ["load", '{"record": "1.fox-and-geese.13.zz"}'],
  ["play", '{"record": "1.large-cross.18", "move": "e7-e6"}'],
  ["play", '{"record": "1.bagh-chal.20", "path": ["c3"]}'],
  ["load", '{"record": "1.asalto.24.d4-d5"}'],
];
for (const [method, params] of probes) {
  if (restoredCall(method, params) !== bootedCall(method, params)) {
    throw new Error(`the restored snapshot does not answer ${method} like the Python it was made from`);
  }
}
JSON.parse(restoredCall("ai_move", '{"record": "1.two-foxes.20", "level": "hard", "seconds": 0.05, "seed": 1}'));
try {
  restoredCall("new_game", "{not json");
  throw new Error("the restored snapshot took bad JSON");
} catch (error) {
  if (!String(error.message).includes("JSONDecodeError")) throw error; // a traceback, formatted
}
// Twice: as it is, for hosts that compress on the wire (brotli there is smaller than gzip here),
// and gzipped, for hosts that send it as it is (engine-worker.js picks one).
const packed = pack(snapshot);
writeFileSync(join(outDir, "engine-snapshot.raw"), packed);
writeFileSync(join(outDir, "engine-snapshot.bin"), gzipSync(packed, { level: 9 }));
process.stdout.write(modules + "\n");
