"""Positions for the advisor's tests: random play from random deals of every variant."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from scorpion.engine import VARIANTS, Position, deal


@st.composite
def positions(draw: st.DrawFn, most_moves: int = 60) -> Position:
    """A position reached by up to ``most_moves`` random moves from a random deal of a
    random game of the family."""
    variant = draw(st.sampled_from(list(VARIANTS.values())))
    position = deal(draw(st.integers(1, 10**6)), variant)
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, most_moves))):
        moves = position.legal_moves()
        if not moves:
            break
        position = position.apply(rng.choice(moves))
    return position
