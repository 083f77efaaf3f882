// Run Python code (read from stdin) in Pyodide under Node.js, with the repo's
// game/ package copied into Pyodide's virtual file system. Prints what the code
// prints; exits 1 with the Python traceback on stderr if it raises.
// Usage: node tests/node/run_python.mjs < code.py
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const home = "/home/pyodide";

// Copy a package directory's .py files, keeping its layout.
function copyPackage(pyodide, dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const target = join(home, relative(repo, path));
    if (statSync(path).isDirectory()) {
      if (name === "__pycache__") continue;
      pyodide.FS.mkdirTree(target);
      copyPackage(pyodide, path);
    } else if (name.endsWith(".py")) {
      pyodide.FS.writeFile(target, readFileSync(path));
    }
  }
}

const code = readFileSync(0, "utf8");
const pyodide = await loadPyodide({
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
pyodide.FS.mkdirTree(join(home, "game"));
copyPackage(pyodide, join(repo, "game"));
try {
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(home)})`);
  pyodide.runPython(code);
} catch (error) {
  process.stderr.write(String(error.message ?? error) + "\n");
  process.exit(1);
}
