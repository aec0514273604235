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

SECURE_COOKIES_ENV = "SCORPION_SECURE_COOKIES"
"""Environment variable through which worker processes learn ``--secure-cookies`` ("1")."""

ALLOWED_HOSTS_ENV = "SCORPION_ALLOWED_HOSTS"
"""Environment variable through which worker processes learn ``--allowed-hosts``."""


def _hosts(text: str | None) -> list[str] | None:
    hosts = [h.strip() for h in (text or "").split(",") if h.strip()]
    return hosts or None


def app_from_environment() -> FastAPI:
    """Application factory for uvicorn's worker processes (``--workers`` above 1).

    The database URL comes from :data:`DATABASE_ENV`; the parent process has already run
    the migrations, so the workers only connect.
    """
    return create_app(
        Database(os.environ[DATABASE_ENV], upgrade=False),
        secure_cookies=os.environ.get(SECURE_COOKIES_ENV) == "1",
        allowed_hosts=_hosts(os.environ.get(ALLOWED_HOSTS_ENV)),
    )


def run(
    host: str,
    port: int,
    database: str | None,
    open_browser: bool,
    workers: int = 1,
    secure_cookies: bool = False,
    allowed_hosts: str | None = None,
    forwarded_allow_ips: str | None = None,
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
        secure_cookies: mark the player cookie ``Secure`` (HTTPS in front of the server).
        allowed_hosts: comma-separated host names the site answers to (others get 400);
            None or empty for any.
        forwarded_allow_ips: comma-separated addresses of proxies whose
            ``X-Forwarded-Proto`` and ``X-Forwarded-For`` are trusted (uvicorn's
            option; None for uvicorn's default, ``$FORWARDED_ALLOW_IPS`` or 127.0.0.1).

    Raises:
        DatabaseError: if the database cannot be opened or migrated.
    """
    db = Database(database)
    with db.session() as session:
        GameService(session).forget_idle_players()
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
    common: dict[str, object] = {"log_level": "warning", "access_log": False}
    if forwarded_allow_ips is not None:
        common["forwarded_allow_ips"] = forwarded_allow_ips
    if workers > 1:
        db.dispose()
        os.environ[DATABASE_ENV] = db.url
        os.environ[SECURE_COOKIES_ENV] = "1" if secure_cookies else "0"
        os.environ[ALLOWED_HOSTS_ENV] = allowed_hosts or ""
        print(f"Scorpion is being served at {url}  ({workers} workers; database: "
              f"{db.safe_url}; Ctrl+C stops)", flush=True)
        if open_browser:
            threading.Timer(1.5, webbrowser.open, (url,)).start()
        uvicorn.run(
            "scorpion.web.server:app_from_environment",
            factory=True, host=host, port=port, workers=workers, **common,  # type: ignore[arg-type]
        )
        return
    application = create_app(
        db, secure_cookies=secure_cookies, allowed_hosts=_hosts(allowed_hosts)
    )
    config = uvicorn.Config(application, host=host, port=port, **common)  # type: ignore[arg-type]
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
