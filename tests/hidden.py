"""Test helper: the cards a position hides, and the card codes a text names, for the
checks that no answer tells a hidden card (F10)."""

from __future__ import annotations

import re

from scorpion.engine import Position, card_code

CARD_CODE = re.compile(r"\b[A2-9TJQK][CDHS]\b")
"""A card code standing alone ("7H", inside a longer string too)."""


def codes_named(text: str) -> set[str]:
    """Every card code written in ``text`` (an answer's body, a saved game as JSON)."""
    return set(CARD_CODE.findall(text))


def hidden_cards(position: Position) -> tuple[set[str], set[str]]:
    """The codes of the face-down cards and of the stock cards of ``position``."""
    down = {
        card_code(c)
        for col, fd in zip(position.columns, position.face_down, strict=True)
        for c in col[:fd]
    }
    return down, {card_code(c) for c in position.stock}
