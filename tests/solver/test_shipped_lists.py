"""The winnable lists shipped for the family's games beside Scorpion (B2): each covers a range
that a survey decided in full, holds exactly the winnable deals of it, and New game's
"winnable deals only" may draw from it."""

from __future__ import annotations

import random

import pytest

from scorpion.engine import VARIANTS, deal
from scorpion.solver import Verdict, solve
from scorpion.solver.winnable import known_winnable, shipped_range, shipped_winnable_deals

SHIPPED = {
    "scorpion-ii": (1, 31999), "scorpion-strict": (1, 31999), "three-blind-mice": (1, 31999),
    "scorpion-head": (1, 31999), "chelicera": (1, 31999),
}
"""The games with a shipped list besides Scorpion, and the range each covers."""

CHECKED = {"scorpion-head": (60, 400_000)}
"""The deals 1..N solved again and their node budget, where not 1..150 with 100,000:
Scorpion Head's winnable deals need up to 390,000 positions there (deal 29)."""


@pytest.mark.parametrize("variant_id", list(SHIPPED))
def test_b2_a_shipped_list_holds_exactly_the_winnable_deals(variant_id: str) -> None:
    """B2: deals 1..150 (:data:`CHECKED`) are winnable exactly when listed (node budgets:
    the same on any machine), a sample of the listed deals is won again, and the list says
    its range."""
    variant = VARIANTS[variant_id]
    shipped = shipped_winnable_deals(variant_id)
    first, last = SHIPPED[variant_id]
    assert shipped_range(variant_id) == (first, last)
    assert len(shipped) == len(set(shipped)) and all(first <= n <= last for n in shipped)
    last, nodes = CHECKED.get(variant_id, (150, 100_000))
    found = {n for n in range(1, last + 1)
             if solve(deal(n, variant), max_nodes=nodes).verdict is Verdict.WINNABLE}
    assert found == {n for n in shipped if n <= last}
    assert all(known_winnable(variant_id, n) is (n in found) for n in range(1, last + 1))
    for n in random.Random(4).sample(shipped, 8):
        assert solve(deal(n, variant), max_nodes=2_000_000).verdict is Verdict.WINNABLE, n


def test_b2_games_without_a_complete_survey_ship_no_list() -> None:
    """B2: a game whose survey has not decided a whole range ships no list, so "winnable
    deals only" searches for one on the fly there."""
    for variant_id in VARIANTS:
        if variant_id != "scorpion" and variant_id not in SHIPPED:
            assert shipped_winnable_deals(variant_id) == ()
            assert shipped_range(variant_id) is None
