"""A plain search on engine positions, for a game the compiled core does not play (B1, V2).

:mod:`scorpion.solver.core` plays every game of the family
(:func:`scorpion.solver.search.core_plays`); this search, on engine positions with the
engine's own moves, is what a game outside it would be searched with (a variant of more
than 15 columns, or another stock), slower but with the same guarantees. The tests search
the family's games here too, to check the core against it.
Scorpion's safe moves and proofs of loss can be passed in where their argument holds
(:func:`scorpion.solver.search._safe_moves_hold`: Three Blind Mice).

* **Complete.** A depth-first search over the positions reachable from the start, each
  searched once (a transposition table of canonical keys). The graph is finite, so when the
  search ends without a win every reachable position was searched and none is won: the
  position is not winnable. A budget (nodes, seconds) that runs out gives "undecided".
* **Canonical keys.** Two positions get the same key only when the same lines of play, up
  to renaming columns and cells, are open from both, so searching one of them is enough:
  the columns (with their face-down counts) as a multiset when no stock is waiting to be
  dealt onto the first columns (before the deal those columns keep their places and only
  the others are sorted), the reserves or free cells as a multiset (their cards play the
  same from any of them), and the stock as it is. The removed runs are what is left.
* **Fewer equal moves.** Of the moves of one card onto empty free cells only the one onto
  the first empty cell is searched (the others reach the same key).
* **Reductions, where the caller gives them.** Where a safe move is found only it is
  searched; a position proved lost is not searched further. Completeness still holds: if a
  searched position were winnable, take one with the fewest moves to a win, and among those
  the fewest cards off their successors; its searched successor (all of them, or the safe
  move's, which wins in no more moves with one more card on its successor for good) would
  be a smaller one, or a win, which the search would have returned.
* **Order.** The moves of a position are searched best first by a simple score of the
  position each leads to (cards in order on the columns, runs removed, cards still face
  down, free cells used, empty columns): it finds wins sooner, and changes no verdict.

Every winning line is replayed on the engine by the caller before it is returned.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Hashable, Iterator

from ..engine.cards import is_red
from ..engine.position import CELL_BASE, EMPTY_CELL, Move, Position, lands_on
from ..engine.variants import Variant

Key = Hashable

SafeMove = Callable[[Position, list[Move]], Move | None]
"""Picks a move that provably keeps a position's prospects among its legal moves, or None
(:func:`scorpion.solver.search.safe_move`, in the games where its argument holds)."""


def generic_key(position: Position) -> Key:
    """Return the canonical key of ``position`` (see the module docstring)."""
    pairs = tuple(zip(position.columns, position.face_down, strict=True))
    cells = tuple(sorted(position.cells))
    v = position.variant
    if position.stock and v.stock_deal:
        first = len(position.stock)
        return (pairs[:first], tuple(sorted(pairs[first:])), cells, position.stock)
    return (tuple(sorted(pairs)), cells, position.stock)


def card_class(card: int) -> int:
    """The class of ``card`` in the games that build in alternate colours: its rank (0 for
    an Ace) times two, plus one for a red card (0..25); -1 for no card (an empty cell)."""
    return -1 if card < 0 else (card % 13) * 2 + is_red(card)


def class_key(position: Position) -> Key:
    """:func:`generic_key` with every card written as its :func:`card_class`.

    In the games that build in alternate colours (Scorpion Tail, Farmer's Wife) every rule
    depends on a card's rank and colour only, so two positions with equal class keys (one
    is the other with cards of equal class exchanged, face-down cards and stock included)
    are won or lost together (:mod:`scorpion.solver.search`, reduction 1). The compiled
    core keys those games' positions so too (:meth:`scorpion.solver.core.Board.class_key`).
    """
    pairs = tuple(
        (tuple(card_class(c) for c in col), fd)
        for col, fd in zip(position.columns, position.face_down, strict=True)
    )
    cells = tuple(sorted(card_class(c) for c in position.cells))
    stock = tuple(card_class(c) for c in position.stock)
    if position.stock and position.variant.stock_deal:
        first = len(position.stock)
        return (pairs[:first], tuple(sorted(pairs[first:])), cells, stock)
    return (tuple(sorted(pairs)), cells, stock)


@functools.lru_cache(maxsize=1 << 16)
def _column_score(column: tuple[int, ...], face_down: int, variant: Variant) -> int:
    if not column:
        return 3
    total = -5 * face_down
    for k in range(max(face_down, 1), len(column)):
        if lands_on(column[k], column[k - 1], variant):
            total += 4
    return total


def score(position: Position) -> int:
    """A rough measure of progress, higher better: only for the order of the search.

    The weights are this project's own (no published source), chosen by hand; they change
    no verdict, only how soon a win is found (see :meth:`scorpion.solver.core.Board.best_first`).
    """
    v = position.variant
    total = 0
    for col, fd in zip(position.columns, position.face_down, strict=True):
        total += _column_score(col, fd, v)
    total += 60 * len(position.runs)
    total -= 2 * sum(c != EMPTY_CELL for c in position.cells)
    return total


def _children(
    position: Position, seen: set[Key], safe: SafeMove | None
) -> list[tuple[Move, Position, Key]]:
    """The moves worth searching from ``position`` to positions not in ``seen``, with the
    positions they lead to and their keys, best first; only the safe move if ``safe``
    finds one."""
    first_free = -1
    if position.variant.free_cells and EMPTY_CELL in position.cells:
        first_free = CELL_BASE + position.cells.index(EMPTY_CELL)
    found = []
    keys = set()
    moves = position.legal_moves()
    if safe is not None:
        chosen = safe(position, moves)
        if chosen is not None:
            moves = [chosen]
    for move in moves:
        if move.column >= CELL_BASE and move.column != first_free:
            continue
        after = position.apply(move)
        key = generic_key(after)
        if key in seen or key in keys:
            continue
        keys.add(key)
        found.append((score(after), move, after, key))
    found.sort(key=lambda item: -item[0])
    return [(move, after, key) for _, move, after, key in found]


Lost = Callable[[Position], bool]
"""True for a position that provably cannot be won (a proof), where the game has one."""


def search(
    position: Position,
    node_limit: int,
    deadline: float | None,
    safe: SafeMove | None = None,
    lost: Lost | None = None,
) -> tuple[str, list[Move], int]:
    """Search from ``position`` depth-first; see :func:`scorpion.solver.search.solve`.

    Args:
        position: the start; not won.
        node_limit: stop when this many positions have been searched (counting the start).
        deadline: stop after this :func:`time.perf_counter` value (None: no limit).
        safe: where it finds a safe move, only that move is searched (None: every move).
        lost: a position it proves lost is not searched further (None: no proofs).

    Returns:
        ``(outcome, line, nodes)``: outcome ``"won"`` (``line``: the moves that win),
        ``"lost"`` (every reachable position searched, none won) or ``"out"`` (budget spent).
    """
    seen = {generic_key(position)}
    nodes = 1
    if lost is not None and lost(position):
        return "lost", [], nodes
    path: list[tuple[Iterator[tuple[Move, Position, Key]], Move | None]] = [
        (iter(_children(position, seen, safe)), None)
    ]
    while path:
        for move, after, key in path[-1][0]:
            if key in seen:  # reached meanwhile, below an earlier move
                continue
            if after.is_won:
                return "won", [m for _, m in path[1:] if m is not None] + [move], nodes
            seen.add(key)
            nodes += 1
            if nodes >= node_limit or (
                deadline is not None and nodes % 256 == 0 and time.perf_counter() > deadline
            ):
                return "out", [], nodes
            if lost is not None and lost(after):
                continue  # proved lost: searched no further (its key stays seen)
            path.append((iter(_children(after, seen, safe)), move))
            break
        else:
            path.pop()
    return "lost", [], nodes
