"""Connecting to the database: engine, sessions, and the Alembic migrations.

SQLite is the default (a file in the user's data directory, no server needed); any
database SQLAlchemy 2 supports through the same code, PostgreSQL in particular
(``postgresql+psycopg://user:password@host/dbname``, with the ``postgres`` extra).
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import quote

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from platformdirs import user_data_dir
from sqlalchemy import Connection, Dialect, Engine, Executable, create_engine, event, inspect
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.elements import ClauseElement


class DatabaseError(Exception):
    """The database cannot be used: a bad URL, a missing driver, an unknown schema."""


def default_database_url() -> str:
    """Return the default database: an SQLite file in the user's data directory (made if
    missing).

    Raises:
        DatabaseError: if that directory cannot be made (the message names it, and the
            way round: another database with ``--database``).
    """
    folder = Path(user_data_dir("scorpion-solitaire", appauthor=False))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabaseError(
            f"cannot make the data folder {folder} for the default database: "
            f"{exc.strerror or exc}; choose another database with --database"
        ) from None
    return f"sqlite:///{folder / 'scorpion.db'}"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # WAL: readers do not wait for the writer. NORMAL: a commit is in the WAL file before
    # the server answers, so a killed server (even SIGKILL) loses nothing; only a power cut
    # could lose the last commits, and FULL (an fsync per move) would triple the latency.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    # No waiting inside SQLite: the only lock a transaction waits for is the write lock
    # at its start, and _sqlite_begin waits for it (SQLite's own wait sleeps ever longer).
    cursor.execute("PRAGMA busy_timeout=0")
    # Checkpoints (copying the WAL into the database file, with an fsync) are not made by
    # the request that happens to commit past the threshold: see Checkpointer.
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.close()
    # SQLAlchemy, not the driver, begins the transactions (see _sqlite_begin).
    dbapi_connection.isolation_level = None


SQLITE_LOCK_TIMEOUT = 10.0
"""Seconds a transaction waits for SQLite's write lock before it fails."""


def _sqlite_begin(connection: Any) -> None:
    """Begin every SQLite transaction with the database's write lock (SQLAlchemy's
    ``begin`` event; see :func:`begin_immediate`)."""
    begin_immediate(connection.connection.driver_connection)


def begin_immediate(driver: sqlite3.Connection) -> None:
    """Begin an SQLite transaction with the database's write lock (BEGIN IMMEDIATE).

    Requests are then serialised from their first read to their commit, across server
    processes: a request reads a game only once the one before it has committed, so a
    move without ``version`` is applied after the move that arrived before it, never
    refused as stale. (The driver's own transactions would begin only at the first write,
    after the reads, and a deferred one could not take the lock once another process had
    written.) In WAL mode that is the only lock a transaction waits for, so it is waited
    for here, polling every fraction of a millisecond, for at most
    :data:`SQLITE_LOCK_TIMEOUT`: SQLite's busy handler would sleep 1, 2, 5, ... 100 ms
    between tries, and a process whose requests follow each other closely would keep the
    lock from one that waits that long.

    A read-only database gets a plain (deferred) transaction instead, so reads still work.

    Raises:
        sqlite3.OperationalError: if the lock is not free within the timeout.
    """
    deadline = time.monotonic() + SQLITE_LOCK_TIMEOUT
    pause = 0.0001
    while True:
        try:
            driver.execute("BEGIN IMMEDIATE")
            return
        except sqlite3.OperationalError as exc:
            if "readonly" in str(exc):
                # A read-only database (or file): reads still answer; a write then fails
                # with the read-only error, which the server reports (503).
                driver.execute("BEGIN")
                return
            busy = "locked" in str(exc) or "busy" in str(exc)
            if not busy or time.monotonic() > deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.001)


Processor = Callable[[Any], Any]


class DriverStatement:
    """A Core statement compiled once for one dialect, to run on the driver's own cursor
    (:class:`DriverTransaction`).

    SQLAlchemy's compiler gives the SQL text in the driver's parameter style and the
    order of its parameters; the column types' own bind and result processors convert
    the values (on SQLite, a ``datetime`` is stored as text and a ``bool`` as 0 or 1), so
    the rows are the values :meth:`Connection.execute` would give, less its per-execution
    work (its caches, events and result objects: most of a short statement's cost).

    Args:
        statement: a Core ``select``, ``insert`` (with ``returning``) or ``update``.
        dialect: the engine's dialect.

    Raises:
        TypeError: for something else than a Core statement.
        ValueError: for a statement that leaves a column with a default computed in
            Python (SQLAlchemy's execution computes those; give every value instead).
    """

    def __init__(self, statement: Executable, dialect: Dialect) -> None:
        if not isinstance(statement, ClauseElement):
            raise TypeError(f"not a Core statement: {statement!r}")
        compiled = statement.compile(dialect=dialect)
        assert isinstance(compiled, SQLCompiler)
        # Column defaults computed in Python are SQLAlchemy's execution's work: give them.
        pending = compiled.insert_prefetch or compiled.update_prefetch
        if pending:
            names = ", ".join(column.name for column in pending)
            raise ValueError(f"give every column a value (these have Python defaults: {names})")
        self.compiled = compiled
        self.sql: str = compiled.string
        self.order: Sequence[str] | None = (
            list(compiled.positiontup or ()) if compiled.positional else None
        )
        self.binds: dict[str, Processor] = {}
        for name, bind in compiled.binds.items():
            process = bind.type.dialect_impl(dialect).bind_processor(dialect)
            if process is not None:
                self.binds[name] = process
        # The columns a row gives: a select's, or an insert's or update's RETURNING.
        self.results: list[Processor | None] = [
            column.type.dialect_impl(dialect).result_processor(dialect, None)
            for column in getattr(statement, "exported_columns", ())
        ]

    def parameters(self, values: Mapping[str, Any]) -> Sequence[Any] | Mapping[str, Any]:
        """The driver's parameters for ``values`` (keyed by the statement's bind names)."""
        named = self.compiled.construct_params(dict(values))
        for name, process in self.binds.items():
            if name in named:
                named[name] = process(named[name])
        if self.order is None:
            return named
        return [named[name] for name in self.order]

    def row(self, raw: Sequence[Any]) -> tuple[Any, ...]:
        """A row of the driver's values converted as SQLAlchemy would.

        Raises:
            ValueError, TypeError: for a stored value its type cannot read (a damaged row).
        """
        return tuple(
            value if process is None or value is None else process(value)
            for value, process in zip(raw, self.results, strict=False)
        )


class DriverTransaction:
    """One transaction on a pooled connection's driver, for the few statements of the
    request path that run most often (a move: one read, two writes); see
    :meth:`Database.driver`. It begins as :meth:`Database.connection` does (on SQLite,
    with the write lock), and the driver's errors are raised as SQLAlchemy's
    :class:`~sqlalchemy.exc.DBAPIError` subclasses, as a Core connection raises them.
    """

    def __init__(self, database: Database) -> None:
        self._database = database
        self._dialect = database.engine.dialect
        self._pooled = database.engine.raw_connection()
        self._driver: Any = self._pooled.driver_connection
        self.done = False
        try:
            if database.is_sqlite:
                self._guard(lambda: begin_immediate(self._driver), "BEGIN IMMEDIATE")
        except BaseException:
            self._pooled.close()
            raise

    def _guard(self, work: Callable[[], Any], sql: str, parameters: Any = None) -> Any:
        dbapi = self._dialect.loaded_dbapi
        try:
            return work()
        except dbapi.Error as exc:
            if self._dialect.is_disconnect(exc, self._driver, None):
                self._pooled.invalidate(exc)
            raise DBAPIError.instance(
                sql, parameters, exc, dbapi.Error, dialect=self._dialect
            ) from exc

    def _execute(
        self, compiled: DriverStatement, values: Mapping[str, Any], read: Callable[[Any], Any]
    ) -> Any:
        """Run ``compiled`` with ``values`` on a cursor and return what ``read(cursor)``
        gives."""
        parameters = compiled.parameters(values)

        def work() -> Any:
            cursor = self._driver.cursor()
            try:
                cursor.execute(compiled.sql, parameters)
                return read(cursor)
            finally:
                cursor.close()

        return self._guard(work, compiled.sql, parameters)

    def fetch(self, statement: Executable, values: Mapping[str, Any]) -> tuple[Any, ...] | None:
        """Run ``statement`` (compiled once, see :meth:`Database.statement`) and return its
        first row converted (:meth:`DriverStatement.row`), or None when it gives none.

        Raises:
            sqlalchemy.exc.DBAPIError: when the database refuses it.
            ValueError, TypeError: for a damaged value in the row.
        """
        compiled = self._database.statement(statement)
        raw = self._execute(compiled, values, lambda cursor: cursor.fetchone())
        return None if raw is None else compiled.row(raw)

    def run(self, statement: Executable, values: Mapping[str, Any]) -> int:
        """Run ``statement`` (an UPDATE or DELETE) and return how many rows it changed.

        Raises:
            sqlalchemy.exc.DBAPIError: when the database refuses it.
        """
        compiled = self._database.statement(statement)
        return int(self._execute(compiled, values, lambda cursor: cursor.rowcount))

    def commit(self) -> None:
        """Commit, and give the connection back to the pool.

        Raises:
            sqlalchemy.exc.DBAPIError: when the database refuses the commit (then
                nothing of the transaction is stored).
        """
        if self.done:
            return
        try:
            self._guard(self._driver.commit, "COMMIT")
        finally:
            self.close()

    def close(self) -> None:
        """Roll back what was not committed and give the connection back to the pool."""
        if self.done:
            return
        self.done = True
        try:
            if self._database.is_sqlite and self._driver.in_transaction:
                self._driver.rollback()
            # the pool rolls back any other driver's open transaction on return
        finally:
            self._pooled.close()


CHECKPOINT_SECONDS = 0.5
"""How often the background thread of an SQLite database checkpoints its WAL, in seconds."""


class Checkpointer:
    """A thread that checkpoints an SQLite database's write-ahead log every
    :data:`CHECKPOINT_SECONDS` (PASSIVE: it waits for no reader or writer).

    SQLite would otherwise make the checkpoint, an fsync of the database file that may
    take tens of milliseconds, inside the commit of whichever request crossed the
    threshold, holding up every request of that server process meanwhile. The thread has
    its own connection, and SQLite releases Python's lock while it writes.

    Args:
        path: the database file.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sqlite-checkpoint", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        connection: sqlite3.Connection | None = None
        try:
            while not self._stop.wait(CHECKPOINT_SECONDS):
                try:
                    if connection is None:  # mode=rw: never makes the file
                        connection = sqlite3.connect(
                            f"file:{quote(self.path)}?mode=rw", uri=True,
                            isolation_level=None, timeout=0,
                        )
                    connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                except sqlite3.Error:
                    pass  # busy, or the file is gone: try again at the next tick
        finally:
            if connection is not None:
                connection.close()

    def stop(self) -> None:
        """Stop the thread (it makes no further checkpoint)."""
        self._stop.set()
        self._thread.join(timeout=5)


def alembic_config() -> Config:
    """The Alembic configuration of the package's migrations (no ini file needed).

    To run Alembic commands on a database, put an open connection in
    ``config.attributes["connection"]`` (see ``migrations/env.py``).
    """
    config = Config()
    config.set_main_option(
        "script_location", str(resources.files("scorpion.store") / "migrations")
    )
    return config


def head_revision() -> str:
    """The newest migration's revision id (the schema this version of the code expects)."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def _broken_keys(connection: Connection) -> Counter[tuple[str, str]]:
    """SQLite's broken foreign keys, counted by table and the table they refer to (a
    table rebuilt by a migration keeps its rows but may number them anew)."""
    rows = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
    return Counter((str(row[0]), str(row[2])) for row in rows)


@contextmanager
def migration_connection(engine: Engine) -> Iterator[Connection]:
    """A connection in a transaction for Alembic to migrate on (committed at the end, or
    rolled back on an error).

    On SQLite, foreign keys are switched off for it, as Alembic's batch mode needs: a
    column added to ``games`` rebuilds the table (copy, drop, rename), and with foreign
    keys on, dropping the old table would delete every row that refers to it with
    ``ON DELETE CASCADE`` (the games' clocks). Before the commit the foreign keys are
    checked (``PRAGMA foreign_key_check``) against the same check made before the
    migration: keys broken already (a row deleted by hand, say, with the sqlite3 tool,
    where foreign keys are off) are not the migration's doing and do not stop it, nor the
    server's start; they are switched on again afterwards.

    Raises:
        DatabaseError: (SQLite) if the migration breaks a foreign key that held before it
            (rolled back).
    """
    with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        raw = connection.connection.dbapi_connection
        if sqlite and raw is not None:
            # Outside any transaction (inside one SQLite ignores the pragma).
            raw.execute("PRAGMA foreign_keys=OFF")
        try:
            with connection.begin():
                before = _broken_keys(connection) if sqlite else Counter[tuple[str, str]]()
                yield connection
                if sqlite:
                    broken = _broken_keys(connection) - before
                    if broken:
                        raise DatabaseError(
                            f"the migration would break {broken.total()} foreign key(s) "
                            f"(first in table {min(broken)[0]}); nothing was changed"
                        )
        finally:
            if sqlite and raw is not None:
                raw.execute("PRAGMA foreign_keys=ON")


def migrate(engine: Engine) -> None:
    """Bring the database schema up to date with Alembic (``upgrade head``).

    Safe to run on every start and from several processes at once on PostgreSQL (the
    migration runs in one transaction under an advisory lock).

    Raises:
        DatabaseError: if the database holds tables that no migration made (for example,
            from a pre-release version), or a schema newer than this code knows.
    """
    config = alembic_config()
    with migration_connection(engine) as connection:
        if connection.dialect.name == "postgresql":
            connection.exec_driver_sql("SELECT pg_advisory_xact_lock(76543210)")
        current = MigrationContext.configure(connection).get_current_revision()
        if current is None:
            stray = set(inspect(connection).get_table_names()) & {"players", "games"}
            if stray:
                url = engine.url.render_as_string(hide_password=True)
                raise DatabaseError(
                    f"{url} has tables ({', '.join(sorted(stray))}) but no migration "
                    "record: it was made by another program or a pre-release version; "
                    "move it away, or choose another database with --database"
                )
        else:
            known = {rev.revision for rev in ScriptDirectory.from_config(config).walk_revisions()}
            if current not in known:
                raise DatabaseError(
                    f"the database schema ({current}) is newer than this version of "
                    "scorpion-solitaire knows: upgrade the program"
                )
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class Database:
    """A database: its SQLAlchemy engine and a session factory.

    Args:
        url: an SQLAlchemy URL (``sqlite:///path.db``, ``postgresql+psycopg://...``);
            None for :func:`default_database_url`.
        upgrade: run the migrations now (see :func:`migrate`).

    Raises:
        DatabaseError: for a malformed URL, a driver that is not installed, a schema
            :func:`migrate` cannot bring up to date, or (``url`` None) a data directory
            that cannot be made.
    """

    def __init__(self, url: str | None = None, upgrade: bool = True) -> None:
        self.url = url or default_database_url()
        try:
            parsed = make_url(self.url)
        except ArgumentError:
            raise DatabaseError(f"not a database URL: {self.url!r}") from None
        kwargs: dict[str, Any] = {}
        self.is_sqlite = parsed.get_backend_name() == "sqlite"
        if self.is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 10}
        else:
            kwargs["pool_size"] = 10
            kwargs["max_overflow"] = 20
            kwargs["pool_pre_ping"] = True
        try:
            self.engine = create_engine(parsed, **kwargs)
        except (NoSuchModuleError, ModuleNotFoundError) as exc:
            hint = ""
            if parsed.get_backend_name() == "postgresql":
                hint = " (install it with: pip install 'scorpion-solitaire[postgres]')"
            raise DatabaseError(f"no database driver for {self.safe_url}: {exc}{hint}") from None
        self._checkpointer: Checkpointer | None = None
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
            event.listen(self.engine, "begin", _sqlite_begin)
            if parsed.database and parsed.database != ":memory:":
                self._checkpointer = Checkpointer(parsed.database)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._statements: dict[Executable, DriverStatement] = {}
        if upgrade:
            try:
                migrate(self.engine)
            except DBAPIError as exc:
                self.dispose()
                reason = str(exc.orig).strip().splitlines()[0] if exc.orig else str(exc)
                raise DatabaseError(f"cannot open {self.safe_url}: {reason}") from None
            except BaseException:
                self.dispose()
                raise

    @property
    def safe_url(self) -> str:
        """The URL with its password hidden, for messages and logs."""
        return make_url(self.url).render_as_string(hide_password=True)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session that commits at the end of the block, or rolls back on an error."""
        with self.sessions() as session, session.begin():
            yield session

    @contextmanager
    def connection(self) -> Iterator[Connection]:
        """A Core connection in a transaction that commits at the end of the block (unless
        committed before), or rolls back on an error: lighter than :meth:`session` for
        requests that need no ORM (see ``GameService.on``)."""
        with self.engine.begin() as connection:
            yield connection

    def driver(self) -> DriverTransaction:
        """A transaction on a pooled connection's driver, for statements compiled with
        :meth:`statement`: lighter than :meth:`connection` on the request path's few
        statements. The caller commits it or closes it (which rolls back).

        Raises:
            sqlalchemy.exc.DBAPIError: if the connection cannot be had or the
                transaction cannot begin.
        """
        return DriverTransaction(self)

    def statement(self, statement: Executable) -> DriverStatement:
        """``statement`` compiled for this database's dialect (kept: compile each once)."""
        found = self._statements.get(statement)
        if found is None:
            found = self._statements[statement] = DriverStatement(statement, self.engine.dialect)
        return found

    def dispose(self) -> None:
        """Close every pooled connection (and stop SQLite's :class:`Checkpointer`)."""
        if self._checkpointer is not None:
            self._checkpointer.stop()
            self._checkpointer = None
        self.engine.dispose()
