"""Alembic environment of scorpion-solitaire: run by :func:`scorpion.store.db.migrate`.

The caller passes an open SQLAlchemy connection in ``config.attributes["connection"]``.
Batch mode is on, so that changes to existing tables also work on SQLite (which cannot
alter most of a table in place: Alembic copies it into a new one).
"""

from __future__ import annotations

from alembic import context

from scorpion.store.models import Base

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # pragma: no cover - only through migrate()
    raise RuntimeError("run the migrations with scorpion.store.db.migrate()")

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=True,
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
