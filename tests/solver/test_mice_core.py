"""Three Blind Mice in the compiled solver core (B1, V2): the core's board plays its reserves
and ten columns exactly as the engine does, and its verdicts are those of the search on
engine positions (``generic.py``) and of the plain exhaustive search.
"""

from __future__ import annotations

import random

from family_positions import board_state, random_position, walked

from baseline_dfs import plain_dfs
from scorpion.engine import THREE_BLIND_MICE, Move, deal, parse_position
from scorpion.solver import Verdict, check_line, generic, safe_move, solve
from scorpion.solver.core import Board
from scorpion.solver.generic import generic_key
from scorpion.solver.search import _proved_lost


def test_b1_v2_board_moves_from_the_reserves_agree_with_the_engine() -> None:
    """The core's board makes and takes back every legal Three Blind Mice move (reserve
    cards onto their successors, reserve Kings into empty columns, runs completed by a
    reserve card) exactly as the engine does; its key parts positions exactly as the
    generic search's key does; it offers legal moves only and reaches every position a
    legal move reaches."""
    rng = random.Random(305)
    starts = [deal(n, THREE_BLIND_MICE) for n in (1, 3, 54, 305, 31999)]
    starts += [random_position(THREE_BLIND_MICE, seed) for seed in range(120)]
    reserve_moves = 0
    checked = 0
    for start in starts:
        for steps in (0, 3, 9):
            p = walked(rng, start, steps)
            board = Board(p)
            before = board_state(board)
            before_key = bytes(board.code)
            keys: dict[bytes, object] = {}
            for move in p.legal_moves():
                q = p.apply(move)
                from_reserve = move.card in p.cells
                reserve_moves += from_reserve
                record = board.apply(move.card * 16 + move.column)
                assert board.cols == [list(col) for col in q.columns]
                assert board.fd == list(q.face_down)
                assert board.runs == len(q.runs)
                assert sorted(board.reserve) == sorted(c for c in q.cells if c >= 0)
                assert bytes(board.code) == bytes(Board(q).code)
                assert board_state(board) == board_state(Board(q))
                key = bytes(board.code)
                assert keys.setdefault(key, generic_key(q)) == generic_key(q)
                board.undo(record)
                board.code[:] = before_key
                assert board_state(board) == before
                checked += 1
            offered = [Move(o >> 4, o & 15) for o in board.moves(False)]
            assert all(p.is_legal(o) for o in offered)
            reached = {generic_key(p.apply(o)) for o in offered}
            for move in p.legal_moves():
                assert generic_key(p.apply(move)) in reached | {generic_key(p)}
    assert checked > 500 and reserve_moves > 20


# A reserve card completes a run: the Ace of spades in the reserve, King to Two of spades
# on column 1 (hearts and diamonds removed already).
ACE_FROM_THE_RESERVE = """\
variant: three-blind-mice
1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S
2: KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C
3: AC
4:
5:
6:
7:
8:
9:
10:
reserve: AS -
runs: H D
"""


def test_b1_v2_a_reserve_card_that_completes_a_run_wins() -> None:
    """R12, R14 in Three Blind Mice: the Ace from the reserve completes the spades' run,
    which leaves the table; with the clubs' Ace played the game is won. The core finds
    the two moves and the line wins on the engine."""
    p = parse_position(ACE_FROM_THE_RESERVE)
    result = solve(p)
    assert result.verdict is Verdict.WINNABLE
    assert sorted(str(m) for m in result.line) == ["AC-2", "AS-1"]
    check_line(p, result.line)


def test_b1_v2_core_verdicts_equal_the_generic_search_on_deals() -> None:
    """B1: on deals 1..40 the core's verdict is the verdict of the search on engine
    positions (with the same reductions) wherever that one decides within 20,000
    positions; both decide some winnable and some lost."""
    agreed = {Verdict.WINNABLE: 0, Verdict.NOT_WINNABLE: 0}
    for number in range(1, 41):
        start = deal(number, THREE_BLIND_MICE)
        outcome, _, _ = generic.search(start, 20_000, None, safe_move, _proved_lost)
        if outcome == "out":
            continue
        ours = solve(start)
        expected = Verdict.WINNABLE if outcome == "won" else Verdict.NOT_WINNABLE
        assert ours.verdict is expected, number
        agreed[expected] += 1
    assert min(agreed.values()) >= 5, agreed


def test_b1_v2_core_verdicts_equal_a_plain_exhaustive_search() -> None:
    """B1: on random Three Blind Mice positions the plain search (no keys, no reductions)
    decides within 5,000 positions, the core's verdict is the same."""
    seen = {Verdict.WINNABLE: 0, Verdict.NOT_WINNABLE: 0}
    for seed in range(100, 180):
        p = random_position(THREE_BLIND_MICE, seed)
        plain = plain_dfs(p, max_nodes=5_000)
        if plain.verdict is Verdict.UNDECIDED:
            continue
        ours = solve(p)
        assert ours.verdict is plain.verdict, seed
        seen[ours.verdict] += 1
    assert min(seen.values()) >= 5, seen
