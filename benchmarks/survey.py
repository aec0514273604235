"""Survey benchmark: deals per second through the local process pool and through a local
two-worker Dask cluster, on the same cores, in the same run.

Surveys deals FIRST..LAST of Scorpion twice into fresh CSV files, with the default node
budget: first through ``run_survey``'s own process pool (``--workers`` processes), then through
a ``distributed.LocalCluster`` of as many worker processes, one thread each (started before
the clock starts; the survey connects to it by its address, as ``--scheduler`` does). Prints
each one's deals per second, the ratio Dask / pool (target: at least 0.9) and whether the two
files hold the same rows (every column but the seconds). The load average is printed before
and after: on a shared machine, the figures are only as steady as it is.

Run: ``python benchmarks/survey.py [--first 1] [--last 5000] [--workers 2]``
(needs ``pip install '.[distributed]'``).
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from scorpion.solver import COMPILED
from scorpion.solver.cluster import dask_pool
from scorpion.solver.survey import Budget, DealResult, Summary, run_survey


def steady(results: dict[int, DealResult]) -> list[tuple[object, ...]]:
    return [(r.deal, r.verdict, r.nodes, r.budget, r.line) for _, r in sorted(results.items())]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    from distributed import LocalCluster

    count = args.last - args.first + 1
    print("solver core: " + ("compiled with mypyc" if COMPILED else "plain Python"))
    print(f"deals {args.first}..{args.last}, {args.workers} workers, budget {Budget()} per deal")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        pool = run_survey(args.first, args.last, "scorpion", Budget(), Path(folder) / "pool.csv",
                          workers=args.workers)
        pool_seconds = time.perf_counter() - started
        print(f"local pool: {pool_seconds:.1f} s, {count / pool_seconds:.1f} deals/s; "
              f"{Summary.of(pool.values())}", flush=True)

        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                               dashboard_address=None, host="127.0.0.1")
        with cluster, dask_pool(cluster.scheduler_address) as (executor, in_flight):
            started = time.perf_counter()
            dask = run_survey(args.first, args.last, "scorpion", Budget(),
                              Path(folder) / "dask.csv", executor=executor, in_flight=in_flight)
            dask_seconds = time.perf_counter() - started
        print(f"Dask cluster: {dask_seconds:.1f} s, {count / dask_seconds:.1f} deals/s")
    print(f"ratio Dask / pool (deals per second): {pool_seconds / dask_seconds:.2f} "
          "(target: at least 0.9)")
    print(f"same rows: {steady(pool) == steady(dask)}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
