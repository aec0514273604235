"""Peeking (F10): help that reads the hidden cards, off unless the player switches it on.

The solver's "winning move" mark and its "can this deal still be won?" line look at the
face-down and stock cards, so they are *peeking*. A player's ``peeking`` setting (off for
a new player) decides whether the server gives them at all; a game for which the server
answered such a request is marked (``peeked`` on its game row and on its result row), and
the statistics count its win apart from the wins without peeking
(:mod:`scorpion.store.stats`).

The deal of such a game is recorded too (``seen_deals``, as is a deal whose solution was
shown): a game the player starts later on the same deal number (a replay, a new game of
that number, a random deal that happens to be it, in any variant) starts marked peeked,
since its line may be known (:meth:`GameService.new_game`). Deleting the player's results
clears that record.

The mark is written with a plain UPDATE, so it does not change the game's ``version``:
peeking is not a move, and must not make the page's next move look stale.
"""

from __future__ import annotations

from sqlalchemy import CursorResult, select, update

from .games import GameService, GameState
from .models import GameRow, ResultRow, SettingsRow


class PeekingOffError(Exception):
    """A peeking request from a player whose peeking setting is off."""


PEEKING_OFF = (
    "peeking is off: this help reads the hidden cards; switch on "
    "\"Peek: let hints use the hidden cards\" to use it"
)
"""The message of :class:`PeekingOffError` (it says nothing about the game)."""


def peeking(svc: GameService, player_id: str) -> bool:
    """True if the player has switched peeking on (False for a new player).

    Only the ``peeking`` column is read, so a damaged ``updated_at`` does not matter.
    """
    value = svc.session.scalar(
        select(SettingsRow.peeking).where(SettingsRow.player_id == player_id)
    )
    return bool(value)


def set_peeking(svc: GameService, player_id: str, on: bool) -> None:
    """Switch the player's peeking setting on or off (the caller commits). The row's
    ``updated_at`` is written too, which also repairs a damaged one."""
    written = svc.session.execute(
        update(SettingsRow)
        .where(SettingsRow.player_id == player_id)
        .values(peeking=on, updated_at=svc.clock())
        .execution_options(synchronize_session=False)
    )
    if not (isinstance(written, CursorResult) and written.rowcount):
        svc.session.add(SettingsRow(player_id=player_id, peeking=on, updated_at=svc.clock()))
    svc.session.flush()


def require_peeking(svc: GameService, player_id: str) -> None:
    """Refuse a peeking request while the player's peeking is off.

    Raises:
        PeekingOffError: with :data:`PEEKING_OFF` as its message.
    """
    if not peeking(svc, player_id):
        raise PeekingOffError(PEEKING_OFF)


def mark_peeked(svc: GameService, state: GameState) -> bool:
    """Record that peeking help is being shown for the game of ``state``.

    Marks the game row and, once the game is started, its result row; a result made
    later (at the first move) takes the game's mark; and records the game's deal as seen
    (:meth:`GameService.record_seen`), so that a later game of it starts marked. A game
    already won is left as it is: help shown after the win did not help to win it.

    Returns:
        True if the game is (now) marked, False if it was already won.
    """
    row = state.row
    if row.won:
        return False
    svc.record_seen(row.player_id, row.variant, row.deal)  # holds the player first
    if row.peeked:
        return True  # its result, if any, was marked with it or took the mark
    svc.session.execute(
        update(GameRow)
        .where(GameRow.id == row.id)
        .values(peeked=True)
        .execution_options(synchronize_session=False)
    )
    if row.result_id is not None:
        svc.session.execute(
            update(ResultRow)
            .where(ResultRow.id == row.result_id)
            .values(peeked=True)
            .execution_options(synchronize_session=False)
        )
    return True
