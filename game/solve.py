"""Exact values of forward-only positions, by memoized search to the end of the game.

Without sideways steps every goose move goes one row forward, so the geese's
total progress grows with every goose move: no position repeats, the draw rules
never apply, and every position is a win for one side (docs/solver.md). The
value of a position is its winner and the number of plies to the end when the
winner hurries and the loser delays. The rules come from the engine
(``Position.legal_moves`` and ``Position.outcome``) and nowhere else.

The search stores every position it meets, so it answers positions with few
geese or few goose moves left; ``budget`` bounds the positions it may store,
and a position that needs more is answered with ``None`` rather than a guess.
"""

from __future__ import annotations

import time

from .position import Move, Position, Side

# About ten seconds of CPython on a slow machine.
DEFAULT_BUDGET = 300_000

Value = tuple[Side, int]


class _OverBudgetError(Exception):
    pass


def forward_only(position: Position) -> bool:
    """Whether the rules make every goose move a forward step (and so the game finite)."""
    rules = position.rules
    return (
        not rules.sideways
        and not rules.backward
        and not rules.pen
        and not rules.forced_capture
        and not rules.huffing
    )


def _copy(position: Position) -> Position:
    # A fresh position with the same pieces: the search never touches the caller's history,
    # which the value does not depend on (no repetition or clock can matter, see above).
    return Position(
        position.rules, position.foxes, position.goose_squares(), position.turn, position.hand
    )


class Solver:
    """Exact values, remembering every position met across calls (values never change).

    ``budget`` bounds the positions remembered; a call that needs more answers None.
    A call may also be given ``positions``, the new positions it may store, and a
    ``deadline`` (a ``time.perf_counter()`` value): what it solved before giving up
    stays remembered, so a later call that needs the same positions goes further.
    """

    def __init__(self, budget: int = DEFAULT_BUDGET) -> None:
        self.budget = budget
        self.memo: dict[tuple[bytes, Side], Value] = {}
        self._stop_at = budget
        self._deadline: float | None = None

    def solve(
        self, position: Position, positions: int | None = None, deadline: float | None = None
    ) -> Value | None:
        """The winner with best play and the plies to the end, or None beyond the budget.

        Raises ``ValueError`` for rules that are not forward-only.
        """
        _check(position)
        self._limit(positions, deadline)
        try:
            return self._value(_copy(position))
        except _OverBudgetError:
            return None

    def best_move(
        self, position: Position, positions: int | None = None, deadline: float | None = None
    ) -> tuple[Move, Value] | None:
        """A move that keeps the value (quickest win or slowest loss) and that value.

        None when the game is over or the position is beyond the budget.
        """
        _check(position)
        pos = _copy(position)
        moves = pos.legal_moves()
        if not moves:
            return None
        self._limit(positions, deadline)
        try:
            return self._best(pos, moves)
        except _OverBudgetError:
            return None

    def _limit(self, positions: int | None, deadline: float | None) -> None:
        more = self.budget if positions is None else len(self.memo) + positions
        self._stop_at = min(self.budget, more)
        self._deadline = deadline

    def _value(self, pos: Position) -> Value:
        key = (bytes(pos.cells), pos.turn)
        known = self.memo.get(key)
        if known is not None:
            return known
        size = len(self.memo)
        if size >= self._stop_at:
            raise _OverBudgetError
        if self._deadline is not None and size & 255 == 0 and time.perf_counter() > self._deadline:
            raise _OverBudgetError
        moves = pos.legal_moves()
        if not moves:
            outcome = pos.outcome()
            assert outcome is not None and outcome.winner is not None, "forward-only games end"
            result: Value = (outcome.winner, 0)
        else:
            result = self._best(pos, moves)[1]
        self.memo[key] = result
        return result

    def _best(self, pos: Position, moves: list[Move]) -> tuple[Move, Value]:
        me = pos.turn
        best_move, best = moves[0], (me.other, -1)
        for move in moves:
            pos.push(move)
            try:
                winner, plies = self._value(pos)
            finally:
                pos.pop()
            if winner is me:
                if best[0] is not me or plies + 1 < best[1]:
                    best_move, best = move, (me, plies + 1)
                    if plies == 0:
                        break  # nothing wins faster than at once
            elif best[0] is not me and plies + 1 > best[1]:
                best_move, best = move, (winner, plies + 1)
        return best_move, best


def _check(position: Position) -> None:
    if not forward_only(position):
        raise ValueError(
            f"{position.rules.game} with these options is not forward-only "
            "(geese may move sideways), so it has no exact value here"
        )


def solve(position: Position, budget: int = DEFAULT_BUDGET) -> Value | None:
    """The winner with best play and the plies to the end, or None beyond ``budget`` positions."""
    return Solver(budget).solve(position)


def best_move(position: Position, budget: int = DEFAULT_BUDGET) -> tuple[Move, Value] | None:
    """A move that keeps the value and that value; None when over or beyond ``budget``."""
    return Solver(budget).best_move(position)
