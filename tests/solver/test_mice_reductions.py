"""Three Blind Mice gets Scorpion's safe moves and proofs of loss (B1, V2): the verdicts
stay those of a plain exhaustive search, and no position from which a win was played is
ever proved lost.
"""

from __future__ import annotations

from family_positions import random_position

from baseline_dfs import plain_dfs
from scorpion.engine import THREE_BLIND_MICE, VARIANTS, deal
from scorpion.solver import Verdict, check_line, generic, safe_move, solve
from scorpion.solver.search import _proved_lost, _safe_moves_hold


def test_b1_v2_only_three_blind_mice_gets_the_reductions() -> None:
    """V2: of the games searched on engine positions, only Three Blind Mice builds in suit
    with reserves that take nothing, Kings alone in empty columns, and runs that leave."""
    reduced = {v.id for v in VARIANTS.values() if not v.is_classic and _safe_moves_hold(v)}
    assert reduced == {"three-blind-mice"}


def test_b1_v2_mice_verdicts_agree_with_a_plain_exhaustive_search() -> None:
    """B1: on 60 random positions, wherever the plain search (no keys, no reductions)
    decides within 5,000 positions, the solver agrees: "not winnable" exactly where the plain
    search proves it, never where it wins; and the proofs and safe moves are used."""
    proved = lost = won = 0
    for seed in range(60):
        p = random_position(THREE_BLIND_MICE, seed)
        plain = plain_dfs(p, max_nodes=5_000)
        if plain.verdict is Verdict.UNDECIDED:
            continue
        ours = solve(p, max_nodes=20_000)
        if plain.verdict is Verdict.NOT_WINNABLE:
            lost += 1
            assert ours.verdict is Verdict.NOT_WINNABLE, seed
            proved += _proved_lost(p)
        else:
            won += 1
            assert not _proved_lost(p), seed
            assert ours.verdict is not Verdict.NOT_WINNABLE, seed
            if ours.verdict is Verdict.WINNABLE:
                check_line(p, ours.line)
    assert won and lost and proved


def test_b1_v2_no_position_of_a_winning_line_is_proved_lost() -> None:
    """B1: along the winning lines of deals 1-20 (searched with the reductions, and again
    without them), no position is proved lost; each safe move met along them keeps the
    position winnable (the plain search of the game without reductions wins after it)."""
    lines = 0
    safe_checked = 0
    for number in range(1, 21):
        start = deal(number, THREE_BLIND_MICE)
        ours = solve(start, max_nodes=5_000)
        outcome, found, _ = generic.search(start, 2_000, None)
        for line in (ours.line, tuple(found) if outcome == "won" else ()):
            if not line:
                continue
            lines += 1
            p = start
            for move in line:
                assert not _proved_lost(p), (number, move)
                chosen = safe_move(p, p.legal_moves())
                if chosen is not None and safe_checked < 10:
                    after = p.apply(chosen)
                    if not after.is_won:
                        again = generic.search(after, 5_000, None)
                        assert again[0] != "lost", (number, chosen)
                        safe_checked += again[0] == "won"
                p = p.apply(move)
            assert p.is_won
    assert lines >= 5 and safe_checked >= 3


def test_b1_v2_mice_deals_are_decided_with_few_positions() -> None:
    """B1: with the reductions, each of deals 1-30 is decided within 20,000 positions, where
    the search without them leaves some of 1-10 undecided within 5,000; the verdicts agree
    where both decide."""
    undecided_without = 0
    for number in range(1, 31):
        start = deal(number, THREE_BLIND_MICE)
        ours = solve(start, max_nodes=20_000)
        assert ours.decided, number
        if number > 10:
            continue
        outcome, _, _ = generic.search(start, 5_000, None)
        undecided_without += outcome == "out"
        if outcome != "out":
            assert (outcome == "won") == (ours.verdict is Verdict.WINNABLE), number
    assert undecided_without > 0
