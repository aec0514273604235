"""scorpion-solitaire: Scorpion patience as a library, a command line and a browser game.

The rules engine is :mod:`scorpion.engine`; the most used names are re-exported here.
"""

from .engine import (
    DEAL,
    SCORPION,
    VARIANTS,
    Game,
    IllegalMoveError,
    Move,
    Position,
    deal,
    format_position,
    parse_position,
    variant_by_id,
)

__version__ = "0.1.0"

__all__ = [
    "DEAL", "SCORPION", "VARIANTS", "Game", "IllegalMoveError", "Move", "Position",
    "__version__", "deal", "format_position", "parse_position", "variant_by_id",
]
