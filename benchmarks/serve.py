"""Server benchmark: moves per second and move latency of ``scorpion serve``, beside a floor.

Three measurements in one run, each on a fresh SQLite file and a free 127.0.0.1 port:

1. **floor**: a minimal FastAPI route (in this file) that reads one row and writes it back
   per request, on the same database stack (SQLAlchemy on SQLite, the store's settings:
   WAL, ``synchronous=NORMAL``, transactions under the write lock), served by uvicorn
   with one worker; PLAYERS clients send requests back to back. It is what any route
   that stores something costs here, so ``moves/s / floor requests/s`` says how close a
   move comes to the least a stored request can cost, on whatever machine runs it.
2. **saturated**: ``scorpion serve`` with one worker; PLAYERS players send moves back to
   back (no think time). Prints moves/s and the ratio to the floor.
   Target (issue): at least 1,000 moves/s with 50 players.
3. **thinking**: ``scorpion serve --workers 2``; THINKERS players each wait a think time
   (0.5-2 s, a fast human) between moves. Prints the move round trip p50, p99, max.
   Target (issue): p50 <= 5 ms, p99 <= 25 ms, no failed request.

Each player loads the page (its cookie) and starts a random deal; once all have (this
set-up is not measured), each plays random legal moves (it replays its deal on the
engine, knowing the deal number, to choose them), with a new game when none is left or
after 150 moves. A failed request is anything but a
2xx, or a transport error. The load average (``os.getloadavg``) is printed before and
after: the figures depend on what else the machine runs.

The floor and the saturated server are measured in turn, ``--rounds`` times, and the
median of the ratios is printed: on a shared machine the load changes from one second to
the next, and a ratio measured side by side says more than either figure.

Run: ``python benchmarks/serve.py [--players 50] [--thinkers 500] [--seconds 10]
[--rounds 3] [--thinking-seconds 30]`` (``--only saturated`` or ``--only thinking`` to
run one part). Traffic goes to 127.0.0.1 only; every loop is bounded in time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

MAX_GAME_MOVES = 150
"""A player starts a new game after this many moves (random play can go round)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Connection:
    """A minimal HTTP/1.1 keep-alive client on asyncio streams (light on the CPU the
    server shares with it, unlike a full client library)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookie = ""
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: object = None) -> tuple[int, bytes]:
        """Send a request and read its answer; a connection the server closed while idle
        (its keep-alive timeout) is opened again once, as browsers do."""
        reused = self.writer is not None
        try:
            return await self._request(method, path, body)
        except ConnectionResetError:
            if not reused:
                raise
            self.close()
            return await self._request(method, path, body)

    async def _request(self, method: str, path: str, body: object) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        data = b"" if body is None else json.dumps(body).encode()
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(data)}\r\n"
            f"Content-Type: application/json\r\n"
            + (f"Cookie: {self.cookie}\r\n" if self.cookie else "")
            + "\r\n"
        )
        self.writer.write(head.encode() + data)
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionResetError("the server closed the connection")
        status = int(status_line.split()[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
            elif name.lower() == "set-cookie":
                self.cookie = value.strip().split(";")[0]
        return status, await self.reader.readexactly(length)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


@dataclass
class Stats:
    """What the players measured (seconds) and the failures (status or exception name)."""

    timed: list[float] = field(default_factory=list)
    other: int = 0
    client_cpu: float = 0.0
    server_cpu: float = 0.0
    when: list[float] = field(default_factory=list)
    ready: int = 0
    go: asyncio.Event = field(default_factory=asyncio.Event)
    deadline: float = 0.0

    async def start(self) -> None:
        """A client is set up: wait until every client is, so that the measurement
        (from ``go`` to ``deadline``) leaves out the players' first page and deal."""
        self.ready += 1
        await self.go.wait()
    failed: list[str] = field(default_factory=list)


async def mover(port: int, think: tuple[float, float], seed: int, stats: Stats) -> None:
    """A player making random legal moves until ``stats.deadline`` (perf_counter seconds)."""
    from scorpion.engine import Game, deal

    rng = random.Random(seed)
    conn = Connection(port)
    game: Game | None = None

    async def new_game() -> Game:
        number = rng.randrange(1, 32000)
        status, _ = await conn.request("POST", "/api/game/new", {"deal": str(number)})
        stats.other += 1
        if status != 200:
            stats.failed.append(str(status))
        return Game(deal(number))

    try:
        await conn.request("GET", "/")
        game = await new_game()
        await stats.start()
        if think[1] > 0:  # the players' moves start spread over a think time
            await asyncio.sleep(rng.uniform(0, think[1]))
        while time.perf_counter() < stats.deadline:
            try:
                if think[1] > 0:
                    await asyncio.sleep(rng.uniform(*think))
                legal = game.legal_moves()
                if not legal or len(game.moves) >= MAX_GAME_MOVES or game.is_won:
                    game = await new_game()
                    continue
                move = rng.choice(legal)
                t0 = time.perf_counter()
                status, _ = await conn.request(
                    "POST", "/api/game/move", {"move": str(move)}
                )
                stats.timed.append(time.perf_counter() - t0)
                stats.when.append(t0)
                if status != 200:
                    stats.failed.append(str(status))
                    game = await new_game()
                else:
                    game.push(move)
            except (OSError, ValueError, asyncio.IncompleteReadError) as exc:
                stats.failed.append(type(exc).__name__)
                conn.close()
                conn = Connection(port)
                await conn.request("GET", "/")
                game = await new_game()
    finally:
        conn.close()


async def floor_client(port: int, _think: tuple[float, float], seed: int, stats: Stats) -> None:
    """A client of the floor route, back to back until ``stats.deadline``."""
    conn = Connection(port)
    await stats.start()
    try:
        while time.perf_counter() < stats.deadline:
            t0 = time.perf_counter()
            try:
                status, _ = await conn.request("POST", f"/floor/{seed}", {"add": 1})
            except (OSError, ValueError, asyncio.IncompleteReadError) as exc:
                stats.failed.append(type(exc).__name__)
                conn.close()
                conn = Connection(port)
                continue
            stats.timed.append(time.perf_counter() - t0)
            if status != 200:
                stats.failed.append(str(status))
    finally:
        conn.close()


def tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) used so far by process ``pid`` and its descendants
    (Linux ``/proc``; 0.0 elsewhere)."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    for entry in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = entry.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        child = int(entry.parent.name)
        parents[child] = int(fields[1])
        times[child] = (int(fields[11]) + int(fields[12])) / tick
    total, todo = 0.0, [pid]
    while todo:
        current = todo.pop()
        total += times.get(current, 0.0)
        todo.extend(c for c, parent in parents.items() if parent == current)
    return total


async def drive(
    client: Any, port: int, players: int, seconds: float, think: tuple[float, float],
    server_pid: int | None = None,
) -> tuple[Stats, float]:
    """Run ``players`` clients for ``seconds``, once all are set up (at most a minute);
    return their stats and the measured time. With ``server_pid``, the server's CPU time
    over the measurement goes in ``stats.server_cpu``."""
    stats = Stats()
    server_start = 0.0

    async def begin() -> float:
        limit = time.perf_counter() + 60
        while stats.ready < players and time.perf_counter() < limit:
            await asyncio.sleep(0.05)
        nonlocal server_start
        if server_pid is not None:
            server_start = tree_cpu(server_pid)
        started = time.perf_counter()
        stats.deadline = started + seconds
        stats.other = 0  # the set-up's new games do not count
        stats.go.set()
        return started

    results = await asyncio.gather(
        begin(), *(client(port, think, i, stats) for i in range(players))
    )
    elapsed = time.perf_counter() - results[0]
    if server_pid is not None:
        stats.server_cpu = tree_cpu(server_pid) - server_start
    return stats, elapsed


class Add(BaseModel):
    """The floor route's body."""

    add: int


def floor_app(url: str) -> Any:
    """The floor: one FastAPI route reading and writing one row per request."""
    from fastapi import FastAPI
    from sqlalchemy import text

    from scorpion.store import Database

    database = Database(url, upgrade=False)
    with database.session() as session:
        session.execute(
            text("CREATE TABLE IF NOT EXISTS floor (id INTEGER PRIMARY KEY, n INTEGER)")
        )
        for i in range(1000):
            session.execute(text("INSERT OR IGNORE INTO floor VALUES (:i, 0)"), {"i": i})

    app = FastAPI()

    @app.post("/floor/{key}")
    async def floor(key: int, body: Add) -> dict[str, int]:
        with database.session() as session:
            n = session.execute(text("SELECT n FROM floor WHERE id = :k"), {"k": key}).scalar_one()
            session.execute(
                text("UPDATE floor SET n = :n WHERE id = :k"), {"n": n + body.add, "k": key}
            )
        return {"n": n + body.add}

    @app.get("/api/variants")
    async def ready() -> list[str]:
        return []

    return app


def wait_until_up(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server exited with {process.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/variants", timeout=1):
                return
        except (urllib.error.URLError, OSError):
            time.sleep(0.05)
    raise SystemExit("the server did not start")


def measure(
    client: Any, port: int, players: int, seconds: float, think: tuple[float, float],
    server_pid: int | None = None,
) -> tuple[Stats, float]:
    """Load the server on ``port`` for ``seconds``; the clients' CPU time, and the
    server's (process ``server_pid`` and its children), go in the stats."""
    cpu = time.process_time()
    stats, elapsed = asyncio.run(drive(client, port, players, seconds, think, server_pid))
    stats.client_cpu = time.process_time() - cpu
    return stats, elapsed


def report(name: str, stats: Stats, elapsed: float) -> float:
    times = [t * 1000 for t in stats.timed]
    rate = len(times) / elapsed
    if not times:
        print(f"{name}: no request answered; failed {len(stats.failed)}")
        return 0.0
    print(f"{name}: {len(times)} in {elapsed:.1f} s = {rate:.0f}/s; round trip p50 "
          f"{statistics.median(times):.2f} ms, p99 {percentile(times, 0.99):.2f} ms, "
          f"max {max(times):.2f} ms; other requests {stats.other}; failed "
          f"{len(stats.failed)} {sorted(set(stats.failed))}; the clients' CPU "
          f"{stats.client_cpu / elapsed:.0%} of a core; the server's CPU "
          f"{stats.server_cpu / elapsed:.0%} of a core, "
          f"{cpu_per_request(stats):.3f} ms per request", flush=True)
    return rate


def cpu_per_request(stats: Stats) -> float:
    """Server CPU milliseconds per answered request (other requests included)."""
    return 1000 * stats.server_cpu / max(1, len(stats.timed) + stats.other)


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--serve-floor":
        import uvicorn

        uvicorn.run(floor_app(sys.argv[3]), host="127.0.0.1", port=int(sys.argv[2]),
                    log_level="warning", access_log=False)
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=50,
                        help="clients sending back to back (floor, saturated)")
    parser.add_argument("--thinkers", type=int, default=500,
                        help="players thinking between moves (thinking)")
    parser.add_argument("--seconds", type=float, default=10.0, help="per measurement")
    parser.add_argument("--rounds", type=int, default=3,
                        help="floor and saturated are measured in turn this many times")
    parser.add_argument("--think-ms", type=float, nargs=2, default=(500.0, 2000.0),
                        metavar=("MIN", "MAX"), help="think time between moves, ms")
    parser.add_argument("--thinking-seconds", type=float, default=30.0)
    parser.add_argument("--thinking-workers", type=int, default=2,
                        help="server worker processes for the thinking players")
    parser.add_argument("--only", nargs="+", choices=("saturated", "thinking"),
                        default=("saturated", "thinking"))
    args = parser.parse_args()
    think = (args.think_ms[0] / 1000, args.think_ms[1] / 1000)
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}

    print(f"before: {load()} ({os.cpu_count()} CPUs)", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        def serve(name: str, port: int, workers: int) -> subprocess.Popen[bytes]:
            return subprocess.Popen(
                [sys.executable, "-m", "scorpion", "serve", "--no-open", "--port", str(port),
                 "--database", f"sqlite:///{Path(tmp) / name}", "--workers", str(workers)],
                env=env, stdout=subprocess.DEVNULL,
            )

        if "saturated" in args.only:
            floor_port, our_port = free_port(), free_port()
            servers = [
                subprocess.Popen([sys.executable, __file__, "--serve-floor", str(floor_port),
                                  f"sqlite:///{Path(tmp) / 'floor.db'}"], env=env),
                serve("saturated.db", our_port, 1),
            ]
            try:
                wait_until_up(floor_port, servers[0])
                wait_until_up(our_port, servers[1])
                ratios, cpu_ratios, projected = [], [], []
                for round_number in range(1, args.rounds + 1):
                    print(f"round {round_number} ({load()})")
                    floor_stats = measure(floor_client, floor_port, args.players, args.seconds,
                                          (0.0, 0.0), servers[0].pid)
                    floor = report(
                        f"  floor (read+write one row, 1 worker, {args.players} clients back "
                        "to back) requests", *floor_stats,
                    )
                    our_stats = measure(mover, our_port, args.players, args.seconds,
                                        (0.0, 0.0), servers[1].pid)
                    ours = report(
                        f"  saturated (1 worker, {args.players} players back to back) moves",
                        *our_stats,
                    )
                    ratios.append(ours / floor if floor else 0.0)
                    floor_ms = cpu_per_request(floor_stats[0])
                    our_ms = cpu_per_request(our_stats[0])
                    if floor_ms and our_ms:
                        cpu_ratios.append(floor_ms / our_ms)
                        projected.append(1000 / our_ms)
                    print(f"  ratio moves/s to floor requests/s: {ratios[-1]:.2f}; "
                          f"by server CPU per request: {cpu_ratios[-1] if cpu_ratios else 0:.2f}")
                print(f"saturated: median ratio to the floor {statistics.median(ratios):.2f} "
                      "(target: >= 1000 moves/s)")
                if cpu_ratios:
                    print(f"  by server CPU: median ratio {statistics.median(cpu_ratios):.2f}; "
                          f"moves/s one core of its own would serve at that CPU per move: "
                          f"{statistics.median(projected):.0f}")
            finally:
                for server in servers:
                    server.terminate()
                    server.wait(30)
        if "thinking" in args.only:
            port = free_port()
            server = serve("thinking.db", port, args.thinking_workers)
            try:
                wait_until_up(port, server)
                report(f"thinking ({args.thinking_workers} workers, {args.thinkers} players, think "
                       f"{args.think_ms[0]:.0f}-{args.think_ms[1]:.0f} ms) moves",
                       *measure(mover, port, args.thinkers, args.thinking_seconds, think,
                                server.pid))
                print("  targets: p50 <= 5 ms, p99 <= 25 ms, 0 failed")
            finally:
                server.terminate()
                server.wait(30)
    print(f"after: {load()}")


if __name__ == "__main__":
    main()
