"""Computer-opponent tournament: the levels against players the engine did not write.

The independent players share nothing with ``game/evaluation.py`` or
``game/search.py``; they use only the rules engine (``Position``):

* ``ab2``, ``ab4``: plain fixed-depth alpha-beta (no table, no quiescence),
  scoring material (geese taken, counting geese in hand as not taken; foxes
  huffed) and the side to move's mobility only; ties broken at random.
* ``waiting``: a fox that takes a goose only when the geese cannot then leave
  it with fewer than two moves, and otherwise plays the move that keeps the
  most moves after the geese's best reply (the way a fox beats geese that
  cannot step sideways: it waits until they run out of safe moves).
* ``greedy``: geese that play a trapping or pen-filling move when there is
  one, else advance their lowest goose (or place a goose on the lowest point),
  avoiding moves that give a capture.
* ``beginner``: geese as a careful beginner plays them (issue #37): never a
  step after which a goose can be jumped; among the safe steps, one that
  keeps the most spare moves (safe steps still left after any fox reply, up
  to ``SPARE``), then the one that leaves the fox the least room, then the
  rearmost goose first, so that the geese advance in a line; a step that
  traps the fox is always taken. It looks one fox reply
  ahead, no further, and scores nothing else.
* ``random``: a uniformly random legal move.

A pairing ``A-B`` plays half the games with A as the fox side and half as the
geese (``waiting`` only plays the fox, ``greedy`` and ``beginner`` only the geese,
so those pairings play every game on one side). W/D/L and the score are A's; the
timing columns are A's mean and longest CPU seconds per move (CPython).

Hard searches a fixed number of positions (``--nodes``, about its 1 s in the
browser), so that a busy machine does not weaken it; ``--nodes 0`` makes it
search by the clock (``--seconds``) as it does for a player.

    python3 benchmarks/ai_tournament.py --games 20 --jobs 1
    python3 benchmarks/ai_tournament.py --only two-foxes --pairings hard-ab4 --games 4
    python3 benchmarks/ai_tournament.py --pairings hard-hard --opening 2 --games 10
    python3 benchmarks/ai_tournament.py --speed        # nodes per second of the hard search
    python3 benchmarks/ai_tournament.py --only fox-and-geese --pairings hard-ab4 --games 4 \
        --check-exact [--tables /work/solver-data/full]

``--check-exact`` checks that hard never turns a won position into a loss: for
each of hard's moves in a forward-only table, the position before it is solved
(``game/solve.py``, ``--check-positions`` new positions at most, or the C
solver's tables with ``--tables``, which answer up to 15 geese at once: the
optional ``solver query`` of docs/solver.md, never required) and, where hard's
side had a won position, the position after the move as well. It prints how
many moves were checked, how many were played in a won position and how many
of those threw the win away (and which). ``--no-exact`` plays hard without its
exact endgames (``Level.exact``), for the comparison.

Goals (issue #24): hard >= 90% against ab2 and >= 75% against ab4 in every
game; hard never loses the side the game favours against ``waiting``; each
level >= 70% against the next weaker; easy <= 50% against ab2. Issue #37: the
beginner geese win >= 30% against easy's fox with 13 geese. The games are
seeded (``--seed``; the independent players break ties with the game's
generator), so with ``--nodes`` a run repeats exactly. A game with hard in it
costs about 10-25 CPU seconds in the standard game and Two Foxes and 30-60 in
Large Cross (150 plies or more), so the full default run is some hours of CPU:
pick rows with ``--only`` and ``--pairings`` on a shared machine.
"""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import random
import statistics
import subprocess
import sys
import time

from game import Move, Position, Side, rules_for
from game.boards import DIRECTIONS
from game.levels import LEVELS, Endgame, choose_move
from game.position import EMPTY
from game.search import search
from game.solve import Solver, forward_only

CONFIGS = (
    ("fox-and-geese", 13),
    ("fox-and-geese", 15),
    ("fox-and-geese", 17),
    ("two-foxes", None),
    ("large-cross", None),
    ("asalto", None),
    ("bagh-chal", None),
)
PAIRINGS = "hard-ab2,hard-ab4,hard-waiting,hard-greedy,medium-ab2,easy-ab2,hard-medium,medium-easy"
# Which side each independent player can take (None: either).
ONE_SIDED = {"waiting": Side.FOX, "greedy": Side.GEESE, "beginner": Side.GEESE}

# Hard's node budget: about what it searches in 1 s in the browser. CPython searches some
# 40 000-56 000 positions a CPU second (``--speed``) and Pyodide is two to three times slower.
HARD_NODES = 20_000

WIN = 1_000_000
GOOSE = 100
FOX = 300  # a fox lost (Asalto's huffing)
MOBILITY = 10


def _plain_score(pos: Position, ply: int) -> int:
    """Material and mobility, for the side to move (or the result, once the game is over)."""
    outcome = pos.outcome()
    if outcome is not None:
        if outcome.winner is None:
            return 0
        return WIN - ply if outcome.winner is pos.turn else ply - WIN
    rules = pos.rules
    # Geese in hand are geese the fox has not taken; a huffed fox is material too.
    taken = len(rules.geese) + rules.in_hand - pos.geese - pos.hand
    lost = len(rules.foxes) - len(pos.foxes)
    mobility = len(pos.legal_moves())
    fox_view = (
        GOOSE * taken
        - FOX * lost
        + (MOBILITY * mobility if pos.turn is Side.FOX else -MOBILITY * mobility)
    )
    return fox_view if pos.turn is Side.FOX else -fox_view


def _alphabeta(pos: Position, depth: int, alpha: int, beta: int, ply: int) -> int:
    if depth == 0 or pos.outcome() is not None:
        return _plain_score(pos, ply)
    best = -WIN - 1
    for move in pos.legal_moves():
        pos.push(move)
        score = -_alphabeta(pos, depth - 1, -beta, -alpha, ply + 1)
        pos.pop()
        if score > best:
            best = score
            alpha = max(alpha, score)
            if alpha >= beta:
                break
    return best


def plain_alphabeta(pos: Position, depth: int, rng: random.Random) -> Move:
    moves = pos.legal_moves()
    rng.shuffle(moves)  # ties go to a random move
    best, choice = -WIN - 1, moves[0]
    for move in moves:
        pos.push(move)
        score = -_alphabeta(pos, depth - 1, -WIN - 1, -best, 1)
        pos.pop()
        if score > best:
            best, choice = score, move
    return choice


def _fox_room_after_reply(pos: Position) -> int:
    """The fewest moves the fox has after any goose reply (-1: the geese win at once)."""
    worst = 1 << 30
    for reply in pos.legal_moves():
        pos.push(reply)
        outcome = pos.outcome()
        room = (
            -1 if outcome is not None and outcome.winner is Side.GEESE else len(pos.legal_moves())
        )
        pos.pop()
        worst = min(worst, room)
    return worst


def waiting_fox(pos: Position, rng: random.Random) -> Move:
    moves = pos.legal_moves()
    rng.shuffle(moves)
    scored = []
    for move in moves:
        pos.push(move)
        outcome = pos.outcome()
        if outcome is not None and outcome.winner is Side.FOX:
            pos.pop()
            return move
        room = 1 << 20 if outcome is not None else _fox_room_after_reply(pos)
        pos.pop()
        scored.append((move, room))
    safe_captures = [(len(m.path), m) for m, room in scored if m.jump and room >= 2]
    if safe_captures:
        return max(safe_captures, key=lambda c: c[0])[1]
    return max(scored, key=lambda s: s[1])[0]


def greedy_geese(pos: Position, rng: random.Random) -> Move:
    moves = pos.legal_moves()
    rng.shuffle(moves)
    safe = []
    for move in moves:
        pos.push(move)
        outcome = pos.outcome()
        gives = any(m.jump for m in pos.legal_moves())
        pos.pop()
        if outcome is not None and outcome.winner is Side.GEESE:
            return move
        if not gives:
            safe.append(move)
    # Square numbers grow with the row, so the lowest origin is the lowest goose.
    return min(safe or moves, key=lambda m: m.origin)


# The beginner geese count their spare moves up to this many: beyond it they have enough.
SPARE = 2


def _gives_a_jump(pos: Position) -> bool:
    return any(m.jump for m in pos.legal_moves())


def _spare_moves(pos: Position) -> int:
    """The fewest safe goose steps left after any fox reply (at most SPARE); the fox to move."""
    fewest = SPARE
    for reply in pos.legal_moves():
        pos.push(reply)
        safe = 0
        if pos.outcome() is None:
            for step in pos.legal_moves():
                pos.push(step)
                safe += not _gives_a_jump(pos)
                pos.pop()
                if safe >= fewest:
                    break
        pos.pop()
        fewest = min(fewest, safe)
        if not fewest:
            break
    return fewest


def _fox_room(pos: Position) -> int:
    """How many empty points the foxes can walk to, step by step (their room to run)."""
    board, cells = pos.rules.board, pos.cells
    seen = set(pos.foxes)
    todo = list(seen)
    while todo:
        sq = todo.pop()
        for direction in DIRECTIONS:
            n = board.neighbour(sq, direction)
            if n is not None and n not in seen and cells[n] == EMPTY:
                seen.add(n)
                todo.append(n)
    return len(seen) - len(pos.foxes)


def beginner_geese(pos: Position, rng: random.Random) -> Move:
    moves = pos.legal_moves()
    rng.shuffle(moves)  # ties go to a random move
    board = pos.rules.board
    best, choice = None, moves[0]
    for move in moves:
        pos.push(move)
        outcome = pos.outcome()
        if outcome is not None and outcome.winner is Side.GEESE:
            pos.pop()
            return move
        safe = not _gives_a_jump(pos)
        spare = _spare_moves(pos) if safe and outcome is None else 0
        room = _fox_room(pos)
        pos.pop()
        key = (safe, spare, -room, -board.row(move.origin))
        if best is None or key > best:
            best, choice = key, move
    return choice


def move_of(
    player: str,
    pos: Position,
    seconds: float,
    nodes: int | None,
    rng: random.Random,
    endgame: Endgame,
) -> Move:
    if player == "random":
        return rng.choice(pos.legal_moves())
    if player in ("ab2", "ab4"):
        return plain_alphabeta(pos, int(player[2:]), rng)
    if player == "waiting":
        return waiting_fox(pos, rng)
    if player == "greedy":
        return greedy_geese(pos, rng)
    if player == "beginner":
        return beginner_geese(pos, rng)
    # Hard gets a node budget (the same on a busy machine); easy and medium stop at their depth,
    # with the clock only as a safety net.
    budget = nodes if player == "hard" else None
    seed = rng.getrandbits(32)
    return choose_move(pos, player, seconds, seed=seed, nodes=budget, endgame=endgame)


class ExactCheck:
    """Whether each of hard's moves keeps a won position won, per the exact search or tables.

    Counts: ``checked`` (moves whose position before has a known value), ``won`` (of those,
    won for the mover), ``thrown`` (of those, lost after the move), ``unknown`` (beyond both).
    """

    def __init__(self, positions: int, tables: str | None, binary: str) -> None:
        self.positions = positions
        self.solver = Solver()
        self.query = None
        if tables:
            self.query = subprocess.Popen(
                [binary, "query", tables], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
            )
        self.counts = {"checked": 0, "won": 0, "thrown": 0, "unknown": 0}
        self.thrown: list[str] = []

    def winner(self, pos: Position) -> Side | None:
        if self.query is not None and self.query.stdin and self.query.stdout:
            points = sorted(pos.rules.board.points)  # the C solver's numbering (docs/solver.md)
            index = {sq: i for i, sq in enumerate(points)}
            geese = " ".join(str(index[sq]) for sq in pos.goose_squares())
            self.query.stdin.write(f"{index[pos.foxes[0]]} {geese} {pos.turn.value}\n")
            self.query.stdin.flush()
            answer = self.query.stdout.readline().strip()
            if answer in ("fox", "geese"):
                return Side(answer)
        if len(self.solver.memo) > 1_000_000:
            self.solver = Solver()  # bounded memory
        value = self.solver.solve(pos, positions=self.positions)
        return None if value is None else value[0]

    def move(self, pos: Position, move: Move) -> None:
        if not forward_only(pos):
            return
        before = self.winner(pos)
        if before is None:
            self.counts["unknown"] += 1
            return
        self.counts["checked"] += 1
        if before is not pos.turn:
            return
        self.counts["won"] += 1
        pos.push(move)
        outcome = pos.outcome()
        after = outcome.winner if outcome else self.winner(pos)
        pos.pop()
        if after is None:  # cannot happen: the position after a won one is no larger
            self.counts["unknown"] += 1
        elif after is not pos.turn:
            self.counts["thrown"] += 1
            self.thrown.append(" ".join(str(m) for m in (*pos.moves, move)))


CHECK: ExactCheck | None = None  # set by main before the games start (inherited by the pool)

Task = tuple[str, int | None, str, str, Side, int, float, int | None, int]


def play(task: Task) -> tuple[Task, Side | None, int, dict[str, list[float]], str]:
    """One game: (task, winner or None, plies, {player: [seconds, moves, longest]}, moves)."""
    game, geese, first, second, first_side, seed, seconds, nodes, opening = task
    pos = Position(rules_for(game, geese))
    rng = random.Random(seed)
    while pos.ply < opening and pos.outcome() is None:
        pos.push(rng.choice(pos.legal_moves()))
    players = {first_side: first, first_side.other: second}
    # Hard's exact search, kept between the moves of this game only: each game on its own,
    # whatever ran in this process before.
    endgame = Endgame()
    timing: dict[str, list[float]] = {first: [0.0, 0, 0.0], second: [0.0, 0, 0.0]}
    while (outcome := pos.outcome()) is None:
        player = players[pos.turn]
        t = time.process_time()  # CPU time: a busy machine does not inflate it
        move = move_of(player, pos, seconds, nodes, rng, endgame)
        took = time.process_time() - t
        timing[player][0] += took
        timing[player][1] += 1
        timing[player][2] = max(timing[player][2], took)
        if CHECK is not None and player == "hard":
            CHECK.move(pos, move)
        pos.push(move)
    return task, outcome.winner, pos.ply, timing, " ".join(str(m) for m in pos.moves)


def speed(seconds: float) -> None:
    """Nodes per second and depth reached by one hard search, from the start and from mid-game."""
    print(f"{'game':<17} {'position':<22} {'depth':>5} {'nodes':>7} {'nodes/s':>8}")
    for game, geese in CONFIGS:
        rng = random.Random(7)
        pos = Position(rules_for(game, geese))
        for label, plies in (
            ("start", 0),
            ("after 1 random ply", 1),
            ("after 20 random plies", 19),
        ):
            while pos.ply < plies and pos.outcome() is None:
                pos.push(rng.choice(pos.legal_moves()))
            t = time.perf_counter()
            result = search(pos, seconds=seconds)
            rate = result.nodes / (time.perf_counter() - t)
            name = game + (f"/{geese}" if geese else "")
            print(f"{name:<17} {label:<22} {result.depth:>5} {result.nodes:>7} {rate:>8.0f}")


def record_line(
    task: Task, winner: Side | None, plies: int, timing: dict[str, list[float]], moves: str
) -> str:
    """One game for --records: who won, A's mean and longest move time, the moves."""
    game, geese, first, second, side, seed, *_ = task
    result = "draw" if winner is None else ("won" if winner is side else "lost")
    secs, count, longest = timing[first]
    return (
        f"{game}{'/' + str(geese) if geese else ''} {first}-{second} seed {seed}: "
        f"{first} as {side.value} {result} in {plies} plies "
        f"(mean {secs / max(1, count):.2f} s, max {longest:.2f} s): {moves}"
    )


def first_difference(games: list[str]) -> str:
    """The median ply at which two of a row's games first differ (the games are not copies)."""
    plies = []
    for i, a in enumerate(games):
        for b in games[i + 1 :]:
            x, y = a.split(), b.split()
            plies.append(
                next((n for n, (p, q) in enumerate(zip(x, y, strict=False)) if p != q), len(x))
            )
    return str(statistics.median(plies)) if plies else "-"


def tasks_for(args: argparse.Namespace) -> list[Task]:
    tasks = []
    for game, geese in CONFIGS:
        for pair in args.pairings.split(","):
            first, second = pair.split("-")
            label = f"{game}{'/' + str(geese) if geese else ''} {pair}"
            if args.only and not any(part in label for part in args.only.split(",")):
                continue
            for i in range(args.skip, args.games):
                side = Side.FOX if i % 2 == 0 else Side.GEESE
                if second in ONE_SIDED:
                    side = ONE_SIDED[second].other
                if args.side and side.value != args.side:
                    continue  # the same games, seeds and all, as a run of both sides
                seed = args.seed * 100_003 + i
                tasks.append(
                    (game, geese, first, second, side, seed, args.seconds, args.nodes, args.opening)
                )
    return tasks


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--games", type=int, default=20, help="games per pairing and game (even)")
    ap.add_argument(
        "--nodes",
        type=int,
        default=HARD_NODES,
        help="hard's budget in positions searched (0: search by the clock, --seconds)",
    )
    ap.add_argument(
        "--seconds",
        type=float,
        default=30.0,
        help="time budget per move (a safety net with --nodes)",
    )
    ap.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    ap.add_argument(
        "--skip",
        type=int,
        default=0,
        help="leave out each row's first games (the rest keep their seeds: a stopped run resumed)",
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pairings", default=PAIRINGS, help="comma-separated A-B player pairs")
    ap.add_argument(
        "--opening", type=int, default=0, help="random plies played before the players take over"
    )
    ap.add_argument(
        "--only", help="only rows whose 'game pairing' label contains one of these texts (a,b)"
    )
    ap.add_argument(
        "--side",
        choices=[s.value for s in Side],
        help="only the games where the first player of a pairing plays this side",
    )
    ap.add_argument("--records", help="write every game's moves to this file")
    ap.add_argument(
        "--speed", action="store_true", help="only measure the hard search's nodes per second"
    )
    ap.add_argument(
        "--check-exact", action="store_true", help="check that hard keeps won positions won"
    )
    ap.add_argument(
        "--check-positions",
        type=int,
        default=20_000,
        help="new positions the check's exact search may store per position",
    )
    ap.add_argument("--tables", help="the C solver's tables (optional): solver query DIR")
    ap.add_argument("--solver", default="/work/solver-data/solver", help="the C solver binary")
    ap.add_argument("--no-exact", action="store_true", help="hard without its exact endgames")
    args = ap.parse_args(argv)
    args.nodes = args.nodes or None
    for pair in args.pairings.split(","):
        for player in pair.split("-"):
            if player not in (*LEVELS, "ab2", "ab4", "waiting", "greedy", "beginner", "random"):
                ap.error(f"unknown player {player!r}")
    return args


def main(argv: list[str] | None = None) -> None:
    args = arguments(argv)
    if args.no_exact:
        LEVELS["hard"] = dataclasses.replace(LEVELS["hard"], exact=False)
    if args.speed:
        speed(args.seconds)
        return
    tasks = tasks_for(args)
    started = time.perf_counter()
    results = []
    global CHECK  # noqa: PLW0603
    if args.check_exact:
        CHECK = ExactCheck(args.check_positions, args.tables, args.solver)
    # Each game is written as it ends, so a run stopped part-way keeps the games it played.
    records = open(args.records, "w") if args.records else None  # noqa: SIM115
    with multiprocessing.Pool(args.jobs) as pool:
        # The check keeps its counts in this process, so its games are played here, one by one.
        played = map(play, tasks) if CHECK else pool.imap_unordered(play, tasks)
        for result in played:
            results.append(result)
            if records:
                print(record_line(*result), file=records, flush=True)
            print(f"\r{len(results)}/{len(tasks)} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    if records:
        records.close()
    order = {task: i for i, task in enumerate(tasks)}
    results.sort(key=lambda r: order[r[0]])
    rows: dict[tuple[str, int | None, str, str], dict[str, list[float]]] = {}
    games_played: dict[tuple[str, int | None, str, str], list[str]] = {}
    for (game, geese, first, second, side, *_), winner, plies, timing, moves in results:
        row = rows.setdefault(
            (game, geese, first, second),
            {"fox": [0, 0, 0], "geese": [0, 0, 0], "plies": [0, 0], "time": [0.0, 0, 0.0]},
        )
        games_played.setdefault((game, geese, first, second), []).append(moves)
        row[side.value][0 if winner is side else 1 if winner is None else 2] += 1
        row["plies"][0] += plies
        row["plies"][1] += 1
        secs, count, longest = timing[first]
        row["time"][0] += secs
        row["time"][1] += count
        row["time"][2] = max(row["time"][2], longest)
    print(
        f"{len(tasks)} games, --nodes {args.nodes}, --seconds {args.seconds}, --seed {args.seed}, "
        f"--opening {args.opening}, {time.perf_counter() - started:.0f} s wall\n"
    )
    print(
        "| game | pairing | as fox W/D/L | as geese W/D/L | score | mean s | max s | plies "
        "| distinct | differ at |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for (game, geese, first, second), row in rows.items():
        name = f"{game}{'/' + str(geese) if geese else ''}"
        won = row["fox"][0] + row["geese"][0]
        drawn = row["fox"][1] + row["geese"][1]
        games = row["plies"][1]
        fox, geese_wdl = ("/".join(str(int(x)) for x in row[s]) for s in ("fox", "geese"))
        mean = row["time"][0] / max(1, row["time"][1])
        row_games = games_played[game, geese, first, second]
        print(
            f"| {name} | {first}-{second} | {fox} | {geese_wdl} | {(won + drawn / 2) / games:.0%} "
            f"| {mean:.2f} | {row['time'][2]:.2f} | {row['plies'][0] / games:.0f} "
            f"| {len(set(row_games))} | {first_difference(row_games)} |"
        )

    if CHECK is not None:
        counts = CHECK.counts
        print(
            f"\nexact check (--check-positions {args.check_positions}, --tables {args.tables}): "
            f"{counts['checked']} of hard's moves checked, {counts['won']} in won positions, "
            f"{counts['thrown']} thrown away; {counts['unknown']} beyond the check"
        )
        for line in CHECK.thrown:
            print("  thrown away:", line)


if __name__ == "__main__":
    main()
