"""Kings that would fill the last empty column, tested before their move is made
(search.py, reduction 3, where the test is asked; ``proof.kings_first_lost``).

The test of a King is on the clauses of the board it leaves its column on, relaxed: so
whenever it proves a King lost, the plain test (clauses (i)-(vi)) proves the board that
the King's move would leave lost too. Checked on random positions with one empty column,
and the boards so proved lost against the plain exhaustive search.
"""

from __future__ import annotations

import random

from baseline_dfs import plain_dfs
from scorpion.engine import SCORPION, SCORPION_STRICT, Move, Position
from scorpion.engine.cards import KING
from scorpion.solver import Verdict, solve
from scorpion.solver.proof import board_code, cannot_win, kings_first_lost


def _one_empty_column(rng: random.Random) -> Position:
    """Two or three suits in six columns, Kings anywhere in them (often over lower cards of
    their suit), some cards face down; the seventh column empty."""
    suits = rng.sample(range(4), rng.choice([2, 2, 3]))
    cards = [s * 13 + r for s in suits for r in range(13)]
    rng.shuffle(cards)
    columns: list[list[int]] = [[] for _ in range(7)]
    for card in cards:
        columns[rng.randrange(6)].append(card)
    rng.shuffle(columns)
    face_down = tuple(rng.randrange(len(c)) if c and rng.random() < 0.6 else 0 for c in columns)
    runs = tuple(s for s in range(4) if s not in suits)
    variant = rng.choice([SCORPION, SCORPION_STRICT])
    return Position(tuple(map(tuple, columns)), face_down, (), runs, variant)


def _king_fills(p: Position) -> list[Move]:
    """The legal moves of a King not at the bottom of its column into the empty column."""
    empty = [i for i, col in enumerate(p.columns) if not col]
    return [m for m in p.legal_moves()
            if m.card >= 0 and m.card % 13 == KING and m.column in empty
            and p.columns[p.locate(m.card)[0]][0] != m.card]  # type: ignore[index]


def _boards() -> list[tuple[Position, Move, bool]]:
    """Random boards with one empty column, each King's move into it and the answer."""
    rng = random.Random(5)
    found = []
    while len(found) < 3000:
        p = _one_empty_column(rng)
        try:
            p.check()
        except ValueError:
            continue
        if sum(1 for col in p.columns if not col) != 1:
            continue
        moves = _king_fills(p)
        if not moves:
            continue
        code = board_code(p.columns, p.face_down)
        answers = kings_first_lost(code, [m.card for m in moves])
        found.extend(zip([p] * len(moves), moves, answers, strict=True))
    return found


def test_a_king_proved_lost_leaves_a_board_the_plain_test_proves_lost() -> None:
    proved = 0
    for p, move, lost in _boards():
        if not lost:
            continue
        after = p.apply(move)
        assert cannot_win(board_code(after.columns, after.face_down), orders=False), (p, move)
        proved += 1
    assert proved >= 200


def test_what_a_king_proved_lost_leaves_is_lost() -> None:
    """Against the plain exhaustive search, and for the solver's own search too."""
    checked = 0
    for p, move, lost in _boards():
        if not lost:
            continue
        after = p.apply(move)
        plain = plain_dfs(after, max_nodes=50_000)
        if not plain.decided:
            continue
        assert plain.verdict is Verdict.NOT_WINNABLE, (p, move)
        assert solve(after).verdict is Verdict.NOT_WINNABLE
        checked += 1
        if checked == 30:
            break
    assert checked == 30
