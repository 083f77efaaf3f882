"""A position set up by hand: the check that says every reason it cannot be played, and its
spelling as the start of a version 3 record (docs/notation.md, docs/analysis.md).

The check answers with codes and the points they concern, never with sentences: the page
words them in every language. Pieces are given as point names, as the page has them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .boards import parse_square, square_name
from .codes import RecordCode, SetupProblem, Termination
from .games import VARIANTS, Rules
from .position import Position, Side, tables_for

_POINTS_RE = re.compile(r"(?:[a-i][1-9])*")
_HAND_RE = re.compile(r"0|[1-9]\d{0,2}")


@dataclass(frozen=True)
class Start:
    """Where a game from a set-up position starts: the pieces (squares in board order), the
    side to move and the geese in hand."""

    foxes: tuple[int, ...]
    geese: tuple[int, ...]
    turn: Side
    hand: int = 0

    @classmethod
    def of(cls, position: Position) -> Start:
        """A position as it stands, as the start of a game from it (its history left behind)."""
        foxes = tuple(sorted(position.foxes))
        return cls(foxes, tuple(position.goose_squares()), position.turn, position.hand)

    def position(self, rules: Rules) -> Position:
        return Position(rules, self.foxes, self.geese, self.turn, self.hand)

    def is_opening(self, rules: Rules) -> bool:
        """Whether this is the game's own start, which a record writes without a start."""
        opening = (rules.foxes, rules.geese, rules.first, rules.in_hand)
        return (self.foxes, self.geese, self.turn, self.hand) == opening

    def encode(self, rules: Rules) -> str:
        """Fox points, goose points, side to move and, in a game with geese in hand, their
        number, joined by ``-``: one spelling for one position."""
        parts = [_spelled(self.foxes), _spelled(self.geese), self.turn.value]
        if rules.in_hand:
            parts.append(str(self.hand))
        return "-".join(parts)


def _spelled(squares: Iterable[int]) -> str:
    return "".join(square_name(sq) for sq in squares)


def split_start(text: str, rules: Rules) -> tuple[list[str], list[str], str, int] | None:
    """A record's start part as the check takes it (fox points, goose points, side, hand), or
    None when it is not written as one."""
    parts = text.split("-")
    if len(parts) != (4 if rules.in_hand else 3):
        return None
    foxes, geese, side = parts[:3]
    if not (_POINTS_RE.fullmatch(foxes) and _POINTS_RE.fullmatch(geese)):
        return None
    hand = parts[3] if rules.in_hand else "0"
    if not _HAND_RE.fullmatch(hand):
        return None
    pairs = re.compile(r"[a-i][1-9]")
    return pairs.findall(foxes), pairs.findall(geese), side, int(hand)


@dataclass(frozen=True)
class Setup:
    """A position set up by hand that can be played: its table and where it starts."""

    rules: Rules
    sideways: bool
    start: Start

    def position(self) -> Position:
        return self.start.position(self.rules)

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.rules.game,
            "geese": self.rules.total_geese,
            "sideways": self.sideways,
            "foxes": [square_name(sq) for sq in self.start.foxes],
            "goose_points": [square_name(sq) for sq in self.start.geese],
            "to_move": self.start.turn.value,
            "in_hand": self.start.hand,
        }


@dataclass(frozen=True)
class Problem:
    """Why a set-up position is impossible: a code and the points it concerns."""

    code: str
    points: tuple[str, ...] = ()
    reason: str | None = None  # for ``game-over``: the termination
    captures_to_win: int | None = None  # for ``game-over``: the captures that win, its words need
    # For ``too-many-geese``: the table's count, which its words say (a link's reader does
    # not know the table).
    most: int | None = None

    def as_dict(self) -> dict[str, Any]:
        found: dict[str, Any] = {
            "code": self.code,
            "points": list(self.points),
            "reason": self.reason,
        }
        if self.captures_to_win is not None:
            found["captures_to_win"] = self.captures_to_win
        if self.most is not None:
            found["most"] = self.most
        return found


def check_setup(
    game: str,
    foxes: Iterable[str],
    geese: Iterable[str],
    to_move: str,
    geese_option: int | None = None,
    sideways: bool = False,
    hand: int = 0,
) -> Setup | list[Problem]:
    """A position set up by hand, checked: a ``Setup`` to play, or every reason it cannot be.

    ``geese_option`` and ``sideways`` are the table's options (docs/notation.md), which
    decide the rules, among them where the geese start and so where they can be; ``hand``
    is the geese still in hand (Bagh-Chal's goats); those taken are the rest of the table's.
    """
    variant = VARIANTS.get(game)
    if variant is None:
        return [Problem(RecordCode.UNKNOWN_GAME)]
    try:
        rules = variant.rules(geese_option, sideways)
    except ValueError:
        return [Problem(RecordCode.BAD_OPTIONS)]
    problems: list[Problem] = []
    fox_names, goose_names = list(foxes), list(geese)
    fox_squares = _points(rules, fox_names, problems)
    goose_squares = _points(rules, goose_names, problems)
    counts = Counter(fox_squares + goose_squares)
    twice = [sq for sq, n in counts.items() if n > 1]
    if twice:
        problems.append(Problem(SetupProblem.TWO_ON_A_POINT, _names(twice)))
    # Counted by the pieces put down, wherever they are: a piece off the board is one problem.
    # Where foxes are huffed (Asalto) fewer may be left; none left is a game over.
    fox_count = len(fox_names)
    if fox_count > len(rules.foxes) or (fox_count < len(rules.foxes) and not rules.huffing):
        problems.append(Problem(SetupProblem.FOX_COUNT))
    # Geese in hand count as geese left, as they do for the fox side's win; with a hand that
    # cannot be, the count of geese left is unknown.
    left = len(goose_names) + hand if type(hand) is int else 0
    if not (type(hand) is int and 0 <= hand <= rules.in_hand):
        problems.append(Problem(SetupProblem.BAD_HAND))
    elif left > rules.total_geese:
        problems.append(Problem(SetupProblem.TOO_MANY_GEESE, most=rules.total_geese))
    elif left < rules.fox_wins_below and fox_count:
        problems.append(Problem(SetupProblem.TOO_FEW_GEESE))
    if not fox_count and rules.huffing:
        # With no officer on the board the game ended when the last was huffed, however few
        # rebels stand: "the officers have already won" would name pieces that are not there.
        problems.append(_game_over(rules, Termination.FOXES_GONE))
    # Geese placed from the hand may stand anywhere.
    far = left > rules.total_geese or rules.in_hand
    stranded = [] if far else _out_of_reach(rules, goose_squares)
    if stranded:
        problems.append(Problem(SetupProblem.GOOSE_BEHIND_START, _names(stranded)))
    if to_move not in (Side.FOX.value, Side.GEESE.value):
        problems.append(Problem(SetupProblem.BAD_SIDE))
    if problems:
        return problems
    start = Start(tuple(sorted(fox_squares)), tuple(sorted(goose_squares)), Side(to_move), hand)
    setup = Setup(rules, sideways, start)
    outcome = setup.position().outcome()
    if outcome is not None:
        return [_game_over(rules, outcome.termination)]
    return setup


def _game_over(rules: Rules, how: Termination) -> Problem:
    return Problem(SetupProblem.GAME_OVER, reason=how.value, captures_to_win=rules.captures_to_win)


def _names(squares: Iterable[int]) -> tuple[str, ...]:
    return tuple(sorted(square_name(sq) for sq in squares))


def _points(rules: Rules, names: list[str], problems: list[Problem]) -> list[int]:
    """The squares named; names that are not points of this board become a problem."""
    squares, bad = [], []
    for name in names:
        try:
            sq = parse_square(name)
        except (TypeError, ValueError):
            sq = -1
        if sq in rules.board.points:
            squares.append(sq)
        else:
            bad.append(str(name)[:8])
    if bad:
        problems.append(Problem(SetupProblem.NOT_A_POINT, tuple(bad)))
    return squares


def _out_of_reach(rules: Rules, geese: list[int]) -> list[int]:
    """Geese that no start goose could have walked to, each start goose serving one goose
    (a matching: geese never step back, so each goose on the board is one of the start's)."""
    steps = tables_for(rules).goose_steps
    reach: dict[int, set[int]] = {}
    for origin in rules.geese:
        seen, todo = {origin}, [origin]
        while todo:
            for nxt in steps[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        reach[origin] = seen
    owner: dict[int, int] = {}  # start point -> goose matched to it

    def place(goose: int, tried: set[int]) -> bool:
        for origin in rules.geese:
            if goose in reach[origin] and origin not in tried:
                tried.add(origin)
                if origin not in owner or place(owner[origin], tried):
                    owner[origin] = goose
                    return True
        return False

    return [goose for goose in sorted(set(geese)) if not place(goose, set())]
