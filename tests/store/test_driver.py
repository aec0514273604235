"""The request path's statements on the driver (``Database.driver``): the same rows,
conversions and errors as SQLAlchemy's own execution, on each backend (F6)."""

from __future__ import annotations

from datetime import datetime

import pytest
from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError

from scorpion.store import Database
from scorpion.store.models import Base

PLAYERS = Base.metadata.tables["players"]
GAMES = Base.metadata.tables["games"]
CLOCKS = Base.metadata.tables["clocks"]

WHEN = datetime(2026, 12, 2, 3, 4, 5, 678901)

GAME = select(
    GAMES.c.id, GAMES.c.created_at, GAMES.c.started_at, GAMES.c.won, GAMES.c.counted,
    GAMES.c.version, CLOCKS.c.ms, CLOCKS.c.since,
).join_from(GAMES, CLOCKS, CLOCKS.c.game_id == GAMES.c.id).where(
    GAMES.c.player_id == bindparam("player")
)
SAVE = (
    update(GAMES)
    .where(GAMES.c.id == bindparam("game"), GAMES.c.version == bindparam("old"))
    .values(version=bindparam("new"), started_at=bindparam("started"))
)


def _one_game(database: Database) -> int:
    with database.connection() as c:
        c.execute(insert(PLAYERS).values(id="p" * 64, created_at=WHEN))
        game_id = c.execute(
            insert(GAMES).values(
                player_id="p" * 64, variant="scorpion", deal="5", moves="", redo="",
                position="x", created_at=WHEN, started_at=None, finished_at=None, won=False,
                counted=True, version=3, peeked=False,
            ).returning(GAMES.c.id)
        ).scalar_one()
        c.execute(insert(CLOCKS).values(game_id=game_id, ms=1200, since=WHEN, seen=None))
    return int(game_id)


def test_rows_read_on_the_driver_equal_sqlalchemys(database: Database) -> None:
    game_id = _one_game(database)
    with database.connection() as c:
        expected = tuple(c.execute(GAME, {"player": "p" * 64}).one())
    tx = database.driver()
    try:
        got = tx.fetch(GAME, {"player": "p" * 64})
    finally:
        tx.close()
    assert got == expected == (game_id, WHEN, None, False, True, 3, 1200, WHEN)
    assert [type(v) for v in got] == [int, datetime, type(None), bool, bool, int, int, datetime]


def test_a_committed_write_is_stored_and_a_closed_one_is_not(database: Database) -> None:
    game_id = _one_game(database)
    tx = database.driver()
    assert tx.run(SAVE, {"game": game_id, "old": 3, "new": 4, "started": WHEN}) == 1
    assert tx.run(SAVE, {"game": game_id, "old": 3, "new": 5, "started": None}) == 0
    tx.commit()
    assert tx.done
    tx = database.driver()
    assert tx.run(SAVE, {"game": game_id, "old": 4, "new": 9, "started": None}) == 1
    tx.close()  # rolled back
    with database.connection() as c:
        row = c.execute(select(GAMES.c.version, GAMES.c.started_at)).one()
    assert tuple(row) == (4, WHEN)


def test_the_drivers_errors_are_sqlalchemys(database: Database) -> None:
    _one_game(database)
    duplicate = insert(PLAYERS).values(id=bindparam("id"), created_at=bindparam("at"))
    tx = database.driver()
    try:
        with pytest.raises(IntegrityError) as info:
            tx.run(duplicate, {"id": "p" * 64, "at": WHEN})
        assert isinstance(info.value, DBAPIError) and info.value.orig is not None
    finally:
        tx.close()
    # The connection went back to the pool in a clean state: the next one works.
    tx = database.driver()
    try:
        assert tx.fetch(select(PLAYERS.c.id), {}) == ("p" * 64,)
    finally:
        tx.close()


def test_a_statement_with_a_python_side_default_is_refused(database: Database) -> None:
    """Column defaults computed in Python are SQLAlchemy's execution's work, which the
    driver's path skips: such a statement must give every value, or it is refused."""
    results = Base.metadata.tables["results"]
    partial = insert(results).values(
        player_id=bindparam("p"), variant="scorpion", deal="1", started_at=WHEN, peeked=False
    )
    with pytest.raises(ValueError, match=r"give every column a value .*: won, moves, time_ms"):
        database.statement(partial)


def _stored(database: Database, pid: str) -> tuple[object, ...]:
    results = Base.metadata.tables["results"]
    with database.connection() as c:
        game = c.execute(
            select(GAMES.c.deal, GAMES.c.moves, GAMES.c.redo, GAMES.c.position, GAMES.c.won,
                   GAMES.c.started_at, GAMES.c.result_id, GAMES.c.counted, GAMES.c.version,
                   GAMES.c.peeked, GAMES.c.deal_seen, CLOCKS.c.ms, CLOCKS.c.since,
                   CLOCKS.c.seen)
            .join_from(GAMES, CLOCKS, CLOCKS.c.game_id == GAMES.c.id)
            .where(GAMES.c.player_id == pid)
        ).one()
        kept = c.execute(select(results.c.deal, results.c.won).where(
            results.c.player_id == pid)).all()
    return (*game, tuple(map(tuple, kept)))


def test_a_new_game_on_the_driver_stores_what_the_general_path_stores(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """F4, F7: a new game in a row the player has (``GameService._renew``, on the driver)
    leaves the same row, clock and statistics as the ORM's general path: the old game's
    result stays (started, not won), the version goes up by one."""
    from scorpion.engine import deal, format_position
    from scorpion.store import GameService
    from scorpion.store.games import forget_replays

    stored = []
    for short in (True, False):
        with database.session() as session:
            svc = GameService(session)
            pid = svc.player_id(svc.create_player())
            svc.new_game(pid, "scorpion", "5")
        for move in ("deal", "undo"):
            svc = GameService.on(database)
            try:
                svc.undo(pid, "scorpion") if move == "undo" else svc.play(pid, "scorpion", move)
                svc.commit()
            finally:
                svc.close()
        taken: list[int] = []

        def renew(self: GameService, *args: object, taken: list[int] = taken,
                  short: bool = short, original: object = GameService._renew) -> object:
            taken.append(1)
            return original(self, *args) if short else None  # type: ignore[operator]

        with monkeypatch.context() as patch:
            patch.setattr(GameService, "_renew", renew)
            svc = GameService.on(database)
            try:
                state = svc.new_game(pid, "scorpion", "617", known=False)
                svc.commit()
            finally:
                svc.close()
        assert taken == [1]
        assert state.game.position == deal(617) and not state.game.moves
        assert state.row.version == 4  # made 1, "deal" 2, "undo" 3, new game 4
        forget_replays()
        stored.append(_stored(database, pid))
    assert stored[0] == stored[1]
    assert stored[0][:5] == ("617", "", "", format_position(deal(617)), False)
    assert stored[0][5:] == (None, None, True, 4, False, False, 0, None, None, (("5", False),))
