"""Surveys on a Dask cluster (the optional extra ``[distributed]``: dask and distributed).

:func:`dask_pool` connects to a running Dask scheduler and gives a
``concurrent.futures.Executor`` that runs the survey's chunks of deals on the cluster's
workers, and the number of chunks to keep in flight (twice the cluster's worker threads,
asked again as the survey goes, so workers that join later get work too). A worker that
dies, even by ``kill -9``, loses only the chunks it was running: the scheduler gives them to
another worker (up to Dask's ``distributed.scheduler.allowed-failures`` times per chunk).

Every worker needs this package installed, the same version as the client's.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any


def _connect(make_client: Any, address: str, timeout: float) -> Any:
    """``make_client(address, timeout=timeout)``, given ``timeout`` seconds and five more
    in all: Dask's own timeout covers the connection, not the handshake after it, so a
    server that takes the connection and says nothing would hold the survey for ever. The
    connection is made in a daemon thread, which a hung handshake leaves behind.

    Raises:
        ClusterError: no scheduler answered in time, or the connection failed.
    """
    outcome: dict[str, Any] = {}

    def connect() -> None:
        try:
            outcome["client"] = make_client(address, timeout=timeout)
        except Exception as exc:  # told in the caller's thread (or lost with a hung one)
            outcome["error"] = exc

    thread = threading.Thread(target=connect, name="dask-connect", daemon=True)
    thread.start()
    thread.join(timeout + 5)
    if thread.is_alive():
        raise ClusterError(
            f"no Dask scheduler answers at {address}: something took the connection but "
            f"said nothing in {timeout + 5:.0f} s"
        )
    error = outcome.get("error")
    if isinstance(error, (OSError, TimeoutError, ValueError)):
        raise ClusterError(f"no Dask scheduler answers at {address}: {error}")
    if error is not None:
        raise error
    return outcome["client"]


class ClusterError(Exception):
    """The Dask cluster cannot be used: the extra is not installed, or no scheduler answers."""


@contextmanager
def dask_pool(address: str, timeout: float = 30.0) -> Iterator[tuple[Executor, Callable[[], int]]]:
    """Connect to the Dask scheduler at ``address`` (``tcp://HOST:8786``) for a survey.

    Args:
        address: the scheduler's address.
        timeout: seconds to wait for the scheduler to answer.

    Yields:
        An executor that runs tasks on the cluster (not pure: each submission runs), and a
        function giving the most chunks to keep in flight (twice the worker threads, at
        least 2).

    Raises:
        ClusterError: without dask and distributed installed, or when no scheduler answers
            at ``address`` within ``timeout``.
    """
    try:
        import distributed
    except ImportError:
        raise ClusterError(
            "surveys on a cluster need dask and distributed: "
            "pip install 'scorpion-solitaire[distributed]'"
        ) from None
    client = _connect(distributed.Client, address, timeout)

    def in_flight() -> int:
        threads: int = sum(client.nthreads().values())
        return max(2, 2 * threads)

    try:
        executor: Executor = client.get_executor(pure=False)
        yield executor, in_flight
    finally:
        client.close()
