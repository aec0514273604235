"""The search core of this install against another one (an earlier commit, say), in one run.

A change to :mod:`scorpion.solver.core` that only makes the search faster must leave every
search exactly as it was: the same verdicts after the same numbers of positions. This runs
the core's search (no probes) on the deals given, within ``--nodes`` positions each, once
under this Python and once under ``--baseline`` (the ``python`` of another environment with
scorpion installed, for instance one built from the previous commit), in turn, for
``--rounds`` rounds; checks that both searched the same positions to the same verdicts
(it stops with an error otherwise); and prints the seconds of each round, the positions
per second and the ratio of the baseline's seconds to this install's (above 1: this one is
faster).

Run: ``python benchmarks/core_builds.py --baseline /path/to/other/bin/python
[--variant how-they-run] [--deals 128,9752,25429] [--nodes 2000000] [--rounds 2]``.
A baseline: ``git worktree add --detach /tmp/base HEAD~1 && python -m venv /tmp/basev &&
/tmp/basev/bin/pip install /tmp/base``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time


def work(variant_id: str, numbers: list[int], nodes: int) -> None:
    """Search the deals here and print, as JSON, each one's outcome and positions, the
    seconds in all and whether the core ran compiled."""
    from scorpion.engine import VARIANTS, deal
    from scorpion.solver import core

    variant = VARIANTS[variant_id]
    results = []
    started = time.perf_counter()
    for number in numbers:
        outcome, _, searched = core.search(deal(number, variant), nodes, None)
        results.append([number, outcome, searched])
    seconds = time.perf_counter() - started
    print(json.dumps({"results": results, "seconds": seconds, "compiled": core.COMPILED}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", required=True,
                        help="the python of an environment with the other install")
    parser.add_argument("--variant", default="how-they-run")
    parser.add_argument("--deals", default="128,9752,25429",
                        help="comma-separated deal numbers")
    parser.add_argument("--nodes", type=int, default=2_000_000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--work", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    numbers = [int(n) for n in args.deals.split(",")]
    if args.work:
        work(args.variant, numbers, args.nodes)
        return
    command = [__file__, "--work", "--baseline", "-", "--variant", args.variant,
               "--deals", args.deals, "--nodes", str(args.nodes)]
    seconds: dict[str, list[float]] = {"this": [], "baseline": []}
    searched: dict[str, object] = {}
    for round_ in range(1, args.rounds + 1):
        for name, python in (("baseline", args.baseline), ("this", sys.executable)):
            done = subprocess.run([python, *command], capture_output=True, text=True,
                                  check=True)
            report = json.loads(done.stdout)
            if searched.setdefault(name, report["results"]) != report["results"]:
                raise SystemExit(f"{name}: a second round searched otherwise")
            seconds[name].append(report["seconds"])
            print(f"round {round_}, {name}: {report['seconds']:.2f} s "
                  f"(compiled core: {report['compiled']})", flush=True)
    if searched["this"] != searched["baseline"]:
        raise SystemExit(f"the searches differ: this {searched['this']}, "
                         f"baseline {searched['baseline']}")
    total = sum(r[2] for r in searched["this"])  # type: ignore[attr-defined]
    best = {name: min(values) for name, values in seconds.items()}
    print(f"{args.variant}, deals {args.deals}, {args.nodes:,} positions at most each: "
          f"{total:,} positions, the same in both")
    for name in ("baseline", "this"):
        print(f"  {name}: best of {args.rounds} {best[name]:.2f} s, "
              f"{total / best[name]:,.0f} positions a second")
    print(f"  ratio baseline / this: {best['baseline'] / best['this']:.2f}")


if __name__ == "__main__":
    main()
