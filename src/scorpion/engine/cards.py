"""Cards and their codes (R1).

A card is a plain ``int`` from 0 to 51: ``suit * 13 + rank_index`` where the suits are
numbered clubs 0, diamonds 1, hearts 2, spades 3 and ``rank_index`` runs from 0 (Ace) to
12 (King). Plain ints keep positions small, hashable and fast to compare; this module turns
them into the public card codes (``"7H"``, ``"TS"``, ``"KC"``) and spoken names
(``"seven of hearts"``) and back.

The encoding has one property the rules lean on: card ``c`` may be placed on card ``c + 1``
exactly when ``c`` is not a King (R7, R8), because ``c + 1`` is then the next rank of the
same suit.
"""

from __future__ import annotations

from typing import Final, TypeAlias

Card: TypeAlias = int
"""A card: an int from 0 to 51 (``suit * 13 + rank_index``)."""

Suit: TypeAlias = int
"""A suit: 0 clubs, 1 diamonds, 2 hearts, 3 spades."""

SUIT_LETTERS = "CDHS"
"""Suit letters of the card codes, indexed by :data:`Suit`."""

RANK_LETTERS = "A23456789TJQK"
"""Rank letters of the card codes, indexed by rank index (0 = Ace, 12 = King)."""

SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = (
    "ace", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "jack", "queen", "king",
)

ACE: Final = 0
KING: Final = 12
DECK: tuple[Card, ...] = tuple(range(52))
"""All 52 cards in code order."""

_CODES: tuple[str, ...] = tuple(r + s for s in SUIT_LETTERS for r in RANK_LETTERS)
_BY_CODE: dict[str, Card] = {code: i for i, code in enumerate(_CODES)}


class CardError(ValueError):
    """Raised for a text that is not a card code or suit letter."""


def suit_of(card: Card) -> Suit:
    """Return the suit (0-3, clubs, diamonds, hearts, spades) of ``card``."""
    return card // 13


def rank_of(card: Card) -> int:
    """Return the rank of ``card`` from 1 (Ace) to 13 (King)."""
    return card % 13 + 1


def make_card(rank: int, suit: Suit) -> Card:
    """Return the card of ``rank`` (1 = Ace .. 13 = King) and ``suit`` (0-3).

    Raises:
        CardError: if the rank or suit is out of range.
    """
    if not 1 <= rank <= 13 or not 0 <= suit <= 3:
        raise CardError(f"no card of rank {rank} and suit {suit}")
    return suit * 13 + rank - 1


def card_code(card: Card) -> str:
    """Return the two-letter code of ``card``: rank ``A23456789TJQK`` + suit ``CDHS``."""
    return _CODES[card]


def card_name(card: Card) -> str:
    """Return the spoken name of ``card``, e.g. ``"seven of hearts"`` (for screen readers)."""
    return f"{RANK_NAMES[card % 13]} of {SUIT_NAMES[card // 13]}"


def parse_card(text: str) -> Card:
    """Return the card whose code is ``text`` (``"7H"``, ``"TS"``; letters in any case).

    Raises:
        CardError: if ``text`` is not one of the 52 card codes; the message quotes it.
    """
    # ASCII only: str.upper() would turn a long s (U+017F) into S.
    card = _BY_CODE.get(text.upper()) if text.isascii() else None
    if card is None:
        raise CardError(
            f"unknown card {text!r} (a card is a rank A23456789TJQK followed by a suit CDHS)"
        )
    return card


def parse_suit(text: str) -> Suit:
    """Return the suit whose letter is ``text`` (``C``, ``D``, ``H`` or ``S``).

    Raises:
        CardError: for any other text.
    """
    index = SUIT_LETTERS.find(text.upper()) if len(text) == 1 and text.isascii() else -1
    if index < 0:
        raise CardError(f"unknown suit {text!r} (a suit is one of C, D, H, S)")
    return index


def run_of(suit: Suit) -> tuple[Card, ...]:
    """Return the completed run of ``suit``: King down to Ace, bottom to top (R12)."""
    return tuple(range(suit * 13 + 12, suit * 13 - 1, -1))
