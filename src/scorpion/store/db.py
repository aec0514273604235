"""Connecting to the database: engine, sessions, creating the tables."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir
from sqlalchemy import create_engine, event
from sqlalchemy.orm import Session, sessionmaker

from .models import Base


def default_database_url() -> str:
    """Return the default database: an SQLite file in the user's data directory."""
    folder = Path(user_data_dir("scorpion-solitaire", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'scorpion.db'}"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # WAL: readers do not wait for the writer; NORMAL: a commit survives a killed process.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


class Database:
    """A database: its SQLAlchemy engine and a session factory.

    Args:
        url: an SQLAlchemy URL (``sqlite:///path.db``, ``postgresql+psycopg://...``);
            None for :func:`default_database_url`.
        create: create missing tables now.
    """

    def __init__(self, url: str | None = None, create: bool = True) -> None:
        self.url = url or default_database_url()
        kwargs: dict[str, Any] = {}
        if self.url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 10}
        else:
            kwargs["pool_size"] = 20
            kwargs["max_overflow"] = 20
        self.engine = create_engine(self.url, **kwargs)
        if self.url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        if create:
            Base.metadata.create_all(self.engine)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session that commits at the end of the block, or rolls back on an error."""
        with self.sessions() as session, session.begin():
            yield session

    def dispose(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()
