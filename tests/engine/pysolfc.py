"""PySolFC's shuffle of one deck, computed with the ``pysol-cards`` package: the independent
reference the deal tests compare the engine with."""

from __future__ import annotations

from pysol_cards.cards import createCards, ms_rearrange
from pysol_cards.random import LCRandom31, MTRandom

RANKS = "A23456789TJQK"


def talon(number: int, ms: bool = False) -> list[str]:
    """The cards of PySolFC's deal ``number`` as card codes, in the order PySolFC's talon
    holds them (the last is dealt first): Microsoft's generator below 32000 (or for an
    ``ms`` number), the Mersenne Twister from 32000 on."""
    cards = createCards(1)  # PySolFC order: clubs, spades, hearts, diamonds; Ace..King
    if ms or number < 32000:
        rng: LCRandom31 | MTRandom = LCRandom31()
        rng.setSeed(number)
        cards = ms_rearrange(cards)
    else:
        rng = MTRandom()
        rng.setSeed(number)
    return [RANKS[c.rank - 1] + "CSHD"[c.suit] for c in rng.shuffle(list(cards))]
