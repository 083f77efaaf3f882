"""Lighthouse scores of a rules page and a play page of the built site (`make lighthouse`).

    python scripts/lighthouse.py [--site DIR] [--pages en/fox-and-geese/ ...] [--desktop]

Builds the site with --base-url set to the local server's address (as a real deploy sets
its own), serves it with its precompressed copies on loopback, and runs Lighthouse (mobile
preset by default: a slow 4G network and a 4x slower CPU, simulated) in Debian's Chromium,
one page at a time. Prints each category's score, and the performance metrics.

Lighthouse itself is not part of `make setup`: `make lighthouse` installs the pinned
version into build/lighthouse/ the first time.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

from site_builder import build

REPO = Path(__file__).resolve().parent.parent
# scripts/ is not a package: its server module is loaded from its file.
_spec = importlib.util.spec_from_file_location("serve", REPO / "scripts" / "serve.py")
assert _spec is not None and _spec.loader is not None
serve: Any = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(serve)
LIGHTHOUSE = REPO / "build" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --no-first-run --disable-sync"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
METRICS = (
    "first-contentful-paint",
    "largest-contentful-paint",
    "total-blocking-time",
    "cumulative-layout-shift",
    "speed-index",
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run(url: str, desktop: bool) -> dict:
    with tempfile.NamedTemporaryFile(suffix=".json") as report:
        command = [
            str(LIGHTHOUSE),
            url,
            "--quiet",
            f"--only-categories={','.join(CATEGORIES)}",
            "--output=json",
            f"--output-path={report.name}",
            f"--chrome-flags={CHROME_FLAGS}",
        ]
        if desktop:
            command.append("--preset=desktop")
        env = {**os.environ, "CHROME_PATH": "/usr/bin/chromium"}
        subprocess.run(command, check=True, env=env, timeout=600)
        return json.loads(Path(report.name).read_text(encoding="utf-8"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a site built with --base-url for --port")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument(
        "--pages", nargs="+", default=["en/fox-and-geese/", "en/fox-and-geese/play/"]
    )
    parser.add_argument("--desktop", action="store_true", help="desktop preset, not mobile")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        sys.exit(f"{LIGHTHOUSE} is missing: run `make lighthouse`, which installs it")
    port = args.port or free_port()
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site or build(Path(tmp) / "dist", base_url=f"http://127.0.0.1:{port}/")
        server = serve.make_server(site, port)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            for page in args.pages:
                result = run(server.url + page, args.desktop)
                scores = "  ".join(
                    f"{name} {round(result['categories'][name]['score'] * 100)}"
                    for name in CATEGORIES
                )
                print(f"{page}: {scores}")
                audits = result["audits"]
                print("  " + ", ".join(f"{m} {audits[m]['displayValue']}" for m in METRICS))
                tasks = audits.get("long-tasks", {}).get("details", {}).get("items", [])
                for task in tasks[:5]:
                    print(f"  long task {task['duration']:.0f} ms: {task['url']}")
                for name in CATEGORIES:
                    for ref in result["categories"][name]["auditRefs"]:
                        audit = audits[ref["id"]]
                        if ref["weight"] and audit["score"] is not None and audit["score"] < 1:
                            print(f"  {name}: {ref['id']} scored {audit['score']}")
        finally:
            server.shutdown()
            server.server_close()


if __name__ == "__main__":
    main()
