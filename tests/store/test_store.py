"""The store (F6-F8): migrations, saved games that resume exactly, the clock, statistics,
deletion, data export and isolation between players. Each test runs on SQLite and on
PostgreSQL (see ``tests/conftest.py``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import TypeVar

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import func, inspect, select, text, update

from hidden import codes_named, hidden_cards
from scorpion.engine import Move, deal, format_position
from scorpion.store import (
    CorruptGameError,
    Database,
    DatabaseError,
    GameService,
    StaleGameError,
    export_data,
    statistics,
)
from scorpion.store.db import alembic_config, head_revision, migrate, migration_connection
from scorpion.store.games import HEARTBEAT_GRACE, MIN_WIN_TIME_MS
from scorpion.store.models import Base, ClockRow, GameRow, PlayerRow, ResultRow, SettingsRow
from winning import WINNABLE_DEAL, winning_line

T = TypeVar("T")
T0 = datetime(2026, 1, 1, 12, 0, 0)
# Deal 1 opens with 7D-1 and 5C-3 (see tests/engine/positions.py).
DEAL1_MOVES = ("7D-1", "5C-3")


class FakeClock:
    """A clock the test moves by hand (naive UTC, like the store's)."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


class Store:
    """One database and a fake clock; each ``with store.service()`` is one transaction."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.clock = FakeClock()

    def run(self, action: Callable[[GameService], T]) -> T:
        """Run ``action(service)`` in one transaction (committed) and return its result."""
        with self.database.session() as session:
            return action(GameService(session, clock=self.clock, random_deal=lambda: 1))

    def count(self, table: type[Base], **where: object) -> int:
        with self.database.session() as session:
            query = select(func.count()).select_from(table)
            for name, value in where.items():
                query = query.where(getattr(table, name) == value)
            return int(session.scalar(query) or 0)


@pytest.fixture
def store(database: Database) -> Store:
    return Store(database)


@pytest.fixture
def player(store: Store) -> str:
    token = store.run(lambda s: s.create_player())
    return store.run(lambda s: s.player_id(token))


def play(store: Store, pid: str, moves: tuple[str, ...] | list[str], variant: str = "scorpion",
         seconds_each: float = 0.0) -> None:
    for text_move in moves:
        store.clock.advance(seconds_each)
        store.run(lambda s, m=text_move: s.play(pid, variant, m))


# --- migrations


def test_migrations_make_exactly_the_models_schema(database: Database) -> None:
    """The Alembic migrations and the SQLAlchemy models describe the same schema."""
    with database.engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        assert context.get_current_revision() == head_revision()
        assert compare_metadata(context, Base.metadata) == []


def test_the_migrations_go_down_to_nothing_and_up_again(database: Database) -> None:
    config = alembic_config()
    with database.engine.begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, "base")
    assert set(inspect(database.engine).get_table_names()) <= {"alembic_version"}
    migrate(database.engine)
    with database.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []


def _migrate_to(database: Database, revision: str, down: bool) -> None:
    config = alembic_config()
    with migration_connection(database.engine) as conn:
        config.attributes["connection"] = conn
        (command.downgrade if down else command.upgrade)(config, revision)


def test_f6_migrations_keep_every_row_of_a_game_in_progress(database: Database) -> None:
    """F6: a game in progress stored by the first schema keeps its clock (and every row)
    through every migration up, and down again. On SQLite a migration that adds a column
    rebuilds the table (Alembic's batch mode): with foreign keys on, dropping the old
    ``games`` would delete its clocks with it (``ON DELETE CASCADE``)."""
    _migrate_to(database, "0001", down=True)
    t = datetime(2026, 12, 2, 12, 0, 0)
    with database.engine.begin() as conn:
        conn.execute(text("INSERT INTO players (id, created_at) VALUES ('p', :t)"), {"t": t})
        conn.execute(text(
            "INSERT INTO games (id, player_id, variant, deal, moves, redo, position, "
            "created_at, started_at, won, counted, version) VALUES (7, 'p', 'scorpion', "
            "'617', 'deal', '', '', :t, :t, false, true, 2)"), {"t": t})
        conn.execute(text(
            "INSERT INTO clocks (game_id, ms, since, seen) VALUES (7, 4057, NULL, NULL)"))

    def rows() -> tuple[object, ...]:
        with database.engine.connect() as conn:
            return (
                conn.execute(text("SELECT id, deal, moves, version FROM games")).all(),
                conn.execute(text("SELECT game_id, ms FROM clocks")).all(),
                conn.execute(text("SELECT id FROM players")).all(),
            )

    kept = rows()
    assert kept == ([(7, "617", "deal", 2)], [(7, 4057)], [("p",)])
    migrate(database.engine)
    assert rows() == kept
    _migrate_to(database, "0001", down=True)
    assert rows() == kept
    migrate(database.engine)
    assert rows() == kept


def test_b6_keys_broken_before_a_migration_stop_neither_it_nor_the_start(
    database_url: str,
) -> None:
    """B6: a row deleted by hand (the sqlite3 tool keeps foreign keys off) leaves other
    rows pointing at nothing; the server still starts on that database (it used to refuse,
    blaming a migration that was not running), and a migration is refused only for the keys
    it breaks itself, rolled back."""
    if not database_url.startswith("sqlite"):
        pytest.skip("PostgreSQL never lets a foreign key break")
    first = Database(database_url)
    store = Store(first)
    token = store.run(lambda s: s.create_player())
    pid = store.run(lambda s: s.player_id(token))
    store.run(lambda s: s.new_game(pid, "scorpion", "617"))
    with first.engine.connect() as conn:
        raw = conn.connection.dbapi_connection
        assert raw is not None
        raw.execute("PRAGMA foreign_keys=OFF")
        raw.execute("DELETE FROM players")
        raw.commit()
    first.dispose()
    again = Database(database_url)  # the server's start: migrate, nothing to do
    try:
        with pytest.raises(DatabaseError, match=(
            r"^the migration would break 1 foreign key\(s\) \(first in table settings\); "
            r"nothing was changed$"
        )), migration_connection(again.engine) as conn:
            conn.execute(text("UPDATE games SET deal = '618'"))
            conn.execute(text(
                "INSERT INTO settings (player_id, saving, peeking, updated_at) "
                "VALUES ('nobody', 1, 0, '2026-12-07 12:00:00')"))
        with again.engine.connect() as conn:  # rolled back
            assert conn.execute(text("SELECT variant, deal FROM games")).all() == [
                ("scorpion", "617")]
            assert conn.execute(text(
                "SELECT count(*) FROM settings WHERE player_id = 'nobody'")).scalar() == 0
    finally:
        again.dispose()


def test_migrating_again_is_harmless_and_keeps_the_data(database_url: str) -> None:
    first = Database(database_url)
    store = Store(first)
    token = store.run(lambda s: s.create_player())
    first.dispose()
    again = Database(database_url)  # a server restart migrates again
    try:
        assert Store(again).run(lambda s: s.player_id(token))
    finally:
        again.dispose()


def test_a_database_from_elsewhere_is_refused_with_a_clear_error(database_url: str) -> None:
    bare = Database(database_url, upgrade=False)
    with bare.engine.begin() as conn:
        conn.execute(text("CREATE TABLE games (id INTEGER PRIMARY KEY)"))
    bare.dispose()
    with pytest.raises(DatabaseError, match=r"tables \(games\) but no migration record"):
        Database(database_url)


def test_a_newer_schema_is_refused(database: Database) -> None:
    with database.engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    with pytest.raises(DatabaseError, match=r"schema \(9999\) is newer"):
        Database(database.url)


def test_bad_urls_and_missing_drivers_are_named() -> None:
    with pytest.raises(DatabaseError, match="not a database URL"):
        Database("no such thing")
    with pytest.raises(DatabaseError, match="no database driver"):
        Database("mysql+nosuchdriver://u:secret@localhost/db", upgrade=False)


# --- saved games (F6)


def test_a_saved_game_resumes_exactly_after_a_restart(database_url: str) -> None:
    """F6: position, undo and redo history, move count and clock survive a restart."""
    db = Database(database_url)
    store = Store(db)
    token = store.run(lambda s: s.create_player())
    pid = store.run(lambda s: s.player_id(token))
    store.run(lambda s: s.new_game(pid, "scorpion", "1"))
    play(store, pid, [*DEAL1_MOVES, "deal"], seconds_each=10)
    store.run(lambda s: s.undo(pid, "scorpion"))
    store.clock.advance(5)
    store.run(lambda s: s.set_clock(pid, "scorpion", running=False))  # the page was closed
    before = store.run(lambda s: s.current(pid, "scorpion"))
    db.dispose()

    later = Store(Database(database_url))
    later.clock.now = store.clock.now + timedelta(hours=3)  # closed time does not count
    after = later.run(lambda s: s.current(pid, "scorpion"))
    assert after.game.position == before.game.position
    assert after.game.moves == (Move.parse("7D-1"), Move.parse("5C-3"))
    assert after.game.redo_moves == (Move.parse("deal"),)
    assert after.elapsed_ms == before.elapsed_ms == 25_000
    assert not after.clock_running
    assert after.row.version == before.row.version
    # The history works after the restart: redo, then undo twice gives the deal back.
    later.run(lambda s: s.redo(pid, "scorpion"))
    later.run(lambda s: s.undo(pid, "scorpion"))
    later.run(lambda s: s.undo(pid, "scorpion"))
    state = later.run(lambda s: s.undo(pid, "scorpion"))
    assert state.game.position == deal(1)
    later.database.dispose()


def test_each_variant_keeps_its_own_game(store: Store, player: str) -> None:
    store.run(lambda s: s.new_game(player, "scorpion", "1"))
    store.run(lambda s: s.new_game(player, "wasp", "2"))
    play(store, player, ["7D-1"])
    assert store.run(lambda s: s.current(player, "wasp")).row.deal == "2"
    assert store.run(lambda s: s.current(player, "wasp")).game.moves == ()
    assert store.run(lambda s: s.current(player, "scorpion")).game.moves == (Move.parse("7D-1"),)
    assert store.count(GameRow, player_id=player) == 2


def test_a_stale_version_is_refused_and_nothing_changes(store: Store, player: str) -> None:
    first = store.run(lambda s: s.new_game(player, "scorpion", "1"))
    version = first.row.version
    store.run(lambda s: s.play(player, "scorpion", "7D-1", version))
    with pytest.raises(StaleGameError):
        store.run(lambda s: s.play(player, "scorpion", "5C-3", version))
    assert store.run(lambda s: s.current(player, "scorpion")).game.moves == (Move.parse("7D-1"),)


def test_f4_a_new_game_from_a_stale_view_keeps_the_game_it_would_replace(
    store: Store, player: str
) -> None:
    """F4: a New game sent with the version of an older view (a tab that missed another
    tab's move) is refused and the game stays as it was, on the general path (a session)
    and on the driver's short path (``GameService.on``); with the game's own version, or
    for a variant with no game, it deals."""
    first = store.run(lambda s: s.new_game(player, "scorpion", "1"))
    old = first.row.version
    store.run(lambda s: s.play(player, "scorpion", "7D-1", old))
    with pytest.raises(StaleGameError, match="another tab"):
        store.run(lambda s: s.new_game(player, "scorpion", "3", version=old))
    short = GameService.on(store.database)
    try:
        with pytest.raises(StaleGameError, match="another tab"):
            short.new_game(player, "scorpion", "3", version=old)
    finally:
        short.close()
    kept = store.run(lambda s: s.current(player, "scorpion"))
    assert (kept.row.deal, kept.game.moves, kept.row.version) == (
        "1", (Move.parse("7D-1"),), old + 1
    )
    again = store.run(lambda s: s.new_game(player, "scorpion", "3", version=old + 1))
    assert (again.row.deal, again.game.moves) == ("3", ())
    fresh = store.run(lambda s: s.new_game(player, "chelicera", "4", version=1))
    assert fresh.row.deal == "4"


@pytest.mark.parametrize(
    ("column", "value", "message"),
    [
        ("moves", "7D-1 QQ-9", "cannot be replayed: .*QQ"),
        ("moves", "7D-2", "cannot be replayed"),
        ("position", "not a position", "does not match its moves"),
        ("won", True, "has a wrong result"),
    ],
)
def test_a_damaged_game_gives_a_clear_error_for_that_game_only(
    store: Store, player: str, column: str, value: object, message: str
) -> None:
    store.run(lambda s: s.new_game(player, "scorpion", "1"))
    play(store, player, ["7D-1"])
    store.run(lambda s: s.new_game(player, "wasp", "3"))
    with store.database.session() as session:
        session.execute(
            update(GameRow)
            .where(GameRow.player_id == player, GameRow.variant == "scorpion")
            .values({column: value})
        )
    with pytest.raises(CorruptGameError, match=rf"Scorpion game \(deal 1\) {message}"):
        store.run(lambda s: s.current(player, "scorpion"))
    with pytest.raises(CorruptGameError):
        store.run(lambda s: s.play(player, "scorpion", "5C-3"))
    # The other variant plays on, and a new game replaces the damaged one.
    store.run(lambda s: s.play(player, "wasp", "deal"))
    fresh = store.run(lambda s: s.new_game(player, "scorpion", "7"))
    assert fresh.game.position == deal(7)
    assert store.run(lambda s: s.current(player, "scorpion")).row.deal == "7"


def test_the_saved_position_is_the_replayed_one(store: Store, player: str) -> None:
    store.run(lambda s: s.new_game(player, "scorpion", "1"))
    play(store, player, DEAL1_MOVES)
    with store.database.session() as session:
        row = session.scalars(select(GameRow).where(GameRow.player_id == player)).one()
        assert row.position == format_position(deal(1).apply(Move.parse("7D-1")).apply(
            Move.parse("5C-3")))
        assert row.moves == "7D-1 5C-3"


# --- the clock


def test_the_clock_counts_only_while_the_page_is_visible(store: Store, player: str) -> None:
    store.run(lambda s: s.new_game(player, "scorpion", "1"))
    store.clock.advance(30)  # before the first move: not counted
    play(store, player, ["7D-1"])
    store.clock.advance(12)
    assert store.run(lambda s: s.current(player, "scorpion")).elapsed_ms == 12_000
    store.run(lambda s: s.set_clock(player, "scorpion", running=False))  # tab hidden
    store.clock.advance(600)
    paused = store.run(lambda s: s.current(player, "scorpion"))
    assert (paused.elapsed_ms, paused.clock_running) == (12_000, False)
    store.run(lambda s: s.set_clock(player, "scorpion", running=True))  # visible again
    store.clock.advance(8)
    assert store.run(lambda s: s.current(player, "scorpion")).elapsed_ms == 20_000
    # A move also runs a paused clock (the player is obviously there).
    store.run(lambda s: s.set_clock(player, "scorpion", running=False))
    store.clock.advance(100)
    play(store, player, ["5C-3"])
    store.clock.advance(1)
    assert store.run(lambda s: s.current(player, "scorpion")).elapsed_ms == 21_000


def test_without_heartbeats_the_clock_stops_after_the_grace(store: Store, player: str) -> None:
    """A crashed browser sends no 'hidden': the clock counts at most the grace period."""
    store.run(lambda s: s.new_game(player, "scorpion", "1"))
    play(store, player, ["7D-1"])
    store.clock.advance(20)
    store.run(lambda s: s.set_clock(player, "scorpion", running=True))  # heartbeat
    store.clock.advance(3600)
    grace = int(HEARTBEAT_GRACE.total_seconds() * 1000)
    lapsed = store.run(lambda s: s.current(player, "scorpion"))
    assert (lapsed.elapsed_ms, lapsed.clock_running) == (20_000 + grace, False)
    play(store, player, ["5C-3"])  # back: a new interval starts now
    store.clock.advance(2)
    assert store.run(lambda s: s.current(player, "scorpion")).elapsed_ms == 22_000 + grace


def test_the_clock_neither_runs_before_the_first_move_nor_changes_the_version(
    store: Store, player: str
) -> None:
    start = store.run(lambda s: s.new_game(player, "scorpion", "1"))
    store.run(lambda s: s.set_clock(player, "scorpion", running=True))
    store.clock.advance(50)
    state = store.run(lambda s: s.current(player, "scorpion"))
    assert (state.elapsed_ms, state.clock_running) == (0, False)
    play(store, player, ["7D-1"])
    version = store.run(lambda s: s.current(player, "scorpion")).row.version
    store.run(lambda s: s.set_clock(player, "scorpion", running=False))
    store.run(lambda s: s.set_clock(player, "scorpion", running=True))
    assert store.run(lambda s: s.current(player, "scorpion")).row.version == version
    assert version > start.row.version


# --- statistics (F7)


def win(store: Store, pid: str, number: int = WINNABLE_DEAL, seconds_each: float = 1.0,
        replay: bool = False) -> None:
    if replay:
        store.run(lambda s: s.restart(pid, "scorpion"))
    else:
        store.run(lambda s: s.new_game(pid, "scorpion", str(number)))
    play(store, pid, winning_line(number), seconds_each=seconds_each)


def test_f2_f7_without_a_page_the_time_between_moves_counts_capped_by_the_grace(
    store: Store, player: str
) -> None:
    """F2, F7: no page runs the clock (no clock call at all): each move is a sign of life,
    the time between two moves counts up to HEARTBEAT_GRACE, the idle rest does not."""
    grace = int(HEARTBEAT_GRACE.total_seconds() * 1000)
    line = winning_line(WINNABLE_DEAL)
    store.run(lambda s: s.new_game(player, "scorpion", str(WINNABLE_DEAL)))
    store.clock.advance(500)  # before the first move: not counted
    play(store, player, line[:1])
    play(store, player, line[1:5], seconds_each=7)
    store.clock.advance(3600)  # an hour away between two moves: only the grace counts
    play(store, player, line[5:6])
    assert store.run(lambda s: s.current(player, "scorpion")).elapsed_ms == 4 * 7000 + grace
    play(store, player, line[6:], seconds_each=2)
    (result,) = store.run(lambda s: statistics(s.session, player))[0].recent
    assert result.won
    assert result.time_ms == 4 * 7000 + grace + (len(line) - 6) * 2000


def test_f2_f7_a_win_by_moves_faster_than_a_second_never_records_00_00(
    store: Store, player: str
) -> None:
    """F2, F7: a script sends a whole winning line at once: the win is recorded, but its
    time is at least one second (the clock shows whole seconds: never 00:00)."""
    win(store, player, seconds_each=0.001)
    stats = store.run(lambda s: statistics(s.session, player))[0]
    assert stats.won == 1
    assert stats.best_time_ms == MIN_WIN_TIME_MS == 1000
    assert store.run(lambda s: s.current(player, "scorpion")).elapsed_ms == 1000


def test_statistics_are_exact_over_a_scripted_series(store: Store, player: str) -> None:
    """F7: started on the first move, won when the engine sees it, replays count anew."""
    line = len(winning_line(WINNABLE_DEAL))
    # 1. A win in `line` moves, one second each.
    win(store, player, seconds_each=1)
    # 2. Dealt but no move made, then a new game: not started, not counted.
    store.run(lambda s: s.new_game(player, "scorpion", "1"))
    # 3. Started (two moves) and abandoned for a new game: a start without a win.
    play(store, player, DEAL1_MOVES, seconds_each=1)
    # 4.-5. Two wins, the second a replay of the first (a new start), faster.
    win(store, player, seconds_each=2)
    win(store, player, seconds_each=0.5, replay=True)
    # 6. A start taken back to no moves by Undo still counts as started.
    store.run(lambda s: s.new_game(player, "scorpion", "1"))
    play(store, player, ["7D-1"])
    store.run(lambda s: s.undo(player, "scorpion"))
    # 7. A win, then the game in progress (started, not finished).
    win(store, player, seconds_each=3)
    store.run(lambda s: s.new_game(player, "scorpion", "1"))
    play(store, player, ["7D-1"])
    # A Wasp game is counted apart.
    store.run(lambda s: s.new_game(player, "wasp", "2"))
    play(store, player, ["deal"], variant="wasp")

    stats = {v.variant: v for v in store.run(lambda s: statistics(s.session, player))}
    scorpion = stats["scorpion"]
    assert scorpion.started == 7
    assert scorpion.won == 4
    assert scorpion.win_rate == pytest.approx(4 / 7)
    # The clock of a win runs from its first move to its last: (line - 1) intervals.
    assert scorpion.best_time_ms == int((line - 1) * 0.5 * 1000)
    assert scorpion.fewest_moves == line
    # Finished games in order: W L W W L W (the 7th is in progress).
    assert [r.won for r in scorpion.recent] == [True, False, True, True, False, True]
    assert scorpion.current_streak == 1
    assert scorpion.longest_streak == 2
    assert scorpion.in_progress
    assert (stats["wasp"].started, stats["wasp"].won, stats["wasp"].in_progress) == (1, 0, True)
    assert stats["wasp"].recent == []
    assert (stats["wasp-ii"].started, stats["wasp-ii"].win_rate) == (0, None)


def test_a_win_is_counted_once_and_only_when_the_engine_sees_it(
    store: Store, player: str
) -> None:
    line = winning_line(WINNABLE_DEAL)
    store.run(lambda s: s.new_game(player, "scorpion", str(WINNABLE_DEAL)))
    play(store, player, line[:-1])
    assert store.count(ResultRow, player_id=player, won=True) == 0
    play(store, player, line[-1:])
    assert store.count(ResultRow, player_id=player, won=True) == 1
    store.run(lambda s: s.current(player, "scorpion"))  # looking again changes nothing
    assert store.count(ResultRow, player_id=player) == 1


# --- settings, deletion and export (F8)


def test_saving_off_ends_the_game_at_the_next_visit(store: Store, player: str) -> None:
    store.run(lambda s: s.new_game(player, "scorpion", "9"))
    play(store, player, ["deal"])
    assert store.run(lambda s: s.visit(player, "scorpion")).row.deal == "9"  # saving on
    deleted = store.run(lambda s: s.set_saving(player, False))
    assert deleted == 1
    assert store.count(GameRow, player_id=player) == 0
    assert store.run(lambda s: s.saving(player)) is False
    store.run(lambda s: s.new_game(player, "scorpion", "9"))
    play(store, player, ["deal"])
    visit = store.run(lambda s: s.visit(player, "scorpion"))
    assert (visit.row.deal, visit.game.moves) == ("1", ())  # a new deal
    assert store.count(ResultRow, player_id=player) == 2  # both starts stay counted
    store.run(lambda s: s.set_saving(player, True))
    store.run(lambda s: s.new_game(player, "scorpion", "9"))
    assert store.run(lambda s: s.visit(player, "scorpion")).row.deal == "9"


def test_deleting_saved_games_deletes_the_rows_and_keeps_results(
    store: Store, player: str
) -> None:
    store.run(lambda s: s.new_game(player, "scorpion", "1"))
    play(store, player, ["7D-1"])
    store.run(lambda s: s.new_game(player, "wasp", "2"))
    assert store.count(GameRow, player_id=player) == 2
    assert store.count(ClockRow) == 2
    assert store.run(lambda s: s.delete_saved_games(player)) == 2
    assert store.count(GameRow, player_id=player) == 0
    assert store.count(ClockRow) == 0
    assert store.count(ResultRow, player_id=player) == 1
    stats = store.run(lambda s: statistics(s.session, player))[0]
    assert (stats.started, stats.won, stats.in_progress, stats.current_streak) == (1, 0, False, 0)
    assert store.run(lambda s: s.current(player, "scorpion")).game.moves == ()


def test_deleting_results_deletes_the_rows_and_uncounts_the_game_on(
    store: Store, player: str
) -> None:
    win(store, player)
    store.run(lambda s: s.new_game(player, "scorpion", str(WINNABLE_DEAL)))
    line = winning_line(WINNABLE_DEAL)
    play(store, player, line[:3])
    assert store.count(ResultRow, player_id=player) == 2
    assert store.run(lambda s: s.delete_results(player)) == 2
    assert store.count(ResultRow, player_id=player) == 0
    # The game in progress goes on, and its win counts nowhere.
    play(store, player, line[3:])
    assert store.run(lambda s: s.current(player, "scorpion")).row.won
    stats = store.run(lambda s: statistics(s.session, player))[0]
    assert (stats.started, stats.won, stats.in_progress) == (0, 0, False)
    # The next game counts again.
    win(store, player)
    assert store.run(lambda s: statistics(s.session, player))[0].won == 1


def test_download_my_data_holds_everything_kept(store: Store, player: str) -> None:
    win(store, player)
    store.run(lambda s: s.new_game(player, "scorpion", "1"))
    play(store, player, DEAL1_MOVES, seconds_each=2)
    store.run(lambda s: s.undo(player, "scorpion"))
    data = store.run(lambda s: export_data(s.session, player, store.clock()))
    assert data["format"] == "scorpion-solitaire player data"
    assert data["settings"] == {"saving": True, "peeking": False}
    [saved] = data["saved_games"]
    assert (saved["variant"], saved["deal"], saved["moves"], saved["redo"]) == (
        "scorpion", "1", ["7D-1"], ["5C-3"])
    assert saved["elapsed_ms"] == 2000
    assert "position" not in saved  # it would show the face-down cards
    # Nor are they anywhere in the saved game, under any name: 7D-1 turned none up.
    down, stock = hidden_cards(deal(1))
    assert not codes_named(json.dumps(saved)) & (down | stock)
    assert [(r["deal"], r["won"]) for r in data["results"]] == [
        (str(WINNABLE_DEAL), True), ("1", False)]
    assert data["results"][0]["moves"] == len(winning_line(WINNABLE_DEAL))
    assert player not in str(data)


# --- isolation between players


def test_players_cannot_see_or_change_each_others_data(store: Store) -> None:
    tokens = [store.run(lambda s: s.create_player()) for _ in range(2)]
    a, b = (store.run(lambda s, t=t: s.player_id(t)) for t in tokens)
    store.run(lambda s: s.new_game(a, "scorpion", "1"))
    play(store, a, ["7D-1"])
    win(store, a)
    store.run(lambda s: s.set_saving(a, False))
    # B sees a fresh world of its own.
    assert store.run(lambda s: s.current(b, "scorpion")).game.moves == ()
    assert all(v.started == 0 for v in store.run(lambda s: statistics(s.session, b)))
    assert store.run(lambda s: s.saving(b)) is True
    assert store.run(lambda s: export_data(s.session, b, store.clock()))["results"] == []
    # B's deletions leave A's rows alone.
    store.run(lambda s: s.new_game(b, "scorpion", "2"))
    play(store, b, ["deal"])
    assert store.run(lambda s: s.delete_results(b)) == 1
    assert store.run(lambda s: s.delete_saved_games(b)) == 1
    assert store.count(ResultRow, player_id=a) == 2
    assert store.run(lambda s: statistics(s.session, a))[0].won == 1
    assert store.count(PlayerRow) == 2
    assert store.count(SettingsRow, saving=False) == 1


def test_players_who_stored_nothing_are_forgotten_after_a_week(store: Store) -> None:
    idle = store.run(lambda s: s.player_id(s.create_player()))
    playing = store.run(lambda s: s.player_id(s.create_player()))
    store.run(lambda s: s.new_game(playing, "scorpion", "1"))
    private = store.run(lambda s: s.player_id(s.create_player()))
    store.run(lambda s: s.set_saving(private, False))
    store.clock.advance(6 * 24 * 3600)
    assert store.run(lambda s: s.forget_idle_players()) == 0
    store.clock.advance(2 * 24 * 3600)
    assert store.run(lambda s: s.forget_idle_players()) == 1
    assert store.count(PlayerRow, id=idle) == 0
    assert store.count(PlayerRow, id=playing) == store.count(PlayerRow, id=private) == 1
    assert store.count(SettingsRow, player_id=idle) == 0  # its settings went with it


def test_a_damaged_clock_is_reported_and_a_new_game_replaces_it(
    store: Store, player: str
) -> None:
    store.run(lambda s: s.new_game(player, "scorpion", "1"))
    play(store, player, ["7D-1"])
    with store.database.engine.begin() as conn:
        if conn.dialect.name == "sqlite":
            conn.execute(text("UPDATE clocks SET since = 'garbage'"))
        else:  # PostgreSQL's types refuse such text: damage the counter instead
            conn.execute(text("UPDATE clocks SET ms = -5000000"))
    # A negative time is damage too (F7: no time is below zero).
    with pytest.raises(CorruptGameError, match=r"Scorpion game \(deal 1\) has a damaged"):
        store.run(lambda s: s.current(player, "scorpion"))
    fresh = store.run(lambda s: s.new_game(player, "scorpion", "2"))
    assert (fresh.row.deal, fresh.elapsed_ms) == ("2", 0)
    play(store, player, ["deal"])
    assert store.run(lambda s: s.current(player, "scorpion")).game.moves == (Move.parse("deal"),)


def test_an_unreadable_game_row_is_replaced_by_a_new_game(store: Store, player: str) -> None:
    store.run(lambda s: s.new_game(player, "scorpion", "1"))
    if not store.database.is_sqlite:
        pytest.skip("PostgreSQL's column types refuse the damage this test makes")
    with store.database.engine.begin() as conn:
        conn.execute(text("UPDATE games SET created_at = 'garbage'"))
    with pytest.raises(CorruptGameError, match="Scorpion game cannot be read"):
        store.run(lambda s: s.current(player, "scorpion"))
    assert store.run(lambda s: s.new_game(player, "scorpion", "3")).row.deal == "3"
    assert store.run(lambda s: s.current(player, "scorpion")).row.deal == "3"


def test_unreachable_databases_give_a_clear_error() -> None:
    for url in ("postgresql+psycopg://nobody@127.0.0.1:1/x", "sqlite:////nonexistent/dir/x.db"):
        with pytest.raises(DatabaseError, match=re.escape(f"cannot open {url}: ")):
            Database(url)
