"""SQLite specifics of the store (F6): the write-ahead log is checkpointed by a background
thread of each server process, not inside the commit of a request, and stays bounded."""

from __future__ import annotations

import time
from pathlib import Path

from sqlalchemy import text

from scorpion.store import Database
from scorpion.store.db import CHECKPOINT_SECONDS


def test_the_write_ahead_log_is_checkpointed_in_the_background(tmp_path: Path) -> None:
    path = tmp_path / "wal.db"
    database = Database(f"sqlite:///{path}", upgrade=False)
    wal = Path(f"{path}-wal")
    checkpointer = database._checkpointer
    assert checkpointer is not None
    try:
        with database.session() as session:
            session.execute(text("CREATE TABLE t (id INTEGER PRIMARY KEY, x TEXT)"))
        batch = 100
        for _ in range(10):
            for _ in range(batch):
                with database.session() as session:
                    session.execute(text("INSERT INTO t (x) VALUES (:x)"), {"x": "y" * 4000})
            time.sleep(CHECKPOINT_SECONDS * 1.5)  # room for a checkpoint between batches
        # A batch adds about 2 pages a row to the log; without checkpoints the ten
        # batches would have made it ten times that long. Checkpointed, it is reused.
        page = 4096
        assert wal.stat().st_size < 3 * batch * 2 * page + 2 * page * 50
        with database.session() as session:
            assert session.execute(text("SELECT count(*) FROM t")).scalar_one() == 10 * batch
    finally:
        database.dispose()
    assert not checkpointer._thread.is_alive()  # dispose() stops it
