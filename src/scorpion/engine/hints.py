"""Which legal moves are worth showing as hints (F3).

Moving a King-led group that already lies at the bottom of its column into another empty
column is legal (R9) but, once the stock has been dealt, changes nothing except the order
of the columns. Before the deal it can matter (a stock card may then land on the group or
in the emptied column), so it is kept until then.
"""

from __future__ import annotations

from .position import Move, Position


def is_column_shift(position: Position, move: Move) -> bool:
    """True if ``move`` carries a whole column (led by its bottom card) into an empty column."""
    if move.card < 0 or move.to_cell or position.columns[move.column]:
        return False
    where = position.locate(move.card)
    return where is not None and where[1] == 0


def hint_moves(position: Position) -> list[Move]:
    """Return the legal moves of ``position`` that can change the game.

    These are all legal moves, leaving out, once the stock is dealt, shifts of a whole
    column into another empty column (see :func:`is_column_shift`). Same order as
    :meth:`Position.legal_moves`.
    """
    moves = position.legal_moves()
    if position.stock:
        return moves
    return [m for m in moves if not is_column_shift(position, m)]
