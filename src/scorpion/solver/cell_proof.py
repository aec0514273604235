"""Proofs that a position cannot be won, in the same-suit games with free cells (How They
Run, Scorpion Head; reduction 3 of :mod:`scorpion.solver.search`, where the argument is
written out).

As in :mod:`scorpion.solver.proof`, the test lists events that a winning line must contain
and, for each event, lists of events of which at least one must come before it (its
*clauses*); an event is *possible* if each of its clauses has a possible event in it (the
least such set is found by unit propagation, :class:`scorpion.solver.horn.Clauses`), and a
position is lost when an event that every winning line contains is not possible. The
events, each the first of its kind in the line:

* ``L(x)``, numbered ``x``: a non-King ``x`` lands on ``x + 1`` (from a column or a cell);
* ``C(x)``, numbered 52 + ``x``: ``x`` goes into a free cell;
* ``M(K)``, numbered 104 + the suit of ``K``: the King ``K`` goes into an empty column;
* ``R(s)``, numbered 108 + ``s``: the run of suit ``s`` is removed;
* ``Z``, numbered 112: a column is empty (when none is now);
* ``F``, numbered 113: a cell is free (when none is now).

A card goes into a cell alone, from a column's top; a non-King lands only on its successor
(the card of its suit one rank higher) or in a cell, a King only in an empty column or a
cell; the card under a card changes only when that card leads a move (a carried card keeps
the card under it) or leaves with its run. So a card ``w`` leaves the card under it only by
*leave(w)*: ``C(w)``; ``L(w)`` for a non-King not on its successor; ``M(w)`` for a King;
``R`` of its suit for a King or a card on its successor. The clauses, for a card ``c``:

(a) ``L(c)``, ``C(c)``, ``M(c)`` and ``R`` of its suit, for a face-down ``c``: leave(w)
    for the card ``w`` on it (a card leads only face up, a run is all face up, and a card
    turns up only when uncovered).
(b) ``C(c)`` of a card in a column: leave(w) for the card ``w`` on it, if any; ``F``, if no
    cell is free.
(c) ``M(K)``, when no column is empty: ``Z``.
(d) ``L(c)``: ``c + 1`` must be a column's top card when ``c`` lands on it. ``c + 1`` in a
    cell: ``L(c + 1)`` or ``M(c + 1)`` (a cell card leaves only onto a column); covered
    by ``w`` (not ``c``): leave(w); above ``c`` in ``c``'s own column: the first move led
    by a card above ``c`` and at or below ``c + 1`` (leave of each: until one of them leads,
    the cards from ``c`` up to ``c + 1`` stay together in that order, and ``c`` cannot land
    on its own group nor go into a cell while covered; clause (vi) of Scorpion's proof),
    and, if ``c + 1`` is covered there by ``w``, leave(w) as well (a clause of its own:
    both must come first; until 2026-12-06 the test asked for the first alone).
(e) ``R(s)``: ``L(x)`` for each non-King ``x`` of ``s`` not on ``x + 1`` (a run is removed
    with each card on its successor).
(f) ``Z``, when no column is empty: leave(b) for the card ``b`` at the bottom of each
    column, but not ``M(b)`` (a King goes into an empty column only after ``Z``).
(g) ``F``, when no cell is free: ``L(r)`` or ``M(r)`` for each card ``r`` in a cell.

A winning line removes every card in runs, so it contains ``L(x)`` of every non-King ``x``
not lying on ``x + 1`` and ``R(s)`` of every suit. The test is this module's own, a cousin
of Scorpion's (:mod:`scorpion.solver.proof`); the cells make it weaker (once a cell is
free, any card uncovered may go into it), so it proves most where the cells are full:
in How They Run, whose two cells are dealt full, it proves 176 of the 266 deals of
1..3000 that its survey found lost at their start (165 before the second clause of (d)
for a covered ``c + 1`` above ``c``, 2026-12-06; How They Run 105 is one of the 11).
"""

from __future__ import annotations

from typing import Final

from ..engine.cards import KING
from .horn import NOWHERE, Clauses, locate

C0: Final = 52
"""The number of ``C(0)``: ``C(x)`` is ``C0 + x``."""
M0: Final = 104
"""The number of ``M`` of the King of suit 0."""
R0: Final = 108
"""The number of ``R(0)``."""
Z: Final = 112
"""The number of the event "a column is empty for the first time"."""
F: Final = 113
"""The number of the event "a cell is free for the first time"."""

_EVENTS: Final = 114
_CELL: Final = -2


def cannot_win(
    columns: list[list[int]], face_down: list[int], cells: list[int], free_cells: int
) -> bool:
    """True if the position provably cannot be won (see the module docstring).

    Args:
        columns: the columns, bottom to top, cards as ints (0-51) of a game that builds in
            suit, whose empty columns take Kings only, that has free cells and no stock
            (How They Run, Scorpion Head). Lists (compiled, the module raises TypeError for
            tuples).
        face_down: for each column, how many of its bottom cards are face down.
        cells: the cards in the free cells (the empty cells left out).
        free_cells: how many free cells the game has.

    Returns:
        True only if no line of play from the position wins; False says nothing (the
        position may be won or lost).

    Cost: linear in the number of cards.
    """
    where, height = locate(columns)
    any_empty = any(not column for column in columns)
    for c in cells:
        where[c] = _CELL
    cell_free = len(cells) < free_cells
    clauses = Clauses(_EVENTS)
    needed: list[int] = []
    union: list[int] = []
    suits = 0
    for c in range(52):
        i = where[c]
        if i == NOWHERE:
            continue
        s = c // 13
        suits |= 1 << s
        king = c % 13 == KING
        col = columns[i] if i >= 0 else _NO_COLUMN
        k = height[c]
        on_successor = not king and i >= 0 and k > 0 and col[k - 1] == c + 1
        if i >= 0:
            if k + 1 < len(col):
                union.clear()
                _leave(col[k + 1], columns, where, height, union)
                clauses.add(C0 + c, union)  # (b)
                if k < face_down[i]:  # (a)
                    clauses.add(M0 + s if king else c, union)
                    clauses.add(R0 + s, union)
            if not cell_free:
                union.clear()
                union.append(F)
                clauses.add(C0 + c, union)  # (b)
        if king:
            if not any_empty:
                union.clear()
                union.append(Z)
                clauses.add(M0 + s, union)  # (c)
            continue
        if on_successor:
            continue
        needed.append(c)
        union.clear()
        union.append(c)
        clauses.add(R0 + s, union)  # (e)
        y = c + 1
        j = where[y]
        if j == NOWHERE:
            continue
        union.clear()
        if j == _CELL:
            union.append(M0 + s if y % 13 == KING else y)  # (d)
            clauses.add(c, union)
            continue
        m = height[y]
        if j == i and m > k:
            for n in range(k + 1, m + 1):
                _leave(col[n], columns, where, height, union)
            clauses.add(c, union)  # (d), own column
            union.clear()  # and, if c + 1 is covered, (d), covered
        ycol = columns[j]
        if m + 1 < len(ycol) and ycol[m + 1] != c:
            _leave(ycol[m + 1], columns, where, height, union)
            clauses.add(c, union)  # (d), covered
    for s in range(4):
        if suits >> s & 1:
            needed.append(R0 + s)
    if not any_empty:
        union.clear()
        for column in columns:
            b = column[0]
            union.append(C0 + b)
            union.append(R0 + b // 13 if b % 13 == KING else b)
        clauses.add(Z, union)  # (f)
    if not cell_free:
        union.clear()
        for r in cells:
            union.append(M0 + r // 13 if r % 13 == KING else r)
        clauses.add(F, union)  # (g)
    possible = clauses.possible()
    return any(not possible[e] for e in needed)


_NO_COLUMN: Final[list[int]] = []
"""No column (for a card in a cell)."""


def _leave(
    w: int, columns: list[list[int]], where: list[int], height: list[int], union: list[int]
) -> None:
    """Add to ``union`` the events by which ``w``, in a column, can leave the card under it
    (leave(w) of the module docstring)."""
    union.append(C0 + w)
    s = w // 13
    if w % 13 == KING:
        union.append(M0 + s)
        union.append(R0 + s)
        return
    k = height[w]
    if k > 0 and columns[where[w]][k - 1] == w + 1:
        union.append(R0 + s)
    else:
        union.append(w)

