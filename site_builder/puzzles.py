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
from game.position import Move, Position
from game.puzzles import Prover
from game.record import GameRecord
from game.setup import Start
from game.view import move_view, refusals, view

from .phrasebook import Phrases

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
    board = {k: seen[k] for k in ("pieces", "legal", "to_move", "must_jump", "in_hand")}
    return board | {"last": seen["last"]["move"] if seen["last"] else None}


def _ending(position: Position) -> dict[str, Any]:
    """How a move just played ended the game, from the engine's view: what the page needs to
    say it (texts.js outcomeText)."""
    seen = view(position)
    return {
        "result": seen["result"],
        "reason": seen["reason"],
        "end": seen["end"],
        "last": {"captures": seen["last"]["captures"]},
        "huffed": seen["huffed"],
        "captures_to_win": seen["captures_to_win"],
        "foxes": len(seen["pieces"]["fox"]),
    }


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
        # Each wrong move with its refutation, or None for a move that loses at once.
        wrong: dict[Move, Move | None]
        if i == 0:
            wrong = {
                Move.parse(m): Move.parse(r) if r else None
                for m, r in puzzle["refutations"].items()
            }
        else:
            wrong = {}
            for move in pos.legal_moves():
                if str(move) in (puzzle["line"][i], *also):
                    continue
                pos.push(move)
                reply = None if pos.outcome() else prover.refutation(left - 1)
                pos.pop()
                assert reply is not None or pos.outcome() is None, f"{move} is no wrong move"
                wrong[move] = reply
        outcomes = {}
        # The officers each move from here huffs (Asalto), keyed by the moves played from the
        # step's position: the pieces after a move are not in its notation.
        huffs: dict[str, list[str]] = {}
        played = (
            [[m] + ([r] if r else []) for m, r in wrong.items()]
            + [[Move.parse(m)] for m in also]
            + [line[i : i + 2]]
        )
        for moves in played:
            for n, move in enumerate(moves):
                pos.push(move)
                if pos.huffed:
                    key = " ".join(map(str, moves[: n + 1]))
                    huffs[key] = [square_name(sq) for sq in pos.huffed]
            outcome = pos.outcome()
            if outcome is not None and outcome.winner is not None and moves[0] in wrong:
                outcomes[str(moves[0])] = _ending(pos)
            for _ in moves:
                pos.pop()
        if i + 1 >= len(line):
            for text in (puzzle["line"][i], *also):
                pos.push(Move.parse(text))
                win[text] = _ending(pos)
                assert win[text]["result"] == puzzle["side"]
                pos.pop()
        # The reasons for refused paths, grouped by reason: a page of many puzzles would
        # otherwise repeat them for each path.
        tries: dict[str, list[str]] = {}
        for path, reason in sorted(refusals(pos).items()):
            tries.setdefault(reason, []).append(_key(path))
        common = max(tries, key=lambda r: len(tries[r]))
        shown |= {Move.parse(m) for m in also} | set(wrong) | {r for r in wrong.values() if r}
        steps.append(
            {
                "view": _board(pos),
                "tries": {r: paths for r, paths in tries.items() if r != common},
                "otherwise": common,
                "move": puzzle["line"][i],
                "also": also,
                "reply": puzzle["line"][i + 1] if i + 1 < len(line) else None,
                "wrong": {
                    str(m): str(r) if r else None
                    for m, r in sorted(wrong.items(), key=lambda i: str(i[0]))
                },
                "outcomes": outcomes,
                "huffs": huffs,
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


def title(side: str, length: int, says: Phrases) -> str:
    """ "Fox to play and win in 3", for the game's pieces and the side to play, in the page's
    language."""
    return says(f"puzzle.title.{side}", num=length)


def level_text(name: str, pgettext: Callable[[str, str], object]) -> str:
    texts = {
        "easy": pgettext("puzzle level", "Easy"),
        "medium": pgettext("puzzle level", "Medium"),
        "hard": pgettext("puzzle level", "Hard"),
    }
    return str(texts[name])


def theme_text(theme: str, says: Phrases) -> str:
    """What the winning line does, as a puzzle's theme (the ending it leads to)."""
    return says(f"puzzle.theme.{theme}")


def page_data(game: str, foxes: int, tr: NullTranslations, says: Phrases) -> dict[str, Any]:
    """The JSON of a game's puzzles page, with the texts in the page's language. What a move
    did is said by the page, in the words of the game's pieces (texts.js, its #phrases)."""
    return {
        "game": game,
        "foxes": foxes,
        "puzzles": [
            {
                **data,
                "title": title(data["side"], data["length"], says),
                "levelText": level_text(data["level"], tr.pgettext),
                "themeText": theme_text(data["theme"], says),
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
