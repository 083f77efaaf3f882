"""Game-tree search: principal-variation search with iterative deepening.

* A transposition table keyed by ``Position.hash`` (which includes the side to
  move); move ordering by table move, captures (longer chains first), killers
  and history.
* Quiescence on captures: a leaf with the fox to move is scored only after its
  captures are played out (it may stand pat unless capture is compulsory).
* The end of the game is the engine's: a node with no legal move asks
  ``Position.outcome`` (one order of rules, ``REPETITIONS``, ``DRAW_PLIES``).
  A position already seen once on the path counts as a draw (either side could
  repeat it). A draw is worth ``evaluation.draw_score`` to the side searching.
* No null-move pruning: in these games the side to move is often the one in
  trouble (geese that must step forward run out of safe moves; a fox with one
  move may be trapped), so "passing" is no bound on anything.
* Late quiet moves are searched a ply shallower first only where geese can step
  sideways; where every goose step is for good, the tempo a reduced search
  misses decides the game.
* A fox with a single move gets one ply more: it may be trapped.
* Time control: iterative deepening stops at 90% of the budget in the middle of
  an iteration (the rest is for unwinding, so the search returns within its
  budget), and does not start one after 45% (it would not finish). What a caller
  needs around the search (the browser worker's round trip) is the caller's to
  take off the budget it gives: ``game.api`` does.
"""

from __future__ import annotations

import time
from typing import NamedTuple

from .evaluation import draw_score, evaluation_for
from .position import Move, Position, Side

WIN = 1_000_000
# Scores beyond this are forced wins or losses (WIN minus the plies to get there).
WON = WIN - 10_000
INF = WIN + 1
MAX_PLY = 128
LMR_DEPTH = 3  # reduce only this deep or deeper
LMR_AFTER = 3  # ... and only after the first few moves


class SearchResult(NamedTuple):
    move: Move
    score: int  # for the side to move, in hundredths of a goose (beyond WON: a forced result)
    depth: int  # plies completed
    nodes: int
    # Root moves' scores at the completed depth; those within the margin of the best are exact.
    scores: dict[Move, int]


class _TimeUpError(Exception):
    """The node or time limit is reached: unwind to the root."""


class _Search:
    def __init__(self, pos: Position, deadline: float | None, node_limit: int | None):
        rules = pos.rules
        self.pos = pos
        self.ev = evaluation_for(rules)
        self.deadline = deadline
        self.node_limit = node_limit
        self.nodes = 0
        self.tt: dict[int, tuple[int, int, int, Move]] = {}
        self.killers: list[list[Move | None]] = [[None, None] for _ in range(MAX_PLY + 2)]
        self.history: dict[tuple[int, int], int] = {}
        self.reduce = rules.sideways
        self.forced = rules.forced_capture
        self.root_turn = pos.turn
        self.draw = draw_score(rules, pos.turn)
        self.root_depth = 0
        self.improved: tuple[Move, int] | None = None

    def _tick(self) -> None:
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise _TimeUpError
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _TimeUpError

    def _draw(self) -> int:
        return self.draw if self.pos.turn is self.root_turn else -self.draw

    def _order(self, moves: list[Move], tt_move: Move | None, ply: int) -> None:
        k0, k1 = self.killers[ply]
        history = self.history

        def key(m: Move) -> int:
            if m == tt_move:
                return 1 << 40
            if m.jump:
                return (1 << 36) + len(m.path)
            if m in (k0, k1):
                return 1 << 32
            return history.get((m.origin, m.target), 0)

        moves.sort(key=key, reverse=True)

    def _leaf(self, moves: list[Move], alpha: int, beta: int, ply: int) -> int:
        """The static score, after the fox's captures are played out."""
        pos = self.pos
        score = self.ev.fox_score(pos)
        if pos.turn is Side.GEESE:
            return -score
        captures = [m for m in moves if m.jump]
        if not captures:
            return score
        if self.forced:
            score = -INF
        else:
            if score >= beta:
                return score
            alpha = max(alpha, score)
        captures.sort(key=lambda m: len(m.path), reverse=True)
        for m in captures:
            pos.push(m)
            s = -self.negamax(0, -beta, -alpha, ply + 1)
            pos.pop()
            if s > score:
                score = s
                if s > alpha:
                    alpha = s
                    if s >= beta:
                        break
        return score

    def negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        pos = self.pos
        self.nodes += 1
        if self.nodes & 127 == 0 or self.node_limit is not None:
            self._tick()
        moves = pos.legal_moves()
        if not moves:
            outcome = pos.outcome()
            assert outcome is not None  # no legal move: the game is over
            if outcome.winner is None:
                return self._draw()
            return WIN - ply if outcome.winner is pos.turn else ply - WIN
        if pos.repetitions() >= 2:
            return self._draw()
        if pos.turn is Side.FOX and len(moves) == 1 and ply < 2 * self.root_depth:
            depth += 1
        if depth <= 0 or ply >= MAX_PLY:
            return self._leaf(moves, alpha, beta, ply)

        key = pos.hash
        entry = self.tt.get(key)
        tt_move = None
        if entry is not None:
            e_depth, flag, e_score, tt_move = entry
            if e_depth >= depth:
                if e_score > WON:
                    e_score -= ply
                elif e_score < -WON:
                    e_score += ply
                if flag == 0 or (flag == 1 and e_score >= beta) or (flag == 2 and e_score <= alpha):
                    return e_score
        if len(moves) > 1:
            self._order(moves, tt_move, ply)
        alpha0 = alpha
        best, best_move = -INF, moves[0]
        killers = self.killers[ply]
        for i, m in enumerate(moves):
            pos.push(m)
            if i == 0:
                s = -self.negamax(depth - 1, -beta, -alpha, ply + 1)
            else:
                if (
                    self.reduce
                    and depth >= LMR_DEPTH
                    and i >= LMR_AFTER
                    and not m.jump
                    and m not in killers
                ):
                    s = -self.negamax(depth - 2, -alpha - 1, -alpha, ply + 1)
                else:
                    s = alpha + 1
                if s > alpha:
                    s = -self.negamax(depth - 1, -alpha - 1, -alpha, ply + 1)
                if alpha < s < beta:
                    s = -self.negamax(depth - 1, -beta, -alpha, ply + 1)
            pos.pop()
            if s > best:
                best, best_move = s, m
                if s > alpha:
                    alpha = s
                    if s >= beta:
                        if not m.jump:
                            if killers[0] != m:
                                killers[1] = killers[0]
                                killers[0] = m
                            hk = (m.origin, m.target)
                            self.history[hk] = self.history.get(hk, 0) + depth * depth
                        break
        flag = 1 if best >= beta else (2 if best <= alpha0 else 0)
        stored = best + ply if best > WON else (best - ply if best < -WON else best)
        self.tt[key] = (depth, flag, stored, best_move)
        return best

    def root(self, moves: list[Move], depth: int, margin: int) -> tuple[int, dict[Move, int]]:
        """Search every root move; scores within ``margin`` of the best are exact."""
        pos = self.pos
        best = -INF
        scores: dict[Move, int] = {}
        self.improved = None
        self.root_depth = depth
        for i, m in enumerate(moves):
            pos.push(m)
            if i == 0:
                s = -self.negamax(depth - 1, -INF, INF, 1)
            else:
                floor = best - margin
                s = -self.negamax(depth - 1, -floor - 1, -floor, 1)
                if s > floor:
                    s = -self.negamax(depth - 1, -INF, -floor, 1)
            pos.pop()
            scores[m] = s
            if s > best:
                best = s
                if i > 0:
                    # Proven better than the previous best at this depth, even if time runs out.
                    self.improved = (m, s)
        return best, scores


def search(
    position: Position,
    max_depth: int | None = None,
    seconds: float | None = 1.0,
    nodes: int | None = None,
    margin: int = 0,
) -> SearchResult:
    """The best move for the side to move, deepening until a limit is reached.

    Stops after ``max_depth`` plies, ``nodes`` nodes, or when ``seconds`` run
    out (None: no such limit), whichever comes first. With a depth or node
    limit and no time limit the result depends only on the position. The
    position is left as it was.
    """
    moves = position.legal_moves()
    if not moves:
        raise ValueError("the game is over")
    if max_depth is None and seconds is None and nodes is None:
        raise ValueError("give a depth, a node or a time limit")
    start = time.perf_counter()
    start_ply = position.ply
    # Slack for the unwinding: the search returns within its budget.
    deadline = None if seconds is None else start + 0.9 * seconds
    s = _Search(position, deadline, nodes)
    # First search: captures first, longer chains before shorter; ties keep engine order.
    moves.sort(key=lambda m: len(m.path) if m.jump else 0, reverse=True)
    result = SearchResult(moves[0], 0, 0, 0, {moves[0]: 0})
    if len(moves) == 1:
        return result
    # Only a search bounded by time alone saves the rest of its budget; with a depth limit the
    # time is only a safety net, so that the result depends on the position alone.
    by_time_only = seconds is not None and max_depth is None and nodes is None
    no_new_iteration_after = start + 0.45 * (seconds or 0.0)
    limit = MAX_PLY // 2 if max_depth is None else min(max_depth, MAX_PLY // 2)
    for depth in range(1, limit + 1):
        try:
            best, scores = s.root(moves, depth, margin)
        except _TimeUpError:
            while position.ply > start_ply:
                position.pop()
            if s.improved is not None and margin == 0:
                move, score = s.improved
                result = SearchResult(move, score, result.depth, s.nodes, result.scores)
            break
        # Best first next time (a stable sort: ties keep their order).
        moves.sort(key=lambda m: scores[m], reverse=True)
        result = SearchResult(moves[0], best, depth, s.nodes, scores)
        if abs(best) > WON:
            break  # a forced result: deeper search cannot change it
        if by_time_only and time.perf_counter() > no_new_iteration_after:
            break  # the next iteration would not finish in time
    return result._replace(nodes=s.nodes)
