"""Puzzles: positions where exactly one move wins by force, proven by exhaustive search.

A puzzle is a position, the side to move (the attacker) and a length N in the
attacker's moves. It is sound when exactly one first move wins by force within N
moves (and not within N - 1), and no other first move wins within N + 2. Every
reply of the defender is tried; nothing is sampled or estimated. The rules come
from the engine: the moves from ``Position``, and a win is what
``Position.outcome`` calls one (the fox trapped, the pen filled, too few geese,
the side to move unable to move).

The search ignores the draw rules, and that is exact, not an approximation, as long as
they cannot come into play within the puzzle; ``prove`` checks that they cannot. A win
within N moves is a finite tree. Among the strategies that win within N there is one that
always wins soonest, and along it the distance to the win falls with every move, so no
position of it recurs; a threefold repetition within it therefore needs a position that
occurred twice already before the puzzle, and the hundred-ply counter needs a hundred
plies since the last capture, huff, placement or forward step. A puzzle's position is
checked for both (its history is the game that led to it): none of its earlier positions
occurred twice, and its counter leaves room for the winning line. A strategy that wins
under the draw rules never reaches a draw, so it wins without them too: the other first
moves, refuted without the draw rules, are refuted with them. Ignoring them lets positions
be remembered by their pieces alone (the transposition table).
"""

from __future__ import annotations

from dataclasses import dataclass

from .boards import col_of, row_of, square, square_name
from .codes import Termination
from .position import DRAW_PLIES, GOOSE, Move, Position, Side

# The longest puzzle whose draw rules the search may ignore (see above): the proof of
# the other moves reaches ``length + 2`` moves of the attacker.
MAX_LENGTH = DRAW_PLIES // 2 - 3


class NotAPuzzleError(ValueError):
    """The position, side and length do not make a sound puzzle; the message says why."""


class OverBudgetError(Exception):
    """The search met more positions than its budget allowed (for scripts that scan)."""


@dataclass(frozen=True)
class Step:
    """One move of the solution; ``also`` are the attacker's other moves that win in time."""

    move: Move
    also: tuple[Move, ...] = ()


@dataclass(frozen=True)
class Proof:
    """A sound puzzle: the solution with the defender's longest resistance, and for each
    other legal first move the defender's reply after which it no longer wins in time, or
    None for a move that loses at once (Asalto's officers huffing themselves off the board)."""

    side: Side
    length: int
    line: tuple[Step, ...]
    refutations: dict[Move, Move | None]
    theme: Termination

    @property
    def move(self) -> Move:
        return self.line[0].move


class Prover:
    """Exhaustive search for forced wins from one position, remembering what it proves."""

    def __init__(self, position: Position, budget: int | None = None):
        # A fresh position with the same pieces: no history, so the draw rules cannot apply.
        self.pos = Position(
            position.rules, position.foxes, position.goose_squares(), position.turn, position.hand
        )
        # What the draw rules need from the game that led to the position (see above).
        self.clock = position.clock
        self.repeated = max(position._seen.values(), default=1) > 1
        # By Zobrist hash (the side to move is part of it), for the side to move there:
        # the fewest moves known to win, and the most moves known not to be enough.
        self._wins: dict[int, int] = {}
        self._fails: dict[int, int] = {}
        # For the side to move, the fewest of the opponent's moves known to beat it.
        self._loses: dict[int, int] = {}
        # The move that last decided each position, tried first when it is met again; and
        # the last that decided any position with as many moves left (it often does again).
        self._best: dict[int, Move] = {}
        self._killer: dict[int, Move] = {}
        self.nodes = 0
        self.budget = budget

    # -- the search ---------------------------------------------------------

    def _won_on_the_board(self) -> Side | None:
        """Who has won by the pieces alone: too few geese, the pen full, no fox left."""
        pos = self.pos
        if pos.geese < pos._below:
            return Side.FOX
        if pos.pen_full() or not pos.foxes:
            return Side.GEESE
        return None

    def _winner(self) -> tuple[Side | None, list[Move]]:
        """Who has won in the current position, if anyone, and the moves of the side to move."""
        won = self._won_on_the_board()
        if won is not None:
            return won, []
        moves = self.pos._generate()
        return (None if moves else self.pos.turn.other), moves

    def _ended(self) -> Side | None:
        """Who has won in the current position, if anyone: ``_winner`` without the moves."""
        won = self._won_on_the_board()
        if won is not None:
            return won
        return None if self.pos.can_move() else self.pos.turn.other

    def _ordered(self, moves: list[Move], n: int) -> list[Move]:
        first = [m for m in (self._best.get(self.pos.hash), self._killer.get(n)) if m in moves]
        if first:
            moves = [*dict.fromkeys(first), *(m for m in moves if m not in first)]
        return moves

    def wins(self, n: int, moves: list[Move] | None = None) -> bool:
        """Whether the side to move (the game not over) forces a win within ``n`` moves."""
        pos = self.pos
        h = pos.hash
        known = self._wins.get(h)
        if known is not None and known <= n:
            return True
        if self._fails.get(h, 0) >= n:
            return False
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise OverBudgetError
        me = pos.turn
        if moves is None:
            moves = pos._generate()
        moves = self._ordered(moves, n)
        if n == 1:
            # Only a move that ends the game will do: whether the opponent still has a move
            # is asked without listing its moves, which no deeper search needs.
            for move in moves:
                pos.push(move)
                won = self._ended() is me
                pos.pop()
                if won:
                    self._won(h, 1, move)
                    return True
            self._fails[h] = 1
            return False
        # A win at once first; the opponent's replies are listed only for the moves searched.
        going_on = []
        for move in moves:
            pos.push(move)
            winner = self._ended()
            # Known already to lose in time (a transposition): no search needed.
            beaten = self._loses.get(pos.hash, n) < n
            pos.pop()
            if winner is me or beaten:
                self._won(h, 1 if winner is me else n, move)
                return True
            if winner is None:
                going_on.append(move)
        for move in going_on:
            pos.push(move)
            held = self._holds(n - 1)
            pos.pop()
            if held:
                self._won(h, n, move)
                return True
        self._fails[h] = n
        return False

    def _won(self, h: int, n: int, move: Move) -> None:
        self._wins[h] = n
        self._best[h] = move
        self._killer[n] = move

    def _holds(self, n: int, replies: list[Move] | None = None) -> bool:
        """Whether the attacker, whose opponent is to move with ``replies``, wins within
        ``n`` more moves whatever the reply."""
        if self.refutation(n, replies) is not None:
            return False
        self._loses[self.pos.hash] = min(n, self._loses.get(self.pos.hash, n))
        return True

    def refutation(self, n: int, replies: list[Move] | None = None) -> Move | None:
        """A reply of the side to move after which the other side no longer wins within
        ``n`` moves, or None if every reply loses in time. A reply that wins at once comes
        first, then the one that refuted here before."""
        pos = self.pos
        if replies is None:
            replies = pos._generate()
        me = pos.turn
        later = []
        for reply in self._ordered(replies, n):
            pos.push(reply)
            winner = self._ended()
            # Known already not to lose in time (a transposition): the refutation.
            holds = self._fails.get(pos.hash, 0) >= n
            pos.pop()
            if winner is me or (holds and winner is None):
                return reply
            if winner is None:
                later.append(reply)
        # The other side's moves are listed by ``wins``, after its look at the table.
        for reply in later:
            pos.push(reply)
            ok = self.wins(n)
            pos.pop()
            if not ok:
                self._best[pos.hash] = reply
                self._killer[n] = reply
                return reply
        return None

    def distance(self, limit: int) -> int | None:
        """The fewest moves in which the side to move forces a win, if at most ``limit``."""
        winner, moves = self._winner()
        if winner is not None:
            return None
        for n in range(1, limit + 1):
            if self.wins(n, moves):
                return n
        return None

    def _after(self, move: Move, n: int) -> Move | None:
        """Play ``move``; the refutation of it within ``n`` more moves, or None; unplay."""
        self.pos.push(move)
        try:
            winner, replies = self._winner()
            if winner is not None:
                assert winner is not self.pos.turn, "a move never loses at once"
                return None
            return self.refutation(n, replies)
        finally:
            self.pos.pop()

    # -- puzzles ------------------------------------------------------------

    def prove(self, length: int) -> Proof:
        """The proof that the position is a puzzle of ``length``, or ``NotAPuzzleError``."""
        if not 1 <= length <= MAX_LENGTH:
            raise NotAPuzzleError(f"a puzzle is 1 to {MAX_LENGTH} moves long, not {length}")
        if self.repeated:
            raise NotAPuzzleError("a position before the puzzle occurred twice: a draw may come")
        if self.clock + 2 * length - 2 >= DRAW_PLIES:
            raise NotAPuzzleError(f"the hundred-ply counter ({self.clock}) may draw the game")
        pos = self.pos
        winner, moves = self._winner()
        if winner is not None:
            raise NotAPuzzleError("the game is already over")
        side = pos.turn
        winning: list[Move] = []
        refutations: dict[Move, Move | None] = {}
        for move in sorted(moves, key=str):
            pos.push(move)
            over, _ = self._winner()
            pos.pop()
            if over is side:
                if length == 1:
                    winning.append(move)
                    continue
                raise NotAPuzzleError(f"{move} wins at once, sooner than in {length}")
            if over is not None:
                refutations[move] = None
                continue
            # Within N first: the winning move needs no search to N + 2, which costs most.
            if self._after(move, length - 1) is None:
                winning.append(move)
                continue
            refutation = self._after(move, length + 1)
            if refutation is None:
                raise NotAPuzzleError(f"{move} wins within {length + 2} moves, not {length}")
            refutations[move] = refutation
        if len(winning) != 1:
            named = ", ".join(map(str, winning)) or "no move"
            raise NotAPuzzleError(f"{named} wins within {length + 2} moves, not exactly one")
        first = winning[0]
        if length > 1 and self._after(first, length - 2) is None:
            raise NotAPuzzleError(f"{first} wins in fewer than {length} moves")
        line, theme = self._line(first, length)
        return Proof(side, length, line, refutations, theme)

    def _line(self, first: Move, length: int) -> tuple[tuple[Step, ...], Termination]:
        """The solution from ``first``: the defender resisting longest, the attacker winning
        soonest (the first such move in notation order; ``also`` the others)."""
        pos = self.pos
        steps = [Step(first)]
        pos.push(first)
        left = length - 1
        while True:
            winner, replies = self._winner()
            if winner is not None:
                break
            # The longest resistance: a reply after which the attacker needs all ``left``.
            reply = next(r for r in sorted(replies, key=str) if self._needs(r, left - 1))
            steps.append(Step(reply))
            pos.push(reply)
            _, moves = self._winner()
            wins = [m for m in sorted(moves, key=str) if self._wins_with(m, left)]
            steps.append(Step(wins[0], tuple(wins[1:])))
            pos.push(wins[0])
            left -= 1
        outcome = pos.outcome()
        for _ in steps:
            pos.pop()
        assert outcome is not None
        return tuple(steps), outcome.termination

    def _needs(self, reply: Move, n: int) -> bool:
        """Whether after the defender's ``reply`` the attacker does not win within ``n``."""
        self.pos.push(reply)
        try:
            winner, moves = self._winner()
            # A reply that ends the game (Asalto's officers huffed off the board) loses.
            return winner is None and not self.wins(n, moves)
        finally:
            self.pos.pop()

    def _wins_with(self, move: Move, n: int) -> bool:
        """Whether ``move`` of the side to move wins within ``n`` moves (counting itself)."""
        me = self.pos.turn
        self.pos.push(move)
        try:
            winner, replies = self._winner()
            if winner is not None:
                return winner is me
            return n > 1 and self.refutation(n - 1, replies) is None
        finally:
            self.pos.pop()

    def check(self, length: int, line: list[Move], refutations: dict[Move, Move | None]) -> Proof:
        """Prove a puzzle as written down: ``prove``, then the given line must be a solution
        (each defender move resisting longest, each attacker move winning in time) and each
        given refutation must refute. Raises ``NotAPuzzleError`` naming what is wrong."""
        proof = self.prove(length)
        pos = self.pos
        if not line or line[0] != proof.move:
            raise NotAPuzzleError(f"the solution starts with {proof.move}, not {line[:1]}")
        if set(refutations) != set(proof.refutations):
            raise NotAPuzzleError("the refutations are not those of every other legal move")
        for move, reply in refutations.items():
            pos.push(move)
            over, replies = self._winner()
            if reply is None:
                pos.pop()
                if over is not pos.turn.other:
                    raise NotAPuzzleError(f"{move} does not lose at once")
                continue
            if reply not in replies:
                pos.pop()
                raise NotAPuzzleError(f"{reply} is no legal reply to {move}")
            pos.push(reply)
            winner, moves = self._winner()
            fails = winner is not None or not self.wins(length + 1, moves)
            pos.pop()
            pos.pop()
            if not fails:
                raise NotAPuzzleError(f"{move} still wins within {length + 2} after {reply}")
        played = 0
        try:
            left = length
            for i, move in enumerate(line):
                winner, moves = self._winner()
                if winner is not None or move not in moves:
                    raise NotAPuzzleError(f"{move} (move {i + 1} of the line) is not legal")
                if i % 2 == 0:
                    if not self._wins_with(move, left):
                        raise NotAPuzzleError(f"{move} does not win within {left}")
                elif not self._needs(move, left - 1):
                    raise NotAPuzzleError(f"{move} does not resist longest")
                pos.push(move)
                played += 1
                if i % 2 == 0:
                    left -= 1
            winner, _ = self._winner()
            if winner is not proof.side:
                raise NotAPuzzleError("the line does not end in the win")
        finally:
            for _ in range(played):
                pos.pop()
        return proof


def prove(position: Position, length: int) -> Proof:
    """The proof that ``position`` with its side to move is a puzzle of ``length``."""
    return Prover(position).prove(length)


def mirrored(position: Position) -> tuple[tuple[str, ...], tuple[str, ...], str]:
    """A key equal for a position and its left-right mirror image (boards are symmetric)."""
    width = position.rules.board.width
    keys = []
    for flip in (False, True):

        def name(sq: int, flip: bool = flip) -> str:
            col, row = col_of(sq), row_of(sq)
            return square_name(square(width - 1 - col, row) if flip else sq)

        foxes = tuple(sorted(name(sq) for sq in position.foxes))
        geese = tuple(
            sorted(name(sq) for sq in position.rules.board.points if position.cells[sq] == GOOSE)
        )
        keys.append((foxes, geese, position.turn.value))
    return min(keys)
