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

from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any


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
    try:
        make_client: Any = distributed.Client
        client: Any = make_client(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterError(f"no Dask scheduler answers at {address}: {exc}") from None

    def in_flight() -> int:
        threads: int = sum(client.nthreads().values())
        return max(2, 2 * threads)

    try:
        executor: Executor = client.get_executor(pure=False)
        yield executor, in_flight
    finally:
        client.close()
