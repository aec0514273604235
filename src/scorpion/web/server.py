"""Running the server: ``scorpion serve``."""

from __future__ import annotations

import os
import threading
import webbrowser

import uvicorn
from fastapi import FastAPI

from ..store import Database, GameService
from .app import create_app

DATABASE_ENV = "SCORPION_DATABASE"
"""Environment variable through which worker processes learn the database URL."""


def app_from_environment() -> FastAPI:
    """Application factory for uvicorn's worker processes (``--workers`` above 1).

    The database URL comes from :data:`DATABASE_ENV`; the parent process has already run
    the migrations, so the workers only connect.
    """
    return create_app(Database(os.environ[DATABASE_ENV], upgrade=False))


def run(
    host: str, port: int, database: str | None, open_browser: bool, workers: int = 1
) -> None:
    """Serve the game on ``host``:``port`` until interrupted.

    The database is migrated first (Alembic, ``upgrade head``), and players who never
    stored anything are forgotten (see :meth:`GameService.forget_idle_players`). With
    ``workers`` above 1, uvicorn starts that many processes; they share nothing but the
    database, which holds every game, so they behave as one server.

    Args:
        host: address to listen on (``127.0.0.1`` keeps it on this machine).
        port: TCP port.
        database: SQLAlchemy URL, or None for the SQLite file in the user's data directory.
        open_browser: open the page in the default browser once the server listens.
        workers: number of server processes.

    Raises:
        DatabaseError: if the database cannot be opened or migrated.
    """
    db = Database(database)
    with db.session() as session:
        GameService(session).forget_idle_players()
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
    common: dict[str, object] = {"log_level": "warning", "access_log": False}
    if workers > 1:
        db.dispose()
        os.environ[DATABASE_ENV] = db.url
        print(f"Scorpion is being served at {url}  ({workers} workers; database: "
              f"{db.safe_url}; Ctrl+C stops)", flush=True)
        if open_browser:
            threading.Timer(1.5, webbrowser.open, (url,)).start()
        uvicorn.run(
            "scorpion.web.server:app_from_environment",
            factory=True, host=host, port=port, workers=workers, **common,  # type: ignore[arg-type]
        )
        return
    config = uvicorn.Config(create_app(db), host=host, port=port, **common)  # type: ignore[arg-type]
    server = uvicorn.Server(config)

    def announce() -> None:
        while not server.started and not server.should_exit:
            threading.Event().wait(0.05)
        if server.started:
            print(f"Scorpion is being served at {url}  (database: {db.safe_url}; "
                  "Ctrl+C stops)", flush=True)
            if open_browser:
                webbrowser.open(url)

    threading.Thread(target=announce, daemon=True).start()
    try:
        server.run()
    finally:
        db.dispose()
