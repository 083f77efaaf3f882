"""The play page's review and hint in Debian's Chromium (Pyodide in the page's worker).

    python benchmarks/review_browser.py [--site dist] [--port 8731] [--tables fg13,tf]
                                        [--hints 10,50,90] [--plies 100]

All seven tables by default (--tables takes any of fg13, fg15, fg17, tf, lc, asalto, bc), one
line each as it is done and a Markdown table of them all at the end. For the longest game of
each table in benchmarks/results/ (cut at --plies, 100), opened by link
and played on by two players on one device: the time from *Review the game* to the review
done, how often the progress moved (the longest wait between two updates), and how long a
look back at an earlier move took while the review ran. Then a hint at plies 10, 50 and 90
of the same game, each in a fresh page (a worker that has solved nothing yet): the time from
the click to the hint shown. Each line ends with the machine's load average, since other work
on the machine changes the figures. docs/analysis.md has the figures.
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

from game.record import GameRecord

REPO = Path(__file__).resolve().parent.parent
# scripts/ is not a package: how Chromium is started is loaded from its file.
_spec = importlib.util.spec_from_file_location("chromium", REPO / "scripts" / "chromium.py")
assert _spec is not None and _spec.loader is not None
chromium: Any = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(chromium)

RESULTS = REPO / "benchmarks" / "results"
# table -> (game, geese, the prefix of its results files)
TABLES = {
    "fg13": ("fox-and-geese", 13, "fg13-"),
    "fg15": ("fox-and-geese", 15, "fg15-"),
    "fg17": ("fox-and-geese", 17, "fg17-"),
    "tf": ("two-foxes", None, "tf-"),
    "lc": ("large-cross", None, "lc-"),
    "asalto": ("asalto", None, "asalto-"),
    "bc": ("bagh-chal", None, "bagh-chal-"),
}
PLIES = 100
HINT_PLIES = (10, 50, 90)


def longest_game(game: str, geese: int | None, prefix: str, plies: int = PLIES) -> GameRecord:
    """The longest recorded game of the table, cut at ``plies``."""
    best: list[str] = []
    head = f"{game}/{geese} " if geese else f"{game} "
    for path in sorted(RESULTS.glob(f"{prefix}*.games.txt")):
        for line in path.read_text().splitlines():
            if line.startswith(head):
                moves = line.split(": ")[-1].split()
                if len(moves) > len(best):
                    best = moves
    return GameRecord.new(game, geese).with_moves(best[:plies])


def open_two_players(page: Page, url: str) -> None:
    """The game of the link, played on by two players on this device; a game that is over
    stays the link's (a finished link game may be reviewed, and another mode would start a
    new game)."""
    page.goto(url)
    page.wait_for_selector("html[data-engine=ready]", timeout=180_000)
    page.wait_for_selector("#status[data-mode=link]")
    if page.locator("#status").get_attribute("data-result"):
        return
    if page.locator("#settings-sheet").get_attribute("open") is None:
        page.click("#settings-sheet summary")
    page.check("input[name=mode][value=two]")
    if page.locator("#confirm").is_visible():
        page.click("#confirm [data-action=play-on]")
    page.wait_for_selector("#status[data-mode=two]")


# Times (ms, page clock) of every change of the review's progress.
WATCH = """() => {
  window.__progress = [];
  const review = document.querySelector('#review');
  new MutationObserver(() => window.__progress.push([performance.now(), review.dataset.done,
    review.dataset.status])).observe(review, { attributes: true });
  return performance.now();
}"""


def measure_review(page: Page, url: str, plies: int) -> dict[str, float]:
    open_two_players(page, url)
    start = page.evaluate(WATCH)
    page.click("[data-action=review]")
    # A look back while it runs: the worker answers between two review calls.
    page.wait_for_function(
        "() => Number(document.querySelector('#review').dataset.done) > 5", timeout=300_000
    )
    asked = time.monotonic()
    page.click(f"#moves [data-ply='{plies // 2}']")
    page.wait_for_selector(f"#moves [aria-current][data-ply='{plies // 2}']")
    look = time.monotonic() - asked
    page.wait_for_selector("#review[data-status=done]", timeout=600_000)
    marks = page.evaluate("() => window.__progress")
    times = [start] + [t for t, _, _ in marks]
    done = marks[-1][0] - start
    gaps = [b - a for a, b in itertools.pairwise(times)]
    return {"review": done / 1000, "longest_wait": max(gaps) / 1000, "look_back": look}


def measure_hint(page: Page, url: str) -> float:
    open_two_players(page, url)
    start = time.monotonic()
    page.click("[data-action=hint]")
    page.wait_for_function(
        "() => document.querySelector('#advice').dataset.move !== ''", timeout=60_000
    )
    return time.monotonic() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=str(REPO / "dist"))
    parser.add_argument("--port", type=int, default=8731)
    parser.add_argument("--tables", default=",".join(TABLES))
    parser.add_argument("--hints", default=",".join(map(str, HINT_PLIES)), help="plies")
    parser.add_argument("--plies", type=int, default=PLIES, help="cut each game here")
    args = parser.parse_args()
    tables = args.tables.split(",")
    unknown = [t for t in tables if t not in TABLES]
    if unknown:
        parser.error(f"unknown tables {', '.join(unknown)}; known: {', '.join(TABLES)}")
    summary = [
        "| table | plies | review | longest wait for progress | a look back during it "
        "| hints | load average |",
        "|---|---|---|---|---|---|---|",
    ]
    server = subprocess.Popen(
        [sys.executable, str(REPO / "scripts" / "serve.py"), args.site, "--port", str(args.port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        time.sleep(1.5)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium.PATH, args=chromium.BROWSER_ARGS)
            for table in tables:
                game, geese, prefix = TABLES[table]
                record = longest_game(game, geese, prefix, args.plies)
                base = f"http://127.0.0.1:{args.port}/en/{game}/play/#"
                context = browser.new_context(viewport={"width": 1280, "height": 1000})
                figures = measure_review(
                    context.new_page(), base + record.encode(), len(record.moves)
                )
                context.close()
                hints = []
                for ply in (int(p) for p in args.hints.split(",") if p):
                    if ply >= len(record.moves):
                        continue
                    context = browser.new_context(viewport={"width": 1280, "height": 1000})
                    part = record.with_moves(record.moves[:ply]).encode()
                    hints.append(measure_hint(context.new_page(), base + part))
                    context.close()
                print(
                    f"{table}: {len(record.moves)} plies, review {figures['review']:.1f} s, "
                    f"longest wait for progress {figures['longest_wait']:.2f} s, "
                    f"a look back while it runs {figures['look_back']:.2f} s, "
                    f"hints {', '.join(f'{h:.2f}' for h in hints)} s "
                    f"(load average {os.getloadavg()[0]:.1f})",
                    flush=True,
                )
                summary.append(
                    f"| {table} | {len(record.moves)} | {figures['review']:.1f} s "
                    f"| {figures['longest_wait']:.2f} s | {figures['look_back']:.2f} s "
                    f"| {', '.join(f'{h:.2f}' for h in hints)} s | {os.getloadavg()[0]:.1f} |"
                )
            browser.close()
        print("\n".join(summary))
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
