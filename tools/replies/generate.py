"""Write content/replies/<game>.json: the computer's first replies, for the play page to answer
a first-time player before the engine has loaded (docs/architecture.md, "Before the engine").

    nice -n 15 .venv/bin/python tools/replies/generate.py [--nodes N] [GAME ...]

For every table of a game and every level, the computer's move wherever it moves first in a
game against it: its opening move when it has the side that begins, and its reply to every
first move of the player's, and after its own opening move, to every first move the player
can answer it with. Each is ``levels.choose_move``'s choice, the search the computer plays in
the browser, with a node budget instead of the clock (``--nodes``: hard's second in the
browser) and a seed made from the position and the level, so a run writes the same file on
any machine.
"""

from __future__ import annotations

import argparse
import json
import zlib
from pathlib import Path

from game import VARIANTS
from game.levels import LEVELS, Endgame, choose_move
from game.record import GameRecord

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "content" / "replies"
NODES = 20_000


def choose(record: GameRecord, level: str, nodes: int) -> str:
    seed = zlib.crc32(f"{record.encode()} {level}".encode())
    position = record.replay()
    return str(choose_move(position, level, 60.0, seed, nodes=nodes, endgame=Endgame()))


def table_replies(record: GameRecord, nodes: int) -> dict[str, dict[str, str]]:
    """{record: {level: move}} for every position of this table's first replies."""
    replies: dict[str, dict[str, str]] = {}

    def answer(at: GameRecord) -> dict[str, str]:
        chosen = {level: choose(at, level, nodes) for level in LEVELS}
        replies[at.encode()] = chosen
        return chosen

    position = record.replay()
    # The player moves first: the computer's reply to each first move.
    for move in sorted(map(str, position.legal_moves())):
        answer(record.with_moves((move,)))
    # The computer moves first: its opening move, then its reply to each answer to it.
    for level, opening in answer(record).items():
        after = record.with_moves((opening,))
        for move in sorted(map(str, after.replay().legal_moves())):
            reply = choose(after.with_moves((*after.moves, move)), level, nodes)
            replies.setdefault(after.with_moves((*after.moves, move)).encode(), {})[level] = reply
    return replies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=NODES)
    parser.add_argument("games", nargs="*", default=sorted(VARIANTS))
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    for game in args.games:
        variant = VARIANTS[game]
        replies: dict[str, dict[str, str]] = {}
        for geese in variant.geese:
            for sideways in (False, True) if variant.sideways_option else (False,):
                record = GameRecord.new(game, geese, sideways)
                replies |= table_replies(record, args.nodes)
                print(game, geese, "sideways" if sideways else "", len(replies), flush=True)
        data = {"nodes": args.nodes, "replies": dict(sorted(replies.items()))}
        (OUT / f"{game}.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
