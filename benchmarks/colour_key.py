"""How much a key blind to suits would shrink the search in the alternate-colour games.

In Scorpion Tail and Farmer's Wife every rule (what lands on what, what fills an empty
column, what makes a run, when the game is won) depends on a card's rank and colour only.
Swapping the two cards of one rank and colour (7H with 7D) everywhere, the face-down cards,
the stock and the reserve included, maps the game onto itself: a position and its image
are won or lost together. So the transposition table could key a position by its columns,
stock and reserve written in *classes* (rank and colour) instead of cards, and two
positions of equal class key would be searched once.

This measures it with the search on engine positions (:mod:`scorpion.solver.generic`, no
probes): on positions some random moves into deals 1..N, those the usual key proves lost
within ``--nodes`` positions are searched again with the class key, and the positions each
search takes are printed, with their totals. Both verdicts must agree (the script stops
with an error otherwise). Nothing in the package uses the class key yet.

Run: ``python benchmarks/colour_key.py [--variant scorpion-tail] [--positions 60]
[--nodes 40000]``.
"""

from __future__ import annotations

import argparse
import random
import time

from scorpion.engine import VARIANTS, Position, deal
from scorpion.engine.cards import is_red
from scorpion.solver import generic


def card_class(card: int) -> int:
    """The class of ``card`` (0..25: rank times two, plus one for red); -1 for no card."""
    return -1 if card < 0 else (card % 13) * 2 + is_red(card)


def class_key(position: Position) -> generic.Key:
    """:func:`scorpion.solver.generic.generic_key` with every card written as its class."""
    pairs = tuple(
        (tuple(card_class(c) for c in col), fd)
        for col, fd in zip(position.columns, position.face_down, strict=True)
    )
    cells = tuple(sorted(card_class(c) for c in position.cells))
    stock = tuple(card_class(c) for c in position.stock)
    if position.stock and position.variant.stock_deal:
        first = len(position.stock)
        return (pairs[:first], tuple(sorted(pairs[first:])), cells, stock, len(position.runs))
    return (tuple(sorted(pairs)), cells, stock, len(position.runs))


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
    parser.add_argument("--nodes", type=int, default=40_000)
    args = parser.parse_args()
    usual = generic.generic_key
    totals = [0, 0]
    seconds = [0.0, 0.0]
    lost = 0
    for seed in range(args.positions):
        p = walked(args.variant, seed)
        if p.is_won:
            continue
        results = []
        for k, key in enumerate((usual, class_key)):
            generic.generic_key = key
            started = time.perf_counter()
            results.append(generic.search(p, args.nodes, None))
            seconds[k] += time.perf_counter() - started
        generic.generic_key = usual
        if results[0][0] != "lost":
            continue
        if results[1][0] != "lost":
            raise SystemExit(f"position {seed}: the class key says {results[1][0]}")
        lost += 1
        totals[0] += results[0][2]
        totals[1] += results[1][2]
        print(f"position {seed}: lost; positions {results[0][2]:,} with cards, "
              f"{results[1][2]:,} with classes")
    print(f"{args.variant}: {lost} positions proved lost within {args.nodes:,}; positions "
          f"searched {totals[0]:,} with cards, {totals[1]:,} with classes "
          f"({totals[0] / max(totals[1], 1):.1f} times fewer); seconds of all searches "
          f"{seconds[0]:.1f} and {seconds[1]:.1f}")


if __name__ == "__main__":
    main()
