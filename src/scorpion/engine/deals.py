"""Numbered deals, the same as PySolFC's for the same game (R5).

Algorithm (written from the description of PySolFC's ``pysollib/pysolrandom.py`` and
``pysollib/games/spider.py``; checked against the ``pysol-cards`` package in the tests):

1. A deal number is text: ``ms`` followed by digits forces Microsoft's generator;
   otherwise digits N >= 1, optionally after ``#``, the digits grouped by spaces,
   commas or underscores, which are dropped (``1 234``, ``1,234``, as PySolFC drops
   them). Digits are the ASCII digits 0-9 only; anything else is refused, ``.`` and
   ``-`` too, which PySolFC would drop (``5.0`` is not deal 50, ``-5`` not deal 5).
2. The deck is created ace to king of clubs, spades, hearts, diamonds (PySolFC's order).
3. For 1 <= N < 32000 (or with ``ms``) the deck is first re-ordered by rank, then suit
   clubs, diamonds, hearts, spades, and shuffled with the Microsoft FreeCell linear
   congruential generator: ``state = (state * 214013 + 2531011) mod 2**31``, value
   ``state >> 16`` (15 bits), ``j = value mod (n + 1)``. For N >= 32000, CPython's
   Mersenne Twister (:class:`random.Random`) seeded with N gives
   ``j = int(random() * (n + 1))``; its algorithm is fixed by CPython's documented
   seeding of integers, so deals do not change between Python versions.
4. Fisher-Yates from the end: for n from 51 down to 1, swap positions n and j.
5. The last card of the shuffled list is dealt first. In Scorpion: seven rows left to right
   onto columns 1-7, the first three rows face down on the variant's face-down columns (R3);
   the three cards left are the stock, dealt later onto columns 1, 2, 3 in the order they
   come off the pile (R4, R11). The other games of the family deal their own rows, as
   PySolFC's ``startGame`` of each does (:attr:`Variant.rows`).
"""

from __future__ import annotations

import random
import re
from typing import NamedTuple

from .cards import Card
from .position import ASCII_SPACE, EMPTY_CELL, Position
from .variants import SCORPION, Variant, variant_by_id

MS_LIMIT = 32000
"""Deal numbers below this use Microsoft's generator; from it on, the Mersenne Twister."""

MAX_DEAL = 10**20
"""The largest deal number (PySolFC's limit for the Mersenne Twister)."""

MAX_MS_DEAL = 2**33 - 1
"""The largest deal number with the ``ms`` prefix (PySolFC's limit for that generator)."""

# PySolFC's suit order is clubs, spades, hearts, diamonds; ours (card codes) is C D H S.
_PYSOL_SUIT_TO_OURS = (0, 3, 2, 1)
_PYSOL_DECK: tuple[Card, ...] = tuple(
    _PYSOL_SUIT_TO_OURS[s] * 13 + r for s in range(4) for r in range(13)
)
# Microsoft order: by rank, then suit clubs, diamonds, hearts, spades.
_MS_DECK: tuple[Card, ...] = tuple(s * 13 + r for r in range(13) for s in range(4))

_MS_FORM = re.compile(r"ms([0-9]+)", re.IGNORECASE)
_PLAIN_FORM = re.compile(r"#? *([0-9]+(?:[ ,_]+[0-9]+)*)")
_GROUPING = re.compile(r"[ ,_]")
_FORMS = (
    "digits 0-9, grouped by spaces, commas or underscores if you like, or 'ms' + digits "
    "for Microsoft's deal of that number, as PySolFC deals it"
)


class DealNumberError(ValueError):
    """Raised for text that is not a deal number, or a number out of range."""


class DealNumber(NamedTuple):
    """A deal number: the integer and whether Microsoft's generator is forced (``ms``).

    ``str()`` gives the canonical text (``"617"``, ``"ms40000"``) that :meth:`parse`
    reads back. ``ms`` only matters from 32000 on, so it is normalised off below that.
    """

    number: int
    ms: bool = False

    def __str__(self) -> str:
        return f"ms{self.number}" if self.ms and self.number >= MS_LIMIT else str(self.number)

    @property
    def uses_ms_generator(self) -> bool:
        """True when the deal is shuffled with Microsoft's generator."""
        return self.ms or self.number < MS_LIMIT

    @classmethod
    def parse(cls, text: str | int) -> DealNumber:
        """Read a deal number: an int, digits (``"617"``, ``"#617"``, ``"1 234"``) or
        ``ms`` + digits. Digits are ASCII 0-9 only; ``"5.0"`` is not a deal number.

        Raises:
            DealNumberError: for anything else (naming the first character that is not
                allowed), for 0 and negative numbers, and for numbers above
                :data:`MAX_DEAL` (or :data:`MAX_MS_DEAL` with ``ms``).
        """
        if isinstance(text, bool) or not isinstance(text, (int, str)):
            raise DealNumberError(f"not a deal number: {_cut(repr(text))} ({_FORMS})")
        if isinstance(text, int):
            # Compared before it is written out: Python writes no more than 4,300 digits.
            if text.bit_length() > 128:
                if text < 0:
                    raise DealNumberError("deal numbers start at 1, not a negative number")
                raise _above(f"of {text.bit_length() * 30103 // 100000 + 1} digits", MAX_DEAL)
            return cls._checked(text, ms=False, text=str(text))
        raw = text.strip(ASCII_SPACE)
        m = _MS_FORM.fullmatch(raw)
        if m:
            return cls._checked(_whole(m.group(1), MAX_MS_DEAL, raw), ms=True, text=raw)
        negative = raw.startswith("-")
        body = raw[1:].lstrip(" ") if negative else raw
        m = _PLAIN_FORM.fullmatch(body)
        if m is None:
            raise DealNumberError(
                f"not a deal number: {_cut(repr(text))}{_bad_part(body)} ({_FORMS})"
            )
        digits = _GROUPING.sub("", m.group(1))
        if negative:
            raise DealNumberError(f"deal numbers start at 1, not {_cut('-' + digits)}")
        return cls._checked(_whole(digits, MAX_DEAL, raw), ms=False, text=raw)

    @classmethod
    def _checked(cls, number: int, ms: bool, text: str) -> DealNumber:
        if number < 1:
            raise DealNumberError(f"deal numbers start at 1, not {number}")
        limit = MAX_MS_DEAL if ms else MAX_DEAL
        if number > limit:
            raise _above(text, limit)
        return cls(number, ms and number >= MS_LIMIT)


def _whole(digits: str, limit: int, text: str) -> int:
    """The number that ``digits`` (ASCII 0-9) write, read only when it can be at most
    ``limit``: Python refuses to read more than 4,300 digits (a plain ValueError), and a
    long run of them is no deal number anyway.

    Raises:
        DealNumberError: the digits, leading zeros aside, are more than ``limit`` has.
    """
    significant = digits.lstrip("0")
    if len(significant) > len(str(limit)):
        raise _above(text, limit)
    return int(significant or "0")


def _above(text: str, limit: int) -> DealNumberError:
    """The error for a deal number above ``limit``, its text cut (:func:`_cut`)."""
    return DealNumberError(f"deal number {_cut(text)} is above the largest, {limit}")


def _cut(text: str) -> str:
    """``text`` as an error message says it back: whole up to 40 characters, else its
    first 40 and its length."""
    return text if len(text) <= 40 else f"{text[:40]}... ({len(text)} characters)"


def _at_most(limit: int, sep: str) -> str:
    """A regular expression for the whole numbers 1 to ``limit`` without leading zeros,
    ``sep`` allowed between any two digits."""
    digits = str(limit)
    n = len(digits)
    any_digit = f"(?:{sep}[0-9])" if sep else "[0-9]"
    options = []
    if n > 1:  # fewer digits than the limit
        options.append(f"[1-9]{any_digit}{{0,{n - 2}}}")
    for i, d in enumerate(digits):  # the limit's first i digits, then a smaller one
        low = 1 if i == 0 else 0
        if int(d) <= low:
            continue
        prefix = sep.join(digits[:i]) + (sep if i else "")
        rest = f"{any_digit}{{{n - i - 1}}}" if n - i - 1 else ""
        options.append(f"{prefix}[{low}-{int(d) - 1}]{rest}")
    options.append(sep.join(digits))
    return "(?:" + "|".join(options) + ")"


_SPACE = "[ \\t\\n\\r\\f\\v]*"
DEAL_PATTERN = (
    f"^{_SPACE}(?:#? *(?:0[ ,_]*)*{_at_most(MAX_DEAL, '[ ,_]*')}"
    f"|[mM][sS]0*{_at_most(MAX_MS_DEAL, '')}){_SPACE}$"
)
"""A regular expression (Python and JSON Schema alike) matching exactly the texts that
:meth:`DealNumber.parse` reads as a deal number: every range check included."""


def _bad_part(text: str) -> str:
    """What is wrong with ``text`` as a plain deal number, for the error message."""
    if not text:
        return ": it is empty"
    if text[:2].lower() == "ms":
        text = text[2:]
        if not text:
            return ": digits must follow 'ms'"
        for ch in text:
            if ch not in "0123456789":
                return f": {ch!r} is not allowed after 'ms'"
    for ch in text:
        if ch not in "0123456789 ,_#":
            return f": {ch!r} is not allowed"
    rest = text[1:].lstrip(" ") if text.startswith("#") else text
    if "#" in rest:
        return ": '#' may only come first"
    if not rest:
        return ": digits must follow '#'"
    return ": spaces, commas and underscores may only stand between digits"


class _MsGenerator:
    """Microsoft's FreeCell generator as PySolFC extends it for seeds up to 2**33 - 1."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.state = seed if seed < 2**32 else seed - 2**32

    def next_value(self) -> int:
        self.state = (self.state * 214013 + 2531011) & MAX_MS_DEAL
        if self.seed < 2**32:
            value = (self.state >> 16) & 0x7FFF
            return value | 0x8000 if self.seed >= 2**31 else value
        return ((self.state >> 16) & 0xFFFF) + 1


def shuffled_deck(number: DealNumber | int | str) -> list[Card]:
    """Return the shuffled deck of deal ``number``; the last card is dealt first.

    Raises:
        DealNumberError: if ``number`` is not a valid deal number.
    """
    if isinstance(number, DealNumber):
        # Built by hand, it has not been checked: the same checks as a number read.
        deal_number = DealNumber.parse(number.number)
        if number.ms:
            deal_number = DealNumber.parse(f"ms{deal_number.number}")
    else:
        deal_number = DealNumber.parse(number)
    n = deal_number.number
    if deal_number.uses_ms_generator:
        deck = list(_MS_DECK)
        gen = _MsGenerator(n)
        for i in range(len(deck) - 1, 0, -1):
            j = gen.next_value() % (i + 1)
            deck[i], deck[j] = deck[j], deck[i]
    else:
        deck = list(_PYSOL_DECK)
        rng = random.Random(n)
        for i in range(len(deck) - 1, 0, -1):
            j = int(rng.random() * (i + 1))
            deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal(number: DealNumber | int | str, variant: Variant | str = SCORPION) -> Position:
    """Return the first position of deal ``number`` in ``variant`` (R2-R5, V2).

    ``variant`` is a :class:`Variant` or its id (``"scorpion-head"``).

    The shuffled deck (:func:`shuffled_deck`) is dealt as PySolFC's ``startGame`` of that
    game deals it: the rows of :attr:`Variant.rows` from the first, each left to right,
    then one card to each reserve if the game deals them; the rest is the stock in the
    order it comes off the pile.

    Raises:
        DealNumberError: if ``number`` is not a valid deal number (0, negative, too large,
            not digits).
        UnknownVariantError: if ``variant`` is an id no variant has.
    """
    if isinstance(variant, str):
        variant = variant_by_id(variant)
    pile = shuffled_deck(number)
    columns: list[list[Card]] = [[] for _ in range(variant.columns)]
    for row in variant.rows:
        for col, letter in zip(columns, row, strict=True):
            if letter != ".":
                col.append(pile.pop())
    cells: tuple[Card, ...] = ()
    if variant.cells:
        cells = tuple(
            pile.pop() if variant.cells_dealt else EMPTY_CELL for _ in range(variant.cells)
        )
    stock = tuple(pile.pop() for _ in range(len(pile)))
    return Position(
        tuple(tuple(c) for c in columns), variant.face_down_start, stock, (), variant, cells
    )


def start_shows(variant: Variant | str) -> frozenset[int]:
    """The places in the shuffled deck of the cards that the first position of ``variant``
    shows: face up in a column, or in a reserve or free cell.

    A place counts the cards dealt before it (0: the first card dealt, the last of
    :func:`shuffled_deck`). Every variant deals deal N from the same shuffled deck in this
    order, so the places tell, for every deal number at once, which of its cards a game's
    start shows and which it hides (face down, or in the stock).

    Raises:
        UnknownVariantError: if ``variant`` is an id no variant has.
    """
    if isinstance(variant, str):
        variant = variant_by_id(variant)
    shown: set[int] = set()
    place = 0
    for row in variant.rows:
        for letter in row:
            if letter == ".":
                continue
            if letter == "U":
                shown.add(place)
            place += 1
    if variant.cells and variant.cells_dealt:
        shown.update(range(place, place + variant.cells))
    return frozenset(shown)


def start_reveals(shown_in: Variant | str, played_in: Variant | str) -> bool:
    """True if, on every deal number, the first position of ``shown_in`` shows a card that
    the first position of ``played_in`` hides (face down or in the stock): having seen the
    one, a player knows a hidden card of the other (F10). False for the same variant, and
    for one whose start shows no card the other hides (Scorpion and Wasp deal alike; Scorpion
    shows nothing that Scorpion II hides).

    Raises:
        UnknownVariantError: if either is an id no variant has.
    """
    return not start_shows(shown_in) <= start_shows(played_in)
