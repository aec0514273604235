"""Proofs that a position cannot be won, in the games that build in alternate colours
(Scorpion Tail, Farmer's Wife; reduction 3 of :mod:`scorpion.solver.search`, where the
argument is written out).

As in :mod:`scorpion.solver.proof`, the test lists events that a winning line must contain
and, for each event, lists of events of which at least one must come before it (its
*clauses*); an event is *possible* if each of its clauses has a possible event in it, the
least such set is found by propagation as in unit resolution over Horn clauses (W. F.
Dowling and J. H. Gallier, "Linear-time algorithms for testing the satisfiability of
propositional Horn formulae", J. Logic Programming 1 (1984) 267-284), and a position is
lost when an event that every winning line contains is not possible. The events:

* ``L(c)``, numbered ``c``: the first move that card ``c`` leads (a non-King onto one of
  its two *successors*, the cards one rank higher of the other colour; a King into an
  empty column);
* ``Z``, numbered 52: the first moment a column is empty.

A non-King leads a move only onto a successor, and only when the successor is the exposed
card of a column; the card under a card changes only when that card leads a move (a card
carried keeps the card under it) or when it leaves in a removed run (with the card under
it, unless it is the run's King). The clauses, for a card ``c`` in a column at height
``k`` (or in a reserve of Farmer's Wife):

(a) ``L(c)`` of a face-down ``c``, when the card ``w`` lying on it is not a King:
    ``L(w)``. ``c`` leads only face up, it turns up only when uncovered, and ``w`` leaves
    it only by leading (``c`` is in no run while face down). A King on it may leave with
    its run: no clause.
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
    * ``y`` directly under ``c``: ``c`` cannot land on it by its first move (it lies
      there until then);
    * otherwise, ``y`` exposed: nothing named; ``y`` covered by a King: nothing named (it
      may leave with its run); ``y`` covered by a non-King ``w``: ``L(w)`` (``w`` leaves
      ``y`` only by leading, since a run holding ``w`` would hold ``y`` too). A card
      carried off ``y``'s column by a lower card's move keeps ``w`` on ``y``, so this
      holds for ``y`` under ``c`` in ``c``'s own column as well.
(d) ``Z``, when no column is empty and no King lies at the bottom of one (a King there may
    leave with its run): the ``L(b)`` of the cards ``b`` at the bottom of the columns.

A winning line removes every card in runs, each non-King lying on a successor; so it
contains ``L(c)`` of every non-King ``c`` on the table or in a reserve that does not lie
directly on one of its successors. Cards in the stock are in no clause (their events count
as possible), so the test is also a proof before the deal, whose cards only add
obstacles. This is a weaker cousin of Scorpion's test: two successors to choose from, and
runs of any two suits of alternating colours, leave fewer events than in Scorpion that
must come before one another (no run events, no clause of order); it is this module's own.
"""

from __future__ import annotations

from typing import Final

from ..engine.cards import KING, is_red

Z: Final = 52
"""The number of the event "a column is empty for the first time"."""

_EVENTS: Final = 53
_NOWHERE: Final = -1
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
    where = [_NOWHERE] * 52
    height = [0] * 52
    any_empty = False
    for i, column in enumerate(columns):
        if not column:
            any_empty = True
        for k, c in enumerate(column):
            where[c] = i
            height[c] = k
    for c in reserve:
        where[c] = _RESERVE
    for c in stock:
        where[c] = _STOCK
    # The clauses, threaded through flat arrays: clause n is of event ``owner[n]``;
    # ``head[e]`` is the first entry of the clauses that list event e, ``link`` the next
    # entry, ``told`` the clause of each entry; ``open_clauses[e]`` counts e's clauses
    # with no possible event yet.
    owner: list[int] = []
    head = [-1] * _EVENTS
    link: list[int] = []
    told: list[int] = []
    open_clauses = [0] * _EVENTS
    needed: list[int] = []
    union: list[int] = []
    for c in range(52):
        i = where[c]
        if i in (_NOWHERE, _STOCK):
            continue
        k = height[c]
        col = columns[i] if i >= 0 else EMPTY
        if i >= 0 and k < face_down[i]:
            w = col[k + 1]
            if w % 13 != KING:
                union.clear()
                union.append(w)
                _add(c, union, owner, head, link, told, open_clauses)  # (a)
        if c % 13 == KING:
            if not any_empty:
                union.clear()
                union.append(Z)
                _add(c, union, owner, head, link, told, open_clauses)  # (b)
            continue
        union.clear()
        free = False
        for y in SUCCESSORS[c]:
            j = where[y]
            if j == _STOCK:
                free = True
                break
            if j == _NOWHERE:
                continue
            if j == _RESERVE:
                union.append(y)
                continue
            m = height[y]
            ycol = columns[j]
            if j == i and m > k:
                for n in range(k + 1, m + 1):
                    union.append(col[n])
                continue
            if j == i and m == k - 1:
                continue
            if m == len(ycol) - 1 or ycol[m + 1] % 13 == KING:
                free = True
                break
            union.append(ycol[m + 1])
        if not free:
            _add(c, union, owner, head, link, told, open_clauses)  # (c)
        if i < 0 or k == 0 or col[k - 1] not in SUCCESSORS[c]:
            needed.append(c)
    if not any_empty:
        union.clear()
        for column in columns:
            b = column[0]
            if b % 13 == KING:
                break
            union.append(b)
        else:
            _add(Z, union, owner, head, link, told, open_clauses)  # (d)
    possible = [False] * _EVENTS
    queue = [e for e in range(_EVENTS) if open_clauses[e] == 0]
    for e in queue:
        possible[e] = True
    done = [False] * len(owner)
    while queue:
        entry = head[queue.pop()]
        while entry >= 0:
            n = told[entry]
            entry = link[entry]
            if done[n]:
                continue
            done[n] = True
            o = owner[n]
            open_clauses[o] -= 1
            if open_clauses[o] == 0:
                possible[o] = True
                queue.append(o)
    return any(not possible[c] for c in needed)


EMPTY: Final[list[int]] = []
"""No column (for a card in a reserve)."""


def _add(
    event: int,
    events: list[int],
    owner: list[int],
    head: list[int],
    link: list[int],
    told: list[int],
    open_clauses: list[int],
) -> None:
    """Add the clause "one of ``events`` comes before ``event``"."""
    n = len(owner)
    owner.append(event)
    open_clauses[event] += 1
    for e in events:
        link.append(head[e])
        head[e] = len(told)
        told.append(n)
