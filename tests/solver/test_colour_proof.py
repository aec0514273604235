"""The proof of loss of the games that build in alternate colours (B1, V2; search.py,
reduction 3; :mod:`scorpion.solver.colour_proof`): Scorpion Tail and Farmer's Wife.

Checked here: a lost position the proof sees at once, a winnable position that a narrower
rule would call lost, deals proved lost at their start, and random positions of both games
against the search without proofs (a position the proof calls lost is never won).
"""

from __future__ import annotations

import pytest
from family_positions import proof_against_search

from scorpion.engine import VARIANTS, Position, deal, parse_position
from scorpion.engine.cards import parse_card
from scorpion.solver import Verdict, check_line, core, solve
from scorpion.solver.colour_proof import SUCCESSORS, cannot_win

# Lost: six cards wait for one another, so none can move first. 8C must land on 9H (9D
# lies directly under it), which 9S covers; 8S on 9H or 9D, covered by 9S and 8C; AD on
# 2C (2S lies directly under it), covered by 8S; AH on 2S or 2C, covered by AD and 8S;
# TD, face down, waits for AH to leave it; and 9S on TH or TD: TH face down under TD, TD
# covered by AH. The search without proofs needs 24,996 positions to see it.
LOST = """\
variant: scorpion-tail
1: [TH TD AH] 6C 5H 4C JC 4D 3S 2H AC TC 9D 8C
2: [QC TS 9C] 7H 9H 9S 8D 7C 6H 5C 6S
3: [AS] 5D 4S 3D 2S AD
4: KD QS JH JD QH JS
5:
6: KC
7: KS QD KH 3H 2C 8S 7D 8H 7S 6D 5S 4H 3C 2D
stock: -
runs: -
"""

# Winnable (in 26 moves). 7D's successors 8S and 8C both lie below it in its own column;
# a rule that took a successor below a card in its column as out of reach would call 7D
# stuck. But 7H, under 7D, leads first and carries 7D off 8C (5H-2 ... 7D-2): a card
# carried keeps the card under it, so only the card on the successor must lead first.
WON_BY_CARRYING = """\
variant: scorpion-tail
1: JH TC 9D 3D 2C AH
2: [8S 2S] KH QS 9H 8C 7H 7D 6S
3: [5D] 5H 4C 4D 3C 2D AS 6H 5S QH JC KS QD JS 4S 9C 8D 7C TD TH AD
4: [6C] 6D 5C 4H
5: 3S 2H AC
6: KD QC JD TS 7S 3H
7: 9S 8H KC
stock: -
runs: -
"""

# Lost, and no move helps: no column can be emptied, so no King can move. 5C lies on KS
# without building on it, so KS's run can go only after 5C leads, onto 6H or 6D, both face
# down under KS and KC; 5S on KC likewise; KH and KD carry 5H and 5D, which need 6S or 6C,
# face down too. Columns 5 to 7 stand on 7S, 7C and 7H, which need the 8s, face down under
# the Kings. The first version of the proof, which took a King as free to leave with its
# run, left this open; the search without proofs needs 4 positions.
KINGS_HELD = """\
variant: scorpion-tail
1: [6H 6S 8H 8S] KS 5C 4H 3S 2H AS
2: [6D 6C 8D 8C] KC 5S 4D 3C 2D AC
3: KH 5H 4S 3H 2S AH
4: KD 5D 4C 3D 2C AD
5: 7S QD JC TD 9C
6: 7C QH JS TH
7: 7H QC JD TC 9D QS JH TS 9H 7D 9S
stock: -
runs: -
"""

# Lost: 6S, face down on 8H, must lead onto 7H or 7D. 7H lies above it in its own column,
# covered by 6C: a card between must lead (6H can, onto 7C) and 6C must leave 7H, onto 7D
# (its other successor), which TH covers at the bottom of column 5. So 6S waits for TH
# either way; TH for JS (face down under 8H, which waits for 6S) or for JC, covered by TD,
# whose other successor is JS again. The proof before 2026-12-06 took a successor above a
# card as reached once a card between led, and did not see 6C still covering it (this
# position came from a random play of Scorpion Tail 88); the search without proofs needs
# 41,913 positions, 1,848 with card classes.
COVERED_ABOVE = """\
variant: scorpion-tail
1: [4D 3S 9D] 3C AH AC
2: [JS 8H 6S] 9S 8D 7S 6H 5C 4H 5H 4S 5S 2C 8C 2H 3H QH JC TD JH TC 9H 8S 7H 6C 5D 4C 3D 9C
3: [6D] 7C
4: KS QD
5: 7D TH KC 2D AS
6:
7: KH QS JD TS KD QC 2S AD
stock: -
runs: -
"""


def proved_lost(p: Position) -> bool:
    return cannot_win([list(col) for col in p.columns], list(p.face_down), p.stock,
                      [c for c in p.cells if c >= 0])


def test_b1_successors_are_the_two_cards_one_higher_of_the_other_colour() -> None:
    assert {parse_card(c) for c in ("8S", "8C")} == set(SUCCESSORS[parse_card("7H")])
    assert {parse_card(c) for c in ("2H", "2D")} == set(SUCCESSORS[parse_card("AS")])
    assert SUCCESSORS[parse_card("KD")] == ()


def test_b1_a_lost_position_is_proved_lost_at_once() -> None:
    p = parse_position(LOST)
    assert proved_lost(p)
    assert core.search(p, 100_000, None, classes=False, proofs=False)[0] == "lost"
    result = solve(p, max_nodes=100)
    assert result.verdict is Verdict.NOT_WINNABLE
    assert result.nodes == 1


def test_b1_a_king_leaves_a_card_only_by_its_move_or_its_run() -> None:
    p = parse_position(KINGS_HELD)
    assert proved_lost(p)
    assert core.search(p, 100_000, None, classes=False, proofs=False) == ("lost", [], 4)


def test_b1_a_successor_above_a_card_must_be_parted_from_it_and_uncovered() -> None:
    p = parse_position(COVERED_ABOVE)
    assert proved_lost(p)
    assert core.search(p, 100_000, None, classes=False, proofs=False) == ("lost", [], 41_913)
    assert core.search(p, 100_000, None, classes=True, proofs=False) == ("lost", [], 1_848)
    result = solve(p, max_nodes=100)
    assert (result.verdict, result.nodes) == (Verdict.NOT_WINNABLE, 1)


def test_b1_a_card_carried_off_its_successor_is_not_stuck() -> None:
    p = parse_position(WON_BY_CARRYING)
    assert not proved_lost(p)
    result = solve(p, max_nodes=100_000)
    assert result.verdict is Verdict.WINNABLE
    check_line(p, result.line)


def test_b1_deals_proved_lost_at_their_start() -> None:
    """Deals 1..100 that the proof decides before any move (and the solver with them)."""
    tail = VARIANTS["scorpion-tail"]
    wife = VARIANTS["farmers-wife"]
    assert [n for n in range(1, 101) if proved_lost(deal(n, tail))] == [13, 23, 25, 43, 82]
    assert [n for n in range(1, 101) if proved_lost(deal(n, wife))] == [1, 27, 29, 90]
    result = solve(deal(13, tail), max_nodes=10)
    assert (result.verdict, result.nodes) == (Verdict.NOT_WINNABLE, 1)


@pytest.mark.parametrize("game", ["scorpion-tail", "farmers-wife"])
def test_b1_positions_proved_lost_are_never_won(game: str) -> None:
    """On random positions, the proof never calls lost one that the search without proofs
    wins; both kinds are met, and many of the positions that search proves lost are
    proved lost by the proof at once."""
    tally = proof_against_search(VARIANTS[game], proved_lost)
    assert tally.won >= 20
    assert tally.lost >= 20
    assert tally.proved >= tally.lost // 2
