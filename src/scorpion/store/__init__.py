"""Saved games and players in a SQL database (SQLAlchemy), SQLite by default.

The store keeps no game in memory between calls: a game is a row holding its deal and
its move list, and its position is derived by replaying the moves on the engine.
"""

from .db import Database, default_database_url
from .games import (
    GameService,
    GameState,
    PlayerNotFoundError,
    StaleGameError,
    StoreError,
)

__all__ = [
    "Database",
    "GameService",
    "GameState",
    "PlayerNotFoundError",
    "StaleGameError",
    "StoreError",
    "default_database_url",
]
