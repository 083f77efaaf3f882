"""The benchmark scripts' own options (their figures are printed, not asserted)."""

from game import Position, Side, parse_square, rules_for
from tests.conftest import load_script

ai_tournament = load_script("benchmarks/ai_tournament.py")


def test_tournament_opening_plays_random_plies_before_the_levels():
    # The levels time only their own moves, so with an opening they play that many fewer.
    for opening in (0, 4):
        task = ("fox-and-geese", 13, "easy", "easy", Side.FOX, 1, 30.0, None, opening)
        _, _, plies, timing = ai_tournament.play(task)
        assert timing["easy"][1] == plies - opening


def test_the_exact_check_counts_wins_kept_and_thrown_away():
    check = ai_tournament.ExactCheck(positions=5000, tables=None, binary="")
    # The geese win with c5-d6 (the fox is shut in on d7); d5-d6 lets it out.
    rules = rules_for("fox-and-geese")
    geese = [parse_square(n) for n in ["c7", "e7", "c6", "e6", "d5", "c5"]]
    pos = Position(rules, [parse_square("d7")], geese, Side.GEESE)
    check.move(pos, pos.parse_move("c5-d6"))
    check.move(pos, pos.parse_move("d5-d6"))
    assert check.counts == {"checked": 2, "won": 2, "thrown": 1, "unknown": 0}
    assert check.thrown == ["d5-d6"]
    # Tables with draws are not checked at all.
    check.move(Position(rules_for("two-foxes")), Position(rules_for("two-foxes")).legal_moves()[0])
    assert check.counts["checked"] == 2
