"""The winnable lists shipped for the family's games beside Scorpion (B2): each covers the
range of a survey, names the deals of it left undecided, holds exactly the winnable deals
of the rest, and New game's "winnable deals only" may draw from it."""

from __future__ import annotations

import random

import pytest

from scorpion.engine import VARIANTS, deal
from scorpion.solver import Verdict, solve
from scorpion.solver.winnable import (
    known_winnable,
    shipped_range,
    shipped_undecided,
    shipped_winnable_deals,
)

SHIPPED = {
    "scorpion-ii": (1, 31999), "scorpion-strict": (1, 31999), "three-blind-mice": (1, 31999),
    "scorpion-head": (1, 31999), "chelicera": (1, 31999), "wasp": (1, 31999),
    "wasp-ii": (1, 31999), "scorpion-tail": (1, 31999), "farmers-wife": (1, 31999),
    "how-they-run": (1, 31999),
}
"""The games with a shipped list besides Scorpion, and the range each covers."""

UNDECIDED = {
    "scorpion-tail": 596, "farmers-wife": 413, "how-they-run": 127,
}
"""How many deals each list leaves undecided, where any (docs/win-shares.md)."""

CHECKED = {"scorpion-head": (60, 400_000), "how-they-run": (40, 1_000_000)}
"""The deals 1..N solved again and their node budget, where not 1..150 with 100,000:
Scorpion Head's winnable deals need up to 390,000 positions there (deal 29), How They
Run's up to 638,543 in its survey (deal 19)."""

PROBES_ONLY = {"how-they-run": 1_000_000}
"""Where re-solves by probes alone (``probes=100``) decided deals the search had left
undecided, the largest of their node budgets: a deal the list says winnable is won again
with the budget of :data:`CHECKED` or, failing that, with this one (docs/win-shares.md;
probe *i* is the same whatever the budget, so probes alone win within a larger budget
every deal they win within a smaller one)."""


@pytest.mark.parametrize("variant_id", list(SHIPPED))
def test_b2_a_shipped_list_holds_exactly_the_winnable_deals(variant_id: str) -> None:
    """B2: of deals 1..150 (:data:`CHECKED`), those the list says winnable are won again
    (:data:`PROBES_ONLY`),
    those it says not winnable are not (node budgets: the same on any machine), those it
    leaves undecided are neither; a sample of the listed deals is won again, and the list
    says its range and how many deals of it are undecided. The sample is won again as
    the deals 1..N are (with 2,000,000 positions first): How They Run 17477, in it since
    the list of 2026-12-06 15:28 UTC, was won by probes alone."""
    shipped = shipped_winnable_deals(variant_id)
    undecided = shipped_undecided(variant_id)
    first, last = SHIPPED[variant_id]
    assert shipped_range(variant_id) == (first, last)
    assert len(shipped) == len(set(shipped)) and all(first <= n <= last for n in shipped)
    assert len(undecided) == UNDECIDED.get(variant_id, 0)
    assert all(first <= n <= last for n in undecided) and not undecided & set(shipped)
    last, nodes = CHECKED.get(variant_id, (150, 100_000))
    for n in range(1, last + 1):
        known = known_winnable(variant_id, n)
        assert known is (None if n in undecided else n in shipped), n
        verdict = _solved_again(variant_id, n, nodes, listed=bool(known))
        if known is None:  # undecided: neither won nor proved lost here either
            assert verdict is Verdict.UNDECIDED, (n, verdict)
        else:  # a lost deal may take more than this budget to prove lost
            assert (verdict is Verdict.WINNABLE) is known, (n, verdict)
    # The sample: the first 8 listed deals among fixed random numbers of the range, so that
    # it does not change as re-solves add deals to the list (those took larger budgets).
    listed = set(shipped)
    lowest, highest = SHIPPED[variant_id]
    drawn = random.Random(4).sample(range(lowest, highest + 1), 200)
    for n in [n for n in drawn if n in listed][:8]:
        assert _solved_again(variant_id, n, 2_000_000, listed=True) is Verdict.WINNABLE, n


def _solved_again(variant_id: str, n: int, nodes: int, listed: bool) -> Verdict:
    """The verdict on deal ``n`` within ``nodes`` positions; for a deal the list says
    winnable and not won so, in the games of :data:`PROBES_ONLY`, by probes alone."""
    start = deal(n, VARIANTS[variant_id])
    verdict = solve(start, max_nodes=nodes).verdict
    if listed and verdict is not Verdict.WINNABLE and variant_id in PROBES_ONLY:
        verdict = solve(start, max_nodes=PROBES_ONLY[variant_id], probes=100).verdict
    return verdict


def test_b2_every_game_ships_a_list_and_a_missing_one_reads_as_none() -> None:
    """B2: every game of the family ships its list; a game without one (none today) would
    read as no deals and no range, and "winnable deals only" would search on the fly."""
    assert [v for v in VARIANTS if v != "scorpion" and v not in SHIPPED] == []
    assert shipped_winnable_deals("no-such-game") == ()
    assert shipped_range("no-such-game") is None
    assert known_winnable("no-such-game", 1) is None
