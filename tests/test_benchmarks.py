"""The benchmark scripts' own options (their figures are printed, not asserted)."""

from game import Side
from tests.conftest import load_script

ai_tournament = load_script("benchmarks/ai_tournament.py")


def test_tournament_opening_plays_random_plies_before_the_levels():
    # The levels time only their own moves, so with an opening they play that many fewer.
    for opening in (0, 4):
        task = ("fox-and-geese", 13, "easy", "easy", Side.FOX, 1, 30.0, opening)
        _, _, plies, timing = ai_tournament.play(task)
        assert timing["easy"][1] == plies - opening
