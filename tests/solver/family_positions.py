"""Random positions of the family's games, shared by the solver's property tests."""

from __future__ import annotations

import random

from scorpion.engine import Position, Variant, deal
from scorpion.solver.core import RESERVE, Board


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


def walked(rng: random.Random, p: Position, steps: int) -> Position:
    """``p`` after up to ``steps`` random legal moves (fewer only when none is left)."""
    for _ in range(steps):
        moves = p.legal_moves()
        if not moves:
            break
        p = p.apply(rng.choice(moves))
    return p


def board_state(board: Board) -> tuple[object, ...]:
    """Everything on the solver core's board; checks that ``col_of`` agrees with the
    columns and the reserves or free cells."""
    col_of = [
        RESERVE if c in board.reserve
        else next((i for i, col in enumerate(board.cols) if c in col), -1)
        for c in range(52)
    ]
    assert board.col_of == col_of
    return ([list(col) for col in board.cols], list(board.fd), board.runs,
            sorted(board.reserve), col_of)
