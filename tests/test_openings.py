"""Each play page carries the engine's opening position of every table it offers, and the
position after each first move, made at build time by the Python engine itself, so the page
can be played before the engine has loaded."""

import json
import re

from game import api
from site_builder import builder


def test_play_pages_carry_the_engines_opening_states(tmp_path):
    site = builder.Site(tmp_path)
    site.locale_pages(site.localized("en"))
    for game in site.games:
        if not game.play:
            continue  # no play page yet (Asalto, Bagh-Chal: tests/test_builder_site.py)
        html = (tmp_path / "en" / game.id / "play" / "index.html").read_text(encoding="utf-8")
        found = re.search(r'<script type="application/json" id="openings">(.*?)</script>', html)
        openings = json.loads(found.group(1))
        assert len(openings) == len(game.variant.geese) * (2 if game.variant.sideways_option else 1)
        for record, state in openings.items():
            after = state.pop("after")
            assert state == api.load(record)
            assert state["legal"]
            # The first move can be made before the engine has loaded: its outcome is the
            # engine's, for every legal move and no other.
            moves = [m["move"] for m in state["legal"]]
            assert after == {move: api.play(record, move) for move in moves}
