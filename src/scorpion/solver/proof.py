"""Proofs that a position cannot be won (reduction 3 of :mod:`scorpion.solver.search`,
where the argument is written out).

The test lists events that a winning line must contain, and for each event the events of
which at least one must come before it (its *clauses*):

* ``E(x)``, numbered ``x``: the first move that the non-King ``x`` leads (onto ``x + 1``);
* ``M(K)``, numbered ``K``: the first move that the King ``K`` leads (into an empty column);
* ``R(s)``, numbered ``52 + s``: the removal of the run of suit ``s``;
* ``Z``, numbered 56: the first moment a column is empty.

An event is *possible* if each of its clauses has a possible event in it; the possible
events are the least set closed under that rule, found by propagation as in unit resolution
over Horn clauses (W. F. Dowling and J. H. Gallier, "Linear-time algorithms for testing the
satisfiability of propositional Horn formulae", J. Logic Programming 1 (1984) 267-284).
Events in a circle of clauses are never possible. The clauses are (i)-(vii) of
:mod:`scorpion.solver.search`, reduction 3; (vi) is read off each column from its bottom:
a non-King with its successor above it waits for the first move of a card between them.
A winning line needs ``E(x)`` for every non-King ``x`` not lying on ``x + 1``, and ``R(s)``
for every suit on the table; if one of them is not possible, the position cannot be won.

Clause (vii) is about the order of two such moves, ``E(a)`` and ``E(y)`` of cards so placed
that whichever comes first puts the other card's successor above it in one column: the later
one needs a card between them to lead first. For each pair of cards it names, the
propagation is run again once for each of the two orders, with that order's clauses added;
if neither order leaves every needed event possible, the position cannot be won either.

The test reads the solver's board code (:mod:`scorpion.solver.core`): for each card, what
lies under it and whether it is face down. Cards in the stock are not on the table and hold
nothing back, so the test is also a proof before the deal.

:func:`cannot_empty` asks the same clauses only whether ``Z`` is possible: Wasp's proof of
loss, which holds there because Wasp is played as Scorpion until a column is first emptied.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..engine.cards import KING

Z: Final = 56
"""The number of the event "a column is empty for the first time"."""

_EVENTS: Final = 57
_OFF: Final = 255
_FLOOR: Final = 52
_DOWN: Final = 64


def board_code(columns: Sequence[Sequence[int]], face_down: Sequence[int]) -> bytes:
    """The board code of :mod:`scorpion.solver.core` for these columns (bottom to top) and
    face-down counts, with every floor the same (the test does not look at which)."""
    code = bytearray([_OFF] * 52)
    for col, fd in zip(columns, face_down, strict=True):
        under = _FLOOR + 3
        for k, c in enumerate(col):
            code[c] = under + (_DOWN if k < fd else 0)
            under = c
    return bytes(code)


def cannot_empty(code: bytes, columns: int = 7, orders: bool = True) -> bool:
    """True if no column of the board, none of them empty now, can ever be emptied: the
    proof of loss of Wasp and Wasp II (search.py, reduction 3).

    Until a column is first emptied, Wasp is played exactly as Scorpion (its empty columns
    are the only difference), so the clauses of Scorpion hold for the events that come
    before ``Z``; the first such event outside the possible set would have each of its
    clauses met by earlier, possible, events, so every event before ``Z``, and ``Z`` itself
    once it comes, is possible. If ``Z`` is not, no column is ever emptied, and the game,
    which ends with every column empty, cannot be won. Each pair of orders of clause (vii)
    is tried as in :func:`cannot_win`: a line meets the clauses of one of the two orders
    (of the two moves, the one that comes first), so ``Z`` must be possible under one.

    Args:
        code: the board code, as for :func:`cannot_win`.
        columns: how many columns the table has.
        orders: also try the orders of clause (vii).

    Returns:
        True only if no column can be emptied; False when a column is empty now, or
        when one may be emptied (the board may then be won or lost).

    Cost: that of :func:`cannot_win`.
    """
    return _cannot(code, False, columns, orders, Z)


def cannot_win(
    code: bytes, as_if_full: bool = False, columns: int = 7, orders: bool = True
) -> bool:
    """True if the board with this code provably cannot be won (the empty columns taking
    only King-led groups; not for Wasp).

    Args:
        code: the board code: for each card, the card under it (0-51) or a floor (52-55),
            plus 64 if it is face down; 255 off the table. A ``bytes`` (compiled, the
            module reads a ``bytes`` directly and raises TypeError for a ``bytearray``).
        as_if_full: answer as if no column were empty now (a column must then first be
            emptied before a King can move). A board that passes this way still passes
            after a King fills its last empty column (see search.py, reduction 3).
        columns: how many columns the table has (10 in Three Blind Mice, whose reserve
            cards are left off the table: see search.py, ``_safe_moves_hold``).
        orders: also try the two orders of each pair of cards that clause (vii) names
            (False: clauses (i)-(vi) alone, as the tests use to show what (vii) adds).

    Cost: clauses (i)-(vi), linear in the number of cards, about 50 microseconds in
    CPython (some 13 compiled); clause (vii) one more propagation for each order tried,
    most boards having none to five pairs.
    """
    return _cannot(code, as_if_full, columns, orders, -1)


def _cannot(code: bytes, as_if_full: bool, columns: int, orders: bool, target: int) -> bool:
    """:func:`cannot_win` (``target`` -1: is an event every winning line needs left out?)
    or :func:`cannot_empty` (``target`` ``Z``: is ``Z`` left out?)."""
    on = [-1] * 52  # the card directly on c
    need = [0] * _EVENTS  # clauses of each event not yet satisfied
    # The clauses, as lists threaded through flat arrays: head[a] is the first entry that
    # event a satisfies, link[e] the next; told[e] is the event of a one-event clause, or
    # _EVENTS + i for OR clause i (of event or_owner[i]; satisfied by its first event).
    head = [-1] * _EVENTS
    link: list[int] = []
    told: list[int] = []
    or_owner: list[int] = []
    bottoms: list[int] = []
    present: list[int] = []
    for c in range(52):
        u = code[c]
        if u == _OFF:
            continue
        present.append(c)
        u &= 63
        if u < _FLOOR:
            on[u] = c
        else:
            bottoms.append(c)
    empty = len(bottoms) < columns and not as_if_full
    if target >= 0 and empty:
        return False  # Z has come: a column is empty now
    suits = 0
    for c in present:
        s = c // 13
        suits |= 1 << s
        u = code[c]
        if c % 13 != KING:
            if u & 63 == c + 1:
                # On its successor: it never moves again. Only its run needs it face up.
                if u >= _DOWN:
                    _leave(on[c], 52 + s, code, head, link, told, need, or_owner)
                continue
            need[52 + s] = need[52 + s] + 1  # R(s) needs E(c); counted down when E(c) is possible
            w = on[c + 1]
            if w >= 0:  # c + 1 must be uncovered first (w is not c: c is not on it)
                _leave(w, c, code, head, link, told, need, or_owner)
        elif not empty:
            _clause(Z, c, head, link, told)  # a King moves only into an empty column
            need[c] = need[c] + 1
        if u >= _DOWN:  # face down: the card on it must leave first, for c and for R(s)
            _leave(on[c], c, code, head, link, told, need, or_owner)
            _leave(on[c], 52 + s, code, head, link, told, need, or_owner)
    for s in range(4):
        # A King with a lower card of its suit under it: its run cannot be completed
        # until they are parted by the King's own move or that of a card between them.
        king = s * 13 + KING
        u = code[king] & 63
        if u >= _FLOOR:
            continue
        between = [king]
        while u < _FLOOR:
            if u // 13 == s:
                _or_clause(52 + s, between, head, link, told, need, or_owner)
                break
            if u % 13 == KING or code[u] & 63 != u + 1:
                between.append(u)  # (a card on its successor never leads a move)
            u = code[u] & 63
    cols: list[list[int]] = []
    where = [-1] * 52  # column index * 64 + height
    for b in bottoms:
        col = [b]
        while on[col[-1]] >= 0:
            col.append(on[col[-1]])
        base = len(cols) << 6
        for k, c in enumerate(col):
            where[c] = base + k
        cols.append(col)
    for col in cols:
        # A non-King with its successor above it in its column: they must be parted first,
        # by the first move of a card above it, at or below the successor (clause (vi)
        # of search.py, reduction 3).
        for k, x in enumerate(col):
            m = where[x + 1] & 63 if x % 13 != KING and where[x + 1] >> 6 == where[x] >> 6 else -1
            if m > k:  # (x on x + 1 would lie above it)
                _or_clause(x, [y for y in col[k + 1:m + 1]
                               if y % 13 == KING or code[y] & 63 != y + 1],
                           head, link, told, need, or_owner)
    if not empty:
        # The first empty column: a bottom card leaves (a King only with its run).
        _or_clause(Z, [52 + b // 13 if b % 13 == KING else b for b in bottoms],
                   head, link, told, need, or_owner)
    rank = [_EVENTS] * _EVENTS
    if _lost(code, present, suits, need, head, link, told, or_owner, [], [], rank, target):
        return True
    if not orders:
        return False
    # Orders of two first moves (clause (vii) of search.py, reduction 3): for each pair of
    # events, the clauses that each order adds; the board is lost if both orders are.
    pairs: dict[int, list[int]] = {}
    for col in cols:
        _order_clauses(col, cols, where, code, pairs)
    if not pairs:
        return False
    # earlier[r]: the events found possible before the one of rank r (bit e for event e).
    earlier = [0] * (_EVENTS + 1)
    for e in range(_EVENTS):
        if rank[e] < _EVENTS:
            earlier[rank[e] + 1] = 1 << e
    for r in range(1, _EVENTS + 1):
        earlier[r] = earlier[r] | earlier[r - 1]
    for key, found in pairs.items():
        if 0 in found and target < 0:
            return True  # no card can part them, whichever moves first
        p = key >> 6
        q = key & 63
        if rank[q] < rank[p]:
            p, q = q, p
        # ``rank`` is the order in which the propagation found the events possible: each
        # event's clauses hold by events found before it. If the clauses of the order
        # "p first" hold by that order too, they leave every event possible.
        if all(cards & earlier[rank[q]] for cards in found):
            continue
        lost = True
        for first, second in ((p, q), (q, p)):
            extra_owner = [second] * (len(found) + 1)
            extra_alts = [1 << first, *found]
            if not _lost(code, present, suits, need, head, link, told, or_owner,
                         extra_owner, extra_alts, [], target):
                lost = False
                break
        if lost:
            return True
    return False


def _order_clauses(
    scol: list[int],
    cols: list[list[int]],
    where: list[int],
    code: bytes,
    pairs: dict[int, list[int]],
) -> None:
    """Find the cards ``a`` of column ``scol`` and ``y`` of another column, ``y`` at or
    below ``a + 1`` there and ``y + 1`` at or above ``a`` here (clause (vii) of search.py,
    reduction 3): whichever of ``a`` and ``y`` moves first puts the other's successor above
    it in one column.

    For each, appends to ``pairs[min(a, y) * 64 + max(a, y)]`` the set of cards (bit ``c``
    for card ``c``) that would then lie between the two and can still lead a move (a card
    on its successor never does). ``where[c]`` is the index in ``cols`` of ``c``'s column
    times 64 plus its height in it (-1 off the table).
    """
    for ka, a in enumerate(scol):
        if a % 13 == KING or code[a] & 63 == a + 1:
            continue
        t = where[a + 1]
        if t < 0 or cols[t >> 6] is scol:
            continue
        dcol = cols[t >> 6]
        kt = t & 63
        for ky in range(kt + 1):
            y = dcol[ky]
            if y % 13 == KING or code[y] & 63 == y + 1:
                continue
            m = where[y + 1]
            if m < 0 or cols[m >> 6] is not scol or m & 63 < ka:
                continue
            between = 0
            for c in dcol[ky + 1:kt + 1]:
                if c % 13 == KING or code[c] & 63 != c + 1:
                    between |= 1 << c
            for c in scol[ka + 1:(m & 63) + 1]:
                if c % 13 == KING or code[c] & 63 != c + 1:
                    between |= 1 << c
            key = a << 6 | y if a < y else y << 6 | a
            found = pairs.get(key)
            if found is None:
                found = []
                pairs[key] = found
            found.append(between)


def _clause(a: int, event: int, head: list[int], link: list[int], told: list[int]) -> None:
    """Thread entry ``event`` (an event, or ``_EVENTS`` + an OR clause's index) on the list
    of the entries that event ``a`` satisfies."""
    link.append(head[a])
    head[a] = len(told)
    told.append(event)


def _or_clause(
    event: int,
    alts: Sequence[int],
    head: list[int],
    link: list[int],
    told: list[int],
    need: list[int],
    or_owner: list[int],
) -> None:
    """Add to ``event`` the clause "one of ``alts`` first"."""
    entry = _EVENTS + len(or_owner)
    or_owner.append(event)
    need[event] = need[event] + 1
    for a in alts:
        _clause(a, entry, head, link, told)


def _lost(
    code: bytes,
    present: list[int],
    suits: int,
    base_need: list[int],
    head: list[int],
    link: list[int],
    told: list[int],
    or_owner: list[int],
    extra_owner: list[int],
    extra_alts: list[int],
    rank: list[int],
    target: int = -1,
) -> bool:
    """Propagate the clauses to the least set of possible events (Dowling and Gallier's
    unit propagation) and tell whether an event that a winning line needs is left out.
    If ``rank`` is not empty, ``rank[e]`` is set to the order in which event ``e`` was
    found possible (those never found keep their value). With a ``target`` event (>= 0),
    tell instead whether that event is left out.

    ``base_need`` counts each event's clauses but the extra ones; ``head``, ``link`` and
    ``told`` thread the entries each event satisfies (see :func:`cannot_win`), OR clause
    ``i`` being of event ``or_owner[i]``. The extra clauses are: ``extra_owner[i]`` needs
    one of the events of the bit set ``extra_alts[i]`` first; they let one board's clauses
    be asked again under other assumptions without building them anew.
    """
    need = list(base_need)
    for owner in extra_owner:
        need[owner] = need[owner] + 1
    n_extra = len(extra_owner)
    done = [False] * len(or_owner)
    extra_done = [False] * n_extra
    todo = [c for c in present if not need[c] and (c % 13 == KING or code[c] & 63 != c + 1)]
    todo.extend(52 + s for s in range(4) if suits >> s & 1 and not need[52 + s])
    if not need[Z]:
        todo.append(Z)
    possible = [False] * _EVENTS
    ranked = len(rank) > 0
    found = 0
    for e in todo:
        possible[e] = True
        if ranked:
            rank[e] = found
            found += 1
    while todo:
        a = todo.pop()
        e = head[a]
        while e >= 0:
            w = told[e]
            e = link[e]
            if w >= _EVENTS:
                cid = w - _EVENTS
                if done[cid]:
                    continue
                done[cid] = True
                w = or_owner[cid]
            need[w] = need[w] - 1
            if not need[w]:
                possible[w] = True
                todo.append(w)
                if ranked:
                    rank[w] = found
                    found += 1
        for eid in range(n_extra):
            if not extra_done[eid] and extra_alts[eid] >> a & 1:
                extra_done[eid] = True
                w = extra_owner[eid]
                need[w] = need[w] - 1
                if not need[w]:
                    possible[w] = True
                    todo.append(w)
        if a < 52 and a % 13 != KING:
            s = 52 + a // 13
            need[s] = need[s] - 1
            if not need[s]:
                possible[s] = True
                todo.append(s)
                if ranked:
                    rank[s] = found
                    found += 1
    if target >= 0:
        return not possible[target]
    for c in present:
        if not possible[c] and c % 13 != KING and code[c] & 63 != c + 1:
            return True
    return any(suits >> s & 1 and not possible[52 + s] for s in range(4))


def _leave(
    w: int,
    event: int,
    code: bytes,
    head: list[int],
    link: list[int],
    told: list[int],
    need: list[int],
    or_owner: list[int],
) -> None:
    """Add to ``event`` the clause "card ``w`` has left the card under it".

    A non-King leaves only by its own move, or, lying on its successor, only with its run;
    a King by its own move or with its run.
    """
    if w % 13 == KING:
        _or_clause(event, (w, 52 + w // 13), head, link, told, need, or_owner)
        return
    _clause(52 + w // 13 if code[w] & 63 == w + 1 else w, event, head, link, told)
    need[event] = need[event] + 1
