"""The survey's tail: time, positions searched and peak memory of the hardest deals.

Solves each deal with no budget (or ``--nodes N``), one at a time, each in a fresh process of
its own on one core, so that its peak resident memory is its own, and prints one line per
deal: verdict, seconds, nodes, nodes per second and peak memory in MB (the process's
``ru_maxrss``, which includes the interpreter, about 30 MB).

Run: ``python benchmarks/tail.py [DEAL ...] [--nodes N]``; without deals, the ten hardest
deals of 1..31999 by time, then the hardest of earlier days (:data:`HARDEST`).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

HARDEST = (14829, 12532, 17921, 515, 21408, 103, 4144, 21082, 17362, 29873)
"""The deals of 1..31999 that took the most time with today's solver (14829, 12532, 17921,
515, 21408, 103, 4144: 0.65 to 1.6 s on a quiet core), then the hardest deals of the days
before: 21082 (3.8 million positions before clause (vii) of the proof of loss, 199,307
after), 17362 and 29873 (5.3 and 7.0 million before clause (vi), now 74 and 1)."""

CHILD = """
import json, resource, sys
from scorpion.engine import deal
from scorpion.solver import solve
nodes = None if sys.argv[2] == "-" else int(sys.argv[2])
r = solve(deal(int(sys.argv[1])), max_nodes=nodes)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"verdict": r.verdict.value, "seconds": r.seconds, "nodes": r.nodes,
                  "peak_mb": peak, "moves": len(r.line)}))
"""


def measure(number: int, nodes: int | None) -> dict[str, object]:
    """Solve deal ``number`` in a fresh process; its verdict, seconds, nodes and peak MB."""
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(number), "-" if nodes is None else str(nodes)],
        check=True, capture_output=True, text=True,
    ).stdout
    result: dict[str, object] = json.loads(out)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", type=int, nargs="*", default=list(HARDEST))
    parser.add_argument("--nodes", type=int, default=None, help="node budget (default: none)")
    args = parser.parse_args()
    from scorpion.solver import COMPILED

    print("solver core: " + ("compiled with mypyc" if COMPILED else "plain Python"))
    print(f"{'deal':>6} {'verdict':>13} {'seconds':>8} {'nodes':>11} {'nodes/s':>9} {'peak MB':>8}")
    for number in args.deals:
        r = measure(number, args.nodes)
        seconds, nodes = float(r["seconds"]), int(r["nodes"])  # type: ignore[arg-type]
        print(f"{number:>6} {r['verdict']:>13} {seconds:>8.2f} {nodes:>11,} "
              f"{nodes / max(seconds, 1e-9):>9,.0f} {float(r['peak_mb']):>8.0f}",  # type: ignore[arg-type]
              flush=True)


if __name__ == "__main__":
    main()
