"""The benchmark scripts' own options (their figures are printed, not asserted)."""

import random

from game import Position, Side, parse_square, rules_for
from game.record import GameRecord
from tests.helpers import load_script

ai_tournament = load_script("benchmarks/ai_tournament.py")
ai_losses = load_script("benchmarks/ai_losses.py")
review_browser = load_script("benchmarks/review_browser.py")


def test_tournament_opening_plays_random_plies_before_the_levels():
    # The levels time only their own moves, so with an opening they play that many fewer.
    for opening in (0, 4):
        task = ("fox-and-geese", 13, "easy", "easy", Side.FOX, 1, 30.0, None, opening)
        _, _, plies, timing, moves = ai_tournament.play(task)
        assert timing["easy"][1] == plies - opening
        assert len(moves.split()) == plies


def test_tournament_games_with_different_seeds_differ_and_their_records_can_be_read_back():
    games = []
    for seed in (1, 2):
        task = ("fox-and-geese", 13, "easy", "greedy", Side.FOX, seed, 30.0, None, 0)
        result = ai_tournament.play(task)
        games.append(result[4])
        line = ai_losses.LINE.match(ai_tournament.record_line(*result))
        assert line is not None
        assert (line["game"], line["geese"], line["pair"]) == ("fox-and-geese", "13", "easy-greedy")
        assert line["moves"] == result[4]
    assert games[0] != games[1]
    a, b = (g.split() for g in games)
    first = next(n for n in range(min(len(a), len(b))) if a[n] != b[n])
    assert ai_tournament.first_difference(games) == str(first)


def test_losses_says_how_a_game_ended_and_whether_the_loser_was_lost_at_the_end():
    # The last plies of a finished game are within the exact search's reach, so every loss
    # gets a verdict: the move that lost a won position, or lost with best play from some ply.
    task = ("fox-and-geese", 13, "easy", "easy", Side.GEESE, 3, 30.0, None, 0)
    _, winner, _, _, moves = ai_tournament.play(task)
    assert winner is not None
    why = ai_losses.explain("fox-and-geese", 13, winner.other, moves.split(), 20_000)
    assert why.split(",")[0] in ("goose-count", "geese-blocked", "fox-trapped")
    assert "lost a won position" in why or "lost with best play" in why


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


def test_tournament_side_keeps_the_same_games_of_one_side():
    argv = ["--only", "two-foxes", "--pairings", "hard-ab2", "--games", "6"]
    both = ai_tournament.tasks_for(ai_tournament.arguments(argv))
    fox = ai_tournament.tasks_for(ai_tournament.arguments([*argv, "--side", "fox"]))
    assert fox == [task for task in both if task[4] is Side.FOX]
    assert len(fox) == 3


def test_the_beginner_geese_trap_when_they_can_and_never_leave_a_goose_to_be_jumped():
    rules = rules_for("fox-and-geese")
    geese = [parse_square(n) for n in ["c7", "e7", "c6", "e6", "d5", "c5"]]
    pos = Position(rules, [parse_square("d7")], geese, Side.GEESE)
    assert str(ai_tournament.beginner_geese(pos, random.Random(1))) == "c5-d6"
    # Against a random fox: whenever some goose step leaves nothing to jump, the one played does.
    rng = random.Random(5)
    pos = Position(rules_for("fox-and-geese", 13))
    checked = 0
    while pos.outcome() is None:
        if pos.turn is Side.FOX:
            pos.push(rng.choice(pos.legal_moves()))
            continue
        safe = []
        for move in pos.legal_moves():
            pos.push(move)
            safe.append(not any(m.jump for m in pos.legal_moves()))
            pos.pop()
        move = ai_tournament.beginner_geese(pos, rng)
        pos.push(move)
        if any(safe):
            checked += 1
            assert not any(m.jump for m in pos.legal_moves()), pos.moves
    assert checked > 10


def test_the_plain_score_counts_geese_in_hand_and_huffed_foxes_as_material():
    start = Position(rules_for("bagh-chal"))  # twenty goats in hand: none taken
    assert ai_tournament._plain_score(start, 0) == ai_tournament.MOBILITY * 21
    huffed = GameRecord.decode("1.asalto.24.c4-c5.e6-d6").replay()  # the officer on c6 is gone
    mobility = len(huffed.legal_moves())
    assert (
        ai_tournament._plain_score(huffed, 0)
        == ai_tournament.FOX + ai_tournament.MOBILITY * mobility
    )


def test_tournament_games_of_bagh_chal_end():
    task = ("bagh-chal", None, "easy", "greedy", Side.FOX, 1, 30.0, None, 0)
    _, _, plies, _, moves = ai_tournament.play(task)
    assert moves.startswith("@") and len(moves.split()) == plies


def test_the_browser_review_benchmark_finds_a_long_game_for_each_of_the_seven_tables():
    # One command measures every table: each has a recorded game to cut at 100 plies.
    assert len(review_browser.TABLES) == 7
    for game, geese, prefix in review_browser.TABLES.values():
        record = review_browser.longest_game(game, geese, prefix)
        assert record.game == game and geese in (None, record.geese)
        assert 90 <= len(record.moves) <= review_browser.PLIES
        record.replay()  # every move legal in its table
        assert len(review_browser.longest_game(game, geese, prefix, 10).moves) == 10
