"""Players and their games: the service the web layer calls.

Every method works inside the caller's SQLAlchemy session and leaves the commit to it, so
a request either stores all it changed or nothing. A game's position is derived by
replaying its move list on the engine; the position saved beside it is checked against
that replay whenever the game is loaded, so a damaged row is reported, never played on.

The replay is memoised (:func:`replayed`): a process keeps the replays of the move lists
it saw lately, keyed by variant, deal and the exact move list, so loading a game it served
before costs a dictionary look-up, and one whose last move another process played costs
that one move. The check is unchanged by it: the saved position text must equal the
notation of the position that replaying the deal's moves gives, the saved result must
equal the replay's, and the redo moves must replay legally. A move, undo or redo
(:meth:`GameService.play` and the like) reads the player's game and its clock (and whether
its result row is there) in one statement and writes them back in two (three for a game's
first move, which also writes its statistics row), without the ORM, and a new game in the
player's row likewise; on a service :meth:`GameService.on` a database (the server's) these
statements run on the driver's own cursor (:meth:`scorpion.store.db.Database.driver`). A
winning move, which also writes the result, and anything unusual (a damaged row, a missing
clock, a player's first game of a variant) take the general path, in an ORM session, which
reports what is wrong.

What counts in the statistics (F7): a game counts as started on its first move (a stock
deal is a move); it counts as won when the server's engine sees the four runs removed.
A new game, a replay of the deal, or deleting the saved game ends the game in progress
without a win. Undo, redo and hints do not change what counts.

Fair play (F10): a game starts marked peeked when its deal number is one whose hidden cards
the player was shown before (``seen_deals``: the deal's solution, or peeking help in a game
of it, in any variant, since every variant deals deal N from the same shuffled deck), or
one they were dealt in a variant whose start shows cards that this variant's start hides
(``dealt_deals``: Scorpion after Chelicera or Scorpion II, not after Wasp, whose start is
Scorpion's; the same variant again is a replay, not marked). That is checked once, when
the game is dealt (:meth:`GameService.new_game`, which a replay, a visit and giving up go
through too), never on a move. For the same reason a deal number
under way in the player's game of one variant is not dealt in another
(:class:`DealInPlayError`): side by side, each game would show cards the other hides.
"""

from __future__ import annotations

import functools
import hashlib
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import (
    Connection,
    CursorResult,
    Executable,
    and_,
    bindparam,
    delete,
    exists,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.dialects import postgresql as postgresql_dml
from sqlalchemy.dialects import sqlite as sqlite_dml
from sqlalchemy.orm import Session

from ..engine import (
    SCORPION,
    VARIANTS,
    Change,
    DealNumber,
    Game,
    IllegalMoveError,
    Move,
    MoveError,
    Position,
    UnknownVariantError,
    Variant,
    change_between,
    deal,
    format_position,
    start_reveals,
    variant_by_id,
)
from .db import Database, DriverTransaction
from .models import (
    Base,
    ClockRow,
    DealtDealRow,
    GameRow,
    PlayerRow,
    ResultRow,
    SeenDealRow,
    SettingsRow,
)

IDLE_PLAYER_AGE = timedelta(days=7)
"""Players with nothing stored are forgotten this long after they got their cookie."""

HEARTBEAT_GRACE = timedelta(seconds=60)
"""How long past its last sign of life (a move or a heartbeat) the clock may run.

The page sends a heartbeat every 20 seconds while it is visible; if the heartbeats stop
(a crashed browser, a sleeping laptop), the time after the last one plus this grace
does not count."""

MIN_WIN_TIME_MS = 1000
"""The least playing time a win records, in milliseconds: moves sent faster than the
clock's second (a script) still never make a best time of 00:00."""

MAX_CLOCK_MS = 2**31 - 1
"""The most playing time a clock holds, in milliseconds (24 days, 20 hours and some): the
largest number the clock's and the result's columns hold on PostgreSQL (32-bit INTEGER).
A clock stops there (:func:`clock_ms`), so adding to it never overflows a column; a stored
time above it is damaged (:func:`damaged_clock_field`)."""

LAST_CLOCK_TIME = datetime.max - timedelta(days=1)
"""A clock's times (``since``, ``seen``) from this one on are damaged: the clock adds
:data:`HEARTBEAT_GRACE` to them, past the calendar's end (year 9999)."""

_TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")

# Statements of the request path, in SQLAlchemy Core (compiled once, then cached).
_PLAYERS = Base.metadata.tables["players"]
_GAMES = Base.metadata.tables["games"]
_CLOCKS = Base.metadata.tables["clocks"]
_RESULTS = Base.metadata.tables["results"]
_SEEN = Base.metadata.tables["seen_deals"]
_DEALT = Base.metadata.tables["dealt_deals"]
_PLAYER = select(_PLAYERS.c.id).where(_PLAYERS.c.id == bindparam("player"))
_HOLD_PLAYER = _PLAYER.with_for_update()  # see GameService.hold_player
_GAME_AND_CLOCK = (
    select(
        _GAMES.c.id, _GAMES.c.deal, _GAMES.c.moves, _GAMES.c.redo, _GAMES.c.position,
        _GAMES.c.created_at, _GAMES.c.started_at, _GAMES.c.finished_at, _GAMES.c.won,
        _GAMES.c.result_id, _GAMES.c.counted, _GAMES.c.version, _GAMES.c.peeked,
        _GAMES.c.deal_seen, _CLOCKS.c.ms, _CLOCKS.c.since, _CLOCKS.c.seen, _RESULTS.c.id,
    )
    .join_from(_GAMES, _CLOCKS, _CLOCKS.c.game_id == _GAMES.c.id)
    .join_from(  # the game's result, which must be the player's, of the game's variant
        _GAMES, _RESULTS,
        and_(
            _RESULTS.c.id == _GAMES.c.result_id, _RESULTS.c.player_id == _GAMES.c.player_id,
            _RESULTS.c.variant == _GAMES.c.variant,
        ),
        isouter=True,
    )
    .where(_GAMES.c.player_id == bindparam("player"), _GAMES.c.variant == bindparam("variant"))
    .with_for_update(of=_GAMES)
)
_SAVE_GAME = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("game"), _GAMES.c.version == bindparam("old_version"))
    .values(
        moves=bindparam("new_moves"), redo=bindparam("new_redo"),
        position=bindparam("new_position"), version=bindparam("new_version"),
        started_at=bindparam("new_started_at"), result_id=bindparam("new_result_id"),
    )
)
_NEW_RESULT = (
    insert(_RESULTS)
    .values(
        player_id=bindparam("player"), variant=bindparam("variant"), deal=bindparam("deal"),
        started_at=bindparam("started_at"), peeked=bindparam("peeked"),
        won=False, moves=0, time_ms=0,
    )
    .returning(_RESULTS.c.id)
)


def _shown_in(variant_id: str) -> tuple[str, ...]:
    """The variants whose start shows cards that the start of ``variant_id`` hides
    (:func:`start_reveals`): having been dealt the deal in one of them marks a game of it
    in ``variant_id`` (F10)."""
    return tuple(w for w in VARIANTS if start_reveals(w, variant_id))


def _deal_seen(variant_id: str) -> Any:
    """The test that a game of ``variant_id`` on the deal ``new_deal`` starts marked peeked
    (:meth:`GameService.deal_seen`), as a labelled column on the binds ``player`` and
    ``new_deal``."""
    seen = exists().where(  # in any variant: every variant deals deal N from the same deck
        _SEEN.c.player_id == bindparam("player"), _SEEN.c.deal == bindparam("new_deal")
    )
    shown_in = _shown_in(variant_id)
    if not shown_in:
        return seen.label("deal_seen")
    dealt = exists().where(
        _DEALT.c.player_id == bindparam("player"), _DEALT.c.deal == bindparam("new_deal"),
        or_(*(_DEALT.c.variant == w for w in shown_in)),
    )
    return or_(seen, dealt).label("deal_seen")


_SAME_CARDS = (  # the player's game not won, of another variant, dealt from the same number
    select(_GAMES.c.variant)
    .where(
        _GAMES.c.player_id == bindparam("player"), _GAMES.c.deal == bindparam("new_deal"),
        _GAMES.c.variant != bindparam("variant"), _GAMES.c.won.is_(False),
        # A row of no variant this code knows cannot be played: it shows nothing. (Not
        # IN: the driver's statements take no expanding parameters.)
        or_(*(_GAMES.c.variant == v for v in VARIANTS)),
    )
    .order_by(_GAMES.c.variant)
    .limit(1)
)


@functools.cache
def _game_to_renew(variant_id: str) -> Executable:
    """The read of :meth:`GameService._renew` for a game of ``variant_id`` (one statement
    per variant, kept: the test of a seen deal depends on the variant). Joined to its
    clock: a game without one takes the general path."""
    return (
        select(_GAMES.c.id, _GAMES.c.version, _deal_seen(variant_id))
        .join_from(_GAMES, _CLOCKS, _CLOCKS.c.game_id == _GAMES.c.id)
        .where(
            _GAMES.c.player_id == bindparam("player"), _GAMES.c.variant == bindparam("variant")
        )
        .with_for_update(of=_GAMES)
    )


@functools.cache
def _seen_select(variant_id: str) -> Executable:
    """:func:`_deal_seen` alone, as a statement (one per variant, kept)."""
    return select(_deal_seen(variant_id))


_DEALT_VALUES: dict[str, Any] = {
    "player_id": bindparam("player"), "variant": bindparam("variant"),
    "deal": bindparam("new_deal"), "first_dealt_at": bindparam("now"),
}
_RECORD_DEALT = {  # kept as first dealt: a later deal of it changes nothing
    "sqlite": sqlite_dml.insert(_DEALT).values(_DEALT_VALUES).on_conflict_do_nothing(),
    "postgresql": postgresql_dml.insert(_DEALT).values(_DEALT_VALUES).on_conflict_do_nothing(),
}
_RENEW_GAME = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("game"), _GAMES.c.version == bindparam("old_version"))
    .values(
        deal=bindparam("new_deal"), moves="", redo="", position=bindparam("new_position"),
        created_at=bindparam("now"), started_at=None, finished_at=None, won=False,
        result_id=None, counted=True, peeked=bindparam("seen"),
        deal_seen=bindparam("seen"), version=bindparam("new_version"),
    )
)
_RENEW_CLOCK = (
    update(_CLOCKS)
    .where(_CLOCKS.c.game_id == bindparam("game"))
    .values(ms=0, since=None, seen=None)
)
_SAVE_CLOCK = (
    update(_CLOCKS)
    .where(_CLOCKS.c.game_id == bindparam("game"))
    .values(ms=bindparam("new_ms"), since=bindparam("new_since"), seen=bindparam("new_seen"))
)


class StoreError(Exception):
    """Base class of the store's errors; the message says what is wrong."""


class PlayerNotFoundError(StoreError):
    """The player token is missing, malformed or unknown."""


class StaleGameError(StoreError):
    """The game changed since the caller last saw it (another tab or request)."""


class NoGameError(StoreError):
    """The player has no game of the variant to act on (none was dealt, or another tab
    or page deleted it). Only ``GET /api/game`` and the visit deal a game; a move, a
    hint, a give-up or a clock change never does, so that no deal is dealt, recorded as
    dealt or counted as started without the player's table showing it."""

    def __init__(self, variant_id: str) -> None:
        super().__init__(
            f"there is no {variant_name(variant_id)} game in progress (another tab or page "
            "may have ended it); reload"
        )
        self.variant = variant_id


class DealInPlayError(StoreError):
    """A new game's deal number is that of the player's game under way in another variant.

    Every variant deals deal N from the same shuffled deck, each with its own face-down
    cards and stock, so the two games side by side would show each other's hidden cards
    (F10). The message names the deal and the other game; :attr:`variant` is its id."""

    def __init__(self, deal_number: str, variant_id: str) -> None:
        super().__init__(
            f"deal {deal_number} is under way in your {variant_name(variant_id)} game, and "
            "the same deal number deals the same cards in every game, so each would show "
            "cards the other hides: finish that game or start another deal there first"
        )
        self.deal = deal_number
        self.variant = variant_id


class CorruptGameError(StoreError):
    """A saved game's row cannot be read (:func:`damaged_game_field`) or replayed on the
    engine, its saved position or result differs from the replay, it names a result row
    that is not the player's, or its clock is damaged (:func:`damaged_clock_field`). Only
    that game is affected; a new game replaces it."""


class DamagedDataError(StoreError):
    """Rows of the player's results cannot be read (damaged in the database)."""


DAMAGE = (ValueError, TypeError, OverflowError, LookupError)
"""What reading a damaged row can raise (a date that is not a date, text for a number)."""


def _is_int(value: object, low: int = 0) -> bool:
    return type(value) is int and value >= low


def _is_time(value: object, optional: bool = False) -> bool:
    return isinstance(value, datetime) or (optional and value is None)


def _is_clock_time(value: object) -> bool:
    return value is None or (isinstance(value, datetime) and value < LAST_CLOCK_TIME)


def is_flag(stored: object) -> bool:
    """True if ``stored``, a boolean column's value as the database driver gives it (before
    SQLAlchemy turns any value into True or False), is true or false: 0 or 1 on SQLite,
    which keeps whatever a stray tool wrote ('maybe', 2), a bool on PostgreSQL."""
    return type(stored) in (bool, int) and stored in (0, 1)


def is_canonical_deal(text: object) -> bool:
    """True if ``text`` is a deal number as :class:`DealNumber` prints it, the form a game
    row is saved in ("5", not "0005", "#5" or "ms5"): only that form is compared, as text,
    by the checks that one deal number is under way in one game at a time (F10)."""
    return isinstance(text, str) and len(text) <= 32 and _canonical(text)  # String(32)


@functools.lru_cache(maxsize=4096)
def _canonical(text: str) -> bool:
    try:
        return str(DealNumber.parse(text)) == text
    except ValueError:
        return False


def damaged_game_field(row: GameRow | SavedGame) -> str | None:
    """Name the first column of a saved game row that does not hold a value of its type
    and range (text where a number belongs, bytes for text, a version below 1, a deal
    number not in its canonical form), or that contradicts the others (moves or a result
    without a start time, a finish time without a win), or None. (A win that its moves
    do not make is the replay's to find: :class:`CorruptGameError`.)

    SQLite keeps whatever a damaged file or a stray tool wrote; these checks keep such a
    value from reaching the engine or an answer."""
    played = bool(row.moves) or bool(row.redo) or row.result_id is not None
    checks = (
        ("deal", is_canonical_deal(row.deal)),
        ("moves", isinstance(row.moves, str)),
        ("redo", isinstance(row.redo, str)),
        ("position", isinstance(row.position, str)),
        ("version", _is_int(row.version, 1)),
        ("created_at", _is_time(row.created_at)),
        ("started_at", _is_time(row.started_at, optional=not played)),
        ("finished_at", row.finished_at is None or (row.won and _is_time(row.finished_at))),
        ("result_id", row.result_id is None or _is_int(row.result_id)),
    )
    return next((name for name, ok in checks if not ok), None)


def damaged_clock_field(clock: ClockRow | SavedClock) -> str | None:
    """Name the first column of a clock row that is damaged (a negative or non-integer
    time in milliseconds, or one above :data:`MAX_CLOCK_MS`; a time that is not a time, or
    one at the calendar's end, :data:`LAST_CLOCK_TIME`), or None."""
    checks = (
        ("ms", _is_int(clock.ms) and clock.ms <= MAX_CLOCK_MS),
        ("since", _is_clock_time(clock.since)),
        ("seen", _is_clock_time(clock.seen)),
    )
    return next((name for name, ok in checks if not ok), None)


def damaged_result_field(
    result: ResultRow, won: object = False, peeked: object = False
) -> str | None:
    """Name the first column of a result row that is damaged (a negative time or move
    count counts as damaged: no game is played in less than no time; so does a time above
    :data:`MAX_CLOCK_MS`), or None. ``won`` and ``peeked`` are those columns' values as
    the driver gave them (see :func:`is_flag`; the row's own are always True or False)."""
    checks = (
        ("deal", isinstance(result.deal, str)),
        ("variant", isinstance(result.variant, str)),
        ("won", is_flag(won)),
        ("moves", _is_int(result.moves)),
        ("time_ms", _is_int(result.time_ms) and result.time_ms <= MAX_CLOCK_MS),
        ("started_at", _is_time(result.started_at)),
        ("finished_at", _is_time(result.finished_at, optional=True)),
        ("peeked", is_flag(peeked)),
    )
    return next((name for name, ok in checks if not ok), None)


def variant_name(variant_id: str) -> str:
    """The name of a variant for messages (the id itself if it is unknown)."""
    variant = VARIANTS.get(variant_id)
    return variant.name if variant is not None else variant_id


class GameFinishedError(StoreError):
    """The game is won; only a new game or a replay can follow."""


@functools.lru_cache(maxsize=1024)
def _start_position(deal_number: str, variant_id: str) -> Position:
    """The first position of a deal (positions are immutable, so they can be shared)."""
    return deal(deal_number, variant_by_id(variant_id))


REPLAY_CACHE_SIZE = 1024
"""Replayed move lists a process keeps (see :func:`replayed`): about one per game played
lately; a game of 100 moves takes some 50 KB (its positions share their columns)."""

_replays: OrderedDict[tuple[str, str, str], tuple[Game, str]] = OrderedDict()
_replays_lock = threading.Lock()


def _remember(variant_id: str, deal_number: str, moves: str, game: Game, text: str) -> None:
    """Keep the replay of ``moves`` (space-separated notation): ``game`` at its end (its
    redo moves are not kept) and ``text``, the notation of its position."""
    entry = (game.copy(redo=False), text)
    with _replays_lock:
        _replays[(variant_id, deal_number, moves)] = entry
        _replays.move_to_end((variant_id, deal_number, moves))
        while len(_replays) > REPLAY_CACHE_SIZE:
            _replays.popitem(last=False)


def _recall(variant_id: str, deal_number: str, moves: str) -> tuple[Game, str] | None:
    with _replays_lock:
        entry = _replays.get((variant_id, deal_number, moves))
        if entry is not None:
            _replays.move_to_end((variant_id, deal_number, moves))
        return entry


def forget_replays() -> None:
    """Empty the memo of :func:`replayed` (the next loads replay from the deal)."""
    with _replays_lock:
        _replays.clear()


def replayed(variant_id: str, deal_number: str, moves: str, redo: str) -> tuple[Game, str]:
    """The game a saved row describes, and the notation of its position.

    It is the deal's first position with ``moves`` played and ``redo`` (the undone
    moves, next first) checked to replay legally after them, as ``Game(start, moves,
    redo)`` gives; ``moves`` and ``redo`` are the row's space-separated notation. The
    replays of recent move lists are kept (:data:`REPLAY_CACHE_SIZE`), so this usually
    replays nothing, or the last move only. The result is the caller's to change.

    Raises:
        ValueError: (MoveError, IllegalMoveError, DealNumberError, UnknownVariantError)
            if the row cannot be replayed.
    """
    start = _start_position(deal_number, variant_id)
    parts = moves.split()
    canonical = " ".join(parts)
    entry = _recall(variant_id, deal_number, canonical)
    if entry is None:
        before = (
            _recall(variant_id, deal_number, canonical[: -len(parts[-1]) - 1] if
                    len(parts) > 1 else "")
            if parts else None
        )
        if before is not None:
            game = before[0].copy()
            game.push(Move.parse(parts[-1], start.variant))
        else:
            game = Game(start, [Move.parse(t, start.variant) for t in parts])
        entry = (game, format_position(game.position))
        _remember(variant_id, deal_number, canonical, *entry)
    game = entry[0].copy()
    undone = [Move.parse(t, start.variant) for t in redo.split()]
    for move in undone:  # they must replay legally; then they wait on the redo stack
        game.push(move)
    for _ in undone:
        game.undo()
    return game, entry[1]


def _utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


STALE_MESSAGE = "this game changed in another tab; reload"
"""What a :class:`StaleGameError` says."""


def check_version(current: int, seen: int | None) -> None:
    """Refuse a request made from a view older than the game (another tab changed it).

    Args:
        current: the game's version now.
        seen: the version of the view the request was made from; None: not checked.

    Raises:
        StaleGameError: ``seen`` is given and is not ``current``.
    """
    if seen is not None and seen != current:
        raise StaleGameError(STALE_MESSAGE)


def _count(result: object) -> int:
    """Rows touched by a DELETE or UPDATE statement's result."""
    return result.rowcount if isinstance(result, CursorResult) else 0


def _join(moves: tuple[Move, ...]) -> str:
    return " ".join(str(m) for m in moves)


def _after_one_change(before: str, moves: tuple[Move, ...], last_first: bool = False) -> str:
    """The notation of ``moves`` (space-separated), from ``before``, that of the list
    before one move was added to or taken from its end (its start with ``last_first``,
    for the redo moves, next first): only the move that changed is written, not the
    whole game's. Any other difference writes the list out in full."""
    parts = before.split()
    if len(moves) == len(parts) - 1:
        return " ".join(parts[1:] if last_first else parts[:-1])
    if len(moves) == len(parts) + 1:
        if last_first:
            return " ".join([str(moves[0]), *parts])
        return " ".join([*parts, str(moves[-1])])
    return _join(moves)


class _CoreStatements:
    """The short path's statements on a Core connection (a service over a session), with
    the interface of :class:`~scorpion.store.db.DriverTransaction`."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection

    def fetch(self, statement: Executable, values: Mapping[str, Any]) -> tuple[Any, ...] | None:
        row = self.connection.execute(statement, dict(values)).first()
        return None if row is None else tuple(row)

    def run(self, statement: Executable, values: Mapping[str, Any]) -> int:
        return _count(self.connection.execute(statement, dict(values)))


@dataclass(slots=True)
class SavedGame:
    """The values of a saved game row, read without the ORM (the short path of a move,
    see :meth:`GameService._quick`): the fields of :class:`GameRow`, nothing tracked.
    An ORM instance costs more to make than the rest of a move's reading."""

    id: int
    player_id: str
    variant: str
    deal: str
    moves: str
    redo: str
    position: str
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    won: bool
    result_id: int | None
    counted: bool
    version: int
    peeked: bool
    deal_seen: bool


@dataclass(slots=True)
class SavedClock:
    """The values of a clock row read without the ORM (see :class:`SavedGame`)."""

    game_id: int
    ms: int
    since: datetime | None
    seen: datetime | None


AnyGameRow = GameRow | SavedGame
"""A saved game as the ORM loaded it, or as the short path read it."""

AnyClockRow = ClockRow | SavedClock
"""A clock as the ORM loaded it, or as the short path read it."""


@dataclass
class GameState:
    """A saved game with its replayed engine game.

    Attributes:
        row: the database row.
        game: the engine game (position, history, redo moves).
        last_move: the move this request played, if any.
        last_change: what that move turned up and removed.
        now: the time of the request, for the clock.
    """

    row: AnyGameRow
    clock: AnyClockRow
    game: Game
    now: datetime
    last_move: Move | None = None
    last_change: Change | None = None

    @property
    def elapsed_ms(self) -> int:
        """Playing time in milliseconds: the time the page was open and visible from the
        first move to now, or to the winning move; 0 before the first move.

        Raises:
            OverflowError: for a damaged clock (as :func:`clock_ms`; a game loaded from the
                database has had its clock checked).
        """
        return clock_ms(self.clock, self.now)

    @property
    def clock_running(self) -> bool:
        """True while the clock counts: started, not won, not paused, and a sign of the
        player within :data:`HEARTBEAT_GRACE`."""
        clock = self.clock
        if clock.since is None:
            return False
        return clock.seen is None or self.now - clock.seen <= HEARTBEAT_GRACE


def clock_ms(clock: AnyClockRow, now: datetime) -> int:
    """The milliseconds on ``clock`` at ``now`` (naive UTC), the running interval included
    up to its last sign of life plus :data:`HEARTBEAT_GRACE`; at most :data:`MAX_CLOCK_MS`
    (the clock stops there).

    Raises:
        OverflowError: for a ``seen`` at the calendar's end (a damaged clock, see
            :func:`damaged_clock_field`).
    """
    total = max(0, clock.ms)
    if clock.since is not None:
        end = now
        if clock.seen is not None:
            end = min(end, clock.seen + HEARTBEAT_GRACE)
        total += max(0, int((end - clock.since).total_seconds() * 1000))
    return min(total, MAX_CLOCK_MS)


def _clock_pause(clock: AnyClockRow, now: datetime) -> None:
    clock.ms = clock_ms(clock, now)
    clock.since = None
    clock.seen = None


def _clock_touch(clock: AnyClockRow, now: datetime) -> None:
    """A sign of the player at ``now``: run the clock, closing an interval that lapsed."""
    if clock.since is not None and clock.seen is not None and now - clock.seen > HEARTBEAT_GRACE:
        _clock_pause(clock, now)
    if clock.since is None:
        clock.since = now
    clock.seen = now


class GameService:
    """Players and games inside one database session.

    Args:
        session: the SQLAlchemy session (the caller commits).
        clock: returns the current time (naive UTC); tests pass their own.
        variants: the variants games may be started in, by id (default every registered
            one); any other id is an :class:`UnknownVariantError`.
        random_deal: returns a deal number for a random new game.

    :meth:`on` makes one over a :class:`~scorpion.store.db.Database` instead, which
    opens what a request needs when it needs it.
    """

    def __init__(
        self,
        session: Session | None,
        clock: Callable[[], datetime] = _utcnow,
        random_deal: Callable[[], int] = lambda: secrets.randbelow(31999) + 1,
        variants: Mapping[str, Variant] = VARIANTS,
    ) -> None:
        self._session = session
        self._database: Database | None = None
        self._driver: DriverTransaction | None = None
        self.clock = clock
        self.random_deal = random_deal
        self.variants = variants

    def check_variant(self, variant_id: str) -> None:
        """Check that games of ``variant_id`` may be started here.

        Raises:
            UnknownVariantError: naming the id and the ids that may be played.
        """
        if variant_id not in self.variants:
            known = ", ".join(self.variants)
            raise UnknownVariantError(
                f"unknown variant {variant_id!r} (known variants: {known})"
            )

    @classmethod
    def on(cls, database: Database, variants: Mapping[str, Variant] = VARIANTS) -> GameService:
        """A service over ``database`` for the requests that usually need no ORM session:
        a move, an undo, a redo. Their common case (:meth:`_quick`) runs its three
        statements in a transaction on the driver (:meth:`Database.driver`), which costs
        a fraction of the ORM's or even a Core connection's work; anything else opens an
        ORM session, once the driver's transaction (which has written nothing then) is
        rolled back. :meth:`commit` commits whichever is open; :meth:`close` rolls back
        what was not committed."""
        service = cls(None, variants=variants)
        service._database = database
        return service

    @property
    def session(self) -> Session:
        """The ORM session (for a service :meth:`on` a database, opened at first use)."""
        if self._session is None:
            assert self._database is not None, "a service has a session or a database"
            if self._driver is not None:  # the short path gave way: it wrote nothing
                self._driver.close()
                self._driver = None
            self._session = self._database.sessions()
        return self._session

    def _statements(self) -> DriverTransaction | _CoreStatements:
        """Where the short path's statements run: the driver's transaction of a service
        :meth:`on` a database (begun at first use), else the session's connection."""
        if self._session is None and self._database is not None:
            if self._driver is None or self._driver.done:
                self._driver = self._database.driver()
            return self._driver
        return _CoreStatements(self.session.connection())

    def commit(self) -> None:
        """Commit what the service changed (on the driver's transaction, or the session)."""
        if self._driver is not None:
            self._driver.commit()
        if self._session is not None:
            self._session.commit()

    def close(self) -> None:
        """End a service :meth:`on` a database: roll back what was not committed and give
        its connection back (a service made over a session leaves that to its caller)."""
        if self._database is None:
            return
        if self._driver is not None:
            self._driver.close()
        if self._session is not None:
            self._session.close()

    # --- players

    def create_player(self) -> str:
        """Create a player and return their secret token (43 URL-safe characters)."""
        token = secrets.token_urlsafe(32)
        pid = _hash_token(token)
        now = self.clock()
        self.session.add(PlayerRow(id=pid, created_at=now))
        self.session.flush()
        self.session.add(SettingsRow(player_id=pid, saving=True, updated_at=now))
        return token

    def player_id(self, token: str | None) -> str:
        """Return the id of the player holding ``token``.

        Raises:
            PlayerNotFoundError: if the token is missing, malformed or unknown.
        """
        pid = self.player_key(token)
        self.require_player(pid)
        return pid

    def player_key(self, token: str | None) -> str:
        """Return the id that ``token`` stands for, without asking the database whether
        such a player exists (see :meth:`require_player`, and ``known`` of :meth:`play`).

        Raises:
            PlayerNotFoundError: if the token is missing or malformed.
        """
        if not token:
            raise PlayerNotFoundError("no player cookie: load the page first")
        if not _TOKEN.fullmatch(token):
            raise PlayerNotFoundError("malformed player cookie: reload the page")
        return _hash_token(token)

    def require_player(self, player_id: str) -> None:
        """Check that the player ``player_id`` exists.

        Raises:
            PlayerNotFoundError: if there is no such player.
        """
        if self._statements().fetch(_PLAYER, {"player": player_id}) is None:
            raise PlayerNotFoundError("unknown player: reload the page")

    def forget_idle_players(self, older_than: timedelta = IDLE_PLAYER_AGE) -> int:
        """Delete players made more than ``older_than`` ago who have nothing stored: no
        game, no result, no record of deals seen or dealt, default settings (a page fetched
        by a crawler, say). Returns how many. The server does this on start, so cookies
        handed out to visitors who never played do not pile up in the database."""
        cutoff = self.clock() - older_than
        idle = select(PlayerRow.id).where(
            PlayerRow.created_at < cutoff,
            ~exists().where(GameRow.player_id == PlayerRow.id),
            ~exists().where(ResultRow.player_id == PlayerRow.id),
            ~exists().where(SeenDealRow.player_id == PlayerRow.id),
            ~exists().where(DealtDealRow.player_id == PlayerRow.id),
            ~exists().where(
                SettingsRow.player_id == PlayerRow.id,
                SettingsRow.saving.is_(False) | SettingsRow.peeking.is_(True),
            ),
        )
        return _count(
            self.session.execute(
                delete(PlayerRow)
                .where(PlayerRow.id.in_(idle))
                .execution_options(synchronize_session=False)
            )
        )

    # --- settings

    def saving(self, player_id: str) -> bool:
        """True when the player keeps their games between visits (the default).

        Only the ``saving`` column is read, so a damaged ``updated_at`` does not matter.
        """
        value = self.session.scalar(
            select(SettingsRow.saving).where(SettingsRow.player_id == player_id)
        )
        return True if value is None else bool(value)

    def set_saving(self, player_id: str, saving: bool) -> int:
        """Switch saving on or off (F8); switching it off deletes the saved games. The
        settings row is written whole, which also repairs a damaged one.

        Returns:
            How many saved games were deleted.
        """
        deleted = 0
        if not saving:
            deleted = self.delete_saved_games(player_id)
        written = self.session.execute(
            update(SettingsRow)
            .where(SettingsRow.player_id == player_id)
            .values(saving=saving, updated_at=self.clock())
            .execution_options(synchronize_session=False)
        )
        if not _count(written):
            self.session.add(
                SettingsRow(player_id=player_id, saving=saving, updated_at=self.clock())
            )
        self.session.flush()
        return deleted

    # --- games

    def _load(self, row: GameRow) -> GameState:
        what = f"the saved {variant_name(row.variant)} game (deal {row.deal})"
        try:
            game, text = replayed(row.variant, row.deal, row.moves, row.redo)
        except DAMAGE as exc:
            raise CorruptGameError(
                f"{what} cannot be replayed: {exc}; start a new game"
            ) from None
        if text != row.position:
            raise CorruptGameError(
                f"{what} does not match its moves: it was damaged; start a new game"
            )
        if game.is_won != row.won:
            raise CorruptGameError(f"{what} has a wrong result: it was damaged; start a new game")
        if row.result_id is not None and self.session.scalar(
            select(ResultRow.id).where(  # its columns unread: a damaged one is the statistics'
                ResultRow.id == row.result_id, ResultRow.player_id == row.player_id,
                ResultRow.variant == row.variant,
            )
        ) is None:
            raise CorruptGameError(
                f"{what} names a result that is not there: it was damaged; start a new game"
            )
        now = self.clock()
        try:
            clock = self.session.get(ClockRow, row.id)
            if clock is not None and damaged_clock_field(clock) is not None:
                raise ValueError("damaged clock")  # here, not in the view
        except DAMAGE:
            raise CorruptGameError(
                f"{what} has a damaged clock; start a new game"
            ) from None
        if clock is None:
            clock = ClockRow(game_id=row.id, ms=0)
            self.session.add(clock)
        return GameState(row, clock, game, now)

    def _row(self, player_id: str, variant_id: str, lock: bool = True) -> GameRow | None:
        """The player's saved game row of the variant, locked until the commit.

        The lock (``SELECT ... FOR UPDATE`` on PostgreSQL; on SQLite the whole transaction
        holds the write lock, see :mod:`.db`) serialises the requests on one game: a
        request reads the game only after the one before it committed, so changes
        without a ``version`` apply in arrival order and are never refused as stale.
        ``lock=False`` reads it without the row lock (requests that only read; they
        then also work while a PostgreSQL database is read-only).

        Raises:
            CorruptGameError: if the row cannot be read.
        """
        damaged = None
        try:
            query = select(GameRow).where(
                GameRow.player_id == player_id, GameRow.variant == variant_id
            )
            row = self.session.scalars(query.with_for_update() if lock else query).first()
            if row is not None:
                damaged = damaged_game_field(row)
                if damaged is not None:
                    self.session.expunge(row)
        except DAMAGE:
            damaged = "a column"
        if damaged is not None:
            raise CorruptGameError(
                f"the saved {variant_name(variant_id)} game cannot be read: it was damaged "
                f"({damaged}); start a new game"
            )
        return row

    def current(self, player_id: str, variant_id: str, lock: bool = True) -> GameState:
        """Return the player's game in progress of ``variant_id``; deal one if none.

        ``lock=False`` for a request that only reads the game (see :meth:`_row`).

        Raises:
            UnknownVariantError: for an unknown variant id.
            CorruptGameError: if the saved game is damaged (see :class:`CorruptGameError`).
        """
        self.check_variant(variant_id)
        row = self._row(player_id, variant_id, lock)
        if row is None:
            return self.new_game(player_id, variant_id, None)
        return self._load(row)

    def existing(self, player_id: str, variant_id: str, lock: bool = True) -> GameState:
        """Return the player's game of ``variant_id``, which must exist (unlike
        :meth:`current`, this never deals one).

        Raises:
            UnknownVariantError: for an unknown variant id.
            NoGameError: if the player has no game of the variant.
            CorruptGameError: if the saved game is damaged (see :class:`CorruptGameError`).
        """
        self.check_variant(variant_id)
        row = self._row(player_id, variant_id, lock)
        if row is None:
            raise NoGameError(variant_id)
        return self._load(row)

    def visit(self, player_id: str, variant_id: str) -> GameState:
        """The game to show when the player opens the table (a page load).

        With saving on, the game in progress resumes. With saving off, the game is not
        kept between visits: the one left from an earlier visit is ended (it counts as
        started and not won, if it was started) and a new deal is dealt.

        Raises:
            UnknownVariantError, CorruptGameError: as for :meth:`current`.
        """
        if self.saving(player_id):
            return self.current(player_id, variant_id)
        return self.new_game(player_id, variant_id, None)

    def new_game(
        self,
        player_id: str,
        variant_id: str,
        deal_number: str | None,
        known: bool = True,
        choices: Sequence[str] = (),
        version: int | None = None,
    ) -> GameState:
        """Start a new game of ``variant_id`` on ``deal_number`` (when None, the first of
        ``choices`` that may be dealt, or a random deal when there are no choices).

        It replaces the game in progress of that variant (even a damaged one); that
        game's result stays in the statistics as started and not won. ``known`` is as
        for :meth:`play`. With ``version`` (the version of the game the page saw), a
        game of the variant that has changed since is not replaced (a tab that missed
        another tab's moves would lose them without asking); none, or a game whose row
        cannot be read (its version included), is replaced whatever ``version`` says.

        A deal number under way in the player's game of another variant is not dealt
        (F10): every variant deals deal N from the same shuffled deck, so either game
        would show cards the other hides. A random deal is drawn again until it is not
        such a number; ``choices`` (the server's "winnable deals only" picks) are skipped
        over when they are.

        The game starts marked peeked (``peeked`` and ``deal_seen``) when the player was
        shown the hidden cards of this deal number before (F10, see :meth:`deal_seen`): its
        win will not count as a win without peeking. The deal is recorded as dealt in the
        variant (:meth:`record_dealt`).

        Raises:
            PlayerNotFoundError: (``known=False`` only) if there is no such player.
            UnknownVariantError: for an unknown variant id.
            DealNumberError: for a bad deal number (given or among ``choices``).
            DealInPlayError: ``deal_number``, or every one of ``choices``, is under way
                in another variant.
            StaleGameError: ``version`` is not the version of the game it would replace.
        """
        self.check_variant(variant_id)
        number = self._deal_to_start(player_id, variant_id, deal_number, choices)
        start = _start_position(str(number), variant_id)
        now = self.clock()
        if self._session is None and self._database is not None:
            renewed = self._renew(player_id, variant_id, str(number), start, now, version)
            if renewed is not None:
                return renewed
        if not known:
            self.require_player(player_id)
        self.hold_player(player_id)
        other = self._same_cards(player_id, variant_id, str(number))  # again, now held
        if other is not None:
            raise DealInPlayError(str(number), other)
        try:
            row = self._row(player_id, variant_id)
        except CorruptGameError:
            # Unreadable: delete it (its clock goes with it) and start afresh.
            self.session.execute(
                delete(GameRow).where(
                    GameRow.player_id == player_id, GameRow.variant == variant_id
                )
            )
            row = None
        if row is not None:
            check_version(row.version, version)
        else:
            row = GameRow(player_id=player_id, variant=variant_id)
            self.session.add(row)
        row.deal = str(number)
        row.moves = ""
        row.redo = ""
        row.position = format_position(start)
        row.created_at = now
        row.started_at = None
        row.finished_at = None
        row.won = False
        row.result_id = None
        row.counted = True
        row.peeked = row.deal_seen = self.deal_seen(player_id, variant_id, str(number))
        self.record_dealt(player_id, variant_id, str(number))
        self.session.flush()
        try:
            clock = self.session.get(ClockRow, row.id)
        except DAMAGE:
            self.session.execute(delete(ClockRow).where(ClockRow.game_id == row.id))
            clock = None
        if clock is None:
            clock = ClockRow(game_id=row.id)
            self.session.add(clock)
        clock.ms, clock.since, clock.seen = 0, None, None
        self.session.flush()
        return GameState(row, clock, Game(start), now)

    _RANDOM_TRIES = 64
    """Random deals drawn before :meth:`_deal_to_start` counts up from the last one."""

    def _deal_to_start(
        self, player_id: str, variant_id: str, deal_number: str | None, choices: Sequence[str]
    ) -> DealNumber:
        """The deal number :meth:`new_game` deals: ``deal_number``, else one of
        ``choices``, else a random one, never one under way in another variant (that
        raises :class:`DealInPlayError` for ``deal_number`` and for the last of
        ``choices``).

        A deal the server picks (one of ``choices``, or a random one) is also one that would
        not start marked peeked (:meth:`deal_seen`), so that a player's history does not
        mark their random games: the first of ``choices`` that is neither, else the first
        not under way; random draws go on, then count up from the last draw (which only a
        test's fixed ``random_deal`` ever needs)."""
        if deal_number is not None:
            number = DealNumber.parse(deal_number)
            other = self._same_cards(player_id, variant_id, str(number))
            if other is not None:
                raise DealInPlayError(str(number), other)
            return number
        if choices:
            free: DealNumber | None = None
            under_way: DealInPlayError | None = None
            for text in choices:
                number = DealNumber.parse(text)
                other = self._same_cards(player_id, variant_id, str(number))
                if other is not None:
                    under_way = DealInPlayError(str(number), other)
                elif not self._marked(player_id, variant_id, str(number)):
                    return number
                else:
                    free = free or number
            if free is not None:
                return free
            assert under_way is not None  # every one of the choices is under way
            raise under_way
        drawn, tries = self.random_deal(), 1
        while True:
            text = str(DealNumber.parse(drawn))
            if (self._same_cards(player_id, variant_id, text) is None
                    and not self._marked(player_id, variant_id, text)):
                return DealNumber.parse(drawn)
            drawn = self.random_deal() if tries < self._RANDOM_TRIES else drawn + 1
            tries += 1

    def _marked(self, player_id: str, variant_id: str, deal_number: str) -> bool:
        """True if a game of ``variant_id`` on ``deal_number`` would start marked peeked
        (:meth:`deal_seen`), read on the short path's statements."""
        found = self._statements().fetch(
            _seen_select(variant_id), {"player": player_id, "new_deal": deal_number}
        )
        return found is not None and bool(found[0])

    def _dialect(self) -> str:
        if self._session is None and self._database is not None:
            return self._database.engine.dialect.name
        return self.session.get_bind().dialect.name

    def _same_cards(self, player_id: str, variant_id: str, deal_number: str) -> str | None:
        """The id of the player's variant other than ``variant_id`` whose game not won is
        dealt from ``deal_number`` (as :class:`DealNumber` prints it), or None. Holds the
        player first (:meth:`hold_player`), in the transaction that deals the game."""
        statements = self._statements()
        if self._dialect() == "postgresql":
            statements.fetch(_HOLD_PLAYER, {"player": player_id})
        found = statements.fetch(
            _SAME_CARDS, {"player": player_id, "variant": variant_id, "new_deal": deal_number}
        )
        return None if found is None else str(found[0])

    def _renew(
        self,
        player_id: str,
        variant_id: str,
        deal_number: str,
        start: Position,
        now: datetime,
        version: int | None,
    ) -> GameState | None:
        """Start the new game of :meth:`new_game` in the player's row of the variant, the
        common case, in four statements on the driver: one reads the row's id and
        version and its clock's (the row locked, as :meth:`_row` does), two write every
        value of a new game (the version goes up by one, as the ORM's does; the read also
        tells whether the deal was seen, :meth:`deal_seen`), one records the deal as dealt
        (:meth:`record_dealt`). Returns None, having written nothing, when the general
        path must do it: no row or no clock yet, an unreadable id or version (the general
        path replaces the row), or a database other than SQLite and PostgreSQL.

        Raises:
            StaleGameError: ``version`` is not None and not the row's version (nothing
                written).
        """
        assert self._database is not None
        dialect = self._database.engine.dialect.name
        if dialect not in _RECORD_DEALT:
            return None
        statements = self._statements()
        try:
            if dialect == "postgresql":
                statements.fetch(_HOLD_PLAYER, {"player": player_id})  # see hold_player
            found = statements.fetch(_game_to_renew(variant_id), {
                "player": player_id, "variant": variant_id, "new_deal": deal_number,
            })
        except DAMAGE:
            return None
        if (
            found is None or not _is_int(found[0]) or not _is_int(found[1], 1)
            or type(found[2]) is not bool
        ):
            return None
        game_id, old_version, seen = found
        check_version(old_version, version)
        position = format_position(start)
        renewed = statements.run(_RENEW_GAME, {
            "game": game_id, "old_version": old_version, "new_deal": deal_number,
            "new_position": position, "now": now, "new_version": old_version + 1,
            "seen": seen,
        })
        if renewed != 1:  # cannot happen under the lock; never overwrite a change
            raise StaleGameError(STALE_MESSAGE)
        statements.run(_RENEW_CLOCK, {"game": game_id})
        statements.run(_RECORD_DEALT[dialect], {
            "player": player_id, "variant": variant_id, "new_deal": deal_number, "now": now,
        })
        row = SavedGame(
            id=game_id, player_id=player_id, variant=variant_id, deal=deal_number, moves="",
            redo="", position=position, created_at=now, started_at=None, finished_at=None,
            won=False, result_id=None, counted=True, version=old_version + 1, peeked=seen,
            deal_seen=seen,
        )
        clock = SavedClock(game_id=game_id, ms=0, since=None, seen=None)
        return GameState(row, clock, Game(start), now)

    def _quick(
        self,
        player_id: str,
        variant_id: str,
        version: int | None,
        change: Callable[[Game], tuple[Move | None, Change | None]],
    ) -> GameState | None:
        """Make ``change`` (a move, undo or redo) in a game under way, the common case, in
        three statements without the ORM: one reads the game row and its clock (the row
        locked until the commit, as :meth:`_row` does), two write them back.

        The row gets the same checks as :meth:`_load` (its values readable, its position
        that of the replay, its result the replay's, its result row there, its clock
        readable). Returns None, having written nothing, when the general path must do it:
        no such game or no clock, a game won, a change that wins (the statistics are
        written then), or a row that fails a check (the general path says which). The
        first move also writes the game's statistics row, as :meth:`_save` does.

        Raises:
            StaleGameError: if ``version`` is not the game's version.
            IllegalMoveError, HistoryError: from ``change``; nothing is changed.
        """
        statements = self._statements()
        try:
            found = statements.fetch(_GAME_AND_CLOCK, {"player": player_id, "variant": variant_id})
        except DAMAGE:
            return None
        if found is None:
            return None
        (game_id, deal_number, moves, redo, position, created_at, started_at, finished_at,
         won, result_id, counted, row_version, peeked, deal_seen, ms, since, seen,
         result_found) = found
        row = SavedGame(
            id=game_id, player_id=player_id, variant=variant_id, deal=deal_number,
            moves=moves, redo=redo, position=position, created_at=created_at,
            started_at=started_at, finished_at=finished_at, won=won, result_id=result_id,
            counted=counted, version=row_version, peeked=peeked, deal_seen=deal_seen,
        )
        clock = SavedClock(game_id=game_id, ms=ms, since=since, seen=seen)
        if (
            won is not False or type(counted) is not bool or type(peeked) is not bool
            or type(deal_seen) is not bool or (result_id is not None and result_found is None)
            or damaged_game_field(row) is not None or damaged_clock_field(clock) is not None
        ):
            return None
        try:
            game, text = replayed(variant_id, deal_number, moves, redo)
        except DAMAGE:
            return None
        if text != position or game.is_won:
            return None
        now = self.clock()
        try:
            clock_ms(clock, now)
        except DAMAGE:
            return None
        check_version(row_version, version)
        last_move, last_change = change(game)
        if game.is_won:
            return None
        if started_at is None and game.moves:  # the first move: the game counts as started
            started_at = now
            if counted:
                key = statements.fetch(_NEW_RESULT, {
                    "player": player_id, "variant": variant_id, "deal": deal_number,
                    "started_at": now, "peeked": peeked,
                })
                assert key is not None
                result_id = key[0]
        # The row's new values (plain values of this request: the statements below store them).
        row.moves = _after_one_change(moves, game.moves)
        row.redo = _after_one_change(redo, game.redo_moves, last_first=True)
        row.position = format_position(game.position)
        row.started_at, row.result_id, row.version = started_at, result_id, row_version + 1
        if started_at is not None:
            _clock_touch(clock, now)
        saved = statements.run(_SAVE_GAME, {
            "game": game_id, "old_version": row_version, "new_moves": row.moves,
            "new_redo": row.redo, "new_position": row.position, "new_version": row.version,
            "new_started_at": started_at, "new_result_id": result_id,
        })
        if saved != 1:  # cannot happen under the lock; never overwrite a change
            raise StaleGameError(STALE_MESSAGE)
        statements.run(_SAVE_CLOCK, {
            "game": game_id, "new_ms": clock.ms, "new_since": clock.since,
            "new_seen": clock.seen,
        })
        _remember(variant_id, deal_number, row.moves, game, row.position)
        return GameState(row, clock, game, now, last_move, last_change)

    def _checked(self, player_id: str, variant_id: str, version: int | None) -> GameState:
        state = self.existing(player_id, variant_id)
        check_version(state.row.version, version)
        return state

    def _save(self, state: GameState) -> None:
        """Store ``state``: its row, clock, and on the first move and the win its result.

        The statistics row is made before the game row changes, so that the game's version
        goes up by one, as on the short path (:meth:`_quick`). The win is written into it
        without reading it: a damaged column of it (the statistics' 409 until the results
        are deleted) keeps no game from being won."""
        row, now = state.row, state.now
        assert isinstance(row, GameRow), "only a game the ORM loaded is saved here"
        first = bool(state.game.moves) and row.started_at is None
        result_id = row.result_id
        if first and row.counted:
            result = ResultRow(
                player_id=row.player_id, variant=row.variant, deal=row.deal, started_at=now,
                peeked=row.peeked,
            )
            self.session.add(result)
            self.session.flush()
            result_id = result.id
        winning = state.game.is_won and not row.won
        row.moves = _join(state.game.moves)
        row.redo = _join(state.game.redo_moves)
        row.position = format_position(state.game.position)
        _remember(row.variant, row.deal, row.moves, state.game, row.position)
        if first:
            row.started_at = now
            row.result_id = result_id
        if row.started_at is not None:
            _clock_touch(state.clock, now)
        if winning:
            row.won = True
            row.finished_at = now
            _clock_pause(state.clock, now)
            state.clock.ms = max(state.clock.ms, MIN_WIN_TIME_MS)
            if result_id is not None:
                self.session.execute(
                    update(ResultRow)
                    .where(ResultRow.id == result_id, ResultRow.player_id == row.player_id)
                    .values(
                        won=True, finished_at=now, moves=len(state.game.moves),
                        time_ms=state.clock.ms,
                    )
                    .execution_options(synchronize_session=False)
                )
        self.session.flush()

    def _playable(self, state: GameState) -> None:
        if state.row.won:
            raise GameFinishedError("this game is won: start a new game or replay it")

    def play(
        self, player_id: str, variant_id: str, move_text: str, version: int | None = None,
        known: bool = True,
    ) -> GameState:
        """Play ``move_text`` (``"7H-5"`` or ``"deal"``) in the player's current game.

        ``known=False`` says that ``player_id`` comes from :meth:`player_key` unchecked:
        the player's game row, when there is one, proves the player exists (its rows go
        with it); otherwise :meth:`require_player` checks, before anything else is said.
        So is it for :meth:`undo` and :meth:`redo`.

        Raises:
            PlayerNotFoundError: (``known=False`` only) if there is no such player.
            MoveError: if the text is not a move.
            IllegalMoveError: if the move is illegal; nothing is changed.
            StaleGameError: if ``version`` is not the game's version.
            GameFinishedError: if the game is already won.
            CorruptGameError: if the saved game is damaged.
            NoGameError: if the player has no game of the variant (none is dealt).
            UnknownVariantError: if ``variant_id`` is no variant.
        """
        try:
            move = Move.parse(move_text, VARIANTS.get(variant_id, SCORPION))
        except MoveError:
            if not known:
                self.require_player(player_id)
            raise

        def push(game: Game) -> tuple[Move | None, Change | None]:
            return move, game.push(move)

        return self._change(player_id, variant_id, version, known, push)

    def undo(
        self, player_id: str, variant_id: str, version: int | None = None, known: bool = True
    ) -> GameState:
        """Take back the last move (R15).

        Raises:
            HistoryError: if there is nothing to undo.
            PlayerNotFoundError, StaleGameError, GameFinishedError, CorruptGameError,
                NoGameError, UnknownVariantError: as for :meth:`play`.
        """
        def undo(game: Game) -> tuple[Move | None, Change | None]:
            game.undo()
            return None, None

        return self._change(player_id, variant_id, version, known, undo)

    def redo(
        self, player_id: str, variant_id: str, version: int | None = None, known: bool = True
    ) -> GameState:
        """Play the last undone move again (R15).

        Raises:
            HistoryError: if there is nothing to redo.
            PlayerNotFoundError, StaleGameError, GameFinishedError, CorruptGameError,
                NoGameError, UnknownVariantError: as for :meth:`play`.
        """
        def redo(game: Game) -> tuple[Move | None, Change | None]:
            before = game.position
            move = game.redo()
            return move, change_between(before, game.position)

        return self._change(player_id, variant_id, version, known, redo)

    def _change(
        self,
        player_id: str,
        variant_id: str,
        version: int | None,
        known: bool,
        change: Callable[[Game], tuple[Move | None, Change | None]],
    ) -> GameState:
        """Make ``change`` (a move, undo or redo; it returns the move played and what it
        turned up and removed) in the player's game: by :meth:`_quick` when it can, else
        on the loaded game, checked and saved. ``known`` and the errors: as for
        :meth:`play`."""
        quick = self._quick(player_id, variant_id, version, change)
        if quick is not None:
            return quick
        if not known:
            self.require_player(player_id)
        state = self._checked(player_id, variant_id, version)
        self._playable(state)
        state.last_move, state.last_change = change(state.game)
        self._save(state)
        return state

    def restart(self, player_id: str, variant_id: str, version: int | None = None) -> GameState:
        """Replay: start the same deal again as a new game (F4); it counts as a new start
        once its first move is made.

        Raises:
            StaleGameError, NoGameError, UnknownVariantError: as for :meth:`play`.
            CorruptGameError: if the saved row cannot be read (a row that reads but whose
                moves do not replay is not checked: the deal starts again all the same).
        """
        self.check_variant(variant_id)
        row = self._row(player_id, variant_id)
        if row is None:
            raise NoGameError(variant_id)
        check_version(row.version, version)  # without replaying it: it may be won or damaged
        return self.new_game(player_id, variant_id, row.deal)

    def set_clock(self, player_id: str, variant_id: str, running: bool) -> GameState:
        """Run or pause the clock of the game in progress: the page runs it while it is
        open and visible (and sends a heartbeat), and pauses it when hidden or closed.

        The clock runs only between the first move and the win; before and after, this
        changes nothing. The game's version does not change.

        Raises:
            UnknownVariantError, NoGameError, CorruptGameError: as for :meth:`existing`.
        """
        state = self.existing(player_id, variant_id)
        if state.row.started_at is not None and not state.row.won:
            if running:
                _clock_touch(state.clock, state.now)
            else:
                _clock_pause(state.clock, state.now)
            self.session.flush()
        return state

    def delete_saved_games(self, player_id: str) -> int:
        """Delete the player's saved games, every variant (F8); return how many.

        The rows are deleted, not flagged. Their results stay in the statistics (a game
        started and not won); the next visit deals a new game.
        """
        return _count(
            self.session.execute(delete(GameRow).where(GameRow.player_id == player_id))
        )

    def deal_seen(self, player_id: str, variant_id: str, deal_number: str) -> bool:
        """True if a game of ``variant_id`` on deal ``deal_number`` (as :class:`DealNumber`
        prints it) would show the player nothing new (F10): they were shown its hidden
        cards before, in any variant (its solution, or peeking help in a game of it:
        ``seen_deals``), or they were dealt it in a variant whose start shows cards that
        this variant's start hides (``dealt_deals``, :func:`scorpion.engine.start_reveals`:
        Scorpion after Chelicera, not after Wasp). Every variant deals deal N from the same
        shuffled deck, so what was seen in one tells the cards of the others.

        Raises:
            UnknownVariantError: if ``variant_id`` is no variant.
        """
        found = self.session.execute(
            _seen_select(variant_id), {"player": player_id, "new_deal": deal_number}
        ).scalar()
        return bool(found)

    def record_dealt(self, player_id: str, variant_id: str, deal_number: str) -> None:
        """Record that the player was dealt deal ``deal_number`` in ``variant_id``: its start
        showed them the cards that variant deals face up (F10, ``dealt_deals``). Recording
        it again keeps the first time (the caller commits)."""
        values = {
            "player": player_id, "variant": variant_id, "new_deal": deal_number,
            "now": self.clock(),
        }
        dialect = self.session.get_bind().dialect.name
        if dialect in _RECORD_DEALT:
            self.session.execute(_RECORD_DEALT[dialect], values)
            return
        known = select(DealtDealRow.player_id).where(
            DealtDealRow.player_id == player_id, DealtDealRow.variant == variant_id,
            DealtDealRow.deal == deal_number,
        )
        if self.session.scalars(known).first() is None:
            self.session.add(DealtDealRow(
                player_id=player_id, variant=variant_id, deal=deal_number,
                first_dealt_at=values["now"],
            ))

    def hold_player(self, player_id: str) -> None:
        """Make the rest of this transaction wait for the player's other transactions that
        hold them too (and theirs for it), so that what it reads next is what they wrote.

        The paths that tell a deal's hidden cards (a solution, peeking help: they record the
        deal as seen) and the one that deals a game (which reads that record) hold the
        player first: otherwise, on PostgreSQL, a game dealt at the same moment as a
        solution of its deal was told could start unmarked. On PostgreSQL the player's row
        is locked (``SELECT ... FOR UPDATE``, each later statement reading what was
        committed before); on SQLite every writing transaction holds the database's write
        lock from its start (``BEGIN IMMEDIATE``), so nothing is needed.
        """
        if self.session.get_bind().dialect.name == "postgresql":
            self.session.execute(_HOLD_PLAYER, {"player": player_id})

    def record_seen(self, player_id: str, variant_id: str, deal_number: str) -> None:
        """Record that the player was shown hidden cards of deal ``deal_number`` of
        ``variant_id`` (F10): a game of that deal started later starts marked peeked.
        Recording it again keeps the first time (the caller commits).

        When it is new, the player's games not won on that deal number in the other
        variants, under way meanwhile, are marked peeked too (with their results), for
        the same reason as a game started later: they deal the same cards. The game of
        ``variant_id`` itself is the caller's to mark (:func:`~.peeking.mark_peeked`); a
        solution is never shown while a game on that number is under way.
        """
        values = {
            "player_id": player_id, "variant": variant_id, "deal": deal_number,
            "first_seen_at": self.clock(),
        }
        self.hold_player(player_id)
        dialect = self.session.get_bind().dialect.name
        if dialect in ("sqlite", "postgresql"):
            module = sqlite_dml if dialect == "sqlite" else postgresql_dml
            self.session.execute(
                module.insert(SeenDealRow).values(values).on_conflict_do_nothing()
            )
        else:
            known = select(SeenDealRow.player_id).where(
                SeenDealRow.player_id == player_id, SeenDealRow.variant == variant_id,
                SeenDealRow.deal == deal_number,
            )
            if self.session.scalars(known).first() is None:
                self.session.execute(insert(SeenDealRow).values(values))
        # Also when it was recorded before: a game of another variant may have been dealt
        # since (it started marked, unless dealt before an upgrade made this record).
        same_cards = (
            GameRow.player_id == player_id, GameRow.deal == deal_number,
            GameRow.variant != variant_id, GameRow.won.is_(False),
        )
        self.session.execute(
            update(ResultRow)
            .where(ResultRow.id.in_(
                select(GameRow.result_id).where(*same_cards, GameRow.result_id.is_not(None))
            ), ResultRow.peeked.is_(False))
            .values(peeked=True)
            .execution_options(synchronize_session=False)
        )
        self.session.execute(
            update(GameRow)
            .where(*same_cards, GameRow.peeked.is_(False))
            .values(peeked=True, deal_seen=True)
            .execution_options(synchronize_session=False)
        )

    def delete_results(self, player_id: str) -> int:
        """Delete the player's results (the statistics), every variant (F8); return how many.

        The rows are deleted, not flagged. A game in progress is kept but will count in
        no statistics, even if it is won. The record of the deals whose hidden cards the
        player was shown (``seen_deals``) goes with them, and so does the record of the deals
        dealt (``dealt_deals``), but for the deals of the saved games: those are still on the
        table, showing their cards, so a game of another variant on one of them still starts
        marked where it would have. Any other game dealt afterwards starts unmarked.
        """
        self.session.execute(delete(SeenDealRow).where(SeenDealRow.player_id == player_id))
        on_the_table = exists().where(
            GameRow.player_id == player_id, GameRow.variant == DealtDealRow.variant,
            GameRow.deal == DealtDealRow.deal,
        )
        self.session.execute(
            delete(DealtDealRow)
            .where(DealtDealRow.player_id == player_id, ~on_the_table)
            .execution_options(synchronize_session=False)
        )
        self.session.execute(
            update(GameRow)
            .where(GameRow.player_id == player_id)
            .values(counted=False, result_id=None)
            .execution_options(synchronize_session=False)
        )
        return _count(
            self.session.execute(delete(ResultRow).where(ResultRow.player_id == player_id))
        )


__all__ = [
    "CorruptGameError",
    "DamagedDataError",
    "DealInPlayError",
    "GameFinishedError",
    "GameService",
    "GameState",
    "IllegalMoveError",
    "PlayerNotFoundError",
    "StaleGameError",
    "StoreError",
]
