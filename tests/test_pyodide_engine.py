"""The engine runs unchanged in Pyodide (CPython 3.14 compiled to WebAssembly),
the runtime the play page uses: the same perft counts as in this CPython."""

import json
import subprocess
from pathlib import Path

import pytest

from game import Position, perft, rules_for

REPO = Path(__file__).resolve().parent.parent
RUNNER = REPO / "tests" / "node" / "run_python.mjs"

# (game, geese, sideways, depth): every game, plus the table options of the standard one.
CASES: list[tuple[str, int | None, bool, int]] = [
    (game, None, False, depth)
    for game in ("fox-and-geese", "two-foxes", "large-cross", "asalto", "bagh-chal")
    for depth in (3, 4)
]
CASES += [("fox-and-geese", 17, True, 3), ("fox-and-geese", 15, False, 3)]

PROGRAM = """
import json, sys
from game import Position, perft, rules_for
cases = json.loads(%r)
print(json.dumps({
    "platform": sys.platform,
    "version": list(sys.version_info[:2]),
    "perft": [perft(Position(rules_for(g, geese=n, sideways=s)), d) for g, n, s, d in cases],
}))
"""


@pytest.fixture(scope="module")
def pyodide_result(node_executable):
    proc = subprocess.run(
        [node_executable, str(RUNNER)],
        input=PROGRAM % json.dumps(CASES),
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.mark.pyodide
def test_runs_in_webassembly_python_3_14(pyodide_result):
    assert pyodide_result["platform"] == "emscripten"
    assert pyodide_result["version"] == [3, 14]


@pytest.mark.pyodide
def test_perft_matches_cpython(pyodide_result):
    expected = [perft(Position(rules_for(g, geese=n, sideways=s)), d) for g, n, s, d in CASES]
    assert pyodide_result["perft"] == expected
