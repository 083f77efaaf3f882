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

from babel import Locale
from babel.support import NullTranslations

from game.boards import parse_square, square_name
from game.codes import IllegalReason
from game.position import Move, Position, Side
from game.puzzles import Prover
from game.record import GameRecord
from game.setup import Start
from game.view import move_view, refusals, view

from . import lesson_words
from .words import FOX_GEESE, OFFICERS_REBELS, TIGERS_GOATS

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
    """How a move just played ended the game, from the engine's view: what ``lesson_words``
    needs to say it in a game with pieces of its own."""
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


def title(side: str, length: int, foxes: int, tr: NullTranslations, pieces: str = FOX_GEESE) -> str:
    """ "Fox to play and win in 3", for each game's pieces, side and count of foxes, in the
    page's language: one message each, since languages inflect the names of the pieces."""
    n = length
    geese = side == Side.GEESE.value
    if pieces == OFFICERS_REBELS:
        if geese:
            words = tr.npgettext(
                "asalto",
                "Rebels to play and win in %(num)s move",
                "Rebels to play and win in %(num)s moves",
                n,
            )
        else:
            words = tr.npgettext(
                "asalto",
                "Officers to play and win in %(num)s move",
                "Officers to play and win in %(num)s moves",
                n,
            )
    elif pieces == TIGERS_GOATS:
        if geese:
            words = tr.npgettext(
                "bagh-chal",
                "Goats to play and win in %(num)s move",
                "Goats to play and win in %(num)s moves",
                n,
            )
        else:
            words = tr.npgettext(
                "bagh-chal",
                "Tigers to play and win in %(num)s move",
                "Tigers to play and win in %(num)s moves",
                n,
            )
    elif geese:
        words = tr.ngettext(
            "Geese to play and win in %(num)s move", "Geese to play and win in %(num)s moves", n
        )
    elif foxes > 1:
        words = tr.ngettext(
            "Foxes to play and win in %(num)s move", "Foxes to play and win in %(num)s moves", n
        )
    else:
        words = tr.ngettext(
            "Fox to play and win in %(num)s move", "Fox to play and win in %(num)s moves", n
        )
    return str(words) % {"num": n}


def level_text(name: str, pgettext: Callable[[str, str], object]) -> str:
    texts = {
        "easy": pgettext("puzzle level", "Easy"),
        "medium": pgettext("puzzle level", "Medium"),
        "hard": pgettext("puzzle level", "Hard"),
    }
    return str(texts[name])


def theme_text(theme: str, foxes: int, tr: NullTranslations, pieces: str = FOX_GEESE) -> str:
    """What the winning line does, as a puzzle's theme."""
    if pieces == OFFICERS_REBELS:
        texts = {
            "fox-trapped": tr.pgettext("asalto", "Trap the officers"),
            "goose-count": tr.pgettext("asalto", "Capture rebels until too few are left"),
            "pen-full": tr.pgettext("asalto", "Fill the fortress"),
            "foxes-gone": tr.pgettext("asalto", "Leave no officer on the board"),
            "geese-blocked": tr.pgettext("asalto", "Leave the rebels no move"),
        }
        return str(texts[theme])
    if pieces == TIGERS_GOATS:
        texts = {
            "fox-trapped": tr.pgettext("bagh-chal", "Trap every tiger"),
            "goose-count": tr.pgettext("bagh-chal", "Capture the fifth goat"),
            "geese-blocked": tr.pgettext("bagh-chal", "Leave the goats no move"),
        }
        return str(texts[theme])
    if theme == "fox-trapped":
        return tr.gettext("Trap the fox") if foxes == 1 else tr.gettext("Trap the foxes")
    if theme == "goose-count":
        return tr.gettext("Take geese until too few are left")
    if theme == "pen-full":
        return tr.gettext("Fill the pen")
    return tr.gettext("Leave the geese no move")


def words(pieces: str, tr: NullTranslations) -> dict[str, Any] | None:
    """The page's sentences that name a game's own pieces (Asalto, Bagh-Chal), worded here
    since the play page's texts (texts.js) speak of foxes and geese; ``%(move)s`` and
    ``%(point)s`` stay for the page to fill. ``placed``: the answers and refutations that place
    a goat, which name its point rather than the move's notation. None for foxes and geese."""
    if pieces == OFFICERS_REBELS:
        answers = {
            "fox": tr.pgettext("asalto", "Right. The rebels answer %(move)s. Your move."),
            "geese": tr.pgettext("asalto", "Right. The officers answer %(move)s. Your move."),
        }
        refuted = {
            "fox": tr.pgettext(
                "asalto",
                "Not this one: the rebels answer %(move)s, and the officers can no longer win "
                "in time.",
            ),
            "geese": tr.pgettext(
                "asalto",
                "Not this one: the officers answer %(move)s, and the rebels can no longer win "
                "in time.",
            ),
        }
    elif pieces == TIGERS_GOATS:
        answers = {
            "fox": tr.pgettext("bagh-chal", "Right. The goats answer %(move)s. Your move."),
            "geese": tr.pgettext("bagh-chal", "Right. The tigers answer %(move)s. Your move."),
        }
        refuted = {
            "fox": tr.pgettext(
                "bagh-chal",
                "Not this one: the goats answer %(move)s, and the tigers can no longer win "
                "in time.",
            ),
            "geese": tr.pgettext(
                "bagh-chal",
                "Not this one: the tigers answer %(move)s, and the goats can no longer win "
                "in time.",
            ),
        }
    else:
        return None
    # A goat placed: only the goats place, so only the tigers' solver meets one as an answer.
    placed = (
        {
            "answers": {
                "fox": tr.pgettext(
                    "bagh-chal",
                    "Right. The goats answer by placing a goat on %(point)s. Your move.",
                ),
            },
            "refuted": {
                "fox": tr.pgettext(
                    "bagh-chal",
                    "Not this one: the goats answer by placing a goat on %(point)s, and the tigers "
                    "can no longer win in time.",
                ),
            },
        }
        if pieces == TIGERS_GOATS
        else None
    )
    reasons = {
        code.value: said
        for code in IllegalReason
        if (said := lesson_words.reason(pieces, code, tr)) is not None
    }
    return {
        "answers": answers,
        "refuted": refuted,
        "placed": placed,
        "labels": lesson_words.labels(pieces, tr),
        "chain": lesson_words.chain(pieces, tr),
        "reasons": reasons,
    }


def _said(pieces: str, ending: dict[str, Any], tr: NullTranslations, locale: Locale) -> Any:
    """An ending (``_ending``) with the sentence that says it in a game's own pieces."""
    if pieces == FOX_GEESE:
        return ending
    said = lesson_words.outcome(pieces, ending, ending["foxes"], tr, locale)
    return ending | {"said": said}


def page_data(
    game: str, foxes: int, tr: NullTranslations, locale: Locale, pieces: str = FOX_GEESE
) -> dict[str, Any]:
    """The JSON of a game's puzzles page, with the texts in the page's language."""
    return {
        "game": game,
        "foxes": foxes,
        "words": words(pieces, tr),
        "puzzles": [
            {
                **data,
                "title": title(data["side"], data["length"], foxes, tr, pieces),
                "levelText": level_text(data["level"], tr.pgettext),
                "themeText": theme_text(data["theme"], foxes, tr, pieces),
                "win": {m: _said(pieces, e, tr, locale) for m, e in data["win"].items()},
                "steps": [
                    step
                    | {
                        "outcomes": {
                            m: _said(pieces, e, tr, locale) for m, e in step["outcomes"].items()
                        }
                    }
                    for step in data["steps"]
                ],
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
