"""How a game ends without a win, and when a deal's solution may be told (F7, F10).

Giving up ends the game in progress: it counts as started and not won (also when no
move was made yet), and a new random deal takes its place, so the given-up game can never
be played on after its solution was shown. A deal's solution reads every hidden card, so
it is told only for a deal the player has ended (given up, replaced, or won) and that no
game of theirs in progress is dealt from.
"""

from __future__ import annotations

from sqlalchemy import exists, select

from ..engine import VARIANTS
from .games import GameFinishedError, GameService, GameState, check_version
from .models import GameRow, ResultRow


def give_up(
    svc: GameService, player_id: str, variant_id: str, version: int | None = None
) -> tuple[str, GameState]:
    """End the player's game of ``variant_id`` without a win and deal a new random game.

    Returns:
        The deal number given up, and the new game's state.

    Raises:
        UnknownVariantError, NoGameError, CorruptGameError: as for
            :meth:`GameService.existing` (no game of the variant: nothing is counted).
        StaleGameError: if ``version`` is not the game's version.
        GameFinishedError: if the game is won (nothing to give up).
    """
    state = svc.existing(player_id, variant_id)
    row = state.row
    check_version(row.version, version)
    if row.won:
        raise GameFinishedError("this game is won: there is nothing to give up")
    if row.counted and row.result_id is None:
        # Not started yet: giving up still counts, as a game started and not won.
        result = ResultRow(
            player_id=player_id, variant=variant_id, deal=row.deal, started_at=state.now,
            peeked=row.peeked,
        )
        svc.session.add(result)
        svc.session.flush()
    number = row.deal
    return number, svc.new_game(player_id, variant_id, None)


def solution_allowed(svc: GameService, player_id: str, variant_id: str, deal_number: str) -> bool:
    """May the player be told the solution of deal ``deal_number`` of ``variant_id``?

    Yes once they ended a game on it (a result row that is not their game in progress)
    or won it, and no game of theirs not won, of any variant, is dealt from that number
    (the variants deal the same cards to the same places). A saved game of no variant this
    code knows (a damaged row) cannot be played, so it shows nothing and blocks nothing.
    """
    in_progress = svc.session.scalar(
        select(
            exists().where(
                GameRow.player_id == player_id, GameRow.deal == deal_number,
                GameRow.won.is_(False), GameRow.variant.in_(tuple(VARIANTS)),
            )
        )
    )
    if in_progress:
        return False
    current = svc.session.scalars(
        select(GameRow.result_id).where(
            GameRow.player_id == player_id, GameRow.variant == variant_id
        )
    ).first()
    ended = select(ResultRow.id).where(
        ResultRow.player_id == player_id, ResultRow.variant == variant_id,
        ResultRow.deal == deal_number,
    )
    won = select(GameRow.id).where(
        GameRow.player_id == player_id, GameRow.variant == variant_id,
        GameRow.deal == deal_number, GameRow.won.is_(True),
    )
    if svc.session.scalars(won).first() is not None:
        return True
    return any(r != current for r in svc.session.scalars(ended))


__all__ = ["give_up", "solution_allowed"]
