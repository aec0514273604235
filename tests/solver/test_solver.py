"""The solver (B1): exact verdicts on hand-made positions, winning lines replayed on the
engine, ``not winnable`` cross-checked against a plain exhaustive search, determinism."""

from __future__ import annotations

import random

import pytest

from baseline_dfs import plain_dfs
from scorpion.engine import (
    DEAL,
    SCORPION,
    SCORPION_II,
    SCORPION_STRICT,
    WASP,
    WASP_II,
    Move,
    Position,
    deal,
    parse_position,
)
from scorpion.engine.cards import KING
from scorpion.solver import SolverError, Verdict, check_line, core, position_key, safe_move, solve
from scorpion.solver.core import DEAL_MOVE, Board
from scorpion.solver.proof import board_code, cannot_win
from scorpion.solver.search import is_deadlocked, shorten_line

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

# Two suits left; the stock holds both Twos and the spade Ace: no card but a King can move
# before the deal, and the hearts' Ace waits for the Two the deal brings.
NEEDS_THE_DEAL = """\
1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S
2: KH QH JH TH 9H 8H 7H 6H 5H 4H 3H
3:
4: AH
5:
6:
7:
stock: 2S 2H AS
runs: C D
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
    """Hearts and spades need the stock's 2S, 2H and AS: the winning line deals the stock,
    after nothing but King shifts. (The position used to be built from a text of 41 cards
    with the stock taken away: it tested no stock at all.)"""
    position = parse_position(NEEDS_THE_DEAL)
    assert {str(m) for m in position.legal_moves()} == {
        "KS-3", "KS-5", "KS-6", "KS-7", "KH-3", "KH-5", "KH-6", "KH-7", "deal"}
    result = solve(position)
    assert result.verdict is Verdict.WINNABLE
    line = [str(m) for m in result.line]
    assert "deal" in line and all(m[0] == "K" for m in line[: line.index("deal")]), line
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
    small = solve(deal(103), max_nodes=50)
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


def _reduced_deal(rng: random.Random) -> Position:
    """A numbered deal of a random variant with two suits taken out (as removed runs):
    the layout of real deals, small enough for a plain search."""
    variant = rng.choice([SCORPION, SCORPION_STRICT, SCORPION_II, WASP, WASP_II])
    p = deal(rng.randrange(1, 100_000), variant)
    keep = set(rng.sample(range(4), 2))
    columns: list[tuple[int, ...]] = []
    face_down: list[int] = []
    for col, fd in zip(p.columns, p.face_down, strict=True):
        kept = tuple(c for c in col if c // 13 in keep)
        down = sum(1 for c in col[:fd] if c // 13 in keep)
        columns.append(kept)
        face_down.append(min(down, len(kept) - 1) if kept else 0)
    stock = tuple(c for c in p.stock if c // 13 in keep)
    if len(stock) != 3:  # the stock holds three cards or none: put its cards on the table
        for c in stock:
            i = rng.randrange(7)
            columns[i] += (c,)
        stock = ()
    runs = tuple(s for s in range(4) if s not in keep)
    return Position(tuple(columns), tuple(face_down), stock, runs, variant)


def _buried_kings(rng: random.Random) -> Position:
    """Two suits with the Kings put anywhere in the columns, often over lower cards of
    their suit (where the proofs about Kings and empty columns matter)."""
    suits = rng.sample(range(4), 2)
    others = [s * 13 + r for s in suits for r in range(12)]
    rng.shuffle(others)
    stock: tuple[int, ...] = ()
    if rng.random() < 0.3:
        stock, others = tuple(others[:3]), others[3:]
    columns: list[list[int]] = [[] for _ in range(7)]
    for card in others:
        columns[rng.randrange(7)].append(card)
    for king in (s * 13 + 12 for s in suits):
        col = columns[rng.randrange(7)]
        col.insert(rng.randrange(len(col) + 1), king)
    face_down = tuple(rng.randrange(len(c)) if c else 0 for c in columns)
    runs = tuple(s for s in range(4) if s not in suits)
    variant = rng.choice([SCORPION, SCORPION_STRICT])
    return Position(tuple(map(tuple, columns)), face_down, stock, runs, variant)


@pytest.mark.parametrize(
    ("generator", "seed", "each", "limit"),
    [
        (_random_small_position, 2026, 40, 20_000),
        (_reduced_deal, 7, 10, 3_000),
        (_buried_kings, 11, 20, 10_000),
    ],
)
def test_verdicts_match_a_plain_exhaustive_search(
    generator: object, seed: int, each: int, limit: int
) -> None:
    """B1: on positions small enough for a plain search, the verdicts are the same."""
    assert callable(generator)
    rng = random.Random(seed)
    checked = {Verdict.WINNABLE: 0, Verdict.NOT_WINNABLE: 0}
    tries = 0
    while min(checked.values()) < each and tries < 5000:
        tries += 1
        p = generator(rng)
        assert isinstance(p, Position)
        try:
            p.check()
        except ValueError:
            continue
        plain = plain_dfs(p, max_nodes=limit)
        if not plain.decided:
            continue
        ours = solve(p)
        assert ours.verdict is plain.verdict, p
        if ours.line:
            check_line(p, ours.line)
        checked[ours.verdict] += 1
    assert min(checked.values()) >= each, checked


def _board_state(board: Board) -> tuple[object, ...]:
    """Everything on the board; checks that ``col_of`` agrees with the columns."""
    col_of = [next((i for i, col in enumerate(board.cols) if c in col), -1) for c in range(52)]
    assert board.col_of == col_of
    return [list(col) for col in board.cols], list(board.fd), board.stock, board.runs, col_of


def test_board_moves_agree_with_the_engine() -> None:
    """The solver's board makes and takes back every legal move exactly as the engine
    makes it, and its key tells positions apart exactly as :func:`position_key` does."""
    rng = random.Random(99)
    positions = [deal(n, v) for n in (1, 5, 33, 73) for v in (SCORPION, WASP_II)]
    while len(positions) < 120:
        p = rng.choice([_random_small_position, _reduced_deal, _buried_kings])(rng)
        try:
            p.check()
        except ValueError:
            continue
        positions.append(p)
    # Walk a little from each so that positions after the deal and with runs occur.
    checked = 0
    for start in positions:
        p = start
        for _ in range(rng.randrange(8)):
            moves = p.legal_moves()
            if not moves:
                break
            p = p.apply(rng.choice(moves))
        board = Board(p)
        before = _board_state(board)
        before_key = bytes(board.code)
        keys: dict[bytes, object] = {}
        for move in p.legal_moves():
            q = p.apply(move)
            record = board.apply(DEAL_MOVE if move.is_deal else move.card * 16 + move.column)
            assert board.cols == [list(col) for col in q.columns]
            assert board.fd == list(q.face_down)
            assert (board.stock, board.runs) == (q.stock, len(q.runs))
            assert bytes(board.code) == bytes(Board(q).code)
            assert _board_state(board) == _board_state(Board(q))
            key = bytes(board.code)
            assert keys.setdefault(key, position_key(q)) == position_key(q)
            board.undo(record)
            board.code[:] = before_key
            assert _board_state(board) == before
            assert bytes(Board(p).code) == before_key
            checked += 1
        # The board offers legal moves only, and every legal move but those that lead
        # where an offered one does (shifts of a whole King-led column, or the same group
        # into another empty column).
        offered = [DEAL if o < 0 else Move(o >> 4, o & 15) for o in board.moves(False)]
        assert all(p.is_legal(o) for o in offered)
        offered_keys = {position_key(p.apply(o)) for o in offered}
        for move in p.legal_moves():
            if move not in offered:
                q = p.apply(move)
                assert position_key(q) in offered_keys or position_key(q) == position_key(p)
    assert checked > 500


# Strict stock, no column can ever be emptied: every bottom card waits for a card that
# waits for a King, and the Kings wait for an empty column. Found by the proof of
# search.py (reduction 3), not by the earlier test for cycles of must-come-first alone.
NO_COLUMN_EVER_EMPTY = """\
variant: scorpion-strict
1: 8D 3D 2C
2: [AD 3C QC] KD JD
3: [AC 6D 8C] 4C TD
4: [4D] TC
5: [9C QD 7C] 7D KC
6: [9D] 6C
7: [5C JC] 2D 5D
stock: -
runs: H S
"""


def test_proofs_that_a_position_cannot_be_won() -> None:
    lost = parse_position(NO_COLUMN_EVER_EMPTY)
    assert plain_dfs(lost, max_nodes=10**5).verdict is Verdict.NOT_WINNABLE
    assert is_deadlocked(lost)
    assert solve(lost).nodes == 1
    assert is_deadlocked(parse_position(KING_BURIED_UNDER_THE_CARD_IT_NEEDS))
    # Nothing is proved of positions that can be won, nor in Wasp.
    for text in (ONE_MOVE_FROM_A_WIN, BURIES_WHAT_IT_NEEDS, BURIES_THE_CARD_BELOW):
        assert not is_deadlocked(parse_position(text))
    assert not is_deadlocked(lost._replace(variant=WASP))
    assert not cannot_win(board_code(deal(5).columns, deal(5).face_down))


# Clause (vi) of the proof (search.py, reduction 3): 4S waits for 5S, above it, to leave
# its column; of the cards from 4S up to 5S only 6S can ever lead (5S lies on it), and 6S
# waits for 7S, which 4S covers. Lost, and only clause (vi) sees it.
SUCCESSOR_ABOVE_FOR_GOOD = """\
1: 7S 4S 6S 5S
2: KS QS JS TS 9S 8S
3: 3S 2S AS
4:
5:
6:
7:
stock: -
runs: C D H
"""

# Winnable: 5S, above 4S, leaves onto 6S. A clause (vi) that left out the successor itself
# (only the cards strictly between) would call it lost.
SUCCESSOR_ABOVE_LEAVES = """\
1: KS QS JS TS 9S 8S 7S 6S
2: 4S 5S
3: 3S 2S AS
4:
5:
6:
7:
stock: -
runs: C D H
"""

# Winnable: KH, between 4S and 5S, goes into an empty column and takes 5S along; then 4S
# lands on 5S there, 5S carries it onto 6S. A clause (vi) that left out Kings (they never
# land on a card) would call it lost: 5S waits for 6S, which 4S covers.
KING_BETWEEN_PARTS_THEM = """\
1: KS QS JS TS 9S 8S 7S
2: 6S 4S KH 5S
3: 3S 2S AS
4:
5: QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH
6:
7:
stock: -
runs: C D
"""


def test_a_card_waits_for_its_successor_above_it_to_leave_its_column() -> None:
    """Clause (vi) of the proof: lost when nothing between the card and its successor above
    it can ever lead; not proved when the successor or a King between them can."""
    lost = parse_position(SUCCESSOR_ABOVE_FOR_GOOD)
    assert plain_dfs(lost, max_nodes=10**5).verdict is Verdict.NOT_WINNABLE
    assert is_deadlocked(lost)
    assert solve(lost).nodes == 1
    for text in (SUCCESSOR_ABOVE_LEAVES, KING_BETWEEN_PARTS_THEM):
        p = parse_position(text)
        assert plain_dfs(p, max_nodes=10**5).verdict is Verdict.WINNABLE
        assert not is_deadlocked(p)
        assert solve(p).verdict is Verdict.WINNABLE
    # Deals that took 1.5 to 7 million positions before the clause are proved at the start
    # (their verdicts are those of the shipped list, found by the exhaustive search).
    for number in (29873, 1111):
        result = solve(deal(number))
        assert (result.verdict, result.nodes) == (Verdict.NOT_WINNABLE, 1)


def test_many_deals_proved_lost_at_once() -> None:
    """Deal 1 is lost, and the proof sees it without a search (one position); the search to
    the end without the proofs agrees."""
    result = solve(deal(1))
    assert (result.verdict, result.nodes) == (Verdict.NOT_WINNABLE, 1)
    verdict, _, nodes = core.search(deal(1), 1_000_000, None, proofs=False)
    assert verdict == "lost" and nodes > 1


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


def test_the_shipped_winnable_deals_are_what_the_solver_finds() -> None:
    """B2: the shipped list (package data) holds exactly the winnable deals: checked in full
    for deals 1..200, and on a sample of the rest (node budgets: the same on any machine)."""
    from scorpion.solver.winnable import shipped_winnable_deals

    shipped = shipped_winnable_deals("scorpion")
    assert len(shipped) == len(set(shipped)) == 3918
    assert all(1 <= n <= 31999 for n in shipped)
    found = {n for n in range(1, 201) if solve(deal(n), max_nodes=500_000).verdict
             is Verdict.WINNABLE}
    assert found == {n for n in shipped if n <= 200}
    for n in random.Random(12).sample(shipped, 12):
        assert solve(deal(n), max_nodes=1_000_000).verdict is Verdict.WINNABLE, n


def test_winning_lines_drop_the_king_moves_they_do_not_need() -> None:
    """B1: the line printed is checked on the engine, and the search's wandering King
    shifts are taken out of it."""
    one_move = parse_position(ONE_MOVE_FROM_A_WIN)
    there_and_back = tuple(Move.parse(m) for m in ("KS-3", "KS-1", "AS-1"))
    check_line(one_move, there_and_back)
    assert [str(m) for m in shorten_line(one_move, there_and_back)] == ["AS-1"]
    with pytest.raises(SolverError):
        shorten_line(one_move, there_and_back[:2])
    two_suits = parse_position("""\
1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S
2: AS 2H
3:
4: KH QH JH TH 9H 8H 7H 6H 5H 4H 3H
5: AH
6:
7:
stock: -
runs: C D
""")
    out_and_back = tuple(Move.parse(m) for m in ("KS-3", "2H-4", "KS-1", "AH-4", "AS-1"))
    check_line(two_suits, out_and_back)
    assert [str(m) for m in shorten_line(two_suits, out_and_back)] == ["2H-4", "AH-4", "AS-1"]

    p = deal(259)  # the search wanders there before the deal
    outcome, found, _ = core.search(p, 10**6, None)
    raw = tuple(DEAL if m == DEAL_MOVE else Move(m >> 4, m & 15) for m in found)
    check_line(p, raw)
    short = solve(p).line
    assert (outcome, len(raw), len(short)) == ("won", 96, 53)
    assert short == shorten_line(p, raw)
    check_line(p, short)
    for i, move in enumerate(short):
        if move.card % 13 == KING and move != DEAL:  # every King move left is needed
            with pytest.raises(SolverError):
                check_line(p, short[:i] + short[i + 1:])
