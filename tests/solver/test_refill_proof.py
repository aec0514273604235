"""The proof of loss of Chelicera (B1, V2; search.py, reduction 3;
:mod:`scorpion.solver.refill_proof`): a stock that refills emptied columns, runs that stay.

Checked here: the stock's packets read as columns to come (one order wins, another is
proved lost at once), a deal the proof sees lost before any move, the deals proved lost
at their start, and random positions against the search without proofs (a position the
proof calls lost is never won).
"""

from __future__ import annotations

import pytest
from family_positions import proof_against_search

from scorpion.engine import VARIANTS, Position, deal, parse_position
from scorpion.engine.cards import card_code
from scorpion.solver import Verdict, check_line, core, solve
from scorpion.solver.refill_proof import cannot_win

CHELICERA = VARIANTS["chelicera"]

# Clubs, hearts and spades are all but built; the stock holds the last three diamonds,
# laid into the first column emptied (2C onto 3C empties column 5), bottom first.
PACKET = """\
variant: chelicera
1: KC QC JC TC 9C 8C 7C 6C 5C 4C 3C
2: KD QD JD TD 9D 8D 7D 6D 5D 4D
3: KH QH JH TH 9H 8H 7H 6H 5H 4H 3H
4: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS
5: 2C AC
6: 2H
7: AH
stock: {}
"""


def proved_lost(p: Position) -> bool:
    return cannot_win([list(col) for col in p.columns], p.stock, CHELICERA.refill)


def test_b1_a_packet_that_buries_a_successor_is_proved_lost_at_once() -> None:
    """Stock 3D AD 2D: laid, AD lies on 3D and 2D on AD. 2D can land only on 3D, under
    AD; AD only on 2D, above it in its own column, so AD waits for 2D to lead and 2D for
    AD to leave: neither can move first. The search without proofs needs 15 positions to
    see it; the solver, one. Laid AD 2D 3D or 3D 2D AD, the same diamonds win."""
    lost = parse_position(PACKET.format("3D AD 2D"))
    assert proved_lost(lost)
    assert core.search(lost, 100_000, None, proofs=False) == ("lost", [], 15)
    result = solve(lost, max_nodes=100)
    assert (result.verdict, result.nodes) == (Verdict.NOT_WINNABLE, 1)
    for stock in ("AD 2D 3D", "3D 2D AD"):
        won = parse_position(PACKET.format(stock))
        assert not proved_lost(won)
        result = solve(won, max_nodes=1_000)
        assert result.verdict is Verdict.WINNABLE
        check_line(won, result.line)


def test_b1_a_deal_whose_first_column_cannot_be_emptied_is_proved_lost_at_once() -> None:
    """Chelicera 2: no column can be emptied first. Its bottom cards are QD, QC, KC, 3C,
    4C, 2C and KD; the Kings leave only into an empty column, and each of the five others
    waits, along a chain of cards to clear, for a card still in the stock (laid only into
    an emptied column) or for KS to move (into an empty column): QD for KD, under 6D,
    which waits for 7D, in the stock; QC for KC, under JD, which waits for QD... So no
    King moves and no stock card comes; the search without proofs needs 32 positions."""
    p = deal(2, CHELICERA)
    assert [card_code(col[0]) for col in p.columns] == ["QD", "QC", "KC", "3C", "4C", "2C", "KD"]
    assert proved_lost(p)
    assert core.search(p, 100_000, None, proofs=False) == ("lost", [], 32)
    result = solve(p, max_nodes=100)
    assert (result.verdict, result.nodes) == (Verdict.NOT_WINNABLE, 1)


def test_b1_deals_proved_lost_at_their_start() -> None:
    """Chelicera deals 1..100 that the proof decides before any move (50 of them, 44
    before a covered successor above a card was asked to be uncovered too, 2026-12-06; the
    survey finds 63 of the 100 lost); the search without proofs agrees on some that it
    can finish."""
    assert [n for n in range(1, 101) if proved_lost(deal(n, CHELICERA))] == [
        2, 3, 7, 8, 12, 13, 16, 17, 18, 19, 20, 22, 23, 28, 29, 31, 32, 35, 36, 39, 40, 43,
        50, 51, 52, 54, 55, 56, 57, 62, 63, 64, 66, 67, 68, 69, 70, 71, 74, 77, 79, 83, 84,
        86, 89, 90, 92, 97, 98, 100,
    ]
    assert core.search(deal(3, CHELICERA), 100_000, None, proofs=False) == ("lost", [], 12_900)


def test_b1_the_refill_must_be_positive() -> None:
    p = deal(1, CHELICERA)
    with pytest.raises(ValueError, match="refill must be positive"):
        cannot_win([list(col) for col in p.columns], p.stock, 0)


def test_b1_positions_proved_lost_are_never_won() -> None:
    """On random positions, some with the stock used up and columns empty, the proof
    never calls lost one that the search without proofs wins; both kinds are met, and
    most of the positions that search proves lost are proved lost by the proof at once."""
    tally = proof_against_search(CHELICERA, proved_lost, further_every=3)
    assert tally.won >= 20
    assert tally.lost >= 20
    assert tally.drained >= 20
    assert tally.proved >= tally.lost // 2
