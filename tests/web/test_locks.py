"""Requests on one game are serialised by a database lock (docs/web-api.md, F6); no route
may still hold it while its answer is being sent, or a slow client (or a page streamed
from disk) would hold up every other request. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import MutableMapping
from typing import Any

from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError

from scorpion.store import Database
from scorpion.web.app import COOKIE, create_app
from servers import run_coroutine

ROUTES = [
    ("GET", "/", None),
    ("GET", "/statistics", None),
    ("GET", "/settings", None),
    ("GET", "/api/game", None),
    ("GET", "/api/game/hints", None),
    ("GET", "/api/game/status", None),
    ("POST", "/api/game/move", {"move": "deal"}),
    ("POST", "/api/game/undo", {}),
    ("POST", "/api/game/redo", {}),
    ("POST", "/api/game/move", {"move": "XX-9"}),  # refused
    ("POST", "/api/game/clock", {"running": True}),
    ("POST", "/api/game/restart", {}),
    ("GET", "/api/statistics", None),
    ("GET", "/api/settings", None),
    ("PUT", "/api/settings", {"saving": True}),
    ("GET", "/api/my-data", None),
    ("POST", "/api/game/new", {"deal": "5"}),
]


class LockProbe:
    """Tells, from another connection, whether the game's lock is taken now."""

    def __init__(self, database: Database) -> None:
        self.database = database
        if database.is_sqlite:
            path = database.engine.url.database
            assert path is not None
            self.sqlite = sqlite3.connect(
                path, isolation_level=None, timeout=0, check_same_thread=False
            )
        else:
            self.engine = create_engine(database.url)

    def locked(self) -> bool:
        if self.database.is_sqlite:
            try:
                self.sqlite.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError:
                return True
            self.sqlite.execute("ROLLBACK")
            return False
        with self.engine.connect() as conn:
            try:
                conn.execute(text("SELECT id FROM games FOR UPDATE NOWAIT"))
            except OperationalError:
                return True
            conn.rollback()
            return False

    def close(self) -> None:
        if self.database.is_sqlite:
            self.sqlite.close()
        else:
            self.engine.dispose()


async def call(
    app: Any, probe: LockProbe, method: str, path: str, body: object, cookie: str | None
) -> dict[str, Any]:
    """One request straight into the ASGI app; notes whether the lock is held when the
    answer starts and when its body is sent."""
    data = b"" if body is None else json.dumps(body).encode()
    headers = [(b"host", b"127.0.0.1"), (b"content-length", str(len(data)).encode()),
               (b"content-type", b"application/json")]
    if cookie:
        headers.append((b"cookie", f"{COOKIE}={cookie}".encode()))
    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
        "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
        "root_path": "", "headers": headers, "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
    }
    received = False

    async def receive() -> MutableMapping[str, Any]:
        nonlocal received
        if not received:
            received = True
            return {"type": "http.request", "body": data, "more_body": False}
        await asyncio.sleep(3600)
        raise AssertionError("unreachable")

    seen: dict[str, Any] = {"locked": []}

    async def send(message: MutableMapping[str, Any]) -> None:
        if message["type"] == "http.response.start":
            seen["status"] = message["status"]
            seen["headers"] = message.get("headers", [])
        seen["locked"].append(probe.locked())

    await app(scope, receive, send)
    return seen


def test_no_route_holds_the_lock_while_it_answers(database: Database) -> None:
    app = create_app(database)
    probe = LockProbe(database)

    async def run() -> None:
        first = await call(app, probe, "GET", "/", None, None)
        cookie = next(
            value.decode().split(";")[0].partition("=")[2]
            for name, value in first["headers"] if name == b"set-cookie"
        )
        await call(app, probe, "POST", "/api/game/new", {"deal": "1"}, cookie)
        for method, path, body in ROUTES:
            seen = await call(app, probe, method, path, body, cookie)
            assert seen["status"] < 500, (method, path, seen)
            assert not any(seen["locked"]), (method, path, seen["status"])

    try:
        run_coroutine(run())
    finally:
        probe.close()
        app.state.insight.close()


def test_the_probe_sees_a_held_lock(database: Database) -> None:
    """The probe above can fail: it sees the lock a transaction holds."""
    probe = LockProbe(database)
    app = create_app(database)

    async def setup() -> None:
        first = await call(app, probe, "GET", "/", None, None)
        cookie = next(
            value.decode().split(";")[0].partition("=")[2]
            for name, value in first["headers"] if name == b"set-cookie"
        )
        await call(app, probe, "POST", "/api/game/new", {"deal": "1"}, cookie)

    try:
        run_coroutine(setup())
        with database.engine.connect() as conn:
            conn.execute(text("SELECT id FROM games FOR UPDATE" if not database.is_sqlite
                              else "SELECT id FROM games"))
            assert probe.locked()
            conn.rollback()
        assert not probe.locked()
    finally:
        probe.close()
        app.state.insight.close()
