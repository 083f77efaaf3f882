"""The computer's strengths: a level is a few knobs, the same for every game.

* ``depth``: how many plies the search looks ahead (None: as deep as the time
  budget allows);
* ``noise``: the spread of a random amount, in hundredths of a goose, added to
  each move's score before the best is picked, so that moves the search scores
  alike are picked alike;
* ``blunder``: the chance of playing a random legal move instead;
* ``retreat``: for the fox side, the chance of a beginner's fox move instead:
  it takes a goose if it can, and otherwise backs away from the geese, to a
  point as far ahead of their advance as it can step (the open far end, where
  beginners' foxes get shut in). Random moves would not make a fox weak: where
  geese only step forward, a fox that waits at random lets them run out of
  safe moves, the strongest plan there is.

Whatever a level's knobs, it plays a forced win it sees. With a seed (and a
depth), a level plays the same move on any machine; hard searches by time, so
the depth it reaches, and so possibly its move, depends on the machine's speed.

Hard also plays endgames exactly (``exact``): in the forward-only tables, where
every position is a win for one side (docs/solver.md), it first asks the exact
search (game/solve.py) when few goose steps are left, and plays the move that
keeps a won position won the quickest way, or delays a lost one the longest.
Medium and easy do not: their character is what a short look ahead sees. The exact
search's memory is an ``Endgame`` its caller holds and passes to every move of a game
(``choose_move(..., endgame=)``): one per game or per worker, never a hidden global.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from .games import Rules
from .position import Move, Position, Side
from .search import WON, search
from .solve import Solver, forward_only


@dataclass(frozen=True)
class Level:
    depth: int | None
    noise: float
    blunder: float
    exact: bool = False
    retreat: float = 0.0

    @property
    def margin(self) -> int:
        """Moves further than this below the best cannot win the draw (three spreads)."""
        return round(3 * self.noise)


LEVELS = {
    # Looks two plies ahead (its move and the reply), picks loosely and often at random, and
    # its fox mostly backs away from the geese: a beginner must be able to beat it with either
    # side.
    "easy": Level(depth=2, noise=40.0, blunder=0.3, retreat=0.8),
    # Four plies and a little noise: sees simple traps and threats, misses long plans.
    "medium": Level(depth=4, noise=15.0, blunder=0.03),
    # As deep as the time allows, always its best move.
    "hard": Level(depth=None, noise=0.0, blunder=0.0, exact=True),
}

# The exact search is tried only when at most this many goose steps are left (the sum over the
# geese of the rows ahead of them): most such positions are solved within a few moves' shares,
# while from further back it seldom reaches the end and only takes time from the search.
EXACT_STEPS_LEFT = 24
# Its share of the move's time; with a node budget, new positions per search node allowed
# (a solved position costs about as much as a search node, in CPython and in Pyodide).
EXACT_SHARE = 0.4
# Positions remembered between moves (about 320 bytes each): values never change, so one
# solver serves a whole game, and every game of the same table, until it is full.
EXACT_MEMORY = 150_000


class Endgame:
    """Hard's exact endgame search, with what it has solved kept between moves.

    Its caller holds it: the worker's API one for its whole life, so every game of a table
    reuses the work; a benchmark one per game, so that what hard plays (with a node budget,
    a position a kept solver has seen is solved where a fresh one might not be) depends on
    that game alone.
    """

    def __init__(self, memory: int = EXACT_MEMORY) -> None:
        self.memory = memory
        self.solver: Solver | None = None
        self._rules: Rules | None = None

    def move(self, position: Position, seconds: float, nodes: int | None = None) -> Move | None:
        """The exact search's move where it reaches the end within its share, else None.

        The winner hurries and the loser delays (``Solver.best_move``). Only in forward-only
        tables with at most ``EXACT_STEPS_LEFT`` goose steps left; elsewhere None at once.
        """
        if not within_exact_reach(position):
            return None
        positions = None if nodes is None else round(EXACT_SHARE * nodes)
        deadline = time.perf_counter() + EXACT_SHARE * seconds
        found = self.solver_for(position.rules).best_move(position, positions, deadline)
        return None if found is None else found[0]

    def solver_for(self, rules: Rules) -> Solver:
        """The kept solver, started afresh for other rules or when it is full (hints and
        reviews use it too: game/analysis.py)."""
        solver = self.solver
        if solver is None or self._rules != rules or len(solver.memo) >= self.memory:
            solver = self.solver = Solver(self.memory)
            self._rules = rules
        return solver


def within_exact_reach(position: Position) -> bool:
    """Whether the exact search is worth trying: a forward-only table, few goose steps left."""
    return forward_only(position) and steps_left(position) <= EXACT_STEPS_LEFT


def steps_left(position: Position) -> int:
    """At most how many goose moves are left: the rows ahead of each goose, added up."""
    board = position.rules.board
    return sum(board.height - 1 - board.row(sq) for sq in position.goose_squares())


def retreat_move(position: Position, rng: random.Random) -> Move:
    """A beginner's fox move: the longest capture, else a step furthest up the board (geese
    step towards higher rows in every game), ties at random."""
    row = position.rules.board.row

    def key(move: Move) -> tuple[int, int]:
        return len(move.captures), row(move.target)

    moves = sorted(position.legal_moves(), key=str)
    best = max(map(key, moves))
    return rng.choice([m for m in moves if key(m) == best])


def choose_move(
    position: Position,
    level: str = "hard",
    seconds: float = 1.0,
    seed: int | None = None,
    *,
    nodes: int | None = None,
    endgame: Endgame | None = None,
) -> Move:
    """The computer's move for the side to move. ``position`` is left as it was.

    ``nodes`` also stops the search after that many positions: a budget that,
    unlike the clock, is the same on a busy machine (benchmarks use it).
    ``endgame``: hard's exact search with what it solved on earlier moves (a fresh one,
    forgotten after this move, when None).
    """
    try:
        knobs = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}") from None
    if seconds <= 0:
        raise ValueError("seconds must be positive")
    if knobs.exact:
        start = time.perf_counter()
        move = (endgame or Endgame()).move(position, seconds, nodes)
        if move is not None:
            return move
        seconds = max(seconds - (time.perf_counter() - start), 0.1 * seconds)
    result = search(position, knobs.depth, seconds, nodes, margin=knobs.margin)
    if abs(result.score) > WON or not (knobs.noise or knobs.blunder or knobs.retreat):
        return result.move  # a forced result has no better choice
    rng = random.Random(seed)
    if position.turn is Side.FOX and rng.random() < knobs.retreat:
        return retreat_move(position, rng)
    if rng.random() < knobs.blunder:
        return rng.choice(sorted(result.scores, key=str))
    floor = result.score - knobs.margin
    candidates = sorted((m for m, s in result.scores.items() if s >= floor), key=str)
    return max(candidates, key=lambda m: result.scores[m] + rng.gauss(0.0, knobs.noise))
