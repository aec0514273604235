"""Advisor benchmark: latency of the fair advice on one core, and the fair player's pace.

Positions: 200 drawn from real play of deals 1..200, one per deal: the heuristic player
plays the deal (seed: the deal number) and one position of its game is taken at random
(seeded), among those with at least two hint moves. On each, :func:`scorpion.advisor.advise`
runs with the table's two budgets, :data:`~scorpion.advisor.advise.QUICK` (the first
answer) and :data:`~scorpion.advisor.advise.REFINED` (the better one), and prints p50, p95
and max latency, samples and solves per second. As a baseline measured in the same run, the
refined advice without its shortcuts (every move solved in every sample) on the first 40
positions, and the time ratio. Then the fair player plays the deals of 1..200 that the
full-knowledge solver calls winnable, and its seconds per deal are printed.

Targets (issue): the advice shown at the table p50 <= 0.5 s and p95 <= 2 s.

``--variant ID`` measures another game with the table's budgets for it
(:data:`~scorpion.advisor.advise.TABLE_BUDGETS`; Scorpion Head, which has none, with
Scorpion's); the fair player's part is for Scorpion only.

Run: ``python benchmarks/advisor.py [--deals 200] [--variant ID] [--no-player]`` on an
idle machine (it uses one core; ``uptime`` is printed so that a busy machine shows).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from scorpion.advisor import FairPlayer, HeuristicPlayer, PlayerView, advise, play
from scorpion.advisor.advise import QUICK, REFINED, TABLE_BUDGETS, Budget
from scorpion.engine import VARIANTS, Position, Variant, deal
from scorpion.solver import COMPILED, Verdict, solve
from scorpion.solver.winnable import known_winnable


def positions(count: int, variant: Variant) -> list[Position]:
    """One position from the heuristic player's game of each deal 1..count."""
    found = []
    for number in range(1, count + 1):
        start = deal(number, variant)
        line = play(start, HeuristicPlayer(), seed=number).line
        game = [start]
        for move in line:
            game.append(game[-1].apply(move))
        choices = [p for p in game if len(PlayerView.of(p).hint_moves()) >= 2] or [start]
        found.append(random.Random(number).choice(choices))
    return found


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def measure(name: str, views: list[PlayerView], budget: Budget) -> list[float]:
    times, samples, solves = [], 0, 0
    for view in views:
        started = time.perf_counter()
        advice = advise(view, seed=0, max_samples=budget.samples, nodes=budget.nodes)
        times.append(time.perf_counter() - started)
        samples += advice.samples
        solves += advice.solves
    total = sum(times)
    print(f"{name} ({budget.samples} samples, {budget.nodes:,} nodes per solve), "
          f"{len(views)} positions: p50 {percentile(times, 0.5):.3f} s, "
          f"p95 {percentile(times, 0.95):.3f} s, max {max(times):.3f} s; "
          f"{samples / total:,.0f} samples/s, {solves / total:,.0f} solves/s")
    return times


def brute_force(view: PlayerView, budget: Budget) -> None:
    """The refined advice without shortcuts: every hint move solved in every sample."""
    rng = random.Random(0)
    moves = view.hint_moves()
    for _ in range(budget.samples):
        sample = view.sample(rng)
        for move in moves:
            solve(sample.apply(move), max_nodes=budget.nodes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--variant", default="scorpion", choices=list(VARIANTS))
    parser.add_argument("--no-player", action="store_true")
    args = parser.parse_args()
    variant = VARIANTS[args.variant]
    quick, refined_budget = TABLE_BUDGETS.get(variant.id, (QUICK, REFINED))
    print(f"{variant.name}; solver core: "
          + ("compiled with mypyc" if COMPILED else "plain Python"))
    print("load average before:", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    views = [PlayerView.of(p) for p in positions(args.deals, variant)]
    measure("quick advice", views, quick)
    refined = measure("refined advice", views, refined_budget)
    base = views[:40]
    started = time.perf_counter()
    for view in base:
        brute_force(view, refined_budget)
    t_base = time.perf_counter() - started
    t_ours = sum(refined[:40])
    print(f"baseline without shortcuts, first {len(base)} positions: {t_base:.2f} s "
          f"against {t_ours:.2f} s: {t_base / max(t_ours, 1e-9):.1f}x")
    if not args.no_player and variant.id == "scorpion":
        winnable = [n for n in range(1, args.deals + 1) if known_winnable("scorpion", n)
                    or (known_winnable("scorpion", n) is None
                        and solve(deal(n)).verdict is Verdict.WINNABLE)]
        times, won = [], 0
        for number in winnable:
            result = play(deal(number), FairPlayer(), seed=number)
            times.append(result.seconds)
            won += result.won
        print(f"fair player, {len(winnable)} winnable deals of 1..{args.deals}: won {won}; "
              f"seconds per deal: median {statistics.median(times):.2f}, "
              f"mean {statistics.mean(times):.2f}, max {max(times):.2f}")
    print("load average after:", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
