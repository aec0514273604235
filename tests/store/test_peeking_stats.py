"""Wins without peeking and their streaks (F7, F10), computed from result rows."""

from __future__ import annotations

from datetime import datetime

from scorpion.store.models import ResultRow
from scorpion.store.stats import variant_stats


def results(script: str) -> list[ResultRow]:
    """Result rows from a script: W a win, P a win with peeking, L not won, l not won
    with peeking, in the order the games were started."""
    return [
        ResultRow(id=i, player_id="p", variant="scorpion", deal=str(i),
                  started_at=datetime(2026, 12, 1, 10, i), won=c in "WP", peeked=c in "Pl",
                  moves=70 if c in "WP" else 0, time_ms=1000 if c in "WP" else 0)
        for i, c in enumerate(script, start=1)
    ]


def test_wins_without_peeking_and_their_streaks() -> None:
    """F7, F10: a peeked win is a win, but not one without peeking: it ends that streak."""
    rows = results("WWPWWWLlWPWW")
    stats = variant_stats("scorpion", "Scorpion", rows, None)
    assert (stats.started, stats.won, stats.won_without_peeking) == (12, 10, 8)
    # All wins: 1 2 3 4 5 6 0 0 1 2 3 4.  Without peeking: 1 2 0 1 2 3 0 0 1 0 1 2.
    assert (stats.current_streak, stats.longest_streak) == (4, 6)
    assert (stats.current_streak_without_peeking, stats.longest_streak_without_peeking) == (2, 3)
    assert [r.peeked for r in stats.recent] == [c in "Pl" for c in "WWPWWWLlWPWW"]


def test_best_time_and_fewest_moves_without_peeking_leave_peeked_wins_out() -> None:
    """F7, F10: a peeked win can set the best time and the fewest moves, but not those
    without peeking; before a win without peeking they are None."""
    rows = results("WPLWl")
    rows[0].time_ms, rows[0].moves = 90_000, 64  # W
    rows[1].time_ms, rows[1].moves = 30_000, 52  # P: the fastest and shortest win
    rows[3].time_ms, rows[3].moves = 80_000, 66  # W
    stats = variant_stats("scorpion", "Scorpion", rows, None)
    assert (stats.best_time_ms, stats.fewest_moves) == (30_000, 52)
    assert (stats.best_time_ms_without_peeking, stats.fewest_moves_without_peeking) == (
        80_000, 64)
    peeked = variant_stats("scorpion", "Scorpion", results("PlL"), None)
    assert (peeked.best_time_ms, peeked.fewest_moves) == (1000, 70)
    assert (peeked.best_time_ms_without_peeking, peeked.fewest_moves_without_peeking) == (
        None, None)


def test_the_game_in_progress_neither_ends_nor_extends_a_streak_without_peeking() -> None:
    rows = results("WWl")  # the last one is still being played (peeked, not won yet)
    stats = variant_stats("scorpion", "Scorpion", rows, in_progress_id=rows[-1].id)
    assert (stats.won_without_peeking, stats.current_streak_without_peeking) == (2, 2)
    assert stats.longest_streak_without_peeking == 2
    empty = variant_stats("scorpion", "Scorpion", [], None)
    assert (empty.won_without_peeking, empty.current_streak_without_peeking,
            empty.longest_streak_without_peeking) == (0, 0, 0)
