"""The puzzles page of each game: proven puzzles from ``content/puzzles/``, facts from the engine.

Each puzzle file holds positions reached in real games, with a winning line and the refutation
of every other first move, all proven by ``game.puzzles`` (tests/test_puzzles.py proves them
again). At build time the engine adds what the page shows at each of the solver's turns: its
view of the position (game/view.py), the reason for every path the board can send and have
refused (as for the lessons), the defender's refutation of every legal move that does not win
in time, and each move shown as the engine describes it (the points it visits and takes).
puzzles.js only looks moves up in this JSON: the page needs no engine.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from babel.support import NullTranslations

from game.boards import parse_square, square_name
from game.position import Move, Position, Side
from game.puzzles import Prover
from game.record import GameRecord
from game.setup import Start
from game.view import move_view, refusals, view

PUZZLES = Path(__file__).resolve().parent.parent / "content" / "puzzles"
# A puzzle's level from its length in the solver's moves.
LEVELS = ((2, "easy"), (4, "medium"))


def level(length: int) -> str:
    return next((name for most, name in LEVELS if length <= most), "hard")


def load(game: str, directory: Path = PUZZLES) -> list[dict[str, Any]]:
    """The game's puzzles from every table, easiest first (then in a fixed, mixed order)."""
    found = []
    for path in sorted(directory.glob(f"{game}-*.json")):
        found += json.loads(path.read_text(encoding="utf-8"))["puzzles"]
    return sorted(found, key=lambda p: (p["length"], puzzle_id(p)))


def puzzle_id(puzzle: dict[str, Any]) -> str:
    """A short name for a puzzle's link that stays the same when the files are made again."""
    return hashlib.sha256(puzzle["record"].encode()).hexdigest()[:8]


def _key(path: tuple[int, ...]) -> str:
    """A clicked path as puzzles.js looks it up: its point names, space-separated."""
    return " ".join(square_name(sq) for sq in path)


def _board(position: Position) -> dict[str, Any]:
    """What the board is given of a position: the engine's view, without what it does not use;
    the last move in notation (the puzzle's ``moves`` describe it)."""
    seen = view(position)
    board = {k: seen[k] for k in ("pieces", "legal", "to_move", "must_jump")}
    return board | {"last": seen["last"]["move"] if seen["last"] else None}


def compute(puzzle: dict[str, Any]) -> dict[str, Any]:
    """What the page needs to run one puzzle, all of it from the engine."""
    record = GameRecord.decode(puzzle["record"])
    position = record.replay()
    prover = Prover(position)
    pos = prover.pos  # the prover's own copy, which it searches from
    line = [Move.parse(m) for m in puzzle["line"]]
    shown: set[Move] = set(line) | set(position.moves[-1:])
    steps = []
    win: dict[str, dict[str, Any]] = {}
    for i in range(0, len(line), 2):
        left = puzzle["length"] - i // 2
        also = puzzle["also"][i // 2]
        if i == 0:
            wrong = {Move.parse(m): Move.parse(r) for m, r in puzzle["refutations"].items()}
        else:
            wrong = {}
            for move in pos.legal_moves():
                if str(move) in (puzzle["line"][i], *also):
                    continue
                pos.push(move)
                reply = prover.refutation(left - 1)
                pos.pop()
                assert reply is not None, f"{move} wins in time but is not among the others"
                wrong[move] = reply
        outcomes = {}
        for move, reply in wrong.items():
            pos.push(move)
            pos.push(reply)
            outcome = pos.outcome()
            if outcome is not None and outcome.winner is not None:
                outcomes[str(move)] = [outcome.result, outcome.termination.value]
            pos.pop()
            pos.pop()
        if i + 1 >= len(line):
            for text in (puzzle["line"][i], *also):
                pos.push(Move.parse(text))
                seen = view(pos)
                assert seen["result"] == puzzle["side"]
                win[text] = {"reason": seen["reason"], "end": seen["end"]}
                pos.pop()
        # The reasons for refused paths, grouped by reason: a page of many puzzles would
        # otherwise repeat them for each path.
        tries: dict[str, list[str]] = {}
        for path, reason in sorted(refusals(pos).items()):
            tries.setdefault(reason, []).append(_key(path))
        common = max(tries, key=lambda r: len(tries[r]))
        shown |= {Move.parse(m) for m in also} | set(wrong) | set(wrong.values())
        steps.append(
            {
                "view": _board(pos),
                "tries": {r: paths for r, paths in tries.items() if r != common},
                "otherwise": common,
                "move": puzzle["line"][i],
                "also": also,
                "reply": puzzle["line"][i + 1] if i + 1 < len(line) else None,
                "wrong": {
                    str(m): str(r) for m, r in sorted(wrong.items(), key=lambda i: str(i[0]))
                },
                "outcomes": outcomes,
            }
        )
        for move in line[i : i + 2]:
            pos.push(move)
    for _ in line:
        pos.pop()
    return {
        "id": puzzle_id(puzzle),
        "geese": record.geese,
        "side": puzzle["side"],
        "length": puzzle["length"],
        "level": level(puzzle["length"]),
        "theme": puzzle["theme"],
        "record": puzzle["record"],
        # The puzzle's position as a game of its own, sent by the side against the player's:
        # the play page's "play on against the computer" (docs/notation.md, version 3).
        "play_on": record.with_moves(())
        .with_start(Start.of(position))
        .with_side("geese" if puzzle["side"] == "fox" else "fox")
        .encode(),
        "steps": steps,
        "win": win,
        # Every move the page shows, as the engine describes it: the points it visits and takes.
        "moves": {str(m): move_view(m) for m in sorted(shown, key=str)},
    }


@cache
def engine_data(game: str) -> tuple[dict[str, Any], ...]:
    return tuple(compute(puzzle) for puzzle in load(game))


def title(side: str, length: int, foxes: int, ngettext: Callable[[str, str, int], str]) -> str:
    """ "Fox to play and win in 3", for each side and count of foxes, in the page's language."""
    n = length
    if side == Side.GEESE.value:
        words = ngettext(
            "Geese to play and win in %(num)s move", "Geese to play and win in %(num)s moves", n
        )
    elif foxes > 1:
        words = ngettext(
            "Foxes to play and win in %(num)s move", "Foxes to play and win in %(num)s moves", n
        )
    else:
        words = ngettext(
            "Fox to play and win in %(num)s move", "Fox to play and win in %(num)s moves", n
        )
    return words % {"num": n}


def level_text(name: str, pgettext: Callable[[str, str], object]) -> str:
    texts = {
        "easy": pgettext("puzzle level", "Easy"),
        "medium": pgettext("puzzle level", "Medium"),
        "hard": pgettext("puzzle level", "Hard"),
    }
    return str(texts[name])


def theme_text(theme: str, foxes: int, gettext: Callable[[str], str]) -> str:
    """What the winning line does, as a puzzle's theme."""
    if theme == "fox-trapped":
        return gettext("Trap the fox") if foxes == 1 else gettext("Trap the foxes")
    if theme == "goose-count":
        return gettext("Take geese until too few are left")
    if theme == "pen-full":
        return gettext("Fill the pen")
    return gettext("Leave the geese no move")


def page_data(game: str, foxes: int, tr: NullTranslations) -> dict[str, Any]:
    """The JSON of a game's puzzles page, with the texts in the page's language."""
    return {
        "game": game,
        "foxes": foxes,
        "puzzles": [
            {
                **data,
                "title": title(data["side"], data["length"], foxes, tr.ngettext),
                "levelText": level_text(data["level"], tr.pgettext),
                "themeText": theme_text(data["theme"], foxes, tr.gettext),
            }
            for data in engine_data(game)
        ],
    }


def start_pieces(game: str) -> dict[int, str] | None:
    """The pieces of the first puzzle, for the board drawn before the script runs."""
    data = engine_data(game)
    if not data:
        return None
    pieces = data[0]["steps"][0]["view"]["pieces"]
    return {parse_square(s): kind for kind in ("fox", "goose") for s in pieces[kind]}
