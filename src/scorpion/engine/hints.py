"""Which legal moves are worth showing as hints (F3).

Moving a King-led group that already lies at the bottom of its column into another empty
column is legal (R9) but, once the stock has been dealt, changes nothing except the order
of the columns. Before the deal it can matter (a stock card may then land on the group or
in the emptied column), so it is kept until then.

In the games with free cells (How They Run, Scorpion Head) the empty cells are alike: a
card put into the second empty cell could as well go into the first, and a card moved from
one cell to another (legal, as in PySolFC) changes nothing. So a hint names the first empty
cell only, and never a move from cell to cell.

A move that leads back to a position the game has been through (the card just moved
taken back where it came from, say) is worth showing, but last (:func:`revisits_last`):
hints listed in the engine's order, followed one after the other, would otherwise send
cards back and forth.
"""

from __future__ import annotations

from collections.abc import Sequence

from .position import CELL_BASE, EMPTY_CELL, Move, Position


def is_column_shift(position: Position, move: Move) -> bool:
    """True if ``move`` carries a whole column (led by its bottom card) into an empty column."""
    if move.card < 0 or move.to_cell or position.columns[move.column]:
        return False
    where = position.locate(move.card)
    return where is not None and where[1] == 0


def is_idle_cell_move(position: Position, move: Move) -> bool:
    """True if ``move`` goes onto a free cell and changes nothing a later empty cell would not.

    That is: a card moved from one free cell to another, or a card put into a free cell when
    an empty cell comes before it (the first empty cell holds it as well). False for every
    move that does not go onto a free cell.

    Args:
        position: the position the move is played from.
        move: a legal move of ``position``.
    """
    if not move.to_cell:
        return False
    if move.card in position.cells:
        return True
    return position.cells.index(EMPTY_CELL) != move.column - CELL_BASE


def hint_moves(position: Position, earlier: Sequence[Position] = ()) -> list[Move]:
    """Return the legal moves of ``position`` that can change the game.

    These are all legal moves, leaving out, once the stock is dealt, shifts of a whole
    column into another empty column (see :func:`is_column_shift`), and always the moves
    onto free cells that a move into the first empty cell makes as well (see
    :func:`is_idle_cell_move`). Same order as :meth:`Position.legal_moves`, but with
    ``earlier`` (the positions the game has been through, in order) the moves back to one
    of them come last (:func:`revisits_last`).
    """
    moves = [m for m in position.legal_moves() if not is_idle_cell_move(position, m)]
    if not position.stock:
        moves = [m for m in moves if not is_column_shift(position, m)]
    return revisits_last(moves, position, earlier) if earlier and moves else moves


def revisits_last(
    moves: list[Move], position: Position, earlier: Sequence[Position]
) -> list[Move]:
    """``moves`` (legal in ``position``) in the same order, but those that lead back to a
    position of ``earlier`` (the positions the game has been through, in order) at the end.

    Equal positions of one game differ in no hidden card (a face-down card never moves),
    so this reads only what the player has seen. Along a game the stock, the face-down
    cards and the runs only ever change one way, so only the latest positions that agree
    with ``position`` on them can come back; the others are not looked at. Cost: one
    :meth:`Position.apply` per move, and a hash of each of those latest positions.
    """
    same: set[Position] = set()
    for before in reversed(earlier):
        if (before.stock != position.stock or before.face_down != position.face_down
                or before.runs != position.runs):
            break
        same.add(before)
    if not same:
        return list(moves)
    back = [m for m in moves if position.apply(m) in same]
    return [m for m in moves if m not in back] + back
