"""Proofs that a position cannot be won, in the games that build in alternate colours
(Scorpion Tail, Farmer's Wife; reduction 3 of :mod:`scorpion.solver.search`, where the
argument is written out).

As in :mod:`scorpion.solver.proof`, the test lists events that a winning line must contain
and, for each event, lists of events of which at least one must come before it (its
*clauses*); an event is *possible* if each of its clauses has a possible event in it (the
least such set is found by unit propagation, :class:`scorpion.solver.horn.Clauses`), and a
position is lost when an event that every winning line contains is not possible. The
events:

* ``L(c)``, numbered ``c``: the first move that card ``c`` leads (a non-King onto one of
  its two *successors*, the cards one rank higher of the other colour; a King into an
  empty column);
* ``Z``, numbered 52: the first moment a column is empty;
* ``O(K)``, numbered 53 + the suit of ``K``: the removal of the run whose King is ``K``;
* ``A(c, y)``, numbered from 57 on: the moment a successor ``y`` above ``c`` in ``c``'s
  column is within ``c``'s reach (both parted from ``c`` and uncovered; clause (c)).

A non-King leads a move only onto a successor, and only when the successor is the exposed
card of a column; the card under a card changes only when that card leads a move (a card
carried keeps the card under it) or when it leaves in a removed run (with the card under
it, unless it is the run's King). So a card ``w`` leaves the card under it only by its
own first move, ``L(w)``, or, a King, also by the removal of its run, ``O(w)``: call these
*leave(w)*. The clauses, for a card ``c`` in a column at height ``k`` (or in a reserve of
Farmer's Wife):

(a) ``L(c)`` and, for a King, ``O(c)``, of a face-down ``c``: leave(w) for the card
    ``w`` lying on it. ``c`` leads only face up, a run is all face up, and ``c`` turns up
    only when uncovered (it is in no run while face down).
(b) ``L(K)`` of a King, when no column is empty: ``Z``.
(c) ``L(c)`` of a non-King: one list, the union over its two successors ``y`` of what
    landing on ``y`` needs first, and no clause at all if landing on one of them needs
    nothing that can be named:

    * ``y`` in the stock: nothing named (the clause is dropped);
    * ``y`` removed in a run: ``c`` cannot land on it (it adds nothing to the union);
    * ``y`` in a reserve (played from, never onto): ``L(y)``;
    * ``y`` above ``c`` in ``c``'s column: the first move led by a card above ``c`` and at
      or below ``y`` (until one of them leads, ``y`` stays in ``c``'s group, and ``c``
      cannot land on its own group; a run removed with ``y`` in it takes ``y`` away);
      and if a card ``w`` lies on ``y``, leave(w) as well: both must come first, so the
      union names ``A(c, y)``, whose two clauses are those first moves and leave(w).
      ``A(c, y)`` is taken to happen just after the later of the two, so that in a
      winning line it too comes after an event of each of its clauses. (Until
      2026-12-06 the union named the first moves alone, as if ``y`` were then free:
      moving a card between carries ``w`` off with ``y``, and ``w`` still covers it.)
    * ``y`` directly under ``c``: ``c`` cannot land on it by its first move (it lies
      there until then);
    * otherwise, ``y`` exposed: nothing named; ``y`` covered by ``w``: leave(w) (a run
      holding a non-King ``w`` would hold ``y`` too). A card carried off ``y``'s column by
      a lower card's move keeps ``w`` on ``y``, so this holds for ``y`` under ``c`` in
      ``c``'s own column as well.
(d) ``Z``, when no column is empty: leave(b) for the cards ``b`` at the bottom of the
    columns (a column empties when its bottom card leads or leaves with its run).
(e) ``O(K)`` of a face-up King in a column: walk up from ``K`` while each card lies on a
    successor of the card under it; if a card ``x`` above ``K`` does not (or is a King),
    ``L`` of the cards above ``K`` up to ``x`` and, for a King ``x``, ``O(x)``. A run is
    removed with every card on a successor of the card under it, so ``x`` must first
    leave ``K``'s column: until it or a card between leads (``K`` leading carries them
    all) or its own run goes, each of them keeps the card under it. ``O(K)`` of a King in
    a reserve: ``L(K)`` (its run is built in a column).

A winning line removes every card in runs, each non-King lying on a successor; so it
contains ``L(c)`` of every non-King ``c`` on the table or in a reserve that does not lie
directly on one of its successors, and ``O(K)`` of every King on the table or in a reserve.
Scorpion Tail 25 and Farmer's Wife 1 (still undecided after 10,000,000 positions of a
first version without ``O``, whose Kings were taken as free to leave) are proved lost at
their start. With ``A(c, y)`` (2026-12-06) the test proves 950 deals of Scorpion Tail's
1..31999 lost at their start, 53 more than without, and 712 of Farmer's Wife's, 13
more; the deals it adds were all left undecided by their surveys. Cards in the stock are
in no clause (their events count
as possible), so the test is also a proof before the deal, whose cards only add
obstacles. This is a weaker cousin of Scorpion's test: two successors to choose from, and
runs of any two suits of alternating colours, leave fewer events than in Scorpion that
must come before one another (a run event only per King, no clause of order); it is this
module's own.
"""

from __future__ import annotations

from typing import Final

from ..engine.cards import KING, is_red
from .horn import NOWHERE, Clauses, locate

Z: Final = 52
"""The number of the event "a column is empty for the first time"."""

_EVENTS: Final = 57
_REACH: Final = 96
"""At most this many events "y is within c's reach" (two for each non-King)."""
_OFF_RUN: Final = 53
_RESERVE: Final = -2
_STOCK: Final = -3

SUCCESSORS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(s * 13 + c % 13 + 1 for s in range(4) if is_red(s * 13) != is_red(c))
    if c % 13 != KING else ()
    for c in range(52)
)
"""SUCCESSORS[c]: the two cards a non-King ``c`` may be placed on when building down in
alternate colours (7H: 8S and 8C); () for a King."""


def cannot_win(
    columns: list[list[int]],
    face_down: list[int],
    stock: tuple[int, ...],
    reserve: list[int],
) -> bool:
    """True if the position provably cannot be won (see the module docstring).

    Args:
        columns: the columns, bottom to top, cards as ints (0-51) of a game that builds in
            alternate colours, whose empty columns take Kings only and that has no free
            cells (Scorpion Tail, Farmer's Wife). Lists (compiled, the module raises
            TypeError for tuples).
        face_down: for each column, how many of its bottom cards are face down.
        stock: the cards of the stock.
        reserve: the cards in the reserves (Farmer's Wife; played from, never onto).

    Returns:
        True only if no line of play from the position wins; False says nothing (the
        position may be won or lost).

    Cost: linear in the number of cards; about 15 microseconds compiled.
    """
    where, height = locate(columns)
    any_empty = any(not column for column in columns)
    for c in reserve:
        where[c] = _RESERVE
    for c in stock:
        where[c] = _STOCK
    clauses = Clauses(_EVENTS + _REACH)
    needed: list[int] = []
    union: list[int] = []
    between: list[int] = []
    cover: list[int] = []
    reach = _EVENTS  # the next event "y is within c's reach" of (c)
    for c in range(52):
        i = where[c]
        if i in (NOWHERE, _STOCK):
            continue
        k = height[c]
        col = columns[i] if i >= 0 else EMPTY
        if i >= 0 and k < face_down[i]:
            union.clear()
            _leave(col[k + 1], union)
            clauses.add(c, union)  # (a)
            if c % 13 == KING:
                clauses.add(_OFF_RUN + c // 13, union)  # (e)
        if c % 13 == KING:
            if not any_empty:
                union.clear()
                union.append(Z)
                clauses.add(c, union)  # (b)
            needed.append(_OFF_RUN + c // 13)
            if i == _RESERVE:
                union.clear()
                union.append(c)
                clauses.add(_OFF_RUN + c // 13, union)  # (e)
            elif k >= face_down[i]:
                # (e): the first card above the King not lying on a successor of the card
                # under it must leave, or a card between them lead.
                union.clear()
                for n in range(k + 1, len(col)):
                    x = col[n]
                    union.append(x)
                    if x % 13 == KING or col[n - 1] not in SUCCESSORS[x]:
                        if x % 13 == KING:
                            union.append(_OFF_RUN + x // 13)
                        clauses.add(_OFF_RUN + c // 13, union)
                        break
            continue
        union.clear()
        free = False
        for y in SUCCESSORS[c]:
            j = where[y]
            if j == _STOCK:
                free = True
                break
            if j == NOWHERE:
                continue
            if j == _RESERVE:
                union.append(y)
                continue
            m = height[y]
            ycol = columns[j]
            if j == i and m > k:
                between.clear()
                for n in range(k + 1, m + 1):
                    between.append(col[n])
                if m == len(col) - 1:
                    union.extend(between)  # y on top: a card between leading is enough
                    continue
                # Both: a card between leads, and the card on y leaves; an event of its
                # own, "y is within c's reach", with two clauses.
                cover.clear()
                _leave(col[m + 1], cover)
                clauses.add(reach, between)
                clauses.add(reach, cover)
                union.append(reach)
                reach += 1
                continue
            if j == i and m == k - 1:
                continue
            if m == len(ycol) - 1:
                free = True
                break
            _leave(ycol[m + 1], union)
        if not free:
            clauses.add(c, union)  # (c)
        if i < 0 or k == 0 or col[k - 1] not in SUCCESSORS[c]:
            needed.append(c)
    if not any_empty:
        union.clear()
        for column in columns:
            _leave(column[0], union)
        clauses.add(Z, union)  # (d)
    possible = clauses.possible()
    return any(not possible[e] for e in needed)


EMPTY: Final[list[int]] = []
"""No column (for a card in a reserve)."""


def _leave(w: int, union: list[int]) -> None:
    """Add to ``union`` the events by which card ``w`` can leave the card under it: its
    first lead, and for a King the removal of its run."""
    union.append(w)
    if w % 13 == KING:
        union.append(_OFF_RUN + w // 13)
