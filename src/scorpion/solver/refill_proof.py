"""Proofs that a position cannot be won, in Chelicera: a same-suit game whose stock
refills each emptied column with three cards and whose runs stay on the table (reduction 3
of :mod:`scorpion.solver.search` says where the search asks it; the argument is here).

As in :mod:`scorpion.solver.proof`, the test lists events that a winning line must contain
and, for each event, lists of events of which at least one must come before it (its
*clauses*); an event is *possible* if each of its clauses has a possible event in it (the
least such set is found by unit propagation, :class:`scorpion.solver.horn.Clauses`). The
events, each the first of its kind in the line:

* ``L(x)``, numbered ``x``: the non-King ``x`` lands on ``x + 1``;
* ``M(K)``, numbered 52 + the suit of ``K``: the King ``K`` goes into an empty column;
* ``Z``, numbered 56: a move empties a column (when none is empty now).

The stock is known to the solver: its cards come in *packets* of three (the last one
shorter), the first packet into the first column emptied, and so on, each packet laid
bottom first. The test takes each packet as one more column (an *instance*: the cards of
a column from when they are laid to when it is emptied), whose cards lie on one another
as they will when laid. A non-King leads a move only onto its successor (the card of its
suit one rank higher), a King only into an empty column (only once the stock is empty: an
emptied column is refilled at once while it lasts); the card under a card changes only
when that card leads a move (a carried card keeps the card under it), and runs are never
removed. So a card ``w`` leaves the card under it only by *leave(w)*: ``L(w)`` for a
non-King not on its successor, ``M(w)`` for a King, never for a card on its successor
(it has nowhere else to go). The clauses, for a card ``c``:

(a) ``L(c)``: ``c + 1`` must be a column's exposed card when ``c`` lands on it. ``c + 1``
    covered by ``w`` (not ``c``): leave(w); above ``c`` in ``c``'s own instance: leave of
    one of the cards above ``c`` and at or below ``c + 1`` (until one of them leads, the
    cards from ``c`` up to ``c + 1`` keep their order in one column, and ``c`` cannot land
    on its own group; clause (vi) of Scorpion's proof), and, if ``c + 1`` is covered
    there, leave of the card on it as well (both must come first; until 2026-12-06 the
    test asked for the first alone); ``c + 1`` in a packet: also ``Z`` (a packet is laid
    only when a column is emptied).
(b) ``M(K)``, when no column is empty: ``Z``.
(c) ``L(c)`` and ``M(c)`` of a card in a packet: ``Z``.
(d) ``Z``, when no column is empty: ``L(b)`` for a non-King ``b`` at the bottom of a column
    on the table (a King at the bottom leaves only by ``M``, which needs ``Z`` first).
    ``L(b)`` and ``Z`` are then the same move; since the clauses of every ``L`` and ``M``
    name only events strictly before them, ``L(b)`` may be taken as first within it.

A winning line ends with the stock empty and every column one run, King at the bottom: so
it contains ``L(x)`` of every non-King ``x`` (on the table or in the stock) that does not
lie on ``x + 1`` in its instance, and ``M(K)`` of every King that is not at the bottom of
its instance. If one of them is not possible, the position cannot be won.

The test is this module's own, a cousin of Scorpion's (:mod:`scorpion.solver.proof`).
"""

from __future__ import annotations

from typing import Final

from ..engine.cards import KING
from .horn import NOWHERE, Clauses, locate

M0: Final = 52
"""The number of ``M`` of the King of suit 0."""
Z: Final = 56
"""The number of the event "a move empties a column"."""

_EVENTS: Final = 57


def cannot_win(columns: list[list[int]], stock: tuple[int, ...], refill: int) -> bool:
    """True if the position provably cannot be won (see the module docstring).

    Args:
        columns: the columns, bottom to top, cards as ints (0-51), all face up, of a game
            that builds in suit, whose runs stay on the table, whose stock refills each
            emptied column and whose empty columns take Kings only once the stock is
            empty (Chelicera). Lists (compiled, the module raises TypeError for tuples).
        stock: the cards of the stock, the next to come first.
        refill: how many cards of the stock refill an emptied column (Chelicera: 3).

    Returns:
        True only if no line of play from the position wins; False says nothing (the
        position may be won or lost).

    Raises:
        ValueError: ``refill`` is not positive.

    Cost: linear in the number of cards, but for the clause of a card whose successor lies
    above it in its own column, which lists the cards between (52 x 52 at the very most).
    """
    if refill <= 0:
        raise ValueError(f"refill must be positive, not {refill}")
    # The instances: the columns on the table, then the packets of the stock.
    instances: list[list[int]] = []
    empty_now = 0
    for column in columns:
        if column:
            instances.append(column)
        else:
            empty_now += 1
    table = len(instances)
    for n in range(0, len(stock), refill):
        instances.append(list(stock[n:n + refill]))
    where, height = locate(instances)
    clauses = Clauses(_EVENTS)
    needed: list[int] = []
    union: list[int] = []
    for c in range(52):
        i = where[c]
        if i == NOWHERE:
            continue
        col = instances[i]
        k = height[c]
        if c % 13 == KING:
            if k == 0:
                continue
            needed.append(M0 + c // 13)
            if not empty_now or i >= table:
                union.clear()
                union.append(Z)
                clauses.add(M0 + c // 13, union)  # (b), (c)
            continue
        if k > 0 and col[k - 1] == c + 1:
            continue  # on its successor for good
        needed.append(c)
        if i >= table:
            union.clear()
            union.append(Z)
            clauses.add(c, union)  # (c)
        y = c + 1
        j = where[y]
        if j == NOWHERE:
            continue
        m = height[y]
        union.clear()
        if j == i and m > k:
            for n in range(k + 1, m + 1):
                _leave(col[n], instances, where, height, union)
            clauses.add(c, union)  # (a), own instance
            union.clear()  # and, if c + 1 is covered, (a), covered
        if j >= table:
            union.append(Z)
            clauses.add(c, union)  # (a), in a packet
            union.clear()
        ycol = instances[j]
        if m + 1 < len(ycol):
            _leave(ycol[m + 1], instances, where, height, union)
            clauses.add(c, union)  # (a), covered
    if not empty_now:
        union.clear()
        for n in range(table):
            b = instances[n][0]
            if b % 13 != KING:
                union.append(b)
        clauses.add(Z, union)  # (d)
    possible = clauses.possible()
    return any(not possible[e] for e in needed)


def _leave(
    w: int, instances: list[list[int]], where: list[int], height: list[int], union: list[int]
) -> None:
    """Add to ``union`` the events by which ``w`` can leave the card under it (leave(w) of
    the module docstring): none for a card on its successor."""
    if w % 13 == KING:
        union.append(M0 + w // 13)
        return
    k = height[w]
    if k == 0 or instances[where[w]][k - 1] != w + 1:
        union.append(w)
