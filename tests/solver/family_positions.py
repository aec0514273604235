"""Random positions of the family's games, shared by the solver's property tests."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from scorpion.engine import Position, Variant, deal
from scorpion.solver.core import RESERVE, Board, search


def random_position(variant: Variant, seed: int) -> Position:
    """A position some random moves (20 to 79, fewer if none is left) into deal ``seed + 1``
    of ``variant``: often small enough to search to the end."""
    rng = random.Random(seed)
    return walked(rng, deal(seed + 1, variant), rng.randrange(20, 80))


def walked(rng: random.Random, p: Position, steps: int) -> Position:
    """``p`` after up to ``steps`` random legal moves (fewer only when none is left)."""
    for _ in range(steps):
        moves = p.legal_moves()
        if not moves:
            break
        p = p.apply(rng.choice(moves))
    return p


@dataclass
class Tally:
    """What :func:`proof_against_search` met: positions the search won and lost (``lost``:
    those that still have a move), the lost ones the proof called lost, positions with no
    move at all (lost, and no test of a proof: any test may call them lost; they once made
    up nearly all of Wasp's "lost"), and positions with the stock used up."""

    won: int = 0
    lost: int = 0
    proved: int = 0
    dead: int = 0
    drained: int = 0


def proof_against_search(
    variant: Variant, proved_lost: Callable[[Position], bool], further_every: int = 0
) -> Tally:
    """Ask a lost-position test, ``proved_lost``, of the random positions of ``variant``
    for seeds 0..299 (with ``further_every`` n > 0, every n-th walked up to 100 moves
    further; won positions left out), and assert that it never calls lost a position that
    the search without proofs (5,000 positions) wins; returns what was met."""
    tally = Tally()
    for seed in range(300):
        p = random_position(variant, seed)
        if further_every and seed % further_every == 0:
            p = walked(random.Random(seed), p, 100)
        if p.is_won:
            continue
        tally.drained += not p.stock
        verdict = proved_lost(p)
        outcome = search(p, 5_000, None, proofs=False)[0]
        assert not (verdict and outcome == "won"), seed
        tally.won += outcome == "won"
        if outcome == "lost" and not p.legal_moves():
            tally.dead += 1
        elif outcome == "lost":
            tally.lost += 1
            tally.proved += verdict
    return tally


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
