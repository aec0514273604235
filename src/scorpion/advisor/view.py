"""What a player sees of a position (F10, B5): the :class:`PlayerView`.

A view holds the face-up cards of each column, how many cards lie face down under them,
how many cards are in the stock, the removed runs, the cards of the reserves or free cells
(face up: the player sees them) and the variant, and nothing else: it is built from a
position (:meth:`PlayerView.of`) of any game of the family and keeps no hidden card, not
even privately. The *unseen* cards (:attr:`PlayerView.unseen`) are the ones the view does not
show; the view knows them as a set, never where they lie.

Text form: the position notation of :mod:`scorpion.engine.notation` with every hidden
card written ``?``::

    # Scorpion deal 1, as the player sees it
    1: [? ? ?] AS 4H TH 8D
    2: [? ? ?] AH AC 8H QS
    3: [? ? ?] 3C 4D 2C 6C
    4: [? ? ?] 4C 7S JH 3D
    5: 5D 5S 9D 5C 3S 7D 8C
    6: 7H AD QD TS TD 6D TC
    7: 7C QC JS QH 4S 8S 6S
    stock: ? ? ?
    runs: -

In the other games the lines are those of their position notation (ten columns, a
``reserve:`` or ``cells:`` line, no ``stock:`` line where there is no stock, no ``runs:``
line in Chelicera). ``parse_view(format_view(v)) == v`` for every valid view ``v``.
:func:`parse_view` also reads a full position (face-down cards named) and hides what the
player cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from contextlib import suppress
from typing import NamedTuple

from ..engine.cards import Card, RunId, card_code, parse_card, parse_run, run_cards
from ..engine.hints import hint_moves
from ..engine.notation import (
    NotationError,
    column_key,
    format_position,
    notation_lines,
    parse_position,
    shown_key,
)
from ..engine.position import (
    EMPTY_CELL,
    Move,
    Position,
    PositionError,
    run_cards_checked,
    settle_column,
    stock_size_refusal,
)
from ..engine.variants import SCORPION, Variant, variant_by_id

HIDDEN = "?"
"""How a hidden card is written in the text form of a view."""


class ViewError(ValueError):
    """Raised for a text or a view that is not a valid player's view.

    Attributes:
        line: the 1-based line number of the problem in the text, or None.
    """

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.line = line


class PlayerView(NamedTuple):
    """A position as the player sees it: no face-down card and no stock card in it.

    Attributes:
        columns: for each column (seven, or ten in the games of ten columns), its face-up
            cards, bottom to top.
        face_down: for each column, how many face-down cards lie under them.
        stock: how many cards are still in the stock (Scorpion: 3 or 0).
        runs: the removed runs, in the order they were removed (a same-suit run is its
            suit; see :func:`scorpion.engine.cards.run_id`).
        variant: the variant whose rules apply.
        cells: the cards of the reserves or free cells, face up, one card or
            :data:`~scorpion.engine.EMPTY_CELL` each; () in games without them.
    """

    columns: tuple[tuple[Card, ...], ...]
    face_down: tuple[int, ...]
    stock: int
    runs: tuple[RunId, ...]
    variant: Variant = SCORPION
    cells: tuple[Card, ...] = ()

    @classmethod
    def of(cls, position: Position) -> PlayerView:
        """Return what a player sees of ``position`` (its face-down and stock cards
        dropped), a position of any game of the family."""
        return cls(
            tuple(col[fd:] for col, fd in zip(position.columns, position.face_down, strict=True)),
            position.face_down,
            len(position.stock),
            position.runs,
            position.variant,
            position.cells,
        )

    @property
    def hidden(self) -> int:
        """How many cards are hidden: face down or in the stock."""
        return sum(self.face_down) + self.stock

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards the view does not show, in card order (where they lie is unknown)."""
        shown = {c for col in self.columns for c in col}
        shown.update(c for c in self.cells if c != EMPTY_CELL)
        for run in self.runs:
            with suppress(ValueError):  # not a run at all: check() says so
                shown.update(run_cards(run))
        return tuple(c for c in range(52) if c not in shown)

    def realize(self, cards: Sequence[Card]) -> Position:
        """Return the position with ``cards`` put into the hidden places.

        Args:
            cards: one card per hidden place, in this order: column 1's face-down cards
                bottom to top, then column 2's, ..., the last column's, then the stock in
                dealing order. Any order of :attr:`unseen` gives a position this view allows.

        Raises:
            ViewError: if ``cards`` is not an arrangement of :attr:`unseen`.
        """
        if sorted(cards) != list(self.unseen):
            raise ViewError("the cards for the hidden places must be the unseen cards, once each")
        it = iter(cards)
        columns = tuple(
            tuple(next(it) for _ in range(fd)) + col
            for col, fd in zip(self.columns, self.face_down, strict=True)
        )
        stock = tuple(it)
        return tuple.__new__(
            Position, (columns, self.face_down, stock, self.runs, self.variant, self.cells)
        )

    def sample(self, rng: random.Random) -> Position:
        """Return a position this view allows, drawn uniformly at random with ``rng``.

        Every arrangement of the unseen cards over the hidden places is equally likely
        (a Fisher-Yates shuffle of :attr:`unseen`, :meth:`random.Random.shuffle`).
        """
        cards = list(self.unseen)
        rng.shuffle(cards)
        return self.realize(cards)

    def hint_moves(self) -> list[Move]:
        """The moves worth showing as hints (:func:`scorpion.engine.hints.hint_moves`).

        They depend on the face-up cards and the counts alone, so they are those of any
        position this view allows; this computes them on one of them.
        """
        return hint_moves(self.realize(self.unseen))

    def check(self) -> None:
        """Check that this view is one that a valid position shows.

        Raises:
            ViewError: naming the first problem (a card shown twice or in a removed run, a
                column whose top card is face down, counts that do not add up to 52, ...).
        """
        variant = self.variant
        n = variant.columns
        if len(self.columns) != n or len(self.face_down) != n:
            raise ViewError(f"a view has {n} columns, not {len(self.columns)}")
        if len(set(self.runs)) != len(self.runs):
            raise ViewError("each suit's run can be removed only once")
        removed: set[Card] = set()
        for run in self.runs:
            try:
                removed.update(run_cards_checked(run, variant))
            except (ValueError, TypeError) as exc:
                raise ViewError(f"runs: {exc}") from None
        seen: dict[Card, str] = {}

        def note(card: Card, where: str) -> None:
            if not (isinstance(card, int) and 0 <= card < 52):
                raise ViewError(f"{where}: {card!r} is not a card")
            if card in seen:
                raise ViewError(f"{where}: {card_code(card)} appears twice (also in {seen[card]})")
            seen[card] = where
            if card in removed:
                raise ViewError(f"{where}: {card_code(card)} is in a removed run")

        for i, (col, fd) in enumerate(zip(self.columns, self.face_down, strict=True)):
            where = f"column {i + 1}"
            for card in col:
                note(card, where)
            if fd < 0 or (fd and not col):
                raise ViewError(f"{where}: its top card must be face up (R10)")
            if variant.removes_runs and settle_column(col, 0, variant)[2]:
                raise ViewError(
                    f"{where}: ends in a completed run that should have been removed (R12)"
                )
        if len(self.cells) != variant.cells:
            raise ViewError(
                f"{variant.cell_kind}: {variant.name} has {variant.cells} "
                f"{'reserves' if variant.cell_kind == 'reserve' else 'free cells'}, "
                f"not {len(self.cells)}"
            )
        for card in self.cells:
            if card != EMPTY_CELL:
                note(card, variant.cell_kind)
        refusal = stock_size_refusal(variant, self.stock)
        if refusal is not None:
            raise ViewError(refusal)
        total = len(seen) + len(removed) + self.hidden
        if total != 52:
            raise ViewError(
                f"{len(seen)} face-up cards, {len(removed)} in removed runs and "
                f"{self.hidden} hidden make {total}, not 52"
            )
        try:  # what the game asks of a position besides (the stock's size, ...)
            self.realize(self.unseen).check()
        except PositionError as exc:
            raise ViewError(str(exc)) from None


def format_view(view: PlayerView, title: str | None = None) -> str:
    """Return the text form of ``view`` (see the module docstring), ending with a newline:
    the notation of a position the view allows, its hidden cards written ``?``."""
    hidden = {card_code(c) for c in view.unseen}
    lines = format_position(view.realize(view.unseen), title).splitlines()
    start = len(title.splitlines()) if title else 0  # the title's comment lines stay as given
    for i in range(start, len(lines)):
        key, _, value = lines[i].partition(": ")
        if key.isdigit() or key == "stock":  # the hidden places: face down, the stock
            tokens = value.split()
            lines[i] = f"{key}: " + " ".join(
                t.replace(t.strip("[]"), HIDDEN) if t.strip("[]") in hidden else t for t in tokens
            )
    return "\n".join(lines) + "\n"


def parse_view(text: str, variant: Variant | str | None = None) -> PlayerView:
    """Read a view in its text form, or a full position (whose hidden cards it drops).

    A text with no ``?`` (but in its comments) is read as a position
    (:func:`scorpion.engine.parse_position`) and the player's view of it returned.

    Args:
        text: the text.
        variant: the variant (or its id) when the text has no ``variant:`` line (default
            Scorpion); a text naming another variant is an error.

    Raises:
        ViewError: naming the line and the problem.
        UnknownVariantError: if ``variant`` is an id no variant has.
        TypeError: if ``text`` is not a ``str`` (``None``, bytes).
    """
    if not isinstance(text, str):
        raise TypeError(f"a view is read from text (str), not from {type(text).__name__}")
    if isinstance(variant, str):
        variant = variant_by_id(variant)
    if not any(HIDDEN in line for line in text.splitlines() if not line.lstrip().startswith("#")):
        try:
            return PlayerView.of(parse_position(text, variant))
        except NotationError as exc:
            raise _view_error(exc) from None
    try:
        lines = list(notation_lines(text))
    except NotationError as exc:
        raise _view_error(exc) from None
    named: Variant | None = None
    for number, key, value in lines:  # the game first: it says which lines there are
        if key == "variant":
            try:
                named = variant_by_id(value.strip())
            except ValueError as exc:
                raise ViewError(str(exc), number) from None
            if variant is not None and named is not variant:
                raise ViewError(f"the text is for variant {named.id!r}, not {variant.id!r}", number)
    game = named or variant or SCORPION
    n = game.columns
    columns: dict[int, tuple[tuple[Card, ...], int]] = {}
    parts: dict[str, int] = {}
    stock = 0
    runs: tuple[RunId, ...] = ()
    cells: tuple[Card, ...] = ()
    known = [f"1-{n}"]
    if game.cells:
        known.append(game.cell_kind)
    if game.stock_size:
        known.append("stock")
    if game.removes_runs:
        known.append("runs")
    for number, key, value in lines:
        if key.isascii() and key.isdigit():
            index = column_key(key)
            if not 1 <= index <= n:
                more = "" if n == 10 else "; a game of ten columns needs its 'variant:' line"
                raise ViewError(
                    f"there is no column {shown_key(key)} (columns are 1-{n}{more})", number
                )
            if index in columns:
                raise ViewError(f"column {index} is given twice", number)
            columns[index] = _parse_column(value, number)
            parts[f"column {index}"] = number
            continue
        if key in parts:
            raise ViewError(f"'{key}:' is given twice", number)
        parts[key] = number
        if key == "stock" and game.stock_size:
            tokens = value.split()
            if tokens != ["-"] and any(t != HIDDEN for t in tokens):
                raise ViewError("the stock of a view is '? ? ?' or '-'", number)
            stock = 0 if tokens == ["-"] else len(tokens)
        elif key == "runs" and game.removes_runs:
            try:
                runs = tuple(parse_run(t) for t in value.split()) if value.strip() != "-" else ()
            except ValueError as exc:
                raise ViewError(str(exc), number) from None
        elif key == game.cell_kind and game.cells:
            try:
                cells = tuple(EMPTY_CELL if t == "-" else parse_card(t) for t in value.split())
            except ValueError as exc:
                raise ViewError(str(exc), number) from None
        elif key != "variant":
            raise ViewError(
                f"unknown line {key!r}: expected {', '.join(known)} or variant", number
            )
    missing = [f"{i}:" for i in range(1, n + 1) if i not in columns]
    if missing:
        raise ViewError(f"missing column line(s): {', '.join(missing)}")
    for needed in known[1:]:
        if needed not in parts:
            none = "-" if needed != game.cell_kind else " ".join("-" * game.cells)
            raise ViewError(f"missing the '{needed}:' line (write '{needed}: {none}' for none)")
    view = PlayerView(
        tuple(columns[i][0] for i in range(1, n + 1)),
        tuple(columns[i][1] for i in range(1, n + 1)),
        stock,
        runs,
        game,
        cells,
    )
    try:
        view.check()
    except ViewError as exc:
        # A problem of one part is said with the line of that part.
        where = str(exc).split(":")[0]
        line = parts.get(where) or parts.get("stock" if where.startswith("the stock") else "")
        raise ViewError(str(exc), line) from None
    return view


def _view_error(exc: NotationError) -> ViewError:
    """The same problem, as a view's error."""
    message = str(exc).partition(": ")[2] if exc.line is not None else str(exc)
    return ViewError(message, exc.line)


def _parse_column(text: str, line: int) -> tuple[tuple[Card, ...], int]:
    text = text.strip()
    hidden = 0
    if text.startswith("["):
        close = text.find("]")
        if close < 0:
            raise ViewError("'[' without a closing ']'", line)
        tokens = text[1:close].split()
        if not tokens or any(t != HIDDEN for t in tokens):
            raise ViewError("the face-down cards of a view are written '?', as in [? ? ?]", line)
        hidden = len(tokens)
        text = text[close + 1:]
    if "[" in text or "]" in text or HIDDEN in text:
        raise ViewError(
            "face-down cards must all be at the bottom, inside one pair of brackets", line
        )
    try:
        return tuple(parse_card(t) for t in text.split()), hidden
    except ValueError as exc:
        raise ViewError(str(exc), line) from None
