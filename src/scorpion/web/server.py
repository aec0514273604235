"""Running the server: ``scorpion serve``.

The listening socket is bound by the main process before anything is announced, so a
port already in use is one clear error (:class:`ServeError`) and the start banner means
the port is ours. With ``--workers`` above 1, uvicorn's worker processes serve that socket;
each one watches the main process and ends when it is gone, however it died (SIGKILL
included), so no orphan keeps the port.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import signal
import socket
import sys
import threading
import time
import webbrowser
from types import FrameType

import uvicorn
from fastapi import FastAPI
from uvicorn.supervisors import Multiprocess

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


PARENT_ENV = "SCORPION_SERVER_PID"
"""Environment variable through which worker processes learn the main process's id."""

PARENT_POLL_SECONDS = 0.2
"""How often a worker process checks that the main process is still there, in seconds."""

SHUTDOWN_GRACE_SECONDS = 5.0
"""How long an orphaned worker may take to finish its requests before it is ended, in
seconds (and the longest a graceful shutdown waits for open requests)."""

BACKLOG = 2048
"""Connections the listening socket queues while every worker is busy (uvicorn's default)."""

_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


class ServeError(Exception):
    """The server cannot start: the address cannot be listened on (a port in use, a
    privileged port, an unknown host name). The message names the address and the cause."""


def listen(host: str, port: int) -> socket.socket:
    """Bind and listen on ``host``:``port`` (TCP, ``SO_REUSEADDR``), ready to hand to
    uvicorn and to its worker processes.

    Raises:
        ServeError: if the address cannot be resolved or bound (in use, not allowed).
    """
    where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except (socket.gaierror, UnicodeError) as exc:
        raise ServeError(f"cannot listen on {where}: unknown address ({exc})") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(BACKLOG)
    except OSError as exc:
        sock.close()
        reason = (exc.strerror or str(exc)).lower()
        hint = ""
        if exc.errno == errno.EADDRINUSE:
            hint = " (another program serves it: stop it, or choose another --port)"
        raise ServeError(f"cannot listen on {where}: {reason}{hint}") from None
    sock.set_inheritable(True)
    return sock


def _end_with_parent(parent: int) -> None:
    """In a worker process: end it when the main process ``parent`` is gone.

    On Linux the kernel sends SIGTERM at the parent's death (``PR_SET_PDEATHSIG``); a
    thread also polls the parent's id every :data:`PARENT_POLL_SECONDS` (every system),
    sends SIGTERM once it changed (uvicorn then shuts the worker down gracefully), and
    ends the process outright if it is still there :data:`SHUTDOWN_GRACE_SECONDS` later.
    """
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL_SECONDS)
        with contextlib.suppress(OSError):
            os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(SHUTDOWN_GRACE_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="watch-main-process", daemon=True).start()


class _Server(uvicorn.Server):
    """uvicorn's server, except that Ctrl+C pressed again while it stops changes nothing.

    uvicorn takes a second SIGINT for "force quit": it then skips the application's
    shutdown (the solver processes are not closed) and logs the cancelled lifespan task as
    an ERROR with a traceback. The graceful stop is already bounded by
    :data:`SHUTDOWN_GRACE_SECONDS`, so there is nothing to force.
    """

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if self.should_exit and sig == signal.SIGINT:
            return
        super().handle_exit(sig, frame)


def _stop_only_when_told() -> None:
    """In a worker process (``--workers`` above 1), let Ctrl+C's SIGINT pass by.

    The terminal sends SIGINT to every process of its foreground group; the main process
    takes it and stops each worker with SIGTERM, a graceful stop bounded by
    :data:`SHUTDOWN_GRACE_SECONDS`. Taken by the worker itself, a second Ctrl+C would be
    uvicorn's "force quit", with the traceback :class:`_Server` avoids. The handler is a
    Python one, so the solver processes the worker starts keep the default (Ctrl+C ends
    them as before).
    """
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, lambda *_: None)


def app_from_environment() -> FastAPI:
    """Application factory for uvicorn's worker processes (``--workers`` above 1).

    The database URL comes from :data:`DATABASE_ENV`; the parent process has already run
    the migrations, so the workers only connect. The worker ends when the main process
    (:data:`PARENT_ENV`) is gone.

    Raises:
        KeyError: if :data:`DATABASE_ENV` is not set (only :func:`run` starts these workers,
            and sets it).
        DatabaseError: if the database cannot be opened.
    """
    parent = os.environ.get(PARENT_ENV)
    if parent is not None:
        _end_with_parent(int(parent))
        _stop_only_when_told()
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

    The port is bound first, so that a server that cannot listen there writes nothing (no
    database file is made for it); then the database is migrated (Alembic, ``upgrade
    head``), and players who never stored anything are forgotten (see
    :meth:`GameService.forget_idle_players`); only then is the start banner printed.
    With ``workers`` above 1, uvicorn starts that many processes on that socket; they
    share nothing but the database, which holds every game, so they behave as one server,
    and each ends when the main process does, whatever ended it.

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
        ServeError: if the address cannot be listened on (the port is in use, say).
    """
    sock = listen(host, port)
    try:
        db = Database(database)
    except BaseException:
        sock.close()
        raise
    try:
        with db.session() as session:
            GameService(session).forget_idle_players()
    except BaseException:
        db.dispose()
        sock.close()
        raise
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
    common: dict[str, object] = {
        "log_level": "warning", "access_log": False,
        "timeout_graceful_shutdown": SHUTDOWN_GRACE_SECONDS,
    }
    if forwarded_allow_ips is not None:
        common["forwarded_allow_ips"] = forwarded_allow_ips
    # SIGTERM stops the server like Ctrl+C, with exit status 0, even before uvicorn has
    # set its own handler (which, with one worker, raises it again once stopped).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    with sock:
        if workers > 1:
            db.dispose()
            os.environ[DATABASE_ENV] = db.url
            os.environ[PARENT_ENV] = str(os.getpid())
            os.environ[SECURE_COOKIES_ENV] = "1" if secure_cookies else "0"
            os.environ[ALLOWED_HOSTS_ENV] = allowed_hosts or ""
            config = uvicorn.Config(
                "scorpion.web.server:app_from_environment",
                factory=True, host=host, port=port, workers=workers, **common,  # type: ignore[arg-type]
            )
            print(f"Scorpion is being served at {url}  ({workers} workers; database: "
                  f"{db.safe_url}; Ctrl+C stops)", flush=True)
            if open_browser:
                threading.Timer(1.5, webbrowser.open, (url,)).start()
            Multiprocess(config, sockets=[sock]).run()
            return
        application = create_app(
            db, secure_cookies=secure_cookies, allowed_hosts=_hosts(allowed_hosts)
        )
        config = uvicorn.Config(application, host=host, port=port, **common)  # type: ignore[arg-type]
        server = _Server(config)

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
            server.run(sockets=[sock])
        except KeyboardInterrupt:
            # With one process, uvicorn raises Ctrl+C's SIGINT again once it has stopped
            # serving: stopped as asked, so exit status 0, as for SIGTERM.
            pass
        finally:
            db.dispose()
