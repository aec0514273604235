"""Surveys on a real Dask cluster on 127.0.0.1 (B3): the same rows as the local pool, a
worker killed mid-run loses nothing, a killed survey resumes.

The cluster is a `dask scheduler` and two `dask worker` processes started with the
commands the README gives (one thread each, no nanny, so that a killed worker stays dead);
the surveys run as `scorpion survey ... --scheduler ADDRESS` in processes of their own.
"""

from __future__ import annotations

import csv
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("distributed")

RANGE = "1..1500"  # about 6 s of solving on one core: long enough to kill something midway
DEALS = 1500
STEADY = ("deal", "verdict", "nodes", "budget", "line")  # every column but the seconds
PLAY_STEADY = ("deal", "player", "full", "outcome", "moves", "solves", "nodes", "line")


def dask_command() -> str:
    found = Path(sys.executable).parent / "dask"
    if found.exists():
        return str(found)
    which = shutil.which("dask")
    assert which is not None, "the dask command line (pip install '.[distributed]')"
    return which


class Cluster:
    """A scheduler and its workers, each a process of this test."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.file = folder / "scheduler.json"
        with (folder / "scheduler.log").open("w") as log:
            self.scheduler = subprocess.Popen(
                [dask_command(), "scheduler", "--host", "127.0.0.1", "--port", "0",
                 "--dashboard-address", ":0", "--scheduler-file", str(self.file)],
                stdout=subprocess.DEVNULL, stderr=log,
            )
        deadline = time.monotonic() + 60
        while not self.file.exists() or not self.file.read_text():
            assert self.scheduler.poll() is None, (folder / "scheduler.log").read_text()
            assert time.monotonic() < deadline, "the scheduler did not start within 60 s"
            time.sleep(0.1)
        self.address: str = json.loads(self.file.read_text())["address"]
        self.workers: list[subprocess.Popen[bytes]] = []

    def start_worker(self) -> subprocess.Popen[bytes]:
        n = len(self.workers)
        with (self.folder / f"worker-{n}.log").open("w") as log:
            worker = subprocess.Popen(
                [dask_command(), "worker", self.address, "--nthreads", "1", "--no-nanny",
                 "--host", "127.0.0.1", "--no-dashboard",
                 "--local-directory", str(self.folder / f"worker-{n}")],
                stdout=subprocess.DEVNULL, stderr=log,
            )
        self.workers.append(worker)
        return worker

    def client(self) -> Any:
        from distributed import Client

        return Client(self.address, timeout=30)

    def wait_for_workers(self, count: int) -> None:
        with self.client() as client:
            client.wait_for_workers(count, timeout=60)

    def stop(self) -> None:
        """End the processes: SIGTERM, then SIGKILL after 3 s (a worker whose scheduler
        is gone would otherwise try to reconnect for half a minute)."""
        for p in [*self.workers, self.scheduler]:
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 3
        for p in [*self.workers, self.scheduler]:
            try:
                p.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    c = Cluster(tmp_path_factory.mktemp("dask"))
    try:
        c.start_worker()
        c.start_worker()
        c.wait_for_workers(2)
        yield c
    finally:
        c.stop()


def survey(*args: str, cwd: Path) -> subprocess.Popen[str]:
    """`scorpion survey ARGS` in a process of its own."""
    return subprocess.Popen(
        [sys.executable, "-m", "scorpion", "survey", *args], cwd=cwd, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )


def finish(p: subprocess.Popen[str], timeout: float = 300) -> str:
    out, err = p.communicate(timeout=timeout)
    assert p.returncode == 0, err
    return out


def rows(path: Path, columns: tuple[str, ...] = STEADY) -> list[tuple[str, ...]]:
    with path.open(newline="", encoding="utf-8") as f:
        return [tuple(r[c] for c in columns) for r in csv.DictReader(f)]


def wait_for_rows(path: Path, count: int, p: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 120
    while not path.exists() or path.read_text(encoding="utf-8").count("\n") < count + 1:
        assert p.poll() is None, "the survey ended before it could be interrupted"
        assert time.monotonic() < deadline
        time.sleep(0.05)


@pytest.fixture(scope="module")
def local_rows(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, ...]]:
    """The survey of RANGE through the local process pool."""
    folder = tmp_path_factory.mktemp("local")
    finish(survey(RANGE, "--workers", "2", "--out", "local.csv", cwd=folder))
    made = rows(folder / "local.csv")
    assert [int(r[0]) for r in made] == list(range(1, DEALS + 1))
    assert {r[1] for r in made} == {"winnable", "not winnable"}
    return made


def test_b3_cluster_survey_equals_the_local_pool_row_for_row(
    cluster: Cluster, local_rows: list[tuple[str, ...]], tmp_path: Path
) -> None:
    out = finish(survey(RANGE, "--scheduler", cluster.address, "--out", "d.csv", cwd=tmp_path))
    assert f"{DEALS} deals: " in out
    assert rows(tmp_path / "d.csv") == local_rows  # verdicts, nodes, budgets and lines


def test_b3_cluster_player_survey_equals_the_local_pool(
    cluster: Cluster, tmp_path: Path
) -> None:
    args = ("1..120", "--player", "heuristic")
    finish(survey(*args, "--workers", "2", "--out", "local.csv", cwd=tmp_path))
    finish(survey(*args, "--scheduler", cluster.address, "--out", "d.csv", cwd=tmp_path))
    local = rows(tmp_path / "local.csv", PLAY_STEADY)
    assert len(local) == 120 and any(r[3] == "won" for r in local)
    assert rows(tmp_path / "d.csv", PLAY_STEADY) == local


def test_b3_a_worker_killed_mid_run_loses_nothing(
    cluster: Cluster, local_rows: list[tuple[str, ...]], tmp_path: Path
) -> None:
    p = survey(RANGE, "--scheduler", cluster.address, "--out", "d.csv", cwd=tmp_path)
    wait_for_rows(tmp_path / "d.csv", 20, p)
    with cluster.client() as client:
        pids: dict[str, int] = client.run(os.getpid)
        busy = [address for address, tasks in client.processing().items() if tasks]
    assert busy, "no worker was running a chunk"
    victim = pids[busy[0]]
    assert p.poll() is None
    os.kill(victim, signal.SIGKILL)
    finish(p)
    assert rows(tmp_path / "d.csv") == local_rows  # complete, each deal once, the same rows
    killed = [w for w in cluster.workers if w.pid == victim]
    assert killed and killed[0].wait(timeout=10) == -signal.SIGKILL
    cluster.start_worker()  # back to two workers for the other tests
    cluster.wait_for_workers(2)


def test_b3_a_killed_survey_resumes_without_losing_or_repeating_a_deal(
    cluster: Cluster, local_rows: list[tuple[str, ...]], tmp_path: Path
) -> None:
    path = tmp_path / "d.csv"
    p = survey(RANGE, "--scheduler", cluster.address, "--out", "d.csv", cwd=tmp_path)
    wait_for_rows(path, 20, p)
    p.send_signal(signal.SIGKILL)
    p.communicate()
    kept = rows(path)
    assert 20 <= len(kept) < DEALS
    assert len({r[0] for r in kept}) == len(kept)  # no deal twice
    assert set(kept) <= set(local_rows)
    with path.open("a", encoding="utf-8", newline="") as f:
        f.write(",".join(local_rows[-1])[:-5])  # and a row cut off as it was written
    out = finish(survey(RANGE, "--scheduler", cluster.address, "--out", "d.csv", cwd=tmp_path))
    assert f"{DEALS} deals: " in out
    assert rows(path) == local_rows
    assert path.read_text(encoding="utf-8").count("\n") == DEALS + 1


def test_b3_a_scheduler_address_that_is_not_one_is_a_clear_error(tmp_path: Path) -> None:
    p = survey("1..3", "--scheduler", "nonsense", "--out", "d.csv", cwd=tmp_path)
    _, err = p.communicate(timeout=120)
    assert p.returncode == 2
    assert "error: no Dask scheduler answers at nonsense" in err
    assert not (tmp_path / "d.csv").exists()


def test_b3_a_killed_scheduler_stops_the_survey_and_it_resumes_elsewhere(
    cluster: Cluster, local_rows: list[tuple[str, ...]], tmp_path: Path
) -> None:
    own = Cluster(tmp_path)
    try:
        own.start_worker()
        own.wait_for_workers(1)
        path = tmp_path / "d.csv"
        p = survey(RANGE, "--scheduler", own.address, "--out", "d.csv", cwd=tmp_path)
        wait_for_rows(path, 10, p)
        own.scheduler.send_signal(signal.SIGKILL)
        _, err = p.communicate(timeout=120)
    finally:
        own.stop()
    assert p.returncode == 2
    assert f"error: the survey on the Dask cluster at {own.address} stopped" in err
    assert "run the same command again to resume" in err
    kept = rows(path)
    assert 10 <= len(kept) < DEALS and set(kept) <= set(local_rows)
    assert len({r[0] for r in kept}) == len(kept)
    finish(survey(RANGE, "--scheduler", cluster.address, "--out", "d.csv", cwd=tmp_path))
    assert rows(path) == local_rows


def test_b3_an_error_raised_inside_dask_is_the_cluster_stopping() -> None:
    """B3: a lost scheduler may surface as a plain OSError ("Timed out trying to connect")
    raised inside Dask's client as it fails to reconnect; it is told as the cluster
    stopping (with how to resume), while an OSError of the survey's own file is not."""
    from scorpion.cli import _from_dask

    def raised(code: str, module: str) -> BaseException:
        space: dict[str, Any] = {"__name__": module}
        exec(compile(f"def fail():\n    {code}\n", f"<{module}>", "exec"), space)
        try:
            space["fail"]()
        except BaseException as exc:
            return exc
        raise AssertionError("nothing raised")

    assert _from_dask(raised("raise OSError('Timed out trying to connect')",
                             "distributed.comm.core"))
    assert _from_dask(raised("raise OSError('closed')", "tornado.iostream"))
    assert not _from_dask(raised("raise OSError('No space left on device')",
                                 "scorpion.solver.survey"))
    assert not _from_dask(OSError("never raised"))


def test_b3_a_server_that_takes_the_connection_and_says_nothing_is_no_scheduler() -> None:
    """B3: Dask's timeout covers the connection, not the handshake after it: a server
    that accepts and never answers held the survey for ever. It is now no scheduler,
    after the timeout and five seconds more."""
    import socket
    import threading

    from scorpion.solver.cluster import ClusterError, dask_pool

    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(4)
    taken: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                taken.append(silent.accept()[0])
            except OSError:
                return

    threading.Thread(target=accept, daemon=True).start()
    address = f"tcp://127.0.0.1:{silent.getsockname()[1]}"
    started = time.monotonic()
    try:
        with (
            pytest.raises(ClusterError, match="took the connection but said nothing in 6 s"),
            dask_pool(address, timeout=1.0),
        ):
            pass
    finally:
        silent.close()
        for conn in taken:
            conn.close()
    assert time.monotonic() - started < 60
