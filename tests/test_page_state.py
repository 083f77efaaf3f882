"""The play page's state queries (site_builder/static/js/play/state.js), unit-tested under
Node by tests/node/*.test.mjs: run here so that `make test` runs them."""

import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_the_play_pages_state_queries_pass_their_node_tests(node):
    tests = sorted(str(p) for p in (REPO / "tests" / "node").glob("*.test.mjs"))
    assert tests, "no Node tests found"
    proc = subprocess.run(
        [node, "--test", *tests],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert "# fail 0" in proc.stdout
