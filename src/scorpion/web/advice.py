"""Fair hints for the table (F3, F10, B5): chances to win from the player's view alone.

:func:`scorpion.advisor.advise` runs in a separate process (one worker, a bounded
queue), never in the server's event loop, so a move is never slowed by it; this is the
design of :mod:`scorpion.web.insight`. Each advice is cached by the player's view
(:class:`scorpion.advisor.PlayerView`), never by the position: the worker is only ever
given the view, which holds no hidden card, so advice cannot depend on the hidden cards,
and two games that look the same to the player get the same advice.

The advice refines while the player waits, in two stages of fixed budgets (samples and
solver nodes, never seconds, so the same view gives the same advice on every machine):

1. :data:`QUICK`: a few samples and a small node budget, a first answer in a fraction
   of a second (in Scorpion; a few seconds at most in the slower games);
2. :data:`FULL`: more samples and a larger budget, asked for once the quick answer has
   been picked up (so a view nobody looks at any more is not refined).

Each game has its own two budgets (:data:`scorpion.advisor.advise.TABLE_BUDGETS`,
:func:`stages`); a game without them (Scorpion Head, How They Run) gets no chances.

The seed is fixed (:data:`SEED`): a view's advice is the same whenever it is asked.
Advice is a cache, not game state: losing it only means it is computed again.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections import OrderedDict
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from ..advisor import Advice, PlayerView, advise
from ..advisor.advise import QUICK as QUICK_BUDGET
from ..advisor.advise import REFINED, TABLE_BUDGETS
from ..engine.variants import Variant
from .insight import BackgroundProcess


@dataclass(frozen=True)
class Stage:
    """The budgets of one stage of advice.

    Attributes:
        name: ``quick`` or ``full``.
        samples: the most samples drawn (arrangements of the unseen cards).
        nodes: the node budget of each solve (positions searched).
    """

    name: str
    samples: int
    nodes: int


QUICK = Stage("quick", samples=QUICK_BUDGET.samples, nodes=QUICK_BUDGET.nodes)
"""The first answer: the advisor's :data:`~scorpion.advisor.advise.QUICK` budget (16
samples, 2,000 nodes per solve; ``benchmarks/advisor.py`` measures its latency)."""

FULL = Stage("full", samples=REFINED.samples, nodes=REFINED.nodes)
"""The refined answer: the advisor's :data:`~scorpion.advisor.advise.REFINED` budget (64
samples, 20,000 nodes per solve)."""

STAGES = (QUICK, FULL)
"""Scorpion's two stages."""


@functools.cache  # asked at every hints request; a variant is a registered singleton
def stages(variant: Variant) -> tuple[Stage, ...]:
    """The two stages of ``variant`` (Scorpion's :data:`STAGES`, with the game's own
    budgets from :data:`~scorpion.advisor.advise.TABLE_BUDGETS`); () for a game whose hints
    come without chances."""
    budgets = TABLE_BUDGETS.get(variant.id)
    if budgets is None:
        return ()
    quick, full = budgets
    return (
        Stage(QUICK.name, samples=quick.samples, nodes=quick.nodes),
        Stage(FULL.name, samples=full.samples, nodes=full.nodes),
    )

SEED = 0
"""Seed of the sampler: the same view always gets the same advice."""

MAX_QUEUED = 8
"""Advice computations waiting or running at most; past it, a view waits for a slot."""

CACHE_SIZE = 4096
"""Views whose advice (each stage) is kept."""

FIRST_WAIT_SECONDS = 0.4
"""How long a request may wait for the quick stage of a view not yet advised, in seconds
(it waits without blocking the server: other requests, moves included, go on)."""


def _advise(view: PlayerView, stage: Stage) -> Advice:
    """Worker: the advice of one stage (only the view is sent to the worker)."""
    return advise(view, seed=SEED, max_samples=stage.samples, nodes=stage.nodes)


@dataclass(frozen=True)
class Answer:
    """What is known of a view's advice now.

    Attributes:
        advice: the best advice finished so far, or None before the first.
        refining: True while a better advice is still to come (ask again).
    """

    advice: Advice | None
    refining: bool


class Advisor(BackgroundProcess):
    """Chances to win for the views players reach, computed in a background process."""

    def __init__(self) -> None:
        super().__init__()
        self._cache: OrderedDict[tuple[PlayerView, str], Advice] = OrderedDict()
        self._pending: dict[tuple[PlayerView, str], Future[Advice]] = {}

    def _harvest(self) -> None:
        """Move every finished job into the cache, so that the queue counts only the jobs
        waiting or running (a view nobody asks for again does not hold a place)."""
        for key, future in list(self._pending.items()):
            if not future.done():
                continue
            del self._pending[key]
            try:
                advice = future.result()
            except Exception:  # a broken worker: nothing for this view; asked again later
                continue
            self._cache[key] = advice
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    def _result(self, view: PlayerView, stage: Stage) -> Advice | None:
        """The finished advice of ``stage`` from the cache, or None."""
        key = (view, stage.name)
        advice = self._cache.get(key)
        if advice is not None:
            self._cache.move_to_end(key)
        return advice

    @property
    def queued(self) -> int:
        """Jobs waiting or running (finished ones are counted until the next answer)."""
        return len(self._pending)

    def _schedule(self, view: PlayerView, stage: Stage) -> Future[Advice] | None:
        """Make sure ``stage`` of ``view`` is being computed; None when the queue is full.

        A view's first answer goes before the refining of the others: the refining jobs
        of other views that have not started are dropped (they are asked for again if
        their view is: a position the player has left no longer holds up the one on the
        table).
        """
        key = (view, stage.name)
        if stage.name == QUICK.name and key not in self._pending:
            for other, waiting in list(self._pending.items()):
                if other[1] == FULL.name and other[0] != view and waiting.cancel():
                    del self._pending[other]
        future = self._pending.get(key)
        if future is None and len(self._pending) < MAX_QUEUED:
            try:
                future = self._executor().submit(_advise, view, stage)
            except BrokenProcessPool:  # the worker died: a new one next time
                self._pool = None
                self._pending.clear()
                return None
            self._pending[key] = future
        return future

    def answer(self, view: PlayerView) -> Answer:
        """What is known of ``view``'s advice now, scheduling the next stage if needed.

        Never waits: the best finished stage is returned, with ``refining`` True while a
        better one is still to come.
        """
        self._harvest()
        best: Advice | None = None
        for stage in stages(view.variant):
            advice = self._result(view, stage)
            if advice is None:
                self._schedule(view, stage)
                return Answer(best, refining=True)
            best = advice
            if advice.exact:
                break  # nothing hidden: the first answer is the solver's verdict
        return Answer(best, refining=False)

    async def first_answer(self, view: PlayerView, wait: float = FIRST_WAIT_SECONDS) -> Answer:
        """Like :meth:`answer`, but wait up to ``wait`` seconds for the quick stage of a
        view that has no advice yet (without blocking the event loop)."""
        answer = self.answer(view)
        if answer.advice is None and wait > 0:
            future = self._pending.get((view, QUICK.name))
            if future is not None:
                # Not done in time (or a broken worker): answer without chances for now.
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(future)), wait)
                answer = self.answer(view)
        return answer

    def warm(self) -> None:
        """Start the worker process now, so that the first hint does not wait for it."""
        with contextlib.suppress(BrokenProcessPool):
            self._executor().submit(int)
