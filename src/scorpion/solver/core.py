"""The solver's inner loop: a depth-first search over one mutable board, with do and undo.

:mod:`scorpion.solver.search` explains what is searched and why its reductions are sound;
this module is how, made fast in plain, strictly typed Python, which a wheel build
compiles with mypyc where a C compiler is found (``hatch_build.py``; :data:`COMPILED`).
Instead of an engine :class:`~scorpion.engine.position.Position` per node, the search
keeps one :class:`Board` and changes it in place:

* ``cols``: the columns' lists of cards (seven; ten in Three Blind Mice), bottom to top;
  ``fd``: their face-down counts; ``reserve``: the cards in the reserves or free cells;
* ``col_of[c]``: the column holding card ``c`` (-1 in the stock or in a removed run,
  :data:`RESERVE` in a reserve or free cell);
* ``code[c]`` (a ``bytearray`` of 52): what lies directly under ``c``: a card (0-51), or
  the column's floor (:data:`FLOOR` + 0, 1, 2 for columns 1-3 while the stock is undealt,
  :data:`FLOOR` + 3 otherwise); :data:`DOWN` is added while ``c`` is face down;
  :data:`OFF` when ``c`` is not on the table; :data:`HELD` in a free cell (and in a
  reserve of Farmer's Wife).

``bytes(code)`` is the transposition table's key. It tells apart exactly the positions that
:func:`scorpion.solver.search.position_key` does: a column is rebuilt by following its cards
up from a floor, so the key gives the columns (with their face-down cards) as a multiset once
the stock is dealt, and columns 1-3 each in its place before; the cards on the table give the
stock and the runs removed (a removed run is a whole suit off the table, so in Three Blind
Mice the other cards off the table are those of the reserves). A move changes one to three
bytes of it, so it is kept up to date as the board changes, and restored from the parent's
key on undo. Most moves lead to a position already searched, so :func:`search` first finds
a move's key that way and makes the move on the lists only if the key is new; moves that
may remove a run or refill a column are made in full first. Since 2026-12-06 that holds
for moves into a free cell and out of a cell or reserve too (they were all made in full):
the same positions, searched 1.28 times faster in How They Run (deals 128, 9752 and 25429,
2,000,000 positions each) and 1.62 times in Scorpion Head (deals 1..40, 300,000 each),
``benchmarks/core_builds.py`` against the build before, beside two niced survey workers.
In the games that build in alternate colours the search keys each board in card classes too
(:meth:`Board.class_key`; search.py, reduction 1).

A move is an ``int``: ``card * 16 + column`` (column counted from 0, or :data:`TO_CELL`
into a free cell; the card may come from a column, a reserve or a free cell), or -1 for
the deal.

The games searched here are those of :func:`scorpion.solver.search.core_plays`: every game
of the family. Building in alternate colours (Scorpion Tail, Farmer's Wife) gives a card two
cards to land on (:data:`LANDERS_COLOUR`) and a run of alternate colours; free cells (How
They Run, Scorpion Head) hold one card each, any top card may go there, and a card leaves a
cell onto the card it builds on or, a King, into an empty column; in Chelicera an emptied
column takes the next cards of the stock (:meth:`Board.refill_column`), the runs stay on the
table and the game is won when every column is one run (:meth:`Board.won`). In those five
games Scorpion's proof of loss does not hold (search.py, ``_safe_moves_hold``, says why),
and only How They Run and Scorpion Head have a safe move, a narrower one (search.py,
reduction 2): their search is complete and exhaustive, its moves ordered best first
(:meth:`Board.best_first`). Scorpion Tail and Farmer's Wife have a proof of loss
of their own (:mod:`scorpion.solver.colour_proof`), asked at every position, and a key in
card classes; How They Run and Scorpion Head one too (:mod:`scorpion.solver.cell_proof`),
asked at the start; Chelicera one too (:mod:`scorpion.solver.refill_proof`), asked at every
position.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from typing import Final

from ..engine.cards import KING, is_red
from ..engine.position import Position, completes_run
from .cell_proof import cannot_win as cell_cannot_win
from .colour_proof import cannot_win as colour_cannot_win
from .proof import cannot_empty, cannot_win
from .refill_proof import cannot_win as refill_cannot_win

COMPILED: Final = not __file__.endswith((".py", ".pyc"))
"""True when this module runs compiled by mypyc (see ``hatch_build.py``), False when it runs
as plain Python; both give the same results, node for node."""

FLOOR: Final = 52
"""``code`` of a card at the bottom of a column: ``FLOOR + i`` for column ``i`` < 3 before
the deal, ``FLOOR + 3`` for every other column and for all columns after the deal."""

DOWN: Final = 64
"""Added to the ``code`` of a face-down card."""

OFF: Final = 255
"""``code`` of a card not on the table (in the stock, in a reserve or in a removed run)."""

RESERVE: Final = -2
"""``col_of`` of a card in a reserve (Three Blind Mice) or a free cell (How They Run)."""

HELD: Final = 60
"""``code`` of a card in a free cell (How They Run, Scorpion Head), or in a reserve of a
game that builds in alternate colours (Farmer's Wife): it tells those cards apart from the
cards of removed runs. (In the same-suit games a removed run is a whole suit, so a reserve
card's ``code`` there is :data:`OFF`, as a stock card's.)"""

MOVE_SHIFT: Final = 4
COLUMN_MASK: Final = 15
"""A move of this module is ``card << MOVE_SHIFT | column`` (``card * 16 + column``): its
card is ``move >> MOVE_SHIFT``, its column ``move & COLUMN_MASK`` (up to 15 columns, and
:data:`TO_CELL`)."""

TO_CELL: Final = 15
"""The column of a move into a free cell (any empty one: the cells are alike)."""

DEAL_MOVE: Final = -1
"""The stock deal, as a move of this module."""

DEAL_FIRST: Final = 100
"""The score of the deal in :meth:`Board.best_first` with ``deal_first``: above any other
move's. The odd-numbered probes (:func:`search` with an odd ``seed``, in the games ordered
by :meth:`Board.best_first`) try the deal first and the other moves in random order, not
sorted by that score; the search and the even probes keep the score, which puts the deal
last as a rule. (Of the games ordered so, only Scorpion Tail deals by a move.) Both find
wins the score misses. Dealing early: of the first 40 deals that Scorpion Tail's survey
left undecided after 100,000 positions, 12 are won within 50,000 positions with the deal
first in the odd probes (still scored), none without. A random order: of the first 40
that Farmer's Wife's survey left undecided, 18 are won within 30,000 positions, none with
the score; Scorpion Tail's 40, 15 (11 with the deal first alone). Deals 1..1000 within
2 s each (``benchmarks/solver.py --variant ID --last 1000 --budget 2 --no-baseline``,
2026-12-03 from 20:18 to 21:00 UTC, two niced survey workers beside it), the odd probes
scored with the deal first, then in random order with the deal first, then every probe in
random order: Farmer's Wife 971, 988, 988 decided; Scorpion Tail 976, 979, 975; How They
Run 894, 912, 926. (Earlier, with every probe scored: Scorpion Tail 970; with the deal
first in the search as well, 961.)"""

SUIT_RUNS: Final[tuple[list[int], ...]] = tuple(
    list(range(s * 13 + KING, s * 13 - 1, -1)) for s in range(4)
)
"""SUIT_RUNS[s]: King down to Ace of suit ``s``, as a column holds a completed run."""

DOWN_FROM_KING: Final[tuple[list[int], ...]] = tuple(
    list(range(c - c % 13 + KING, c - 1, -1)) for c in range(52)
)
"""DOWN_FROM_KING[c]: the King of ``c``'s suit down to ``c``."""

DOWN_TO_ACE: Final[tuple[list[int], ...]] = tuple(
    list(range(c, c - c % 13 - 1, -1)) for c in range(52)
)
"""DOWN_TO_ACE[c]: ``c`` down to the Ace of its suit."""

ACE_OF: Final[tuple[int, ...]] = tuple(c - c % 13 for c in range(52))
"""ACE_OF[c]: the Ace of ``c``'s suit."""

LANDERS_SUIT: Final[tuple[tuple[int, ...], ...]] = tuple(
    (t - 1,) if t % 13 else () for t in range(52)
)
"""LANDERS_SUIT[t]: the card that may be placed on ``t`` when building down in suit (R7)."""

LANDERS_COLOUR: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(s * 13 + t % 13 - 1 for s in range(4) if is_red(s * 13) != is_red(t))
    if t % 13 else ()
    for t in range(52)
)
"""LANDERS_COLOUR[t]: the two cards that may be placed on ``t`` when building down in
alternate colours (Scorpion Tail, Farmer's Wife)."""

CARD_CLASS: Final = bytes((c % 13) * 2 + is_red(c) for c in range(52))
"""CARD_CLASS[c]: the class of card ``c`` in the games that build in alternate colours:
its rank (0 for an Ace) times two, plus one for a red card (0..25)."""

CLASS_TABLE: Final = CARD_CLASS + bytes(256 - 52)
""":data:`CARD_CLASS` as a table for :meth:`bytes.translate`."""

KINGS: Final[tuple[int, ...]] = tuple(s * 13 + KING for s in range(4))
_KING_SET: Final = frozenset(KINGS)
EMPTY: Final[list[int]] = []
"""An empty column, to count them with ``list.count``."""

Snapshot = tuple[list[list[int]], list[int], int, tuple[int, ...], list[int]]
"""Columns, face-down counts, runs removed, stock and reserve cards, to restore after a
rare move."""

Undo = tuple[int, int, int, int, int, "Snapshot | None"]
"""How to take a move back: ``(move, source, index, destination length, source face-down
count, snapshot)``; with a snapshot (the deal, and moves that may remove a run) only the
move and the snapshot count. For a card into a free cell the source is its column; for a
card out of a cell or reserve the source is :data:`RESERVE` and the index its place among
the cards there."""


_SCORE_ZERO: Final = 128
_PLACE_BITS: Final = 12
_PLACE_MASK: Final = (1 << _PLACE_BITS) - 1
"""A key of :meth:`Board.best_first`: ``(_SCORE_ZERO - score) << _PLACE_BITS | place``; the
scores lie between -DEAL_FIRST and 12, a board has fewer than 4,096 moves (52 cards, 16
destinations)."""


class Board:
    """The mutable board of one search (see the module docstring for its fields).

    Args:
        position: the position to start from; it is not changed.
    """

    def __init__(self, position: Position) -> None:
        self.cols: list[list[int]] = [list(col) for col in position.columns]
        self.fd: list[int] = list(position.face_down)
        self.stock: tuple[int, ...] = position.stock
        self.runs = len(position.runs)
        variant = position.variant
        self.variant = variant
        # Set by a probe (:func:`search` with a seed): ties in the move order are broken at
        # random instead of by the order in which the moves are found.
        self.rng: random.Random | None = None
        # Set by the odd probes: the deal first (best_first), or the moves in random order
        # with the deal first (moves) instead of sorted by best_first (DEAL_FIRST).
        self.deal_first = False
        self.shuffled = False
        self.wasp = variant.empty_column_takes_any
        self.strict = variant.strict_stock
        self.ncols = len(self.cols)
        # The stock is dealt onto columns 1-3 (R11); or, in Chelicera, it refills each
        # emptied column with ``refill`` cards, and runs stay on the table.
        self.deals = variant.stock_deal
        self.refill = variant.refill
        self.keeps_runs = not variant.removes_runs
        self.colour = variant.build == "colour"
        self.landers = LANDERS_COLOUR if self.colour else LANDERS_SUIT
        # How many free cells (How They Run, Scorpion Head); 0 for reserves.
        self.free = variant.free_cells
        # The cards in the reserves (Three Blind Mice: played from, never onto) or free
        # cells; in the same-suit games with reserves their key is that of stock cards.
        self.reserve: list[int] = [c for c in position.cells if c >= 0]
        self.held = HELD if self.free or self.colour else OFF
        self.col_of = [-1] * 52
        self.code = bytearray([OFF] * 52)
        for i, col in enumerate(self.cols):
            for c in col:
                self.col_of[c] = i
        for c in self.reserve:
            self.col_of[c] = RESERVE
            self.code[c] = self.held
        self.recode()

    def is_run(self, cards: list[int]) -> bool:
        """R12: are ``cards`` (13 of them, bottom to top) a run of this game
        (:func:`scorpion.engine.position.completes_run`)?"""
        if not self.colour:
            return cards == SUIT_RUNS[cards[-1] // 13]
        return completes_run(tuple(cards), self.variant)

    def floor(self, i: int) -> int:
        """The floor ``code`` of column ``i`` as the stock now stands."""
        return FLOOR + i if self.stock and self.deals and i < 3 else FLOOR + 3

    def recode(self) -> None:
        """Set ``code`` for every card on the table (at the start, and after the deal)."""
        code = self.code
        for i, col in enumerate(self.cols):
            under = self.floor(i)
            fd = self.fd[i]
            for k, c in enumerate(col):
                code[c] = under + (DOWN if k < fd else 0)
                under = c

    def class_key(self) -> bytes:
        """The key of the board written in card classes (:data:`CARD_CLASS`: rank and
        colour), for the games that build in alternate colours (search.py, reduction 1).

        Like ``bytes(code)`` it gives the columns, each with its face-down cards, as a
        multiset (columns 1-3 in their places while the stock waits to be dealt onto them),
        the reserve or free cells as a multiset and the stock in order (the runs removed
        are what is left), but every card is its class: two boards get the same class key
        exactly when one is the other with cards of equal class exchanged. Each column is
        two bytes, its face-down count and its length, then its classes bottom to top;
        then the reserve's classes in order, byte 255, the stock's.
        """
        table = CLASS_TABLE
        fd = self.fd
        parts = [
            bytes((fd[i], len(col))) + bytes(col).translate(table)
            for i, col in enumerate(self.cols)
        ]
        if self.stock and self.deals:
            parts = parts[:3] + sorted(parts[3:])
        else:
            parts.sort()
        parts.append(bytes(sorted(bytes(self.reserve).translate(table))))
        parts.append(b"\xff" + bytes(self.stock).translate(table))
        return b"".join(parts)

    # --- moves

    def moves(self, safe_moves: bool, key: bytes | None = None) -> list[int]:
        """The moves to search from the board, in the order to try them.

        ``key``, if given, must equal ``bytes(self.code)``: the board code is then read
        from it (compiled, a ``bytes`` is read directly, a ``bytearray`` through the
        generic item protocol).

        Moves that turn a card up or empty a column first, then the others, then the
        moves into a free cell, the deal last; in the games without safe moves but Wasp's
        (alternate colours, free cells, Chelicera), sorted by :meth:`best_first` (in the
        odd probes: the deal first, the rest in random order, :data:`DEAL_FIRST`). In a
        probe the order is shuffled first (Wasp, Wasp II: within each of the first two
        groups), so that the sort breaks its ties at random. With ``safe_moves`` (only
        after the deal, only in the same-suit games whose empty columns take Kings alone
        and whose runs leave the table: never in Wasp; with free cells only (a), onto a
        column of more cards than there are cells), a safe move found is returned alone
        (search.py, reduction 2). Shifts of a whole
        King-led column into another empty column are left out when they cannot change
        the key; of several empty columns with the same key only one is offered.
        """
        cols = self.cols
        code = bytes(self.code) if key is None else key
        col_of = self.col_of
        fd = self.fd
        stock = self.stock
        landers = self.landers
        free = self.free
        first: list[int] = []
        rest: list[int] = []
        empties: list[int] = []
        j = -1
        for dcol in cols:
            j += 1
            if not dcol:
                empties.append(j)
                continue
            t = dcol[-1]
            # (a): the column is the King of t's suit down to t, nothing else, all up (with
            # free cells: more of those cards than cells); a card onto t is then safe, from
            # a column, a reserve or a cell.
            onto_run = (safe_moves and not fd[j] and len(dcol) > free
                        and dcol == DOWN_FROM_KING[t])
            for c in landers[t]:  # none on an Ace
                under = code[c]
                sc = col_of[c]
                if sc == RESERVE:
                    if onto_run:
                        return [c << MOVE_SHIFT | j]
                    rest.append(c << MOVE_SHIFT | j)
                    continue
                if under >= DOWN:
                    continue  # face down or off the table
                if sc == j:
                    continue  # under t in its column
                if safe_moves:
                    if onto_run:
                        return [c << MOVE_SHIFT | j]
                    # (b) c carrying exactly c - 1 down to the Ace of its suit (not with
                    # free cells).
                    scol = cols[sc]
                    ace = ACE_OF[c]
                    if not free and scol[-1] == ace and scol[ace - c - 1:] == DOWN_TO_ACE[c]:
                        return [c << MOVE_SHIFT | j]
                if under >= FLOOR or code[under] >= DOWN:
                    first.append(c << MOVE_SHIFT | j)
                else:
                    rest.append(c << MOVE_SHIFT | j)
        if empties:
            if stock and self.deals:
                # Before the deal columns 1-3 keep their places, 4-7 are alike.
                targets = [e for e in empties if e < 3]
                late = [e for e in empties if e >= 3]
                if late:
                    targets.append(late[0])
            else:
                targets = empties[:1]
            movers: Sequence[int] = KINGS
            if self.wasp:
                movers = [c for col, f in zip(cols, fd, strict=True) for c in col[f:]]
            for c in movers:
                under = code[c]
                if col_of[c] == RESERVE:
                    for e in targets:
                        rest.append(c << MOVE_SHIFT | e)
                    continue
                if under >= DOWN:
                    continue
                if under >= FLOOR:
                    # A whole column: moving it changes the key only before the deal, to
                    # or from columns 1-3.
                    if stock and self.deals:
                        src = col_of[c]
                        for e in targets:
                            if e < 3 or src < 3:
                                rest.append(c << MOVE_SHIFT | e)
                else:
                    to = first if code[under] >= DOWN else rest
                    for e in targets:
                        to.append(c << MOVE_SHIFT | e)
        ordered = self.colour or self.free or self.keeps_runs
        if self.rng is not None and not ordered:
            self.rng.shuffle(first)
            self.rng.shuffle(rest)
        moves = first + rest if first else rest
        if self.free and len(self.reserve) < self.free:
            # A top card into a free cell (one move for all the empty cells).
            for dcol in cols:
                if dcol:
                    moves.append(dcol[-1] << MOVE_SHIFT | TO_CELL)
        if stock and self.deals and not (self.strict and empties):
            moves.append(DEAL_MOVE)
        if ordered:
            if self.rng is not None:
                self.rng.shuffle(moves)  # ties of the order below broken at random
            if self.shuffled:  # an odd probe: random order, the deal first
                if DEAL_MOVE in moves:
                    moves.remove(DEAL_MOVE)
                    moves.insert(0, DEAL_MOVE)
            else:
                moves = self.best_first(moves, code)
        return moves

    def best_first(self, moves: list[int], code: bytes) -> list[int]:
        """``moves`` sorted best first, in the games without safe moves:
        by how much each changes a rough score of progress, the one the search on engine
        positions orders by (:func:`scorpion.solver.generic.score`: +5 for a card turned
        up, +3 for an emptied column, +4 for a card placed on a card it builds on, -4 for
        one taken off such a card, -2 for a card into a free cell; the deal by +4 for each
        of its cards that lands on a card it builds on and -3 for each that lands in an
        empty column, or first with ``deal_first``, :data:`DEAL_FIRST`). The order changes
        no verdict, only how soon a win is found; ties keep the order of :meth:`moves`.
        The weights are this project's own, with no published source."""
        col_of = self.col_of
        cols = self.cols
        landers = self.landers
        # Each move's sort key is one int: its score, then its place in ``moves`` (ties
        # keep that order), which sorts faster than pairs.
        keys: list[int] = []
        i = -1
        for m in moves:
            i += 1
            if m < 0:
                if self.deal_first:
                    keys.append((_SCORE_ZERO - DEAL_FIRST) << _PLACE_BITS | i)
                    continue
                # The deal: each card onto a column.
                delta = 0
                for n, card in enumerate(self.stock):
                    if not cols[n]:
                        delta -= 3
                    elif card in landers[cols[n][-1]]:
                        delta += 4
                keys.append((_SCORE_ZERO - delta) << _PLACE_BITS | i)
                continue
            c = m >> MOVE_SHIFT
            j = m & COLUMN_MASK
            delta = 0
            if col_of[c] == RESERVE:
                delta = 2 if self.free else 0
            else:
                under = code[c]
                if under >= FLOOR:
                    delta = 3
                elif code[under] >= DOWN:
                    delta = 5
                elif c in landers[under]:
                    delta = -4
            if j == TO_CELL:
                delta -= 2
            elif cols[j]:
                delta += 4
            else:
                delta -= 3
            keys.append((_SCORE_ZERO - delta) << _PLACE_BITS | i)
        keys.sort()
        return [moves[k & _PLACE_MASK] for k in keys]

    def apply(self, move: int) -> Undo:
        """Make ``move`` (legal on the board) with its consequences (R10, R12, R13, V2).

        The consequences: the card left on top is turned up, a completed run is removed
        (not in Chelicera, where it stays), a column emptied in Chelicera takes the next
        three cards of the stock, a card goes into or out of a free cell or reserve. ``move``
        is a move code of :meth:`moves` (card << MOVE_SHIFT | column, ``TO_CELL`` for a free
        cell) or -1 for dealing the stock.

        Returns the record that :meth:`undo` takes to restore the board (except ``code``,
        which the caller restores from the key it had).
        """
        if move < 0:
            deal_snap = self.snapshot()
            stock = self.stock
            for n, card in enumerate(stock):
                self.cols[n].append(card)
                self.col_of[card] = n
            self.stock = ()
            self.recode()
            for n in range(len(stock)):
                self.settle(n)
            return (move, 0, 0, 0, 0, deal_snap)
        cols = self.cols
        col_of = self.col_of
        code = self.code
        fd = self.fd
        c = move >> MOVE_SHIFT
        j = move & COLUMN_MASK
        if j == TO_CELL:
            return self.apply_to_cell(c)
        s = col_of[c]
        if s == RESERVE:
            return self.apply_from_reserve(c, j)
        scol = cols[s]
        dcol = cols[j]
        k = scol.index(c)
        fd_s = fd[s]
        snap = (
            self.snapshot()
            if self.removes_run(c, j, s, k) or (not k and self.refill and self.stock)
            else None
        )
        group = scol[k:]
        del scol[k:]
        code[c] = dcol[-1] if dcol else self.floor(j)
        dlen = len(dcol)
        dcol += group
        for x in group:
            col_of[x] = j
        if snap is not None:
            self.settle(s)
            self.settle(j)
            self.refill_column(s)
        elif scol and fd_s == k:
            fd[s] = k - 1
            code[scol[-1]] -= DOWN
        return (move, s, k, dlen, fd_s, snap)

    def apply_to_cell(self, c: int) -> Undo:
        """Play ``c``, the top card of its column, into a free cell (it keeps a snapshot),
        turning up the card it leaves on top."""
        snap = self.snapshot()
        s = self.col_of[c]
        self.cols[s].pop()
        self.reserve.append(c)
        self.col_of[c] = RESERVE
        self.code[c] = self.held
        self.settle(s)
        return (c << MOVE_SHIFT | TO_CELL, s, 0, 0, 0, snap)

    def apply_from_reserve(self, c: int, j: int) -> Undo:
        """Play reserve or free cell card ``c`` onto column ``j`` (it keeps a snapshot),
        removing the run it completes, if any."""
        snap = self.snapshot()
        self.reserve.remove(c)
        dcol = self.cols[j]
        self.code[c] = dcol[-1] if dcol else self.floor(j)
        dcol.append(c)
        self.col_of[c] = j
        self.settle(j)
        return (c << MOVE_SHIFT | j, RESERVE, 0, 0, 0, snap)

    def refill_column(self, i: int) -> None:
        """V2 (Chelicera): column ``i``, if the move emptied it, takes the next
        ``refill`` cards of the stock, face up."""
        col = self.cols[i]
        if col or not self.refill or not self.stock:
            return
        cards = self.stock[:self.refill]
        self.stock = self.stock[self.refill:]
        under = self.floor(i)
        for x in cards:
            col.append(x)
            self.col_of[x] = i
            self.code[x] = under
            under = x

    def won(self) -> bool:
        """R14: four runs removed; in Chelicera, the stock empty and every column that
        holds cards one run, face up."""
        if not self.keeps_runs:
            return self.runs == 4
        if self.stock:
            return False
        for i, col in enumerate(self.cols):
            if col and (self.fd[i] or len(col) != 13 or not self.is_run(col)):
                return False
        return True

    def removes_run(self, c: int, j: int, s: int, k: int) -> bool:
        """True if moving ``c`` (at index ``k`` of column ``s``) onto column ``j`` removes
        a run: one it leaves uncovered in column ``s``, or one it completes in ``j``
        (never in Chelicera, whose runs stay)."""
        if self.keeps_runs:
            return False
        scol = self.cols[s]
        if (k >= 13 and scol[k - 1] % 13 == 0 and k - 13 >= self.fd[s]
                and self.is_run(scol[k - 13:k])):
            return True
        top = scol[-1]
        if top % 13 == 0:
            dcol = self.cols[j]
            g = len(scol) - k
            if g >= 13:
                return self.is_run(scol[-13:])
            need = 13 - g  # cards of the run that must lie on top of column j
            if len(dcol) - need >= self.fd[j] and dcol[-need] % 13 == KING:
                return self.is_run(dcol[-need:] + scol[k:])
        return False

    def undo(self, undo: Undo) -> None:
        """Take back the move of ``undo`` (``code`` is left to the caller)."""
        move, s, k, dlen, fd_s, snap = undo
        if snap is not None:
            self.restore(snap)
            return
        j = move & COLUMN_MASK
        col_of = self.col_of
        if j == TO_CELL:  # a card back from a free cell onto column s
            x = self.reserve.pop()
            self.cols[s].append(x)
            col_of[x] = s
            self.fd[s] = fd_s
            return
        if s == RESERVE:  # a card back into its place in the reserve or cells
            x = self.cols[j].pop()
            self.reserve.insert(k, x)
            col_of[x] = RESERVE
            return
        dcol = self.cols[j]
        group = dcol[dlen:]
        del dcol[dlen:]
        self.cols[s] += group
        for x in group:
            col_of[x] = s
        self.fd[s] = fd_s

    def settle(self, i: int) -> None:
        """Remove completed runs from the top of column ``i``, then turn its top card up."""
        col = self.cols[i]
        fd = self.fd
        while (not self.keeps_runs and col and col[-1] % 13 == 0 and len(col) - 13 >= fd[i]
               and self.is_run(col[-13:])):
            for x in col[-13:]:
                self.col_of[x] = -1
                self.code[x] = OFF
            del col[-13:]
            self.runs += 1
        if col and fd[i] == len(col):
            fd[i] = fd[i] - 1
            self.code[col[-1]] -= DOWN

    def snapshot(self) -> Snapshot:
        """What :meth:`restore` needs to put the board back as it is (but ``code``)."""
        return [list(col) for col in self.cols], list(self.fd), self.runs, self.stock, list(
            self.reserve
        )

    def restore(self, snap: Snapshot) -> None:
        """Put the board back as it was at :meth:`snapshot` (but ``code``)."""
        old_cols, old_fd, self.runs, old_stock, old_reserve = snap
        self.stock = old_stock
        for card in old_stock:
            self.col_of[card] = -1
        for i in range(self.ncols):
            if self.cols[i] != old_cols[i]:
                self.cols[i] = old_cols[i]
                for x in old_cols[i]:
                    self.col_of[x] = i
        self.fd[:] = old_fd
        if old_reserve != self.reserve:
            self.reserve = old_reserve
            for card in old_reserve:
                self.col_of[card] = RESERVE


def search(
    position: Position,
    node_limit: int,
    deadline: float | None,
    seed: int | None = None,
    classes: bool | None = None,
    proofs: bool = True,
) -> tuple[str, list[int], int]:
    """Search from ``position`` depth-first; see :func:`scorpion.solver.search.solve`.

    Args:
        position: the start; not won.
        node_limit: stop when this many positions have been searched (counting the start).
        deadline: stop after this :func:`time.perf_counter` value (None: no limit).
        seed: None for the search; an int for a *probe*: the same search with the ties
            of its move order broken by :class:`random.Random` of that seed (the same
            seed gives the same probe; an odd seed tries the deal first and the other
            moves in random order, :data:`DEAL_FIRST`). A probe that ends without a win
            proves nothing more than the search would: it is as complete, only ordered
            otherwise; the
            solver gives probes small node limits and restarts them
            (:func:`scorpion.solver.search.solve`).
        classes: whether a board equal class by class to one already searched
            (:meth:`Board.class_key`) is left out; None (the default): in the games that
            build in alternate colours, where it is sound (search.py, reduction 1). False
            searches by cards alone, as a baseline for ``benchmarks/colour_key.py``.
        proofs: False to search without the safe moves and the proofs of loss (a plain
            search, as a baseline); True (the default) uses them in the games where they
            hold.

    Returns:
        ``(outcome, line, nodes)``: outcome ``"won"`` (``line``: the moves that win, as
        ints of this module), ``"lost"`` (searched to the end) or ``"out"`` (budget spent).

    Raises:
        ValueError: ``classes`` is True for a game that builds in suit, or ``position``
            is already won (it has no moves, and the search would call it lost).

    The proof :func:`scorpion.solver.proof.cannot_win` (not in Wasp) is asked at the
    start, at every position before the deal, after the deal (also "as if full"), and
    after a King fills the last empty column (search.py, reduction 3, says why there).
    Each position on the search path has a flag: 1 if it or an ancestor after the deal
    passed the proof "as if full" (no column empty; clauses (i)-(vi) alone), so that its
    descendants need not be asked after a King fills the last empty column; -1 if that
    failed (they are asked one by one); 0 if not asked yet. Asking less never makes a
    verdict wrong. In Three Blind Mice (ten columns, reserves) it is asked at the start
    only. Scorpion Tail and Farmer's Wife ask theirs
    (:func:`scorpion.solver.colour_proof.cannot_win`) at every position; How They Run and
    Scorpion Head theirs (:func:`scorpion.solver.cell_proof.cannot_win`) at the start;
    Chelicera its own (:func:`scorpion.solver.refill_proof.cannot_win`) at every position.
    Wasp and Wasp II ask :func:`scorpion.solver.proof.cannot_empty` at the start and at
    every position reached with no column empty on the way.
    """
    if position.is_won:
        raise ValueError("the position is already won: there is nothing to search")
    board = Board(position)
    if seed is not None:
        board.rng = random.Random(seed)
        # The odd probes: the deal first, the other moves in random order (DEAL_FIRST).
        board.deal_first = board.shuffled = seed % 2 == 1
    code = board.code
    cols = board.cols
    col_of = board.col_of
    # The safe moves and the proof hold in the same-suit games whose empty columns take
    # Kings only and that have no free cells (search.py, ``_safe_moves_hold``).
    prove = proofs and not (
        board.wasp or board.colour or board.free or board.refill or board.keeps_runs
    )
    # In the games that build in alternate colours (empty columns for Kings, no free
    # cells): their own proof of loss, asked at every position (search.py, reduction 3).
    prove_colour = proofs and board.colour and not (
        board.wasp or board.free or board.refill or board.keeps_runs
    )
    # In the same-suit games with free cells (How They Run, Scorpion Head): theirs, asked
    # at the start only (search.py, reduction 3, says why).
    prove_cells = proofs and board.free > 0 and not (
        board.colour or board.wasp or board.refill or board.keeps_runs or board.stock
    )
    # In Chelicera (its stock refills emptied columns, its runs stay): its own, asked at
    # the start and at every position (search.py, reduction 3).
    prove_refill = proofs and board.refill > 0 and board.keeps_runs and not (
        board.colour or board.wasp or board.free
    )
    # In Wasp and Wasp II: a board none of whose columns can ever be emptied is lost
    # (:func:`scorpion.solver.proof.cannot_empty`), asked at the start and at the
    # positions reached without a column ever empty on the way (search.py, reduction 3,
    # says why not after).
    prove_wasp = proofs and board.wasp and not (
        board.colour or board.free or board.refill or board.keeps_runs
    )
    keeps_runs = board.keeps_runs
    # Safe moves: Scorpion's, and in the same-suit games with free cells (a) alone, onto a
    # King-led run longer than the cells are many (search.py, reduction 2).
    safe = prove or prove_cells
    ncols = board.ncols
    # Three Blind Mice (10 columns, reserves): the proof, with the reserve cards off the
    # table (search.py, ``_safe_moves_hold``, says why it holds there), is asked at the
    # start only. Asked at every position it cut the positions of deals 1..200 by a tenth
    # (10.4 to 9.4 million) at five times the time (40 s to 201 s).
    mice = bool(board.reserve) or ncols != 7
    nodes = 1
    root_key = bytes(code)
    seen = {root_key}
    if classes is None:
        classes = board.colour
    elif classes and not board.colour:
        raise ValueError(f"{position.variant.name} builds in suit: its cards have no classes")
    class_seen = {board.class_key()} if classes else set()
    if prove:
        root_lost = cannot_win(root_key, False, ncols)
    elif prove_colour:
        root_lost = colour_cannot_win(cols, board.fd, board.stock, board.reserve)
    elif prove_refill:
        root_lost = refill_cannot_win(cols, board.stock, board.refill)
    elif prove_wasp:
        root_lost = cannot_empty(root_key, ncols)
    else:
        root_lost = prove_cells and cell_cannot_win(cols, board.fd, board.reserve, board.free)
    root_moves = [] if root_lost else board.moves(False, root_key)
    # The search path: for each position on it, an iterator over its moves still to try,
    # its key, its zflag, its number of empty columns, and the undo record of the move
    # that led to it (None at the start). In Wasp the zflag is 1 once a column has been
    # empty on the path, and the proof is no longer asked.
    root_empty = cols.count(EMPTY)
    path: list[tuple[Iterator[int], bytes, int, int, Undo | None]] = [
        (iter(root_moves), root_key, int(prove_wasp and root_empty > 0), root_empty, None)
    ]
    fd = board.fd
    check_at = min(node_limit, 1024)
    while path:
        top = path[-1]
        now = top[1]  # the board's code as it stands at each move below (``bytes``: fast)
        for move in top[0]:
            # A plain move: one that is not the deal and removes no run (a run can be
            # removed only if an Ace tops the group or lies under c, or an Ace comes out
            # of a cell or reserve). A card into a free cell, or out of a cell or reserve,
            # is plain too: most moves lead to a position already searched, so find the key
            # first, by changing the one to three bytes the move changes, and make the move
            # on the lists only if the key is new (a move that removes a run, or empties
            # a column that the stock refills, is made in full by ``apply``, then looked up).
            plain = False
            if move >= 0:
                c = move >> MOVE_SHIFT
                j = move & COLUMN_MASK
                s = col_of[c]
                if s == RESERVE:  # out of a cell or reserve
                    plain = c % 13 != 0  # an Ace may complete a run
                    under = now[c]
                else:
                    scol = cols[s]
                    under = now[c]  # c leads, so it is face up
                    if j == TO_CELL:
                        plain = under >= FLOOR or under % 13 != 0
                    else:
                        plain = bool(scol[-1] % 13 and (under >= FLOOR or under % 13)) or not (
                            board.removes_run(c, j, s, scol.index(c))
                        )
                    if plain and under >= FLOOR and board.refill and board.stock:
                        plain = False  # it empties a column that the stock refills
            if plain and s == RESERVE:
                dcol = cols[j]
                code[c] = dcol[-1] if dcol else board.floor(j)
                key = bytes(code)
                if key in seen:
                    code[c] = under
                    continue
                reserve = board.reserve
                k = reserve.index(c)
                del reserve[k]
                dlen = len(dcol)
                dcol.append(c)
                col_of[c] = j
                record: Undo = (move, RESERVE, k, dlen, 0, None)
            elif plain:
                if j == TO_CELL:
                    code[c] = board.held
                else:
                    dcol = cols[j]
                    code[c] = dcol[-1] if dcol else board.floor(j)
                if under < FLOOR and now[under] >= DOWN:
                    code[under] = now[under] - DOWN
                    key = bytes(code)
                    if key in seen:
                        code[under] = now[under]
                        code[c] = under
                        continue
                    turned = True
                else:
                    key = bytes(code)
                    if key in seen:
                        code[c] = under
                        continue
                    turned = False
                # Make the move on the lists; ``code`` already holds it.
                fd_s = fd[s]
                if j == TO_CELL:
                    k = len(scol) - 1
                    scol.pop()
                    board.reserve.append(c)
                    col_of[c] = RESERVE
                    dlen = 0
                else:
                    k = scol.index(c)
                    group = scol[k:]
                    del scol[k:]
                    dlen = len(dcol)
                    dcol += group
                    for x in group:
                        col_of[x] = j
                if turned:
                    fd[s] = k - 1
                record = (move, s, k, dlen, fd_s, None)
                if keeps_runs and board.won():  # Chelicera: won by any move
                    return "won", [p[4][0] for p in path if p[4] is not None] + [move], nodes
            else:
                record = board.apply(move)
                key = bytes(code)
                if key in seen:
                    board.undo(record)
                    code[:] = top[1]
                    continue
                if board.won():
                    return "won", [p[4][0] for p in path if p[4] is not None] + [move], nodes
            seen.add(key)
            if classes:
                # Alternate colours: a board equal class by class to one searched is
                # not searched again (search.py, reduction 1).
                class_key = board.class_key()
                if class_key in class_seen:
                    board.undo(record)
                    code[:] = now
                    continue
                class_seen.add(class_key)
            nodes += 1
            if nodes >= check_at:
                # The node limit, or a look at the clock every 1024 positions.
                if nodes >= node_limit or (deadline is not None and time.perf_counter() > deadline):
                    return "out", [], nodes
                check_at = min(node_limit, (nodes | 1023) + 1)
            empty = cols.count(EMPTY)
            zflag = top[2]
            lost = False
            if prove and not mice:
                if move < 0:
                    lost = cannot_win(key)
                    # Passing as if full here spares the test in the whole subtree.
                    zflag = 0
                    if not lost and (not empty or not cannot_win(key, True, ncols, False)):
                        zflag = 1
                elif (not empty and top[3] and (move >> MOVE_SHIFT) % 13 == KING
                      and zflag != 1):
                    # A King filled the last empty column: clauses (i)-(vi) alone
                    # (search.py, reduction 3, says why).
                    lost = cannot_win(key, False, ncols, False)
                    zflag = 1
                elif board.stock:
                    # Before the deal: a board proved lost spares its deal's search.
                    lost = cannot_win(key)
            elif prove_colour:
                lost = colour_cannot_win(cols, fd, board.stock, board.reserve)
            elif prove_refill:
                lost = refill_cannot_win(cols, board.stock, board.refill)
            elif prove_wasp and not zflag:
                if empty:
                    zflag = 1
                else:
                    lost = cannot_empty(key, ncols)
            if lost:
                after: list[int] = []
            else:
                after = board.moves(safe and not board.stock, key)
                if prove and not mice and empty == 1 and not zflag and any(
                    m >> MOVE_SHIFT in _KING_SET for m in after
                ):
                    zflag = -1 if cannot_win(key, True, ncols, False) else 1
            path.append((iter(after), key, zflag, empty, record))
            break
        else:
            path.pop()
            if top[4] is not None:
                board.undo(top[4])
                code[:] = path[-1][1]
    return "lost", [], nodes
