"""Test helper: run ``scorpion serve`` as a real subprocess on a free 127.0.0.1 port."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

START_TIMEOUT = 30.0
"""Seconds a server may take to answer after it is started."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def answers(url: str) -> bool:
    """True if ``url`` answers 200 within a second."""
    try:
        with urllib.request.urlopen(url, timeout=1) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError):
        return False


class ServerProcess:
    """``scorpion serve --database <url>`` in a subprocess, its output in ``log``.

    Args:
        database: the SQLAlchemy URL.
        log: file receiving the server's output (for failure messages).
        workers: ``--workers``.
        port: the port to listen on (a free one if None; give the same one to restart).
        options: more options of ``scorpion serve`` (``--secure-cookies``, ...).
    """

    def __init__(
        self,
        database: str,
        log: Path,
        workers: int = 1,
        port: int | None = None,
        options: tuple[str, ...] = (),
    ) -> None:
        self.database = database
        self.options = options
        self.log = log
        self.workers = workers
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> ServerProcess:
        """Start the server and wait until it answers.

        Raises:
            RuntimeError: if it exits or does not answer within :data:`START_TIMEOUT`.
        """
        command = [
            sys.executable, "-m", "scorpion", "serve",
            "--host", "127.0.0.1", "--port", str(self.port),
            "--database", self.database, "--no-open", "--workers", str(self.workers),
            *self.options,
        ]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True
            )
        deadline = time.monotonic() + START_TIMEOUT
        while not answers(f"{self.url}/api/variants"):
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"scorpion serve exited with {self.process.returncode}:\n{self.output()}"
                )
            if time.monotonic() > deadline:
                self.kill()
                raise RuntimeError(
                    f"scorpion serve did not answer in {START_TIMEOUT:.0f} s:\n{self.output()}"
                )
            time.sleep(0.1)
        return self

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def kill(self) -> None:
        """SIGKILL the server and every process it started (its workers): no clean-up."""
        if self.process is not None and self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):  # it may have just ended
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        """Stop the server politely (SIGTERM), or kill it after 10 s."""
        if self.process is None or self.process.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.kill()

    def kill_main(self) -> None:
        """SIGKILL the main process only, as a crash or the OOM killer would: its workers
        get no signal from anyone."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def descendants(self) -> list[int]:
        """The process ids of every process the server started, recursively (workers,
        their solver processes, multiprocessing's helpers)."""
        assert self.process is not None
        return _descendants(self.process.pid)

    def worker_pids(self) -> list[int]:
        """The process ids of the server's worker processes (uvicorn spawns them with
        multiprocessing; its resource tracker is not a worker)."""
        assert self.process is not None
        path = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        found = []
        for pid in path.read_text().split():
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
            if b"spawn_main" in command:
                found.append(int(pid))
        return found


def _descendants(pid: int) -> list[int]:
    found: list[int] = []
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            with contextlib.suppress(OSError):
                for child in (task / "children").read_text().split():
                    found.append(int(child))
                    found.extend(_descendants(int(child)))
    return found


def running(pid: int) -> bool:
    """True if process ``pid`` exists and is not a zombie (Linux /proc)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


T = TypeVar("T")


def run_coroutine(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` to its end with an event loop of its own, in a thread of its own
    (the browser tests' event loop may still be running in this thread)."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()
