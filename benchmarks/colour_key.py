"""How much the class key shrinks the search in the games that build in alternate colours.

In Scorpion Tail and Farmer's Wife every rule (what lands on what, what fills an empty
column, what makes a run, when the game is won) depends on a card's rank and colour only.
Swapping the two cards of one rank and colour (7H with 7D) everywhere, the face-down cards,
the stock and the reserve included, maps the game onto itself: a position and its image
are won or lost together. So the solver's core keys those games' positions in *classes*
(rank and colour) as well as in cards, and searches each set of equal class keys once
(:meth:`scorpion.solver.core.Board.class_key`; :mod:`scorpion.solver.search`, reduction 1).

This measures it on the compiled core, without probes: positions some random moves into
deals 1..N are searched by cards alone (``classes=False``, the baseline) and with classes,
each within ``--nodes`` positions, and the positions and seconds each search takes are
printed, with their totals over the positions that both searches prove lost. Where both
decide, their verdicts must agree (the script stops with an error otherwise).

Run: ``python benchmarks/colour_key.py [--variant scorpion-tail] [--positions 60]
[--nodes 1000000]``.
"""

from __future__ import annotations

import argparse
import random
import time

from scorpion.engine import VARIANTS, Position, deal
from scorpion.solver import core


def walked(variant_id: str, seed: int) -> Position:
    """Deal ``seed + 1`` after 20 to 79 random legal moves (fewer if none is left)."""
    rng = random.Random(seed)
    p = deal(seed + 1, VARIANTS[variant_id])
    for _ in range(rng.randrange(20, 80)):
        moves = p.legal_moves()
        if not moves or p.is_won:
            break
        p = p.apply(rng.choice(moves))
    return p


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="scorpion-tail",
                        choices=["scorpion-tail", "farmers-wife"])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--nodes", type=int, default=1_000_000)
    args = parser.parse_args()
    print(f"compiled core: {core.COMPILED}")
    totals = [0, 0]
    seconds = [0.0, 0.0]
    decided = [0, 0]
    lost = 0
    for seed in range(args.positions):
        p = walked(args.variant, seed)
        if p.is_won:
            continue
        results = []
        for k, classes in enumerate((False, True)):
            started = time.perf_counter()
            results.append(core.search(p, args.nodes, None, classes=classes))
            seconds[k] += time.perf_counter() - started
            decided[k] += results[-1][0] != "out"
        outcomes = {r[0] for r in results} - {"out"}
        if len(outcomes) > 1:
            raise SystemExit(f"position {seed}: cards say {results[0][0]}, "
                             f"classes say {results[1][0]}")
        print(f"position {seed}: cards {results[0][0]} in {results[0][2]:,} positions, "
              f"classes {results[1][0]} in {results[1][2]:,}")
        if results[0][0] == results[1][0] == "lost":
            lost += 1
            totals[0] += results[0][2]
            totals[1] += results[1][2]
    print(f"{args.variant}, {args.positions} positions, {args.nodes:,} positions each: "
          f"decided {decided[0]} with cards, {decided[1]} with classes; {lost} proved lost "
          f"by both, in {totals[0]:,} positions with cards and {totals[1]:,} with classes "
          f"({totals[0] / max(totals[1], 1):.1f} times fewer); seconds of all searches "
          f"{seconds[0]:.1f} with cards, {seconds[1]:.1f} with classes")


if __name__ == "__main__":
    main()
