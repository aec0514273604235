"""Solver benchmark: deals FIRST..LAST of one game with a time budget per deal, on one core.

Runs :func:`scorpion.solver.solve` on every deal of the game (``--variant``, default
Scorpion), then the plain depth-first search of ``baseline_dfs.py`` (no canonical keys, no
safe moves, no deadlock proofs) with the same budget, and prints for each: decided share,
winnable share, median and maximum seconds per deal, nodes per second, median and maximum
length of the winning lines (moves; the solver's are shortened and replayed on the engine);
then the time ratio over the deals both decide, and whether their verdicts agree there. The
load average of the machine is printed before and after (the seconds are this machine's,
at that load; the nodes and lines are anyone's).

Targets (issue): 100% of deals 1..1000 decided with 10 s each, median <= 20 ms, at least
30x less time than the baseline over the deals both decide.

Run: ``python benchmarks/solver.py [--variant scorpion] [--first 1] [--last 1000]
[--budget 10] [--baseline-budget 10] [--no-baseline]``; ``--last`` runs fewer deals. The
baseline part takes long (most of its deals run to the budget); ``--baseline-last`` limits
it to a prefix of the range.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from baseline_dfs import plain_dfs
from scorpion.engine import VARIANTS, deal
from scorpion.solver import COMPILED, SolveResult, Verdict, solve
from scorpion.solver.search import core_plays


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
    lines = [len(r.line) for r in rs if r.verdict is Verdict.WINNABLE]
    if lines:
        print(f"  winning lines: median {statistics.median(lines):g} moves, max {max(lines)}")
    undecided = [d for d, r in results.items() if not r.decided]
    if undecided:
        print(f"  undecided: {' '.join(map(str, undecided))}")
    slowest = sorted(results, key=lambda d: -results[d].seconds)[:5]
    print("  slowest: " + ", ".join(
        f"{d} ({results[d].seconds:.2f} s, {results[d].nodes:,} nodes)" for d in slowest))


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="scorpion", choices=list(VARIANTS))
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=1000)
    parser.add_argument("--budget", type=float, default=10.0, help="seconds per deal")
    parser.add_argument("--baseline-budget", type=float, default=10.0)
    parser.add_argument("--baseline-last", type=int, default=None)
    parser.add_argument("--no-baseline", action="store_true")
    args = parser.parse_args()

    variant = VARIANTS[args.variant]
    print(f"{variant.name} ({variant.id}), deals {args.first}..{args.last}; solver: "
          + ("compiled core" if core_plays(variant) and COMPILED else
             "plain Python core" if core_plays(variant) else "search on engine positions")
          + f"; load average {_load()}")
    started = time.perf_counter()
    ours = {n: solve(deal(n, variant), max_seconds=args.budget)
            for n in range(args.first, args.last + 1)}
    report(f"solver (budget {args.budget:g} s)", ours)
    print(f"  wall time {time.perf_counter() - started:.1f} s; load average {_load()}")
    if args.no_baseline:
        return

    last = args.baseline_last or args.last
    base = {n: plain_dfs(deal(n, variant), max_seconds=args.baseline_budget)
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
