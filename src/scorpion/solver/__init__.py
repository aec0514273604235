"""The solver: decides whether a position can still be won (B1).

See :mod:`scorpion.solver.search` for the method and why its reductions are safe.
"""

from .search import (
    SolverError,
    SolveResult,
    Verdict,
    check_line,
    position_key,
    safe_move,
    solve,
)

__all__ = [
    "SolveResult", "SolverError", "Verdict", "check_line", "position_key", "safe_move", "solve",
]
