"""The solver (B1): exact verdicts on hand-made positions, winning lines replayed on the
engine, ``not winnable`` cross-checked against a plain exhaustive search, determinism."""

from __future__ import annotations

import random

import pytest

from baseline_dfs import plain_dfs
from scorpion.engine import (
    SCORPION,
    SCORPION_STRICT,
    WASP,
    Move,
    Position,
    deal,
    parse_position,
)
from scorpion.solver import SolverError, Verdict, check_line, position_key, safe_move, solve

ONE_MOVE_FROM_A_WIN = """\
1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S
2: AS
3:
4:
5:
6:
7:
stock: -
runs: C D H
"""

KING_BURIED_UNDER_THE_CARD_IT_NEEDS = """\
1: [KS] QS
2: JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS
3:
4:
5:
6:
7:
stock: -
runs: C D H
"""

# Two suits left; the stock holds the spade Ace, and the deal is needed to win.
NEEDS_THE_DEAL = """\
1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S
2: KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H
3: 2S
4:
5:
6:
7: AH
stock: 7D 8D AS
runs: C
"""


def test_one_move_from_a_win() -> None:
    result = solve(parse_position(ONE_MOVE_FROM_A_WIN))
    assert result.verdict is Verdict.WINNABLE
    assert [str(m) for m in result.line] == ["AS-1"]


def test_king_buried_under_the_card_it_needs_is_lost() -> None:
    result = solve(parse_position(KING_BURIED_UNDER_THE_CARD_IT_NEEDS))
    assert result.verdict is Verdict.NOT_WINNABLE
    assert result.line == ()


def test_won_position_needs_no_move() -> None:
    won = parse_position("1:\n2:\n3:\n4:\n5:\n6:\n7:\nstock: -\nruns: C D H S\n")
    result = solve(won)
    assert (result.verdict, result.line, result.nodes) == (Verdict.WINNABLE, (), 1)


def test_a_deal_that_needs_the_stock() -> None:
    """Hearts and spades need the stock's AS and a column for the diamonds' cards."""
    position = parse_position(NEEDS_THE_DEAL.replace("runs: C", "runs: C D").replace(
        "stock: 7D 8D AS", "stock: -").replace("3: 2S", "3: 2S AS"))
    result = solve(position)
    assert result.verdict is Verdict.WINNABLE
    check_line(position, result.line)


def test_winning_line_of_deal_5_wins_on_the_engine() -> None:
    p = deal(5)
    result = solve(p)
    assert result.verdict is Verdict.WINNABLE
    for move in result.line:
        p = p.apply(move)
    assert p.is_won


def test_check_line_refuses_lines_that_do_not_win() -> None:
    p = parse_position(ONE_MOVE_FROM_A_WIN)
    with pytest.raises(SolverError, match="does not win"):
        check_line(p, [])
    with pytest.raises(SolverError, match="illegal"):
        check_line(p, [Move.parse("AS-3")])


def test_budget_gives_undecided_and_is_deterministic() -> None:
    small = solve(deal(73), max_nodes=50)
    assert small.verdict is Verdict.UNDECIDED and small.line == () and small.nodes == 50
    p = deal(5)
    first, second = solve(p, max_nodes=10**6), solve(p, max_nodes=10**6)
    assert first.verdict is Verdict.WINNABLE
    assert (first.verdict, first.line, first.nodes) == (second.verdict, second.line, second.nodes)


def test_position_key_orders_columns_as_the_rules_allow() -> None:
    """Before the deal columns 1-3 keep their places, 4-7 do not; after it none do."""
    p = deal(1)
    swapped_late = p._replace(
        columns=(*p.columns[:3], p.columns[4], p.columns[3], *p.columns[5:]),
        face_down=(*p.face_down[:3], p.face_down[4], p.face_down[3], *p.face_down[5:]),
    )
    swapped_early = p._replace(
        columns=(p.columns[1], p.columns[0], *p.columns[2:]),
    )
    assert position_key(swapped_late) == position_key(p)
    assert position_key(swapped_early) != position_key(p)
    dealt = p.apply(Move.parse("deal"))
    swapped_dealt = dealt._replace(
        columns=(dealt.columns[1], dealt.columns[0], *dealt.columns[2:]),
        face_down=(dealt.face_down[1], dealt.face_down[0], *dealt.face_down[2:]),
    )
    assert position_key(swapped_dealt) == position_key(dealt)


# TC may go onto JC, but carries QC, which JC needs: not a safe move, and in fact losing.
BURIES_WHAT_IT_NEEDS = """\
1: 3C
2: KC TD 9D 3D 2D AD KD
3: [JD] JC
4: [4C] AC
5: QD
6: [7C 2C] 4D TC 9C 8C QC 6C 5C
7: 8D 7D 6D 5D
stock: -
runs: H S
"""


BEFORE_THE_DEAL = """\
1: KS QS JS TS 9S 8S 7S 6S 5S 4S
2:
3: KH QH JH TH 9H 8H 7H 6H 5H 4H
4: 2S AS
5: 3S
6:
7:
stock: 3H 2H AH
runs: C D
"""


# 6S may go onto 7S, but 5S lies under 7S: 5S must first carry 7S onto 6S. Winnable,
# but not after 6S-1.
BURIES_THE_CARD_BELOW = """\
1: [8C 5C] 5S 7S
2: 4C QS 7C
3: TC KC
4: [9S] JC AC TS 3S
5: 4S 2S KS
6: [QC 6C] 3C AS 9C
7: [8S JS] 2C 6S
stock: -
runs: D H
"""


# Strict stock: 6C-7 empties column 4 before the deal, which then may not be dealt.
EMPTIES_BEFORE_A_STRICT_DEAL = """\
variant: scorpion-strict
1: 8H AC 2C 3C
2: [6H] AH
3: [KH 8C 2H 3H] 5C 4C 5H 4H
4: 6C
5: [9C TC 7H] JC
6: TH 9H
7: [KC] 7C
stock: QH JH QC
runs: D S
"""


# TC..4C may go onto JC, but 2C lies under JC and must later go onto 3C on that block.
BURIES_A_LOWER_CARD = """\
variant: scorpion-strict
1: [QD] 7D 9D JD
2: TC 9C 8C 7C 6C 5C 4C
3: [QC] 3D 2D TD AD
4: 8D 3C 5D 6D
5: KC
6: KD 4D 2C AC JC
7:
stock: -
runs: H S
"""


# 8C may go onto 9C alone, but later 4C brings JC TC onto the 8C pile as passengers,
# and 9C needs TC: with 8C on 9C, TC would lie above 9C.
A_PASSENGER_LATER = """\
1: [4S] 9C
2: TS 9S 8S 5S
3:
4: [7S] QC 3S 2S AS 3C 2C AC
5: KS QS JS 8C
6:
7: KC 6C 5C TC 6S 7C 4C JC
stock: -
runs: D H
"""


def test_safe_moves() -> None:
    """Safe: a non-King carrying only its block onto its exposed successor, no lower card
    of its suit under that; only once the stock is dealt; never in Wasp."""
    p = deal(1)  # legal: 5S-7 (carries 9D...) 5C-3 7D-1 (col 6) 7C-5 JS-2 (col 7) deal
    assert safe_move(p, p.legal_moves()) is None
    early = parse_position(BEFORE_THE_DEAL)
    assert [str(m) for m in early.legal_moves()] == [
        "KS-2", "KS-6", "KS-7", "KH-2", "KH-6", "KH-7", "2S-5", "3S-1", "deal"
    ]
    assert safe_move(early, early.legal_moves()) is None  # the stock is still there
    near = parse_position(
        ONE_MOVE_FROM_A_WIN.replace(" 3S 2S\n", " 3S\n").replace("2: AS", "2: 2S AS")
    )
    assert str(safe_move(near, near.legal_moves())) == "2S-1"
    wasp = near._replace(variant=WASP)
    assert safe_move(wasp, wasp.legal_moves()) is None
    buried = parse_position(BURIES_WHAT_IT_NEEDS)
    tc = Move.parse("TC-3")
    assert tc in buried.legal_moves()
    assert safe_move(buried, [tc]) is None
    assert solve(buried.apply(tc)).verdict is Verdict.NOT_WINNABLE
    assert solve(buried).verdict is Verdict.WINNABLE
    below = parse_position(BURIES_THE_CARD_BELOW)
    six = Move.parse("6S-1")
    assert six in below.legal_moves()
    assert safe_move(below, [six]) is None
    assert plain_dfs(below.apply(six), max_nodes=10**6).verdict is Verdict.NOT_WINNABLE
    assert solve(below).verdict is Verdict.WINNABLE
    lower = parse_position(BURIES_A_LOWER_CARD)
    block = Move.parse("TC-6")
    assert safe_move(lower, [block]) is None
    assert plain_dfs(lower.apply(block), max_nodes=10**6).verdict is Verdict.NOT_WINNABLE
    assert solve(lower).verdict is Verdict.WINNABLE
    passenger = parse_position(A_PASSENGER_LATER)
    eight = Move.parse("8C-1")
    assert safe_move(passenger, [eight]) is None
    assert plain_dfs(passenger.apply(eight), max_nodes=10**6).verdict is Verdict.NOT_WINNABLE
    assert solve(passenger).verdict is Verdict.WINNABLE
    run_column = parse_position(BEFORE_THE_DEAL.replace("stock: 3H 2H AH", "stock: -").replace(
        "2:\n", "2: 3H 2H AH\n"))
    # 3H (carrying 2H AH) onto KH..4H: safe by both rules; 3S onto KS..4S by the first.
    assert str(safe_move(run_column, run_column.legal_moves())) == "3H-3"
    assert str(safe_move(run_column, [Move.parse("3S-1")])) == "3S-1"
    strict = parse_position(EMPTIES_BEFORE_A_STRICT_DEAL)
    assert safe_move(strict, [Move.parse("6C-7")]) is None
    assert plain_dfs(strict.apply(Move.parse("6C-7")), max_nodes=10**6).verdict is (
        Verdict.NOT_WINNABLE
    )
    assert solve(strict).verdict is Verdict.WINNABLE


def _random_small_position(rng: random.Random) -> Position:
    """Two suits on the table (26 cards) in random columns, some face down; a stock or not."""
    suits = rng.sample(range(4), 2)
    cards = [s * 13 + r for s in suits for r in range(13)]
    rng.shuffle(cards)
    stock: tuple[int, ...] = ()
    if rng.random() < 0.5:
        stock, cards = tuple(cards[:3]), cards[3:]
    columns: list[list[int]] = [[] for _ in range(7)]
    for card in cards:
        columns[rng.randrange(7)].append(card)
    face_down = tuple(rng.randrange(len(c)) if c else 0 for c in columns)
    runs = tuple(s for s in range(4) if s not in suits)
    variant = rng.choice([SCORPION, SCORPION, SCORPION_STRICT, WASP])
    return Position(tuple(map(tuple, columns)), face_down, stock, runs, variant)


def test_verdicts_match_a_plain_exhaustive_search() -> None:
    """B1: on positions small enough for a plain search, the verdicts are the same."""
    rng = random.Random(2026)
    checked = {Verdict.WINNABLE: 0, Verdict.NOT_WINNABLE: 0}
    tries = 0
    while min(checked.values()) < 40 and tries < 5000:
        tries += 1
        p = _random_small_position(rng)
        try:
            p.check()
        except ValueError:
            continue
        plain = plain_dfs(p, max_nodes=20_000)
        if not plain.decided:
            continue
        ours = solve(p)
        assert ours.verdict is plain.verdict, p
        if ours.line:
            check_line(p, ours.line)
        checked[ours.verdict] += 1
    assert min(checked.values()) >= 40, checked


def test_no_move_with_the_stock_held_back() -> None:
    """Strict stock, an empty column and no other move: lost, and said so."""
    stuck = parse_position("""\
variant: scorpion-strict
1: [2S KS] 3H
2: [4H] JS QS
3: [TH] 9S 9H 5H AS 6H TS
4: 3S AH 4S
5: [5S JH 6S] 7S
6: [8H 8S] QH
7:
stock: 7H KH 2H
runs: C D
""")
    assert stuck.legal_moves() == []
    assert solve(stuck).verdict is Verdict.NOT_WINNABLE
