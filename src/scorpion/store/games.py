"""Players and their games: the service the web layer calls.

Every method works inside the caller's SQLAlchemy session and leaves the commit to it, so
a request either stores all it changed or nothing. A game's position is never stored: it
is derived by replaying the move list on the engine, which also checks the saved moves.
"""

from __future__ import annotations

import functools
import hashlib
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..engine import (
    Change,
    DealNumber,
    Game,
    IllegalMoveError,
    Move,
    Position,
    deal,
    variant_by_id,
)
from ..engine.hints import hint_moves
from .models import GameRow, PlayerRow

_TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")


class StoreError(Exception):
    """Base class of the store's errors; the message says what is wrong."""


class PlayerNotFoundError(StoreError):
    """The player token is missing, malformed or unknown."""


class StaleGameError(StoreError):
    """The game changed since the caller last saw it (another tab or request)."""


class CorruptGameError(StoreError):
    """A saved game's row cannot be replayed on the engine."""


class GameFinishedError(StoreError):
    """The game is won; only a new game or a replay can follow."""


@functools.lru_cache(maxsize=1024)
def _start_position(deal_number: str, variant_id: str) -> Position:
    """The first position of a deal (positions are immutable, so they can be shared)."""
    return deal(deal_number, variant_by_id(variant_id))


def _utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def _join(moves: tuple[Move, ...]) -> str:
    return " ".join(str(m) for m in moves)


@dataclass
class GameState:
    """A saved game with its replayed engine game.

    Attributes:
        row: the database row.
        game: the engine game (position, history, redo moves).
        last_move: the move this request played, if any.
        last_change: what that move turned up and removed.
        now: the time of the request, for the clock.
    """

    row: GameRow
    game: Game
    now: datetime
    last_move: Move | None = None
    last_change: Change | None = None

    @property
    def elapsed_ms(self) -> int:
        """Milliseconds from the first move to now, or to the winning move; 0 before."""
        start = self.row.started_at
        if start is None:
            return 0
        end = self.row.finished_at or self.now
        return max(0, int((end - start).total_seconds() * 1000))


class GameService:
    """Players and games inside one database session.

    Args:
        session: the SQLAlchemy session (the caller commits).
        clock: returns the current time (naive UTC); tests pass their own.
        random_deal: returns a deal number for a random new game.
    """

    def __init__(
        self,
        session: Session,
        clock: Callable[[], datetime] = _utcnow,
        random_deal: Callable[[], int] = lambda: secrets.randbelow(31999) + 1,
    ) -> None:
        self.session = session
        self.clock = clock
        self.random_deal = random_deal

    # --- players

    def create_player(self) -> str:
        """Create a player and return their secret token (43 URL-safe characters)."""
        token = secrets.token_urlsafe(32)
        self.session.add(PlayerRow(id=_hash_token(token), created_at=self.clock()))
        return token

    def player_id(self, token: str | None) -> str:
        """Return the id of the player holding ``token``.

        Raises:
            PlayerNotFoundError: if the token is missing, malformed or unknown.
        """
        if not token:
            raise PlayerNotFoundError("no player cookie: load the page first")
        if not _TOKEN.fullmatch(token):
            raise PlayerNotFoundError("malformed player cookie: reload the page")
        pid = _hash_token(token)
        if self.session.get(PlayerRow, pid) is None:
            raise PlayerNotFoundError("unknown player: reload the page")
        return pid

    # --- games

    def _load(self, row: GameRow) -> GameState:
        try:
            game = Game(
                _start_position(row.deal, row.variant),
                [Move.parse(t) for t in row.moves.split()],
                [Move.parse(t) for t in row.redo.split()],
            )
        except ValueError as exc:
            raise CorruptGameError(f"saved game {row.id} cannot be replayed: {exc}") from None
        return GameState(row, game, self.clock())

    def _current_row(self, player_id: str, variant_id: str) -> GameRow | None:
        return self.session.scalars(
            select(GameRow)
            .where(
                GameRow.player_id == player_id,
                GameRow.variant == variant_id,
                GameRow.current.is_(True),
            )
            .order_by(GameRow.id.desc())
            .limit(1)
        ).first()

    def current(self, player_id: str, variant_id: str) -> GameState:
        """Return the player's game in progress of ``variant_id``; start one if none.

        Raises:
            UnknownVariantError: for an unknown variant id.
            CorruptGameError: if the saved game cannot be replayed.
        """
        variant_by_id(variant_id)
        row = self._current_row(player_id, variant_id)
        if row is None:
            return self.new_game(player_id, variant_id, None)
        return self._load(row)

    def new_game(self, player_id: str, variant_id: str, deal_number: str | None) -> GameState:
        """Start a new game of ``variant_id`` on ``deal_number`` (random when None).

        Raises:
            UnknownVariantError: for an unknown variant id.
            DealNumberError: for a bad deal number.
        """
        variant_by_id(variant_id)
        number = DealNumber.parse(deal_number if deal_number else self.random_deal())
        old = self._current_row(player_id, variant_id)
        if old is not None:
            old.current = False
        row = GameRow(
            player_id=player_id,
            variant=variant_id,
            deal=str(number),
            moves="",
            redo="",
            current=True,
            created_at=self.clock(),
        )
        self.session.add(row)
        self.session.flush()
        return self._load(row)

    def _checked(self, player_id: str, variant_id: str, version: int | None) -> GameState:
        state = self.current(player_id, variant_id)
        if version is not None and version != state.row.version:
            raise StaleGameError("this game changed in another tab; reload")
        return state

    def _save(self, state: GameState) -> None:
        state.row.moves = _join(state.game.moves)
        state.row.redo = _join(state.game.redo_moves)
        if state.game.moves and state.row.started_at is None:
            state.row.started_at = state.now
        if state.game.is_won and not state.row.won:
            state.row.won = True
            state.row.finished_at = state.now
        self.session.flush()

    def _playable(self, state: GameState) -> None:
        if state.row.won:
            raise GameFinishedError("this game is won: start a new game or replay it")

    def play(
        self, player_id: str, variant_id: str, move_text: str, version: int | None = None
    ) -> GameState:
        """Play ``move_text`` (``"7H-5"`` or ``"deal"``) in the player's current game.

        Raises:
            MoveError: if the text is not a move.
            IllegalMoveError: if the move is illegal; nothing is changed.
            StaleGameError: if ``version`` is not the game's version.
            GameFinishedError: if the game is already won.
        """
        move = Move.parse(move_text)
        state = self._checked(player_id, variant_id, version)
        self._playable(state)
        state.last_change = state.game.push(move)
        state.last_move = move
        self._save(state)
        return state

    def undo(self, player_id: str, variant_id: str, version: int | None = None) -> GameState:
        """Take back the last move (R15).

        Raises:
            HistoryError: if there is nothing to undo.
            StaleGameError, GameFinishedError: as for :meth:`play`.
        """
        state = self._checked(player_id, variant_id, version)
        self._playable(state)
        state.game.undo()
        self._save(state)
        return state

    def redo(self, player_id: str, variant_id: str, version: int | None = None) -> GameState:
        """Play the last undone move again (R15).

        Raises:
            HistoryError: if there is nothing to redo.
            StaleGameError, GameFinishedError: as for :meth:`play`.
        """
        state = self._checked(player_id, variant_id, version)
        self._playable(state)
        move = state.game.redo()
        state.last_move = move
        self._save(state)
        return state

    def restart(self, player_id: str, variant_id: str, version: int | None = None) -> GameState:
        """Replay: start the same deal again as a new game (F4).

        Raises:
            StaleGameError: as for :meth:`play`.
        """
        state = self._checked(player_id, variant_id, version)
        return self.new_game(player_id, variant_id, state.row.deal)

    def hints(self, player_id: str, variant_id: str) -> list[Move]:
        """Return the moves worth hinting in the current game (see ``engine.hints``)."""
        state = self.current(player_id, variant_id)
        if state.row.won:
            return []
        return hint_moves(state.game.position)


__all__ = [
    "CorruptGameError",
    "GameFinishedError",
    "GameService",
    "GameState",
    "IllegalMoveError",
    "PlayerNotFoundError",
    "StaleGameError",
    "StoreError",
]
