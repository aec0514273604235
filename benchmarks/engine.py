"""Engine benchmark: random playouts from deals 1..N (issue: 200,000 applies/s target).

Each playout starts from a numbered deal and plays uniformly random legal moves, leaving
out shifts of a bottom King-led group into another empty column (they can loop forever),
until no move is left. It prints legal-move generations per second, move applications per
second (checked :meth:`Position.apply`, returning a new hashable position) and, as a
baseline measured in the same run, the rate of a plain tuple copy of a position.

Run: ``python benchmarks/engine.py [--deals N] [--seed S]``.
"""

from __future__ import annotations

import argparse
import random
import time

from scorpion.engine import Move, Position, deal


def _progress_moves(position: Position) -> list[Move]:
    moves = position.legal_moves()
    out = []
    for m in moves:
        if m.card >= 0 and not position.columns[m.column]:
            where = position.locate(m.card)
            if where is not None and where[1] == 0:
                continue  # a bottom King-led group shifted to another empty column
        out.append(m)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    # Collect the playouts' positions and moves first, so each rate times one thing.
    starts = [deal(n) for n in range(1, args.deals + 1)]
    positions: list[Position] = []
    chosen: list[Move] = []
    longest = 0
    for start in starts:
        p, length = start, 0
        while True:
            moves = _progress_moves(p)
            if not moves:
                break
            m = rng.choice(moves)
            positions.append(p)
            chosen.append(m)
            p = p.apply(m)
            length += 1
        longest = max(longest, length)

    t0 = time.perf_counter()
    for p in positions:
        p.legal_moves()
    t_gen = time.perf_counter() - t0

    t0 = time.perf_counter()
    for p, m in zip(positions, chosen, strict=True):
        p.apply(m)
    t_apply = time.perf_counter() - t0

    t0 = time.perf_counter()
    for p in positions:
        hash(p)
    t_hash = time.perf_counter() - t0

    t0 = time.perf_counter()
    for p in positions:
        tuple(list(p.columns))
    t_base = time.perf_counter() - t0

    n = len(positions)
    print(f"deals: {args.deals}, moves played: {n}, longest playout: {longest} moves")
    print(f"legal-move generations: {n / t_gen:12,.0f} per second")
    print(f"move applications:      {n / t_apply:12,.0f} per second (target 200,000)")
    print(f"position hashes:        {n / t_hash:12,.0f} per second")
    print(f"baseline tuple copy:    {n / t_base:12,.0f} per second "
          f"(applies are {t_apply / t_base:.1f}x its time)")
    print(f"playout (generate + apply): {n / (t_gen + t_apply):12,.0f} moves per second")


if __name__ == "__main__":
    main()
