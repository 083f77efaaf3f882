"""How good a position is for the fox side, in hundredths of a goose.

Every weight is in ``WEIGHTS``, once, with its reason. What differs between
games is derived from the rules' data (goose directions, pen, goose count),
never from the game's name: for example, where geese step only forward every
goose move is spent for good, so their spare moves count; where they may step
sideways they can always wait, and spare moves mean nothing.

The terms, from the fox's side (the geese's value is its negative):

* material: geese taken;
* room: the empty points the fox can walk to (a flood fill), and its mobility
  and capture threats now;
* refuges: points in the fox's room that no goose can ever reach again
  (geese never step back), so a fox there cannot be trapped; none while geese
  are in hand, since they may be placed anywhere;
* holes: a goose the fox can jump from a point it can reach, and "deep" holes
  whose landing point is a refuge;
* geese already past the fox, and geese with a line back to the fox's room
  (it can get behind them);
* goose progress: rows gained, pen points filled (Asalto's fortress too); none
  where geese step backward as well (Bagh-Chal), and no "passed" geese there.
  A pen point is worth what it brings the geese towards their win against what a
  capture brings the fox: the pen's size against the captures the fox needs, so
  more where the fox needs more captures than the geese need points; and nothing
  once a fox holds a pen point for good (it can never move, nor be made to: every
  point it could step or jump to is held by pieces that can never move either),
  since the pen can then never be full;
* foxes, where they can be lost (huffing): each one on the board, and the huff
  risk: with the foxes to move, a fox that can jump is lost unless it jumps, so
  standing pat costs it;
* trapped foxes, where the geese win only by trapping several foxes: each fox
  without a move is one fewer to trap;
* material counts the geese in hand with those on the board (Bagh-Chal's goats
  are all in hand at the start);
* tempo, where geese step only forward: each goose's forward steps left
  (a step into a dead end throws away the steps it cuts off), and the
  reserve: the steps left to geese that do not touch the fox's room, which
  they can spend while the fox waits without opening the line.

``draw_score`` is the value of a draw for a side (contempt), from the same data.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from .boards import row_of
from .games import Rules
from .position import EMPTY, FOX, GOOSE, Position, Side, tables_for


@dataclass(frozen=True)
class Weights:
    goose: int = 100  # the unit: one goose taken
    # Geese gain by closing in; in a pen game the pen is where they head.
    advance: int = 1  # per row a goose has gained
    pen_row: int = 6  # per row, in a pen game (the pen is at the far end)
    # A pen point filled is not a weight: it is ``pen_point_value``, from the rules.
    # The fox's room to run: where the geese must trap it, every point counts; in a pen
    # game the geese also win by filling the pen, so room matters less.
    room: int = 5
    room_pen: int = 3
    mobility: int = 6  # per step the fox can take now
    cornered: int = 40  # a fox with at most one move or threat is close to trapped
    # A refuge can never be taken from the fox; two or more make it safe for good.
    refuge: int = 80
    refuge2: int = 150
    hole: int = 12  # a goose the fox can get to and jump
    deep_hole: int = 150  # ... landing on a refuge
    passed: int = 40  # a goose above the lowest fox can no longer close in from behind
    outflanked: int = 100  # a line from a goose back to the fox's room
    # With the geese to move, one threat can be covered; two usually cost a goose.
    threat1: int = 20
    threat2: int = 70
    # Forward-only geese: a forward step left is a move the geese can still make.
    tempo: int = 15
    # ... and one they can make while the fox waits, without opening their line.
    reserve: int = 6
    # Draws (only where geese may step sideways: forward-only games cannot repeat). The fox
    # takes one only when clearly behind, even where the geese win with best play: geese that
    # repeat a position may still go wrong, and a fox that repeats at once ends the game.
    fox_contempt: int = 150
    # Geese pay in proportion to the captures the fox still needs to win on the count.
    geese_contempt_per_capture: int = 40
    # Where foxes can be lost (huffing): one fox of two gone halves the hunt, worth several
    # geese; with the foxes to move a fox that can jump is lost unless it jumps.
    fox: int = 400
    # Where several foxes must all be trapped (no pen): a fox without a move already is.
    stuck: int = 60


WEIGHTS = Weights()


def pen_point_value(rules: Rules, w: Weights = WEIGHTS) -> int:
    """A pen point filled, in hundredths of a goose (0 without a pen).

    Filling the pen and taking geese are the two races of a pen game: each point brings the
    geese one step of ``len(pen)`` towards their win, each capture brings the fox one of
    ``captures_to_win`` towards its own, so a point is worth that many captures over the
    pen's size. Where the fox needs more captures than the pen has points (Asalto's officers
    16, its fortress 9), a point is worth more than a goose, or the officers' search sees
    each rebel stepping into the fortress as a small loss and lets them fill it.
    """
    if not rules.pen:
        return 0
    return round(w.goose * rules.captures_to_win / len(rules.pen))


def draw_score(rules: Rules, side: Side, w: Weights = WEIGHTS) -> int:
    """A draw's value for ``side``: below 0 means the side would rather play on."""
    if side is Side.GEESE:
        return -w.geese_contempt_per_capture * rules.captures_to_win
    return -w.fox_contempt


class Evaluation:
    """Tables for one set of rules, built once (``evaluation_for``)."""

    def __init__(self, rules: Rules, w: Weights = WEIGHTS):
        tables = tables_for(rules)
        points = rules.board.points
        size = len(tables.fox_steps)
        self.points = points
        self.goose_value = w.goose
        self.initial = rules.total_geese
        self.steps = tables.fox_steps
        self.jumps = tables.jumps
        # through[sq]: (a, b) with a fox on a able to jump a goose on sq to b.
        through: list[list[tuple[int, int]]] = [[] for _ in range(size)]
        for a in points:
            for over, land in tables.jumps[a]:
                through[over].append((a, land))
        self.through = [tuple(t) for t in through]
        self.behind = [
            tuple(n for n in tables.fox_steps[sq] if row_of(n) < row_of(sq)) for sq in range(size)
        ]
        # reach[sq]: bit mask of the points a goose on sq could ever get to. A point no goose
        # can reach is a refuge.
        self.bit = [0] * size
        for i, sq in enumerate(points):
            self.bit[sq] = 1 << i
        self.everywhere = (1 << len(points)) - 1
        self.reach = [0] * size
        for sq in points:
            todo, mask = [sq], 0
            while todo:
                p = todo.pop()
                if not mask & self.bit[p]:
                    mask |= self.bit[p]
                    todo += tables.goose_steps[p]
            self.reach[sq] = mask
        # The most forward steps a goose can still take from each point.
        potential = [0] * size
        for sq in sorted(points, reverse=True):  # higher rows first
            ahead = [n for n in tables.goose_steps[sq] if row_of(n) > row_of(sq)]
            potential[sq] = max((potential[n] + 1 for n in ahead), default=0)
        self.potential = potential
        pen = set(rules.pen)
        pen_point = pen_point_value(rules, w)
        forward_only = not rules.sideways
        # Where geese step back too, a row gained is no progress, and a goose past a fox
        # can come back: only the fox's room, mobility and threats count.
        advance = 0 if rules.backward else w.advance
        self.goose_square = [0] * size
        # The pen's share of each point's value: worth nothing once the pen can never be full.
        self.pen_square = [0] * size
        for sq in points:
            row = row_of(sq)
            value = advance * row
            if forward_only:
                # Every step spends one; a step into a dead end also spends the ones it cuts off.
                value += w.tempo * (row + potential[sq])
            if pen:
                self.pen_square[sq] = w.pen_row * row + (pen_point if sq in pen else 0)
                value += self.pen_square[sq]
            self.goose_square[sq] = value
        self.pen = pen
        self.pen_start = sum(self.pen_square[sq] for sq in rules.geese)
        # The same as bit masks, for ``pen_held``: the steps, the lines through a point (both
        # ends), and the jumps (the point jumped, the landing point).
        # Higher rows first: a goose is freed by the points ahead of it, so one pass frees most.
        self.points_down = sorted(points, reverse=True)
        self.goose_step_bits = [
            sum(self.bit[n] for n in tables.goose_steps[sq]) for sq in range(size)
        ]
        self.fox_step_bits = [sum(self.bit[n] for n in tables.fox_steps[sq]) for sq in range(size)]
        self.through_bits = [tuple(self.bit[a] | self.bit[b] for a, b in t) for t in self.through]
        self.jump_bits = [
            tuple((self.bit[over], self.bit[land]) for over, land in tables.jumps[sq])
            for sq in range(size)
        ]
        self.fox_wins_below = rules.fox_wins_below
        self.w_reserve = w.reserve if forward_only else 0
        self.w_room = w.room_pen if pen else w.room
        self.w_passed = 0 if pen or rules.backward else w.passed
        self.w_outflanked = 0 if pen or rules.backward else w.outflanked
        self.w_fox = w.fox if rules.huffing else 0
        self.foxes = len(rules.foxes)
        self.w_stuck = w.stuck if not pen and len(rules.foxes) > 1 else 0
        self.w = w
        self.mark = [0] * size
        self.stamp = 0
        self.cache: dict[int, int] = {}
        # The start position scores 0, so that a draw's contempt compares with "no progress".
        self.offset = 0
        self.offset = self.score(Position(rules))

    def fox_score(self, pos: Position) -> int:
        """The position's value for the fox side (cached by position hash)."""
        cache = self.cache
        score = cache.get(pos.hash)
        if score is None:
            if len(cache) > 100_000:  # bounded: the browser heap is small
                cache.clear()
            score = cache[pos.hash] = self.score(pos)
        return score

    def score(self, pos: Position) -> int:
        w = self.w
        cells = pos.cells
        steps = self.steps
        self.stamp += 1
        stamp = self.stamp
        mark = self.mark
        foxes = pos.foxes
        # Flood fill: the empty points the foxes can walk to (their room to run).
        room_points = list(foxes)
        for f in room_points:
            mark[f] = stamp
        for sq in room_points:  # the list grows while it is walked: breadth-first
            for n in steps[sq]:
                if cells[n] == EMPTY and mark[n] != stamp:
                    mark[n] = stamp
                    room_points.append(n)
        mobility = threats = stuck = can_jump = 0
        for f in foxes:
            moves = 0
            for n in steps[f]:
                if cells[n] == EMPTY:
                    moves += 1
            jumps = 0
            for over, land in self.jumps[f]:
                if cells[over] == GOOSE and cells[land] == EMPTY:
                    jumps += 1
            mobility += moves
            threats += jumps
            stuck += not (moves or jumps)
            can_jump += jumps > 0
        lowest_fox_row = min((row_of(f) for f in foxes), default=0)  # none: huffed away
        geese_value = holes = deep_holes = passed = outflanked = reserve = 0
        goose_square, reach, bit, potential = (
            self.goose_square,
            self.reach,
            self.bit,
            self.potential,
        )
        # Geese in hand may be placed on any empty point: none is out of their reach.
        can_reach = self.everywhere if pos.hand else 0
        geese = [sq for sq in self.points if cells[sq] == GOOSE]
        for sq in geese:
            geese_value += goose_square[sq]
            can_reach |= reach[sq]
            if row_of(sq) > lowest_fox_row:
                passed += 1
        for sq in geese:
            touches = False
            for n in steps[sq]:
                if mark[n] == stamp:
                    touches = True
                    break
            if not touches:
                reserve += potential[sq]
            for n in self.behind[sq]:
                if mark[n] == stamp:
                    outflanked += 1
            hole = deep = False
            for a, b in self.through[sq]:
                if mark[a] == stamp and cells[b] == EMPTY:
                    hole = True
                    deep = deep or not can_reach & bit[b]
            holes += hole
            deep_holes += deep
        refuge = sum(1 for sq in room_points if not can_reach & bit[sq])
        score = (
            self.w_room * len(room_points)
            + w.mobility * mobility
            + w.hole * holes
            + w.deep_hole * deep_holes
            + self.w_passed * passed
            + self.w_outflanked * outflanked
            - geese_value
            - self.w_reserve * reserve
            + self.goose_value * (self.initial - pos.geese - pos.hand)
            - self.w_stuck * stuck
        )
        if self.w_fox:
            score -= self.w_fox * (self.foxes - len(foxes))
            if pos.turn is Side.FOX:
                # Standing pat means stepping: every fox that could jump would be huffed.
                score -= self.w_fox * can_jump
        if refuge:
            score += w.refuge * refuge + (w.refuge2 if refuge > 1 else 0)
        held = self.pen_held(pos) if self.pen else None
        if held is not None:
            # A fox that can never move holds a pen point for good: the pen can never be full,
            # so the geese's progress towards it is worth nothing. If, besides, enough geese
            # can never move to keep the count from the fox and its other fox has refuges
            # to run to, neither side can win: a draw, whatever the material says.
            if held >= self.fox_wins_below and refuge > 1:
                return 0
            score += sum(self.pen_square[sq] for sq in geese) - self.pen_start
        if mobility + threats <= 1:
            score -= w.cornered
        if threats and pos.turn is Side.GEESE:
            score += w.threat1 if threats == 1 else w.threat2
        return score - self.offset

    def pen_held(self, pos: Position) -> int | None:
        """With a fox on a pen point for good (it can never move, nor be removed), how many
        geese can never move (nor be taken) either; None without such a fox.

        Quick test first: a fox in the pen with no empty point next to it. Then the pieces
        that never move: the largest set of pieces whose every step and jump ends on a point
        of the set, and, for a goose, with no line through it from one point outside the set
        to another (a fox there could one day jump it). Nothing outside the set can ever
        enter its points, so none of it ever moves: a filled point that a goose could vacate
        is left out, and with it whatever it blocks.
        """
        cells, steps, pen, bit = pos.cells, self.steps, self.pen, self.bit
        if not any(f in pen and all(cells[n] != EMPTY for n in steps[f]) for f in pos.foxes):
            return None
        # Bit masks of points, as ``reach``: the set shrinks until every piece left in it is
        # blocked by the set alone.
        geese = 0
        pieces = []
        for sq in self.points_down:
            if cells[sq] == GOOSE:
                geese |= bit[sq]
                pieces.append(sq)
            elif cells[sq] == FOX:
                pieces.append(sq)
        held = geese | sum(bit[f] for f in pos.foxes)
        goose_steps, fox_steps = self.goose_step_bits, self.fox_step_bits
        through, jumps = self.through_bits, self.jump_bits
        changed = True
        while changed:
            changed = False
            for sq in pieces:
                b = bit[sq]
                if not held & b:
                    continue
                if geese & b:
                    free = goose_steps[sq] & ~held or any(not held & m for m in through[sq])
                else:
                    free = fox_steps[sq] & ~held or any(
                        geese & over and not held & land for over, land in jumps[sq]
                    )
                if free:
                    held &= ~b
                    changed = True
        if not any(held & bit[f] for f in pos.foxes if f in pen):
            return None
        return (held & geese).bit_count()


# One evaluation per set of rules, shared by every search.
evaluation_for = functools.cache(Evaluation)
