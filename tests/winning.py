"""Test helper: find a winning line for a deal with a small depth-first search.

Not the product's solver: a plain search over the engine with a visited set that leaves
out shifts of a whole column into an empty column. Used to drive whole games to a win in
the CLI, API and browser tests.
"""

from __future__ import annotations

import functools

from scorpion.engine import Move, Position, deal
from scorpion.engine.hints import is_column_shift

WINNABLE_DEAL = 5
"""A Scorpion deal that this search wins quickly."""


def find_winning_line(start: Position, budget: int = 200_000) -> list[Move] | None:
    """Return a list of moves that wins from ``start``, or None if none was found."""
    seen = {start}
    path: list[Move] = []
    nodes = 0

    def search(p: Position) -> bool:
        nonlocal nodes
        nodes += 1
        if p.is_won:
            return True
        if nodes > budget:
            return False
        for m in p.legal_moves():
            if is_column_shift(p, m):
                continue
            q = p.apply(m)
            if q in seen:
                continue
            seen.add(q)
            path.append(m)
            if search(q):
                return True
            path.pop()
        return False

    return path if search(start) else None


@functools.cache
def winning_line(number: int = WINNABLE_DEAL) -> tuple[str, ...]:
    """Return a winning line for Scorpion deal ``number`` in move notation."""
    line = find_winning_line(deal(number))
    assert line is not None, f"no winning line found for deal {number}"
    return tuple(str(m) for m in line)
