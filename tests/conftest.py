"""Fixtures shared by the store and API tests: a fresh database on each backend.

Every test that takes ``database_url`` (or ``database``) runs twice: on a new SQLite
file, and on a new PostgreSQL database when ``SCORPION_TEST_POSTGRES`` gives the URL of
a server where the tests may create databases (``scripts/test.sh`` starts one and sets
it). Without it, the PostgreSQL runs are reported as skipped.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from scorpion.store import Database

POSTGRES_ADMIN_URL = os.environ.get("SCORPION_TEST_POSTGRES", "")

BACKENDS = [
    pytest.param("sqlite", id="sqlite"),
    pytest.param(
        "postgresql",
        id="postgresql",
        marks=pytest.mark.skipif(
            not POSTGRES_ADMIN_URL,
            reason="SCORPION_TEST_POSTGRES is not set (bash scripts/test.sh sets it)",
        ),
    ),
]


def _postgres_database() -> Iterator[str]:
    """Create a new empty PostgreSQL database; yield its URL; drop it afterwards."""
    name = f"scorpion_test_{secrets.token_hex(6)}"
    admin = create_engine(POSTGRES_ADMIN_URL, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        yield make_url(POSTGRES_ADMIN_URL).set(database=name).render_as_string(
            hide_password=False
        )
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of a new, empty database (not migrated yet), on each backend."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'test.db'}"
    else:
        yield from _postgres_database()


@pytest.fixture
def database(database_url: str) -> Iterator[Database]:
    """A new database, migrated, on each backend."""
    db = Database(database_url)
    yield db
    db.dispose()
