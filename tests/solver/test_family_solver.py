"""The solver (B1) on the games the compiled core does not play (V2): Scorpion Tail, Three
Blind Mice, Farmer's Wife, How They Run, Scorpion Head and Chelicera.

The same guarantees as for Scorpion: a winning line is replayed on the engine and wins;
"not winnable" is said only after every reachable position was searched, cross-checked
here against the plain exhaustive search of ``benchmarks/baseline_dfs.py`` (full positions,
no canonical keys) on positions small enough for it; a spent budget says "undecided".
"""

from __future__ import annotations

import pytest
from family_positions import random_position

from baseline_dfs import plain_dfs
from scorpion.engine import (
    CELL_BASE,
    CHELICERA,
    HOW_THEY_RUN,
    SCORPION_HEAD,
    VARIANTS,
    Game,
    Move,
    deal,
    parse_position,
)
from scorpion.solver import Verdict, check_line, solve
from scorpion.solver.generic import generic_key

OTHERS = [v for v in VARIANTS.values() if not v.is_classic]

# A deal of each game that the search wins quickly (deal 1 where it does).
WINNABLE = {
    "scorpion-tail": 4, "three-blind-mice": 3, "farmers-wife": 2, "how-they-run": 1,
    "scorpion-head": 1, "chelicera": 1,
}


@pytest.mark.parametrize("variant_id", list(WINNABLE))
def test_b1_v2_a_winning_line_wins_on_the_engine(variant_id: str) -> None:
    """B1, V2: the line of a winnable deal, played move by move in a Game, wins."""
    start = deal(WINNABLE[variant_id], VARIANTS[variant_id])
    result = solve(start, max_seconds=60)
    assert result.verdict is Verdict.WINNABLE
    game = Game(start)
    for move in result.line:
        assert not game.is_won
        game.push(move)
    assert game.is_won
    check_line(start, result.line)


@pytest.mark.parametrize("variant_id", [v.id for v in OTHERS])
def test_b1_v2_verdicts_agree_with_a_plain_exhaustive_search(variant_id: str) -> None:
    """B1, V2: wherever the plain search decides within 5,000 positions, the solver never
    says otherwise: "not winnable" exactly where the plain search proves it (the solver's
    space, with columns and cells taken as interchangeable, is no larger), and within
    20,000 positions "winnable" (with a line that wins) or "undecided" where the plain
    search wins (its order of moves may simply be luckier). Over the 40 positions each game
    has both kinds: some won by the solver, and some lost that still have moves (with 12,
    Scorpion Head's decided positions were all dead ends, which any solver calls lost)."""
    won = lost = 0
    for seed in range(40):
        p = random_position(VARIANTS[variant_id], seed)
        plain = plain_dfs(p, max_nodes=5_000)
        if plain.verdict is Verdict.UNDECIDED:
            continue
        ours = solve(p, max_nodes=20_000)
        if plain.verdict is Verdict.NOT_WINNABLE:
            assert ours.verdict is Verdict.NOT_WINNABLE, seed
            assert ours.nodes <= plain.nodes
            lost += bool(p.legal_moves())
        else:
            assert ours.verdict is not Verdict.NOT_WINNABLE, seed
            if ours.verdict is Verdict.WINNABLE:
                check_line(p, ours.line)
                won += 1
    assert won >= 1 and lost >= 3, (won, lost)


def test_b1_v2_a_budget_gives_undecided() -> None:
    """B1: a node budget spent before the end is "undecided", never "not winnable"."""
    result = solve(deal(3, VARIANTS["three-blind-mice"]), max_nodes=50)
    assert result.verdict is Verdict.UNDECIDED and result.line == () and result.nodes <= 50


def test_b1_v2_chelicera_lost_and_won_by_hand() -> None:
    """B1, V2: a Chelicera position where 2C lies under 3C in the same column, and only
    whole columns can move (into the empty ones), is lost; one move from a win is won with
    that move."""
    lost = parse_position("""\
        variant: chelicera
        1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS
        2: KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH
        3: KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD
        4: KC QC JC TC 9C 8C 7C 6C 5C 4C 2C 3C
        5: AC
        6:
        7:
        stock: -
        """)
    assert solve(lost).verdict is Verdict.NOT_WINNABLE
    assert plain_dfs(lost).verdict is Verdict.NOT_WINNABLE
    won = solve(parse_position("""\
        variant: chelicera
        1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS
        2: KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH
        3: KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD
        4: KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C
        5: AC
        6:
        7:
        stock: -
        """, CHELICERA))
    assert won.verdict is Verdict.WINNABLE and won.line == (Move.parse("AC-4"),)


def test_b1_v2_keys_ignore_the_order_of_columns_and_cells_only_where_safe() -> None:
    """B1: free cells and (once no stock waits for columns 1-3) columns are interchangeable
    in the key; before Scorpion Tail's deal columns 1-3 keep their places."""
    p = deal(2, HOW_THEY_RUN)
    swapped = p._replace(columns=p.columns[::-1], face_down=p.face_down[::-1],
                         cells=p.cells[::-1])
    assert generic_key(swapped) == generic_key(p)
    head = deal(2, SCORPION_HEAD)
    moved = head.apply(Move(head.columns[0][-1], CELL_BASE + 2))
    other = head.apply(Move(head.columns[0][-1], CELL_BASE))
    assert moved != other and generic_key(moved) == generic_key(other)
    tail = deal(2, VARIANTS["scorpion-tail"])
    first = tail._replace(columns=(tail.columns[1], tail.columns[0], *tail.columns[2:]),
                          face_down=(tail.face_down[1], tail.face_down[0], *tail.face_down[2:]))
    assert generic_key(first) != generic_key(tail)
    last = tail._replace(columns=(*tail.columns[:5], tail.columns[6], tail.columns[5]),
                         face_down=(*tail.face_down[:5], tail.face_down[6], tail.face_down[5]))
    assert generic_key(last) == generic_key(tail)
