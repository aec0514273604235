"""What Wasp's proof of loss saves: the search of deals with and without it.

Until a column is first emptied, Wasp is played as Scorpion, so a board none of whose
columns can ever be emptied (by Scorpion's clauses) is lost
(:func:`scorpion.solver.proof.cannot_empty`; :mod:`scorpion.solver.search`, reduction 3).
The compiled core asks it at the start and at the positions reached with no column empty
on the way.

This searches deals FIRST..LAST of Wasp or Wasp II on the core, without probes, each
within ``--nodes`` positions: without the proof (``proofs=False``, the baseline, which in
these games is the whole difference) and with it, and prints the positions and seconds of
each, with totals over the deals both prove lost and over all deals. Where both decide,
their verdicts must agree (the script stops with an error otherwise).

Run: ``python benchmarks/wasp_proof.py [--variant wasp] [--first 1] [--last 300]
[--nodes 20000000]``.
"""

from __future__ import annotations

import argparse
import time

from scorpion.engine import VARIANTS, deal
from scorpion.solver import core


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="wasp", choices=["wasp", "wasp-ii"])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=300)
    parser.add_argument("--nodes", type=int, default=20_000_000)
    args = parser.parse_args()
    variant = VARIANTS[args.variant]
    print(f"compiled core: {core.COMPILED}")
    lost_nodes = [0, 0]
    lost_seconds = [0.0, 0.0]
    all_seconds = [0.0, 0.0]
    lost = at_start = 0
    for number in range(args.first, args.last + 1):
        start = deal(number, variant)
        results = []
        seconds = []
        for k, proofs in enumerate((False, True)):
            started = time.perf_counter()
            results.append(core.search(start, args.nodes, None, proofs=proofs))
            seconds.append(time.perf_counter() - started)
            all_seconds[k] += seconds[-1]
        outcomes = {r[0] for r in results} - {"out"}
        if len(outcomes) > 1:
            raise SystemExit(f"deal {number}: without the proof {results[0][0]}, "
                             f"with it {results[1][0]}")
        if results[0][0] == results[1][0] == "lost":
            lost += 1
            at_start += results[1][2] == 1
            for k in (0, 1):
                lost_nodes[k] += results[k][2]
                lost_seconds[k] += seconds[k]
            print(f"deal {number}: lost, {results[0][2]:,} positions without the proof "
                  f"({seconds[0]:.2f} s), {results[1][2]:,} with it ({seconds[1]:.2f} s)")
    print(f"{variant.name} {args.first}..{args.last}, {args.nodes:,} positions each, no "
          f"probes: {lost} deals proved lost by both, {at_start} of them at their start "
          f"with the proof; their search: {lost_nodes[0]:,} positions and "
          f"{lost_seconds[0]:.1f} s without the proof, {lost_nodes[1]:,} and "
          f"{lost_seconds[1]:.1f} s with it ({lost_seconds[0] / max(lost_seconds[1], 1e-9):.1f}"
          f" times faster); every deal: {all_seconds[0]:.1f} s without, "
          f"{all_seconds[1]:.1f} s with ({all_seconds[0] / max(all_seconds[1], 1e-9):.2f} "
          f"times faster)")


if __name__ == "__main__":
    main()
