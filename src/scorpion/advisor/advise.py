"""The chance to win after each move, from the player's view alone (F10, B5).

Method (determinization, also called hindsight optimisation): deal the unseen cards at
random into the hidden places, uniformly over the arrangements the view allows
(:meth:`PlayerView.sample`); in each such *sample* decide, with the exact solver
(:func:`scorpion.solver.solve`, a node budget per solve), whether the position after each
move can be won. A move's chance is the share of samples it wins in. The samples are common
to all moves (the same arrangements judge every move, so their differences are not noise
of different draws), and they are drawn in batches until the best move is separated from
the rest (the lower end of its 95% Wilson interval above the upper end of every other's)
or the sample budget is spent. A solve left undecided by its node budget counts as not won
and is reported. When nothing is hidden any more, the one position the view allows is
solved instead, and the chance is exactly 1 or 0.

Two shortcuts give the same counts as solving every move in every sample: when the sample
itself is proved lost, every move loses in it; when it is won, the first move of its
winning line wins in it. Moves that lead to the same position (the solver's canonical key)
are solved once per sample (in the games with a reserve, free cells or ten columns, only
the same position).

Every game of the family can be advised: the hidden places are its face-down cards and
its stock (the reserves and free cells are face up), and the solver judges each sample
within the node budget (:data:`TABLE_BUDGETS` says which games the table advises).

Known bias: a sample is solved as if its hidden cards were then known, so the estimate is
optimistic: a player who must still guess cannot always reach the wins that the solver
finds in hindsight. It ranks moves well where information matters little, and
overestimates the chance most early in a deal. Sources: R. Bjarnason, A. Fern and P.
Tadepalli, "Lower Bounding Klondike Solitaire with Monte-Carlo Planning", ICAPS 2009
(hindsight optimisation for patience); E. K. P. Chong, R. L. Givan and H. S. Chang, "A
framework for simulation-based network control via hindsight optimization", IEEE CDC 2000;
the determinization critique in J. Long, N. Sturtevant, M. Buro and T. Furtak,
"Understanding the success of perfect information Monte Carlo sampling in game tree
search", AAAI 2010.

Deterministic: the same view, moves, seed and budgets give the same advice on every
machine (budgets count samples and nodes, never seconds).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.position import Move, Position
from ..engine.variants import CLASSIC_VARIANTS, Variant
from ..solver import Verdict, position_key, solve
from ..solver.survey import wilson_interval
from .view import PlayerView

DEFAULT_SAMPLES = 64
"""Samples drawn at most by :func:`advise` unless told otherwise."""

DEFAULT_NODES = 20_000
"""Node budget of one solve unless told otherwise (positions searched)."""

BATCH = 8
"""Samples drawn between two checks of whether the best move is separated."""

EXACT_NODES = 2_000_000
"""Node budget of the solves when nothing is hidden (the answer is then exact)."""


@dataclass(frozen=True)
class Budget:
    """How much work one advice may take: ``samples`` at most, ``nodes`` per solve."""

    samples: int
    nodes: int


QUICK = Budget(samples=16, nodes=2_000)
"""The table's first answer (issue target: within 0.5 s at the median)."""

REFINED = Budget(samples=DEFAULT_SAMPLES, nodes=DEFAULT_NODES)
"""The table's better answer, computed after :data:`QUICK`."""

_SLOWER = (Budget(samples=8, nodes=2_000), Budget(samples=16, nodes=5_000))

TABLE_BUDGETS: dict[str, tuple[Budget, Budget]] = {
    **{v: (QUICK, REFINED) for v in CLASSIC_VARIANTS},
    "three-blind-mice": (QUICK, REFINED),
    "chelicera": (QUICK, REFINED),
    "scorpion-tail": _SLOWER,
    "farmers-wife": _SLOWER,
}
"""The table's two budgets (first answer, better answer) by variant id: the games whose
hints come with chances. A solve of Scorpion Tail or Farmer's Wife costs some ten times one
of Scorpion (two cards to build on, a proof of loss at every position): fewer samples and
nodes keep their answers to seconds (measured with ``benchmarks/advisor.py``). Scorpion
Head and How They Run are not in it: at 5,000 nodes, 21% to 58% of Scorpion Head's
samples' solves are left undecided from the first positions of its deals 1 to 4 (27% to
77% at 2,000), and a third of How They Run's at its deal 5, where no move lost a sample that
another won (the moves differed only by their undecided solves); a chance would measure
the budget rather than the deal, and rank the moves by it. Their hints list the moves
without chances (:func:`advises`)."""


def advises(variant: Variant) -> bool:
    """True if the table gives chances to win in ``variant`` (see :data:`TABLE_BUDGETS`);
    :func:`advise` itself advises every game of the family."""
    return variant.id in TABLE_BUDGETS


@dataclass(frozen=True)
class MoveAdvice:
    """The estimate for one move.

    Attributes:
        move: the move.
        wins: samples in which the position after the move was proved winnable.
        samples: samples judged (the same for every move of one advice).
        undecided: samples whose solve ran out of its node budget (counted as not won).
        exact: True when nothing was hidden: the one position the view allows was
            solved, so the chance is the solver's verdict, not an estimate.
    """

    move: Move
    wins: int
    samples: int
    undecided: int
    exact: bool = False

    @property
    def chance(self) -> float:
        """The estimated chance to win after the move, from 0 to 1."""
        return self.wins / self.samples if self.samples else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval of :attr:`chance` (low, high); when
        :attr:`exact`, no interval of a sample but the chance itself (low = high =
        chance), or (0, 1) if the solve was left undecided (the chance is then unknown)."""
        if self.exact:
            return (0.0, 1.0) if self.undecided else (self.chance, self.chance)
        return wilson_interval(self.wins, self.samples)


@dataclass(frozen=True)
class Advice:
    """What :func:`advise` found.

    Attributes:
        moves: one estimate per move, best first (most wins; ties keep the order the moves
            were given in).
        samples: samples drawn (1 when exact).
        exact: True when nothing was hidden, so each chance is the solver's verdict (1 or 0).
        separated: True when sampling stopped because the best move was separated.
        solves: solver calls made.
        nodes: positions searched in all.
    """

    moves: tuple[MoveAdvice, ...]
    samples: int
    exact: bool
    separated: bool
    solves: int
    nodes: int

    @property
    def best(self) -> MoveAdvice | None:
        """The best move's estimate, or None when there is no move."""
        return self.moves[0] if self.moves else None


def advise(
    view: PlayerView,
    moves: Sequence[Move] | None = None,
    *,
    seed: int = 0,
    max_samples: int = DEFAULT_SAMPLES,
    nodes: int = DEFAULT_NODES,
) -> Advice:
    """Estimate the chance to win after each move of ``view`` (see the module docstring).

    Args:
        view: what the player sees; nothing else is used. A :class:`Position` is refused
            (TypeError), not read as its view: take :meth:`PlayerView.of` of it, which drops
            its hidden cards, so that no call reads them by mistake.
        moves: the moves to judge (default: :meth:`PlayerView.hint_moves`); each must be
            legal in the view.
        seed: seed of the sampler; the same arguments give the same advice.
        max_samples: the most samples drawn (at least 1).
        nodes: node budget of each solve, in positions searched (when nothing is hidden,
            :data:`EXACT_NODES` at least).

    Returns:
        An :class:`Advice`, best move first.

    Raises:
        TypeError: if ``view`` is not a :class:`PlayerView` (a :class:`Position`, say).
        ValueError: if ``max_samples`` or ``nodes`` is below 1, or a move is illegal.
    """
    if not isinstance(view, PlayerView):
        hint = (": take PlayerView.of(position), what the player sees of it"
                if isinstance(view, Position) else "")
        raise TypeError(f"advise takes a PlayerView, not a {type(view).__name__}{hint}")
    if max_samples < 1 or nodes < 1:
        raise ValueError("advise needs at least one sample and one node per solve")
    moves = list(view.hint_moves() if moves is None else moves)
    some = view.realize(view.unseen)
    for move in moves:
        if not some.is_legal(move):
            raise ValueError(f"{move} is not a legal move of the view")
    judge = _Judge(moves)
    if not moves:
        return Advice((), 0, view.hidden == 0, False, 0, 0)
    if view.hidden == 0:
        judge.judge(view.realize(()), max(nodes, EXACT_NODES))
        return judge.advice(exact=True, separated=True)
    rng = random.Random(seed)
    separated = False
    while judge.samples < max_samples and not separated:
        for _ in range(min(BATCH, max_samples - judge.samples)):
            judge.judge(view.sample(rng), nodes)
        separated = judge.separated()
    return judge.advice(exact=False, separated=separated)


class _Judge:
    """Counts, over samples, in how many each move wins."""

    def __init__(self, moves: list[Move]) -> None:
        self.moves = moves
        self.wins = [0] * len(moves)
        self.undecided = [0] * len(moves)
        self.samples = 0
        self.solves = 0
        self.nodes = 0

    def _solve(self, position: Position, nodes: int) -> tuple[Verdict, tuple[Move, ...]]:
        result = solve(position, max_nodes=nodes, shorten=False)
        self.solves += 1
        self.nodes += result.nodes
        return result.verdict, result.line

    def judge(self, sample: Position, nodes: int) -> None:
        """Add one sample: decide the position after each move in it."""
        self.samples += 1
        verdict, line = self._solve(sample, nodes)
        if verdict is Verdict.NOT_WINNABLE:
            return  # every move loses in this sample
        known: dict[object, Verdict] = {}
        for i, move in enumerate(self.moves):
            if verdict is Verdict.WINNABLE and line and line[0] == move:
                outcome = Verdict.WINNABLE
            else:
                after = sample.apply(move)
                key = (position_key(after), after.runs) if after.variant.is_classic else after
                if key not in known:
                    known[key] = Verdict.WINNABLE if after.is_won else self._solve(after, nodes)[0]
                outcome = known[key]
            if outcome is Verdict.WINNABLE:
                self.wins[i] += 1
            elif outcome is Verdict.UNDECIDED:
                self.undecided[i] += 1

    def separated(self) -> bool:
        """True if the best move's interval lies wholly above every other move's."""
        if len(self.moves) == 1:
            return False  # nothing to choose: sample the one move's chance in full
        order = sorted(range(len(self.moves)), key=lambda i: -self.wins[i])
        low, _ = wilson_interval(self.wins[order[0]], self.samples)
        _, high = wilson_interval(self.wins[order[1]], self.samples)
        return low > high

    def advice(self, exact: bool, separated: bool) -> Advice:
        estimates = [
            MoveAdvice(move, self.wins[i], self.samples, self.undecided[i], exact)
            for i, move in enumerate(self.moves)
        ]
        estimates.sort(key=lambda a: -a.wins)  # stable: ties keep the given order
        return Advice(tuple(estimates), self.samples, exact, separated, self.solves, self.nodes)
