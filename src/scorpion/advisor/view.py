"""What a player sees of a position (F10, B5): the :class:`PlayerView`.

A view holds the face-up cards of each column, how many cards lie face down under them,
how many cards are in the stock, the removed runs and the variant, and nothing else: it is
built from a position (:meth:`PlayerView.of`) and keeps no hidden card, not even
privately. The *unseen* cards (:attr:`PlayerView.unseen`) are the ones the view does not
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

``parse_view(format_view(v)) == v`` for every valid view ``v``. :func:`parse_view` also
reads a full position (face-down cards named) and hides what the player cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from ..engine.cards import SUIT_LETTERS, Card, Suit, card_code, parse_card, parse_suit
from ..engine.hints import hint_moves
from ..engine.notation import NotationError, notation_lines, parse_position
from ..engine.position import COLUMNS, Move, Position, settle_column
from ..engine.variants import SCORPION, VARIANTS, Variant, variant_by_id

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
        columns: for each of the seven columns, its face-up cards, bottom to top.
        face_down: for each column, how many face-down cards lie under them.
        stock: how many cards are still in the stock (3 or 0).
        runs: the suits of the removed runs, in the order they were removed.
        variant: the variant whose rules apply.
    """

    columns: tuple[tuple[Card, ...], ...]
    face_down: tuple[int, ...]
    stock: int
    runs: tuple[Suit, ...]
    variant: Variant = SCORPION

    @classmethod
    def of(cls, position: Position) -> PlayerView:
        """Return what a player sees of ``position`` (its face-down and stock cards dropped).

        Raises:
            ViewError: for a game the advisor does not play yet: those with more columns,
                reserves, free cells or runs in alternate colours (see
                :attr:`~scorpion.engine.variants.Variant.is_classic`).
        """
        if not position.variant.is_classic:
            raise ViewError(f"the advisor does not play {position.variant.name} yet")
        return cls(
            tuple(col[fd:] for col, fd in zip(position.columns, position.face_down, strict=True)),
            position.face_down,
            len(position.stock),
            position.runs,
            position.variant,
        )

    @property
    def hidden(self) -> int:
        """How many cards are hidden: face down or in the stock."""
        return sum(self.face_down) + self.stock

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards the view does not show, in card order (where they lie is unknown)."""
        shown = {c for col in self.columns for c in col}
        shown.update(c for s in self.runs for c in range(s * 13, s * 13 + 13))
        return tuple(c for c in range(52) if c not in shown)

    def realize(self, cards: Sequence[Card]) -> Position:
        """Return the position with ``cards`` put into the hidden places.

        Args:
            cards: one card per hidden place, in this order: column 1's face-down cards
                bottom to top, then column 2's, ..., column 7's, then the stock in dealing
                order. Any order of :attr:`unseen` gives a position this view allows.

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
            Position, (columns, self.face_down, stock, self.runs, self.variant, ())
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
        if len(self.columns) != COLUMNS or len(self.face_down) != COLUMNS:
            raise ViewError(f"a view has {COLUMNS} columns, not {len(self.columns)}")
        seen: dict[Card, str] = {}
        for i, (col, fd) in enumerate(zip(self.columns, self.face_down, strict=True)):
            where = f"column {i + 1}"
            for card in col:
                if not (isinstance(card, int) and 0 <= card < 52):
                    raise ViewError(f"{where}: {card!r} is not a card")
                if card in seen:
                    raise ViewError(
                        f"{where}: {card_code(card)} appears twice (also in {seen[card]})"
                    )
                seen[card] = where
                if card // 13 in self.runs:
                    raise ViewError(f"{where}: {card_code(card)} is in a removed run")
            if fd < 0 or (fd and not col):
                raise ViewError(f"{where}: its top card must be face up (R10)")
            if settle_column(col, 0)[2]:
                raise ViewError(
                    f"{where}: ends in a completed run that should have been removed (R12)"
                )
        if self.stock not in (0, 3):
            raise ViewError(f"the stock holds 3 cards or none, not {self.stock}")
        if len(set(self.runs)) != len(self.runs) or not all(0 <= s < 4 for s in self.runs):
            raise ViewError("each suit's run can be removed only once")
        total = len(seen) + 13 * len(self.runs) + self.hidden
        if total != 52:
            raise ViewError(
                f"{len(seen)} face-up cards, {13 * len(self.runs)} in removed runs and "
                f"{self.hidden} hidden make {total}, not 52"
            )


def format_view(view: PlayerView, title: str | None = None) -> str:
    """Return the text form of ``view`` (see the module docstring), ending with a newline."""
    lines = [f"# {part}" for part in title.splitlines()] if title else []  # one comment each
    if view.variant is not SCORPION:
        lines.append(f"variant: {view.variant.id}")
    for i, (col, fd) in enumerate(zip(view.columns, view.face_down, strict=True)):
        parts = [f"[{' '.join(HIDDEN * fd)}]"] if fd else []
        parts.extend(card_code(c) for c in col)
        lines.append(f"{i + 1}: {' '.join(parts)}".rstrip())
    lines.append(f"stock: {' '.join(HIDDEN * view.stock) or '-'}")
    lines.append(f"runs: {' '.join(SUIT_LETTERS[s] for s in view.runs) or '-'}")
    return "\n".join(lines) + "\n"


def parse_view(text: str, variant: Variant | str | None = None) -> PlayerView:
    """Read a view in its text form, or a full position (whose hidden cards it drops).

    A text with no ``?`` is read as a position (:func:`scorpion.engine.parse_position`)
    and the player's view of it returned.

    Args:
        text: the text.
        variant: the variant (or its id) when the text has no ``variant:`` line (default
            Scorpion); a text naming another variant is an error.

    Raises:
        ViewError: naming the line and the problem; for a game the advisor does not play
            (given, or named by the text's ``variant:`` line), saying so first.
        UnknownVariantError: if ``variant`` is an id no variant has.
    """
    if isinstance(variant, str):
        variant = variant_by_id(variant)
    _check_advised(variant)
    if HIDDEN not in text:
        try:
            return PlayerView.of(parse_position(text, variant))
        except NotationError as exc:
            raise _view_error(exc) from None
    columns: dict[int, tuple[tuple[Card, ...], int]] = {}
    parts: dict[str, int] = {}
    stock = 0
    runs: tuple[Suit, ...] = ()
    named: Variant | None = None
    try:
        lines = list(notation_lines(text))
    except NotationError as exc:
        raise _view_error(exc) from None
    for number, key, value in lines:  # the game first: a wider one's columns are not read
        if key == "variant" and value.strip() in VARIANTS:
            _check_advised(VARIANTS[value.strip()], number)
    for number, key, value in lines:
        if key.isascii() and key.isdigit():
            index = int(key)
            if not 1 <= index <= COLUMNS:
                raise ViewError(
                    f"there is no column {index} (columns are 1-{COLUMNS}: the advisor plays "
                    "Scorpion, Scorpion II, Wasp, Wasp II and the strict stock only)", number
                )
            if index in columns:
                raise ViewError(f"column {index} is given twice", number)
            columns[index] = _parse_column(value, number)
            continue
        if key in parts:
            raise ViewError(f"'{key}:' is given twice", number)
        parts[key] = number
        if key == "stock":
            tokens = value.split()
            if tokens != ["-"] and any(t != HIDDEN for t in tokens):
                raise ViewError("the stock of a view is '? ? ?' or '-'", number)
            stock = 0 if tokens == ["-"] else len(tokens)
        elif key == "runs":
            try:
                runs = tuple(parse_suit(t) for t in value.split()) if value.strip() != "-" else ()
            except ValueError as exc:
                raise ViewError(str(exc), number) from None
        elif key == "variant":
            try:
                named = variant_by_id(value.strip())
            except ValueError as exc:
                raise ViewError(str(exc), number) from None
            if variant is not None and named is not variant:
                raise ViewError(f"the text is for variant {named.id!r}, not {variant.id!r}", number)
        else:
            raise ViewError(f"unknown line {key!r}: expected 1-7, stock, runs or variant", number)
    missing = [f"{i}:" for i in range(1, COLUMNS + 1) if i not in columns]
    if missing:
        raise ViewError(f"missing column line(s): {', '.join(missing)}")
    for needed in ("stock", "runs"):
        if needed not in parts:
            raise ViewError(f"missing the '{needed}:' line (write '{needed}: -' for none)")
    view = PlayerView(
        tuple(columns[i][0] for i in range(1, COLUMNS + 1)),
        tuple(columns[i][1] for i in range(1, COLUMNS + 1)),
        stock,
        runs,
        named or variant or SCORPION,
    )
    view.check()
    return view


def _check_advised(variant: Variant | None, line: int | None = None) -> None:
    """Raise :class:`ViewError` for a game the advisor does not play (see
    :meth:`PlayerView.of`)."""
    if variant is not None and not variant.is_classic:
        raise ViewError(f"the advisor does not play {variant.name} yet", line)


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
