"""Winning lines of every game of the family are short (B1, V2): at most 200 moves, and
still replayed on the engine, where they win.

The search's own lines can wander (in Wasp, where any card may go into an empty column, deal
14's ran to 6,018 moves); :func:`scorpion.solver.search.shorten_line` jumps over the
positions of a line that one move reaches from an earlier one.
"""

from __future__ import annotations

import pytest

from scorpion.engine import VARIANTS, WASP, Game, Move, Position, deal, parse_position
from scorpion.solver import SolverError, Verdict, check_line, core, solve
from scorpion.solver.generic import generic_key
from scorpion.solver.search import (
    LONG_LINE,
    _engine_line,
    jump_line,
    pair_jump_line,
    shorten_line,
)

MOST = 200


def _plays_to_a_win(start: Position, line: tuple[Move, ...]) -> None:
    game = Game(start)
    for move in line:
        assert not game.is_won
        game.push(move)
    assert game.is_won
    check_line(start, line)


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_b1_v2_winning_lines_of_every_game_are_at_most_200_moves(variant_id: str) -> None:
    """B1, V2: deals 1-30 of the seven-column same-suit games (within 200,000 positions
    searched each) and 1-6 of the others (within 2,000): every line found has at most 200
    moves and wins when played in a Game; each game wins some."""
    variant = VARIANTS[variant_id]
    last, nodes = (30, 200_000) if variant.is_classic else (6, 2_000)
    won = 0
    for number in range(1, last + 1):
        start = deal(number, variant)
        result = solve(start, max_nodes=nodes)
        if result.verdict is Verdict.WINNABLE:
            won += 1
            assert len(result.line) <= MOST, (number, len(result.line))
            _plays_to_a_win(start, result.line)
    assert won >= 1


def test_b1_wasp_deal_14_wins_in_at_most_200_moves() -> None:
    """B1: the search's own line for Wasp deal 14 (in its fixed order, without the probes
    that :func:`solve` tries first) runs to thousands of moves; shortened, it has at most
    200, plays to a win, and visits (up to renaming columns) only positions of the
    search's line. The solve's own line is short too."""
    start = deal(14, WASP)
    outcome, moves, _ = core.search(start, 10**7, None)
    assert outcome == "won"
    raw = _engine_line(start, moves)
    assert len(raw) > 5_000
    check_line(start, raw)
    short = shorten_line(start, raw)
    assert len(short) <= MOST
    _plays_to_a_win(start, short)
    solved = solve(start)
    assert solved.verdict is Verdict.WINNABLE and len(solved.line) <= MOST
    _plays_to_a_win(start, solved.line)
    on_the_line = {generic_key(start)}
    p = start
    for move in raw:
        p = p.apply(move)
        on_the_line.add(generic_key(p))
    p = start
    for move in short:
        p = p.apply(move)
        assert generic_key(p) in on_the_line


WASP_DETOUR = """\
variant: wasp
1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S
2: AS
3: KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H
4: AH
5:
6:
7:
stock: -
runs: C D
"""


def test_b1_jumps_skip_detours_and_follow_renamed_columns() -> None:
    """B1: a move from an earlier position that reaches a later one (up to renaming the
    columns) or a win replaces the moves between."""
    start = parse_position(WASP_DETOUR)
    # AS wanders to the empty columns and back, then both runs are built.
    line = tuple(Move.parse(m, WASP) for m in ("AS-5", "AS-6", "AS-2", "AH-3", "AS-1"))
    check_line(start, line)
    assert [str(m) for m in jump_line(start, line)] == ["AH-3", "AS-1"]
    # Here the line goes on from AS in column 6, which is column 2's place in the jump.
    renamed = tuple(Move.parse(m, WASP) for m in ("AS-5", "AS-6", "AH-3", "AS-1"))
    check_line(start, renamed)
    assert [str(m) for m in shorten_line(start, renamed)] == ["AH-3", "AS-1"]
    # A move that wins at once ends the line there.
    to_win = tuple(Move.parse(m, WASP) for m in ("AH-3", "AS-5", "AS-1"))
    assert [str(m) for m in jump_line(start, to_win)] == ["AH-3", "AS-1"]


def test_b1_jumps_refuse_a_line_that_does_not_win() -> None:
    """B1: a line that does not win is refused, not shortened."""
    start = parse_position(WASP_DETOUR)
    with pytest.raises(SolverError):
        jump_line(start, (Move.parse("AS-5", WASP), Move.parse("AH-3", WASP)))


def test_b1_two_move_jumps_shorten_further_and_still_win() -> None:
    """B1: jumps of two moves (asked for lines still longer than 200 after the one-move
    jumps) shorten Wasp 14's line further, visit only its positions up to renaming, and the
    result wins on the engine; a line that does not win is refused."""
    assert LONG_LINE == MOST
    start = deal(14, WASP)
    line = solve(start).line
    shorter = pair_jump_line(start, line)
    assert len(shorter) < len(line)
    _plays_to_a_win(start, shorter)
    on_the_line = {generic_key(start)}
    p = start
    for move in line:
        p = p.apply(move)
        on_the_line.add(generic_key(p))
    p = start
    steps_off = 0
    for move in shorter:
        p = p.apply(move)
        steps_off = 0 if generic_key(p) in on_the_line else steps_off + 1
        assert steps_off <= 1  # at most one position between two of the line's
    with pytest.raises(SolverError):
        pair_jump_line(start, line[:-1])
