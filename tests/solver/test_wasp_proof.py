"""The proof of loss of Wasp and Wasp II (B1, V2; search.py, reduction 3;
:func:`scorpion.solver.proof.cannot_empty`): a board none of whose columns can ever be
emptied cannot be won.

Until a column is first emptied, Wasp is played as Scorpion, so Scorpion's clauses hold for
the events that come before the first empty column; Scorpion's whole test does not hold
(after that, any card may fill an empty column). Checked here: the test is silent when a
column is empty, Scorpion's test would call winnable Wasp deals lost while this one does
not, the deals it proves lost at their start, random positions against the search without
proofs, and the solver's verdicts with and without it.
"""

from __future__ import annotations

import pytest
from family_positions import proof_against_search

from scorpion.engine import VARIANTS, Position, deal, parse_position
from scorpion.solver import Verdict, check_line, core, solve
from scorpion.solver.core import Board
from scorpion.solver.proof import cannot_empty, cannot_win

# Wasp deal 8, which no line of play can win: no column of it can ever be emptied (the
# test sees it at once; the search without proofs needs 6,907 positions).
DEAL_8 = """\
variant: wasp
1: [4C AH 6H] TC TS 5C 4H
2: [5H 8S 6D] QD 7S 5D 6C
3: [3S 2D 7D] 4S 8D AS AC
4: [TD 3C KS] QH 2H 3H TH
5: KD JC 8H QS JH 2S JS
6: 3D 4D 9C 7H 9S QC AD
7: KC 5S 9H 7C 9D 2C 6S
stock: KH 8C JD
runs: -
"""


def proved_lost(p: Position) -> bool:
    board = Board(p)
    return cannot_empty(bytes(board.code), board.ncols)


def test_b1_a_board_whose_columns_cannot_be_emptied_is_proved_lost() -> None:
    """The deal as written above is Wasp's deal 8; the test proves it lost before any
    move, and the search without proofs agrees."""
    p = parse_position(DEAL_8)
    assert p == deal(8, VARIANTS["wasp"])
    assert proved_lost(p)
    assert core.search(p, 100_000, None, proofs=False)[0] == "lost"


def test_b1_the_test_says_nothing_when_a_column_is_empty() -> None:
    """The same cards with column 7 laid on column 6: an empty column is the event the
    test asks about, it has come, and any card may now fill it."""
    p = parse_position(DEAL_8.replace("QC AD\n7: KC 5S 9H 7C 9D 2C 6S",
                                      "QC AD KC 5S 9H 7C 9D 2C 6S\n7:"))
    assert p.columns[6] == ()
    assert not proved_lost(p)
    assert cannot_win(bytes(Board(p).code))  # Scorpion's test, which does not hold here


@pytest.mark.parametrize("game", ["wasp", "wasp-ii"])
def test_b1_scorpions_test_would_call_winnable_wasp_deals_lost(game: str) -> None:
    """Scorpion's test needs every card's first move as Scorpion's rules allow it, which
    Wasp's empty columns do not keep to: it calls lost deals that Wasp wins (deal 2 of
    both games, won below). The Wasp test asks only whether a column can be emptied."""
    start = deal(2, VARIANTS[game])
    code = bytes(Board(start).code)
    assert cannot_win(code)
    assert not cannot_empty(code)
    result = solve(start, max_nodes=1_000_000)
    assert result.verdict is Verdict.WINNABLE
    check_line(start, result.line)


def test_b1_deals_proved_lost_at_their_start() -> None:
    """Deals 1..100 that the test decides before any move (each of them lost in the
    surveys of ``docs/win-shares.md``, where they were searched to the end)."""
    wasp = VARIANTS["wasp"]
    wasp_ii = VARIANTS["wasp-ii"]
    assert [n for n in range(1, 101) if proved_lost(deal(n, wasp))] == [
        8, 12, 19, 30, 31, 61, 69, 79, 82, 85, 89, 90]
    assert [n for n in range(1, 101) if proved_lost(deal(n, wasp_ii))] == [12, 69, 85]
    result = solve(deal(8, wasp), max_nodes=10)
    assert (result.verdict, result.nodes) == (Verdict.NOT_WINNABLE, 1)
    assert core.search(deal(8, wasp), 100_000, None, proofs=False)[0] == "lost"


@pytest.mark.parametrize("game", ["wasp", "wasp-ii"])
def test_b1_positions_proved_lost_are_never_won(game: str) -> None:
    """On random positions, the test never calls lost one that the search without proofs
    wins. Random play in these games mostly ends with no move left (263 of Wasp's 266 lost
    positions): so the test is also asked of deals 1..200, where the search without proofs
    (20,000 positions) proves some lost (Wasp 20, Wasp II 5); it proves most of them lost
    at once, and calls none of the won ones lost."""
    tally = proof_against_search(VARIANTS[game], proved_lost)
    assert tally.won >= 20
    won = lost = proved = 0
    for number in range(1, 201):
        p = deal(number, VARIANTS[game])
        verdict = proved_lost(p)
        outcome = core.search(p, 20_000, None, proofs=False)[0]
        assert not (verdict and outcome == "won"), number
        won += outcome == "won"
        if outcome == "lost":
            lost += 1
            proved += verdict
    assert won >= 100 and lost >= 4 and proved >= lost // 2 + 1, (won, lost, proved)


@pytest.mark.parametrize("game", ["wasp", "wasp-ii"])
def test_b1_verdicts_with_the_test_equal_those_without(game: str) -> None:
    """Deals 1..40 searched to the end (or to 300,000 positions) with and without the
    test: the same outcome wherever both decide, never more positions with it, and fewer
    on some lost deals."""
    variant = VARIANTS[game]
    fewer = 0
    for number in range(1, 41):
        start = deal(number, variant)
        plain = core.search(start, 300_000, None, proofs=False)
        ours = core.search(start, 300_000, None)
        if "out" not in (plain[0], ours[0]):
            assert ours[0] == plain[0], number
        if plain[0] == "lost":
            assert ours[0] == "lost" and ours[2] <= plain[2], number
            fewer += ours[2] < plain[2]
    assert fewer >= 1
