"""The solver's verdicts in the background (B2, F11): the queue is bounded, a search
finished for a position nobody asks about again does not keep its place in it, and a
search that runs out of time is tried again with more time before "undecided" is told."""

from __future__ import annotations

import time
from concurrent.futures import Future

from scorpion.engine import deal
from scorpion.solver import SolveResult, Verdict
from scorpion.web.insight import MAX_QUEUED, RETRIES, SEARCH_SECONDS, Insight

WAIT_SECONDS = 120.0
"""The most the test waits for the searches (each has a budget of a few seconds)."""


def test_searches_nobody_asks_about_again_leave_the_queue() -> None:
    """MAX_QUEUED positions asked about once each, then never again (a player who moved
    on): once their searches end, a new position is searched and gets its verdict. (The
    queue used to let go of a finished search only when its position was asked about
    again, so after MAX_QUEUED such positions every new one stayed "not yet known"
    until the server restarted.)"""
    insight = Insight()
    try:
        first = [deal(n) for n in range(1, MAX_QUEUED + 1)]
        for position in first:
            assert insight.verdict(position) is None
        assert insight.queued == MAX_QUEUED
        late = deal(MAX_QUEUED + 1)
        deadline = time.monotonic() + WAIT_SECONDS
        result = insight.verdict(late)
        while result is None and time.monotonic() < deadline:
            time.sleep(0.05)
            result = insight.verdict(late)
        assert result is not None, "the new position was never searched"
        assert result.verdict in (Verdict.WINNABLE, Verdict.NOT_WINNABLE)
        assert insight.queued <= MAX_QUEUED
        # The first positions' verdicts were kept: asked again, they answer at once.
        assert all(insight.verdict(p) is not None for p in first)
    finally:
        insight.close()


class _Answers:
    """A stand-in for the worker process: each search submitted is answered at once with
    the next of ``answers``; the time budgets asked for are kept in ``budgets``."""

    def __init__(self, answers: list[SolveResult]) -> None:
        self.answers = answers
        self.budgets: list[float] = []

    def submit(self, _search: object, _position: object, seconds: float) -> Future[SolveResult]:
        self.budgets.append(seconds)
        future: Future[SolveResult] = Future()
        future.set_result(self.answers.pop(0))
        return future


def _insight(worker: _Answers) -> Insight:
    insight = Insight()
    insight._executor = lambda: worker  # type: ignore[assignment,method-assign,return-value]
    return insight


UNDECIDED = SolveResult(Verdict.UNDECIDED, (), 600_000, 5.0)


def test_b2_an_undecided_position_is_searched_again_with_twice_the_time() -> None:
    """B2: for a given-up deal's first position (``retry``), a search that runs out of
    time is not the last word. Asked again, the position is searched again with twice the
    time (5, then 10 seconds), "not yet known" meanwhile; "undecided" is told only after
    RETRIES more searches, and then stays (no more searches). How They Run deal 9, proved
    winnable, was told "undecided" to every player after one search of 5 seconds on a busy
    server (with 2 seconds the solver leaves it undecided; with 5 on an idle machine it
    wins it)."""
    worker = _Answers([UNDECIDED] * (RETRIES + 1))
    insight = _insight(worker)
    position = deal(9, "how-they-run")
    for _ in range(RETRIES + 1):
        assert insight.verdict(position, retry=True) is None
    assert insight.verdict(position, retry=True) is UNDECIDED
    assert insight.verdict(position, retry=True) is UNDECIDED
    assert worker.budgets == [SEARCH_SECONDS * 2**k for k in range(RETRIES + 1)]
    assert worker.budgets == [5.0, 10.0]
    assert insight.queued == 0


def test_b2_a_retry_that_decides_the_position_is_told() -> None:
    """B2: the second search, with twice the time, wins the position: that is the answer,
    kept for later asks without another search."""
    won = SolveResult(Verdict.WINNABLE, (), 92_404, 0.3)
    worker = _Answers([UNDECIDED, won])
    insight = _insight(worker)
    position = deal(9, "how-they-run")
    assert insight.verdict(position, retry=True) is None
    assert insight.verdict(position, retry=True) is None
    assert insight.verdict(position, retry=True) is won
    assert insight.verdict(position) is won
    assert worker.budgets == [5.0, 10.0]


def test_b2_a_position_in_play_is_searched_once() -> None:
    """B2: a position of a game in play (Finish, peeking status, hints) is searched once:
    "undecided" is told at once (the player moves on; a longer search of a position
    nobody asks about any more would keep the single worker from the next one)."""
    worker = _Answers([UNDECIDED])
    insight = _insight(worker)
    position = deal(9, "how-they-run")
    assert insight.verdict(position) is None
    assert insight.verdict(position) is UNDECIDED
    assert insight.verdict(position) is UNDECIDED
    assert worker.budgets == [5.0]
