// Build step, run by Node with the npm Pyodide: precompile what the play page's Python needs.
//
// Pyodide spends most of its start-up compiling the standard library from source. Bytecode is
// specific to the exact Python (3.14 here, not the CPython running the builder), so it is made
// inside Pyodide itself. The worker's real code paths run first (engine import, a search, a
// rejected record, a traceback), then every module they loaded from the standard library zip is
// compiled to a sourceless .pyc and written to a trimmed zip, passed to loadPyodide as stdLibURL.
// The engine package is compiled the same way into its own archive.
//
// Last, a second Pyodide boots the way the worker does (with that trimmed zip and that archive),
// imports the engine, warms up a search, and its memory is saved as a snapshot: restoring it
// skips Python's start-up and the imports altogether. Before it is saved, that Python imports
// every module of the trimmed zip, so a restored snapshot never reads the zip: the worker does
// not download it then (it gives Pyodide an empty one), and a snapshot cannot be paired with the
// zip of another build. The worker falls back to a normal boot (with the zip) if anything about
// the snapshot fails. Only the non-zero parts of the memory are kept, gzipped (about 31 MB of
// memory, 5 MB on the wire).
//
//   node site_builder/precompile.mjs PYODIDE_DIR GAME_DIR OUT_DIR
//   -> OUT_DIR/python_stdlib.zip, OUT_DIR/engine.zip, OUT_DIR/engine-snapshot.bin,
//      and a module list on stdout (JSON)

import { readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const [pyodideDir, gameDir, outDir] = process.argv.slice(2).map((p) => resolve(p));
const { loadPyodide } = await import(join(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", stdout: () => {}, stderr: () => {} });

// Most of the snapshot's 30 MiB is zeros: only the runs of non-zero 64 KiB chunks are kept, so the
// browser inflates 12 MB instead of 31. Layout (little-endian u32): total length, number of runs,
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

const modules = pyodide.runPython(`
import json, sys, traceback
sys.path.insert(0, ${JSON.stringify(SRC)})
from game import api, ai  # noqa: F401  (the worker's imports)

# The worker's code paths, so that everything they import lazily is found.
state = api.new_game("fox-and-geese")
api.play(state["record"], state["legal"][0])
api.load("1.fox-and-geese.13.zz")
api.ai_move(api.new_game("two-foxes")["record"], "hard", 0.05, 1)
try:
    raise ValueError("probe")
except ValueError:
    traceback.format_exc()
loaded = dict(sys.modules)  # before the build's own imports below

import os, py_compile, zipfile

STDLIB = "/lib/python314.zip/"

stdlib_zip = zipfile.ZipFile("/lib/python314.zip")

def read(path):
    if path.startswith(STDLIB):
        return stdlib_zip.read(path[len(STDLIB):])
    with open(path, "rb") as f:
        return f.read()

def compiled_zip(pairs, target):
    """pairs: (source path, archive name without suffix) -> a zip of sourceless .pyc files."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for source, name in sorted(pairs, key=lambda p: p[1]):
            with open("/tmp/one.py", "wb") as f:
                f.write(read(source))
            # Unchecked hash: the .pyc is trusted as is, with no source to compare against.
            py_compile.compile("/tmp/one.py", cfile="/tmp/one.pyc", dfile=name + ".py", doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            with open("/tmp/one.pyc", "rb") as f:
                data = f.read()
            info = zipfile.ZipInfo(name + ".pyc", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, data)

stdlib = []
for name, module in sorted(loaded.items()):
    path = getattr(module, "__file__", None) or ""
    if path.startswith(STDLIB) and path.endswith(".py"):
        stdlib.append((path, path[len(STDLIB):-3]))
# Packages need their __init__ even when only a submodule was imported.
names = {n for _, n in stdlib}
for path, name in list(stdlib):
    parts = name.split("/")[:-1]
    for i in range(1, len(parts) + 1):
        init = "/".join(parts[:i]) + "/__init__"
        if init not in names and init + ".py" in stdlib_zip.namelist():
            stdlib.append((STDLIB + init + ".py", init))
            names.add(init)
compiled_zip(stdlib, "/tmp/python_stdlib.zip")

engine = [(f"${SRC}/game/{f}", "game/" + f[:-3]) for f in os.listdir("${SRC}/game") if f.endswith(".py")]
compiled_zip(engine, "/tmp/engine.zip")
json.dumps(sorted(names))
`);

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
booted.runPython(`
import importlib, json, os, sys
sys.path.insert(0, "/home/pyodide/engine")
from game.api import ai_move, call, new_game

# Everything the standard library zip holds, and every engine module, imported now: the
# restored Python has no files (they are not part of the snapshot) and never needs them.
for name in json.loads(${JSON.stringify(modules)}):
    importlib.import_module(name.removesuffix("/__init__").replace("/", "."))
for name in sorted(os.listdir("/home/pyodide/engine/game")):
    if name.endswith(".pyc") and name != "__main__.pyc":
        importlib.import_module("game." + name.removesuffix(".pyc"))

# A first search in each game (to a fixed depth: easy stops there) builds the move and evaluation
# tables, so they are in the snapshot. (Snapshots still differ between builds: they hold
# entropy-seeded state.)
for game in ("fox-and-geese", "two-foxes", "large-cross"):
    ai_move(new_game(game)["record"], "easy", 60.0, 0)

def restored():
    """Run by engine-worker.js right after restoring; returns the engine's entry point."""
    import random
    random.seed()  # else every load would start the generator alike
    return call
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
writeFileSync(join(outDir, "engine-snapshot.bin"), gzipSync(pack(snapshot), { level: 9 }));
process.stdout.write(modules + "\n");
