"""Positions, moves and the rules of Scorpion (R6-R14).

A :class:`Position` is an immutable value (a named tuple): it can be hashed, compared,
stored in sets and sent through a process pool. Applying a :class:`Move` returns a new
position and leaves the old one untouched, so undo is exact by construction (R15, see
:class:`scorpion.engine.game.Game`).

Each rule lives in one named function that cites its SPEC id:

* :func:`lands_on` - R7, R8 (same suit, one rank higher; nothing on an Ace; a King on no card)
* :func:`enters_empty_column` - R9 (King or King-led group; any card in Wasp)
* :func:`stock_deal_refusal` - R11 (one deal, at any time; strict stock variant)
* :func:`settle_column` - R10, R12, R13 (reveal, remove completed runs, reveal again)

:meth:`Position.legal_moves` is a fast generator of the same rules; the tests check that
it returns exactly the moves that :meth:`Position.apply` accepts.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .cards import KING, Card, Suit, card_code, parse_card, run_of
from .variants import SCORPION, Variant

COLUMNS = 7
"""Number of tableau columns (R2)."""

_RUNS: tuple[tuple[Card, ...], ...] = tuple(run_of(s) for s in range(4))
_KINGS: tuple[Card, ...] = tuple(s * 13 + KING for s in range(4))


class MoveError(ValueError):
    """Raised for a text that is not a move in the notation (``7H-5`` or ``deal``)."""


class Move(NamedTuple):
    """A move: the card that leads the group and the destination column, or the stock deal.

    Attributes:
        card: the leading card of the moved group (0-51), or -1 for the stock deal.
        column: the destination column, counted from 0 (notation counts from 1);
            -1 for the stock deal.

    ``str(move)`` gives the notation (``"7H-5"``, ``"deal"``) and :meth:`parse` reads it.
    """

    card: Card
    column: int

    @property
    def is_deal(self) -> bool:
        """True for the stock deal."""
        return self.card < 0

    def __str__(self) -> str:
        if self.card < 0:
            return "deal"
        return f"{card_code(self.card)}-{self.column + 1}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move in notation: ``<card>-<column>`` (``"7H-5"``) or ``"deal"``.

        The column is one ASCII digit 1-7; other digits (``²``, full-width) are refused.
        Letters may be in any case, and ASCII white space may surround the parts: the
        texts accepted are exactly those :data:`MOVE_PATTERN` matches.

        Raises:
            MoveError: naming what is wrong with ``text``.
        """
        t = text.strip(ASCII_SPACE)
        if t.isascii() and t.lower() == "deal":
            return DEAL
        card_text, sep, column_text = t.partition("-")
        if not sep:
            raise MoveError(
                f"bad move {text!r}: a move is <card>-<column> such as 7H-5, or 'deal'"
            )
        try:
            card = parse_card(card_text.strip(ASCII_SPACE))
        except ValueError as exc:
            raise MoveError(f"bad move {text!r}: {exc}") from None
        column_text = column_text.strip(ASCII_SPACE)
        if _COLUMN.fullmatch(column_text) is None:
            raise MoveError(
                f"bad move {text!r}: the column must be a number from 1 to {COLUMNS}, "
                f"not {column_text!r}"
            )
        return cls(card, int(column_text) - 1)


DEAL = Move(-1, -1)
"""The stock deal (R11)."""


NOT_FACE_UP = "that card is not face up (R6)"
"""The one refusal for a card that is face down or in the stock (F10: the wording never
tells which of the two it is)."""

ASCII_SPACE = " \t\n\r\f\v"
"""The white space the notation allows around a move or a deal number (ASCII only)."""

_SPACE = "[ \\t\\n\\r\\f\\v]*"
MOVE_PATTERN = (
    f"^{_SPACE}(?:[dD][eE][aA][lL]|[aA2-9tTjJqQkK][cCdDhHsS]{_SPACE}-{_SPACE}[1-{COLUMNS}])"
    f"{_SPACE}$"
)
"""A regular expression (Python and JSON Schema alike) matching exactly the texts that
:meth:`Move.parse` reads: ``deal`` or ``<card>-<column>`` in any case, with white space."""

_COLUMN = re.compile(f"[1-{COLUMNS}]")
_RULE = re.compile(r"\b([RV]\d+)\)$")


def rule_of(reason: str) -> str | None:
    """Return the rule id a refusal cites at its end (``"R7"`` for ``"... (R7)"``), or None."""
    m = _RULE.search(reason)
    return m.group(1) if m else None


class IllegalMoveError(ValueError):
    """Raised when a move breaks a rule; ``move`` and ``reason`` say which and why.

    Attributes:
        move: the refused move.
        reason: why, ending with the rule it breaks (``"... (R7)"``).
        rule: that rule's SPEC id (``"R7"``), or None if the reason cites none.
    """

    def __init__(self, move: Move, reason: str) -> None:
        super().__init__(f"{move}: {reason}")
        self.move = move
        self.reason = reason
        self.rule = rule_of(reason)


class PositionError(ValueError):
    """Raised for a position that cannot arise in Scorpion (see :meth:`Position.check`).

    Attributes:
        column: the column (from 0) the problem is in, or None.
        part: ``"column"``, ``"stock"``, ``"runs"`` or ``"position"``.
    """

    def __init__(self, message: str, part: str = "position", column: int | None = None) -> None:
        super().__init__(message)
        self.part = part
        self.column = column


# --- the rules, one function each ------------------------------------------------------


def lands_on(card: Card, target: Card) -> bool:
    """R7, R8: may a group led by ``card`` be placed on the exposed card ``target``?

    Only on the card of the same suit one rank higher (7H on 8H); nothing lands on an Ace
    and a King lands on no card. With the card encoding of :mod:`.cards` that is
    ``card + 1 == target`` for a ``card`` that is not a King.
    """
    return card + 1 == target and card % 13 != KING


def enters_empty_column(card: Card, variant: Variant) -> bool:
    """R9: may a group led by ``card`` move into an empty column?

    Only a King (carrying any cards) may, except in variants whose empty columns take any
    card (Wasp, Wasp II).
    """
    return card % 13 == KING or variant.empty_column_takes_any


def stock_deal_refusal(position: Position) -> str | None:
    """R11: why the stock may not be dealt now, or None when it may.

    The stock is dealt once, at any time, also onto empty columns; the strict-stock
    variant forbids the deal while a column is empty.
    """
    if not position.stock:
        return "the stock has already been dealt (R11)"
    if position.variant.strict_stock and not all(position.columns):
        return "the stock may not be dealt while a column is empty (strict stock, V2)"
    return None


def settle_column(
    column: tuple[Card, ...], face_down: int
) -> tuple[tuple[Card, ...], int, tuple[Suit, ...]]:
    """R12, R13, R10: remove completed runs from the top of a column, then turn up its top.

    A completed run is the last 13 cards of the column, King down to Ace of one suit, all
    face up; several may go at once (a move can finish two). Afterwards a face-down card
    left on top is turned face up.

    Args:
        column: the cards, bottom to top.
        face_down: how many of them, from the bottom, are face down.

    Returns:
        The new column, its face-down count and the suits of the removed runs in order.
    """
    removed: tuple[Suit, ...] = ()
    while (
        column
        and column[-1] % 13 == 0
        and len(column) - 13 >= face_down
        and column[-13:] == _RUNS[column[-1] // 13]
    ):
        removed += (column[-1] // 13,)
        column = column[:-13]
    if face_down and face_down == len(column):
        face_down -= 1
    return column, face_down, removed


# --- the position -----------------------------------------------------------------------


class Position(NamedTuple):
    """A Scorpion position: the tableau, the stock and the removed runs.

    Attributes:
        columns: seven tuples of cards, bottom to top.
        face_down: for each column, how many of its bottom cards are face down.
        stock: the undealt cards in dealing order (the first goes onto column 1), or ().
        runs: the suits of the removed runs, in the order they were removed.
        variant: the :class:`~scorpion.engine.variants.Variant` whose rules apply.

    Build one from a deal (:func:`scorpion.engine.deals.deal`) or from notation
    (:func:`scorpion.engine.notation.parse_position`); both check it with :meth:`check`.
    """

    columns: tuple[tuple[Card, ...], ...]
    face_down: tuple[int, ...]
    stock: tuple[Card, ...]
    runs: tuple[Suit, ...]
    variant: Variant = SCORPION

    # --- looking at it

    def exposed(self, column: int) -> Card | None:
        """Return the exposed (top) card of ``column`` (from 0), or None if it is empty."""
        col = self.columns[column]
        return col[-1] if col else None

    def face_up(self, column: int) -> tuple[Card, ...]:
        """Return the face-up cards of ``column`` (from 0), bottom to top."""
        return self.columns[column][self.face_down[column]:]

    def locate(self, card: Card) -> tuple[int, int] | None:
        """Return ``(column, index)`` of ``card`` in the tableau (both from 0), or None."""
        for i, col in enumerate(self.columns):
            if card in col:
                return i, col.index(card)
        return None

    @property
    def is_won(self) -> bool:
        """True when four runs have been removed (R14)."""
        return len(self.runs) == 4

    # --- moves

    def legal_moves(self) -> list[Move]:
        """Return every legal move, each once, in a fixed order.

        Order: by source column, then by the leading card's place from the bottom, then by
        destination column; the stock deal comes last.
        """
        columns = self.columns
        face_down = self.face_down
        empty = [i for i in range(COLUMNS) if not columns[i]]
        found: list[tuple[int, int, int, Card]] = []  # source, index, destination, card
        if empty and self.variant.empty_column_takes_any:
            # Wasp: every face-up card may go to every empty column.
            for i in range(COLUMNS):
                col = columns[i]
                for k in range(face_down[i], len(col)):
                    for e in empty:
                        found.append((i, k, e, col[k]))
        elif empty:
            for king in _KINGS:
                for i in range(COLUMNS):
                    col = columns[i]
                    if king in col:
                        k = col.index(king)
                        if k >= face_down[i]:
                            for e in empty:
                                found.append((i, k, e, king))
                        break
        # Onto an exposed card t only its predecessor t - 1 may go (R7, R8): look it up.
        for j in range(COLUMNS):
            target_col = columns[j]
            if not target_col or target_col[-1] % 13 == 0:
                continue
            card = target_col[-1] - 1
            for i in range(COLUMNS):
                col = columns[i]
                if card in col:
                    if i != j:
                        k = col.index(card)
                        if k >= face_down[i]:
                            found.append((i, k, j, card))
                    break
        found.sort()
        new = tuple.__new__
        moves: list[Move] = [new(Move, (card, dest)) for _, _, dest, card in found]
        if self.stock and not (empty and self.variant.strict_stock):
            moves.append(DEAL)
        return moves

    def illegal_reason(self, move: Move) -> str | None:
        """Return why ``move`` is illegal here, citing the rule, or None if it is legal.

        A card that is face down and a card still in the stock get the same answer,
        :data:`NOT_FACE_UP`, so that a refusal never tells where a hidden card lies (F10).
        """
        if move.card < 0:
            return stock_deal_refusal(self)
        card, dest = move
        code = card_code(card) if 0 <= card < 52 else str(card)
        if not 0 <= dest < COLUMNS:
            return f"there is no column {dest + 1} (R2)"
        where = self.locate(card)
        if where is None:
            if card in self.stock:
                return NOT_FACE_UP
            return f"{code} is not in the tableau (its run was removed, R12)"
        src, index = where
        if index < self.face_down[src]:
            return NOT_FACE_UP
        if src == dest:
            return f"{code} is already in column {dest + 1}; a move goes to another column (R6)"
        target = self.exposed(dest)
        if target is None:
            if enters_empty_column(card, self.variant):
                return None
            return "only a King or a group led by a King may fill an empty column (R9)"
        if lands_on(card, target):
            return None
        if target % 13 == 0:
            return f"nothing may be placed on an Ace ({card_code(target)}) (R8)"
        if card % 13 == KING:
            return "a King may not be placed on another card, only in an empty column (R8)"
        return (
            f"{code} may only be placed on {card_code(card + 1)}, "
            f"not on {card_code(target)} (R7)"
        )

    def is_legal(self, move: Move) -> bool:
        """True if ``move`` is legal in this position."""
        return self.illegal_reason(move) is None

    def apply(self, move: Move) -> Position:
        """Return the position after ``move``; this position is left unchanged.

        The move includes its consequences: a face-down card it exposes turns face up
        (R10), completed runs are removed (R12) and the card under them turned up (R13).

        Raises:
            IllegalMoveError: if ``move`` is illegal here; the reason cites the rule.
        """
        card, dest = move
        if card < 0:
            return self._deal_stock()
        columns = self.columns
        for src in range(COLUMNS):
            col = columns[src]
            if card in col:
                break
        else:
            raise IllegalMoveError(move, self.illegal_reason(move) or "not in the tableau")
        index = col.index(card)
        face_down = self.face_down
        if index < face_down[src] or src == dest or not 0 <= dest < COLUMNS:
            raise IllegalMoveError(move, self.illegal_reason(move) or "illegal")
        target_col = columns[dest]
        if target_col:
            if not (card + 1 == target_col[-1] and card % 13 != KING):
                raise IllegalMoveError(move, self.illegal_reason(move) or "illegal")
        elif not enters_empty_column(card, self.variant):
            raise IllegalMoveError(move, self.illegal_reason(move) or "illegal")

        new_src = col[:index]
        new_dst = target_col + col[index:]
        runs = self.runs
        fd_src = face_down[src]
        fd_dst = face_down[dest]
        # R10 (and R12 for a run left under the moved group): settle the source column.
        if (new_src and new_src[-1] % 13 == 0) or (fd_src and fd_src == index):
            new_src, fd_src, removed = settle_column(new_src, fd_src)
            runs += removed
        # R12, R13: a run completed on the destination column.
        if new_dst[-1] % 13 == 0 and len(new_dst) >= 13:
            new_dst, fd_dst, removed = settle_column(new_dst, fd_dst)
            runs += removed
        cols = list(columns)
        cols[src] = new_src
        cols[dest] = new_dst
        if fd_src != face_down[src] or fd_dst != face_down[dest]:
            fds = list(face_down)
            fds[src] = fd_src
            fds[dest] = fd_dst
            face_down = tuple(fds)
        return tuple.__new__(
            Position, (tuple(cols), face_down, self.stock, runs, self.variant)
        )

    def _deal_stock(self) -> Position:
        refusal = stock_deal_refusal(self)
        if refusal is not None:
            raise IllegalMoveError(DEAL, refusal)
        cols = list(self.columns)
        fds = list(self.face_down)
        runs = self.runs
        for i, card in enumerate(self.stock):
            cols[i], fds[i], removed = settle_column(cols[i] + (card,), fds[i])
            runs += removed
        return tuple.__new__(Position, (tuple(cols), tuple(fds), (), runs, self.variant))

    # --- checking

    def check(self) -> None:
        """Check that this position can arise in Scorpion.

        Checks: seven columns; face-down counts within the columns and never covering a
        column's top card (R10); cards known and each present once; 52 cards accounted for,
        13 per removed run (whose suits are gone from the table and listed once); a stock of
        three cards or none; no completed run left on a column (R12).

        Raises:
            PositionError: naming the first problem and where it is.
        """
        if len(self.columns) != COLUMNS or len(self.face_down) != COLUMNS:
            raise PositionError(f"a position has {COLUMNS} columns, not {len(self.columns)}")
        seen: dict[Card, str] = {}

        def note(card: Card, where: str, part: str, column: int | None = None) -> None:
            if not (isinstance(card, int) and 0 <= card < 52):
                raise PositionError(f"{where}: {card!r} is not a card", part, column)
            if card in seen:
                raise PositionError(
                    f"{where}: {card_code(card)} appears twice (also in {seen[card]})",
                    part,
                    column,
                )
            seen[card] = where

        for i, (col, fd) in enumerate(zip(self.columns, self.face_down, strict=True)):
            where = f"column {i + 1}"
            for card in col:
                note(card, where, "column", i)
            if not 0 <= fd <= len(col):
                raise PositionError(
                    f"{where}: {fd} face-down cards but only {len(col)} cards", "column", i
                )
            if col and fd == len(col):
                raise PositionError(
                    f"{where}: its top card must be face up (R10)", "column", i
                )
            if col and settle_column(col, fd)[2]:
                raise PositionError(
                    f"{where}: ends in a completed run that should have been removed (R12)",
                    "column",
                    i,
                )
        for card in self.stock:
            note(card, "the stock", "stock")
        if len(self.stock) not in (0, 3):
            raise PositionError(
                f"the stock holds 3 cards or none, not {len(self.stock)}", "stock"
            )
        if len(set(self.runs)) != len(self.runs) or not all(0 <= s < 4 for s in self.runs):
            raise PositionError("each suit's run can be removed only once", "runs")
        for suit in self.runs:
            for card in _RUNS[suit]:
                if card in seen:
                    raise PositionError(
                        f"{seen[card]}: {card_code(card)} is in a removed run", "runs"
                    )
        total = len(seen) + 13 * len(self.runs)
        if total != 52:
            missing = [
                card_code(c) for c in range(52) if c not in seen and c // 13 not in self.runs
            ]
            raise PositionError(
                f"{total} cards accounted for, not 52 (missing: {' '.join(missing)})"
            )

