"""Database tables (SQLAlchemy 2 declarative models).

The schema is created and changed only by the Alembic migrations in
``scorpion/store/migrations``; a test checks that these models and the migrations agree.

- ``players``: one row per player, known only by the SHA-256 of their cookie token.
- ``settings``: the player's choices (saving on or off, peeking on or off).
- ``games``: the saved game in progress, at most one per player and variant.
- ``clocks``: the playing time of a saved game (apart, so that the clock's ticks do not
  change the game's version, which detects stale tabs).
- ``results``: one row per game started (its first move made), won or not: the statistics.
- ``seen_deals``: the deals whose hidden cards the player was shown (a deal's solution, or
  peeking help in a game of it): a later game of such a deal starts marked peeked (F10).
- ``dealt_deals``: the deals the player was dealt, by variant: a later game of another
  variant on that deal number starts marked peeked when the first's start showed cards
  the other's start hides (F10).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, MetaData, String, Text, UniqueConstraint, false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
"""Constraint names, fixed so that migrations (and SQLite batch mode) can refer to them."""


class Base(DeclarativeBase):
    """Base class of the tables."""

    metadata = MetaData(naming_convention=NAMING)


class PlayerRow(Base):
    """A player, known only by the SHA-256 (hex) of the random token in their cookie."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    created_at: Mapped[datetime]


class SettingsRow(Base):
    """A player's settings. ``saving``: keep the game in progress between visits (F6, F8).
    ``peeking``: let hints use the hidden cards (the solver's "winning move" mark and the
    "can this deal still be won?" line); off for a new player (F10)."""

    __tablename__ = "settings"

    player_id: Mapped[str] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    saving: Mapped[bool] = mapped_column(default=True)
    updated_at: Mapped[datetime]
    peeking: Mapped[bool] = mapped_column(default=False, server_default=false())


class GameRow(Base):
    """The game in progress of one player in one variant.

    Attributes:
        deal: the deal number (PySolFC numbering, as :class:`DealNumber` prints it).
        moves: the moves played, in notation, space-separated; replaying them on the
            deal gives the position.
        redo: the moves taken back that Redo would play again, next first.
        position: the position after ``moves`` in the text notation, as saved; it is
            checked against the replay when the game is loaded.
        created_at: when this deal was dealt (naive UTC).
        started_at: the first move (naive UTC), None before.
        finished_at: the winning move, None before.
        result_id: the statistics row of this game, once started (None if its result
            was deleted).
        counted: False once the player deleted their results while this game was on:
            it then counts in no statistics.
        version: counts the changes of the game; a change made from a stale view is
            refused.
        peeked: True once the server answered a peeking request (hints or status with
            peeking on) for this game (F10), or from its start when its deal is one whose
            hidden cards the player was shown before (``deal_seen``); otherwise a new game
            or a replay starts unmarked.
        deal_seen: True when the game started marked peeked because the player had been
            shown its deal's hidden cards before (a row of ``seen_deals``, or of
            ``dealt_deals`` in a variant whose start shows cards this one's hides): the
            view says so, as the reason of the mark.
    """

    __tablename__ = "games"
    __table_args__ = (UniqueConstraint("player_id", "variant"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    variant: Mapped[str] = mapped_column(String(32))
    deal: Mapped[str] = mapped_column(String(32))
    moves: Mapped[str] = mapped_column(Text, default="")
    redo: Mapped[str] = mapped_column(Text, default="")
    position: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime]
    started_at: Mapped[datetime | None] = mapped_column(default=None)
    finished_at: Mapped[datetime | None] = mapped_column(default=None)
    won: Mapped[bool] = mapped_column(default=False)
    result_id: Mapped[int | None] = mapped_column(
        ForeignKey("results.id", ondelete="SET NULL"), default=None
    )
    counted: Mapped[bool] = mapped_column(default=True)
    version: Mapped[int] = mapped_column(default=1)
    peeked: Mapped[bool] = mapped_column(default=False, server_default=false())
    deal_seen: Mapped[bool] = mapped_column(default=False, server_default=false())

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012


class ClockRow(Base):
    """The playing time of a game: it runs only while the page is open and visible.

    Attributes:
        ms: milliseconds counted in the intervals already closed.
        since: when the running interval began (naive UTC), None while paused.
        seen: the last sign of the player in the running interval (a move or the page's
            heartbeat); an interval never counts more than a grace period past it, so a
            crashed browser does not leave the clock running.
    """

    __tablename__ = "clocks"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    ms: Mapped[int] = mapped_column(default=0)
    since: Mapped[datetime | None] = mapped_column(default=None)
    seen: Mapped[datetime | None] = mapped_column(default=None)


class ResultRow(Base):
    """One game started by a player (its first move made), for the statistics (F7).

    Attributes:
        started_at: the first move (naive UTC).
        finished_at: the winning move, None if not won.
        won: True once the server's engine saw the win.
        moves: moves in the winning line (0 until won).
        time_ms: playing time of the win in milliseconds (0 until won).
        peeked: True if peeking help was shown for this game (F10): its win, if any,
            does not count as a win without peeking.
    """

    __tablename__ = "results"
    __table_args__ = (Index(None, "player_id", "variant", "id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    variant: Mapped[str] = mapped_column(String(32))
    deal: Mapped[str] = mapped_column(String(32))
    started_at: Mapped[datetime]
    finished_at: Mapped[datetime | None] = mapped_column(default=None)
    won: Mapped[bool] = mapped_column(default=False)
    moves: Mapped[int] = mapped_column(default=0)
    time_ms: Mapped[int] = mapped_column(default=0)
    peeked: Mapped[bool] = mapped_column(default=False, server_default=false())


class SeenDealRow(Base):
    """A deal whose hidden cards the player was shown (F10): the deal's solution (its
    winning line, ``GET /api/deal/solution``), or peeking help in a game of it. A game
    the player starts later on that deal number starts marked peeked: the line is known.

    Attributes:
        variant: the variant of the game or solution that showed it (every variant deals
            deal N from the same shuffled deck, so a game of any variant on that number
            starts marked).
        deal: the deal number, as :class:`GameRow` keeps it.
        first_seen_at: when it was first shown (naive UTC).
    """

    __tablename__ = "seen_deals"

    player_id: Mapped[str] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    variant: Mapped[str] = mapped_column(String(32), primary_key=True)
    deal: Mapped[str] = mapped_column(String(32), primary_key=True)
    first_seen_at: Mapped[datetime]


class DealtDealRow(Base):
    """A deal the player was dealt in a variant (F10): its first position showed them the
    cards that this variant deals face up. A game the player starts later on the same deal
    number in a variant whose start hides some of those cards
    (:func:`scorpion.engine.start_reveals`: Scorpion after Chelicera, say) starts marked
    peeked. The same variant again is a replay, as after any game: not marked.

    Attributes:
        variant: the variant of the game dealt.
        deal: the deal number, as :class:`GameRow` keeps it.
        first_dealt_at: when it was first dealt (naive UTC).
    """

    __tablename__ = "dealt_deals"

    player_id: Mapped[str] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    variant: Mapped[str] = mapped_column(String(32), primary_key=True)
    deal: Mapped[str] = mapped_column(String(32), primary_key=True)
    first_dealt_at: Mapped[datetime]
