"""What the safe move of the games with free cells saves: the search of deals with and
without it.

In How They Run and Scorpion Head a card onto its successor is searched alone when that
successor tops a column holding exactly the King of its suit down to it, all face up,
more cards than there are cells (:mod:`scorpion.solver.search`, reduction 2). Their
search asks its proof of loss at the start only, so on a deal that proof does not decide
at once the search without reductions (``proofs=False``, the baseline) differs from the
search with them by the safe move alone.

This searches the deals given (``--deals``) or FIRST..LAST of the game on the core,
without probes, each within ``--nodes`` positions, without the reductions and with them,
and prints the positions and seconds of each deal that one of them proves lost, with
totals over the deals both prove lost and both win. Where both decide, their verdicts
must agree (the script stops with an error otherwise).

Run: ``python benchmarks/cell_safe.py [--variant how-they-run] [--first 1] [--last 100]
[--deals 327,559] [--nodes 5000000]``.
"""

from __future__ import annotations

import argparse
import time

from scorpion.engine import VARIANTS, deal
from scorpion.solver import core


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="how-they-run",
                        choices=["how-they-run", "scorpion-head"])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=100)
    parser.add_argument("--deals", default="", help="comma-separated deal numbers "
                        "(instead of FIRST..LAST)")
    parser.add_argument("--nodes", type=int, default=5_000_000)
    args = parser.parse_args()
    variant = VARIANTS[args.variant]
    numbers = ([int(n) for n in args.deals.split(",")] if args.deals
               else list(range(args.first, args.last + 1)))
    print(f"compiled core: {core.COMPILED}")
    totals = {"lost": [0, 0, 0.0, 0.0], "won": [0, 0, 0.0, 0.0]}
    counts = {"lost": 0, "won": 0}
    for number in numbers:
        start = deal(number, variant)
        results = []
        seconds = []
        for proofs in (False, True):
            started = time.perf_counter()
            results.append(core.search(start, args.nodes, None, proofs=proofs))
            seconds.append(time.perf_counter() - started)
        outcomes = {r[0] for r in results} - {"out"}
        if len(outcomes) > 1:
            raise SystemExit(f"deal {number}: without the safe move {results[0][0]}, "
                             f"with it {results[1][0]}")
        if results[1][2] == 1:
            continue  # proved lost at the start: the safe move plays no part
        both = results[0][0] if results[0][0] == results[1][0] else None
        if both in totals:
            counts[both] += 1
            for k in (0, 1):
                totals[both][k] += results[k][2]
                totals[both][2 + k] += seconds[k]
        if "lost" in (results[0][0], results[1][0]):
            print(f"deal {number}: {results[0][0]} in {results[0][2]:,} positions without "
                  f"the safe move ({seconds[0]:.2f} s), {results[1][0]} in "
                  f"{results[1][2]:,} with it ({seconds[1]:.2f} s)", flush=True)
    for kind in ("lost", "won"):
        n0, n1, s0, s1 = totals[kind]
        print(f"{variant.name}, {len(numbers)} deals, {args.nodes:,} positions each, no "
              f"probes: {counts[kind]} {kind} by both (not at their start); their search: "
              f"{n0:,} positions and {s0:.1f} s without the safe move, {n1:,} and "
              f"{s1:.1f} s with it ({n1 / max(n0, 1):.3f} of the positions, "
              f"{s1 / max(s0, 1e-9):.3f} of the time)")


if __name__ == "__main__":
    main()
