"""Random walks over legal moves, shared by the property tests of the engine."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from scorpion.engine import Move, Position


class Playout(NamedTuple):
    """A start, the positions of a walk from a point after it (first: that point), and
    the moves between them."""

    start: Position
    positions: list[Position]
    moves: list[Move]


def walk(start: Position, p: Position, choices: Iterable[int]) -> Playout:
    """From ``p`` (``start`` or a position reached from it), play the legal move that each
    of ``choices`` picks (modulo the number of legal moves) until they run out or no move
    is left."""
    positions, moves = [p], []
    for choice in choices:
        legal = p.legal_moves()
        if not legal:
            break
        move = legal[choice % len(legal)]
        p = p.apply(move)
        positions.append(p)
        moves.append(move)
    return Playout(start, positions, moves)
