"""Random positions of the family's games, shared by the solver's property tests."""

from __future__ import annotations

import random

from scorpion.engine import Position, Variant, deal


def random_position(variant: Variant, seed: int) -> Position:
    """A position some random moves (20 to 79, fewer if none is left) into deal ``seed + 1``
    of ``variant``: often small enough to search to the end."""
    rng = random.Random(seed)
    p = deal(seed + 1, variant)
    for _ in range(rng.randrange(20, 80)):
        moves = p.legal_moves()
        if not moves:
            break
        p = p.apply(rng.choice(moves))
    return p
