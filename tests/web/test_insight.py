"""The solver's verdicts in the background (B2, F11): the queue is bounded, and a search
finished for a position nobody asks about again does not keep its place in it."""

from __future__ import annotations

import time

from scorpion.engine import deal
from scorpion.solver import Verdict
from scorpion.web.insight import MAX_QUEUED, Insight

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
