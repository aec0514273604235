"""Test helper: find a winning line for a deal with a small depth-first search.

Not the product's solver: a plain search over the engine with a visited set that leaves
out moves that cannot help (a whole column into an empty column; in Wasp, a card leaving
its successor for an empty column). Used to drive whole games to a win in
the CLI, API and browser tests.
"""

from __future__ import annotations

import functools

from scorpion.engine import Move, Position, deal

WINNABLE_DEAL = 5
"""A Scorpion deal that this search wins quickly."""


def find_winning_line(start: Position, budget: int = 200_000) -> list[Move] | None:
    """Test helper: a depth-first search with a visited set for a winning line from ``start``.

    It leaves out moves that cannot help: a group at the bottom of its column moving into
    an empty column, and a card leaving its successor for an empty column (Wasp).
    """

    def pointless(p: Position, move: Move) -> bool:
        if move.is_deal or p.columns[move.column]:
            return False
        where = p.locate(move.card)
        assert where is not None
        src, index = where
        return index == 0 or p.columns[src][index - 1] == move.card + 1

    seen = {start}
    line: list[Move] = []
    stack = [(start, iter(start.legal_moves()))]
    while stack and len(seen) <= budget:
        p, moves = stack[-1]
        for move in moves:
            if pointless(p, move):
                continue
            q = p.apply(move)
            if q in seen:
                continue
            seen.add(q)
            line.append(move)
            if q.is_won:
                return line
            stack.append((q, iter(q.legal_moves())))
            break
        else:
            stack.pop()
            if line:
                line.pop()
    return None


@functools.cache
def winning_line(number: int = WINNABLE_DEAL) -> tuple[str, ...]:
    """Return a winning line for Scorpion deal ``number`` in move notation."""
    line = find_winning_line(deal(number))
    assert line is not None, f"no winning line found for deal {number}"
    return tuple(str(m) for m in line)
