"""The proof of loss of the same-suit games with free cells (B1, V2; search.py, reduction
3; :mod:`scorpion.solver.cell_proof`): How They Run and Scorpion Head.

Checked here: a deal the proof sees lost at once, the deals proved lost at their start, and
random positions of both games against the search without proofs (a position the proof
calls lost is never won).
"""

from __future__ import annotations

import pytest
from family_positions import proof_against_search

from scorpion.engine import VARIANTS, Position, deal
from scorpion.engine.cards import card_code
from scorpion.solver import Verdict, core, solve
from scorpion.solver.cell_proof import cannot_win

HOW_THEY_RUN = VARIANTS["how-they-run"]


def proved_lost(p: Position) -> bool:
    return cannot_win([list(col) for col in p.columns], list(p.face_down),
                      [c for c in p.cells if c >= 0], p.variant.cells)


def test_b1_a_deal_whose_cells_can_never_be_freed_is_proved_lost_at_once() -> None:
    """How They Run 77: 6D and 7D fill both cells; 6D can leave its cell only onto 7D, and
    7D only onto 8D, under TC, AC and AS. Each card that would clear 8D waits, along a
    chain of successors (AS for 2S, face down under 7S, which waits for 8S under 9C, which
    waits for TC...), for a card under 8D or for a free cell. The search without proofs
    needs 768 positions to see it; the solver, one."""
    p = deal(77, HOW_THEY_RUN)
    assert [card_code(c) for c in p.cells] == ["6D", "7D"]
    assert proved_lost(p)
    assert core.search(p, 100_000, None, proofs=False) == ("lost", [], 768)
    result = solve(p, max_nodes=100)
    assert (result.verdict, result.nodes) == (Verdict.NOT_WINNABLE, 1)


def test_b1_a_successor_above_a_card_must_be_parted_from_it_and_uncovered() -> None:
    """How They Run 105: AC has 2C on it and 8C on 2C, QC has KC on it and 6H on KC. Each
    lands on its successor only once that has led (or gone into a cell) and the card on
    it has left, both; before 2026-12-06 the proof asked for the first alone and did not
    see this deal lost. The search without proofs needs 8,631 positions; the solver,
    one."""
    p = deal(105, HOW_THEY_RUN)
    assert [card_code(c) for c in p.columns[2]] == ["AC", "2C", "8C", "QD", "JH"]
    assert [card_code(c) for c in p.columns[0]] == ["5D", "QC", "KC", "6H", "4S"]
    assert proved_lost(p)
    assert core.search(p, 1_000_000, None, proofs=False)[0::2] == ("lost", 8_631)
    result = solve(p, max_nodes=100)
    assert (result.verdict, result.nodes) == (Verdict.NOT_WINNABLE, 1)


def test_b1_deals_proved_lost_at_their_start() -> None:
    """How They Run deals 1..100 that the proof decides before any move; none of Scorpion
    Head's, whose cells start empty (once a cell is free, any card uncovered may go into
    it, and the proof sees little)."""
    assert [n for n in range(1, 101) if proved_lost(deal(n, HOW_THEY_RUN))] == [38, 76, 77, 92]
    head = VARIANTS["scorpion-head"]
    assert not any(proved_lost(deal(n, head)) for n in range(1, 101))
    for n in (38, 76, 92):  # lost: the search without proofs ends, and wins nothing
        assert core.search(deal(n, HOW_THEY_RUN), 200_000, None, proofs=False)[0] == "lost"


@pytest.mark.parametrize("game", ["how-they-run", "scorpion-head"])
def test_b1_positions_proved_lost_are_never_won(game: str) -> None:
    """On random positions, the proof never calls lost one that the search without proofs
    wins; both kinds are met, and many of the positions that search proves lost are
    proved lost by the proof at once."""
    tally = proof_against_search(VARIANTS[game], proved_lost)
    assert tally.won >= 20
    assert tally.lost >= 20
    assert tally.proved >= tally.lost // 3
