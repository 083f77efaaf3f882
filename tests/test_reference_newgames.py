"""The reference's four new games (docs/rules.md, "Four more games"), before the engine plays
them: its boards against the board data the engine will take over, its first plies against
counts made by hand, the rules' stated reasons, and the exact solver on top of it."""

import itertools
import math
from functools import cache

import pytest

from tests.newgames_boards import BOARDS
from tests.reference_engine import NEW_GAMES, GraphRef
from tools.solver.small import Game, solve

BOARD_OF = {
    "fox-and-hounds": "checkers-32",
    "kaooa": "pentagram",
    "adugo": "adugo-31",
    "lambs-and-tigers": "lambs-tigers-23",
}


def relations(lines):
    """Neighbour pairs and jump triples, both ways: what a board's lines mean for the rules."""
    steps, jumps = set(), set()
    for line in lines:
        for a, b in itertools.pairwise(line):
            steps |= {(a, b), (b, a)}
        for a, b, c in zip(line, line[1:], line[2:], strict=False):
            jumps |= {(a, b, c), (c, b, a)}
    return steps, jumps


@pytest.mark.parametrize("game", BOARD_OF)
def test_reference_boards_are_the_board_data(game):
    """Built from the wording of docs/rules.md, each board must be the data of
    tests/newgames_boards.py: the same points where the data puts them, the same steps and
    jumps (the lines themselves may be cut differently)."""
    ref = GraphRef(game)
    points, lines = BOARDS[BOARD_OF[game]]
    assert {name for name, _x, _y in points} == set(ref.points)
    for name, x, y in points:
        assert math.dist(ref.points[name], (x, y)) < 1e-3, name
    assert relations(ref.lines) == relations(lines)


def test_board_sizes():
    assert {name: len(points) for name, (points, _lines) in BOARDS.items()} == {
        "checkers-32": 32,
        "pentagram": 10,
        "adugo-31": 31,
        "lambs-tigers-23": 23,
    }


# Counted by hand from the start positions of docs/rules.md:
# - Fox and Hounds: the fox on d8 has c7 and e7 (2); then each of 7 hound steps (a1-b2, c1-b2,
#   c1-d2, e1-d2, e1-f2, g1-f2, g1-h2): 14; then the fox, on c7 or e7, has all four diagonal
#   neighbours free: 56.
# - Kaooa: placements on an empty board, 10, then 9 for the vulture, then 8: 10, 90, 720.
# - Adugo: the jaguar on c3 is hemmed in by the dogs of rows 2 and 3 and can jump none of them
#   (every point behind them is taken), so it steps to b4, c4 or d4: 3. Then the dogs: with the
#   jaguar on c4, five dogs can step into c3 (b3, d3, c2 and, along diagonals, b2, d2), a3 or
#   b3 to b4, a3 to a4, d3 or e3 to d4, e3 to e4: 11; with it on b4, the same into c3 (5), a3 to
#   a4, d3 or e3 to d4, e3 to e4, and nothing to c4 (no dog next to it): 9; d4 likewise: 9.
#   So 29.
# - Lambs and Tigers: a lamb on any of the 20 empty points; then the tigers (c5, c4, d4) have
#   six moves wherever it stands: six steps (c5-b4, c5-e4, c4-b4, c4-c3, d4-d3, d4-e4), and a
#   lamb on one of those points blocks a step but opens a jump past it (b4: c5xb3 and c4xa4
#   for c5-b4 and c4-b4). 20 and 120.
BY_HAND = {
    "fox-and-hounds": [2, 14, 56],
    "kaooa": [10, 90, 720],
    "adugo": [3, 29],
    "lambs-and-tigers": [20, 120],
}


@pytest.mark.parametrize(("game", "counts"), BY_HAND.items())
def test_first_plies_match_counts_by_hand(game, counts):
    ref = GraphRef(game)
    assert [ref.perft(d) for d in range(1, len(counts) + 1)] == counts


def fewest_to_trap(ref: GraphRef, foxes: int) -> int:
    """The fewest geese that can leave the fox side without a move: every free neighbour of a
    fox taken, and every point behind such a goose (for a jump) taken too."""
    best = len(ref.points)
    for placed in itertools.combinations(ref.points, foxes):
        taken = {n for f in placed for n in ref.neighbours[f]} - set(placed)
        taken |= {
            to for f in placed for over, to in ref.jumps[f] if over in taken and to not in placed
        }
        best = min(best, len(taken))
    return best


@pytest.mark.parametrize(("game", "foxes"), [("kaooa", 1), ("lambs-and-tigers", 3)])
def test_the_fox_side_wins_when_the_geese_can_no_longer_trap_it(game, foxes):
    """docs/rules.md's reason for Kaooa's four captures and Lambs and Tigers' ten: the fox side
    wins exactly when fewer geese are left than the fewest that could ever trap it."""
    ref = GraphRef(game)
    assert fewest_to_trap(ref, foxes) == ref.below
    assert ref.below == {"kaooa": 4, "lambs-and-tigers": 6}[game]


def state(foxes, geese, turn, fox_hand=0, goose_hand=0):
    return frozenset(foxes.split()), frozenset(geese.split()), turn, fox_hand, goose_hand


def moves(ref, s):
    return sorted(m for m, _ in ref.moves(s))


def test_fox_and_hounds_moves_and_ends():
    ref = GraphRef("fox-and-hounds")
    # Hounds step diagonally forward only; the fox in any diagonal direction; no jumps.
    assert moves(ref, state("d4", "c3 e5", "geese")) == ["c3-b4", "e5-d6", "e5-f6"]
    assert moves(ref, state("d4", "c3 e5", "fox")) == ["d4-c5", "d4-e3"]
    # A fox on a hound's start point has won; one hound traps a fox in the corner h8.
    assert ref.winner(state("c1", "b2 d4 f4 h4", "geese")) == "fox"
    assert ref.winner(state("h8", "g7", "fox")) == "geese"
    # Hounds that cannot move lose.
    assert ref.winner(state("d4", "b8 d8 f8 h8", "geese")) == "fox"


def test_kaooa_placing_and_compulsory_single_jumps():
    ref = GraphRef("kaooa")
    # The vulture's first move places it.
    assert moves(ref, state("", "t1", "fox", 1, 6)) == sorted(
        f"@{p}" for p in ref.points if p != "t1"
    )
    # A jump is compulsory: with a crow on i1 and i2 free, t1xi2 is the only move; one jump a
    # move even where a second would follow (i2 over i3 to t4).
    assert moves(ref, state("t1", "i1 i3", "fox", 0, 5)) == ["t1xi2"]
    # Crows place while any is in hand, and step along lines afterwards.
    assert all(m.startswith("@") for m in moves(ref, state("t1", "i1", "geese", 0, 6)))
    assert moves(ref, state("t1", "i1 i2 i3 i4 i5 t2 t3", "geese")) == [
        "i3-t4",
        "i4-t4",
        "i4-t5",
        "i5-t5",
    ]
    # Four crows captured: three left, the vulture has won.
    assert ref.winner(state("t1", "i1 i3 t3", "geese")) == "fox"
    assert ref.winner(state("t1", "i1 i3 t3", "geese", 0, 1)) is None


def test_adugo_chains_through_the_den():
    ref = GraphRef("adugo")
    # Up column c through the den, stopping after any jump; and along the den's base, whose
    # points are two columns apart.
    # (Fillers away from the jaguar keep ten dogs on the board: with fewer it has won.)
    assert moves(ref, state("c3", "c4 c6 a1 e1 a2 e2 a5 e5 a7 e7", "fox")) == sorted(
        ["c3xc5", "c3xc5xc7", "c3-b2", "c3-b3", "c3-b4", "c3-c2", "c3-d2", "c3-d3", "c3-d4"]
    )
    assert "a7xe7" in moves(ref, state("a7", "c7 a1 b1 c1 d1 e1 a2 b2 c2 d2", "fox"))
    # Into the den's corner a jaguar is trapped by four dogs.
    assert ref.winner(state("a7", "b6 c7 c5 e7 a1 b1 c1 d1 e1 a2", "fox")) == "geese"


def test_lambs_and_tigers_one_jump_a_move():
    ref = GraphRef("lambs-and-tigers")
    s = state("c5 a4 f4", "c4 c2 b1 d1 e1 a2 b2 d2 e2 f2 a3", "fox")
    jumps = [m for m in moves(ref, s) if "x" in m]
    assert jumps == ["c5xc3"]  # not on over c2 to c1: one jump a move


# -- the exact solver (tools/solver/small.py) on the reference's moves -----------------------


def minimax(ref: GraphRef, start):
    """An independent check of the retrograde solver where the game cannot repeat a position
    (Fox and Hounds): plain recursion, the winner only."""

    @cache
    def value(s):
        won = ref.winner(s)
        if won:
            return won
        mover = s[2]
        results = {value(t) for _m, t in ref.moves(s)}
        return mover if mover in results else ("geese" if mover == "fox" else "fox")

    return value(start), value


def test_small_solver_agrees_with_plain_recursion_on_fox_and_hounds():
    ref = GraphRef("fox-and-hounds")
    # Some way into a game: the hounds in a row on row 5, the fox above them.
    ref.start = state("d8", "a5 c5 e5 g5", "fox")
    game = Game(ref, fox_pass=False)
    solved = solve(game)
    _start, value = minimax(ref, ref.start)
    assert len(solved) > 1000
    assert {s: v for s, (v, _p) in solved.items()} == {s: value(s) for s in solved}
    # Plies: a position won in n plies has a move to one lost in n - 1, and none faster.
    for s, (winner, plies) in solved.items():
        after = [solved[t] for _m, t in ref.moves(s)]
        if not after:
            assert plies == 0
        elif winner == s[2]:
            assert plies == 1 + min(p for w, p in after if w == winner)
        else:
            assert plies == 1 + max(p for _w, p in after)


def test_small_solver_finds_draws_and_the_fox_pass():
    """Kaooa's moves can go round in circles: a position from which neither side can force
    its end is a draw; and a fox that may pass has a move where it had none."""
    ref = GraphRef("kaooa")
    ref.start = state("t1", "t2 t3 t4 t5", "fox")  # three crows captured, all placed
    solved = solve(Game(ref, fox_pass=False))
    assert {v for v, _p in solved.values()} >= {"draw"}
    hounds = GraphRef("fox-and-hounds")
    hounds.start = state("h8", "g7", "fox")
    assert solve(Game(hounds, fox_pass=False))[hounds.start] == ("geese", 0)
    passing = Game(hounds, fox_pass=True)
    assert solve(passing)[passing.start][0] == "fox"


def test_published_counts_are_the_references():
    """docs/rules.md's table (depth 4, the cheap part of it; depth 5 takes seconds)."""
    expected = {
        "fox-and-hounds": [2, 14, 56, 344],
        "kaooa": [10, 90, 720, 1500],
        "adugo": [3, 29, 148, 2005],
        "lambs-and-tigers": [20, 120, 2286, 19406],
    }
    for game, counts in expected.items():
        ref = GraphRef(game)
        assert [ref.perft(d) for d in range(1, 5)] == counts, game
    assert set(expected) == set(NEW_GAMES)


def test_kaooa_crows_trap_the_vulture_in_fifteen_plies_and_no_fewer():
    """docs/solver.md's value of Kaooa, by a search of its own: a bounded AND-OR search over
    the reference's moves, not the retrograde. The crows can force a trap within 15 plies from
    the empty board, and cannot within 13 (a crow move ends every win of theirs, an odd ply)."""
    ref = GraphRef("kaooa")

    @cache
    def crows_force(s, plies):
        won = ref.winner(s)
        if won or plies == 0:
            return won == "geese"
        after = [t for _m, t in ref.moves(s)]
        if s[2] == "geese":
            return any(crows_force(t, plies - 1) for t in after)
        return all(crows_force(t, plies - 1) for t in after)

    assert not crows_force(ref.start, 13)
    assert crows_force(ref.start, 15)
    assert solve(Game(ref, fox_pass=False))[ref.start] == ("geese", 15)
