"""A real ``scorpion serve`` in a subprocess (F6): every move is committed before its answer,
so SIGKILL between moves loses nothing; and several server processes on one database
behave as one server. On SQLite and PostgreSQL."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import httpx2 as httpx
import pytest

from scorpion.engine import Move, card_code, deal
from scorpion.web.app import COOKIE
from servers import ServerProcess
from winning import WINNABLE_DEAL, winning_line


@pytest.fixture
def log(tmp_path: Path) -> Path:
    return tmp_path / "server.log"


@pytest.fixture
def servers() -> Iterator[list[ServerProcess]]:
    """Servers the test starts; stopped at the end whatever happens."""
    started: list[ServerProcess] = []
    yield started
    for server in started:
        server.stop()


def start(servers: list[ServerProcess], database_url: str, log: Path, workers: int = 1,
          port: int | None = None) -> ServerProcess:
    server = ServerProcess(database_url, log, workers=workers, port=port)
    servers.append(server)
    try:
        return server.start()
    except RuntimeError as exc:
        pytest.fail(str(exc))


@contextmanager
def player(url: str) -> Iterator[httpx.Client]:
    """A new player: a client that loaded the page and holds its cookie."""
    with httpx.Client(base_url=url, timeout=10) as client:
        assert client.get("/").status_code == 200
        assert client.cookies.get(COOKIE)
        yield client


def post(client: httpx.Client, path: str, body: dict) -> dict:
    r = client.post(path, json=body)
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def test_sigkill_between_moves_loses_nothing(
    servers: list[ServerProcess], database_url: str, log: Path
) -> None:
    line = winning_line(WINNABLE_DEAL)
    first = start(servers, database_url, log)
    with player(first.url) as client:
        post(client, "/api/game/new", {"deal": str(WINNABLE_DEAL)})
        for text in line[:6]:
            view = post(client, "/api/game/move", {"move": text})
        view = post(client, "/api/game/undo", {})
        clock = post(client, "/api/game/clock", {"running": False})
        token = client.cookies.get(COOKIE)
    first.kill()  # SIGKILL: no shutdown, no clean-up

    second = start(servers, database_url, log, port=first.port)
    with httpx.Client(base_url=second.url, cookies={COOKIE: token}, timeout=10) as client:
        resumed = client.get("/api/game").json()
        assert {k: v for k, v in resumed.items() if k != "last"} == {
            k: v for k, v in (view | clock).items() if k != "last"
        }
        assert resumed["clock_running"] is False
        assert resumed["moves"] == 5 and resumed["can_redo"]
        # The history survived: redo the undone move and finish the game.
        post(client, "/api/game/redo", {})
        for text in line[6:]:
            view = post(client, "/api/game/move", {"move": text})
        assert view["won"]
        stats = client.get("/api/statistics").json()[0]
        assert (stats["started"], stats["won"], stats["fewest_moves"]) == (1, 1, len(line))


def test_two_workers_behave_as_one_server(
    servers: list[ServerProcess], database_url: str, log: Path
) -> None:
    """Several processes, one database: no game state lives in a process."""
    server = start(servers, database_url, log, workers=2)
    assert len(server.worker_pids()) == 2, server.output()
    line = winning_line(WINNABLE_DEAL)
    with player(server.url) as setup:
        post(setup, "/api/game/new", {"deal": str(WINNABLE_DEAL)})
        token = setup.cookies.get(COOKIE)

    def fresh() -> httpx.Client:
        # A new connection each time, so the requests spread over both workers.
        return httpx.Client(
            base_url=server.url, cookies={COOKIE: token}, timeout=10,
            headers={"Connection": "close"},
        )

    # Moves alternate over new connections; each one sees the last one's result.
    expected = deal(WINNABLE_DEAL)
    for number, text in enumerate(line[:10], start=1):
        with fresh() as client:
            view = post(client, "/api/game/move", {"move": text})
        expected = expected.apply(Move.parse(text))
        assert view["moves"] == number
    with fresh() as client:
        view = client.get("/api/game").json()
    assert view["moves"] == 10
    assert [c["cards"] for c in view["columns"]] == [
        [card_code(c) for c in column[fd:]]
        for column, fd in zip(expected.columns, expected.face_down, strict=True)
    ]

    # The same move sent eight times at once from one view: applied exactly once.
    version = view["version"]

    def send(_: int) -> int:
        with fresh() as client:
            return client.post(
                "/api/game/move", json={"move": line[10], "version": version}
            ).status_code

    with ThreadPoolExecutor(max_workers=8) as pool:
        codes = sorted(pool.map(send, range(8)))
    assert codes == [200] + [409] * 7, codes
    with fresh() as client:
        after = client.get("/api/game").json()
    assert after["moves"] == 11
    assert after["version"] > version


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("garbage", "error: database: not a database URL: 'garbage'"),
        ("sqlite:////nonexistent/dir/x.db",
         "error: database: cannot open sqlite:////nonexistent/dir/x.db: unable to open"),
        ("postgresql+psycopg://nobody:secret@127.0.0.1:1/x",
         "error: database: cannot open postgresql+psycopg://nobody:***@127.0.0.1:1/x: "),
    ],
)
def test_serve_names_a_bad_database_without_a_traceback(url: str, message: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "scorpion", "serve", "--no-open", "--port", "1",
         "--database", url],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 2
    assert done.stderr.startswith(message), done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    assert "secret" not in done.stderr
