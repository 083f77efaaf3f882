"""The puzzles pages as built: one per game and locale, each with its puzzles' JSON, and that JSON
what the engine says of every position the page can show (no engine runs on the page)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.position import Move
from game.puzzles import Prover
from game.record import GameRecord
from site_builder import i18n, puzzles
from site_builder.content import load_games
from tests.helpers import SWEEP

LOCALES = i18n.locales()
# The published games (those with a content file) that have puzzles.
GAMES = [game.id for game in load_games() if puzzles.load(game.id)]
PLAYABLE = {game.id for game in load_games() if game.play}
CONTENT = {game.id: game for game in load_games()}


# The fewest puzzles each game has, in all and for each side ("fox": the hunters). The issue
# asks for 30 and both sides; the geese of Large Cross have fewer so far.
LEAST = {
    "fox-and-geese": (138, 57, 81),
    "two-foxes": (62, 43, 19),
    "large-cross": (34, 29, 5),
    "asalto": (32, 20, 12),
    "bagh-chal": (38, 20, 18),
}


def test_every_game_has_puzzles_for_both_sides_where_found():
    assert set(GAMES) == {g.id for g in load_games()} == set(LEAST)
    for game in GAMES:
        sides = [p["side"] for p in puzzles.load(game)]
        least, fox, geese = LEAST[game]
        assert len(sides) >= least, game
        assert sides.count("fox") >= fox, game
        assert sides.count("geese") >= geese, game


def page_json(pages_dir: Path, code: str, game: str, part: str = "puzzle-data") -> dict:
    html = (pages_dir / code / game / "puzzles" / "index.html").read_text(encoding="utf-8")
    found = re.search(
        rf'<script type="application/json" id="{part}">(.*?)</script>', html, re.DOTALL
    )
    assert found, f"{code}/{game}: no {part}"
    return json.loads(found.group(1))


def says(game: str, tr):
    return CONTENT[game].book.phrases(tr, CONTENT[game].variant)


@pytest.mark.parametrize("game", GAMES)
def test_every_locale_has_the_puzzles_page_with_every_puzzle(pages_dir, game):
    files = sorted(puzzles.PUZZLES.glob(f"{game}-*.json"))
    committed = {p["record"] for f in files for p in json.loads(f.read_text())["puzzles"]}
    assert committed, game
    titles = {}
    for code in LOCALES:
        data = page_json(pages_dir, code, game)
        assert {p["record"] for p in data["puzzles"]} == committed, code
        assert len({p["id"] for p in data["puzzles"]}) == len(committed), "ids are unique"
        titles[code] = data["puzzles"][0]["title"]
        html = (pages_dir / code / game / "puzzles" / "index.html").read_text(encoding="utf-8")
        assert "wasm-unsafe-eval" not in html, "the page runs no WebAssembly"
    # Every locale words the titles in its own language.
    assert len(set(titles.values())) == len(LOCALES), titles


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_and_play_pages_link_to_the_puzzles(pages_dir, game):
    for code in LOCALES:
        rules = (pages_dir / code / game / "index.html").read_text(encoding="utf-8")
        assert 'href="puzzles/"' in rules, code
        if game not in PLAYABLE:
            # No play page yet: the puzzles page does not link to one either.
            page = (pages_dir / code / game / "puzzles" / "index.html").read_text("utf-8")
            assert 'href="../play/' not in page, code
            continue
        play = (pages_dir / code / game / "play" / "index.html").read_text(encoding="utf-8")
        assert f'href="../../../{code}/{game}/puzzles/"' in play, code
        home = (pages_dir / code / "index.html").read_text(encoding="utf-8")
        assert f'href="{game}/puzzles/"' in home, code


def test_titles_say_the_side_and_the_count_with_plural_forms():
    en = i18n.load_translations()["en"][0]
    # One fox or more: a sentence of its own for each (the phrasebook's one-fox, more-foxes).
    assert puzzles.title("fox", 3, says("fox-and-geese", en)) == "Fox to play and win in 3 moves"
    assert puzzles.title("fox", 1, says("two-foxes", en)) == "Foxes to play and win in 1 move"
    assert puzzles.title("geese", 2, says("two-foxes", en)) == "Geese to play and win in 2 moves"
    # Each game's own pieces, one message per set of pieces and side.
    tigers, officers = says("bagh-chal", en), says("asalto", en)
    assert puzzles.title("fox", 3, tigers) == "Tigers to play and win in 3 moves"
    assert puzzles.title("geese", 1, tigers) == "Goats to play and win in 1 move"
    assert puzzles.title("fox", 2, officers) == "Officers to play and win in 2 moves"
    assert puzzles.title("geese", 2, officers) == "Rebels to play and win in 2 moves"
    pl = says("fox-and-geese", i18n.load_translations()["pl"][0])
    # Polish: "w 1 ruchu", "w 2 ruchach", "w 5 ruchach".
    assert puzzles.title("geese", 1, pl) == "Gęsi zaczynają i wygrywają w 1 ruchu"
    assert puzzles.title("geese", 5, pl) == "Gęsi zaczynają i wygrywają w 5 ruchach"


def sentences(phrases: dict) -> list[str]:
    """Every text of a page's phrasebook (#phrases), each plural form too."""
    return [t for v in phrases.values() for t in ([v] if isinstance(v, str) else v["forms"])]


@pytest.mark.parametrize("code", LOCALES)
@pytest.mark.parametrize("game", sorted({"asalto", "bagh-chal"} & set(GAMES)))
def test_a_game_with_its_own_pieces_never_speaks_of_foxes_and_geese(pages_dir, code, game):
    """The page's sentences that name pieces are its own set's, translated: the defender's
    answers, refutations, refusals, point labels and endings (texts.js says them from the
    page's #phrases), and each puzzle's title and theme."""
    data, phrases = page_json(pages_dir, code, game), page_json(pages_dir, code, game, "phrases")
    assert {"puzzle.answer.fox", "puzzle.refuted.geese", "label.goose", "win.fox"} <= set(phrases)
    texts = " ".join(
        sentences(phrases) + [p["title"] + " " + p["themeText"] for p in data["puzzles"]]
    )
    if code == "en":
        assert not re.search(r"\b(fox|foxes|goose|geese)\b", texts, re.IGNORECASE)
    else:
        assert phrases != page_json(pages_dir, "en", game, "phrases"), "translated"


@pytest.mark.parametrize("code", ["en", "de", "fi"])
def test_a_goat_placed_in_answer_is_worded_as_a_placement(pages_dir, code):
    """The goats' answers that place a goat have sentences that name its point: "answer @b1"
    reads as no move. Only the goats place, so only a tigers' puzzle meets one."""
    data = page_json(pages_dir, code, "bagh-chal")
    placing = {
        p["side"]
        for p in data["puzzles"]
        for step in p["steps"]
        for reply in (step["reply"], *step["wrong"].values())
        if reply and len(p["moves"][reply]["path"]) == 1
    }
    assert placing == {"fox"}
    phrases = page_json(pages_dir, code, "bagh-chal", "phrases")
    placed = [phrases[f"puzzle.{kind}-placing.geese"] for kind in ("answer", "refuted")]
    for said in placed:
        assert "%(point)s" in said and "%(move)s" not in said, said
    if code == "en":
        assert placed[0] == "Right. The goats answer by placing a goat on %(point)s. Your move."
    else:
        english = page_json(pages_dir, "en", "bagh-chal", "phrases")
        assert placed[0] != english["puzzle.answer-placing.geese"]
    # A game without pieces in hand has no such sentence.
    assert "puzzle.answer-placing.geese" not in page_json(pages_dir, code, "asalto", "phrases")


@pytest.mark.parametrize("rest", SWEEP)
@pytest.mark.parametrize("game", GAMES)
def test_the_json_is_the_engines_word_on_every_position(game, rest):
    """Replayed with the engine: each step's legal moves, the line, each wrong try's reply (a
    legal answer after which the solver no longer wins in time: the refutation the prover
    gives), every move shown described, and the end of the game; for every puzzle (every fifth
    in `make test-fast`, which leaves out the slow rest). The first move's wrong tries are the
    committed refutations, which test_puzzles.py proves; the later ones the builder finds, and
    they are proven here."""
    committed = {p["record"]: p["refutations"] for p in puzzles.load(game)}
    every = puzzles.engine_data(game)
    for data in [d for i, d in enumerate(every) if (i % 5 != 0) == rest]:
        assert data["steps"][0]["wrong"] == committed[data["record"]], data["id"]
        pos = GameRecord.decode(data["record"]).replay()
        # One prover per puzzle, walked along with it (as the builder's is): what it proved of
        # a position for one wrong try it knows at the next, where the tries' lines meet. Its
        # tables hold positions by their pieces, so a verdict does not depend on the way there.
        prover = Prover(pos)
        for i, step in enumerate(data["steps"]):
            assert pos.turn.value == data["side"]
            legal = {str(m) for m in pos.legal_moves()}
            assert {m["move"] for m in step["view"]["legal"]} == legal
            # Every legal move is the line's, another that wins in time, or refuted.
            assert {step["move"], *step["also"], *step["wrong"]} == legal, (data["id"], i)
            left = data["length"] - i
            for move, reply in step["wrong"].items():
                pos.push(Move.parse(move))
                if reply is None:
                    # A move that loses at once (officers huffed off the board).
                    outcome = pos.outcome()
                    assert outcome is not None and outcome.winner is not None
                    assert outcome.winner.value != data["side"], (data["id"], move)
                    assert step["outcomes"][move]["result"] == outcome.winner.value
                    pos.pop()
                    continue
                assert reply in {str(m) for m in pos.legal_moves()}, (data["id"], move)
                pos.push(Move.parse(reply))
                if i > 0 and pos.outcome() is None:
                    prover.pos.push(Move.parse(move))
                    prover.pos.push(Move.parse(reply))
                    assert not prover.wins(left - 1), (data["id"], move)
                    prover.pos.pop()
                    prover.pos.pop()
                pos.pop()
                pos.pop()
            for move in {step["move"], *step["wrong"], *filter(None, step["wrong"].values())}:
                assert data["moves"][move]["move"] == move
            pos.push(Move.parse(step["move"]))
            prover.pos.push(Move.parse(step["move"]))
            if step["reply"] is None:
                outcome = pos.outcome()
                assert outcome is not None and outcome.winner is not None
                assert outcome.winner.value == data["side"]
                assert data["win"][step["move"]]["reason"] == outcome.termination.value
            else:
                assert pos.outcome() is None
                pos.push(Move.parse(step["reply"]))
                prover.pos.push(Move.parse(step["reply"]))
        assert len(data["steps"]) == data["length"]


def test_the_service_worker_keeps_every_puzzles_page_for_offline_use(site_dir):
    sw = (site_dir / "sw.js").read_text(encoding="utf-8")
    found = re.search(r"const CONFIG = (\{.*?\});", sw)
    assert found, "no config in sw.js"
    config = json.loads(found.group(1))
    for code in LOCALES:
        for game in GAMES:
            assert f"{code}/{game}/puzzles/index.html" in config["locales"][code], (code, game)
    assert "static/js/puzzles.js" in config["shell"]
