"""Players that play a deal from its first position seeing only what a player sees (B5).

:func:`play` is the table: it holds the real position, shows the player its
:class:`~scorpion.advisor.view.PlayerView` and the legal moves that do not repeat a
position of the game, applies the chosen move on the engine (which turns cards up as they
are uncovered) and stops at a win, when no move is left, when the player gives up, or after
:data:`MAX_MOVES`. The players never see the position itself:

* :class:`FairPlayer` chooses with the advisor (:func:`scorpion.advisor.advise`); once
  nothing is hidden it solves the one position its view allows and plays the line;
* :class:`HeuristicPlayer`, a simple baseline: a move that turns a card up, else one that
  empties a column, else any other, the stock deal last, never a pointless King shift;
* :class:`RandomPlayer`, the floor: a random legal move.
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass

from ..engine.position import Move, Position
from ..solver import Verdict, safe_move, solve
from .advise import DEFAULT_NODES, EXACT_NODES, advise
from .view import PlayerView

MAX_MOVES = 1000
"""A game stops, lost, after this many moves."""


@dataclass(frozen=True)
class PlayResult:
    """How a played game went.

    Attributes:
        won: True if the game was won.
        line: the moves played, in order.
        solves: solver calls the player made.
        nodes: positions its solves searched.
        seconds: wall-clock time of the game, in seconds.
    """

    won: bool
    line: tuple[Move, ...]
    solves: int
    nodes: int
    seconds: float


class Player(ABC):
    """A policy that chooses a move from the player's view alone."""

    name: str = ""
    solves: int = 0
    nodes: int = 0

    def start(self, seed: int) -> None:
        """Get ready for a new game; ``seed`` fixes any randomness of the game."""
        self.seed = seed
        self.solves = 0
        self.nodes = 0

    @abstractmethod
    def choose(self, view: PlayerView, moves: list[Move]) -> Move | None:
        """Return the move to play, or None to give up.

        Args:
            view: what the player sees.
            moves: the legal moves worth playing (hint moves) that repeat no position of
                the game; never empty. A player may also return another hint move.
        """


def move_kind(view: PlayerView, move: Move) -> int:
    """Classify ``move`` for the heuristic (:class:`HeuristicPlayer`, this project's own):
    0 turns a card up, 1 empties a column, 2 any other move (from a reserve or free cell
    too), 3 the stock deal, 4 a pointless shift of a whole column into an empty one."""
    if move.is_deal:
        return 3
    for i, col in enumerate(view.columns):
        if move.card in col:
            if col.index(move.card):
                return 2
            if view.face_down[i]:
                return 0
            return 4 if not move.to_cell and not view.columns[move.column] else 1
    return 2


def heuristic_order(view: PlayerView, moves: list[Move]) -> list[Move]:
    """``moves`` in the heuristic's order of preference (see :func:`move_kind`); the
    given order among moves of one kind."""
    return sorted(moves, key=lambda m: move_kind(view, m))


class HeuristicPlayer(Player):
    """Turn a card up, else empty a column, else any move; the stock deal last; never a
    pointless King shift (gives up when only those are left).

    A baseline of this project's own (no published source): fixed priorities and no
    search, to compare the fair player against."""

    name = "heuristic"

    def choose(self, view: PlayerView, moves: list[Move]) -> Move | None:
        """The first of ``moves`` in :func:`heuristic_order`; None (give up) when that is a
        pointless shift of a whole column into an empty one."""
        best = heuristic_order(view, moves)[0]
        return None if move_kind(view, best) == 4 else best


class RandomPlayer(Player):
    """A legal move drawn uniformly at random (seeded per game)."""

    name = "random"

    def start(self, seed: int) -> None:
        """Begin a game: seed the player's own generator with ``seed`` (an int)."""
        super().start(seed)
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, moves: list[Move]) -> Move | None:
        """One of ``moves``, each as likely; never None."""
        return self.rng.choice(moves)


class FairPlayer(Player):
    """Chooses every move with the advisor, from the player's view alone.

    At each turn: the only move if there is one; a move the solver's safe-move rule
    proves harmless (:func:`scorpion.solver.safe_move`, which reads face-up cards only);
    else the advisor's best move over ``samples`` samples of ``nodes`` nodes each, ties
    broken by the heuristic's order; when no sample wins, the advisor again over four
    times as many samples, and if still none wins, the heuristic's first choice. Once nothing is
    hidden it solves the one position its view allows and plays the winning line, or gives
    up when that position is proved lost.

    Args:
        samples: samples per advice at most.
        nodes: node budget per solve of the advice.
    """

    name = "fair"

    def __init__(self, samples: int = 24, nodes: int = DEFAULT_NODES // 4) -> None:
        self.samples = samples
        self.node_budget = nodes
        self.plan: list[Move] = []

    def start(self, seed: int) -> None:
        """Begin a game: seed with ``seed`` (an int), forget any planned line."""
        super().start(seed)
        self.plan = []
        self.turn = 0

    def choose(self, view: PlayerView, moves: list[Move]) -> Move | None:
        """The move the class docstring describes; None (give up) when the one position
        the view allows, once nothing is hidden, is not proved winnable."""
        self.turn += 1
        if self.plan:
            return self.plan.pop(0)
        if view.hidden == 0:
            result = solve(view.realize(()), max_nodes=EXACT_NODES)
            self.solves += 1
            self.nodes += result.nodes
            if result.verdict is not Verdict.WINNABLE:
                return None
            self.plan = list(result.line)
            return self.plan.pop(0)
        if len(moves) == 1:
            return moves[0]
        safe = safe_move(view.realize(view.unseen), moves)
        if safe is not None:
            return safe
        order = heuristic_order(view, moves)
        # When no sample wins, look again four times as wide before falling back on the
        # heuristic's first choice.
        for widen in (1, 4):
            advice = advise(
                view, order, seed=(self.seed * 7919 + self.turn) * 5 + widen,
                max_samples=self.samples * widen, nodes=self.node_budget,
            )
            self.solves += advice.solves
            self.nodes += advice.nodes
            best = advice.best
            assert best is not None
            if best.wins:
                return best.move
        return order[0]


PLAYERS: dict[str, type[Player]] = {
    p.name: p for p in (FairPlayer, HeuristicPlayer, RandomPlayer)
}
"""The players by name."""


def play(start: Position, player: Player, seed: int = 0, max_moves: int = MAX_MOVES) -> PlayResult:
    """Play a game from ``start`` with ``player``, showing it only its view.

    Args:
        start: the first position (all its cards are known to this function, never to
            the player).
        player: the policy.
        seed: passed to :meth:`Player.start`.
        max_moves: the game stops, lost, after this many moves.

    Returns:
        A :class:`PlayResult`.

    Raises:
        IllegalMoveError: if the player returns a move that is not legal.
    """
    started = time.perf_counter()
    player.start(seed)
    position = start
    seen = {position}
    line: list[Move] = []
    while not position.is_won and len(line) < max_moves:
        view = PlayerView.of(position)
        moves = [m for m in view.hint_moves() if position.apply(m) not in seen]
        if not moves:
            break
        move = player.choose(view, moves)
        if move is None:
            break
        position = position.apply(move)
        seen.add(position)
        line.append(move)
    return PlayResult(
        position.is_won, tuple(line), player.solves, player.nodes, time.perf_counter() - started
    )

