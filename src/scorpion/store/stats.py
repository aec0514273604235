"""Statistics (F7) and the player's own data (F8), read from the database.

The figures come from the ``results`` table only: one row per game started (first move
made), marked won when the server's engine saw the win, and marked peeked when peeking
help was shown for it (:mod:`scorpion.store.peeking`). See :mod:`scorpion.store.games`
for what counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Integer, select, type_coerce
from sqlalchemy.orm import Session

from ..engine import VARIANTS, Variant
from .games import (
    DAMAGE,
    DamagedDataError,
    clock_ms,
    damaged_clock_field,
    damaged_game_field,
    damaged_result_field,
)
from .models import (
    ClockRow,
    DealtDealRow,
    GameRow,
    PlayerRow,
    ResultRow,
    SeenDealRow,
    SettingsRow,
)

RECENT = 20
"""How many of the latest finished games the statistics list (for the chart)."""


@dataclass(frozen=True)
class RecentGame:
    """A finished game in the recent results: won, or ended without a win.

    Attributes:
        deal: the deal number.
        won: True for a win.
        moves: moves of the win (0 if not won).
        time_ms: playing time of the win in milliseconds (0 if not won).
        started_at: the first move (naive UTC).
        peeked: True if peeking help was shown for the game.
    """

    deal: str
    won: bool
    moves: int
    time_ms: int
    started_at: datetime
    peeked: bool = False


@dataclass(frozen=True)
class VariantStats:
    """The statistics of one variant.

    Attributes:
        variant: the variant id.
        name: the variant's name.
        started: games started (first move made), including the one in progress.
        won: games won.
        win_rate: ``won / started`` (0.0 to 1.0), None before any start.
        best_time_ms: the fastest win in milliseconds of playing time, None before a win.
        fewest_moves: the win with the fewest moves, None before a win.
        current_streak: wins in a row up to the latest finished game (the game in
            progress does not break it).
        longest_streak: the most wins in a row ever.
        in_progress: True when a started game of this variant is still being played.
        recent: the latest finished games, oldest first (at most :data:`RECENT`).
        won_without_peeking: games won for which no peeking help was shown (F10).
        current_streak_without_peeking: wins without peeking in a row up to the latest
            finished game: a game not won, or won with peeking, ends it.
        longest_streak_without_peeking: the most wins without peeking in a row ever.
        best_time_ms_without_peeking: the fastest win without peeking, in milliseconds of
            playing time; None before such a win.
        fewest_moves_without_peeking: the win without peeking with the fewest moves; None
            before such a win.
    """

    variant: str
    name: str
    started: int = 0
    won: int = 0
    win_rate: float | None = None
    best_time_ms: int | None = None
    fewest_moves: int | None = None
    current_streak: int = 0
    longest_streak: int = 0
    in_progress: bool = False
    recent: list[RecentGame] = field(default_factory=list)
    won_without_peeking: int = 0
    current_streak_without_peeking: int = 0
    longest_streak_without_peeking: int = 0
    best_time_ms_without_peeking: int | None = None
    fewest_moves_without_peeking: int | None = None


def variant_stats(
    variant: str, name: str, results: list[ResultRow], in_progress_id: int | None
) -> VariantStats:
    """Compute the statistics of one variant.

    Args:
        variant: the variant id; name: its name.
        results: the variant's results, in the order the games were started.
        in_progress_id: the result id of the game still being played (not won), if any;
            it counts as started but neither breaks nor extends a streak.
    """
    finished = [r for r in results if r.id != in_progress_id]
    wins = [r for r in results if r.won]
    longest = run = 0
    for r in finished:
        run = run + 1 if r.won else 0
        longest = max(longest, run)
    fair_wins = [r for r in wins if not r.peeked]
    fair_longest = fair_run = 0
    for r in finished:
        fair_run = fair_run + 1 if r.won and not r.peeked else 0
        fair_longest = max(fair_longest, fair_run)
    return VariantStats(
        variant=variant,
        name=name,
        started=len(results),
        won=len(wins),
        win_rate=len(wins) / len(results) if results else None,
        best_time_ms=min((r.time_ms for r in wins), default=None),
        fewest_moves=min((r.moves for r in wins), default=None),
        current_streak=run,
        longest_streak=longest,
        in_progress=in_progress_id is not None,
        recent=[
            RecentGame(r.deal, r.won, r.moves, r.time_ms, r.started_at, r.peeked)
            for r in finished[-RECENT:]
        ],
        won_without_peeking=len(fair_wins),
        current_streak_without_peeking=fair_run,
        longest_streak_without_peeking=fair_longest,
        best_time_ms_without_peeking=min((r.time_ms for r in fair_wins), default=None),
        fewest_moves_without_peeking=min((r.moves for r in fair_wins), default=None),
    )


def statistics(
    session: Session, player_id: str, variants: Mapping[str, Variant] = VARIANTS
) -> list[VariantStats]:
    """The player's statistics for every variant of ``variants`` (default: every
    registered one), in their order.

    Raises:
        DamagedDataError: if the player's rows cannot be read.
    """
    try:
        return _statistics(session, player_id, variants)
    except DAMAGE:
        raise DamagedDataError(
            "your results cannot be read (they were damaged in the database); "
            "you can delete them on the settings page"
        ) from None


def _results(session: Session, player_id: str) -> list[ResultRow]:
    """The player's results in the order the games were started.

    Raises:
        ValueError: if one of them is damaged (see :func:`damaged_result_field`).
    """
    rows = session.execute(
        select(
            ResultRow,  # with its flags as stored: SQLAlchemy reads any value as a bool
            type_coerce(ResultRow.won, Integer).label("won_stored"),
            type_coerce(ResultRow.peeked, Integer).label("peeked_stored"),
        )
        .where(ResultRow.player_id == player_id)
        .order_by(ResultRow.id)
    )
    results = []
    for r, won, peeked in rows:
        damaged = damaged_result_field(r, won, peeked)
        if damaged is not None:
            raise ValueError(f"result {r.id}: {damaged} is damaged")
        results.append(r)
    return results


def _statistics(
    session: Session, player_id: str, variants: Mapping[str, Variant]
) -> list[VariantStats]:
    results = _results(session, player_id)
    playing: dict[str, int | None] = {
        row.variant: row.result_id
        for row in session.execute(
            select(GameRow.variant, GameRow.result_id).where(
                GameRow.player_id == player_id,
                GameRow.won.is_(False),
                GameRow.result_id.is_not(None),
            )
        )
    }
    return [
        variant_stats(
            v.id, v.name, [r for r in results if r.variant == v.id], playing.get(v.id)
        )
        for v in variants.values()
    ]


def _time(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat(timespec="milliseconds") + "Z"


def export_data(session: Session, player_id: str, now: datetime) -> dict[str, Any]:
    """Everything the database holds about a player, as JSON-ready data ("download my data").

    Times are ISO 8601 in UTC; moves are in the game's notation. Left out: the player id
    (the SHA-256 of the cookie, of no use outside this server) and the saved position,
    which would show the face-down cards of a game in progress (the deal and the moves
    give the position). ``seen_deals`` lists the deals whose hidden cards the player was
    shown (F10): a game of one of them starts marked peeked. ``dealt_deals`` lists the
    deals the player was dealt, by variant (F10): a game of one of them in a variant whose
    start hides cards that the first one's start showed starts marked peeked.

    Raises:
        DamagedDataError: if the player's rows cannot be read.
    """
    try:
        return _export(session, player_id, now)
    except DAMAGE:
        raise DamagedDataError(
            "your data cannot be read (rows were damaged in the database); "
            "you can delete your saved games and results on the settings page"
        ) from None


def _export(session: Session, player_id: str, now: datetime) -> dict[str, Any]:
    # The player's first visit, and the settings, read column by column: a damaged
    # first-visit time is given as null rather than keeping the rest from the player.
    try:
        created = session.scalar(select(PlayerRow.created_at).where(PlayerRow.id == player_id))
    except DAMAGE:
        created = None
    saving = session.scalar(select(SettingsRow.saving).where(SettingsRow.player_id == player_id))
    peeking = session.scalar(
        select(SettingsRow.peeking).where(SettingsRow.player_id == player_id)
    )
    games = session.scalars(
        select(GameRow).where(GameRow.player_id == player_id).order_by(GameRow.variant)
    ).all()
    saved = []
    for g in games:
        clock = session.get(ClockRow, g.id)
        if damaged_game_field(g) or (clock is not None and damaged_clock_field(clock)):
            raise ValueError(f"saved game {g.id} is damaged")
        saved.append(
            {
                "variant": g.variant,
                "deal": g.deal,
                "moves": g.moves.split(),
                "redo": g.redo.split(),
                "dealt_at": _time(g.created_at),
                "started_at": _time(g.started_at),
                "finished_at": _time(g.finished_at),
                "won": g.won,
                "elapsed_ms": clock_ms(clock, now) if clock else 0,
                "counted_in_statistics": g.counted,
                "peeked": g.peeked,
                "deal_seen": g.deal_seen,
            }
        )
    results = _results(session, player_id)
    seen = _deal_records(session, player_id, SeenDealRow, "first_seen_at", "seen")
    dealt = _deal_records(session, player_id, DealtDealRow, "first_dealt_at", "dealt")
    return {
        "format": "scorpion-solitaire player data",
        "format_version": 1,
        "exported_at": _time(now),
        "player": {"created_at": _time(created) if isinstance(created, datetime) else None},
        "settings": {
            "saving": True if saving is None else bool(saving),
            "peeking": bool(peeking),
        },
        "saved_games": saved,
        "results": [
            {
                "variant": r.variant,
                "deal": r.deal,
                "started_at": _time(r.started_at),
                "finished_at": _time(r.finished_at),
                "won": r.won,
                "moves": r.moves,
                "time_ms": r.time_ms,
                "peeked": r.peeked,
            }
            for r in results
        ],
        "seen_deals": seen,
        "dealt_deals": dealt,
    }


def _deal_records(
    session: Session, player_id: str, row: Any, when: str, kind: str
) -> list[dict[str, Any]]:
    """The player's rows of ``row`` (:class:`SeenDealRow` or :class:`DealtDealRow`, whose
    time column is ``when``), first recorded first, as ``{"variant", "deal", when}``.

    Raises:
        ValueError: for a row whose time cannot be read (damaged).
    """
    rows = session.scalars(
        select(row)
        .where(row.player_id == player_id)
        .order_by(getattr(row, when), row.variant, row.deal)
    ).all()
    records = []
    for r in rows:
        at = getattr(r, when)
        if not isinstance(at, datetime):
            raise ValueError(f"{kind} deal {r.variant} {r.deal} is damaged")
        records.append({"variant": r.variant, "deal": r.deal, when: _time(at)})
    return records
