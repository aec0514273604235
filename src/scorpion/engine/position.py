"""Positions, moves and the rules of Scorpion (R6-R14) and of its family (V2).

A :class:`Position` is an immutable value (a named tuple): it can be hashed, compared,
stored in sets and sent through a process pool. Applying a :class:`Move` returns a new
position and leaves the old one untouched, so undo is exact by construction (R15, see
:class:`scorpion.engine.game.Game`).

Each rule lives in one named function that cites its SPEC id, for every game of the
family alike (the game, a :class:`~scorpion.engine.variants.Variant`, is data they read):

* :func:`lands_on` - R7, R8 (same suit one rank higher, or in Scorpion Tail's games one
  rank higher of the other colour; nothing on an Ace; a King on no card)
* :func:`enters_empty_column` - R9 (King or King-led group; any card in Wasp)
* :func:`cell_refusal` - V2 (a free cell takes one exposed card; a reserve takes none)
* :func:`stock_deal_refusal` - R11 (one deal, at any time; strict stock variant; games
  without a stock to deal)
* :func:`completes_run` - R12 (King to Ace of one suit, or in alternate colours)
* :func:`settle_column` - R10, R12, R13 (reveal, remove completed runs, reveal again)
* :func:`refill_column` - V2 (Chelicera: an emptied column takes three stock cards)
* :func:`game_won` - R14 (four runs removed; in Chelicera every column one run)

:meth:`Position.legal_moves` is a fast generator of the same rules; the tests check that
it returns exactly the moves that :meth:`Position.apply` accepts.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .cards import KING, Card, RunId, card_code, is_red, parse_card, run_cards, run_id, run_of
from .variants import SCORPION, Variant, variant_by_id

COLUMNS = 7
"""Number of tableau columns of Scorpion (R2); other games have their own
(:attr:`Variant.columns`)."""

CELL_BASE = 16
"""A move's destination ``CELL_BASE + k`` is free cell ``k`` (from 0), written ``f<k+1>``."""

EMPTY_CELL = -1
"""An empty reserve or free cell in :attr:`Position.cells`."""

_RUNS: tuple[tuple[Card, ...], ...] = tuple(run_of(s) for s in range(4))
_KINGS: tuple[Card, ...] = tuple(s * 13 + KING for s in range(4))


def _landers(card: Card, build: str) -> tuple[Card, ...]:
    """The cards that may be placed on ``card`` under ``build`` (R7, R8)."""
    rank = card % 13
    if rank == 0:
        return ()
    if build == "suit":
        return (card - 1,)
    suits = (0, 3) if is_red(card) else (1, 2)
    return tuple(s * 13 + rank - 1 for s in suits)


_LANDERS: dict[str, tuple[tuple[Card, ...], ...]] = {
    build: tuple(_landers(c, build) for c in range(52)) for build in ("suit", "colour")
}


def _is_card(card: object) -> bool:
    """True for an int 0-51 (not a bool): a card."""
    return isinstance(card, int) and not isinstance(card, bool) and 0 <= card < 52


class MoveError(ValueError):
    """Raised for a text that is not a move in the notation (``7H-5``, ``7H-f1`` or ``deal``)."""


class Move(NamedTuple):
    """A move: the card that leads the group and its destination, or the stock deal.

    Attributes:
        card: the leading card of the moved group (0-51), or -1 for the stock deal.
        column: the destination column, counted from 0 (notation counts from 1);
            ``CELL_BASE + k`` for free cell ``k`` (from 0; notation ``f<k+1>``);
            -1 for the stock deal.

    The card says where the group comes from (a column, a reserve or a free cell).
    ``str(move)`` gives the notation (``"7H-5"``, ``"7H-f1"``, ``"deal"``) and
    :meth:`parse` reads it.
    """

    card: Card
    column: int

    @property
    def is_deal(self) -> bool:
        """True for the stock deal (card -1)."""
        return self.card == -1

    @property
    def to_cell(self) -> bool:
        """True for a move onto a free cell."""
        return self.column >= CELL_BASE

    def __str__(self) -> str:
        if self.card == -1:
            return "deal"
        if not _is_card(self.card) or not isinstance(self.column, int):
            return f"Move({self.card!r}, {self.column!r})"  # no move of the notation
        if self.column >= CELL_BASE:
            return f"{card_code(self.card)}-f{self.column - CELL_BASE + 1}"
        return f"{card_code(self.card)}-{self.column + 1}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str, variant: Variant | str = SCORPION) -> Move:
        """Read a move in notation: ``<card>-<column>`` (``"7H-5"``), ``<card>-f<cell>``
        (``"7H-f1"``, onto a free cell) or ``"deal"``.

        The column is a number from 1 to the game's column count in ASCII digits (1-7
        in Scorpion); other digits (``²``, full-width) are refused. ``f1`` ... name the
        free cells of games that have them. Letters may be in any case, and ASCII white
        space may surround the parts: for Scorpion the texts accepted are exactly those
        :data:`MOVE_PATTERN` matches.

        Args:
            text: the move.
            variant: the game whose columns and free cells the move may name (a
                :class:`~scorpion.engine.variants.Variant` or its id).

        Raises:
            MoveError: naming what is wrong with ``text``.
            TypeError: if ``text`` is not a ``str`` (``None``, bytes, a card number).
            UnknownVariantError: if ``variant`` is an id no variant has.
        """
        if not isinstance(text, str):
            raise TypeError(f"a move is read from text (str), not from {type(text).__name__}")
        if isinstance(variant, str):
            variant = variant_by_id(variant)
        t = text.strip(ASCII_SPACE)
        if t.isascii() and t.lower() == "deal":
            return DEAL
        card_text, sep, column_text = t.partition("-")
        if not sep:
            forms = ["<card>-<column> such as 7H-5"]
            if variant.free_cells:
                forms.append("<card>-f<cell> such as 7H-f1")
            if variant.stock_deal and variant.stock_size:
                forms.append("'deal'")
            raise MoveError(f"bad move {text!r}: a move is {', or '.join(forms)}")
        try:
            card = parse_card(card_text.strip(ASCII_SPACE))
        except ValueError as exc:
            source = card_text.strip(ASCII_SPACE)
            if _CELL.fullmatch(source) or _NUMBER.fullmatch(source):
                # A place where the card should be: the notation names the card moved.
                also = f", also from its {variant.cell_kind}" if variant.cells else ""
                raise MoveError(
                    f"bad move {text!r}: a move names the card it moves (as 7H-5{also}), "
                    f"not the place {source!r}"
                ) from None
            raise MoveError(f"bad move {text!r}: {exc}") from None
        column_text = column_text.strip(ASCII_SPACE)
        cells = variant.free_cells
        m = _CELL.fullmatch(column_text)
        if m is not None and cells and 1 <= int(m.group(1)) <= cells:
            return cls(card, CELL_BASE + int(m.group(1)) - 1)
        n = variant.columns
        if _NUMBER.fullmatch(column_text) is None or not 1 <= int(column_text) <= n:
            where = f"a number from 1 to {n}"
            if cells:
                where += f", or a free cell f1 to f{cells}"
            raise MoveError(f"bad move {text!r}: the column must be {where}, not {column_text!r}")
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
:meth:`Move.parse` reads for Scorpion: ``deal`` or ``<card>-<column>`` in any case, with
white space."""

_NUMBER = re.compile("[1-9][0-9]?")
_CELL = re.compile("[fF]([1-9])")
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


def lands_on(card: Card, target: Card, variant: Variant = SCORPION) -> bool:
    """R7, R8: may a group led by ``card`` be placed on the exposed card ``target``?

    Only on the card one rank higher: of the same suit (7H on 8H), or in the games that
    build in alternate colours (Scorpion Tail, Farmer's Wife) of the other colour (7H on
    8C or 8S). Nothing lands on an Ace and a King lands on no card. With the card encoding
    of :mod:`.cards` the same-suit rule is ``card + 1 == target`` for a ``card`` that is
    not a King.

    Args:
        card: the card leading the group (0..51, see :mod:`.cards`).
        target: the exposed card of the column it would go onto.
        variant: the game (its ``build``: ``"suit"`` or alternate colours).
    """
    if variant.build == "suit":
        return card + 1 == target and card % 13 != KING
    return card % 13 + 1 == target % 13 and is_red(card) != is_red(target)


def enters_empty_column(card: Card, variant: Variant) -> bool:
    """R9: may a group led by ``card`` move into an empty column?

    Only a King (carrying any cards) may, except in variants whose empty columns take any
    card (Wasp, Wasp II).

    Args:
        card: the card leading the group (0..51).
        variant: the game (its ``empty_column_takes_any``).
    """
    return card % 13 == KING or variant.empty_column_takes_any


_FAMILY_PLACE = re.compile(
    "[ \t\n\r\f\v]*([aA2-9tTjJqQkK][cCdDhHsS])[ \t\n\r\f\v]*-[ \t\n\r\f\v]*"
    "([1-9]|10|[fF][1-4])[ \t\n\r\f\v]*"
)


def place_refusal(text: str, variant: Variant) -> IllegalMoveError | None:
    """R2, V2: a move in the family's notation that names a column or free cell this game
    does not have, as the illegal move it is, or None.

    Every game of the family reads ``<card>-<column>`` with a column 1 to 10 and
    ``<card>-f<cell>`` with a free cell 1 to 4; :meth:`Move.parse` reads only the places
    of ``variant``, so ``7H-f1`` in Three Blind Mice is not a move of that game's notation.
    A player who types it has made a move the rules forbid, and hears the rule, as the
    table says it: the web's answer (409) and ``scorpion apply`` and ``play`` agree.

    Args:
        text: the move as typed.
        variant: the game played.

    Returns:
        The :class:`IllegalMoveError` (its reason: ``"this game has no free cells (V2)"``,
        ``"cards are played from the reserve, never onto it (V2)"``, ``"there is no free
        cell f3 (V2)"`` or ``"there is no column 9 (R2)"``), or None when ``text`` is not
        such a move (it is a move of this game, or not of the family's notation at all).
    """
    m = _FAMILY_PLACE.fullmatch(text)
    if m is None:
        return None
    card = parse_card(m.group(1))
    place = m.group(2).lower()
    if place.startswith("f"):
        k = int(place[1:]) - 1
        if k < variant.free_cells:
            return None
        if variant.cells and not variant.free_cells:
            reason = "cards are played from the reserve, never onto it (V2)"
        elif not variant.free_cells:
            reason = "this game has no free cells (V2)"
        else:
            reason = f"there is no free cell f{k + 1} (V2)"
        return IllegalMoveError(Move(card, CELL_BASE + k), reason)
    column = int(place) - 1
    if column < variant.columns:
        return None
    return IllegalMoveError(Move(card, column), f"there is no column {place} (R2)")


def cell_refusal(position: Position, card: Card, cell: int) -> str | None:
    """V2: why ``card`` may not go onto free cell ``cell`` (from 0) now, or None when it may.

    A free cell (How They Run, Scorpion Head) holds one card: the exposed card of a column,
    or the card of another free cell, may go onto an empty one (as PySolFC's free cells,
    its ``ReserveStack``, accept a single card from any other stack). A reserve (Three
    Blind Mice, Farmer's Wife) is played from, never onto.

    Args:
        position: the position the card would move in.
        card: the card (0..51) to go onto the cell.
        cell: the free cell, from 0 (notation ``f<cell+1>``).

    Returns:
        The reason, a sentence naming the rule (``(V2)``), or None when the move is legal
        as far as the cell goes; a face-down card is refused elsewhere (R6, F10).
    """
    variant = position.variant
    if not variant.free_cells:
        if variant.cells:
            return "cards are played from the reserve, never onto it (V2)"
        return "this game has no free cells (V2)"
    if not 0 <= cell < variant.free_cells:
        return f"there is no free cell f{cell + 1} (V2)"
    if position.cells[cell] != EMPTY_CELL:
        return f"free cell f{cell + 1} already holds a card (V2)"
    where = position.locate(card)
    if where is not None and where[1] != len(position.columns[where[0]]) - 1:
        return "only the exposed card of a column may go onto a free cell (V2)"
    return None


def stock_deal_refusal(position: Position) -> str | None:
    """R11: why the stock may not be dealt now, or None when it may.

    The stock is dealt once, at any time, also onto empty columns, one card onto each of
    the first columns; the strict-stock variant forbids the deal while a column is empty.
    Games without a stock have nothing to deal, and Chelicera's stock only refills emptied
    columns (:func:`refill_column`).
    """
    variant = position.variant
    if not variant.stock_size:
        return "this game has no stock (V2)"
    if not variant.stock_deal:
        return "the stock is not dealt; it refills emptied columns (V2)"
    if not position.stock:
        return "the stock has already been dealt (R11)"
    if variant.strict_stock and not all(position.columns):
        return "the stock may not be dealt while a column is empty (strict stock, V2)"
    return None


def completes_run(cards: tuple[Card, ...], variant: Variant = SCORPION) -> bool:
    """R12: are ``cards`` (13 of them, bottom to top) a run of ``variant``?

    King down to Ace, of one suit, or in the games that build in alternate colours,
    alternating red and black.
    """
    if len(cards) != 13 or cards[-1] % 13 != 0:
        return False
    if variant.build == "suit":
        return cards == _RUNS[cards[-1] // 13]
    previous = cards[0]
    if previous % 13 != KING:
        return False
    for card in cards[1:]:
        if card % 13 + 1 != previous % 13 or is_red(card) == is_red(previous):
            return False
        previous = card
    return True


def settle_column(
    column: tuple[Card, ...], face_down: int, variant: Variant = SCORPION
) -> tuple[tuple[Card, ...], int, tuple[RunId, ...]]:
    """R12, R13, R10: remove completed runs from the top of a column, then turn up its top.

    A completed run is the last 13 cards of the column, a run of ``variant``
    (:func:`completes_run`), all face up; several may go at once (a move can finish two).
    Afterwards a face-down card left on top is turned face up. In games whose runs stay on
    the table (Chelicera) only the card is turned.

    Args:
        column: the cards, bottom to top.
        face_down: how many of them, from the bottom, are face down.
        variant: the game.

    Returns:
        The new column, its face-down count and the removed runs in order (see
        :func:`~scorpion.engine.cards.run_id`; a same-suit run is its suit).
    """
    removed: tuple[RunId, ...] = ()
    if variant.removes_runs:
        while (
            column
            and column[-1] % 13 == 0
            and len(column) - 13 >= face_down
            and completes_run(column[-13:], variant)
        ):
            removed += (run_id(column[-13:]),)
            column = column[:-13]
    if face_down and face_down == len(column):
        face_down -= 1
    return column, face_down, removed


def refill_column(
    column: tuple[Card, ...], stock: tuple[Card, ...], variant: Variant
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """V2: an emptied column takes the next cards of the stock, face up (Chelicera: three).

    Args:
        column: the column's cards after a move, bottom first (empty when emptied).
        stock: the stock's cards, the next to come first.
        variant: the game (its ``refill``: how many cards; 0 for no refill).

    Returns:
        The column and the stock afterwards; unchanged when the column holds cards, the
        game does not refill or the stock is empty.
    """
    if column or not variant.refill or not stock:
        return column, stock
    return stock[: variant.refill], stock[variant.refill:]


GAME_WON = "the game is won: no more moves (R14)"
"""Why no move is legal in a won position, in every game: the stock deal, and any card
(in the games that remove runs none is left on the table; this is said first)."""


def game_won(position: Position) -> bool:
    """R14: is ``position`` won?

    When four runs have been removed (all 52 cards); in games whose runs stay on the table
    (Chelicera), when the stock is empty and every column that holds cards is one run.
    """
    variant = position.variant
    if variant.removes_runs:
        return len(position.runs) == 4
    return not position.stock and all(
        not col or (not fd and completes_run(col, variant))
        for col, fd in zip(position.columns, position.face_down, strict=True)
    )


# --- the position -----------------------------------------------------------------------


class Position(NamedTuple):
    """A position of a game of the Scorpion family: the tableau, the stock, the removed
    runs and the reserves or free cells.

    Attributes:
        columns: the columns (seven in Scorpion), tuples of cards, bottom to top.
        face_down: for each column, how many of its bottom cards are face down.
        stock: the undealt cards in dealing order (the first goes onto column 1), or ().
        runs: the removed runs, in the order they were removed (a same-suit run is its
            suit; see :func:`~scorpion.engine.cards.run_id`).
        variant: the :class:`~scorpion.engine.variants.Variant` whose rules apply.
        cells: the reserves or free cells, one card or :data:`EMPTY_CELL` each; () in
            games without them.

    Build one from a deal (:func:`scorpion.engine.deals.deal`) or from notation
    (:func:`scorpion.engine.notation.parse_position`); both check it with :meth:`check`.
    """

    columns: tuple[tuple[Card, ...], ...]
    face_down: tuple[int, ...]
    stock: tuple[Card, ...]
    runs: tuple[RunId, ...]
    variant: Variant = SCORPION
    cells: tuple[Card, ...] = ()

    # --- looking at it

    def exposed(self, column: int) -> Card | None:
        """Return the exposed (top) card of ``column`` (from 0), or None if it is empty."""
        col = self.columns[column]
        return col[-1] if col else None

    def face_up(self, column: int) -> tuple[Card, ...]:
        """Return the face-up cards of ``column`` (from 0), bottom to top."""
        return self.columns[column][self.face_down[column]:]

    def locate(self, card: Card) -> tuple[int, int] | None:
        """Return ``(column, index)`` of ``card`` in the tableau (both from 0), or None
        (also for a card in a reserve or free cell)."""
        for i, col in enumerate(self.columns):
            if card in col:
                return i, col.index(card)
        return None

    @property
    def is_won(self) -> bool:
        """True when the game is won (R14, :func:`game_won`)."""
        return game_won(self)

    # --- moves

    def legal_moves(self) -> list[Move]:
        """Return every legal move, each once, in a fixed order.

        Order: by source (columns first, then reserves or free cells), then by the leading
        card's place from the bottom, then by destination (columns, then free cells); the
        stock deal comes last. A won position has none (R14: the game is over; in Chelicera
        its runs are still on the table).
        """
        if not self.variant.removes_runs and game_won(self):
            return []
        columns = self.columns
        face_down = self.face_down
        variant = self.variant
        n = len(columns)
        cells = self.cells
        empty = [i for i in range(n) if not columns[i]]
        found: list[tuple[int, int, int, Card]] = []  # source, index, destination, card
        if empty and variant.empty_column_takes_any:
            # Wasp: every face-up card may go to every empty column.
            for i in range(n):
                col = columns[i]
                for k in range(face_down[i], len(col)):
                    for e in empty:
                        found.append((i, k, e, col[k]))
            for j, card in enumerate(cells):
                if card >= 0:
                    for e in empty:
                        found.append((n + j, 0, e, card))
        elif empty:
            for king in _KINGS:
                for i in range(n):
                    col = columns[i]
                    if king in col:
                        k = col.index(king)
                        if k >= face_down[i]:
                            for e in empty:
                                found.append((i, k, e, king))
                        break
                else:
                    if king in cells:
                        for e in empty:
                            found.append((n + cells.index(king), 0, e, king))
        # Onto an exposed card t only the cards of rank t - 1 that build on it may go
        # (R7, R8): look them up.
        landers = _LANDERS[variant.build]
        for j in range(n):
            target_col = columns[j]
            if not target_col:
                continue
            for card in landers[target_col[-1]]:
                for i in range(n):
                    col = columns[i]
                    if card in col:
                        if i != j:
                            k = col.index(card)
                            if k >= face_down[i]:
                                found.append((i, k, j, card))
                        break
                else:
                    if card in cells:
                        found.append((n + cells.index(card), 0, j, card))
        if variant.free_cells and EMPTY_CELL in cells:
            free = [CELL_BASE + k for k, c in enumerate(cells) if c == EMPTY_CELL]
            for i in range(n):
                col = columns[i]
                if col:
                    for f in free:
                        found.append((i, len(col) - 1, f, col[-1]))
            for j, card in enumerate(cells):
                if card >= 0:
                    for f in free:  # from one free cell to another: allowed, changes nothing
                        found.append((n + j, 0, f, card))
        found.sort()
        new = tuple.__new__
        moves: list[Move] = [new(Move, (card, dest)) for _, _, dest, card in found]
        if self.stock and stock_deal_refusal(self) is None:
            moves.append(DEAL)
        return moves

    def illegal_reason(self, move: Move) -> str | None:
        """Return why ``move`` is illegal here, citing the rule, or None if it is legal.

        A card that is face down and a card still in the stock get the same answer,
        :data:`NOT_FACE_UP`, so that a refusal never tells where a hidden card lies (F10).
        """
        if game_won(self):
            return GAME_WON
        if move.card == -1:
            return stock_deal_refusal(self)
        card, dest = move
        if not _is_card(card):
            return f"{card!r} is not a card (cards are 0-51; -1 is the stock deal)"
        if not isinstance(dest, int) or isinstance(dest, bool):
            return f"{dest!r} is not a column or free cell"
        code = card_code(card)
        n = len(self.columns)
        if not (0 <= dest < n or dest >= CELL_BASE):
            return f"there is no column {dest + 1} (R2)"
        where = self.locate(card)
        in_cell = where is None and card >= 0 and card in self.cells
        if where is None and not in_cell:
            if card in self.stock:
                return NOT_FACE_UP
            return f"{code} is not in the tableau (its run was removed, R12)"
        if where is not None and where[1] < self.face_down[where[0]]:
            return NOT_FACE_UP
        if dest >= CELL_BASE:
            return cell_refusal(self, card, dest - CELL_BASE)
        if where is not None and where[0] == dest:
            return f"{code} is already in column {dest + 1}; a move goes to another column (R6)"
        target = self.exposed(dest)
        if target is None:
            if enters_empty_column(card, self.variant):
                return None
            return "only a King or a group led by a King may fill an empty column (R9)"
        if lands_on(card, target, self.variant):
            return None
        if target % 13 == 0:
            return f"nothing may be placed on an Ace ({card_code(target)}) (R8)"
        if card % 13 == KING:
            return "a King may not be placed on another card, only in an empty column (R8)"
        if self.variant.build == "colour":
            hosts = " or ".join(
                card_code(t) for t in range(52) if card in _LANDERS["colour"][t]
            )
            return (
                f"{code} may only be placed on a card one rank higher of the other colour "
                f"({hosts}), not on {card_code(target)} (R7, V2)"
            )
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
        (R10), completed runs are removed (R12) and the card under them turned up (R13),
        and in Chelicera an emptied column is refilled from the stock (V2).

        Raises:
            IllegalMoveError: if ``move`` is illegal here; the reason cites the rule.
        """
        card, dest = move
        if card == -1:
            return self._deal_stock()
        reason = self.illegal_reason(move)
        if reason is not None:
            raise IllegalMoveError(move, reason)
        variant = self.variant
        columns = self.columns
        face_down = self.face_down
        cols = list(columns)
        fds = list(face_down)
        cells = self.cells
        stock = self.stock
        runs = self.runs
        where = self.locate(card)
        if where is None:  # from a reserve or free cell
            k = cells.index(card)
            cells = (*cells[:k], EMPTY_CELL, *cells[k + 1:])
            moved: tuple[Card, ...] = (card,)
        else:
            src, index = where
            col = columns[src]
            moved = col[index:]
            new_src = col[:index]
            fd_src = fds[src]
            # R10 (and R12 for a run left under the moved group): settle the source column.
            if (new_src and new_src[-1] % 13 == 0) or (fd_src and fd_src == index):
                new_src, fd_src, removed = settle_column(new_src, fd_src, variant)
                runs += removed
            if not new_src and variant.refill:
                new_src, stock = refill_column(new_src, stock, variant)
            cols[src] = new_src
            fds[src] = fd_src
        if dest >= CELL_BASE:
            k = dest - CELL_BASE
            cells = (*cells[:k], card, *cells[k + 1:])
        else:
            new_dst = columns[dest] + moved
            fd_dst = fds[dest]
            # R12, R13: a run completed on the destination column.
            if new_dst[-1] % 13 == 0 and len(new_dst) >= 13:
                new_dst, fd_dst, removed = settle_column(new_dst, fd_dst, variant)
                runs += removed
            cols[dest] = new_dst
            fds[dest] = fd_dst
        new_fd = tuple(fds)
        return tuple.__new__(
            Position,
            (tuple(cols), face_down if new_fd == face_down else new_fd, stock, runs,
             variant, cells),
        )

    def _deal_stock(self) -> Position:
        refusal = self.illegal_reason(DEAL)  # a won Chelicera game first, as for any move
        if refusal is not None:
            raise IllegalMoveError(DEAL, refusal)
        cols = list(self.columns)
        fds = list(self.face_down)
        runs = self.runs
        for i, card in enumerate(self.stock):
            cols[i], fds[i], removed = settle_column(cols[i] + (card,), fds[i], self.variant)
            runs += removed
        return tuple.__new__(
            Position, (tuple(cols), tuple(fds), (), runs, self.variant, self.cells)
        )

    # --- checking

    def check(self) -> None:
        """Check that this position is well formed for its game.

        It does not replay the game: a hand-written position may hold more face-down cards
        in a column than the deal does (analyses and tests use such positions). Checks:
        the game's number of columns; face-down counts within the columns and
        never covering a column's top card (R10); cards known and each present once; 52
        cards accounted for, 13 per removed run (runs of the game, whose cards are gone
        from the table, each listed once); a stock as the game allows (Scorpion: three
        cards or none); the game's number of reserves or free cells, one card or none
        each; no completed run left on a column (R12) where runs leave the table, and no
        empty column beside a stock that refills it (Chelicera).

        Raises:
            PositionError: naming the first problem and where it is.
        """
        variant = self.variant
        n = variant.columns
        if len(self.columns) != n or len(self.face_down) != n:
            raise PositionError(f"a position has {n} columns, not {len(self.columns)}")
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
            if col and settle_column(col, fd, variant)[2]:
                raise PositionError(
                    f"{where}: ends in a completed run that should have been removed (R12)",
                    "column",
                    i,
                )
            if not col and self.stock and variant.refill:
                raise PositionError(
                    f"{where}: an empty column is refilled from the stock at once (V2)",
                    "column",
                    i,
                )
        if len(self.cells) != variant.cells:
            raise PositionError(
                f"this game has {variant.cells} reserves or free cells, not {len(self.cells)}",
                "cells",
            )
        cells_name = "the reserve" if variant.cell_kind == "reserve" else "the free cells"
        for card in self.cells:
            if card != EMPTY_CELL:
                note(card, cells_name, "cells")
        for card in self.stock:
            note(card, "the stock", "stock")
        refusal = stock_size_refusal(variant, len(self.stock))
        if refusal is not None:
            raise PositionError(refusal, "stock")
        removed: set[Card] = set()
        for run in self.runs:
            try:
                cards = run_cards_checked(run, variant)
            except ValueError as exc:
                raise PositionError(str(exc), "runs") from None
            for card in cards:
                if card in seen:
                    raise PositionError(
                        f"{seen[card]}: {card_code(card)} is in a removed run", "runs"
                    )
                if card in removed:
                    raise PositionError(
                        f"{card_code(card)} is in two removed runs "
                        "(each suit's run can be removed only once)",
                        "runs",
                    )
                removed.add(card)
        total = len(seen) + len(removed)
        if total != 52:
            missing = [card_code(c) for c in range(52) if c not in seen and c not in removed]
            raise PositionError(
                f"{total} cards accounted for, not 52 (missing: {' '.join(missing)})"
            )


def stock_size_refusal(variant: Variant, size: int) -> str | None:
    """Why a stock of ``size`` cards cannot be in a position of ``variant``, or None if it
    can: the full stock or none where the stock is dealt at once (Scorpion: 3 cards or
    none), what refills leave where it refills columns (Chelicera), none without a stock.
    """
    full = variant.stock_size
    if variant.refill:
        allowed = range(full % variant.refill, full + 1, variant.refill)
    else:
        allowed = range(0, full + 1, full or 1)
    if size in allowed:
        return None
    if variant.refill:
        sizes = f"a multiple of {variant.refill} up to {full} cards"
    elif full:
        sizes = f"{full} cards or none"
    else:
        sizes = "no cards (this game has no stock)"
    return f"the stock holds {sizes}, not {size}"


def run_cards_checked(run: RunId, variant: Variant) -> tuple[Card, ...]:
    """Return the cards of the removed run ``run`` if it is a run of ``variant``.

    Raises:
        ValueError: if it is not (a suit's run where runs are in alternate colours, or
            the reverse; any run where runs stay on the table).
    """
    if not variant.removes_runs:
        raise ValueError(f"runs stay on the table in {variant.name}")
    if variant.build == "suit" and not 0 <= run < 4:
        raise ValueError(f"a run of {variant.name} is of one suit")
    if variant.build == "colour" and run < 4:
        raise ValueError(f"a run of {variant.name} is in alternate colours")
    return run_cards(run)
