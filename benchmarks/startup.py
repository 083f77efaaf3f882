"""Start-up of the play page against a bare default Pyodide, in Debian's Chromium on loopback.

    python benchmarks/startup.py [--runs 5] [--site DIR] [--game fox-and-geese] [--locale en]
                                 [--network none|fast4g|slow4g] [--encoding br|gzip|none]
                                 [--ai-only] [--before OTHER_SITE]

For each of a bare ``loadPyodide()`` in a module worker (the stock npm files)
and our play page, cold (a fresh browser profile) and warm (the third reload in one
profile, once the service worker stored the site), it prints the median over the runs of:
first contentful paint (the board, on our page), the first moment a move can be made on the
board (before the engine is ready in a new game, where the page holds the opening's moves),
the time from a first move made at that moment to the computer's reply on the board (cold),
time to ``<html data-engine="ready">``, total blocking time (main-thread long tasks beyond
50 ms, up to ready), the longest main-thread task, the bytes the server sent until ready,
and the longest time the loading progress bar stood still. Then the ratios of ours to
bare, and the computer's move time at level hard in the browser through our real worker
(Pyodide in WebAssembly, not CPython), in every game; ``--ai-only`` measures only that.
Runs of the cases are interleaved, so a change in the machine's load hits them alike;
``--before`` adds another build of the site (an earlier version) as a case of its own.

--network serves through scripts/serve.py's throttled link (slow4g: 1.6 Mbit/s and 150 ms
per request, fast4g: 9 Mbit/s and 60 ms; the bare case and the move times are left out
there). --encoding picks the precompressed copies the server may send (the builder writes
.br and .gz; for a site built without them, they are written into --site first), as a host
that serves precompressed files would. A load that fails counts as such, with its time.

With ``--ablation``, also our page cold without the memory snapshot (the worker
boots Python from the precompiled standard library and engine archive), and
without both the snapshot and the precompiled standard library (the stock zip,
compiled from source at start-up): what each technique is worth.
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import shutil
import statistics
import tempfile
import threading
import time
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from site_builder import build, compress

REPO = Path(__file__).resolve().parent.parent


def _script(name: str) -> Any:
    """A module of scripts/, which is not a package: loaded from its file."""
    spec = importlib.util.spec_from_file_location(name, REPO / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


serve = _script("serve")
chromium = _script("chromium")

BARE_HTML = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bare</title>
<script type="module" src="bare.js"></script></head><body><p>Bare Pyodide</p></body></html>"""
BARE_JS = """const worker = new Worker(new URL("bare-worker.js", import.meta.url),
  { type: "module" });
worker.onmessage = () => { document.documentElement.dataset.engine = "ready"; };"""
BARE_WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";
await loadPyodide();
postMessage("ready");"""

NETWORKS = {"none": (None, 0), "fast4g": (9000, 60), "slow4g": (1600, 150)}  # kbit/s, ms

# Runs before any page script: records long tasks, progress bar moves, the moment a move can
# first be made on the board (before the engine is ready when the page knows the opening's
# moves) and the moment the engine is ready (or failed).
PROBE = """
window.__bench = { longtasks: [], ready: null, failed: false, moves: [], playable: null,
  moved: null, replied: null };
new MutationObserver(() => {
  const plies = document.querySelectorAll("#moves [data-move]").length;
  if (plies >= 1 && window.__bench.moved === null) window.__bench.moved = performance.now();
  if (plies >= 2 && window.__bench.replied === null) window.__bench.replied = performance.now();
}).observe(document, { childList: true, subtree: true });
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__bench.longtasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
new MutationObserver(() => {
  const html = document.documentElement;
  const state = html && html.dataset.engine;
  if ((state === "ready" || state === "failed") && window.__bench.ready === null) {
    window.__bench.ready = performance.now();
    window.__bench.readyEpoch = Date.now();
    window.__bench.failed = state === "failed";
  }
  if (window.__bench.playable === null
      && document.querySelector("svg.board-live:not(.board-locked)")) {
    window.__bench.playable = performance.now();
  }
  if (window.__bench.ready === null) {
    const bar = document.getElementById("engine-progress");
    const value = bar && bar.value;
    const moves = window.__bench.moves;
    if (value && (!moves.length || moves[moves.length - 1][1] !== value)) {
      moves.push([performance.now(), value]);
    }
  }
}).observe(document,
  { attributes: true, subtree: true, attributeFilter: ["data-engine", "value", "class"] });
"""

AI_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ai</title></head>
<body><script type="module">
const worker = new Worker(new URL("../static/js/engine-worker.js", import.meta.url),
  { type: "module" });
let id = 0;
const pending = new Map();
worker.onmessage = ({ data }) => {
  if (data.id && pending.has(data.id)) pending.get(data.id)(data);
};
const call = (method, params) => new Promise((resolve) => {
  pending.set(++id, resolve); worker.postMessage({ id, method, params });
});
window.benchAI = async (records, seconds) => {
  await call("init", { pyodideURL: new URL("../pyodide/", location.href).href,
                       engineURL: new URL("../engine.zip", location.href).href });
  const times = [];
  for (const record of records) {
    const t0 = performance.now();
    const answer = await call("ai_move", { record, level: "hard", seconds, seed: 1 });
    if (!answer.result || !answer.result.last) throw new Error(JSON.stringify(answer));
    times.push(performance.now() - t0);
  }
  return times;
};
</script></body></html>"""


class Counter:
    """Bytes the server sent, with when (wall clock): what went out before a moment
    can be summed."""

    def __init__(self) -> None:
        self.sent: list[tuple[float, int]] = []
        self.lock = threading.Lock()

    def add(self, n):
        with self.lock:
            self.sent.append((time.time(), n))

    def reset(self):
        with self.lock:
            self.sent = []

    def until(self, moment: float) -> int:
        with self.lock:
            return sum(n for t, n in self.sent if t <= moment)


def counting_server(
    root: Path, counter: Counter, network: str, encoding: str
) -> ThreadingHTTPServer:
    class Writer:
        def __init__(self, raw):
            self.raw = raw

        def write(self, data):
            counter.add(len(data))
            return self.raw.write(data)

        def __getattr__(self, name):
            return getattr(self.raw, name)

    kbit, latency = NETWORKS[network]
    server = serve.make_server(
        root,
        throttle_kbit=kbit,
        latency_ms=latency,
        encodings={"br": ("br", "gzip"), "gzip": ("gzip",), "none": ()}[encoding],
    )
    handler = server.RequestHandlerClass.func  # the server's own, with its link and encodings

    def setup(self: Any) -> None:
        handler.setup(self)
        self.wfile = Writer(self.wfile)

    counted = type("Counted", (handler,), {"setup": setup})
    server.RequestHandlerClass = partial(counted, directory=str(root))
    # A closed page drops its service worker's downloads mid-way: not worth a traceback.
    server.handle_error = lambda request, address: None
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def prepare(site: Path) -> None:
    bench = site / "bench"
    bench.mkdir(exist_ok=True)
    (bench / "bare.html").write_text(BARE_HTML)
    (bench / "bare.js").write_text(BARE_JS)
    (bench / "bare-worker.js").write_text(BARE_WORKER)
    (bench / "ai.html").write_text(AI_PAGE)
    stock = REPO / "node_modules" / "pyodide"
    target = bench / "pyodide"
    if not target.exists():
        target.mkdir()
        for name in (
            "pyodide.mjs",
            "pyodide.asm.mjs",
            "pyodide.asm.wasm",
            "python_stdlib.zip",
            "pyodide-lock.json",
        ):
            shutil.copyfile(stock / name, target / name)


# The first legal move of the page's first table, as the board takes it (its points in turn).
FIRST_MOVE = """() => {
  const openings = JSON.parse(document.getElementById("openings").textContent);
  return Object.values(openings)[0].legal[0].path;
}"""


def measure(
    page, url: str, counter: Counter, reload: bool = False, first_move: bool = False
) -> dict:
    counter.reset()
    if reload:
        page.reload(wait_until="commit")
    else:
        page.goto(url, wait_until="commit")
    if first_move:
        # A first-time player moves as soon as the board takes a move: how long until the
        # computer's reply shows (the page's own default, a game against the computer).
        page.wait_for_function(
            "() => window.__bench && window.__bench.playable !== null", timeout=600_000, polling=50
        )
        for point in page.evaluate(FIRST_MOVE):
            page.click(f'svg[data-board] [data-point="{point}"]')
    page.wait_for_function(
        "() => window.__bench && window.__bench.ready !== null", timeout=600_000, polling=50
    )
    if first_move:
        page.wait_for_function(
            "() => window.__bench.replied !== null || window.__bench.failed",
            timeout=600_000,
            polling=50,
        )
    data = page.evaluate("""() => ({
        ready: window.__bench.ready,
        readyEpoch: window.__bench.readyEpoch,
        failed: window.__bench.failed,
        moves: window.__bench.moves,
        playable: window.__bench.playable,
        moved: window.__bench.moved,
        replied: window.__bench.replied,
        fcp: (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime ?? null,
        longtasks: window.__bench.longtasks })""")
    tasks = [d for start, d in data["longtasks"] if start <= data["ready"]]
    times = [0.0, *(at for at, _ in data["moves"]), data["ready"]]
    return {
        "failed": data["failed"],
        "still": max(b - a for a, b in itertools.pairwise(times)),
        "fcp": data["fcp"],
        "move": data["playable"],
        "reply": None
        if not first_move or data["replied"] is None
        else data["replied"] - data["moved"],
        "ready": data["ready"],
        "tbt": sum(max(0.0, d - 50) for d in tasks),
        "longest": max(tasks, default=0.0),
        # Up to ready: after it, the service worker starts storing the engine for offline use.
        "bytes": counter.until(data["readyEpoch"] / 1000),
    }


# Our page with one start-up technique taken away (--ablation), to show what each one is worth:
# the snapshot refused (the worker boots Python from the precompiled files instead), and then
# also the stock standard library (compiled from source at start-up, as by default).
STOCK_STDLIB = REPO / "node_modules" / "pyodide" / "python_stdlib.zip"
ABLATIONS: dict[str, dict[str, Path | None]] = {
    "no snapshot": {"**/engine-snapshot.*": None},
    "no snap+pyc": {"**/engine-snapshot.*": None, "**/python_stdlib.zip*": STOCK_STDLIB},
}


def answer_with(replacement: Path | None):
    """A route handler: abort, or answer with a file's bytes."""
    if replacement is None:
        return lambda route: route.abort()
    body = replacement.read_bytes()
    return lambda route: route.fulfill(body=body)


def run_case(
    browser, url: str, counter: Counter, warm: bool, routes: dict | None = None, page_kind="ours"
) -> dict:
    context = browser.new_context()  # a fresh profile: empty HTTP cache, no service worker
    for pattern, replacement in (routes or {}).items():
        context.route(pattern, answer_with(replacement))
    context.add_init_script(PROBE)
    page = context.new_page()
    try:
        result = measure(page, url, counter, first_move=page_kind != "bare")
        if warm:
            # A later visit: the service worker has stored the site (the bare case has none).
            page.wait_for_function(
                "() => !document.querySelector('script[src$=\"offline.js\"]')"
                " || document.documentElement.dataset.offline",
                timeout=300_000,
            )
            measure(page, url, counter, reload=True)
            result = measure(page, url, counter, reload=True)
        return result
    finally:
        context.close()


def median(rows: list[dict], key: str):
    if key == "failed":
        return sum(r["failed"] for r in rows)
    values = [r[key] for r in rows if r[key] is not None]
    return statistics.median(values) if values else None


def add_precompressed(site: Path) -> None:
    """A site built before the builder compressed: its copies, written as the builder would."""
    if not any(site.rglob("*.gz")):
        compress.precompress(site)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path, help="a built site (default: build one now)")
    parser.add_argument(
        "--before",
        type=Path,
        help="another built site (an earlier version), measured as 'before', interleaved",
    )
    parser.add_argument("--game", default="fox-and-geese")
    parser.add_argument("--locale", default="en")
    parser.add_argument("--ai-seconds", type=float, default=1.0)
    parser.add_argument("--network", choices=NETWORKS, default="none")
    parser.add_argument("--encoding", choices=("br", "gzip", "none"), default="br")
    parser.add_argument(
        "--ablation",
        action="store_true",
        help="also measure our page without the snapshot, and without the precompiled stdlib",
    )
    parser.add_argument(
        "--ai-only", action="store_true", help="only the computer's move times, no page loads"
    )
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = build(Path(tmp) / "dist")
        prepare(site)
        if args.encoding != "none":
            add_precompressed(site)
            if args.before:
                add_precompressed(args.before)
        counter = Counter()
        server = counting_server(site, counter, args.network, args.encoding)
        base = f"http://127.0.0.1:{server.server_port}/"
        page_path = f"{args.locale}/{args.game}/play/"
        ours = base + page_path
        local = args.network == "none"
        cases: dict[str, tuple[str, dict[str, Path | None] | None]] = {}
        if local and not args.ai_only:
            cases["bare"] = (base + "bench/bare.html", None)
        other = None
        if args.before and not args.ai_only:
            other = counting_server(args.before, counter, args.network, args.encoding)
            cases["before"] = (f"http://127.0.0.1:{other.server_port}/{page_path}", None)
        if not args.ai_only:
            cases["ours"] = (ours, None)
        if args.ablation:
            cases.update({name: (ours, routes) for name, routes in ABLATIONS.items()})
        results: dict[tuple[str, str], dict[str, Any]] = {}
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=chromium.PATH, headless=True, args=chromium.BROWSER_ARGS
            )
            for temp in ("cold", "warm"):
                # Interleaved, so that a change in the machine's load hits both cases alike.
                rows: dict[str, list[dict[str, Any]]] = {name: [] for name in cases}
                for _ in range(args.runs):
                    for name, (url, routes) in cases.items():
                        # Cold only: warm, the service worker answers and routes would not apply.
                        if temp == "cold" or not routes:
                            rows[name].append(
                                run_case(browser, url, counter, temp == "warm", routes, name)
                            )
                for name in cases:
                    if rows[name]:
                        results[name, temp] = {k: median(rows[name], k) for k in rows[name][0]}
            ai_times = []
            if local:
                page = browser.new_page()
                page.goto(base + "bench/ai.html")
                records = [
                    "1.fox-and-geese.13",
                    "1.fox-and-geese.13.d4-d5.c3-c4.d5-c5",
                    "1.two-foxes.20.c7-c6",
                    "1.large-cross.18.e7-e6",
                    "1.asalto.24",
                    "1.asalto.24.d4-d5",
                    "1.bagh-chal.20.@c3",
                    "1.bagh-chal.20.@a3.e5-d5.@a2.d5-c5.@c1.c5-b5.@e3.b5-c5.@b1.c5-d5.@d1.d5-d4.@e2",
                    "1.bagh-chal.20.@a3.e5-d5.@a2.d5-c5.@c1.c5-b5.@e3.b5-c5.@b1.c5-d5.@d1.d5-d4"
                    ".@e2.d4-c5.@a4.a5-b5.@a5.c5-d5.@e4.b5-c5.@e5.c5-b5.@c5.b5-b4.@b5.b4-c4.@b4"
                    ".d5-d4.@d5.d4-c3.@d4.c3-d3.@b3.d3-c3.@c2.c3-d3.@c3.e1-d2.@b2.d2-e1.e2-d2"
                    ".e1-e2.d2-e1.d3-d2",
                ]
                ai_times = page.evaluate(f"benchAI({records!r}, {args.ai_seconds})")
            browser.close()
        server.shutdown()
        if other:
            other.shutdown()

    if cases:
        print(
            f"Start-up, median of {args.runs}, {args.locale}/{args.game}/play/, network "
            f"{args.network}, encoding {args.encoding}"
        )
        print(
            f"{'case':<18}{'paint ms':>10}{'move ms':>10}{'reply ms':>10}{'ready ms':>10}"
            f"{'TBT ms':>9}{'longest':>9}{'bytes':>12}{'still ms':>10}{'failed':>8}"
        )
    for (name, temp), r in results.items():
        fcp = "-" if r["fcp"] is None else f"{r['fcp']:.0f}"
        move = "-" if r["move"] is None else f"{r['move']:.0f}"
        reply = "-" if r["reply"] is None else f"{r['reply']:.0f}"
        print(
            f"{name + ' ' + temp:<18}{fcp:>10}{move:>10}{reply:>10}{r['ready']:>10.0f}"
            f"{r['tbt']:>9.0f}{r['longest']:>9.0f}{r['bytes']:>12,}{r['still']:>10.0f}"
            f"{r['failed']:>8}"
        )
    if not local:
        return
    for temp in ("cold", "warm") if not args.ai_only else ():
        mine, bare = results["ours", temp], results["bare", temp]
        print(
            f"ratio {temp}: ready {mine['ready'] / bare['ready']:.2f}x, "
            f"bytes {mine['bytes'] / max(1, bare['bytes']):.2f}x (goal: ready <= 0.40x)"
        )
    print(
        "computer move, level hard, in the browser worker (ms): "
        + ", ".join(f"{t:.0f}" for t in ai_times)
        + f" (budget {args.ai_seconds:.1f} s)"
    )


if __name__ == "__main__":
    main()
