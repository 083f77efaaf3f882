"""The computer opponent: a negamax search over the engine's own legal moves.

``choose_move(position, level, seconds, seed)`` is the whole public interface;
``search`` exposes the raw search for tests and benchmarks.

Design, in short:

* Principal-variation search with iterative deepening, a transposition table
  keyed by ``Position.hash`` (which includes the side to move), and move
  ordering by table move, captures (longer chains first), killers and history.
* A capture-only quiescence for the fox, so leaves are never scored in the
  middle of a capture.
* An evaluation built per game from the rules' data (goose threshold, pen,
  goose directions, board lines), in hundredths of a goose: geese taken; the
  fox's room to run (a flood fill) and its mobility and threats; "refuges",
  points in the fox's reach that no goose can ever get to again (geese never
  step back), and jumps that would land there; other holes in the goose
  formation; geese already past the fox, and lines back from a goose to a point
  the fox can reach (it can get behind that goose, which never steps back); the
  forward steps the geese lose to dead ends when they cannot step sideways (a
  side without a move loses); advancement and
  pen progress in a pen game. The start position scores 0.
* Draws (threefold repetition, the 100-ply rule) count as a loss for the side
  the computer plays (contempt: one and a half geese for the fox; for the geese
  four tenths of the captures the fox needs, 4 to 6 geese), so it steers into
  them only when it judges itself clearly behind. Where the geese can step
  sideways and win only by trapping, the fox side is the losing one, and a
  draw counts as a gain of six geese to it. In the search a position seen
  before already counts as a draw.
* A fox left with a single move gets one ply more search: it may be trapped.
* Hard's search (``search``) reduces late quiet moves where the geese can
  step sideways; easy and medium search their full width. Hard plays a book
  move where the search cannot tell first moves apart (``_BOOK``).
* ``easy`` (3 plies) and ``medium`` (4 plies) pick among the moves close to
  the best with seeded noise; their foxes search 1 ply where the geese cannot
  step sideways, since there the fox side is the one that wins with good play
  (and easy geese there keep closer to their best move); against 17 geese the
  medium fox searches 3 plies, half its moves without noise, and the medium
  geese 6. Where the fox side loses, the easy fox picks more loosely.
  They also stop when the time budget runs out. With a depth or node limit the
  result depends only on the position and the seed; a time budget makes the
  depth reached, and so possibly the move, depend on the machine's speed.
"""

from __future__ import annotations

import functools
import random
import time
from typing import NamedTuple

from .games import DIAGONAL, FORWARD, SIDEWAYS, Rules
from .position import DRAW_PLIES, EMPTY, GOOSE, Move, Position, Side

LEVELS = ("easy", "medium", "hard")

WIN = 1_000_000
# Scores beyond this are forced wins or losses (WIN minus the plies to get there).
WON = WIN - 10_000
INF = WIN + 1
GOOSE_VALUE = 100
# A draw costs the computer this much, so it avoids draws unless it is losing. The geese pay
# in proportion to the captures the fox needs to win on the count: where they can step
# sideways, geese several down are still the winning side (in Large Cross they trap the fox
# with 12 of 18 left), and a flat four geese had medium geese four to six down repeat into a
# draw in 8 of 20 games against the easy fox.
FOX_CONTEMPT = 150
# Geese that can step sideways can always wait, and where they win only by trapping (Large
# Cross, the sideways option; not Two Foxes, with its pen) the fox side is the losing one: hard
# geese beat the hard fox in every game there. So the fox plays for a draw unless it is six
# geese ahead, and geese steering clear of its repetitions give it chances. Hard fox against
# medium geese in Large Cross: 28% of 40 games with the usual contempt, 39% of 60 with a draw
# worth three geese, 53% of 30 with six.
FOX_CONTEMPT_WHERE_THE_FOX_SIDE_LOSES = -600
GEESE_CONTEMPT_PER_CAPTURE = 40
MAX_PLY = 128
EXTEND = 1
# Late move reductions (hard only): where the geese can step sideways, quiet moves after the
# first few are searched a ply shallower first, and again in full only if they look better.
# Two Foxes hard against medium at 0.3 s a move: 64% of 40 games without, 75% with. Where every
# goose step is for good (no sideways steps) a reduced search misses the tempo that decides the
# game: 13 geese, hard geese beat the medium fox in 7 of 20 games with it, 9 without; 17 geese,
# 13 against 18.
LMR_DEPTH = 3
LMR_AFTER = 3


class _Level(NamedTuple):
    depth: int | None  # None: deepen until the time runs out
    noise: float  # standard deviation added to root scores
    margin: int  # only moves this close to the best are candidates
    sure: float = (
        0.0  # the share of moves played without noise (the best; ties go to the later move)
    )


# easy and medium stop at their depth (normally long before the time budget), so
# with a seed they play the same move on any machine.
_LEVELS = {
    "easy": _Level(depth=3, noise=15.0, margin=50),
    "medium": _Level(depth=4, noise=10.0, margin=40),
    "hard": _Level(depth=None, noise=0.0, margin=0),
}
# Geese that cannot step sideways cannot wait either: a fox that merely stays out of traps
# wins once they run out of safe moves (hard against hard, the fox side won every game). A
# fox searching 3 plies there beat hard geese in 8 of 10 games and medium geese in 29 of 30,
# so the weaker foxes search 1 ply, or nobody could beat them as geese. Easy's wide noise
# leaves the medium geese something to beat (they beat it in 71% of 300 games with 13 geese,
# 83% with 17) yet stays narrow enough that it takes obvious captures (tests/test_ai.py).
# Easy geese there keep closer to their best move: with the usual noise they let even a
# random fox behind their line in up to 3 of 20 games (benchmarks/ai_tournament.py).
_WHEN_GEESE_CANNOT_WAIT = {
    Side.FOX: {
        "easy": _Level(depth=1, noise=90.0, margin=200),
        "medium": _Level(depth=1, noise=5.0, margin=20),
    },
    Side.GEESE: {"easy": _Level(depth=3, noise=10.0, margin=30)},
}
# Except against 17 geese, where the geese side is stronger: there a 1-ply medium fox beat easy
# geese in only 60 of 110 games (3 plies: 78; 2 plies: 19 of 60), and hard geese still beat the
# 3-ply fox in 35 of 40 (medium geese in 11 of 20); a 4-ply one beat easy geese in 199 of 200 but
# lost to hard geese in only 3 of 20. With 13 geese a deeper medium fox is too hard to trap (medium
# geese beat a 2-ply one in 1 of 20, hard geese even a noisier 3-ply one, noise 40 and margin 100,
# in 1 of 10); with 15 geese no depth did better than 1 ply. The 17 medium geese look 6 plies ahead:
# they beat the easy fox in 176 and 178 of 200 games at two seeds (4 plies: 163 at the first; 5
# plies, ending on their own move, 96 at the second), and the hard fox still beat them in 19 of 20.
# With 13 geese 6 plies won no more (147 of 200, 4 plies: 148). The 17 medium fox plays half its
# moves without noise: among moves its search scores alike, the later one (towards the geese) beats
# easy geese more often: 324 of 400 games against 289, while hard geese still beat it in 39 of 60
# at 0.3 s a move (with noise on every move 35 of 40; with none, 0 of 20).
_MEDIUM_BY_GEESE = {
    17: {
        Side.FOX: _Level(depth=3, noise=10.0, margin=40, sure=0.5),
        Side.GEESE: _Level(depth=6, noise=10.0, margin=40),
    }
}

# Where the fox side loses (geese that can wait and win by trapping), the easy fox picks more
# loosely, so that medium geese beat it more often: in Large Cross in 147 of 160 games (seeds 1-4;
# the usual easy fox: 136). It still beat random geese in 78 of 80 and took 394 of 400 obvious
# captures (tests/test_ai.py).
_EASY_FOX_WHERE_THE_FOX_SIDE_LOSES = _Level(depth=3, noise=70.0, margin=170)


# Hard's opening book, by game, goose count and sideways option: the moves so far, and the reply.
# Forward-only geese commit for good with every step, and from the 13-geese start, once the fox
# has stepped d4-d5, the search scores all first goose moves within a third of a goose of each
# other. Which one it picks depends on the depth the clock allows; at 1 s a move it steps to a
# wing (c3-b4 or e3-f4), the fox answers d5-c4 (or d5-e4), and that goose is lost or stranded on
# the edge (11 of the 15 games lost at seed 1): hard geese beat the medium fox in 7 of 30 games.
# Stepping into the middle point in front of the fox instead, c3-d4, they beat it in 15 of 20
# (e3-d4: 11 of 20; e3-e4: 6 of 10; d3-c4, to a wing again: 2 of 10). At 0.3 s, where the
# search's own first move won about half its games (9 of 20 at seed 1), c3-d4 won 20 of 40.
_BOOK = {("fox-and-geese", 13, False): {("d4-d5",): "c3-d4"}}


def _book_move(position: Position) -> Move | None:
    rules = position.rules
    line = tuple(map(str, position.moves))
    reply = _BOOK.get((rules.game, len(rules.geese), rules.sideways), {}).get(line)
    if reply is None:
        return None
    start = Position(rules)
    for text in line:
        start.push(start.parse_move(text))
    # A position set up by hand may have the same moves behind it but other pieces.
    return start.parse_move(reply) if start.hash == position.hash else None


def _fox_side_loses(rules: Rules) -> bool:
    """Geese that can always wait (sideways steps) and win only by trapping (no pen)."""
    return rules.sideways and not rules.pen


# Evaluation weights, in hundredths of a goose.
# Tuned by self-play against random and weaker opponents (benchmarks/ai_tournament.py).
WEIGHTS = {
    "advance": 1,
    "pen_row": 6,
    "pen": 25,
    "room": 5,
    "room_pen": 3,
    "refuge": 80,
    "refuge2": 150,
    "mobility": 6,
    "potential": 15,
    "passed": 40,
    "hole": 12,
    "deep_hole": 150,
    "cornered": 40,
    "threat1": 20,
    "threat2": 70,
    "outflanked": 100,
}


class _Timeout(Exception):
    pass


class _Eval:
    """Evaluation tables for one set of rules (built once, cached per Rules)."""

    def __init__(self, rules: Rules):
        W = WEIGHTS
        board = rules.board
        size = max(board.points) + 1
        self.points = board.points
        self.forced = rules.forced_capture
        self.initial = len(rules.geese)
        self.steps: list[tuple[int, ...]] = [()] * size
        self.jumps: list[tuple[tuple[int, int], ...]] = [()] * size
        # (a, b) with a - sq - b on one line: a fox on a jumps a goose on sq to b.
        self.through: list[tuple[tuple[int, int], ...]] = [()] * size
        self.behind: list[tuple[int, ...]] = [()] * size
        for sq in board.points:
            steps, jumps, through = [], [], []
            for d in ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)):
                n = board.neighbour(sq, d)
                if n is None:
                    continue
                steps.append(n)
                beyond = board.neighbour(n, d)
                if beyond is not None:
                    jumps.append((n, beyond))
                back = board.neighbour(sq, (-d[0], -d[1]))
                if back is not None:
                    through.append((n, back))
            self.steps[sq] = tuple(steps)
            self.behind[sq] = tuple(n for n in steps if n < sq - 8)  # a lower row
            self.jumps[sq] = tuple(jumps)
            self.through[sq] = tuple(through)
        # reach[sq]: bit mask of the points a goose on sq could ever get to. A point no
        # goose can reach is a refuge: a fox that gets there can never be trapped.
        self.bit = [0] * size
        for i, sq in enumerate(board.points):
            self.bit[sq] = 1 << i
        wanted = [(0, 1)] * (FORWARD in rules.goose_moves)
        wanted += [(1, 1), (-1, 1)] * (DIAGONAL in rules.goose_moves)
        wanted += [(1, 0), (-1, 0)] * (SIDEWAYS in rules.goose_moves)
        self.reach = [0] * size
        for sq in board.points:
            todo, mask = [sq], 0
            while todo:
                p = todo.pop()
                if not mask & self.bit[p]:
                    mask |= self.bit[p]
                    todo += [n for d in wanted if (n := board.neighbour(p, d)) is not None]
            self.reach[sq] = mask
        # The most forward steps a goose can still take from each point. Without sideways
        # steps every goose move is one of them: spending them on dead ends leaves the
        # geese without waiting moves later, and a side that cannot move loses.
        potential = [0] * size
        for sq in sorted(board.points, reverse=True):  # higher rows first
            ahead = [n for d in wanted if d[1] == 1 and (n := board.neighbour(sq, d)) is not None]
            potential[sq] = max((potential[n] + 1 for n in ahead), default=0)
        # Geese gain by moving up; in a pen game the pen is where they head.
        pen = set(rules.pen)
        self.goose_square = [0] * size
        for sq in board.points:
            row = sq // 16
            # Trapping games: advancing only helps by taking the fox's room (counted apart).
            value = W["advance"] * row
            if not rules.sideways:  # with sideways steps the geese never run out of moves
                # Every step spends one; a step into a dead end also spends the ones it cuts off.
                value += W["potential"] * (row + potential[sq])
            if pen:
                value += W["pen_row"] * row + (W["pen"] if sq in pen else 0)
            self.goose_square[sq] = value
        # Room for the fox counts for more when the geese want to trap it.
        self.w_room = W["room_pen"] if pen else W["room"]
        self.w_passed = 0 if pen else W["passed"]
        self.w_outflanked = 0 if pen else W["outflanked"]
        self.w_mobility, self.w_hole, self.w_cornered = W["mobility"], W["hole"], W["cornered"]
        self.w_refuge, self.w_refuge2 = W["refuge"], W["refuge2"]
        self.w_deep_hole = W["deep_hole"]
        self.w_threat1, self.w_threat2 = W["threat1"], W["threat2"]
        self.mark = [0] * size
        self.stamp = 0
        self.cache: dict[int, int] = {}
        # Score the start position 0, so that the draw contempt compares with "no progress".
        self.offset = 0
        self.offset = self._score(Position(rules))

    def fox_score(self, pos: Position) -> int:
        """The position's value for the fox side, in hundredths of a goose."""
        cache = self.cache
        score = cache.get(pos.hash)
        if score is None:
            if len(cache) > 100_000:  # about 10 MB: the browser heap is small
                cache.clear()
            score = cache[pos.hash] = self._score(pos)
        return score

    def _score(self, pos: Position) -> int:
        cells = pos.cells
        steps = self.steps
        self.stamp += 1
        stamp = self.stamp
        mark = self.mark
        foxes = pos.foxes
        # Flood fill: the empty points the foxes can walk to (their room to run).
        seen = list(foxes)
        for f in seen:
            mark[f] = stamp
        push = seen.append
        for sq in seen:  # the list grows while we walk it: breadth-first
            for n in steps[sq]:
                if cells[n] == EMPTY and mark[n] != stamp:
                    mark[n] = stamp
                    push(n)
        room = len(seen)
        mobility = 0
        threats = 0
        jumps = self.jumps
        for f in foxes:
            for n in steps[f]:
                if cells[n] == EMPTY:
                    mobility += 1
            for over, land in jumps[f]:
                if cells[over] == GOOSE and cells[land] == EMPTY:
                    threats += 1
        # Geese above the lowest fox can no longer close in on it from behind.
        passed_from = (min(foxes) // 16 + 1) * 16
        # Geese: advancement, pen, reach, and holes the fox can get to and jump into.
        geese_value = 0
        holes = 0
        passed = 0
        can_reach = 0
        goose_square = self.goose_square
        bit = self.bit
        through = self.through
        reach = self.reach
        geese = []
        for sq in self.points:
            if cells[sq] == GOOSE:
                geese.append(sq)
                geese_value += goose_square[sq]
                can_reach |= reach[sq]
                if sq >= passed_from:
                    passed += 1
        deep_holes = 0  # jumps that would land on a refuge
        behind = self.behind
        outflanked = 0  # lines from a goose back to a point the fox can reach: it can get behind
        for sq in geese:
            for n in behind[sq]:
                if mark[n] == stamp:
                    outflanked += 1
            for a, b in through[sq]:
                if mark[a] == stamp and cells[b] == EMPTY:
                    holes += 1
                    if not can_reach & bit[b]:
                        deep_holes += 1
                    break
        refuge = 0
        for sq in seen:
            if not can_reach & bit[sq]:
                refuge += 1
        score = (
            self.w_room * room
            + self.w_mobility * mobility
            + self.w_hole * holes
            + self.w_deep_hole * deep_holes
            + self.w_passed * passed
            + self.w_outflanked * outflanked
            - geese_value
            + GOOSE_VALUE * (self.initial - pos.geese)
        )
        if refuge:
            score += self.w_refuge * refuge + (self.w_refuge2 if refuge > 1 else 0)
        if mobility + threats <= 1:
            score -= self.w_cornered
        if threats and pos.turn is Side.GEESE:
            # The geese can cover one threat; two usually cost a goose.
            score += self.w_threat1 if threats == 1 else self.w_threat2
        return score - self.offset


# Built once per set of rules.
eval_for = functools.cache(_Eval)


class _Search:
    def __init__(self, pos: Position, deadline: float | None, node_limit: int | None, reduce: bool):
        self.pos = pos
        self.ev = eval_for(pos.rules)
        self.deadline = deadline
        self.node_limit = node_limit
        self.nodes = 0
        self.tt: dict[int, tuple[int, int, int, Move | None]] = {}
        self.killers: list[list[Move | None]] = [[None, None] for _ in range(MAX_PLY + 1)]
        self.history = [0] * (256 * 256)
        self.root_turn = pos.turn
        self.improved: tuple[Move, int] | None = None
        self.root_depth = 0
        self.reduce = reduce  # late move reductions (LMR_DEPTH)
        self.has_pen = bool(pos.rules.pen)
        self.below = pos.rules.fox_wins_below
        captures_to_win = len(pos.rules.geese) - self.below + 1
        if pos.turn is Side.GEESE:
            self.contempt = GEESE_CONTEMPT_PER_CAPTURE * captures_to_win
        elif _fox_side_loses(pos.rules):
            self.contempt = FOX_CONTEMPT_WHERE_THE_FOX_SIDE_LOSES
        else:
            self.contempt = FOX_CONTEMPT

    def _draw_score(self, pos: Position) -> int:
        return -self.contempt if pos.turn is self.root_turn else self.contempt

    def _tick(self) -> None:
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise _Timeout
        if (
            self.deadline is not None
            and self.nodes & 127 == 0
            and time.perf_counter() > self.deadline
        ):
            raise _Timeout

    def _order(self, moves: list[Move], tt_move: Move | None, ply: int) -> list[Move]:
        killers = self.killers[ply]
        history = self.history
        k0, k1 = killers

        def key(m: Move) -> int:
            if m == tt_move:
                return 1 << 40
            path = m.path
            if m.jump:
                return (1 << 36) + len(path)
            if m in (k0, k1):
                return 1 << 32
            return history[path[0] * 256 + path[-1]]

        moves.sort(key=key, reverse=True)
        return moves

    def negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        pos = self.pos
        self.nodes += 1
        if self.nodes & 127 == 0 or self.node_limit is not None:
            self._tick()
        # Rule endings, in the engine's order; a repeated position counts as a draw here.
        if pos.geese < self.below:
            return -WIN + ply  # only a capture lowers the count: the geese are to move
        if self.has_pen and pos.pen_full():
            return -WIN + ply
        repeated = pos.repetitions()
        if repeated >= 3 or pos.clock >= DRAW_PLIES:
            # legal_moves() is empty now; a trapped side still loses before the draw rules apply.
            return self._draw_score(pos) if pos.outcome().winner is None else -WIN + ply
        moves = pos.legal_moves()
        if not moves:
            return -WIN + ply
        if repeated >= 2:
            return self._draw_score(pos)  # the opponent could repeat again
        fox_to_move = pos.turn is Side.FOX
        if fox_to_move and len(moves) <= EXTEND and ply < 2 * self.root_depth:
            depth += 1  # a fox with almost no moves may be trapped: look one ply further
        if depth <= 0 or ply >= MAX_PLY:
            score = self.ev.fox_score(pos)
            if not fox_to_move:
                return -score
            # Quiescence: the fox may stand pat unless a capture is compulsory.
            captures = [m for m in moves if m.jump]
            if not captures:
                return score
            if not self.ev.forced:
                if score >= beta:
                    return score
                alpha = max(alpha, score)
            else:
                score = -INF
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

        # Transposition table: (depth, flag, score, move); flag 0 exact, 1 lower, 2 upper bound.
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
                if flag == 0:
                    return e_score
                if flag == 1 and e_score >= beta:
                    return e_score
                if flag == 2 and e_score <= alpha:
                    return e_score
        if len(moves) > 1:
            self._order(moves, tt_move, ply)
        alpha0 = alpha
        best = -INF
        best_move = moves[0]
        k0, k1 = self.killers[ply]
        for i, m in enumerate(moves):
            pos.push(m)
            if i == 0:
                s = -self.negamax(depth - 1, -beta, -alpha, ply + 1)
            else:
                if (
                    self.reduce and depth >= LMR_DEPTH and i >= LMR_AFTER and not m.jump and m not in (k0, k1)
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
                best = s
                best_move = m
                if s > alpha:
                    alpha = s
                    if s >= beta:
                        if not m.jump:
                            killers = self.killers[ply]
                            if killers[0] != m:
                                killers[1] = killers[0]
                                killers[0] = m
                            self.history[m.path[0] * 256 + m.path[-1]] += depth * depth
                        break
        flag = 1 if best >= beta else (2 if best <= alpha0 else 0)
        stored = best + ply if best > WON else (best - ply if best < -WON else best)
        self.tt[key] = (depth, flag, stored, best_move)
        return best

    def root(self, moves: list[Move], depth: int, margin: int) -> tuple[Move, int, dict[Move, int]]:
        """Search every root move to ``depth``; the scores of moves within ``margin`` of the best are exact."""
        pos = self.pos
        best, best_move = -INF, moves[0]
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
                best, best_move = s, m
                if i > 0:
                    # Proven better than the previous best at this depth, even if time runs out.
                    self.improved = (m, s)
        return best_move, best, scores


def search(
    position: Position,
    max_depth: int | None = None,
    seconds: float | None = 1.0,
    nodes: int | None = None,
) -> tuple[Move, int, int, int]:
    """The best move found, its score for the side to move, the depth completed and the nodes searched.

    Stops at ``max_depth`` plies, after ``nodes`` nodes, or when ``seconds``
    run out (None: no time limit), whichever comes first. This is the hard level's search.
    """
    move, score, depth, count, _ = _run(
        position, max_depth, seconds, nodes, margin=0, reduce=position.rules.sideways
    )
    return move, score, depth, count


def _run(
    position: Position,
    max_depth: int | None,
    seconds: float | None,
    nodes: int | None,
    margin: int,
    reduce: bool = False,
):
    if position.outcome() is not None:
        raise ValueError("the game is over")
    moves = position.legal_moves()
    if max_depth is None and seconds is None and nodes is None:
        raise ValueError("give a depth, a node or a time limit")
    start = time.perf_counter()
    start_ply = position.ply
    # Slack for the last nodes, the unwinding and, in the browser, the worker's round trip (record
    # replay, JSON, messages: up to some 50 ms on a busy machine), so the whole move fits the budget.
    deadline = None if seconds is None else start + 0.9 * seconds
    s = _Search(position, deadline, nodes, reduce)
    # Root order: captures first, longer chains before shorter; ties keep engine order.
    moves.sort(key=lambda m: len(m.path) if m.jump else 0, reverse=True)
    best_move, best_score, done, scores = moves[0], 0, 0, {moves[0]: 0}
    if len(moves) == 1:
        return best_move, best_score, 0, 0, scores
    # Only a search bounded by time alone stops early to save the rest of its budget.
    by_time_only = deadline is not None and max_depth is None and nodes is None
    depth = 0
    # A cap keeps the recursion shallow (Pyodide's stack is small) when time is plentiful.
    max_depth = MAX_PLY // 2 if max_depth is None else min(max_depth, MAX_PLY // 2)
    while depth < max_depth:
        depth += 1
        try:
            move, score, depth_scores = s.root(moves, depth, margin)
        except _Timeout:
            while position.ply > start_ply:
                position.pop()  # unwind the search's moves
            if s.improved is not None and margin == 0:
                best_move, best_score = s.improved
            break
        best_move, best_score, done, scores = move, score, depth, depth_scores
        # Search the best move first next time; the rest by this iteration's scores.
        moves.sort(key=lambda m: depth_scores[m], reverse=True)
        if abs(score) > WON:
            break  # a forced result: deeper search cannot change it
        if by_time_only and time.perf_counter() - start > 0.45 * seconds:
            break  # the next iteration would not finish in time
    return best_move, best_score, done, s.nodes, scores


def choose_move(
    position: Position, level: str = "hard", seconds: float = 1.0, seed: int | None = None
) -> Move:
    """The computer's move for the side to move. ``position`` is left as it was."""
    try:
        params = _LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}") from None
    if seconds <= 0:
        raise ValueError("seconds must be positive")
    rules = position.rules
    if not rules.sideways:
        params = _WHEN_GEESE_CANNOT_WAIT[position.turn].get(level, params)
        if level == "medium":
            params = _MEDIUM_BY_GEESE.get(len(rules.geese), {}).get(position.turn, params)
    elif _fox_side_loses(rules) and position.turn is Side.FOX and level == "easy":
        params = _EASY_FOX_WHERE_THE_FOX_SIDE_LOSES
    if params.depth is None:
        book = _book_move(position)
        return book if book is not None else search(position, seconds=seconds)[0]
    rng = random.Random(seed)
    move, best, _, _, scores = _run(position, params.depth, seconds, None, margin=params.margin)
    if abs(best) > WON:
        return move  # never miss a forced win, and a lost position has no good choice
    floor = best - params.margin
    noise = 0.0 if params.sure and rng.random() < params.sure else params.noise
    candidates = [
        (s + rng.gauss(0.0, noise), i, m) for i, (m, s) in enumerate(scores.items()) if s > floor
    ]
    return max(candidates)[2]
