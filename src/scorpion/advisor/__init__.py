"""The advisor: help that sees only what the player sees (F10, B5).

:class:`PlayerView` is a position without its hidden cards (face-down cards and the
stock), with a text form that round-trips; :func:`advise` estimates, for each move, the
chance to win after it, by solving random arrangements of the unseen cards with the exact
solver (see :mod:`scorpion.advisor.advise` for the method, its bias and its sources);
:mod:`scorpion.advisor.players` plays whole deals from the view alone::

    >>> from scorpion.engine import deal
    >>> from scorpion.advisor import PlayerView, advise
    >>> view = PlayerView.of(deal(1))
    >>> view.hidden
    15
    >>> advice = advise(view, max_samples=8, nodes=2000)
    >>> advice.samples
    8

It imports :mod:`scorpion.engine` and :mod:`scorpion.solver` only.
"""

from .advise import Advice, MoveAdvice, advise, advises
from .players import (
    PLAYERS,
    FairPlayer,
    HeuristicPlayer,
    Player,
    PlayResult,
    RandomPlayer,
    heuristic_order,
    move_kind,
    play,
)
from .view import HIDDEN, PlayerView, ViewError, format_view, parse_view

__all__ = [
    "HIDDEN", "PLAYERS", "Advice", "FairPlayer", "HeuristicPlayer", "MoveAdvice", "PlayResult",
    "Player", "PlayerView", "RandomPlayer", "ViewError", "advise", "advises", "format_view",
    "heuristic_order", "move_kind", "parse_view", "play",
]
