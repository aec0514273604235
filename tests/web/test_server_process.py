"""A real ``scorpion serve`` in a subprocess (F6): every move is committed before its answer,
so SIGKILL between moves loses nothing; and several server processes on one database
behave as one server. On SQLite and PostgreSQL. Also the process side of serve (B3): its
workers end with the main process however it dies, the port is bound before the banner,
and a port in use is one line and exit 2."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import httpx2 as httpx
import pytest

from scorpion.engine import DEAL, Game, Move, Position, card_code, deal
from scorpion.web.app import COOKIE
from servers import ServerProcess, free_port, running
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
    port = free_port()  # free now: the port is bound before the database
    done = subprocess.run(
        [sys.executable, "-m", "scorpion", "serve", "--no-open", "--port", str(port),
         "--database", url],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 2
    assert done.stderr.startswith(message), done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    assert "secret" not in done.stderr


def test_serve_names_a_default_data_folder_it_cannot_make(tmp_path: Path) -> None:
    """F6: without --database the saved games go to an SQLite file in the user's data folder; a
    folder that cannot be made is named in one line, with the way round, and exit 2."""
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    port = free_port()
    done = subprocess.run(
        [sys.executable, "-m", "scorpion", "serve", "--no-open", "--port", str(port)],
        capture_output=True, text=True, timeout=60, check=False,
        env={**os.environ, "XDG_DATA_HOME": str(blocker / "data")},
    )
    assert done.returncode == 2
    assert done.stderr.startswith(
        f"error: database: cannot make the data folder {blocker}/data/scorpion-solitaire for "
        "the default database: Not a directory; choose another database with --database"
    ), done.stderr
    assert "Traceback" not in done.stderr + done.stdout


ORPHAN_TIMEOUT = 10.0
"""Seconds within which the worker processes must be gone once the main process is."""


def refused(port: int) -> bool:
    """True if nothing accepts connections on 127.0.0.1:``port``."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return False
    except OSError:
        return True


def test_workers_end_when_the_main_process_is_killed(
    servers: list[ServerProcess], tmp_path: Path, log: Path
) -> None:
    """SIGKILL to the main process of a 2-worker server: every process it started ends,
    the port is free, and a new server starts on it."""
    database_url = f"sqlite:///{tmp_path / 'orphans.db'}"
    server = start(servers, database_url, log, workers=2)
    with player(server.url) as setup:
        post(setup, "/api/game/new", {"deal": "5"})
        token = setup.cookies.get(COOKIE)
    # Hints start a solver process in the worker that answers; new connections spread
    # the requests over both workers.
    for _ in range(6):
        with httpx.Client(base_url=server.url, cookies={COOKIE: token}, timeout=10,
                          headers={"Connection": "close"}) as client:
            assert client.get("/api/game/hints").status_code == 200
    children = server.descendants()
    assert len(server.worker_pids()) == 2, server.output()
    assert len(children) > 2, children

    server.kill_main()
    deadline = time.monotonic() + ORPHAN_TIMEOUT
    while time.monotonic() < deadline and (
        any(running(pid) for pid in children) or not refused(server.port)
    ):
        time.sleep(0.1)
    assert [pid for pid in children if running(pid)] == [], server.output()
    assert refused(server.port)

    again = start(servers, database_url, log, workers=2, port=server.port)
    with httpx.Client(base_url=again.url, cookies={COOKIE: token}, timeout=10) as client:
        assert client.get("/api/game").json()["deal"] == "5"


@pytest.mark.parametrize("workers", [1, 2])
def test_a_port_in_use_is_one_line_and_exit_2(tmp_path: Path, workers: int) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "scorpion", "serve", "--no-open", "--port", str(port),
             "--database", f"sqlite:///{tmp_path / 'x.db'}", "--workers", str(workers)],
            capture_output=True, text=True, timeout=60, check=False,
        )
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stdout == ""  # no banner: nothing is served
    assert done.stderr.splitlines() == [
        f"error: cannot listen on 127.0.0.1:{port}: address already in use "
        "(another program serves it: stop it, or choose another --port)"
    ], done.stderr
    assert list(tmp_path.iterdir()) == []  # bound first: no database was made for nothing


@pytest.mark.parametrize("workers", [1, 2])
def test_the_banner_comes_once_the_port_is_bound(tmp_path: Path, workers: int) -> None:
    """As soon as the banner is printed, the port accepts connections (so the browser
    opened then finds the server)."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "scorpion", "serve", "--no-open", "--port", str(port),
         "--database", f"sqlite:///{tmp_path / 'x.db'}", "--workers", str(workers)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"}, start_new_session=True,
    )
    try:
        assert process.stdout is not None
        banner = process.stdout.readline()
        assert banner.startswith(f"Scorpion is being served at http://127.0.0.1:{port}/"), banner
        assert not refused(port)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
        if process.stdout is not None:
            process.stdout.close()
    assert process.returncode == 0  # SIGTERM stops it as Ctrl+C does


def commuting_pair(position: Position) -> tuple[Move, Move] | None:
    """Two legal moves (not the stock deal) that are both legal in either order."""
    moves = [m for m in position.legal_moves() if m != DEAL]
    for i, a in enumerate(moves):
        for b in moves[i + 1:]:
            if position.apply(a).is_legal(b) and position.apply(b).is_legal(a):
                return a, b
    return None


def test_moves_without_version_arriving_together_are_all_applied(
    servers: list[ServerProcess], database_url: str, log: Path
) -> None:
    """Pairs of moves sent at the same instant to a 2-worker server, without ``version``:
    both are applied, one after the other, never refused as stale."""
    server = start(servers, database_url, log, workers=2)
    with player(server.url) as setup:
        post(setup, "/api/game/new", {"deal": "1"})
        token = setup.cookies.get(COOKIE)
    cookies = {COOKIE: token}

    def fresh() -> httpx.Client:
        return httpx.Client(base_url=server.url, cookies=cookies, timeout=20,
                            headers={"Connection": "close"})

    def saved_moves() -> list[str]:
        with fresh() as client:
            games = client.get("/api/my-data").json()["saved_games"]
        return list(games[0]["moves"])

    pairs, codes = 0, []
    number, singles = 1, 0
    game = Game(deal(number))
    for _ in range(200):  # bounded: 30 pairs take about 50 steps from deal 1
        if pairs >= 30:
            break
        pair = commuting_pair(game.position)
        if pair is None:
            legal = game.legal_moves()
            if not legal or singles >= 3:  # stuck or going round: the next deal
                number, singles = number + 1, 0
                with fresh() as client:
                    post(client, "/api/game/new", {"deal": str(number)})
                game = Game(deal(number))
            else:
                with fresh() as client:
                    post(client, "/api/game/move", {"move": str(legal[0])})
                game.push(legal[0])
                singles += 1
            continue
        singles = 0
        barrier = threading.Barrier(2)

        def send(move: Move, barrier: threading.Barrier = barrier) -> tuple[int, str]:
            with fresh() as client:
                client.get("/api/variants")  # connected before the barrier
                barrier.wait(timeout=20)
                r = client.post("/api/game/move", json={"move": str(move)})
                return r.status_code, r.text

        with ThreadPoolExecutor(max_workers=2) as pool:
            answers = list(pool.map(send, pair))
        codes += [code for code, _ in answers]
        assert [code for code, _ in answers] == [200, 200], (answers, server.output())
        before = len(game.moves)
        played = saved_moves()
        assert played[:before] == [str(m) for m in game.moves]
        assert sorted(played[before:]) == sorted(str(m) for m in pair)
        for text in played[before:]:
            game.push(Move.parse(text))
        pairs += 1
    assert pairs >= 30 and codes == [200] * 2 * pairs


@pytest.mark.parametrize("presses", [1, 2])
@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_stops_the_server_with_exit_0_and_no_traceback(
    servers: list[ServerProcess], tmp_path: Path, log: Path, workers: int, presses: int
) -> None:
    """Ctrl+C in a terminal sends SIGINT to every process of the foreground group: the
    server, its workers and their solver processes. The README promises exit status 0,
    and a person should see no traceback, also when an impatient one presses it again
    while the server stops (uvicorn's "force quit" logged the cancelled shutdown as an
    ERROR with a traceback, and skipped closing the solver processes)."""
    server = start(servers, f"sqlite:///{tmp_path / 'ctrl-c.db'}", log, workers=workers)
    with player(server.url) as client:
        post(client, "/api/game/new", {"deal": "5"})
        for _ in range(3):  # hints start a solver process in the worker that answers
            assert client.get("/api/game/hints").status_code == 200
    assert server.process is not None
    assert len(server.descendants()) >= 1 + (workers > 1)
    os.killpg(server.process.pid, signal.SIGINT)
    for _ in range(presses - 1):
        time.sleep(0.05)  # uvicorn's stop takes 0.1 s at least: this one comes during it
        os.killpg(server.process.pid, signal.SIGINT)
    assert server.process.wait(timeout=30) == 0, server.output()
    assert "Traceback" not in server.output(), server.output()
    assert "ERROR" not in server.output(), server.output()
