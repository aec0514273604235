"""A player's sentences for the engine's refusals (F10 wording kept).

The engine says why a move is illegal in the words of the specification, citing the rule
(``"8D-2: 8D may only be placed on 9D, not on QS (R7)"``). The page shows a player a
sentence instead (``"The 8 of diamonds can only go on the 9 of diamonds, not on the queen
of spades."``); the rule id goes apart, in the answer's ``rule`` field.

The sentence is made from the engine's reason only, so it names exactly the cards the
reason names: the moved card, the card the rule asks for (which follows from the move)
and the exposed card of the target column. A face-down card and a stock card get one and
the same sentence, as they get one and the same reason (F10).
"""

from __future__ import annotations

import re

from ..engine import IllegalMoveError, card_code, parse_card
from ..engine.cards import is_red
from ..engine.position import NOT_FACE_UP

_RANK_WORDS = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}
_SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
_CODE = r"([A2-9TJQK][CDHS])"

FACE_DOWN_SENTENCE = "Only a face-up card can be moved."
"""The one sentence for a card that is face down or in the stock (F10)."""


def card_words(code: str) -> str:
    """A card as a player says it: ``"8D"`` -> ``"the 8 of diamonds"``, ``"QS"`` ->
    ``"the queen of spades"``, ``"TH"`` -> ``"the 10 of hearts"``.

    Raises:
        CardError: if ``code`` is not a card code.
    """
    parse_card(code)  # raises for a bad code
    rank = _RANK_WORDS.get(code[0].upper(), code[0])
    return f"the {rank} of {_SUIT_WORDS[code[1].upper()]}"


def rank_word(card: int) -> str:
    """The rank of ``card`` (0-51) as a player says it: ``"9"``, ``"queen"``.

    Raises:
        CardError: if ``card`` is not from 0 to 51.
    """
    code = card_code(card)
    return _RANK_WORDS.get(code[0], code[0])


def colour_hosts(card: int) -> tuple[int, ...]:
    """The cards one rank higher of the other colour, on which ``card`` (not a King) may
    go in the games that build in alternate colours (9C and 9S for a red 8)."""
    rank = card % 13
    suits = (0, 3) if is_red(card) else (1, 2)
    return tuple(s * 13 + rank + 1 for s in suits)


def other_colour(card: int) -> str:
    """``"a black"`` for a red card, ``"a red"`` for a black one."""
    return "a black" if is_red(card) else "a red"


def _colour_sentence(code: str, hosts: str, target: str) -> str:
    card = parse_card(code)
    named = " or ".join(card_words(card_code(h)) for h in colour_hosts(card))
    return (
        f"{card_words(code)} can only go on {other_colour(card)} {rank_word(card + 1)} "
        f"({named}), not on {card_words(target)}."
    )


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


_SENTENCES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"^{_CODE} may only be placed on {_CODE}, not on {_CODE} \(R7\)$"),
     "{0} can only go on {1}, not on {2}."),
    (re.compile(rf"^nothing may be placed on an Ace \({_CODE}\) \(R8\)$"),
     "Nothing can go on an ace: {0} ends its run."),
    (re.compile(r"^a King may not be placed on another card, only in an empty column \(R8\)$"),
     "A king cannot go on another card, only into an empty column."),
    (re.compile(r"^only a King or a group led by a King may fill an empty column \(R9\)$"),
     "Only a king, with the cards on it, can go into an empty column."),
    (re.compile(rf"^{_CODE} is already in column (\d+); a move goes to another column \(R6\)$"),
     "{0} is already in column {1}: choose another column."),
    (re.compile(rf"^{_CODE} is not in the tableau \(its run was removed, R12\)$"),
     "{0} is no longer on the table: its run is complete."),
    (re.compile(r"^there is no column (\d+) \(R2\)$"),
     "There is no column {0} in this game."),
    (re.compile(r"^cards are played from the reserve, never onto it \(V2\)$"),
     "Cards are played from the reserve, never onto it: move this card to a column."),
    (re.compile(r"^this game has no free cells \(V2\)$"),
     "This game has no free cells."),
    (re.compile(r"^there is no free cell f(\d+) \(V2\)$"),
     "There is no free cell {0} in this game."),
    (re.compile(r"^free cell f(\d+) already holds a card \(V2\)$"),
     "Free cell {0} already holds a card: a free cell takes one card."),
    (re.compile(r"^only the exposed card of a column may go onto a free cell \(V2\)$"),
     "Only the top card of a column can go into a free cell, one card at a time."),
    (re.compile(r"^the stock is not dealt; it refills emptied columns \(V2\)$"),
     "This stock is not dealt: it refills, three cards at a time, each column a move "
     "empties."),
    (re.compile(r"^this game has no stock \(V2\)$"),
     "This game has no stock to deal."),
    (re.compile(r"^the stock has already been dealt \(R11\)$"),
     "The stock has already been dealt: there is no second deal."),
    (re.compile(r"^the stock may not be dealt while a column is empty \(strict stock, V2\)$"),
     "In this variant the stock can be dealt only when no column is empty."),
]


_COLOUR = re.compile(
    rf"^{_CODE} may only be placed on a card one rank higher of the other colour "
    rf"\(({_CODE[1:-1]}(?: or {_CODE[1:-1]})*)\), not on {_CODE} \(R7, V2\)$"
)
"""The engine's refusal in the games that build in alternate colours (Scorpion Tail)."""


def refusal_sentence(reason: str) -> str:
    """The player's sentence for an engine refusal ``reason`` (without the move's prefix).

    A reason this module does not know yet still reads as a sentence: its rule id is
    dropped, its first letter capitalised, a full stop added.
    """
    if reason == NOT_FACE_UP:
        return FACE_DOWN_SENTENCE
    colour = _COLOUR.match(reason)
    if colour:
        return _cap(_colour_sentence(*colour.groups()))
    for pattern, template in _SENTENCES:
        match = pattern.match(reason)
        if match:
            parts = [card_words(g) if re.fullmatch(_CODE, g) else g for g in match.groups()]
            return _cap(template.format(*parts))
    plain = re.sub(r"\s*\((?:[^()]*, )?[RV]\d+\)$", "", reason).strip()
    plain = re.sub(rf"\b{_CODE}\b", lambda m: card_words(m.group(1)), plain)
    return _cap(plain.rstrip(".")) + "."


def refusal_of(exc: IllegalMoveError) -> str:
    """The player's sentence for an :class:`IllegalMoveError`."""
    return refusal_sentence(exc.reason)


__all__ = [
    "FACE_DOWN_SENTENCE", "card_words", "colour_hosts", "other_colour", "rank_word",
    "refusal_of", "refusal_sentence",
]
