"""Property tests for every game of the family: random deals, random legal moves.

On every position reached: 52 cards accounted for (on the columns, in the reserves or free
cells, in the stock or in removed runs), check() passes, legal_moves() is exactly the set of
moves apply() accepts among every card to every column and free cell (R6-R11, V2), push then
undo restores the position exactly (R15), and the text and JSON notations round-trip (B4).
"""

from __future__ import annotations

import json
import re

from hypothesis import given, settings
from hypothesis import strategies as st
from walks import Playout, walk

from scorpion.engine import (
    CELL_BASE,
    DEAL,
    EMPTY_CELL,
    VARIANTS,
    Game,
    IllegalMoveError,
    Move,
    Position,
    deal,
    format_position,
    parse_position,
    position_from_json,
    position_to_json,
)
from scorpion.engine.cards import run_cards
from scorpion.solver import Verdict, solve

FAMILY = list(VARIANTS.values())
RULE = re.compile(r"\b(R\d{1,2}|V\d)\b")

# Random play seldom removes a run: some playouts start part-way along a winning line of
# one of these deals (found by the solver, which replays it on the engine), to reach runs
# removed (in alternate colours too), emptied reserves and cells, refills and wins.
SOLVED = {
    "scorpion-tail": 4, "three-blind-mice": 3, "farmers-wife": 2, "how-they-run": 1,
    "scorpion-head": 1, "chelicera": 1,
}
LINES: dict[str, list[Move]] = {}
for _variant_id, _number in SOLVED.items():
    _result = solve(deal(_number, VARIANTS[_variant_id]), max_seconds=60)
    assert _result.verdict is Verdict.WINNABLE, _variant_id
    LINES[_variant_id] = list(_result.line)


@st.composite
def playouts(draw: st.DrawFn, max_moves: int = 60) -> Playout:
    """A random deal of a random game of the family (or a point part-way along a winning
    line), then up to ``max_moves`` random legal moves (fewer only when none is left)."""
    if draw(st.booleans()):
        variant = draw(st.sampled_from(FAMILY))
        start = p = deal(draw(st.integers(1, 10**6)), variant)
    else:
        variant_id = draw(st.sampled_from(sorted(SOLVED)))
        start = p = deal(SOLVED[variant_id], VARIANTS[variant_id])
        line = LINES[variant_id]
        for move in line[: draw(st.integers(0, len(line)))]:
            p = p.apply(move)
    choices = draw(st.lists(st.integers(0, 10**6), min_size=max_moves, max_size=max_moves))
    return walk(start, p, choices)


def assert_cards_accounted_for(p: Position) -> None:
    """R1, R12, V2: every card once: in a column, a reserve or cell, the stock or a run."""
    v = p.variant
    cells = [c for c in p.cells if c != EMPTY_CELL]
    on_table = [c for col in p.columns for c in col] + cells + list(p.stock)
    removed = [c for run in p.runs for c in run_cards(run)]
    assert len(on_table) + len(removed) == 52
    assert set(on_table) | set(removed) == set(range(52))
    assert len(p.columns) == v.columns and len(p.cells) == v.cells
    assert len(p.stock) <= v.stock_size
    for col, fd in zip(p.columns, p.face_down, strict=True):
        assert 0 <= fd <= len(col)
        assert fd < len(col) or not col  # R10: the top card is face up
    p.check()


@settings(max_examples=150, deadline=None)
@given(playouts())
def test_v2_every_card_accounted_for_in_every_game(playout: Playout) -> None:
    """R1, R12, V2: 52 distinct cards in every position of every game; check() passes."""
    for p in playout.positions:
        assert_cards_accounted_for(p)
        assert p.variant is playout.start.variant


@settings(max_examples=40, deadline=None)
@given(playouts(max_moves=25))
def test_v2_legal_moves_are_exactly_the_moves_apply_accepts(playout: Playout) -> None:
    """R6-R11, V2: every card to every column and every free cell, and 'deal':
    legal_moves() == what apply() accepts; every refusal names its rule."""
    v = playout.start.variant
    destinations = list(range(v.columns)) + [CELL_BASE + k for k in range(max(v.cells, 1))]
    all_moves = [Move(card, d) for card in range(52) for d in destinations] + [DEAL]
    for p in playout.positions:
        legal = p.legal_moves()
        assert len(legal) == len(set(legal))
        accepted = []
        for move in all_moves:
            try:
                p.apply(move)
            except IllegalMoveError as err:
                assert RULE.search(err.reason), err.reason
                assert p.illegal_reason(move) == err.reason
            else:
                assert p.illegal_reason(move) is None
                accepted.append(move)
        assert set(accepted) == set(legal)


@settings(max_examples=80, deadline=None)
@given(playouts(max_moves=40))
def test_v2_push_then_undo_restores_the_exact_position(playout: Playout) -> None:
    """R15 in every game: undo after each move gives back the position before it, redo the
    one after; undoing all the way gives the deal."""
    game = Game(playout.positions[0])
    for before, move, after in zip(
        playout.positions, playout.moves, playout.positions[1:], strict=False
    ):
        game.push(move)
        assert game.position == after
        game.undo()
        assert game.position == before
        game.redo()
        assert game.position == after
    while game.can_undo:
        game.undo()
    assert game.position == playout.positions[0]


@settings(max_examples=100, deadline=None)
@given(playouts(max_moves=60))
def test_b4_notation_round_trips_in_every_game(playout: Playout) -> None:
    """B4, V2: text and JSON (through a JSON string) read back to the same position, with
    its reserves, free cells and runs; the text of the read-back position is the same."""
    for p in playout.positions[::5] + playout.positions[-1:]:
        text = format_position(p)
        back = parse_position(text)
        assert back == p
        assert format_position(back) == text
        assert position_from_json(json.loads(json.dumps(position_to_json(p)))) == p
        for move in p.legal_moves():
            assert Move.parse(str(move), p.variant) == move
