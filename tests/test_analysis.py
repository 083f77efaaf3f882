"""Hints and reviews (game/analysis.py, docs/analysis.md)."""

import json
import random

import pytest

from game import Position, Side, api, parse_square, rules_for
from game.analysis import (
    INACCURACY,
    MISTAKE,
    VALUE_CAP,
    Assessment,
    Reviewer,
    hint,
    judge,
    turning_point,
)
from game.codes import HintReason, MoveMark, RecordCode, Verdict
from game.levels import Endgame
from game.record import GameRecord, RecordError
from game.solve import solve
from tests.helpers import CONFIGS, REPO, finished_game

# The easy level's fox against a beginner's geese (benchmarks/results): the fox, winning
# with best play, lets the win go at ply 73 (d7-c7), as the exact search shows.
GAMES = REPO / "benchmarks" / "results" / "fg13-easy-beginner.games.txt"
THROWN = "fox-and-geese/13 easy-beginner seed 100003:"


def recorded(name: str, head: str, game: str, geese: int | None = None) -> GameRecord:
    path = REPO / "benchmarks" / "results" / name
    line = next(x for x in path.read_text().splitlines() if x.startswith(head))
    return GameRecord.new(game, geese).with_moves(line.split(": ")[-1].split())


def thrown_game() -> GameRecord:
    line = next(x for x in GAMES.read_text().splitlines() if x.startswith(THROWN))
    return GameRecord.new("fox-and-geese", 13).with_moves(line.split(": ")[-1].split())


def after(position, move):
    position.push(move)
    try:
        return solve(position)
    finally:
        position.pop()


# -- hint ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "geese", "sideways"), CONFIGS)
def test_a_hint_is_a_legal_move_with_a_reason(game, geese, sideways):
    rng = random.Random(7)
    position = Position(rules_for(game, geese, sideways))
    for _ in range(3):
        for _ in range(rng.randrange(1, 9)):
            if not position.legal_moves():
                break
            position.push(rng.choice(position.legal_moves()))
        if not position.legal_moves():
            break
        before = (position.ply, position.hash)
        found = hint(position, nodes=400)
        assert found.move in position.legal_moves()
        assert (position.ply, position.hash) == before
        data = found.as_dict()
        assert data["move"] == str(found.move)
        assert data["reason"] in set(HintReason)
        if found.reason is HintReason.CAPTURES:
            assert data["count"] == len(found.move.captures) > 0


def test_in_a_won_endgame_the_hint_wins():
    record = thrown_game()
    position = record.with_moves(record.moves[:75]).replay()
    assert solve(position) == (Side.GEESE, 3)  # the geese to move win, and may still go wrong
    assert any(after(position, m)[0] is Side.FOX for m in position.legal_moves())
    found = hint(position, seconds=30.0)
    assert (found.reason, found.plies) == (HintReason.WINS, 3)
    assert after(position, found.move) == (Side.GEESE, 2)


def test_in_a_lost_endgame_the_hint_holds_out_longest():
    # Geese to move in the 15-geese game, lost in 12 plies (tests/test_levels_exact.py).
    geese = [parse_square(p) for p in ["g3", "a4", "g4", "a5", "b5", "c5", "f5", "e6", "e7"]]
    position = Position(rules_for("fox-and-geese", 15), [parse_square("b4")], geese, Side.GEESE)
    assert solve(position) == (Side.FOX, 12)
    found = hint(position, seconds=30.0)
    assert (found.reason, found.plies) == (HintReason.HOLDS_OUT, 12)
    assert after(position, found.move) == (Side.FOX, 11)


def build(game, foxes, geese, turn):
    squares = [parse_square(p) for p in foxes.split()]
    return Position(rules_for(game), squares, [parse_square(p) for p in geese.split()], turn)


def fox_reach(position):
    """The points the fox could go to (step or jump) if it were to move."""
    fox = Position(position.rules, position.foxes, position.goose_squares(), Side.FOX)
    return {m.target for m in fox.legal_moves()}, {c for m in fox.legal_moves() for c in m.captures}


@pytest.mark.parametrize(
    ("game", "foxes", "geese", "turn", "reason"),
    [
        ("fox-and-geese", "d4", "c1 d1 e1 c2 d2 e2 a3 b3 c3 d5 e3 f3 g3", Side.FOX, "threatens"),
        (
            "fox-and-geese",
            "d5",
            "c1 d1 e1 c2 d2 e2 a3 b3 c3 e3 f3 g3 d4",
            Side.GEESE,
            "keeps-fox-from",
        ),
        ("fox-and-geese", "d5", "c1 d1 e1 c2 d2 e2 a3 b3 c3 d4 e3 f3 g3", Side.FOX, "captures"),
    ],
)
def test_a_hint_says_what_can_be_seen_on_the_board(game, foxes, geese, turn, reason):
    position = build(game, foxes, geese, turn)
    found = hint(position, nodes=400)
    assert found.reason == reason
    move = found.move
    reach_before = fox_reach(position)
    position.push(move)
    reach_after = fox_reach(position)
    position.pop()
    if reason == "captures":
        assert found.count == len(move.captures) > 0
    elif reason == "threatens":
        assert found.point in reach_after[1]
    else:
        assert found.point in reach_before[0] and found.point not in reach_after[0]


# -- review -------------------------------------------------------------------------------


def test_the_review_marks_the_thrown_win_with_the_exact_verdict():
    record = thrown_game()
    rows, until = [], None
    reviewer = Reviewer(Endgame())  # kept between the calls, as the worker keeps its own
    while not any(r.ply == 73 for r in rows):
        done = reviewer.review(record, until, seconds=None, most=1)
        assert len(done.rows) <= 1 and done.next is not None
        rows = [*done.rows, *rows]
        until = done.next
    assert [r.ply for r in rows] == list(range(73, len(record.moves) + 1))
    thrown = rows[0]
    assert (thrown.move, thrown.side) == ("d7-c7", Side.FOX)
    assert thrown.mark is MoveMark.MISTAKE
    assert thrown.verdict is Verdict.LETS_WIN_GO
    assert thrown.exact_before == (Side.FOX, 15)
    assert thrown.exact_after == (Side.GEESE, 5)
    assert (thrown.before, thrown.after) == (VALUE_CAP, -VALUE_CAP)
    assert thrown.best != thrown.move
    assert turning_point(r.as_dict() for r in rows) == 73
    # The winner's moves after it keep the win, the loser's were lost anyway.
    for row in rows[1:]:
        want = Verdict.KEEPS_WIN if row.side is Side.GEESE else Verdict.ALREADY_LOST
        assert (row.verdict, row.mark) == (want, MoveMark.GOOD)


def test_a_bagh_chal_review_follows_the_tigers_captures():
    # The values the chart draws, in a game the tigers win by taking goats one by one: inside
    # the cap where nothing is proven (the evaluation once ran past it from the first goat
    # placed, and the chart was a flat line at the geese's win), and higher after each capture.
    line = (REPO / "benchmarks" / "results" / "bagh-chal-hard-medium.games.txt").read_text()
    moves = line.splitlines()[0].split(": ")[-1].split()[:64]
    record = GameRecord.new("bagh-chal", None).with_moves(moves)
    rows = Reviewer().review(record, None, seconds=None).rows
    assert all(r.exact_before is None and r.exact_after is None for r in rows)
    assert all(abs(v) < VALUE_CAP for r in rows for v in (r.before, r.after))
    tigers = {0: -rows[0].before} | {
        r.ply: r.after if r.side is Side.FOX else -r.after for r in rows
    }
    captures = [r.ply for r in rows if "x" in r.move]
    assert captures == [28, 42, 52, 62]
    after_captures = [tigers[ply] for ply in captures]
    assert after_captures == sorted(set(after_captures))
    assert after_captures[-1] - min(tigers[ply] for ply in range(captures[0])) >= 200
    # The goat placed where a tiger takes it next is marked.
    placed = next(r for r in rows if r.ply == 27)
    assert placed.move == "@d3" and placed.loss >= INACCURACY
    assert placed.mark is not MoveMark.GOOD
    # The page says a move from its points, never from its notation: a placement is one point.
    row = placed.as_dict()
    assert row["path"] == ["d3"] and row["best"] != "@d3"
    assert row["best_path"] == [row["best"].removeprefix("@")]
    jump = next(r for r in rows if r.ply == 28).as_dict()
    assert len(jump["path"]) == 2 and jump["move"] == "x".join(jump["path"])


def test_short_calls_find_the_same_verdict_as_one_long_one():
    # The worker reviews in short calls; one cut off by the clock goes on with the exact search
    # in the next (docs/analysis.md), so the verdict does not depend on the machine's speed.
    record = thrown_game()
    rows, until = {}, None
    reviewer = Reviewer(Endgame())
    while 73 not in rows:
        done = reviewer.review(record, until, seconds=0.05)
        rows.update((r.ply, r) for r in done.rows)
        until = done.next
        assert until is not None
    assert rows[73].verdict is Verdict.LETS_WIN_GO
    assert rows[73].exact_before == (Side.FOX, 15)


def test_a_review_in_calls_of_one_move_gives_the_rows_of_one_call():
    # Each call goes on from the position the last one stopped at (kept, not replayed).
    record = thrown_game().with_moves(thrown_game().moves[:30])
    whole = [r.as_dict() for r in Reviewer().review(record, seconds=None, nodes=200).rows]
    rows, until = [], None
    reviewer = Reviewer()
    while True:
        done = reviewer.review(record, until, seconds=0.0, nodes=200)
        assert len(done.rows) == 1
        rows[:0] = [r.as_dict() for r in done.rows]
        until = done.next
        if until is None:
            break
    assert rows == whole


def test_a_review_goes_back_from_where_it_is_told_and_says_where_to_go_on():
    record = GameRecord.new("fox-and-geese").with_moves(["d4-d5", "c3-c4", "d5-d6", "e3-e4"])
    done = Reviewer().review(record, seconds=None, nodes=300)
    assert [r.ply for r in done.rows] == [1, 2, 3, 4] and done.next is None
    assert [r.side for r in done.rows] == [Side.FOX, Side.GEESE, Side.FOX, Side.GEESE]
    part = Reviewer().review(record, until=3, seconds=None, nodes=300)
    assert [r.ply for r in part.rows] == [1, 2, 3] and part.next is None
    assert [r.as_dict() for r in part.rows] == [r.as_dict() for r in done.rows[:3]]
    first = Reviewer().review(record, seconds=0.0, nodes=300)
    assert [r.ply for r in first.rows] == [4] and first.next == 3
    assert Reviewer().review(record, seconds=None, nodes=300, most=2).next == 2
    assert Reviewer().review(record, until=0).rows == ()


def test_the_turn_is_the_worst_marked_move():
    assert 0 < INACCURACY < MISTAKE < VALUE_CAP
    rows = [
        {"ply": 1, "loss": INACCURACY - 1, "mark": "good", "verdict": None},
        {"ply": 2, "loss": MISTAKE, "mark": "mistake", "verdict": None},
        {"ply": 3, "loss": MISTAKE + 5, "mark": "mistake", "verdict": None},
        {"ply": 4, "loss": 100, "mark": "inaccurate", "verdict": None},
    ]
    assert turning_point(rows) == 3
    assert turning_point(rows[:1]) is None
    assert turning_point([rows[0], rows[3]]) == 4  # no mistake: the worst inaccuracy
    # A loss on a move marked good (the engine's own move) never makes it the turn.
    assert turning_point([*rows, {"ply": 5, "loss": 3900, "mark": "good", "verdict": None}]) == 3
    rows.append({"ply": 6, "loss": 0, "mark": "mistake", "verdict": "lets-win-go"})
    assert turning_point(rows) == 6
    assert turning_point(reversed(rows)) == 6  # the page hands rows back in any order


def test_a_move_into_a_proven_win_gives_nothing_away():
    # The search scores a side far ahead past the cap; a proven win counts as the cap. A move
    # into a proven win once gave away the difference, and the engine's own move was the turn.
    move = Position(rules_for("fox-and-geese", 13)).legal_moves()[0]
    ahead = Assessment(VALUE_CAP, move, None, VALUE_CAP + 2_900)
    won = Assessment(-VALUE_CAP, None, (Side.FOX, 3))  # the geese to move, and the fox wins
    assert judge(Side.FOX, move, ahead, won) == (MoveMark.GOOD, None, 0)
    other = Assessment(VALUE_CAP, None, None, VALUE_CAP + 2_900)  # its best was another move
    assert judge(Side.FOX, move, other, won) == (MoveMark.GOOD, None, 0)


def test_a_move_into_a_proven_loss_is_a_mistake_unless_the_best_loses_too():
    move = Position(rules_for("two-foxes")).legal_moves()[0]
    behind = Assessment(-VALUE_CAP, None, None, -VALUE_CAP - 300)  # lost by the count, not proven
    lost = Assessment(VALUE_CAP, None, (Side.FOX, 5))  # the fox side wins: the geese moved
    holds = Assessment(VALUE_CAP, None, None, VALUE_CAP + 300)
    mark, verdict, loss = judge(Side.GEESE, move, behind, lost, lambda: holds)
    assert (mark, verdict) == (MoveMark.MISTAKE, None) and loss >= MISTAKE
    proven = Assessment(VALUE_CAP, None, (Side.FOX, 7))
    assert judge(Side.GEESE, move, behind, lost, lambda: proven) == (MoveMark.GOOD, None, 0)


def test_a_lost_two_foxes_game_shows_the_move_that_walked_into_the_loss():
    # The geese, behind by more than the cap, step where the fox wins by force (the review's
    # search proves it); their engine's move was not proven lost. Once marked good, as the
    # uncapped score before was below the proven loss after.
    record = recorded("tf-easy-ab2.games.txt", "two-foxes easy-ab2 seed 100003:", "two-foxes")
    rows = {r.ply: r for r in Reviewer(Endgame()).review(record, seconds=None).rows}
    walked = rows[60]
    assert (walked.side, walked.move, walked.best) == (Side.GEESE, "a3-b3", "c3-b3")
    assert walked.exact_before is None and walked.exact_after == (Side.FOX, 5)
    assert walked.mark is MoveMark.MISTAKE and walked.loss >= MISTAKE
    assert rows[62].mark is MoveMark.GOOD  # there the engine's move loses provably too
    assert any(r.mark is MoveMark.MISTAKE for r in rows.values() if r.side is Side.GEESE)


def test_the_engine_own_move_gives_nothing_away_and_the_turn_is_marked():
    # Two Foxes, the fox (hard) winning: at ply 57 the fox's move was the engine's own, into a
    # proven win, and was once the turn with a loss of some four geese.
    record = recorded("tf-hard-ab2.games.txt", "two-foxes hard-ab2 seed 100003:", "two-foxes")
    rows = Reviewer(Endgame()).review(record, seconds=None).rows
    played_best = [r for r in rows if r.move == r.best]
    assert played_best and all(r.loss == 0 and r.mark is MoveMark.GOOD for r in played_best)
    for r in rows:
        want = (
            MoveMark.MISTAKE
            if r.loss >= MISTAKE
            else MoveMark.INACCURATE
            if r.loss >= INACCURACY
            else MoveMark.GOOD
        )
        assert r.mark is want, r
    by_ply = {r.ply: r for r in rows}
    assert by_ply[57].loss == 0
    turn = turning_point(r.as_dict() for r in rows)
    assert turn is not None and by_ply[turn].mark is MoveMark.MISTAKE
    assert by_ply[turn].loss == max(r.loss for r in rows if r.mark is MoveMark.MISTAKE)


def test_a_review_of_a_bad_record_is_refused():
    record = GameRecord.new("fox-and-geese").with_moves(["d4-d5", "d5-d6"])
    with pytest.raises(RecordError) as caught:
        Reviewer().review(record)
    assert caught.value.code == RecordCode.ILLEGAL_MOVE


# -- the worker's calls ---------------------------------------------------------------------


def test_the_worker_asks_for_hints_and_reviews():
    record = "1.fox-and-geese.13.d4-d5.c3-c4"
    found = json.loads(api.call("hint", json.dumps({"record": record, "seconds": 0.2})))
    assert found["move"] in [m["move"] for m in api.load(record)["legal"]]
    over = json.loads(
        api.call("hint", json.dumps({"record": finished_game("fox-and-geese", 1).encode()}))
    )
    assert over["error"]["code"] == "game-over"
    assert (
        json.loads(api.call("hint", json.dumps({"record": "9.x"})))["error"]["code"]
        == "bad-version"
    )

    first = api.review(record, seconds=0.0)
    assert [r["ply"] for r in first["rows"]] == [2] and first["next"] == 1
    rest = api.review(record, until=first["next"], seconds=0.0, rows=first["rows"])
    assert [r["ply"] for r in rest["rows"]] == [1] and rest["next"] is None
    assert rest["turn"] == turning_point([*rest["rows"], *first["rows"]])
    assert api.review("1.fox-and-geese.13.d4-d5.d5-d6")["error"]["code"] == "illegal-move"
