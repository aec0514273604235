"""Players, saved games, settings and statistics in a SQL database (SQLAlchemy, Alembic).

SQLite by default, PostgreSQL at scale (same code and migrations). The store keeps no
game state in memory between calls: a game is a row holding its deal and its move list, and
its position is derived by replaying the moves on the engine (each process memoises the
replays of recent move lists, a cache of that pure function, see ``games.replayed``).
"""

from .db import Database, DatabaseError, default_database_url, migrate
from .games import (
    STALE_MESSAGE,
    CorruptGameError,
    DamagedDataError,
    DealInPlayError,
    GameFinishedError,
    GameService,
    GameState,
    NoGameError,
    PlayerNotFoundError,
    StaleGameError,
    StoreError,
    check_version,
)
from .stats import RecentGame, VariantStats, export_data, statistics

__all__ = [
    "CorruptGameError",
    "DamagedDataError",
    "Database",
    "DatabaseError",
    "GameFinishedError",
    "GameService",
    "GameState",
    "NoGameError",
    "PlayerNotFoundError",
    "RecentGame",
    "DealInPlayError",
    "STALE_MESSAGE",
    "StaleGameError",
    "StoreError",
    "VariantStats",
    "check_version",
    "default_database_url",
    "export_data",
    "migrate",
    "statistics",
]
