"""Clause (vii) of the proof of loss (search.py, reduction 3): the order of two first moves.

Cards ``a`` and ``y`` so placed (``y`` at or below ``a + 1``, ``y + 1`` at or above ``a``)
that whichever moves first puts the other's successor above it in one column: the later
move waits for a card between them; the proof tries both orders of each such pair. Checked
here: a position only the clause proves lost, winnable positions that narrower lists of
cards between would call lost, and random positions with such pairs planted, against the
plain exhaustive search.
"""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from baseline_dfs import plain_dfs
from scorpion.engine import SCORPION, SCORPION_STRICT, Position, deal, parse_position
from scorpion.engine.cards import KING
from scorpion.solver import Verdict, core, solve
from scorpion.solver.proof import board_code, cannot_win
from scorpion.solver.search import is_deadlocked

# Lost, and only clause (vii) sees it. 4S must land on 5S and 5S on 6S, which lies on 4S.
# 5S first puts 5S on 6S above 4S, parted only by 6S (onto 7S); 4S first carries 6S onto
# 5S, parted again only by 6S. Either way 6S waits for 7S to turn up, so for 2S to leave
# it, and 2S waits both for 3S, under 4S, and for 9H, which waits for TH, under 5S. With
# (i)-(vi) alone every move looks possible: 4S and 5S each have a free target now.
ONLY_THE_ORDER_CLAUSE = """\
1: 3S 4S 6S
2: [7S 2S] 9H
3: [TH] 5S
4: KS QS JS TS 9S 8S
5: AS
6: KH QH JH
7: 8H 7H 6H 5H 4H 3H 2H AH
stock: -
runs: C D
"""

# Winnable positions (found among random ones, each checked by the plain search) that a
# narrower list of cards between would call lost: one that left out the two cards'
# successors (``a + 1`` may lead onto ``a + 2``, ``y + 1`` away with the cards above it),
# one that left out Kings (they lead into an empty column, carrying the cards above).
LEAVES_OUT_THE_SUCCESSORS = """\
1: JD KH AD 3D
2: TH JH 2H AH
3: [7D] 5D KD 9D
4: 4H 9H
5: 3H 8H
6: [2D] 6H 4D 5H 6D TD
7: QD 7H 8D QH
stock: -
runs: C S
"""

LEAVES_OUT_KINGS = """\
1: [TS QS] 3C
2: AC TC 6C 6S
3: 4C 7S 9S
4: 4S 8C 9C
5: 3S JS KC KS
6: 2C 5S 2S 8S
7: AS 5C 7C JC QC
stock: -
runs: D H
"""


def _plain_proof() -> ModuleType:
    """``scorpion/solver/proof.py`` loaded as plain Python, so that a test can narrow it."""
    source = Path(core.__file__).with_name("proof.py")
    spec = importlib.util.spec_from_file_location("scorpion.solver._narrowed_proof", source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _narrowed(drop: Callable[[int, int], int]) -> ModuleType:
    """The proof with clause (vii)'s cards between narrowed: ``drop(p, q)`` gives the bits
    of the cards to leave out of the lists of the pair of cards ``p``, ``q``."""
    module = _plain_proof()
    found_by = module._order_clauses

    def narrower(scol: object, cols: object, where: object, code: object,
                 pairs: dict[int, list[int]]) -> None:
        found_by(scol, cols, where, code, pairs)
        for key, found in pairs.items():
            pairs[key] = [cards & ~drop(key >> 6, key & 63) for cards in found]

    module._order_clauses = narrower
    return module


def _kings() -> int:
    return sum(1 << (s * 13 + KING) for s in range(4))


def test_a_position_only_the_order_clause_proves_lost() -> None:
    p = parse_position(ONLY_THE_ORDER_CLAUSE)
    code = board_code(p.columns, p.face_down)
    assert plain_dfs(p, max_nodes=10**6).verdict is Verdict.NOT_WINNABLE
    assert not cannot_win(code, orders=False)
    assert cannot_win(code)
    assert is_deadlocked(p)
    assert solve(p).nodes == 1


def test_narrower_lists_of_cards_between_would_call_winnable_positions_lost() -> None:
    cases: list[tuple[str, Callable[[int, int], int]]] = [
        (LEAVES_OUT_THE_SUCCESSORS, lambda p, q: 1 << (p + 1) | 1 << (q + 1)),
        (LEAVES_OUT_KINGS, lambda p, q: _kings()),
    ]
    for text, drop in cases:
        p = parse_position(text)
        code = board_code(p.columns, p.face_down)
        assert plain_dfs(p, max_nodes=10**6).verdict is Verdict.WINNABLE, text
        assert not cannot_win(code), text
        assert _narrowed(drop).cannot_win(code), text  # the narrower clause: wrongly lost
        assert solve(p).verdict is Verdict.WINNABLE


def _planted(rng: random.Random) -> Position:
    """Two or three suits in random columns, with a card ``a``, its successor ``a + 1``
    elsewhere, a card ``y`` at or below ``a + 1`` and ``y + 1`` above ``a`` (``y`` often
    ``a + 1`` or ``a - 1``): the cards that clause (vii) names."""
    suits = rng.sample(range(4), rng.choice([2, 2, 3]))
    cards = [s * 13 + r for s in suits for r in range(13)]
    a = rng.choice([c for c in cards if c % 13 < KING - 1])
    y = rng.choice([a + 1, a - 1 if a % 13 else a + 1, rng.choice(cards)])
    if y % 13 == KING or y == a:
        y = a + 1
    special = list(dict.fromkeys([a, a + 1, y, y + 1]))
    rest = [c for c in cards if c not in special]
    rng.shuffle(rest)
    columns: list[list[int]] = [[] for _ in range(7)]
    for card in rest:
        columns[rng.randrange(7)].append(card)
    d, s = rng.sample(range(7), 2)

    def insert(column: list[int], card: int, lowest: int) -> int:
        k = rng.randrange(lowest, len(column) + 1)
        column.insert(k, card)
        return k

    if y == a + 1:
        insert(columns[d], a + 1, 0)
    else:
        insert(columns[d], a + 1, insert(columns[d], y, 0) + 1)
    if y + 1 == a:
        insert(columns[s], a, 0)
    else:
        insert(columns[s], y + 1, insert(columns[s], a, 0) + 1)
    face_down = tuple(rng.randrange(len(c)) if c and rng.random() < 0.5 else 0 for c in columns)
    runs = tuple(x for x in range(4) if x not in suits)
    variant = rng.choice([SCORPION, SCORPION_STRICT])
    return Position(tuple(map(tuple, columns)), face_down, (), runs, variant)


def test_what_only_the_order_clause_proves_lost_is_lost() -> None:
    """Random positions with the clause's cards planted: every one that the clause alone
    proves lost is lost for the plain exhaustive search, and the solver says so."""
    rng = random.Random(13)
    checked = 0
    for _ in range(6000):
        p = _planted(rng)
        try:
            p.check()
        except ValueError:
            continue
        code = board_code(p.columns, p.face_down)
        if cannot_win(code, orders=False) or not cannot_win(code):
            continue
        plain = plain_dfs(p, max_nodes=200_000)
        if not plain.decided:
            continue
        assert plain.verdict is Verdict.NOT_WINNABLE, p
        assert solve(p).verdict is Verdict.NOT_WINNABLE
        checked += 1
        if checked == 12:
            break
    assert checked == 12


def test_deals_the_order_clause_proves_lost_at_the_start() -> None:
    """Deals that took 1.4 and 2.5 million positions before the clause (their verdicts are
    those of the shipped list, found by the exhaustive search)."""
    for number in (5435, 4929):
        result = solve(deal(number))
        assert (result.verdict, result.nodes) == (Verdict.NOT_WINNABLE, 1)
