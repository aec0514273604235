"""Solver help for the table (B2), computed off the request path.

Verdicts come from :func:`scorpion.solver.solve` running in a separate process (one
worker, a bounded queue), never in the server's event loop, so a move is never slowed by
a search. Results are cached by position in this process; a request for a position not
yet decided schedules a search and answers "not yet known" at once. For a given-up deal's
first position (``retry``), a search that runs out of time is not the last word: asked
again, the position is searched again with twice the time, :data:`RETRIES` times, before
"undecided" is told (a search's time budget buys fewer positions on a busy machine, and the
probes of the games without proofs of loss find some wins only with a longer budget). The
positions of games in play are searched once: the player moves on, and a longer search of
a position nobody asks about any more would only keep the worker from the next one.

A verdict is a cache, not game state: losing it (a restart, another server process) only
means it is computed again.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import secrets
import signal
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from ..engine import DealNumber, Position, deal, variant_by_id
from ..solver import SolveResult, Verdict, solve
from ..solver.winnable import shipped_winnable_deals

SEARCH_SECONDS = 5.0
"""Time budget of a position's first background search, in seconds."""

RETRIES = 1
"""How many times a given-up deal's first position left undecided is searched again (when
asked about again), each time with twice the time of the search before: 5, then 10
seconds (the page asks for about a minute)."""

MAX_QUEUED = 8
"""Searches waiting or running at most; past it, new positions stay "not yet known"."""

CACHE_SIZE = 4096
"""Positions whose verdict is kept."""

ON_THE_FLY_SECONDS = 1.0
"""Budget per candidate deal when a winnable deal is looked for on the fly, in seconds."""

ON_THE_FLY_TRIES = 40
"""Candidate deals tried on the fly before giving up."""

ON_THE_FLY_TOTAL_SECONDS = 12.0
"""The most time a look for a winnable deal on the fly takes, in seconds (the games
without proofs of loss may leave many deals undecided within a try's budget)."""


def _watch_parent(parent: int) -> None:
    """Worker initializer: exit as soon as the server process is gone (never orphaned),
    and leave Ctrl+C to the server: a terminal sends SIGINT to every process of its
    foreground group, and the server ends this one as it stops (:meth:`close`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # blocked by its start

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def _search(position: Position, seconds: float) -> SolveResult:
    return solve(position, max_seconds=seconds)


def _find_winnable(variant_id: str, seed: int) -> str | None:
    rng = random.Random(seed)
    variant = variant_by_id(variant_id)
    deadline = time.monotonic() + ON_THE_FLY_TOTAL_SECONDS
    for _ in range(ON_THE_FLY_TRIES):
        if time.monotonic() >= deadline:
            break
        number = DealNumber(rng.randrange(1, 32000))
        if solve(deal(number, variant), max_seconds=ON_THE_FLY_SECONDS).verdict is (
            Verdict.WINNABLE
        ):
            return str(number)
    return None


class BackgroundProcess:
    """One worker process for a background computation of the server (started when first
    needed, ended with the server, never orphaned: it exits when the server is gone)."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            pool = ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_watch_parent,
                initargs=(os.getpid(),),
            )
            # The first submit starts the worker; it starts with SIGINT blocked (a new
            # process inherits the mask), so a Ctrl+C while it imports cannot reach it
            # before its initializer ignores SIGINT.
            mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            try:
                pool.submit(int)
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, mask)
            self._pool = pool
        return self._pool

    def close(self) -> None:
        """Stop the worker process, and wait (up to 5 seconds) until the pool's manager
        thread has ended."""
        if self._pool is not None:
            # A running search is not interrupted by shutdown; end the worker outright.
            workers = list(getattr(self._pool, "_processes", {}).values())
            manager = getattr(self._pool, "_executor_manager_thread", None)
            self._pool.shutdown(wait=False, cancel_futures=True)
            for worker in workers:
                worker.terminate()
            # Python 3.11's exit handler for process pools wakes each pool's manager
            # thread without the lock the thread takes to close its wake-up pipe: a
            # thread still closing it at exit makes that handler print a traceback
            # ("Bad file descriptor") after Ctrl+C. Once the thread has ended, the
            # handler sees the pipe closed and does nothing.
            if manager is not None:
                manager.join(timeout=5)
            self._pool = None


class Insight(BackgroundProcess):
    """The solver's verdicts for the positions players reach, computed in the background."""

    def __init__(self) -> None:
        super().__init__()
        # Each position's latest result, and how many searches gave it (1 + retries).
        self._cache: OrderedDict[Position, tuple[SolveResult, int]] = OrderedDict()
        self._pending: dict[Position, tuple[Future[SolveResult], int]] = {}

    def verdict(self, position: Position, retry: bool = False) -> SolveResult | None:
        """Return the result for ``position``, or None after scheduling a search (or with
        the queue full: asked again later, it is scheduled once there is room).

        With ``retry`` (a given-up deal's first position), an undecided result is returned
        only once :data:`RETRIES` more searches, each with twice the time of the one
        before, have left the position undecided; until then, asking again schedules the
        next search and returns None ("not yet known")."""
        self._harvest()
        tries = 0
        cached = self._cache.get(position)
        if cached is not None:
            result, tries = cached
            self._cache.move_to_end(position)
            if result.verdict is not Verdict.UNDECIDED or not retry or tries > RETRIES:
                return result
        if position not in self._pending and len(self._pending) < MAX_QUEUED:
            seconds = SEARCH_SECONDS * 2**tries
            try:
                future = self._executor().submit(_search, position, seconds)
                self._pending[position] = (future, tries + 1)
            except BrokenProcessPool:  # the worker died: a new one next time
                self._pool = None
                self._pending.clear()
        return None

    @property
    def queued(self) -> int:
        """Searches waiting or running (finished ones are counted until the next ask)."""
        return len(self._pending)

    def _harvest(self) -> None:
        """Move every finished search into the cache, so that the queue counts only the
        searches waiting or running (a position nobody asks for again does not hold a
        place)."""
        for position, (future, tries) in list(self._pending.items()):
            if not future.done():
                continue
            del self._pending[position]
            try:
                result = future.result()
            except Exception:  # a broken worker: "not yet known", searched again when asked
                continue
            self._remember(position, result, tries)

    def _remember(self, position: Position, result: SolveResult, tries: int) -> None:
        self._cache[position] = (result, tries)
        self._cache.move_to_end(position)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    async def winnable_deals(self, variant_id: str, count: int) -> list[str]:
        """Deal numbers proved winnable, in random order: ``count`` distinct ones from
        the shipped list (all of it if shorter), or one searched in the worker.

        The search on the fly (games without a shipped list) tries random deals for at most
        :data:`ON_THE_FLY_TOTAL_SECONDS` seconds, :data:`ON_THE_FLY_SECONDS` each, and at
        most :data:`ON_THE_FLY_TRIES` of them. Returns [] if none was found within that.

        Raises:
            UnknownVariantError: if ``variant_id`` is no variant.
            BrokenProcessPool: if the worker process died during the search.
        """
        shipped = shipped_winnable_deals(variant_id)
        if shipped:
            picks = secrets.SystemRandom().sample(shipped, min(count, len(shipped)))
            return [str(number) for number in picks]
        loop = asyncio.get_running_loop()
        found = await loop.run_in_executor(
            self._executor(), _find_winnable, variant_id, secrets.randbits(32)
        )
        return [] if found is None else [found]
