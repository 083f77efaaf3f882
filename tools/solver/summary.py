"""The small summary of a run that is committed (tools/solver/results/).

    python tools/solver/summary.py DIR MAXK SOLVER OUT.json
    python tools/solver/summary.py --bagh-chal DIR BAGH OUT.json

Adds up DIR/stats.txt per layer (sets, positions, wins, losses and draws for
each side to move, CPU and wall seconds) and asks ``SOLVER query DIR`` the
value of the start with MAXK geese (13, 15 or 17), the fox to move; ``null``
while that layer is not finished. The rules page's statement is tested against
this file, so it holds what the tables say and nothing else.

DIR holds tables with sideways steps when ``DIR/sideways`` is there (the solver's
own marker), forward-only tables otherwise. Forward-only layers are the lines of
runs that cover the start with MAXK geese: every set (``start 0``) or the sets
that can arise from MAXK geese (``--start MAXK``); a later line for a layer
replaces an earlier one, as the later run rewrote that layer's tables.

With ``--bagh-chal``, DIR holds Bagh-Chal's movement phase (``BAGH solve DIR``,
tools/solver/bagh.c): per layer (goats on the board) the wins, losses and draws for
each side to move, the rounds of the retrograde (a win needs at most one ply fewer
inside the layer) and the times, and from ``BAGH
estimate`` the count of positions up to symmetry.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game.games import rules_for  # noqa: E402
from game.position import Position  # noqa: E402

FIELDS = ("fox_to_move_win_loss_draw", "geese_to_move_win_loss_draw")


def forward_layers(stats: Path, maxk: int) -> dict[int, dict[str, float]]:
    """Per layer up to MAXK, in the sideways summary's terms: what stats.txt says."""
    out: dict[int, dict[str, float]] = {}
    for line in stats.read_text().splitlines():
        words = line.split()
        field = {words[i]: words[i + 1] for i in range(0, len(words) - 1, 2)}
        k, start = int(field["layer"]), int(field["start"])
        if k > maxk or start not in (0, maxk):
            continue
        positions = int(field["positions_per_side"])
        fox, geese = int(field["fox_wins_fox_to_move"]), int(field["fox_wins_geese_to_move"])
        out[k] = {
            "start": start,
            "sets": int(field["sets"]),
            "positions_per_side": positions,
            "fox_to_move_win": fox,
            "fox_to_move_loss": positions - fox,
            "geese_to_move_win": positions - geese,
            "geese_to_move_loss": geese,
            "seconds": float(field["seconds"]),
            "cpu_seconds": float(field["cpu_seconds"]),
        }
    return out


def layers(stats: Path) -> dict[int, dict[str, float]]:
    """Per layer: the sums over its sub-layers of what stats.txt says."""
    out: dict[int, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for line in stats.read_text().splitlines():
        words = line.split()
        if len(words) < 2 or words[2] != "rowsum":
            continue  # a forward-only line
        layer = out[int(words[1])]
        layer["sub_layers"] += 1
        for name in ("sets", "visits", "seconds", "cpu_seconds"):
            layer[name] += float(words[words.index(name) + 1])
        for field in FIELDS:
            i = words.index(field)
            side = field.split("_to_move")[0]
            for j, value in enumerate(("win", "loss", "draw")):
                layer[f"{side}_to_move_{value}"] += int(words[i + 1 + j])
        layer["positions_per_side"] = layer["fox_to_move_win"] + layer["fox_to_move_loss"]
        layer["positions_per_side"] += layer["fox_to_move_draw"]
    return out


def start_value(directory: str, maxk: int, solver: str, sideways: bool) -> str | None:
    start = Position(rules_for("fox-and-geese", maxk, sideways=sideways))
    index = {sq: i for i, sq in enumerate(sorted(start.rules.board.points))}
    line = " ".join(
        [str(index[start.foxes[0]]), *(str(index[g]) for g in start.goose_squares()), "fox"]
    )
    out = subprocess.run(
        [solver, "query", directory], input=line + "\n", capture_output=True, text=True, check=True
    )
    answer = out.stdout.strip()
    return None if answer == "?" else answer


def bagh_chal(directory: str, bagh: str) -> dict:
    layers: dict[str, dict[str, float]] = {}
    for line in (Path(directory) / "stats.txt").read_text().splitlines():
        words = line.split()
        layer = {"captured": 20 - int(words[1]), "positions_per_side": int(words[5])}
        for field in ("tigers_to_move_win_loss_draw", "goats_to_move_win_loss_draw"):
            i = words.index(field)
            side = field.split("_to_move")[0]
            for j, value in enumerate(("win", "loss", "draw")):
                layer[f"{side}_to_move_{value}"] = int(words[i + 1 + j])
        for name in ("rounds", "seconds", "cpu_seconds"):
            value = words[words.index(name) + 1]
            layer[name] = float(value) if "seconds" in name else int(value)
        layers[words[1]] = layer  # a rerun's line for a layer replaces the earlier one
    estimate = subprocess.run([bagh, "estimate"], capture_output=True, text=True, check=True)
    total = estimate.stdout.splitlines()[-1].split()
    return {
        "game": "bagh-chal",
        "phase": "movement",
        "value": "the game without the draw rules; docs/solver.md",
        "positions": int(total[1]),
        "up_to_symmetry": int(total[3]),
        "layers": dict(sorted(layers.items(), key=lambda item: -int(item[0]))),
    }


def main() -> int:
    if sys.argv[1] == "--bagh-chal":
        summary = bagh_chal(sys.argv[2], sys.argv[3])
        Path(sys.argv[4]).write_text(json.dumps(summary, indent=1) + "\n")
        return 0
    directory, maxk, solver, target = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    sideways = (Path(directory) / "sideways").exists()
    stats = Path(directory) / "stats.txt"
    per_layer = layers(stats) if sideways else forward_layers(stats, maxk)
    summary = {
        "game": "fox-and-geese",
        "sideways": sideways,
        "geese": maxk,
        "value": "the game without the draw rules; docs/solver.md"
        if sideways
        else "the game itself: no draw rule can apply; docs/solver.md",
        "start_fox_to_move": start_value(directory, maxk, solver, sideways),
        "layers": {
            str(k): {n: round(v, 1) if "seconds" in n else int(v) for n, v in sorted(layer.items())}
            for k, layer in sorted(per_layer.items())
        },
    }
    Path(target).write_text(json.dumps(summary, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
