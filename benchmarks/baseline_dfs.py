"""The baseline for the solver benchmark: a plain depth-first search with a visited set.

No canonical keys, no safe moves, no move ordering: every legal move in the engine's
order, full positions in the visited set. Kept here (not in the package) only to measure
the solver against it, and as the tests' exhaustive oracle on small positions.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator

from scorpion.engine import Move, Position
from scorpion.solver import SolveResult, Verdict


def plain_dfs(position: Position, max_nodes: int | None = None,
              max_seconds: float | None = None) -> SolveResult:
    """Decide ``position`` by plain depth-first search; same result type as the solver."""
    started = time.perf_counter()
    deadline = None if max_seconds is None else started + max_seconds
    limit = max_nodes if max_nodes is not None else sys.maxsize
    seen = {position}
    path: list[Move] = []
    nodes = 1
    if position.is_won:
        return SolveResult(Verdict.WINNABLE, (), nodes, time.perf_counter() - started)
    verdict = Verdict.NOT_WINNABLE
    stack: list[tuple[Position, Iterator[Move]]] = [(position, iter(position.legal_moves()))]
    while stack:
        p, moves = stack[-1]
        for move in moves:
            q = p.apply(move)
            if q in seen:
                continue
            seen.add(q)
            path.append(move)
            if q.is_won:
                verdict = Verdict.WINNABLE
                stack.clear()
                break
            nodes += 1
            if nodes >= limit or (
                deadline is not None and not nodes & 1023 and time.perf_counter() > deadline
            ):
                verdict = Verdict.UNDECIDED
                stack.clear()
                break
            stack.append((q, iter(q.legal_moves())))
            break
        else:
            stack.pop()
            if path:
                path.pop()
    line = tuple(path) if verdict is Verdict.WINNABLE else ()
    return SolveResult(verdict, line, nodes, time.perf_counter() - started)
