"""Deciding Scorpion positions: winnable, not winnable, or undecided within a budget (B1).

The solver sees every card, face-down ones included, and searches depth-first over the
moves of the rules (R6-R13), with four reductions, and probes where two of them fail.
Every winning line it finds is replayed on the engine (:func:`check_line`) before it is
returned. The search itself runs on one mutable board with do and undo
(:mod:`scorpion.solver.core`), not on engine positions; that module and
:mod:`scorpion.solver.proof` are compiled with mypyc where a wheel is built with a C
compiler at hand (``hatch_build.py``), and run as plain Python elsewhere.

1. **Canonical keys and a transposition table.** Many move orders reach the same position.
   Once the stock is dealt the order of the columns does not matter, so a position's key
   is its columns (with their face-down counts) as a multiset. Before the deal, columns
   1-3 are distinguishable (the stock lands on them) and 4-7 are interchangeable.
   :func:`position_key` is this key on engine positions; the search uses an equal one that
   it keeps up to date move by move: for each card, what lies directly under it (a card or
   a column's floor, floors 1-3 told apart before the deal) and whether it is face down
   (see :mod:`scorpion.solver.core`). A position whose key was already searched is not
   searched again. This also absorbs the moves that shift a whole King-led column into
   another empty column, which only reorder columns (the search does not even generate
   those that cannot change the key).

   *Card classes*, in the games that build in alternate colours (Scorpion Tail, Farmer's
   Wife). There every rule (what lands on what, what fills an empty column, what makes a
   run, when the game is won) depends on a card's rank and colour only, its *class*.
   Exchanging the two cards of one class (7H with 7D) everywhere, face-down cards, stock
   and reserve included, maps each legal move to a legal move and a won position to a won
   one, so a position and its image are won or lost together. The search also keys each
   position by its classes (:meth:`scorpion.solver.core.Board.class_key`;
   :func:`scorpion.solver.generic.class_key` on engine positions) and does not search a
   position whose class key it has met: the classes reachable from the start are
   searched, one position of each, so the search stays complete, and a winning line is
   still a line of real moves from the start. On random positions of those games the
   search proved lost by cards alone it took 5 to 12 times fewer positions
   (``benchmarks/colour_key.py``).

2. **Safe moves** (:func:`safe_move`), once the stock is dealt. In Scorpion a card that
   is not a King can only ever be placed on its successor (the card of the same suit one
   rank higher, R7-R9), and a card placed on its successor stays on it for good. A move of
   a face-up card ``c``, with the group H lying on it, onto ``c + 1`` in column D
   (position P to P') loses nothing when

   (a) D holds exactly the King of the suit down to ``c + 1``, all face up (a run being
       built where it will be removed), or
   (b) H is exactly ``c`` down to the Ace of its suit, all linked.

   Take any line of play from P and play it from P', skipping its move of ``c`` onto
   ``c + 1``: P' always equals P with what is left of H lifted onto ``c + 1``, and every
   move of the line stays legal:

   * only ``c`` can ever be placed on ``c + 1``, so covering it removes no target;
   * in (a) no card of D ever needs to move again (only the whole column may be shifted
     into an empty column, carrying the lifted cards along); in (b) no card of D needs a
     card of H (all lower cards of the suit are in H), none of H needs one of D, and no
     card can ever be placed on H (its top is an Ace, its cards all linked), so the
     cards of D move exactly when they would in P, with H riding on ``c + 1``;
   * every other target exposed in P is exposed in P' (the cards H covered in P are free
     in P'), every card face up in P is face up in P', and a column empty in P is empty
     in P'; a run completed earlier is removed earlier.

   Wider rules fail, and the tests hold a losing position for each: a group carried onto
   a ``c + 1`` that still has cards under it to move can bury a card they need (QC carried
   onto JC; 2C or 5S lying under the ``c + 1``), or a card that later rides onto the pile
   as a passenger (TC, carried by 4C onto a pile over 9C, which needs it). Before the
   stock is dealt no move is taken as safe: the stock lands on whatever tops columns 1-3
   hold, which the lift could change. In variants where an empty column takes any card
   (Wasp), ``c`` has other destinations, so no move is safe there. When a safe move
   exists it is the only move searched from that position.

   *With free cells* (How They Run, Scorpion Head) any top card may also go into a cell,
   so a card on its successor can leave it again, and (b) fails: a line from P may put
   ``c + 1`` into a cell to reach the card under it, where in P' it carries H. (a) holds
   when D has more cards than there are cells (How They Run: from the King down to the
   Jack or lower; Scorpion Head: to the Nine). A card of D then leaves D only into a cell
   from D's top, and back only onto its successor, in D: all of D never fits in the
   cells, so D empties only when its King leads the whole column into an empty column,
   or with its run. Play the line from P' skipping the move of ``c`` onto ``c + 1`` and
   each move of a card of D into a cell and back. Until the line moves ``c`` itself, P'
   stays P with the cards of D that are in cells put back on D, and ``c`` with what lies
   on it lifted onto D's top (a move led by a card under ``c`` carries less in P'): every
   cell taken in P' is taken in P, every exposed card of P but the cards of D is exposed
   in P', every column empty in P is empty in P'. When the line puts ``c`` onto ``c + 1``,
   or into a cell (the cards above it gone, so that it tops D in P'), both are the same
   but for the cards of D still in cells. A run that P' completes earlier (the move
   itself may complete one, or uncover a complete one under ``c``) is removed earlier:
   the line from P' skips the later moves of its cards, and P' only has more empty
   columns. The line from P' has no more moves and wins, and P' has one card fewer off
   its successor than P (or fewer cards on the table): so the search stays complete (the
   measure of :func:`_safe_moves_hold`, which does not need the card to stay on its
   successor for good). On random positions
   of those games with a King-led run at a column's bottom the search with it agrees
   with the search without reductions (the tests); taking (b) there too calls a won
   position lost (the tests hold one). On twelve How They Run deals that the search
   proved lost in 2.0 to 3.8 million positions it takes 1% to 28% fewer positions (36.9
   million to 33.4 million in all) and 0.80 of the time (255 s to 203 s;
   ``benchmarks/cell_safe.py --deals 327,559,709,723,756,915,1046,1168,1171,1175,1530,2130
   --nodes 6000000``, 2026-12-06, beside two niced survey workers). On deals 1..100
   (``--first 1 --last 100 --nodes 1000000``): How They Run's 87 won deals 0.82 of the
   positions and 0.64 of the time, its 3 lost ones 0.64 and 0.37; Scorpion Head's 98
   won deals 0.95 and 0.84.

3. **Proofs that a position cannot be won** (:func:`scorpion.solver.proof.cannot_win`),
   outside Wasp. Fix a winning line from a position P and name these events in it:

   * ``E(x)``: the first move led by a non-King ``x``. A non-King can only lead onto
     ``x + 1`` (R7-R9), and a card changes the card under it only by leading a move (a
     carried card keeps the card under it; a run is removed from a column's top), so each
     non-King not yet on ``x + 1`` in P leads a move in the line (its run is removed with
     it lying on ``x + 1``);
   * ``M(K)``: the first move led by the King ``K`` (into an empty column);
   * ``R(s)``: the removal of the run of suit ``s`` (every suit on the table has one);
   * ``Z``: the first moment a column is empty, when none is empty in P.

   ``leave(w)``, for the card ``w`` lying directly on some card in P, stands for the
   events by which ``w`` can leave it: ``E(w)``; for a non-King already on ``w + 1`` only
   ``R(suit of w)`` (it never leads again, and leaves ``w + 1`` only with its run); for a
   King ``M(w)`` or ``R(suit of w)``. Each event gets *clauses*, lists of events at least
   one of which happens before it (by move; within one move, E and M before R before Z):

   (i) ``E(x)``, when a card ``w`` other than ``x`` lies directly on ``x + 1``:
       ``leave(w)``. ``x + 1`` must be uncovered when ``x`` lands on it, and ``w`` stays on
       it until it leaves (``x + 1`` moving carries ``w`` along, and ``x + 1`` is not
       removed before ``x`` lies on it).
   (ii) ``E(x)`` and ``M(x)`` of a face-down card: ``leave(w)`` for the card ``w`` on it.
        Only face-up cards lead, and a card turns up only when uncovered (R10).
   (iii) ``M(K)``, when no column is empty in P: ``Z``. A King moves only into an empty
         column (R9).
   (iv) ``R(s)``: ``E(x)`` for each non-King ``x`` of ``s`` not on ``x + 1`` (in the same
        move or earlier); ``leave(w)`` for the card ``w`` on each face-down card of ``s``
        (a run is all face up, and the engine removes runs before it turns a card up, so a
        card turned up during a move is in no run removed by that move); and when a lower
        card of ``s`` lies under the King of ``s`` in its column, with ``z`` the highest
        such card: ``M(King)`` or the first move led by a card strictly between ``z`` and
        the King (a card on its successor never leads and is left out). ``z`` must end
        above the King; the cards between them stay between them until one of the King
        and those cards leads a move (cards only land on a column's top).
   (v) ``Z``: ``E(b)`` for a non-King ``b`` at the bottom of a column, or ``R(s)`` for a
       King of suit ``s`` at the bottom of one. Until the first empty column no King can
       move, nothing gets under a column's bottom card, and a column empties exactly when
       its bottom card leaves: by its own move, or, a King, with its run.
   (vi) ``E(x)``, when ``x + 1`` lies above ``x`` in the same column: the first move led
        by a card above ``x`` and at or below ``x + 1`` (``E(y)`` or ``M(y)``; a card on its
        successor never leads and is left out). ``x`` cannot land on a card of its own
        group, so ``x + 1`` must first leave the column above ``x``; until one of those
        cards leads, the cards from ``x`` up to ``x + 1`` stay together in that order: a
        move led by a card under ``x`` carries them all, ``x``'s own first move is
        ``E(x)`` itself, cards land only on a column's top, and no run holding ``x + 1``
        can be removed before ``x`` lies on it. The clause names ``x + 1`` itself (it may
        leave onto ``x + 2``) and Kings (into an empty column, carrying ``x + 1``); the
        tests hold a winnable position for each that a narrower list would call lost.
        With every card between on its successor the list is empty and ``E(x)`` is
        impossible: ``7S 4S 6S 5S`` in one column is lost (``4S`` waits for ``6S``,
        which waits for ``7S``, under ``4S``).
   (vii) *The order of two first moves.* Take a non-King ``a`` not on ``a + 1``, with
        ``a + 1`` in another column, a non-King ``y`` not on ``y + 1`` lying at or below
        ``a + 1`` in that column (``y`` may be ``a + 1``), and ``y + 1`` lying at or above
        ``a`` in ``a``'s column (``y + 1`` may be ``a``). Whichever of ``E(a)`` and
        ``E(y)`` comes second, before it comes the first move led by a card *between*:
        above ``y`` and at or below ``a + 1``, or above ``a`` and at or below ``y + 1``
        (``E`` or ``M``; a card on its successor never leads and is left out). For until
        one of them leads, each card from ``y`` up to ``a + 1`` and from ``a`` up to
        ``y + 1`` keeps the card under it (a card changes the card under it only by
        leading, and the first moves of ``y`` and ``a`` are ``E(y)`` and ``E(a)``). So
        ``E(a)`` first puts ``a`` on ``a + 1`` with ``y`` below and ``y + 1`` above, in
        one column; ``E(y)`` first carries the cards from ``y`` up to ``a + 1`` onto
        ``y + 1``, so ``a`` below and ``a + 1`` above. They stay so (the card that moved
        lies on its successor and never leads again; cards land only on a column's top;
        no run can be removed from above the lower card while the upper one lies there),
        and the card below cannot land on a card of its own group. This is a clause of
        an *order*, not of one event. Every winning line has both ``E(p)`` and ``E(q)`` of
        two such cards, one first: so for each pair ``p``, ``q`` that cards so placed
        name, the test is run once for each order, with that order's clauses added:
        ``E(q)`` needs ``E(p)``, and for each placing of the two, ``E(q)`` needs one of
        the cards between (none: the position is lost). If every line of both
        orders leaves out an event that a winning line needs, the position is lost. In
        a position of deal 5435, ``5D`` lies alone on ``4C`` (face down), ``6D`` on
        ``4D`` on ``3D`` in another column, ``7D`` face down under ``2D`` and ``AH``,
        and ``8H`` under ``3C``: ``E(5D)`` first would put ``5D`` on ``6D`` above ``4D``,
        parted only by ``6D`` (onto ``7D``, which waits for ``2D``, which waits for
        ``3D``, under ``4D``); ``E(4D)`` first would carry ``6D`` onto ``5D``, parted
        again only by ``6D``, which waits for ``7D`` to turn up, so for ``AH`` and
        ``2D`` to leave, ``7H`` to land on ``8H`` and ``3C`` on ``4C``, under ``5D``. The
        tests hold
        winnable positions that narrower lists of cards between would call lost.

   By induction along the line (in the order above), every event of the line belongs to
   the *possible* events: the least set closed under "each of the event's clauses lists a
   member". A winning line contains every ``E(x)`` and ``R(s)`` named above, so if one of
   them is not possible, no line wins and the position is not searched further. Cards
   still in the stock are in no clause (their events count as possible), so the proof also
   holds before the deal, whose cards only add clauses. Clause (vi) decided most of the
   deals that took the most positions before it: 29873, 23831, 674, 4444, 24123 and 1111
   (1.5 to 7 million positions each) are proved lost at the start. This refines an
   earlier test that looked for cycles of (i) and (ii) alone; that test also took a King
   with a lower card of its suit under it to leave only by its own move, which misses a
   card between them leading the King away (clause (iv) allows for it). Clause (vii)
   decided at the start 5435, 4929, 26830, 19983 and 28798 (0.27 to 2.5 million positions
   each before it), and took 21082 from 3.8 million positions to 0.2 million; it cuts few
   of the positions of 14829, 12532 and 515 (0.3 to 0.6 million), lost for reasons that
   appear only some moves after the deal. Running the test once per order of two events
   is the probing of both values of one Boolean variable, as in the failed-literal tests
   of SAT solvers (J. W. Freeman, "Improvements to propositional satisfiability search
   algorithms", PhD thesis, University of Pennsylvania, 1995); the clause itself is this
   module's own. Sources: the
   deadlock analysis of cycles of "must happen before" (G. Paul and M. Helmert, "Optimal
   Solitaire Game Solutions using A* Search and Deadlock Analysis", SoCS 2016); the least
   set is found as in W. F. Dowling and J. H. Gallier, "Linear-time algorithms for testing the
   satisfiability of propositional Horn formulae", J. Logic Programming 1 (1984).

   *Where it is asked.* At the start, at every position before the deal (few, and each
   one proved lost there spares the search after its deal: deal 21082 went from 569,102
   positions to 199,307 with it), after the deal (which adds clauses), and after a
   King fills the last empty column (which brings back clause (iii)). Other moves only
   remove or relax clauses (a card lands on its successor, a card is uncovered, a column
   empties, a run goes), except that a group carried onto a column holding a lower card of
   a carried King's suit can add a clause (iv), and one carried onto a column holding the
   predecessor of one of its cards a clause (vi), and a group carried anywhere can bring
   a pair of clause (vii); the test is not asked there (asking it
   there too took deal 4929 from 1,402,724 positions to 1,128,944, but from 8.0 s to
   13.2 s: the test costs about 36 microseconds compiled, and what it cuts there is
   small). A board that passes the test *as if no column were empty* passes it after any
   King fills its last empty column, which adds the King as one more way for ``Z`` and
   relaxes the rest; the search asks that once and then skips the test after a King fills
   the last empty column, there and in the subtree below (where a move that empties a
   column can make a proof possible that is then missed). It asks it first right after
   the deal, so that a board passing there is spared the test in its whole subtree. This
   test as if full is of clauses (i)-(vi) alone: clause (vii) is left out of it, since the
   King's move can part a column in two and so bring a new pair of cards (the claim above
   is of (i)-(vi)), and since with it the test failed more often, so that the search asked
   the test after more King moves than that saved (deal 14829: 2.4 s against 2.0 s). The
   test asked after a King fills the last empty column is of (i)-(vi) alone too: clause
   (vii) proved there little that (i)-(vi) did not (deal 14829: 591,689 positions
   without it, 590,659 with it) and cost more than it saved. Skipping the test, or some of
   its clauses, never makes a verdict wrong: the test only prunes.

   *In the games that build in alternate colours* (Scorpion Tail, Farmer's Wife) a card
   has two successors (the cards one rank higher of the other colour) and a run mixes
   suits, so the events above do not fit; :func:`scorpion.solver.colour_proof.cannot_win`
   is a weaker test of the same kind, argued in its module: the first move led by each
   card, the first empty column and the removal of each King's run, with clauses like
   (i)-(vi), a card's clause naming what landing on *either* successor needs first. A
   winning line needs the first move of every non-King not lying on one of its
   successors, and the removal of every King's run. The test
   costs about 15 microseconds compiled, and it is asked at the start and at every
   position searched (the moves of these games cover a successor of some card at every
   step, so any of them can make a position provably lost). It proves some deals lost at
   their start (Scorpion Tail 13, 23, 25, 43 and 82 of deals 1..100) and lost positions
   all through the search. Since 2026-12-06 a successor above a card in its column and
   covered by another card is taken as reached only once both have happened, a card
   between leading and the covering card leaving (before, the first alone): at their
   start it proves 950 Scorpion Tail deals of 1..31999 lost (897 before; the 53 more
   were all undecided by the survey) and 712 of Farmer's Wife (699; 13 more).

   *In the same-suit games with free cells* (How They Run, Scorpion Head) a card may also
   go into a cell, so it can leave the card under it without landing on its successor;
   :func:`scorpion.solver.cell_proof.cannot_win`, argued in its module, adds the events
   "``x`` goes into a cell" and "a cell is free for the first time" (a card goes into a
   cell only from a column's top, and only when a cell is free). Once a cell is free,
   almost any card may leave, so the test proves most where the cells are full: How They
   Run deals its two cells full, and the test proved 158 of the 203 deals of 1..3000 that
   the search proved lost, and 7 of the 207 it left undecided within 1,000,000 positions,
   lost at their start (38, 76, 77 and 92 of 1..100); since 2026-12-06 (a successor above
   a card and covered must be both parted from it and uncovered) 176 of the 266 deals of
   1..3000 that the survey found lost (165 the day before). It is asked at the start only:
   asked at every position it cut How They Run 68 from 871,852 positions to 843,699 at
   four times the time (the test costs about 30 microseconds compiled, the search's own
   step about 8).

   *In Wasp and Wasp II* any card may fill an empty column, so the clauses above, which
   let a card leave only onto its successor, hold only until a column is first emptied:
   until then the game is played exactly as Scorpion.
   :func:`scorpion.solver.proof.cannot_empty` builds Scorpion's clauses on a board with no
   empty column and asks only whether ``Z`` is possible: the first event of a line outside
   the possible set, if it came before ``Z``, would have each of its clauses met by
   earlier events, all possible, so every event before ``Z``, and then ``Z``, is
   possible; if ``Z`` is not, no column is ever emptied, and the game, which ends with
   every column empty, is lost. It is asked at the start and at the positions reached
   with no column ever empty on the way: below a board that has had an empty column the
   test proved little for its cost (about 13 microseconds compiled): a first version
   that asked it at every board with no empty column searched Wasp deal 13242 (lost) at
   a sixth of the speed, 25.8 million positions in 692 s, no fewer than without it.
   ``benchmarks/wasp_proof.py``
   (deals 1..2000, no probes, 2026-12-06, one core beside a niced re-solve): Wasp, 281
   deals lost, 223 of them proved lost at their start (8, 12, 19, ... of 1..100); their
   search 74.5 million positions and 259 s without the test, 73.1 million and 249 s with
   it, most of both in a few lost deals whose columns can be emptied (the loss comes
   after); every deal 1.04 times faster. Wasp II: 87 lost, 75 at their start, the lost
   deals 1.2 times faster, every deal 1.07.

   *In Chelicera* the stock refills each emptied column with three cards and the runs stay
   on the table, so a card on its successor never leaves it, a King must end at the
   bottom of a column, and no King moves before a column is emptied;
   :func:`scorpion.solver.refill_proof.cannot_win`, argued in its module, reads the stock's
   packets of three as columns to come (their cards wait for an emptied column) and needs
   the first move of every non-King not on its successor and a move of every King not at
   the bottom of its column. At their start it proves 930 of the 1,313 deals of 1..2000
   that the survey found lost (those took 97% of the survey's time on lost deals there),
   and 4 of the 5 it left undecided within 5,000,000 positions. It is asked at the start
   and at every position: there it cut deal 12 from 163,066 positions to 292 and deal 31
   from 125,643 to 46 (about 50 microseconds a test compiled, on a busy machine). Since
   2026-12-06 a successor above a card and covered must be both parted from it and
   uncovered (before, the first alone): at their start it proves 1,005 of the 1,317 deals
   of 1..2000 that the survey found lost, and 15,828 of the 21,083 of 1..31999 (14,751
   the day before).

4. **Move ordering**: moves that turn a face-down card up or empty a column first, the
   stock deal last; in the games without safe moves (but Wasp's) moves are sorted by a
   score of progress; the odd-numbered probes (below) try the deal (Scorpion Tail's)
   first and the other moves in random order (:data:`scorpion.solver.core.DEAL_FIRST`
   gives the figures).

5. **Probes** (:func:`_probe`), in the games without Scorpion's safe moves and proofs of
   loss (Wasp, Wasp II, Scorpion Tail, Farmer's Wife, How They Run, Scorpion Head,
   Chelicera): before the search, the same complete search is restarted with its ties
   broken at random and small node limits (Luby's sequence), for at most a tenth of the
   budget (three quarters in Scorpion Tail and Farmer's Wife, where most deals are won and
   the search's own order often goes deep into a lost part). A probe's win
   is a win (its line is replayed like any other); a probe that ends without one has
   searched every reachable position, which proves the loss as the search would. Only
   the order of the search changes, never what it may conclude.

``not winnable`` is a proof: the search was exhaustive under these reductions. The tests
check every verdict against a plain exhaustive search on many random positions small
enough for it.

Source of the search: a depth-first search with a visited set, as in the solvers of
Spider-type patience games; the safe-move rule and the proof are this module's own, argued
above.
"""

from __future__ import annotations

import math
import sys
import time
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from ..engine.cards import KING
from ..engine.position import CELL_BASE, DEAL, EMPTY_CELL, Move, Position, completes_run
from ..engine.variants import Variant
from . import core, generic
from .generic import generic_key
from .proof import board_code, cannot_win

Key = tuple[object, ...]

_BLOCKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(range(c, c - c % 13 - 1, -1)) for c in range(52)
)
"""_BLOCKS[c]: c down to the Ace of its suit."""


class Verdict(StrEnum):
    """The solver's answer."""

    WINNABLE = "winnable"
    NOT_WINNABLE = "not winnable"
    UNDECIDED = "undecided"


@dataclass(frozen=True)
class SolveResult:
    """What :func:`solve` found.

    Attributes:
        verdict: winnable, not winnable (proved), or undecided (budget spent).
        line: for a winnable position, moves that win from it (checked on the engine);
            empty otherwise.
        nodes: positions searched.
        seconds: wall-clock time spent, in seconds.
    """

    verdict: Verdict
    line: tuple[Move, ...]
    nodes: int
    seconds: float

    @property
    def decided(self) -> bool:
        """True unless the verdict is undecided."""
        return self.verdict is not Verdict.UNDECIDED


class SolverError(RuntimeError):
    """Raised if a winning line found does not win on the engine (a bug, never expected)."""


def position_key(position: Position) -> Key:
    """Return the canonical key of ``position`` for the transposition table.

    Columns are paired with their face-down counts; with the stock dealt all seven pairs
    are sorted, before it only those of columns 4-7 (the stock's cards go onto columns 1-3).

    Args:
        position: a position of one of the classic games (:func:`scorpion.engine.variants.
            is_classic`: seven columns, Scorpion's stock, no reserve or free cells).

    Returns:
        A hashable key, equal for two positions of the same game that differ only in the
        order of interchangeable columns. It leaves out the removed runs (pair it with
        ``position.runs`` when they matter) and any cells, so it is no key for the games
        with a reserve or free cells (their search keys them itself).
    """
    pairs = tuple(zip(position.columns, position.face_down, strict=True))
    if position.stock:
        return (*pairs[:3], *sorted(pairs[3:]))
    return tuple(sorted(pairs))


def safe_move(position: Position, moves: list[Move]) -> Move | None:
    """Return a move among ``moves`` that provably keeps the game's prospects, or None.

    Only once the stock is dealt, and only in the games of :func:`_safe_moves_hold`
    (building in suit, Kings alone filling empty columns, no free cells, runs leaving the
    table; None in every other game of the family): a
    face-up non-King card ``c`` moving onto ``c + 1`` when (a) ``c + 1`` tops a column
    that holds exactly King down to ``c + 1`` of its suit, all face up, or (b) ``c``
    carries exactly ``c - 1`` down to the Ace of its suit. See the module docstring for
    why such a move loses nothing. (In How They Run and Scorpion Head the compiled core
    takes a narrower (a), reduction 2 of the module docstring; this function, which the
    advisor's players use too, keeps to the games above.)
    """
    if position.stock or not _safe_moves_hold(position.variant):
        return None
    columns = position.columns
    face_down = position.face_down
    for move in moves:
        card, dest = move
        if card < 0 or card % 13 == KING:
            continue
        target = columns[dest]
        # (a) The destination is the King of c's suit down to c + 1, nothing else.
        if (
            target
            and not face_down[dest]
            and target[0] == card - card % 13 + KING
            and len(target) == KING - card % 13
            and target == tuple(range(target[0], card, -1))
        ):
            return move
        # (b) c carries exactly c - 1, c - 2, ... down to the Ace of its suit.
        rank = card % 13
        ace = card - rank
        for col in columns:
            if col and col[-1] == ace:
                if len(col) > rank and col[-1 - rank:] == _BLOCKS[card]:
                    return move
                break
    return None


def _safe_moves_hold(variant: Variant) -> bool:
    """True for the games where :func:`safe_move`'s argument and the proof of loss hold as
    they do in Scorpion: of today's family Scorpion, Scorpion II, Scorpion with the strict
    stock and Three Blind Mice (the compiled core uses its safe moves and proofs in the same
    games).

    The argument (reduction 2 of the module docstring) rests on these rules: building down
    in one suit, so that a non-King card can only ever be placed on its successor; only
    Kings fill an empty column; no card is ever placed anywhere else (reserves are played
    from, never onto: no free cells); completed runs leave the table (no column is ever
    refilled). Three Blind Mice has all of them, and no stock (so the lift never changes
    what a deal would land on). Its reserves change nothing in the argument: a reserve
    card is one more face-up card lying on nothing, that leads a move onto its successor
    or, a King, into an empty column, in P' exactly as in P; moving ``c`` out of a reserve
    leaves an empty reserve that nothing can be played onto. Scorpion Tail and Farmer's
    Wife build in alternate colours (``c`` has two possible places), How They Run and
    Scorpion Head have free cells (``c`` can leave its successor for a cell), Chelicera
    refills emptied columns and keeps its runs on the table: none of them is reduced so.
    (The compiled core takes a narrower (a) in the games with free cells; reduction 2 of
    the module docstring says why it holds there.)

    Searching only the safe move keeps "not winnable" a proof: from P the safe move reaches
    P', from which a line wins whenever one wins from P, in no more moves, with one more
    card on its successor for good (so P' is never P again); the pair (moves to a win,
    cards off their successors) decreases along the search's choices, which is what the
    completeness argument of :mod:`scorpion.solver.generic` needs.

    The proof of reduction 3 holds in the same games (:func:`_proved_lost`), with the
    reserve cards left off the table like cards of a stock: each clause about a card on the
    table still names events that every winning line has in that order (a non-King leads
    only onto its successor and leaves the card under it only by its own move or with its
    run; a King moves only into an empty column; a column empties only when its bottom
    card leaves, which a reserve card never is; nothing is ever placed on a reserve card),
    and leaving the reserve cards out only drops clauses (the run of a suit then does not
    wait for its reserve card's move), which can make a proof fail, never a wrong one hold.
    """
    return (
        variant.build == "suit"
        and not variant.empty_column_takes_any
        and variant.free_cells == 0
        and variant.removes_runs
        and variant.refill == 0
    )


def core_plays(variant: Variant) -> bool:
    """True for the games that :mod:`scorpion.solver.core` searches: the games whose runs
    leave the table and whose columns are never refilled, with either no stock or
    Scorpion's stock of three dealt onto columns 1-3, or Chelicera's stock that refills
    emptied columns, up to 15 columns, and Wasp's empty columns only without reserves or
    free cells: every game of the family. Any other is searched on engine positions
    (:mod:`scorpion.solver.generic`)."""
    stock_ok = not variant.stock_size or (
        variant.stock_deal and variant.stock_size == 3 and variant.columns >= 3
    ) or (not variant.stock_deal and variant.refill > 0)
    return (
        variant.columns <= 15
        and stock_ok
        and not (variant.empty_column_takes_any and variant.cells)
    )


def _proved_lost(position: Position) -> bool:
    """The proof of reduction 3 on a Three Blind Mice position (see :func:`_safe_moves_hold`):
    its reserve cards are left off the table, like cards of a stock (in no clause)."""
    columns = position.columns
    return cannot_win(board_code(columns, position.face_down), columns=len(columns))


def is_deadlocked(position: Position) -> bool:
    """True if ``position`` provably cannot be won (reduction 3 of the module docstring).

    The proof holds only in the games of :func:`_safe_moves_hold` (Scorpion, Scorpion II,
    the strict stock, Three Blind Mice: building in suit, Kings alone filling empty
    columns, no free cells, runs leaving the table); in the others (Wasp, Wasp II, Scorpion
    Tail, Farmer's Wife, How They Run, Scorpion Head, Chelicera) the answer is always
    False, which claims nothing. Cards still in the stock or a reserve are taken as free,
    so the answer is a proof also before the deal.
    """
    if not _safe_moves_hold(position.variant):
        return False
    return _proved_lost(position)


def solve(
    position: Position,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    shorten: bool = True,
    probes: int | None = None,
) -> SolveResult:
    """Decide ``position``: winnable (with a winning line), not winnable, or undecided.

    Args:
        position: the position, face-down cards included (the solver sees them all).
        max_nodes: stop after this many positions searched (None: no limit; else at least
            1). With a node budget the answer is deterministic.
        max_seconds: stop after about this many seconds (None: no limit; else a positive,
            finite number).
        shorten: take the moves the search wandered through out of a winning line
            (:func:`shorten_line`: jumps over positions of the line that one move reaches,
            then King moves; up to a few seconds for a Wasp line of thousands of moves);
            without it the line is the search's own, which costs nothing more to find (the
            advisor, which uses only the first move, does so).
        probes: the percentage (1 to 100) of the budget, of its positions and of its
            seconds, that the randomized probes (:func:`_probe`) may take before the
            search goes on with the rest; None (the default): the game's own,
            :data:`PROBE_SHARE` or :data:`PROBE_SHARE_ALTERNATE`. At 100 no search
            follows: a deal the probes neither win nor search to the end is undecided.
            Only in the games that have probes (:func:`has_probes`).

    Returns:
        A :class:`SolveResult`; its line is replayed on the engine before it is returned.

    Raises:
        SolverError: if a line found does not win on the engine (never expected).
        ValueError: ``max_nodes`` is below 1; ``max_seconds`` is not a positive, finite
            number (0, -1, NaN or infinity: NaN used to search without limit, the others to
            return undecided at once); ``probes`` is not 1 to 100, or is given for a game
            without probes.
    """
    if max_nodes is not None and max_nodes < 1:
        raise ValueError(f"max_nodes, the node budget, must be at least 1, not {max_nodes}")
    if max_seconds is not None and not (max_seconds > 0 and math.isfinite(max_seconds)):
        raise ValueError("max_seconds, the time budget, must be a positive, finite number of "
                         f"seconds, not {max_seconds}")
    if probes is not None:
        if not 1 <= probes <= 100:
            raise ValueError(f"the probes' share is a percentage from 1 to 100, not {probes}")
        if not has_probes(position.variant):
            raise ValueError(f"{position.variant.name} has no probes: its search has safe "
                             "moves and a proof of loss instead")
    started = time.perf_counter()
    if position.is_won:
        return SolveResult(Verdict.WINNABLE, (), 1, time.perf_counter() - started)
    deadline = None if max_seconds is None else started + max_seconds
    node_limit = max_nodes if max_nodes is not None else sys.maxsize
    if not core_plays(position.variant):
        # The games the compiled core does not play (generic.py says how they are searched).
        reduced = _safe_moves_hold(position.variant)
        outcome, found, nodes = generic.search(
            position, node_limit, deadline,
            safe_move if reduced else None, _proved_lost if reduced else None,
        )
        if outcome == "won":
            line = tuple(found)
            if shorten:
                line = shorten_line(position, line)  # replays the line, before and after
            else:
                check_line(position, line)
            return SolveResult(Verdict.WINNABLE, line, nodes, time.perf_counter() - started)
        verdict = Verdict.NOT_WINNABLE if outcome == "lost" else Verdict.UNDECIDED
        return SolveResult(verdict, (), nodes, time.perf_counter() - started)
    probed: tuple[str, list[int], int] = ("out", [], 0)
    if has_probes(position.variant):
        probed = _probe(position, node_limit, started, max_seconds, probes)
    outcome, moves, nodes = probed
    if outcome == "out" and probes != 100:
        outcome, moves, searched = core.search(position, node_limit - nodes, deadline)
        nodes += searched
    if outcome == "won":
        line = _engine_line(position, moves)
        if shorten:
            line = shorten_line(position, line)  # replays the line on the engine, before and after
        else:
            check_line(position, line)
        return SolveResult(Verdict.WINNABLE, line, nodes, time.perf_counter() - started)
    verdict = Verdict.NOT_WINNABLE if outcome == "lost" else Verdict.UNDECIDED
    return SolveResult(verdict, (), nodes, time.perf_counter() - started)


PROBE_BASE: Final = 1_000
"""Node limit of a probe of :func:`_probe`, times the Luby term of its number."""

PROBE_SHARE: Final = 10
"""Probes take at most 10% of the budget (of the nodes, and of the seconds), except in
the games that build in alternate colours (:data:`PROBE_SHARE_ALTERNATE`)."""

PROBE_SHARE_ALTERNATE: Final = 75
"""In Scorpion Tail and Farmer's Wife the probes take 75% of the budget, all but a quarter:
there most deals are won, and the search's one order often goes deep into a lost part of
the game, so the budget is better spent on finding wins; the quarter left to it still
proves small positions lost, with the games' proof of loss
(:mod:`scorpion.solver.colour_proof`). Deals 1..1000 within 2 s each, with that proof's
first version (no King's run): Scorpion Tail 964 decided with three quarters, 941 with a
tenth; Farmer's Wife 967 and 943."""

PROBE_NODES: Final = 500_000
"""What the probes may take when the solve has no node budget."""


def luby(i: int) -> int:
    """The ``i``-th term (``i`` >= 1) of the restart sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2,
    1, 1, 2, 4, 8, ... of M. Luby, A. Sinclair and D. Zuckerman, "Optimal speedup of Las
    Vegas algorithms", Information Processing Letters 47 (1993) 173-180: ``2**(k-1)`` if
    ``i == 2**k - 1``, else the term ``i - 2**(k-1) + 1`` for ``2**(k-1) <= i < 2**k - 1``.

    Raises:
        ValueError: if ``i`` < 1.
    """
    if i < 1:
        raise ValueError(f"the Luby sequence starts at 1, not {i}")
    k = i.bit_length()
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = i.bit_length()
    return 1 << (k - 1)


def has_probes(variant: Variant) -> bool:
    """True for the games whose solve starts with randomized probes (:func:`_probe`): those
    without safe moves and a proof of loss like Scorpion's (not :func:`_safe_moves_hold`),
    that the compiled core plays: Wasp, Wasp II, Scorpion Tail, Farmer's Wife, How They Run,
    Scorpion Head and Chelicera."""
    return core_plays(variant) and not _safe_moves_hold(variant)


def default_probes(variant: Variant) -> int | None:
    """The percentage of a node budget that the probes take when ``solve`` is not given
    ``probes``: 10 (:data:`PROBE_SHARE`), 75 in the games that build in alternate colours
    (:data:`PROBE_SHARE_ALTERNATE`), None in the games without probes (:func:`has_probes`).
    With a node budget, ``solve(..., probes=default_probes(v))`` is the same solve as
    without ``probes``."""
    if not has_probes(variant):
        return None
    if variant.build == "suit":
        return PROBE_SHARE
    return PROBE_SHARE_ALTERNATE


def _probe(
    position: Position,
    node_limit: int,
    started: float,
    max_seconds: float | None,
    percent: int | None = None,
) -> tuple[str, list[int], int]:
    """Randomized restarts before the search, in the games without safe moves and proofs
    of loss (:func:`_safe_moves_hold`: Wasp, Wasp II, Scorpion Tail, Farmer's Wife, How They
    Run, Scorpion Head, Chelicera).

    There the search's one fixed order of moves often goes deep into a lost part of the
    game and stays there: of Scorpion Tail's deals 1..40, 16 were undecided after 250,000
    positions, and 10 of them were won by a probe in 49 to 3,013 positions. A probe is the
    same complete search with the ties of its move order broken at random
    (:func:`scorpion.solver.core.search` with a seed), stopped after
    :data:`PROBE_BASE` times :func:`luby` of its number positions; probe ``i`` has seed
    ``i``, so a node budget still gives the same answer everywhere. Restarting a randomized
    search with Luby's limits is C. P. Gomes, B. Selman and H. Kautz's "Boosting
    combinatorial search through randomization" (AAAI 1998). The probes stop when they
    have spent a tenth of the budget (:data:`PROBE_SHARE`), three quarters in the games
    that build in alternate colours (:data:`PROBE_SHARE_ALTERNATE`), or
    :data:`PROBE_NODES` positions without a node budget; the search goes on with the
    rest. ``percent`` (1 to 100), when given, is their share of the budget instead (without
    a node budget, of the seconds alone).

    Returns:
        ``(outcome, moves, nodes)`` as :func:`scorpion.solver.core.search` gives them:
        ``"won"`` (a probe's winning line), ``"lost"`` (a probe searched to the end, which
        proves it as the search would), or ``"out"`` with the positions the probes took.
    """
    part = percent if percent is not None else default_probes(position.variant) or 0
    whole = 100
    if node_limit < sys.maxsize:
        share = node_limit * part // whole
    else:
        share = PROBE_NODES if percent is None else sys.maxsize
    until = None if max_seconds is None else started + max_seconds * part / whole
    spent = 0
    i = 1
    while spent < share and (until is None or time.perf_counter() < until):
        limit = min(PROBE_BASE * luby(i), share - spent)
        outcome, moves, nodes = core.search(position, limit, until, seed=i)
        spent += nodes
        if outcome != "out":
            return outcome, moves, spent
        i += 1
    return "out", [], spent


def _engine_line(position: Position, moves: list[int]) -> tuple[Move, ...]:
    """The engine's moves for the moves of :mod:`scorpion.solver.core` from ``position``:
    a move into a free cell goes to the first empty cell (the core does not tell which)."""
    if not position.variant.free_cells:
        return tuple(
            DEAL if m < 0 else Move(m >> core.MOVE_SHIFT, m & core.COLUMN_MASK) for m in moves
        )
    line = []
    p = position
    for m in moves:
        column = m & core.COLUMN_MASK
        if m >= 0 and column == core.TO_CELL:
            column = CELL_BASE + p.cells.index(EMPTY_CELL)
        move = DEAL if m < 0 else Move(m >> core.MOVE_SHIFT, column)
        line.append(move)
        p = p.apply(move)
    return tuple(line)


def check_line(position: Position, line: tuple[Move, ...] | list[Move]) -> None:
    """Replay ``line`` on the engine from ``position`` and check that it wins.

    Raises:
        SolverError: if a move is illegal or the line does not end in a win.
    """
    p = position
    for i, move in enumerate(line, start=1):
        if not p.is_legal(move):
            raise SolverError(f"move {i} ({move}) of the line is illegal: {p.illegal_reason(move)}")
        p = p.apply(move)
    if not p.is_won:
        raise SolverError("the line does not win")


def shorten_line(position: Position, line: tuple[Move, ...]) -> tuple[Move, ...]:
    """Return ``line``, a winning line from ``position``, made shorter where the engine
    shows that moves are not needed.

    This module's own method (no published source). Two stages, each keeping only what
    still wins on the engine.

    1. **Jumps** (:func:`jump_line`): the line's positions are P0 (``position``) to Pn
       (won). Where one legal move from Pi reaches Pj with j > i + 1 (or a won position),
       the moves between are not needed; a shortest chain of such jumps from P0 to the win
       is kept. Positions count as reached up to the canonical key of the search
       (:func:`scorpion.solver.generic.generic_key`: columns and cells renamed), and the
       line is rebuilt move by move on the engine, so every move of it is the engine's.
       This takes out the search's wandering in Wasp, where any card may go into an empty
       column (Wasp deal 14: the search's 6,018 moves to 83). A line still longer than
       :data:`LONG_LINE` moves then gets jumps of two moves too (:func:`pair_jump_line`).
    2. **King moves**: three steps, repeated until none changes the line: drop single King
       moves (last first); replace each run of two or more King moves in a row by a
       shortest run of King moves between the same two positions (breadth-first search);
       outside Wasp, drop two moves of the same King at once (a shift out and back with
       other moves between).

    This is not a search for the shortest winning line: the result visits, up to renaming,
    a subset of the positions of ``line``. The line returned is replayed on the engine.

    Raises:
        SolverError: if ``line`` itself does not win (see :func:`check_line`).
    """
    moves = list(jump_line(position, line))  # checks that ``line`` wins
    if len(moves) > LONG_LINE:
        moves = list(pair_jump_line(position, tuple(moves)))
    pairs = not position.variant.empty_column_takes_any
    changed = True
    while changed:
        changed = False
        # before[i]: the position before moves[i], so that a removal replays only the rest
        # (removing moves[i] leaves before[j] right for every j <= i).
        before = _positions(position, moves)
        for i in range(len(moves) - 1, -1, -1):
            if _is_king_move(moves[i]) and _wins(before[i], moves[i + 1:]):
                del moves[i]
                changed = True
        before = _positions(position, moves)
        i = len(moves)
        while i > 0:
            end = i
            while i > 0 and _is_king_move(moves[i - 1]):
                i -= 1
            if end - i >= 2:
                shorter = _king_moves_between(before[i], before[end], end - i - 1)
                if shorter is not None:
                    moves[i:end] = shorter
                    changed = True
            i -= 1
        if changed or not pairs:
            continue
        before = _positions(position, moves)
        kings = [i for i, move in enumerate(moves) if _is_king_move(move)]
        for a in reversed(kings):
            for b in reversed([b for b in kings if b > a and moves[b].card == moves[a].card]):
                if _wins(before[a], moves[a + 1:b] + moves[b + 1:]):
                    del moves[b], moves[a]
                    changed = True
                    break
            if changed:
                break
    result = tuple(moves)
    check_line(position, result)
    return result


def jump_line(position: Position, line: tuple[Move, ...]) -> tuple[Move, ...]:
    """Return a winning line from ``position`` through as few of ``line``'s positions as
    one-move jumps allow (stage 1 of :func:`shorten_line`).

    With P0..Pn the positions of ``line`` (Pn won) and K the canonical key
    (:func:`scorpion.solver.generic.generic_key`), there is a jump from Pi to Pj (i < j)
    when a legal move from Pi leads to a position of key K(Pj), or to a won position
    (then j = n). A shortest chain of jumps from 0 to n is found by dynamic programming in
    the order of the line (every jump goes forward), then replayed: from the current
    position, whose key is K(Pi), the first legal move whose result has key K(Pj) is
    taken. Positions of equal keys have the same moves up to renaming columns and cells
    (this is what the search's transposition table relies on), so such a move exists; and
    the line is still replayed on the engine by its callers. Cost: every legal move of
    every position of ``line`` is applied once on the engine (about 1 to 3 seconds for a
    line of 6,000 moves).

    Raises:
        SolverError: if ``line`` does not win (see :func:`check_line`), or if the rebuilt
            line breaks off (never expected).
    """
    positions = [position]
    for i, move in enumerate(line, start=1):
        if not positions[-1].is_legal(move):
            reason = positions[-1].illegal_reason(move)
            raise SolverError(f"move {i} ({move}) of the line is illegal: {reason}")
        positions.append(positions[-1].apply(move))
    if not positions[-1].is_won:
        raise SolverError("the line does not win")
    n = len(line)
    if n <= 1:
        return tuple(line)
    keys = [generic_key(p) for p in positions]
    latest = {key: i for i, key in enumerate(keys)}
    hashes = {_table_hash(p): i for i, p in enumerate(positions)}
    # steps[j]: fewest jumps from 0 to j; back[j]: the i of the last jump into j.
    steps = [0] + [n + 1] * n
    back = list(range(-1, n))
    for i in range(n):
        if steps[i] + 1 >= steps[n]:
            continue  # no jump from here can shorten the way to the win
        if steps[i] + 1 < steps[i + 1]:  # the line's own move
            steps[i + 1] = steps[i] + 1
            back[i + 1] = i
        for j in _jumps(positions[i], i, latest, hashes, n):
            if j > i and steps[i] + 1 < steps[j]:
                steps[j] = steps[i] + 1
                back[j] = i
    chain = [n]
    while chain[-1] != 0:
        chain.append(back[chain[-1]])
    chain.reverse()
    current = position
    result: list[Move] = []
    for j in chain[1:]:
        for move in current.legal_moves():
            after = current.apply(move)
            if (after.is_won if j == n else generic_key(after) == keys[j]):
                result.append(move)
                current = after
                break
        else:
            raise SolverError(f"no move reaches position {j} of the line again")
    return tuple(result)


LONG_LINE = 200
"""Most moves a winning line should have: a longer one after the one-move jumps also gets
two-move jumps (:func:`pair_jump_line`)."""


def pair_jump_line(position: Position, line: tuple[Move, ...]) -> tuple[Move, ...]:
    """Return a winning line from ``position`` through as few moves as jumps of one or two
    moves between ``line``'s positions allow (as :func:`jump_line`, counting a jump's
    moves; costlier: every pair of legal moves from every position of ``line`` is applied
    on the engine, so :func:`shorten_line` asks it only for lines longer than
    :data:`LONG_LINE`).

    Raises:
        SolverError: if ``line`` does not win, or if the rebuilt line breaks off (never
            expected).
    """
    check_line(position, line)
    positions = _positions(position, list(line))
    n = len(line)
    keys = [generic_key(p) for p in positions]
    latest = {key: i for i, key in enumerate(keys)}
    steps = [0] + [n + 1] * n
    back = [(i - 1, 1) for i in range(n + 1)]

    def reach(after: Position) -> int:
        return n if after.is_won else latest.get(generic_key(after), -1)

    for i in range(n):
        if steps[i] + 1 >= steps[n]:
            continue
        if steps[i] + 1 < steps[i + 1]:
            steps[i + 1], back[i + 1] = steps[i] + 1, (i, 1)
        for first in positions[i].legal_moves():
            once = positions[i].apply(first)
            j = reach(once)
            if j > i and steps[i] + 1 < steps[j]:
                steps[j], back[j] = steps[i] + 1, (i, 1)
            if once.is_won:
                continue
            for second in once.legal_moves():
                j = reach(once.apply(second))
                if j > i and steps[i] + 2 < steps[j]:
                    steps[j], back[j] = steps[i] + 2, (i, 2)
    chain = [(n, 0)]
    while chain[-1][0] != 0:
        i, size = back[chain[-1][0]]
        chain[-1] = (chain[-1][0], size)
        chain.append((i, 0))
    chain.reverse()
    current = position
    result: list[Move] = []
    for j, size in chain[1:]:
        found = _moves_to(current, size, None if j == n else keys[j])
        if found is None:
            raise SolverError(f"no {size} moves reach position {j} of the line again")
        for move in found:
            current = current.apply(move)
        result.extend(found)
    return tuple(result)


def _moves_to(start: Position, size: int, key: object) -> list[Move] | None:
    """``size`` (1 or 2) legal moves from ``start`` to a position of ``key`` (None: to a won
    position), or None."""

    def goal(p: Position) -> bool:
        return p.is_won if key is None else generic_key(p) == key

    for first in start.legal_moves():
        once = start.apply(first)
        if size == 1:
            if goal(once):
                return [first]
        elif not once.is_won:
            for second in once.legal_moves():
                if goal(once.apply(second)):
                    return [first, second]
    return None


def _pair_hash(position: Position, column: int, cards: tuple[int, ...], face_down: int) -> int:
    """One column's share of :func:`_table_hash` (its place counts only where the key
    keeps it: before a deal, on the columns the stock lands on)."""
    if position.stock and position.variant.stock_deal and column < len(position.stock):
        return hash((column, cards, face_down)) & _MASK
    return hash((cards, face_down)) & _MASK


_MASK = (1 << 64) - 1


def _table_hash(position: Position) -> int:
    """A hash equal for positions of equal :func:`generic_key`, that one move changes by
    the shares of the two columns it touches."""
    total = hash((tuple(sorted(position.cells)), position.stock, len(position.runs)))
    for i, (col, fd) in enumerate(zip(position.columns, position.face_down, strict=True)):
        total += _pair_hash(position, i, col, fd)
    return total & _MASK


def _jumps(
    p: Position, index: int, latest: dict[object, int], hashes: dict[int, int], won: int
) -> list[int]:
    """The indexes past ``index + 1`` of the line's positions (by key ``latest``; ``won``
    for a win) that one legal move from ``p``, the line's position ``index``, reaches.

    Most moves only take a group from one column to another: their result's
    :func:`_table_hash` is found from ``p``'s without the engine, and only a hash found
    among the line's (``hashes``) is checked by applying the move on the engine and
    comparing keys (where the hash's latest place on the line is past ``index + 1``: the
    line often comes back to earlier positions). Moves that turn a card up, remove a run,
    refill a column, deal, or touch a cell are applied on the engine.
    """
    variant = p.variant
    columns = p.columns
    face_down = p.face_down
    where: dict[int, tuple[int, int]] = {}
    for c, col in enumerate(columns):
        for k in range(face_down[c], len(col)):
            where[col[k]] = (c, k)
    base = _table_hash(p)
    found = []
    for move in p.legal_moves():
        card, dest = move
        place = where.get(card)
        if place is not None and dest < CELL_BASE and variant.removes_runs:
            src, k = place
            col = columns[src]
            left = col[:k]
            fd = face_down[src]
            target = columns[dest] + col[k:]
            if not (
                (fd and fd == k)
                or (not left and variant.refill)
                or completes_run(left[-13:], variant)
                or completes_run(target[-13:], variant)
            ):
                fd_dest = face_down[dest]
                h = (
                    base
                    - _pair_hash(p, src, col, fd) - _pair_hash(p, dest, columns[dest], fd_dest)
                    + _pair_hash(p, src, left, fd) + _pair_hash(p, dest, target, fd_dest)
                ) & _MASK
                if hashes.get(h, -1) <= index + 1:
                    continue
        after = p.apply(move)
        j = won if after.is_won else latest.get(generic_key(after), -1)
        if j >= 0:
            found.append(j)
    return found


def _is_king_move(move: Move) -> bool:
    return move.card >= 0 and move.card % 13 == KING


def _positions(position: Position, moves: list[Move]) -> list[Position]:
    """The position before each move of ``moves``, and after the last."""
    positions = [position]
    for move in moves:
        positions.append(positions[-1].apply(move))
    return positions


def _king_moves_between(start: Position, goal: Position, most: int) -> list[Move] | None:
    """A shortest list of at most ``most`` King moves from ``start`` to ``goal``, or None."""
    if start == goal:
        return []
    previous: dict[Position, tuple[Position, Move]] = {}
    layer = [start]
    for _ in range(most):
        following = []
        for p in layer:
            for move in p.legal_moves():
                if not _is_king_move(move):
                    continue
                q = p.apply(move)
                if q == start or q in previous:
                    continue
                previous[q] = (p, move)
                if q == goal:
                    path = []
                    while q != start:
                        q, move = previous[q]
                        path.append(move)
                    return path[::-1]
                following.append(q)
        layer = following
    return None


def _wins(position: Position, line: list[Move]) -> bool:
    """True if every move of ``line`` is legal in turn from ``position`` and the last wins."""
    try:
        check_line(position, line)
    except SolverError:
        return False
    return True
