"""Analysis for a player: a hint for the side to move and a review of a whole game (the check
of a position set up by hand is game/setup.py).

Everything here answers with codes and data (points, counts, plies), never with
sentences: the page words them in every language (docs/analysis.md lists the codes
and their data). Values are the search's, in hundredths of a goose from the point of
view of the side named; where the exact search reaches (forward-only tables with few
goose steps left, ``levels.within_exact_reach``) or the search proves a forced end, the
exact verdict (the winner with best play, and the plies to the end) is given as well.

The review is incremental: ``review`` does the moves it has time for and says where to
go on (it works from the end of the game back), so the browser worker can report
progress between calls and the page can stop asking. Each position's value costs a
fixed number of search nodes, so a review gives the same marks on any machine, however
busy.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .boards import square_name
from .codes import HintReason, MoveMark, Verdict
from .evaluation import draw_score
from .levels import EXACT_SHARE, Endgame, within_exact_reach
from .position import Move, Position, Side, tables_for
from .record import GameRecord
from .search import WIN, WON, search
from .solve import Solver, Value, forward_only

# A hint is the hard level's search, given a little less than hard's second for a move so that
# the player sees it within a second of asking, the page's own work included.
HINT_SECONDS = 0.9

# A reviewed position's value: the search's, stopped after this many nodes (a fixed
# amount of work, so the marks do not depend on the machine); and the new positions the
# exact search may store in one review call (a fixed amount too, and a short call).
REVIEW_NODES = 500
REVIEW_EXACT_POSITIONS = 5_000
# ... and in the whole review of one record, over all its calls: what the 13-geese table
# spends it on is most of its review's time, and enough of it proves a win thrown a few
# moves before the end, the case a review is for (docs/analysis.md).
REVIEW_EXACT_TOTAL = 60_000
# Values are shown between these bounds, in hundredths of a goose: a proven win counts as
# the top, whatever its length, and a search score beyond it says no more.
VALUE_CAP = 1_000
# How much of the mover's value a move may give away, in hundredths of a goose, before it
# is marked inaccurate, and a mistake (docs/analysis.md says why these).
INACCURACY = 60
MISTAKE = 150


# -- hint ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hint:
    """One good move and why: ``plies`` for a proven result, ``count`` for a capture,
    ``point`` for a threat or a point kept from the fox."""

    move: Move
    reason: HintReason
    plies: int | None = None
    count: int | None = None
    point: int | None = None

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"move": str(self.move), "reason": self.reason.value}
        if self.plies is not None:
            out["plies"] = self.plies
        if self.count is not None:
            out["count"] = self.count
        if self.point is not None:
            out["point"] = square_name(self.point)
        return out


def hint(
    position: Position,
    seconds: float = HINT_SECONDS,
    nodes: int | None = None,
    endgame: Endgame | None = None,
) -> Hint:
    """The hard level's move for the side to move, and why it is good.

    The same order as the hard level (``levels.choose_move``): the exact search first
    where it reaches (``endgame``, with what it solved before; a fresh one when None), then
    the search for the rest of the time. ``nodes`` also bounds the work, as in
    ``choose_move``. Raises ``ValueError`` when the game is over.
    """
    moves = position.legal_moves()
    if not moves:
        raise ValueError("the game is over")
    start = time.perf_counter()
    if within_exact_reach(position):
        positions = None if nodes is None else round(EXACT_SHARE * nodes)
        deadline = start + EXACT_SHARE * seconds
        solver = (endgame or Endgame()).solver_for(position.rules)
        found = solver.best_move(position, positions, deadline)
        if found is not None:
            move, (winner, plies) = found
            won = winner is position.turn
            return Hint(move, HintReason.WINS if won else HintReason.HOLDS_OUT, plies=plies)
        seconds = max(seconds - (time.perf_counter() - start), 0.1 * seconds)
    if len(moves) == 1:
        return Hint(moves[0], HintReason.ONLY_MOVE)
    result = search(position, None, seconds, nodes)
    if result.score > WON:
        return Hint(result.move, HintReason.WINS, plies=WIN - result.score)
    if result.score < -WON:
        return Hint(result.move, HintReason.HOLDS_OUT, plies=WIN + result.score)
    return _why(position, result.move)


def _fox_jumps(position: Position) -> list[Move]:
    """The fox's captures in this arrangement if the fox were to move."""
    fox_to_move = Position(
        position.rules, position.foxes, position.goose_squares(), Side.FOX, position.hand
    )
    return [m for m in fox_to_move.legal_moves() if m.jump]


def _why(position: Position, move: Move) -> Hint:
    """A reason a player can check on the board, for a move the search found best."""
    if move.jump:
        return Hint(move, HintReason.CAPTURES, count=len(move.captures))
    if position.turn is Side.FOX:
        position.push(move)
        threats = _fox_jumps(position)
        position.pop()
        if threats:
            goose = min(threats, key=lambda m: square_name(m.captures[0])).captures[0]
            return Hint(move, HintReason.THREATENS, point=goose)
        return Hint(move, HintReason.BEST)
    landings = {m.path[1] for m in _fox_jumps(position)}
    position.push(move)
    landings -= {m.path[1] for m in _fox_jumps(position)}
    position.pop()
    steps = tables_for(position.rules).fox_steps
    if landings:
        return Hint(move, HintReason.KEEPS_FOX_FROM, point=min(landings, key=square_name))
    if any(move.target in steps[fox] for fox in position.foxes):
        return Hint(move, HintReason.KEEPS_FOX_FROM, point=move.target)
    return Hint(move, HintReason.BEST)


# -- review ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Assessment:
    """A position's value for the side to move, its best move, and the exact value if known."""

    value: int
    best: Move | None
    exact: Value | None
    # The search's score before the cap, for what a move gives away: for a side far ahead,
    # past the cap, capped values would make every move good. None: the value.
    score: int | None = None

    @property
    def worth(self) -> int:
        return self.value if self.score is None else self.score


class ExactBudget:
    """What the exact search may spend in one review call: new positions, never a time, so
    that what it proves does not depend on the machine. ``stuck`` is set when it gave up on a
    position it was asked about (see ``review``)."""

    def __init__(self, solver: Solver, positions: int, insist: bool) -> None:
        self.solver = solver
        self.given = self.positions = positions
        self.insist = insist  # whether a stuck call may end for the next to go on
        self.stuck = False


def assess(
    position: Position, nodes: int = REVIEW_NODES, exact: ExactBudget | None = None
) -> Assessment:
    """The value of ``position`` for the side to move (``VALUE_CAP`` for a proven win), with
    the exact search tried first, within ``exact``, where the table is forward-only."""
    me = position.turn
    moves = position.legal_moves()
    if not moves:
        outcome = position.outcome()
        assert outcome is not None
        if outcome.winner is None:
            draw = draw_score(position.rules, me)
            return Assessment(_cap(draw), None, None, draw)
        value = VALUE_CAP if outcome.winner is me else -VALUE_CAP
        return Assessment(value, None, (outcome.winner, 0))
    if exact is not None and exact.positions > 0 and forward_only(position):
        solver = exact.solver
        size = len(solver.memo)
        found = solver.best_move(position, exact.positions)
        exact.positions -= max(0, len(solver.memo) - size)
        if found is not None:
            best, proven = found
            return Assessment(VALUE_CAP if proven[0] is me else -VALUE_CAP, best, proven)
        # Asked about (within its reach, or just before a solved position): the next call goes
        # on with it, while the review has positions left.
        exact.stuck = True
    if len(moves) == 1:
        # The search does not score a move that has no alternative: the next position's
        # value is this one's.
        position.push(moves[0])
        try:
            then = assess(position, nodes)
        finally:
            position.pop()
        plies = None if then.exact is None else (then.exact[0], then.exact[1] + 1)
        return Assessment(-then.value, moves[0], plies, -then.worth)
    result = search(position, None, None, nodes)
    if abs(result.score) <= WON:
        return Assessment(_cap(result.score), result.move, None, result.score)
    winner = me if result.score > 0 else me.other
    value = VALUE_CAP if winner is me else -VALUE_CAP
    return Assessment(value, result.move, (winner, WIN - abs(result.score)))


def _cap(score: int) -> int:
    return max(-VALUE_CAP, min(VALUE_CAP, score))


def points(move: Move) -> tuple[str, ...]:
    """The points a move visits, named: how the page says a move in words (one for a placement)."""
    return tuple(square_name(sq) for sq in move.path)


@dataclass(frozen=True)
class Row:
    """One reviewed move, with values from the mover's point of view."""

    ply: int  # counted from 1
    move: str
    side: Side
    before: int
    after: int
    best: str | None  # the engine's move in the position before
    mark: MoveMark
    exact_before: Value | None
    exact_after: Value | None
    verdict: Verdict | None
    loss: int  # what the move gave away, at least 0, as ``judge`` weighs it (0 for a good move's
    # best or exact verdict)
    path: tuple[str, ...]  # the points the move visits (one for a placement), as the page says it
    best_path: tuple[str, ...] | None

    def as_dict(self) -> dict[str, Any]:
        def exact(value: Value | None) -> dict[str, Any] | None:
            return None if value is None else {"winner": value[0].value, "plies": value[1]}

        return {
            "ply": self.ply,
            "move": self.move,
            "side": self.side.value,
            "before": self.before,
            "after": self.after,
            "loss": self.loss,
            "best": self.best,
            "path": list(self.path),
            "best_path": None if self.best_path is None else list(self.best_path),
            "mark": self.mark.value,
            "exact_before": exact(self.exact_before),
            "exact_after": exact(self.exact_after),
            "verdict": None if self.verdict is None else self.verdict.value,
        }


def judge(
    mover: Side,
    move: Move,
    before: Assessment,
    after: Assessment,
    alternative: Callable[[], Assessment] | None = None,
) -> tuple[MoveMark, Verdict | None, int]:
    """The mark of ``move``, its verdict where the exact value is known on both sides, and what
    it gave away (``before``: the assessment of the position it was played in; ``after``: of
    the next; ``alternative``: of the position after the engine's move, asked for only when the
    move went into a proven loss that ``before`` did not know of). The loss agrees with the
    mark: 0 for the engine's own move and for a move the exact values call good."""
    if before.exact is not None and after.exact is not None:
        if before.exact[0] is not mover:
            return MoveMark.GOOD, Verdict.ALREADY_LOST, 0
        if after.exact[0] is mover:
            return MoveMark.GOOD, Verdict.KEEPS_WIN, 0
        return MoveMark.MISTAKE, Verdict.LETS_WIN_GO, max(MISTAKE, before.value + after.value)
    if move == before.best:
        return MoveMark.GOOD, None, 0
    if after.exact is not None:
        # The next position is proven; what this one had is weighed against that on the capped
        # values (a proven result counts as the cap: an unproven score past it is no more).
        if after.exact[0] is mover:
            return MoveMark.GOOD, None, 0  # into a proven win
        # Into a proven loss that the search of this position did not see: a mistake, unless
        # the engine's own move loses provably too (then this position was lost already).
        other = None if alternative is None else alternative()
        if other is not None and other.exact is not None and other.exact[0] is not mover:
            return MoveMark.GOOD, None, 0
        loss = max(MISTAKE, (-VALUE_CAP if other is None else -other.value) + after.value)
        return MoveMark.MISTAKE, None, loss
    if before.exact is not None:
        # Out of a proven result into a position not proven: on the capped values too.
        loss = max(0, before.value + after.value)
    else:
        loss = max(0, before.worth + after.worth)  # the next position's value is the opponent's
    if loss >= MISTAKE:
        return MoveMark.MISTAKE, None, loss
    if loss >= INACCURACY:
        return MoveMark.INACCURATE, None, loss
    return MoveMark.GOOD, None, loss


def _insist(exact: ExactBudget, spent: int) -> bool:
    """Whether the call ends at a position the exact search gave up on within its reach, for
    the next call to go on solving (what it solved is kept): only while the review of this
    record has exact positions left. Otherwise the review goes on without the exact search."""
    if not exact.stuck:
        return False
    if exact.insist and spent + exact.given - exact.positions < REVIEW_EXACT_TOTAL:
        return True
    exact.stuck = False
    exact.positions = 0
    return False


@dataclass(frozen=True)
class Review:
    """The rows reviewed in one call, in the order of the game, and the ply to go on from
    (None: the whole game is done)."""

    rows: tuple[Row, ...]
    next: int | None


class Reviewer:
    """Reviews games in short calls (``review``), keeping between calls what the next one goes
    on from: the exact search's solved positions (``endgame``), what the exact search has
    spent on the record under review, and the position and assessment a call stopped at.

    The API holds one for the worker's life, as it holds hard's ``Endgame``; a script or a
    test makes its own. Without an ``endgame`` each call solves afresh and never insists.
    """

    def __init__(self, endgame: Endgame | None = None) -> None:
        self.endgame = endgame
        # The record last reviewed, the kept solver it used, and the new positions the exact
        # search has stored for it.
        self._spent: tuple[str, Solver | None, int] = ("", None, 0)
        # The position a call stopped at and its assessment (None: still to be solved), which
        # the next call starts from: ((record, kept solver, ply), assessment, position).
        # Assessed once, as in one long call; and the record is replayed once, not at every
        # call (in the browser that is a share of a short call).
        self._stopped: tuple[tuple[str, Solver | None, int], Assessment | None, Position] | None = (
            None
        )

    def review(
        self,
        record: GameRecord,
        until: int | None = None,
        seconds: float | None = 1.0,
        nodes: int = REVIEW_NODES,
        most: int | None = None,
    ) -> Review:
        """Review the moves before ply ``until`` (None: the whole game), from the last back to
        the first, until ``seconds`` have passed (None: no limit) or ``most`` moves are done;
        call again with ``until=next`` until ``next`` is None.

        Backwards, because the exact search reaches the end of a game first and everything it
        solves there is remembered (in ``endgame``), which brings the moves before within its
        reach. Each call gives it ``REVIEW_EXACT_POSITIONS`` new positions; where that is not
        enough for a position within its reach or just before one it solved, the call ends
        there, with no row for that position, and the next goes on solving it, until the
        review has spent ``REVIEW_EXACT_TOTAL`` (only with an ``endgame``: without one each
        call forgets). Raises ``RecordError`` for a record that does not replay.
        """
        deadline = None if seconds is None else time.perf_counter() + seconds
        total = len(record.moves)
        until = total if until is None else max(0, min(until, total))
        encoded = record.encode()
        stopped, self._stopped = self._stopped, None  # a call that fails leaves nothing
        if stopped is not None and (stopped[0][0], stopped[0][2]) == (encoded, until):
            position = stopped[2]
        else:
            stopped = None
            position = record.replay()  # every move is checked, those after ``until`` too
            for _ in range(total - until):
                position.pop()
        # Counted afresh for another record, or when the kept solver was started afresh.
        # (Tables that are not forward-only have no exact search: their kept solver is left.)
        endgame = self.endgame or Endgame()
        kept = endgame.solver_for(position.rules) if forward_only(position) else None
        solver = Solver(0) if kept is None else kept
        if stopped is not None and stopped[0][1] is not kept:
            stopped = None  # another kept solver: assessed afresh
        last, last_kept, last_spent = self._spent
        spent = last_spent if last == encoded and last_kept is kept else 0
        budget = min(REVIEW_EXACT_POSITIONS, REVIEW_EXACT_TOTAL - spent)
        exact = ExactBudget(solver, budget, insist=self.endgame is not None)
        rows: list[Row] = []
        ply = until
        try:
            if stopped is not None and stopped[1] is not None:
                after = stopped[1]
            else:
                after = assess(position, nodes, exact if within_exact_reach(position) else None)
            settled = not _insist(exact, spent)  # else the next call goes on solving this one
            while settled and ply > 0:
                move = position.pop()
                mover = position.turn
                reach = after.exact is not None or within_exact_reach(position)
                before = assess(position, nodes, exact if reach else None)
                if _insist(exact, spent):
                    position.push(move)  # the next call starts from ``after`` again
                    break

                def alternative(best: Move | None = before.best) -> Assessment:
                    assert best is not None
                    position.push(best)
                    try:
                        return assess(position, nodes)
                    finally:
                        position.pop()

                mark, verdict, loss = judge(mover, move, before, after, alternative)
                best = None if before.best is None else str(before.best)
                rows.append(
                    Row(
                        ply,
                        str(move),
                        mover,
                        before.value,
                        -after.value,
                        best,
                        mark,
                        before.exact,
                        after.exact,
                        verdict,
                        loss,
                        points(move),
                        None if before.best is None else points(before.best),
                    )
                )
                after = before
                ply -= 1
                if deadline is not None and time.perf_counter() > deadline:
                    break
                if most is not None and len(rows) >= most:
                    break
        finally:
            # At least a little per call, so that a review that insists always ends.
            used = max(exact.given - exact.positions, 256 if exact.stuck else 0)
            self._spent = (encoded, kept, spent + used)
        if ply:
            self._stopped = ((encoded, kept, ply), after if settled else None, position)
        rows.reverse()
        return Review(tuple(rows), ply or None)


def turning_point(rows: Iterable[Mapping[str, Any]]) -> int | None:
    """The ply of the move where the game turned: the first that let a proven win go, else the
    mistake that gave away most, else the inaccuracy that did; None for a clean game. Taken
    from the marks, so the move it names is never one marked good.

    Takes rows as ``Row.as_dict`` writes them, so the page can hand back the rows of
    earlier calls."""
    worst: tuple[int, int, int] | None = None  # (rank of the mark, loss, -ply)
    rank = {MoveMark.MISTAKE: 2, MoveMark.INACCURATE: 1}
    for row in sorted(rows, key=lambda r: int(r["ply"])):
        if row.get("verdict") == Verdict.LETS_WIN_GO:
            return int(row["ply"])
        weight = rank.get(MoveMark(row.get("mark", MoveMark.GOOD)), 0)
        if weight:
            key = (weight, int(row.get("loss", 0)), -int(row["ply"]))
            if worst is None or key > worst:
                worst = key
    return None if worst is None else -worst[2]
