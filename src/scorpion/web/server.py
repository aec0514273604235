"""Running the server: ``scorpion serve``."""

from __future__ import annotations

import threading
import webbrowser

import uvicorn

from ..store import Database
from .app import create_app


def run(host: str, port: int, database: str | None, open_browser: bool) -> None:
    """Serve the game on ``host``:``port`` until interrupted.

    Args:
        host: address to listen on (``127.0.0.1`` keeps it on this machine).
        port: TCP port.
        database: SQLAlchemy URL, or None for the SQLite file in the user's data directory.
        open_browser: open the page in the default browser once the server listens.
    """
    db = Database(database)
    app = create_app(db)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"

    def announce() -> None:
        while not server.started and not server.should_exit:
            threading.Event().wait(0.05)
        if server.started:
            print(f"Scorpion is being served at {url}  (database: {db.url}; Ctrl+C stops)",
                  flush=True)
            if open_browser:
                webbrowser.open(url)

    threading.Thread(target=announce, daemon=True).start()
    try:
        server.run()
    finally:
        db.dispose()
