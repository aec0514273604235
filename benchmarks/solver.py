"""Solver benchmark: deals FIRST..LAST of Scorpion with a time budget per deal, on one core.

Runs :func:`scorpion.solver.solve` on every deal, then the plain depth-first search of
``baseline_dfs.py`` (no canonical keys, no safe moves, no deadlock proofs) with the same
budget, and prints for each: decided share, winnable share, median and maximum seconds per
deal, nodes per second; then the time ratio over the deals both decide, and whether their
verdicts agree there.

Targets (issue): 100% of deals 1..1000 decided with 10 s each, median <= 20 ms, at least
30x less time than the baseline over the deals both decide.

Run: ``python benchmarks/solver.py [--first 1] [--last 1000] [--budget 10]
[--baseline-budget 10] [--no-baseline]``. The baseline part takes long (most of its deals
run to the budget); ``--baseline-last`` limits it to a prefix of the range.
"""

from __future__ import annotations

import argparse
import statistics
import time

from baseline_dfs import plain_dfs
from scorpion.engine import deal
from scorpion.solver import COMPILED, SolveResult, Verdict, solve


def report(name: str, results: dict[int, SolveResult]) -> None:
    rs = list(results.values())
    n = len(rs)
    decided = sum(r.decided for r in rs)
    won = sum(r.verdict is Verdict.WINNABLE for r in rs)
    secs = [r.seconds for r in rs]
    total = sum(secs)
    nodes = sum(r.nodes for r in rs)
    print(f"{name}: {n} deals, decided {decided} ({decided / n:.1%}), "
          f"winnable {won} ({won / n:.1%}), undecided {n - decided}")
    print(f"  seconds per deal: median {statistics.median(secs) * 1000:.2f} ms, "
          f"max {max(secs):.3f} s, total {total:.1f} s; {nodes / total:,.0f} nodes/s")
    undecided = [d for d, r in results.items() if not r.decided]
    if undecided:
        print(f"  undecided: {' '.join(map(str, undecided))}")
    slowest = sorted(results, key=lambda d: -results[d].seconds)[:5]
    print("  slowest: " + ", ".join(
        f"{d} ({results[d].seconds:.2f} s, {results[d].nodes:,} nodes)" for d in slowest))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=1000)
    parser.add_argument("--budget", type=float, default=10.0, help="seconds per deal")
    parser.add_argument("--baseline-budget", type=float, default=10.0)
    parser.add_argument("--baseline-last", type=int, default=None)
    parser.add_argument("--no-baseline", action="store_true")
    args = parser.parse_args()

    print("solver core: " + ("compiled with mypyc" if COMPILED else "plain Python"))
    started = time.perf_counter()
    ours = {n: solve(deal(n), max_seconds=args.budget)
            for n in range(args.first, args.last + 1)}
    report(f"solver (budget {args.budget:g} s)", ours)
    print(f"  wall time {time.perf_counter() - started:.1f} s")
    if args.no_baseline:
        return

    last = args.baseline_last or args.last
    base = {n: plain_dfs(deal(n), max_seconds=args.baseline_budget)
            for n in range(args.first, last + 1)}
    report(f"baseline plain DFS (budget {args.baseline_budget:g} s)", base)
    both = [n for n in base if base[n].decided and ours[n].decided]
    t_ours = sum(ours[n].seconds for n in both)
    t_base = sum(base[n].seconds for n in both)
    disagree = [n for n in both if ours[n].verdict is not base[n].verdict]
    print(f"deals both decide: {len(both)}; time {t_ours:.2f} s vs {t_base:.2f} s: "
          f"{t_base / max(t_ours, 1e-9):.0f}x less time; verdicts differ on {len(disagree)}"
          + (f": {disagree}" if disagree else ""))
    only_ours = sum(1 for n in base if ours[n].decided and not base[n].decided)
    print(f"deals only the solver decides: {only_ours}")


if __name__ == "__main__":
    main()
