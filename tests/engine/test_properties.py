"""Property tests over random playouts: random deal numbers, random variants, random moves.

Invariants checked on every position reached: 52 cards accounted for (R1, R12), check()
passes, legal_moves() is exactly what apply() accepts (R6-R11), push then undo restores the
position (R15), the notation round-trips (B4), and Scorpion-rule playouts end (R6-R9).
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from walks import Playout, walk

from scorpion.engine import (
    CLASSIC_VARIANTS,
    DEAL,
    VARIANTS,
    Game,
    IllegalMoveError,
    Move,
    Position,
    Variant,
    deal,
    format_position,
    parse_position,
    position_from_json,
    position_to_json,
)
from winning import find_winning_line

ALL_VARIANTS = list(CLASSIC_VARIANTS.values())  # the whole family: test_family_properties.py
# Variants with Scorpion's empty-column rule (R9); Wasp's rule allows endless shuffling.
R9_VARIANTS = [v for v in ALL_VARIANTS if not v.empty_column_takes_any]
ALL_MOVES = [Move(card, column) for card in range(52) for column in range(7)] + [DEAL]

RULE = re.compile(r"\b(R\d{1,2}|V\d)\b")

SETTINGS = settings(max_examples=120, deadline=None)



# Deals this search wins quickly, one per variant: random play seldom removes a run, so
# some playouts start part-way along these lines to reach runs, reveals and wins.
SOLVED_DEALS = [("scorpion", 33), ("scorpion-ii", 30), ("wasp", 11), ("wasp-ii", 4),
                ("scorpion-strict", 58)]
WINNING_LINES: dict[tuple[str, int], list[Move]] = {}
for _variant_id, _number in SOLVED_DEALS:
    _line = find_winning_line(deal(_number, VARIANTS[_variant_id]))
    assert _line is not None, (_variant_id, _number)
    WINNING_LINES[_variant_id, _number] = _line


@st.composite
def playouts(draw: st.DrawFn, max_moves: int = 40) -> Playout:
    """A random deal of a random variant (or a point part-way along a winning line), then up
    to ``max_moves`` random legal moves (fewer only when no move is left)."""
    if draw(st.booleans()):
        number = draw(st.integers(1, 10**6))
        variant = draw(st.sampled_from(ALL_VARIANTS))
        start = p = deal(number, variant)
    else:
        variant_id, number = draw(st.sampled_from(SOLVED_DEALS))
        line = WINNING_LINES[variant_id, number]
        start = p = deal(number, VARIANTS[variant_id])
        for move in line[: draw(st.integers(0, len(line)))]:
            p = p.apply(move)
    choices = draw(st.lists(st.integers(0, 10**6), min_size=max_moves, max_size=max_moves))
    return walk(start, p, choices)


def assert_cards_accounted_for(p: Position) -> None:
    """R1, R4, R12: every card once, in a column, in the stock, or in a removed run."""
    on_table = [c for col in p.columns for c in col] + list(p.stock)
    assert len(on_table) == len(set(on_table))
    assert len(on_table) + 13 * len(p.runs) == 52
    assert len(set(p.runs)) == len(p.runs)
    removed = {suit * 13 + r for suit in p.runs for r in range(13)}
    assert set(on_table) | removed == set(range(52))
    assert not set(on_table) & removed
    assert len(p.stock) in (0, 3)
    assert len(p.columns) == 7
    for col, fd in zip(p.columns, p.face_down, strict=True):
        assert 0 <= fd <= len(col)
        assert fd < len(col) or not col  # R10: the top card is face up
    p.check()


@SETTINGS
@given(playouts())
def test_r1_r12_every_card_accounted_for(playout: Playout) -> None:
    """R1, R12: columns + stock + 13 per removed run is 52 distinct cards; check() passes."""
    for p in playout.positions:
        assert_cards_accounted_for(p)
        assert p.variant is playout.start.variant


@settings(max_examples=50, deadline=None)
@given(playouts(max_moves=25))
def test_r6_r11_legal_moves_are_exactly_the_moves_apply_accepts(playout: Playout) -> None:
    """R6-R11: all 52*7 card-column moves and 'deal': legal_moves() == what apply() accepts."""
    for p in playout.positions:
        legal = p.legal_moves()
        assert len(legal) == len(set(legal))
        accepted = []
        for move in ALL_MOVES:
            try:
                p.apply(move)
            except IllegalMoveError as err:
                assert err.move == move
                assert RULE.search(err.reason), err.reason  # every refusal names its rule
                assert not p.is_legal(move)
                assert p.illegal_reason(move) == err.reason
            else:
                assert p.is_legal(move)
                assert p.illegal_reason(move) is None
                accepted.append(move)
        assert set(accepted) == set(legal)


@settings(max_examples=80, deadline=None)
@given(playouts(max_moves=30))
def test_r15_push_then_undo_restores_the_exact_position(playout: Playout) -> None:
    """R15: for every legal move, push then undo gives the same position; apply changes
    nothing in the position it is called on."""
    game = Game(playout.positions[0])
    for k, p in enumerate(playout.positions):
        assert game.position == p
        text = format_position(p)
        for move in p.legal_moves():
            game.push(move)
            assert game.position == p.apply(move)
            assert game.undo() == move
            assert game.position == p
            assert format_position(p) == text
        assert game.moves == tuple(playout.moves[:k])
        if k < len(playout.moves):
            game.push(playout.moves[k])
    # ... and all the way back.
    for p in reversed(playout.positions[:-1]):
        game.undo()
        assert game.position == p
    assert not game.can_undo


@SETTINGS
@given(playouts())
def test_b4_notation_round_trips(playout: Playout) -> None:
    """B4: text and JSON round trips of positions, and of every move's notation."""
    for p in playout.positions:
        text = format_position(p)
        assert parse_position(text) == p
        assert format_position(parse_position(text)) == text
        data = position_to_json(p)
        assert position_from_json(data) == p
        assert position_from_json(json.loads(json.dumps(data))) == p
        for move in p.legal_moves():
            assert Move.parse(str(move)) == move
    for move in playout.moves:
        assert Move.parse(str(move)) == move


def is_bottom_king_shift(p: Position, move: Move) -> bool:
    """A King-led group at index 0 of its column moving into another empty column."""
    if move.is_deal:
        return False
    where = p.locate(move.card)
    assert where is not None
    return where[1] == 0 and move.card % 13 == 12 and not p.columns[move.column]


@st.composite
def complete_playouts(draw: st.DrawFn) -> tuple[Variant, list[Move]]:
    """Play random moves, leaving out only bottom King shifts, until none is left (or 54)."""
    number = draw(st.integers(1, 10**6))
    variant = draw(st.sampled_from(R9_VARIANTS))
    p = deal(number, variant)
    moves: list[Move] = []
    while len(moves) <= 53:
        candidates = [m for m in p.legal_moves() if not is_bottom_king_shift(p, m)]
        if not candidates:
            break
        index = draw(st.integers(0, len(candidates) - 1))
        moves.append(candidates[index])
        p = p.apply(candidates[index])
    return variant, moves


@settings(max_examples=150, deadline=None)
@given(complete_playouts())
def test_r6_r9_playouts_without_king_shifts_end_within_53_moves(
    playout: tuple[Variant, list[Move]],
) -> None:
    """R6-R9, R11: without shifts of bottom King groups, play ends in at most 53 moves.

    (Each of the 48 non-Kings leads at most one move, onto its successor, where it stays;
    each King at most one, into an empty column; plus the deal. In Wasp a card can go back
    and forth to an empty column, see test_variants, so only Scorpion-rule variants.)
    """
    _variant, moves = playout
    assert len(moves) <= 53
    assert moves.count(DEAL) <= 1
    leaders = [m.card for m in moves if not m.is_deal]
    assert len(leaders) == len(set(leaders))


def check_every_invariant(p: Position) -> None:
    """All the properties above, on one position."""
    assert_cards_accounted_for(p)
    legal = p.legal_moves()
    accepted = set()
    for move in ALL_MOVES:
        try:
            after = p.apply(move)
        except IllegalMoveError as err:
            assert not p.is_legal(move)
            assert RULE.search(err.reason), err.reason
        else:
            accepted.add(move)
            assert_cards_accounted_for(after)
    assert accepted == set(legal)
    assert parse_position(format_position(p)) == p
    assert position_from_json(position_to_json(p)) == p
    game = Game(p)
    for move in legal:
        game.push(move)
        game.undo()
        assert game.position == p


@pytest.mark.parametrize(("variant_id", "number"), SOLVED_DEALS)
def test_r14_winning_lines_keep_every_invariant(variant_id: str, number: int) -> None:
    """R10-R14: along a whole winning line (reveals, the deal, all four runs) every
    invariant holds, the runs are removed one by one and the last position is won."""
    line = WINNING_LINES[variant_id, number]
    p = deal(number, VARIANTS[variant_id])
    game = Game(p)
    runs_seen = 0
    for move in line:
        check_every_invariant(p)
        assert not p.is_won
        change = game.push(move)
        p = p.apply(move)
        assert game.position == p
        assert len(p.runs) == runs_seen + len(change.runs)
        runs_seen = len(p.runs)
    assert p.is_won
    assert sorted(p.runs) == [0, 1, 2, 3]
    assert p.columns == ((),) * 7 and p.stock == ()
    assert p.legal_moves() == []
    assert DEAL in line
    check_every_invariant(p)
    while game.can_undo:
        game.undo()
    assert game.position == deal(number, VARIANTS[variant_id])
