"""How many of the computer's first replies a first-time player gets from the book of first
replies (content/replies/), before the engine has loaded.

    python benchmarks/replies.py [--games 200] [--replies 3] [--seed 1]

For every table, level and side of the player, ``--games`` games in which the player moves
at random (uniformly among the legal moves: no player the book was made for) and the computer
plays the book's move where it has one (else its own, at that level, with a small node
budget: only the positions matter here). Prints, for the first ``--replies`` computer moves
of a game, the share that the book answers.
"""

from __future__ import annotations

import argparse
import random

from game import VARIANTS
from game.levels import LEVELS, choose_move
from game.record import GameRecord
from site_builder.builder import load_replies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--replies", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    header = "".join(f"{'reply ' + str(i + 1):>10}" for i in range(args.replies))
    print(f"{'table':<26}{'level':<8}{'player':<8}{header}")
    for game, variant in VARIANTS.items():
        book = load_replies(game)
        for geese in variant.geese:
            for sideways in (False, True) if variant.sideways_option else (False,):
                for level in LEVELS:
                    for side in ("fox", "geese"):
                        covered = [0] * args.replies
                        for _ in range(args.games):
                            record = GameRecord.new(game, geese, sideways)
                            position = record.replay()
                            replies = 0
                            while replies < args.replies and position.legal_moves():
                                if position.turn.value == side:
                                    move = str(rng.choice(position.legal_moves()))
                                else:
                                    chosen = book.get(record.encode(), {}).get(level)
                                    covered[replies] += chosen is not None
                                    move = chosen or str(
                                        choose_move(position, level, 1.0, 1, nodes=300)
                                    )
                                    replies += 1
                                record = record.with_moves((*record.moves, move))
                                position = record.replay()
                        name = f"{game} {geese}{' sideways' if sideways else ''}"
                        shares = "".join(f"{c / args.games:>10.0%}" for c in covered)
                        print(f"{name:<26}{level:<8}{side:<8}{shares}", flush=True)


if __name__ == "__main__":
    main()
