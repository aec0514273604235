"""A game in progress: a start position, the moves played, undo and redo (R15).

Positions are immutable values, so the game keeps the position after every move; undo
steps back to the position before, which restores exactly what the move changed (turned
cards, removed runs, the stock). Redo replays undone moves until a new move is made.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .cards import Card, Suit
from .deals import DealNumber, deal
from .position import Move, Position
from .variants import SCORPION, Variant


class HistoryError(ValueError):
    """Raised by :meth:`Game.undo` or :meth:`Game.redo` when there is nothing to take back
    or to play again."""


class Change(NamedTuple):
    """What a move did beyond moving cards.

    Attributes:
        revealed: the cards it turned face up (face-down cards uncovered).
        runs: the runs it removed.
        dealt: the cards it dealt from the stock onto the table, face up, in the order they
            came off it: the stock deal (R11), or the cards that refill an emptied column
            (Chelicera). Empty for the other moves.
    """

    revealed: tuple[Card, ...]
    runs: tuple[Suit, ...]
    dealt: tuple[Card, ...] = ()


def change_between(before: Position, after: Position) -> Change:
    """Return the cards turned face up, the runs removed and the cards dealt from the stock
    from ``before`` to ``after``.

    ``after`` must follow ``before`` by one move.
    """
    revealed = []
    for fd_b, col_a, fd_a in zip(before.face_down, after.columns, after.face_down, strict=True):
        if fd_a < fd_b and fd_a < len(col_a):
            revealed.append(col_a[fd_a])
    left = set(after.stock)
    dealt = tuple(c for c in before.stock if c not in left)
    return Change(tuple(revealed), after.runs[len(before.runs):], dealt)


class Game:
    """A game: where it started, the moves made, and undo/redo over them.

    Args:
        start: the first position.
        moves: moves to play at once (for example a saved game's), in order.
        redo: moves that were undone and can be redone, next first.

    Raises:
        IllegalMoveError: if one of ``moves`` or ``redo`` is illegal where it is played.
    """

    def __init__(
        self, start: Position, moves: Iterable[Move] = (), redo: Iterable[Move] = ()
    ) -> None:
        self.start = start
        self._positions: list[Position] = [start]
        self._moves: list[Move] = []
        self._redo: list[Move] = []
        for move in moves:
            self.push(move)
        redo = list(redo)
        if redo:
            # Check the redo moves replay legally, then put them back on the redo stack.
            for move in redo:
                self.push(move)
            for _ in redo:
                self.undo()

    @classmethod
    def from_deal(
        cls, number: DealNumber | int | str, variant: Variant | str = SCORPION
    ) -> Game:
        """Start a game on deal ``number`` of ``variant`` (a :class:`Variant` or its id,
        ``"how-they-run"``).

        Raises:
            DealNumberError: if ``number`` is not a valid deal number.
            UnknownVariantError: if ``variant`` is an id no variant has.
        """
        return cls(deal(number, variant))

    def copy(self, redo: bool = True) -> Game:
        """A new game at the same point: same start and history, not replayed but shared
        (positions are immutable); the two then change apart.

        Args:
            redo: keep the undone moves that :meth:`redo` would play (False: none).
        """
        other = Game.__new__(Game)
        other.start = self.start
        other._positions = list(self._positions)
        other._moves = list(self._moves)
        other._redo = list(self._redo) if redo else []
        return other

    @property
    def position(self) -> Position:
        """The current position."""
        return self._positions[-1]

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves played from the start to the current position."""
        return tuple(self._moves)

    @property
    def positions(self) -> tuple[Position, ...]:
        """The positions from the start to the current one (one more than :attr:`moves`)."""
        return tuple(self._positions)

    @property
    def redo_moves(self) -> tuple[Move, ...]:
        """The undone moves that :meth:`redo` would play, next first."""
        return tuple(reversed(self._redo))

    @property
    def can_undo(self) -> bool:
        """True if there is a move to undo."""
        return bool(self._moves)

    @property
    def can_redo(self) -> bool:
        """True if there is an undone move to redo."""
        return bool(self._redo)

    @property
    def is_won(self) -> bool:
        """True when the current position is won (R14)."""
        return self.position.is_won

    def legal_moves(self) -> list[Move]:
        """The legal moves of the current position."""
        return self.position.legal_moves()

    def push(self, move: Move) -> Change:
        """Play ``move``; clears the redo moves unless ``move`` is the next of them.

        Returns:
            The cards the move turned face up and the runs it removed.

        Raises:
            IllegalMoveError: if ``move`` is illegal; the game is unchanged.
        """
        before = self.position
        after = before.apply(move)
        self._positions.append(after)
        self._moves.append(move)
        if self._redo and self._redo[-1] == move:
            self._redo.pop()
        else:
            self._redo.clear()
        return change_between(before, after)

    def undo(self) -> Move:
        """Take back the last move exactly (R15) and return it.

        Raises:
            HistoryError: if no move has been made.
        """
        if not self._moves:
            raise HistoryError("nothing to undo")
        self._positions.pop()
        move = self._moves.pop()
        self._redo.append(move)
        return move

    def redo(self) -> Move:
        """Play the last undone move again and return it (R15).

        Raises:
            HistoryError: if there is nothing to redo.
        """
        if not self._redo:
            raise HistoryError("nothing to redo")
        move = self._redo[-1]
        self.push(move)
        return move

    def restart(self) -> None:
        """Go back to the start position and forget the moves (Replay, F4)."""
        self._positions = [self.start]
        self._moves = []
        self._redo = []
