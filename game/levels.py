"""The computer's strengths: a level is a few knobs, the same for every game.

* ``depth``: how many plies the search looks ahead (None: as deep as the time
  budget allows);
* ``noise``: the spread of a random amount, in hundredths of a goose, added to
  each move's score before the best is picked, so that moves the search scores
  alike are picked alike;
* ``blunder``: the chance of playing a random legal move instead.

Whatever a level's knobs, it plays a forced win it sees. With a seed (and a
depth), a level plays the same move on any machine; hard searches by time, so
the depth it reaches, and so possibly its move, depends on the machine's speed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .position import Move, Position
from .search import WON, search


@dataclass(frozen=True)
class Level:
    depth: int | None
    noise: float
    blunder: float

    @property
    def margin(self) -> int:
        """Moves further than this below the best cannot win the draw (three spreads)."""
        return round(3 * self.noise)


LEVELS = {
    # Looks two plies ahead (its move and the reply), picks loosely and sometimes at random.
    "easy": Level(depth=2, noise=40.0, blunder=0.15),
    # Four plies and a little noise: sees simple traps and threats, misses long plans.
    "medium": Level(depth=4, noise=15.0, blunder=0.03),
    # As deep as the time allows, always its best move.
    "hard": Level(depth=None, noise=0.0, blunder=0.0),
}


def choose_move(
    position: Position,
    level: str = "hard",
    seconds: float = 1.0,
    seed: int | None = None,
    *,
    nodes: int | None = None,
) -> Move:
    """The computer's move for the side to move. ``position`` is left as it was.

    ``nodes`` also stops the search after that many positions: a budget that,
    unlike the clock, is the same on a busy machine (benchmarks use it).
    """
    try:
        knobs = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}") from None
    if seconds <= 0:
        raise ValueError("seconds must be positive")
    result = search(position, knobs.depth, seconds, nodes, margin=knobs.margin)
    if abs(result.score) > WON or (not knobs.noise and not knobs.blunder):
        return result.move  # a forced result has no better choice
    rng = random.Random(seed)
    if rng.random() < knobs.blunder:
        return rng.choice(sorted(result.scores, key=str))
    floor = result.score - knobs.margin
    candidates = sorted((m for m, s in result.scores.items() if s >= floor), key=str)
    return max(candidates, key=lambda m: result.scores[m] + rng.gauss(0.0, knobs.noise))
