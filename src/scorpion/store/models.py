"""Database tables: players and games (SQLAlchemy 2 declarative models)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """Base class of the tables."""


class PlayerRow(Base):
    """A player, known only by the SHA-256 of the random token in their cookie."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    created_at: Mapped[datetime]


class GameRow(Base):
    """One game of one player: the deal and the moves played (notation, space-separated).

    ``current`` marks the game in progress for the player's variant (one at most).
    ``version`` counts changes; a write made from a stale copy is refused.
    ``elapsed_ms`` is the playing time before ``started_at`` (the clock's last start).
    """

    __tablename__ = "games"
    __table_args__ = (Index("ix_games_player_variant", "player_id", "variant", "current"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    variant: Mapped[str] = mapped_column(String(32))
    deal: Mapped[str] = mapped_column(String(32))
    moves: Mapped[str] = mapped_column(Text, default="")
    redo: Mapped[str] = mapped_column(Text, default="")
    current: Mapped[bool] = mapped_column(default=True)
    created_at: Mapped[datetime]
    started_at: Mapped[datetime | None] = mapped_column(default=None)
    finished_at: Mapped[datetime | None] = mapped_column(default=None)
    won: Mapped[bool] = mapped_column(default=False)
    version: Mapped[int] = mapped_column(default=1)

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012
