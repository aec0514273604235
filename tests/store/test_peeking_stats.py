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


def test_the_game_in_progress_neither_ends_nor_extends_a_streak_without_peeking() -> None:
    rows = results("WWl")  # the last one is still being played (peeked, not won yet)
    stats = variant_stats("scorpion", "Scorpion", rows, in_progress_id=rows[-1].id)
    assert (stats.won_without_peeking, stats.current_streak_without_peeking) == (2, 2)
    assert stats.longest_streak_without_peeking == 2
    empty = variant_stats("scorpion", "Scorpion", [], None)
    assert (empty.won_without_peeking, empty.current_streak_without_peeking,
            empty.longest_streak_without_peeking) == (0, 0, 0)
