"""Server benchmark: 50 simulated players making moves concurrently against ``scorpion serve``.

Starts ``scorpion serve`` on a free 127.0.0.1 port with a fresh SQLite file, then runs
PLAYERS simulated players for SECONDS. Each player loads the page (gets its cookie),
starts a random deal, and repeats: ask for hints, wait a think time, play the first hint
(a new game when none is left or the game is won). The think time (default 0.5-2 s,
a fast human) can be set to 0 to measure a saturated server. It prints the move round-trip latency
(p50, p99, max), the hint latency, the number of requests and of failed requests
(anything but a 2xx, or a transport error).

Targets (issue): p50 <= 5 ms, p99 <= 25 ms, no failures.

Run: ``python benchmarks/serve.py [--players 50] [--seconds 30] [--think-ms 100 500]``.
Traffic goes to 127.0.0.1 only; every loop is bounded in time.
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
from pathlib import Path


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


async def player(
    port: int, deadline: float, think: tuple[float, float], seed: int, stats: dict[str, list]
) -> None:
    rng = random.Random(seed)
    conn = Connection(port)
    try:
        await conn.request("GET", "/")
        await conn.request("POST", "/api/game/new", {})
        while time.perf_counter() < deadline:
            try:
                t0 = time.perf_counter()
                status, body = await conn.request("GET", "/api/game/hints")
                stats["hint"].append(time.perf_counter() - t0)
                if status != 200:
                    stats["failed"].append(status)
                    continue
                moves = json.loads(body)["moves"]
                await asyncio.sleep(rng.uniform(*think))
                if not moves:
                    status, _ = await conn.request("POST", "/api/game/new", {})
                    stats["other"].append(status)
                    if status != 200:
                        stats["failed"].append(status)
                    continue
                t0 = time.perf_counter()
                status, body = await conn.request("POST", "/api/game/move", {"move": moves[0]})
                stats["move"].append(time.perf_counter() - t0)
                if status != 200:
                    stats["failed"].append(status)
                elif json.loads(body)["won"]:
                    await conn.request("POST", "/api/game/new", {})
            except (OSError, ValueError, asyncio.IncompleteReadError) as exc:
                stats["failed"].append(type(exc).__name__)
                conn.close()
                conn = Connection(port)
                await conn.request("GET", "/")
    finally:
        conn.close()


async def run(port: int, players: int, seconds: float, think: tuple[float, float]) -> dict:
    stats: dict[str, list] = {"move": [], "hint": [], "other": [], "failed": []}
    deadline = time.perf_counter() + seconds
    await asyncio.gather(*(player(port, deadline, think, i, stats) for i in range(players)))
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think-ms", type=float, nargs=2, default=(500.0, 2000.0),
                        metavar=("MIN", "MAX"), help="think time between moves, ms")
    args = parser.parse_args()

    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'bench.db'}"
        server = subprocess.Popen(
            [sys.executable, "-m", "scorpion", "serve", "--no-open", "--port", str(port),
             "--database", url],
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(200):
                try:
                    with urllib.request.urlopen(base + "/api/variants", timeout=1):
                        break
                except (urllib.error.URLError, OSError):
                    time.sleep(0.05)
            else:
                raise SystemExit("the server did not start")
            think = (args.think_ms[0] / 1000, args.think_ms[1] / 1000)
            stats = asyncio.run(run(port, args.players, args.seconds, think))
        finally:
            server.terminate()
            server.wait(10)

    moves = [t * 1000 for t in stats["move"]]
    hints = [t * 1000 for t in stats["hint"]]
    total = len(moves) + len(hints) + len(stats["other"])
    print(f"players: {args.players}, seconds: {args.seconds:.0f}, "
          f"think time: {args.think_ms[0]:.0f}-{args.think_ms[1]:.0f} ms")
    print(f"moves: {len(moves)} ({len(moves) / args.seconds:.0f}/s), requests: {total}")
    print(f"move round trip: p50 {statistics.median(moves):.2f} ms, "
          f"p99 {percentile(moves, 0.99):.2f} ms, max {max(moves):.2f} ms "
          f"(targets: p50 <= 5 ms, p99 <= 25 ms)")
    print(f"hints round trip: p50 {statistics.median(hints):.2f} ms, "
          f"p99 {percentile(hints, 0.99):.2f} ms")
    print(f"failed requests: {len(stats['failed'])} {sorted(set(map(str, stats['failed'])))}")


if __name__ == "__main__":
    main()
