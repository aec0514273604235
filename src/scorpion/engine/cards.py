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
    """Return the two-letter code of ``card`` (0-51): rank ``A23456789TJQK`` + suit ``CDHS``.

    Raises:
        CardError: if ``card`` is not 0-51.
    """
    if isinstance(card, bool) or not 0 <= card < 52:
        raise CardError(f"{card!r} is not a card (cards are 0-51)")
    return _CODES[card]


def card_name(card: Card) -> str:
    """Return the spoken name of ``card`` (0-51), e.g. ``"seven of hearts"`` (for screen
    readers).

    Raises:
        CardError: if ``card`` is not 0-51.
    """
    if isinstance(card, bool) or not 0 <= card < 52:
        raise CardError(f"{card!r} is not a card (cards are 0-51)")
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


def is_red(card: Card) -> bool:
    """True for diamonds and hearts, False for clubs and spades."""
    return card // 13 in (1, 2)


RunId: TypeAlias = int
"""A removed run: 0-3 for the same-suit run of that suit (King to Ace of clubs, diamonds,
hearts or spades); from 4 on, a run in alternate colours (Scorpion Tail's), see
:func:`run_id`."""


def run_id(cards: tuple[Card, ...]) -> RunId:
    """Return the id of the run ``cards`` (13 cards, King first, bottom to top).

    A same-suit run is its suit (0-3). A run in alternate colours is
    ``4 + king_is_red + 2 * flags``, where bit ``k`` of ``flags`` is set when the card of
    rank ``13 - k`` is of the second suit of its colour (spades among the black suits,
    hearts among the red ones).

    Raises:
        CardError: if ``cards`` is neither kind of run.
    """
    if len(cards) != 13 or [c % 13 for c in cards] != list(range(12, -1, -1)):
        raise CardError("a run is 13 cards from King down to Ace")
    suits = [c // 13 for c in cards]
    if len(set(suits)) == 1:
        return suits[0]
    reds = [s in (1, 2) for s in suits]
    if any(reds[k] == reds[k + 1] for k in range(12)):
        raise CardError("a run is of one suit, or of alternate colours")
    flags = sum(1 << k for k, s in enumerate(suits) if s in (2, 3))
    return 4 + int(reds[0]) + 2 * flags


def run_cards(run: RunId) -> tuple[Card, ...]:
    """Return the 13 cards of the run ``run`` (see :func:`run_id`), King first.

    Raises:
        CardError: if ``run`` is not a run id.
    """
    if 0 <= run < 4:
        return run_of(run)
    if not 4 <= run < 4 + 2 * (1 << 13):
        raise CardError(f"{run!r} is not a run")
    red = (run - 4) & 1
    flags = (run - 4) >> 1
    cards = []
    for k in range(13):
        red_here = red ^ (k & 1)
        second = (flags >> k) & 1
        suit = (2 if second else 1) if red_here else (3 if second else 0)
        cards.append(suit * 13 + 12 - k)
    return tuple(cards)


def run_code(run: RunId) -> str:
    """Return the notation of a removed run: its suit letter (``"H"``) for a same-suit
    run, its 13 card codes joined by dots (``"KH.QS.JD...AH"``) for one in alternate colours.

    Raises:
        CardError: if ``run`` is no run (as for :func:`run_cards`).
    """
    if 0 <= run < 4:
        return SUIT_LETTERS[run]
    return ".".join(card_code(c) for c in run_cards(run))


def parse_run(text: str) -> RunId:
    """Read a run written by :func:`run_code`.

    Raises:
        CardError: if ``text`` is neither a suit letter nor 13 dotted card codes of a run.
    """
    if "." not in text:
        return parse_suit(text)
    return run_id(tuple(parse_card(t) for t in text.split(".")))
