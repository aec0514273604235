"""The class key of the games that build in alternate colours (B1, V2; search.py,
reduction 1): Scorpion Tail and Farmer's Wife key positions by card classes (rank and
colour), so that positions equal class by class are searched once. These tests check that
the core's key parts positions exactly as the class key on engine positions does, that
exchanging cards of one class leaves a position's key and verdict as they are, and that
searching by classes changes no verdict (the plain exhaustive search, in
``test_family_core.py``, checks the verdicts themselves).
"""

from __future__ import annotations

import random

import pytest
from family_positions import random_position, walked

from scorpion.engine import VARIANTS, Position, deal
from scorpion.engine.cards import parse_card
from scorpion.engine.position import CELL_BASE
from scorpion.solver import Verdict, core, solve
from scorpion.solver.core import Board
from scorpion.solver.generic import card_class, class_key, generic_key

GAMES = ("scorpion-tail", "farmers-wife")


def partner(card: int) -> int:
    """The other card of ``card``'s class: clubs with spades, diamonds with hearts."""
    return card % 13 + 13 * (3 - card // 13)


def exchanged(p: Position, ranks: set[int]) -> Position:
    """``p`` with the two cards of each class of the given ranks (0 for Aces) exchanged
    everywhere: columns, face-down cards, stock and cells."""
    def swap(card: int) -> int:
        return partner(card) if card >= 0 and card % 13 in ranks else card

    return p._replace(
        columns=tuple(tuple(swap(c) for c in col) for col in p.columns),
        stock=tuple(swap(c) for c in p.stock),
        cells=tuple(swap(c) for c in p.cells),
    )


def test_b1_card_classes_are_rank_and_colour() -> None:
    """7H and 7D share a class, 7S and 7C another; Aces are 0 and 1, Kings 24 and 25."""
    cls = {code: card_class(parse_card(code)) for code in ("7H", "7D", "7S", "7C", "AS", "KD")}
    assert cls["7H"] == cls["7D"] == 13
    assert cls["7S"] == cls["7C"] == 12
    assert (cls["AS"], cls["KD"]) == (0, 25)
    assert all(partner(partner(c)) == c and card_class(partner(c)) == card_class(c)
               for c in range(52))
    assert bytes(card_class(c) for c in range(52)) == core.CARD_CLASS


@pytest.mark.parametrize("game", GAMES)
def test_b1_core_class_key_parts_positions_as_the_engine_class_key(game: str) -> None:
    """The core's class key, kept by the board move by move or made afresh, gives two
    positions the same key exactly when :func:`class_key` does, for every position one
    legal move from many positions of deals and random walks."""
    variant = VARIANTS[game]
    rng = random.Random(543)
    ours: dict[bytes, object] = {}
    theirs: dict[object, bytes] = {}
    merged = 0
    starts = [deal(n, variant) for n in (1, 3, 346, 31999)]
    starts += [random_position(variant, seed) for seed in range(80)]
    for start in starts:
        for steps in (0, 10):
            p = walked(rng, start, steps)
            board = Board(p)
            before = bytes(board.code)
            for move in p.legal_moves():
                q = p.apply(move)
                record = board.apply(-1 if move.card < 0 else move.card * 16 + (
                    core.TO_CELL if move.column >= CELL_BASE else move.column))
                key = board.class_key()
                assert key == Board(q).class_key()
                assert ours.setdefault(key, class_key(q)) == class_key(q)
                assert theirs.setdefault(class_key(q), key) == key
                board.undo(record)
                board.code[:] = before
                image = exchanged(q, {rng.randrange(13)})
                if generic_key(image) != generic_key(q):
                    assert Board(image).class_key() == key
                    assert class_key(image) == class_key(q)
                    merged += 1
    assert len(ours) > 600
    assert merged > 100


@pytest.mark.parametrize("game", GAMES)
def test_b1_exchanging_cards_of_a_class_keeps_key_and_verdict(game: str) -> None:
    """A position and its image with 7H and 7D (and so on) exchanged have one class key
    but two card keys, and the solver gives both the same verdict; a suit game's cards have
    no classes."""
    variant = VARIANTS[game]
    decided = 0
    for seed in range(30):
        p = random_position(variant, seed)
        if p.runs:
            continue
        image = exchanged(p, {1, 4, 6, 9, 11})
        image.check()
        assert Board(image).class_key() == Board(p).class_key()
        assert class_key(image) == class_key(p)
        assert generic_key(image) != generic_key(p)
        ours = solve(p, max_nodes=5_000)
        theirs = solve(image, max_nodes=5_000)
        if Verdict.UNDECIDED in (ours.verdict, theirs.verdict):
            continue
        assert ours.verdict is theirs.verdict, seed
        decided += 1
    assert decided >= 5
    with pytest.raises(ValueError, match="builds in suit"):
        core.search(deal(1), 100, None, classes=True)


@pytest.mark.parametrize("game", GAMES)
def test_b1_searching_by_classes_changes_no_verdict_and_searches_less(game: str) -> None:
    """On random positions that the core decides by cards alone within 10,000 positions,
    the search by classes gives the same verdict; on those proved lost, in no more
    positions (it searches one of each set of positions equal class by class), and in
    fewer in all. Both without the proof of loss, which proves most of these positions
    lost at once (since 2026-12-06 all those of Farmer's Wife here), where the key has
    nothing left to spare."""
    variant = VARIANTS[game]
    by_cards = by_classes = lost = 0
    for seed in range(300, 380):
        p = random_position(variant, seed)
        cards = core.search(p, 10_000, None, classes=False, proofs=False)
        if cards[0] == "out":
            continue
        classes = core.search(p, 10_000, None, classes=True, proofs=False)
        assert classes[0] == cards[0], seed
        if cards[0] == "lost":
            assert classes[2] <= cards[2], seed
            by_cards += cards[2]
            by_classes += classes[2]
            lost += 1
    assert lost >= 5
    assert by_classes < by_cards
