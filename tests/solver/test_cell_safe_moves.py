"""The safe move of the same-suit games with free cells (B1, V2; search.py, reduction 2):
in How They Run and Scorpion Head a card onto its successor is searched alone when that
successor tops a column holding exactly the King of its suit down to it, all face up, and
more of them than there are cells; never when the cells could hold them all, and never
Scorpion's (b) (a card carrying its suit down to the Ace).

Checked here: which moves the core's board takes as safe, and on random positions with a
King-led run at a column's bottom that the core with the safe move decides as the search
without reductions does.
"""

from __future__ import annotations

import random

import pytest

from scorpion.engine import VARIANTS, Position, Variant, parse_position
from scorpion.engine.cards import card_code, parse_card
from scorpion.engine.position import EMPTY_CELL
from scorpion.solver import core

GAMES = ("how-they-run", "scorpion-head")


def _cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(code) for code in text.split())


def _position(variant: Variant, columns: list[str], cells: str = "") -> Position:
    """A checked position of ``variant`` with spades and hearts on the table (clubs and
    diamonds removed), every card face up; ``columns`` lists the first columns, the
    others are empty."""
    cols = [_cards(text) for text in columns]
    cols += [()] * (variant.columns - len(cols))
    held = _cards(cells)
    p = Position(
        tuple(cols), (0,) * variant.columns, (), (0, 1), variant,
        held + (EMPTY_CELL,) * (variant.cells - len(held)),
    )
    p.check()
    return p


def _safe(p: Position) -> list[str]:
    """The moves the core's board searches from ``p`` when one is safe (all of them when
    none is), as ``card-column`` (column from 1)."""
    board = core.Board(p)
    found = board.moves(True)
    if len(found) > 1:
        return ["many"]
    move = found[0]
    card = move >> core.MOVE_SHIFT
    return [f"{card_code(card)}-{(move & core.COLUMN_MASK) + 1}"]


SPADES_LOW = "9S 8S 7S 6S 5S 4S 3S 2S AS"
HEARTS = ["5H KH QH JH TH 9H 8H 7H 6H", "4H 3H 2H AH"]


def test_b1_v2_onto_a_king_led_run_longer_than_the_cells_is_safe() -> None:
    """How They Run (two cells): TS onto KS QS JS (three cards) is searched alone, from a
    column or from a cell; JS onto KS QS (two cards, which the cells could hold) is not.
    Scorpion Head (four cells): 9S onto KS QS JS TS (four cards) is not; 8S onto KS down
    to 9S (five cards) is."""
    htr = VARIANTS["how-they-run"]
    p = _position(htr, ["KS QS JS", "TS", SPADES_LOW, *HEARTS])
    assert _safe(p) == ["TS-1"]
    p = _position(htr, ["KS QS JS", SPADES_LOW, *HEARTS], "TS")
    assert _safe(p) == ["TS-1"]
    p = _position(htr, ["KS QS", "JS TS", SPADES_LOW, *HEARTS])
    assert _safe(p) == ["many"]
    head = VARIANTS["scorpion-head"]
    p = _position(head, ["KS QS JS TS", "9S", "8S 7S 6S 5S 4S 3S 2S AS", *HEARTS])
    assert _safe(p) == ["many"]
    p = _position(head, ["KS QS JS TS 9S", "8S", "7S 6S 5S 4S 3S 2S AS", *HEARTS])
    assert _safe(p) == ["8S-1"]


def test_b1_v2_a_card_carrying_its_suit_down_to_the_ace_is_not_safe_with_cells() -> None:
    """Scorpion's (b) fails with free cells (a line may put the successor into a cell to
    reach the card under it): 3S carrying 2S AS onto 4S, which lies on TH, is not searched
    alone in How They Run, where the same position of Three Blind Mice (no cells) takes
    it alone."""
    columns = ["9H KS QS JS TS 9S 8S 7S 6S 5S", "JH TH 4S", "8H 3S 2S AS", "KH QH",
               "7H 6H 5H 4H 3H 2H AH"]
    assert _safe(_position(VARIANTS["how-they-run"], columns)) == ["many"]
    assert _safe(_position(VARIANTS["three-blind-mice"], columns)) == ["3S-2"]


def test_b1_v2_a_won_position_that_scorpions_b_would_call_lost() -> None:
    """How They Run: the search with the safe move wins this position, as the search
    without reductions does (511 positions). A trial core that took Scorpion's (b) as
    safe here too (AC onto 2C is one: a card carrying its suit down to the Ace, here
    nothing) called it lost after 3,137 positions."""
    p = parse_position(
        "variant: how-they-run\n1: KH\n2: [JH] KC\n3: QC 8C\n4: [TC AH 7H 5H] AC\n"
        "5: [3H] 6H TH\n6: JC\n7: [9C 5C 2H 4C] 2C\n8:\n9: [4H] 8H 9H\n10: 6C 3C\n"
        "cells: 7C QH\nruns: D S\n"
    )
    assert core.search(p, 100_000, None, proofs=False)[0::2] == ("won", 511)
    assert core.search(p, 100_000, None)[0] == "won"


def _king_led(variant: Variant, seed: int) -> Position:
    """A random position of ``variant`` with two suits on the table (three in a game of
    seven columns): a column holds the King of one of them down to some rank (one card to
    three more than there are cells), the card below that rank
    tops another column or lies in a cell, the other cards are spread at random over the
    other columns and the cells, some of them face down."""
    rng = random.Random(seed)
    suits = rng.sample(range(4), 2 if variant.columns > 7 else 3)
    king = suits[0] * 13 + 12
    run = [king - i for i in range(rng.randrange(1, variant.free_cells + 4))]
    lander = run[-1] - 1
    rest = [c for s in suits for c in range(s * 13, s * 13 + 13) if c not in run]
    rest.remove(lander)
    rng.shuffle(rest)
    held = rest[:rng.randrange(variant.free_cells // 2, variant.free_cells)]
    rest = rest[len(held):]
    cols: list[list[int]] = [run] + [[] for _ in range(variant.columns - 1)]
    for c in rest:
        cols[rng.randrange(1, variant.columns)].append(c)
    if rng.random() < 0.3:
        held.append(lander)
    else:
        cols[rng.randrange(1, variant.columns)].append(lander)
    face_down = [0] + [rng.randrange(0, len(col)) if col else 0 for col in cols[1:]]
    p = Position(
        tuple(tuple(col) for col in cols), tuple(face_down), (),
        tuple(s for s in range(4) if s not in suits), variant,
        tuple(held) + (EMPTY_CELL,) * (variant.free_cells - len(held)),
    )
    p.check()
    return p


@pytest.mark.parametrize("game", GAMES)
def test_b1_v2_the_safe_move_changes_no_verdict(game: str) -> None:
    """B1: on random positions with a King-led run at a column's bottom, the core (safe
    moves and the proof of loss) and the search without reductions reach the same verdict
    wherever both decide within 200,000 positions; the safe move is taken at the start
    of many of them, both verdicts are met."""
    variant = VARIANTS[game]
    verdicts = {"won": 0, "lost": 0}
    safe_at_start = 0
    for seed in range(60):
        p = _king_led(variant, seed)
        board = core.Board(p)
        safe_at_start += len(board.moves(True)) == 1 < len(board.moves(False))
        ours = core.search(p, 200_000, None)[0]
        plain = core.search(p, 200_000, None, proofs=False)[0]
        if "out" in (ours, plain):
            continue
        assert ours == plain, seed
        verdicts[ours] += 1
    assert safe_at_start >= 10, safe_at_start
    assert min(verdicts.values()) >= 3, verdicts
