"""Deciding Scorpion positions: winnable, not winnable, or undecided within a budget (B1).

The solver sees every card, face-down ones included, and searches depth-first over the
engine's own moves (so it can never disagree with the rules), with three reductions:

1. **Canonical keys and a transposition table.** Many move orders reach the same position.
   Once the stock is dealt the order of the columns does not matter, so a position's key
   is its columns (with their face-down counts) sorted. Before the deal, columns 1-3 are
   distinguishable (the stock lands on them) and 4-7 are interchangeable, so only 4-7 are
   sorted. A position whose key was already searched is not searched again. This also
   absorbs the moves that shift a whole King-led column into another empty column, which
   only reorder columns (or reorder 4-7 before the deal).

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

3. **Move ordering**: moves that turn a face-down card up or empty a column first, the
   stock deal last.

``not winnable`` is a proof: the search was exhaustive under these reductions. The tests
check every verdict against a plain exhaustive search on positions small enough for it,
and every winning line is replayed on the engine before it is returned.

Source: a depth-first search with a visited set, as in the solvers of Spider-type
patience games; the safe-move rule is this module's own, argued above.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

from ..engine.cards import KING
from ..engine.position import Move, Position

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
    are sorted, before it only those of columns 4-7.
    """
    pairs = tuple(zip(position.columns, position.face_down, strict=True))
    if position.stock:
        return (*pairs[:3], *sorted(pairs[3:]))
    return tuple(sorted(pairs))


def safe_move(position: Position, moves: list[Move]) -> Move | None:
    """Return a move among ``moves`` that provably keeps the game's prospects, or None.

    Only once the stock is dealt, never in variants whose empty columns take any card: a
    face-up non-King card ``c`` moving onto ``c + 1`` when (a) ``c + 1`` tops a column
    that holds exactly King down to ``c + 1`` of its suit, all face up, or (b) ``c``
    carries exactly ``c - 1`` down to the Ace of its suit. See the module docstring for
    why such a move loses nothing.
    """
    if position.stock or position.variant.empty_column_takes_any:
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


def is_deadlocked(position: Position) -> bool:
    """True if ``position`` provably cannot be won: its cards must move in a circular order.

    Outside Wasp, a card ``x`` that is not a King and not yet on its successor must one
    day make its own move onto ``x + 1`` (nothing else creates that link); call that event
    E(x). A card that is not a King can leave the card it lies on only by that move: any
    card below it carries it along, and a run removal takes it away only together with the
    card below it when that card is its successor. So, for non-King cards ``u`` and ``w``:

    * **A.** If ``u`` (not ``x``) lies directly on ``x + 1``, E(u) comes before E(x).
      If ``x`` itself lies directly on a face-down ``x + 1``, it can never leave and
      ``x + 1`` never turns up: lost.
    * **B.** A face-down card ``x`` turns up only when the card ``w`` directly on it
      leaves, so E(w) comes before E(x) (or before ``x`` turns up, for a King).

    Every event with an outgoing edge must happen in any winning line, so a cycle among
    these edges means no line can win. A King starts no edge (it can leave the card under
    it when its run, completed on it, is removed) unless a lower card of its suit lies
    under it in its column: then its run cannot be completed there, and it too can leave
    only by its own move, into an empty column. The stock's cards add no edge. In Wasp any card
    may move into an empty column, so this test answers False there.

    A move never adds an edge: the moved card lands on its successor (no edge) or in an
    empty column (none), a revealed card loses the edge into it, a removed run takes its
    edges along, and nothing gets under a King without moving it. Only the stock deal
    adds edges (a stock card on a column's top), so the search asks this question at the
    start and after the deal only.
    """
    if position.variant.empty_column_takes_any:
        return False
    # below[c]: the card directly under c (-1 for none or off the table).
    below = [-1] * 52
    down = [False] * 52
    # starts[c]: c may start edges: a card that is not a King, or a King with a lower card
    # of its suit under it in its column (its run cannot be completed where it lies).
    starts = [c % 13 != KING for c in range(52)]
    for col, fd in zip(position.columns, position.face_down, strict=True):
        suits_below = 0
        for k in range(len(col)):
            card = col[k]
            if k:
                below[card] = col[k - 1]
                if card % 13 == KING and suits_below >> (card // 13) & 1:
                    starts[card] = True
            suits_below |= 1 << (card // 13)
        for k in range(fd):
            down[col[k]] = True
    # Each non-King card u with a card l under it has at most two edges: to l - 1 (A, when
    # l is not an Ace and u is not l - 1) and to l (B, when l is face down).
    state = [0] * 52  # 0 new, 1 on the search path, 2 finished
    for root in range(52):
        if state[root] or below[root] < 0 or not starts[root]:
            continue
        path = [root]
        state[root] = 1
        pending = [_edges(root, below, down)]
        while pending:
            targets = pending[-1]
            if not targets:
                pending.pop()
                state[path.pop()] = 2
                continue
            nxt = targets.pop()
            if nxt < 0:
                return True  # a card on its own face-down successor
            st = state[nxt]
            if st == 1:
                return True
            if st == 0:
                state[nxt] = 1
                if below[nxt] < 0 or not starts[nxt]:
                    state[nxt] = 2
                    continue
                path.append(nxt)
                pending.append(_edges(nxt, below, down))
    return False


def _edges(u: int, below: list[int], down: list[bool]) -> list[int]:
    """The edges of :func:`is_deadlocked` from the card ``u``; -1 means lost."""
    lower = below[u]
    out = []
    if lower % 13 != 0:
        if u != lower - 1:
            out.append(lower - 1)
        elif down[lower]:
            return [-1]
    if down[lower]:
        out.append(lower)
    return out


def _ordered(position: Position, moves: list[Move]) -> list[Move]:
    """Moves that reveal a face-down card or empty a column first; the deal last."""
    # The bottom face-up card of each column: moving it reveals a card or empties it.
    first_up = {col[fd] for col, fd in zip(position.columns, position.face_down, strict=True)
                if col}
    first: list[Move] = []
    rest: list[Move] = []
    for move in moves:
        (first if move.card in first_up else rest).append(move)
    return first + rest  # legal_moves lists the deal last, and -1 is no card


def solve(
    position: Position,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
) -> SolveResult:
    """Decide ``position``: winnable (with a winning line), not winnable, or undecided.

    Args:
        position: the position, face-down cards included (the solver sees them all).
        max_nodes: stop after this many positions searched (None: no limit). With a node
            budget the answer is deterministic.
        max_seconds: stop after about this many seconds (None: no limit).

    Returns:
        A :class:`SolveResult`; its line is replayed on the engine before it is returned.

    Raises:
        SolverError: if a line found does not win on the engine (never expected).
    """
    started = time.perf_counter()
    deadline = None if max_seconds is None else started + max_seconds
    node_limit = max_nodes if max_nodes is not None else sys.maxsize
    seen: set[Key] = {position_key(position)}
    path: list[Move] = []
    nodes = 1
    verdict = Verdict.NOT_WINNABLE
    if position.is_won:
        return SolveResult(Verdict.WINNABLE, (), nodes, time.perf_counter() - started)
    # An explicit stack (a game can be long in Wasp): each frame is a position and the
    # moves from it still to try; ``path`` holds the moves leading to the top frame.
    stack: list[tuple[Position, Iterator[Move]]] = [
        (position, _moves_to_try(position, check_deadlock=True))
    ]
    while stack:
        p, moves = stack[-1]
        for move in moves:
            q = p.apply(move)
            key = position_key(q)
            if key in seen:
                continue
            seen.add(key)
            path.append(move)
            if q.is_won:
                verdict = Verdict.WINNABLE
                stack.clear()
                break
            nodes += 1
            if nodes >= node_limit or (
                deadline is not None and not nodes & 1023 and time.perf_counter() > deadline
            ):
                verdict = Verdict.UNDECIDED
                stack.clear()
                break
            # Only the stock deal can create a deadlock (see is_deadlocked).
            stack.append((q, _moves_to_try(q, check_deadlock=move.card < 0)))
            break
        else:
            stack.pop()
            if path:
                path.pop()
    line = tuple(path) if verdict is Verdict.WINNABLE else ()
    if verdict is Verdict.WINNABLE:
        check_line(position, line)
    return SolveResult(verdict, line, nodes, time.perf_counter() - started)


def _moves_to_try(position: Position, check_deadlock: bool) -> Iterator[Move]:
    """The moves searched from ``position``: none if it is deadlocked (checked when asked),
    its safe move alone, or all, ordered."""
    if check_deadlock and is_deadlocked(position):
        return iter(())
    moves = position.legal_moves()
    safe = safe_move(position, moves)
    return iter((safe,) if safe is not None else _ordered(position, moves))


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
