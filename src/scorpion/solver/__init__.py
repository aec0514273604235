"""The solver: decides whether a position can still be won (B1).

See :mod:`scorpion.solver.search` for the method and why its reductions are safe.

:data:`COMPILED` tells whether the search runs compiled (a wheel built where a C compiler
is found compiles :mod:`scorpion.solver.core` and its proofs of loss with mypyc)
or as plain Python, which gives the same answers about half as fast.
"""

from .core import COMPILED
from .search import (
    SolverError,
    SolveResult,
    Verdict,
    check_line,
    default_probes,
    has_probes,
    position_key,
    safe_move,
    solve,
)

__all__ = [
    "COMPILED", "SolveResult", "SolverError", "Verdict", "check_line", "default_probes",
    "has_probes", "position_key", "safe_move", "solve",
]
