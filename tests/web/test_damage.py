"""Damaged rows and a database that cannot write (F6-F8): a clear answer, never a 500.

A damaged row (text where a number or a time belongs, bytes for text, a negative time)
gives the documented 409 for that game or record only, and the documented recovery (New
game, the delete routes) works from it. A full or read-only database gives a JSON 503
naming the cause on every route, the page included, and nothing half-written.

Values of the wrong type can only be written into SQLite (PostgreSQL's column types refuse
them); values out of range are tried on both.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

import pytest
from api_client import new_client, ok
from fastapi.testclient import TestClient
from sqlalchemy import Connection, event, text
from sqlalchemy.exc import OperationalError

from scorpion.store import Database
from scorpion.web import create_app
from scorpion.web.app import COOKIE
from winning import WINNABLE_DEAL, winning_line

ROUTES = [
    ("GET", "/", None),
    ("GET", "/statistics", None),
    ("GET", "/settings", None),
    ("GET", "/api/game", None),
    ("GET", "/api/game/hints", None),
    ("GET", "/api/game/status", None),
    ("POST", "/api/game/move", {"move": "5S-7"}),
    ("POST", "/api/game/undo", {}),
    ("POST", "/api/game/redo", {}),
    ("POST", "/api/game/restart", {}),
    ("POST", "/api/game/new", {"deal": "2"}),
    ("POST", "/api/game/clock", {"running": True}),
    ("GET", "/api/statistics", None),
    ("GET", "/api/settings", None),
    ("PUT", "/api/settings", {"saving": True}),
    ("GET", "/api/my-data", None),
    ("DELETE", "/api/saved-games", None),
    ("DELETE", "/api/results", None),
]
"""Every route that reads or writes the database, with a body it accepts."""


def peeking_client(database: Database) -> TestClient:
    """A player with peeking on, so that every route, the status included, is tried."""
    client = new_client(database)
    assert client.put("/api/settings", json={"peeking": True}).status_code == 200
    return client



def damage(database: Database, sql: str) -> None:
    with database.engine.begin() as conn:
        conn.execute(text(sql))


def damage_by_hand(database: Database, sql: str) -> None:
    """Run ``sql`` as the sqlite3 tool does, with foreign keys off (so a row may name a row
    that is not there)."""
    sqlite_only(database)
    path = database.engine.url.database
    assert path
    with sqlite3.connect(path) as conn:
        conn.execute(sql)
    conn.close()


def sqlite_only(database: Database) -> None:
    if not database.is_sqlite:
        pytest.skip("PostgreSQL's column types refuse the damage this test makes")


def set_up(client: TestClient) -> None:
    """Two results (deal 2 ended, deal 1 in progress after 7D-1) and a Wasp game."""
    ok(client.post("/api/game/new", json={"deal": "2"}))
    ok(client.post("/api/game/move", json={"move": "deal"}))
    ok(client.post("/api/game/new", json={"deal": "1"}))  # deal 2 ends without a win
    ok(client.post("/api/game/move", json={"move": "7D-1"}))
    ok(client.post("/api/game/new", json={"deal": "3", "variant": "wasp"}))


def test_f6_a_damaged_player_row_locks_no_one_out(database: Database) -> None:
    """F6, F8: a bad players.created_at: every route still works, my-data gives it as null."""
    sqlite_only(database)
    client = peeking_client(database)
    set_up(client)
    damage(database, "UPDATE players SET created_at = 'garbage'")
    for method, path, body in ROUTES:
        r = client.request(method, path, json=body)
        assert r.status_code == 200, (method, path, r.text)
    assert ok(client.get("/api/my-data"))["player"] == {"created_at": None}


DAMAGED_SCORPION = "the saved Scorpion game cannot be read: it was damaged ({}); start a new game"


def every_route_refuses_the_game(client: TestClient, field: str) -> None:
    """The routes that load the Scorpion game answer its 409, naming the damaged ``field``."""
    for method, path, body in ROUTES[3:10]:
        r = client.request(method, path, json=body)
        assert r.status_code == 409, (method, path, r.text)
        assert r.json()["detail"] == DAMAGED_SCORPION.format(field), (method, path)


@pytest.mark.parametrize("value", ["'x'", "0", "-3"])
def test_f6_a_damaged_game_version_is_that_games_409_and_new_game_replaces_it(
    database: Database, value: str
) -> None:
    """F6: a bad games.version: 409 for that game only; New game and delete both work."""
    if value == "'x'":
        sqlite_only(database)
    client = peeking_client(database)
    set_up(client)
    damage(database, f"UPDATE games SET version = {value} WHERE variant = 'scorpion'")
    every_route_refuses_the_game(client, "version")
    assert ok(client.get("/api/game", params={"variant": "wasp"}))["deal"] == "3"
    assert ok(client.get("/api/statistics"))
    view = ok(client.post("/api/game/new", json={"deal": "4"}))
    assert view["deal"] == "4"
    assert ok(client.post("/api/game/move", json={"move": "deal", "version": view["version"]}))
    damage(database, f"UPDATE games SET version = {value} WHERE variant = 'scorpion'")
    assert ok(client.delete("/api/saved-games"))["deleted"] == 2
    assert ok(client.get("/api/game"))["moves"] == 0


def test_f8_damaged_settings_are_read_and_repaired(database: Database) -> None:
    """F8: a bad settings.updated_at keeps no route from answering; PUT rewrites the row."""
    sqlite_only(database)
    client = peeking_client(database)
    set_up(client)
    damage(database, "UPDATE settings SET updated_at = 'garbage'")
    assert ok(client.get("/api/settings")) == {"saving": True, "peeking": True}
    assert ok(client.get("/api/my-data"))["settings"] == {"saving": True, "peeking": True}
    assert ok(client.post("/api/game/visit", json={}))["deal"] == "1"
    assert ok(client.put("/api/settings", json={"saving": False})) == {
        "saving": False, "peeking": True
    }
    with database.engine.connect() as conn:
        assert conn.execute(text("SELECT updated_at FROM settings")).scalar() != "garbage"


@pytest.mark.parametrize(
    ("column", "value", "wrong_type"),
    [("time_ms", "'x'", True), ("moves", "'x'", True), ("time_ms", "-5", False),
     ("moves", "-1", False), ("won", "'maybe'", True), ("won", "2", True),
     ("peeked", "'maybe'", True), ("peeked", "-1", True)],
)
def test_f7_damaged_results_are_a_409_until_deleted(
    database: Database, column: str, value: str, wrong_type: bool
) -> None:
    """F7: a bad or negative results.time_ms or results.moves, or a results.won or
    results.peeked that is neither true nor false: statistics and my-data give the
    documented 409 (never a best time of -5 ms, nor a win of no time); the game plays on;
    DELETE /api/results recovers."""
    if wrong_type:
        sqlite_only(database)
    client = peeking_client(database)
    set_up(client)
    damage(database, f"UPDATE results SET {column} = {value}")
    for path in ("/api/statistics", "/api/my-data"):
        r = client.get(path)
        assert r.status_code == 409, (path, r.text)
        assert "cannot be read" in r.json()["detail"]
        assert "settings page" in r.json()["detail"]
    assert ok(client.post("/api/game/move", json={"move": "5S-7"}))["moves"] == 2
    assert ok(client.delete("/api/results"))["deleted"] == 2
    stats = ok(client.get("/api/statistics"))
    assert all(s["best_time_ms"] is None and s["started"] == 0 for s in stats)
    assert ok(client.get("/api/my-data"))["results"] == []


def test_f8_saved_moves_stored_as_bytes_are_a_409_until_deleted(database: Database) -> None:
    """F6, F8: games.moves stored as bytes: the game and my-data give a 409; deleting the
    saved games (or a new game) recovers."""
    sqlite_only(database)
    client = peeking_client(database)
    set_up(client)
    damage(database, "UPDATE games SET moves = CAST('deal' AS BLOB) WHERE variant = 'scorpion'")
    r = client.get("/api/game")
    assert r.status_code == 409
    assert r.json()["detail"].startswith("the saved Scorpion game cannot be read")
    r = client.get("/api/my-data")
    assert r.status_code == 409
    assert "delete your saved games" in r.json()["detail"]
    assert ok(client.get("/api/game", params={"variant": "wasp"}))["deal"] == "3"
    assert ok(client.delete("/api/saved-games"))["deleted"] == 2
    assert ok(client.get("/api/my-data"))["saved_games"] == []
    assert ok(client.get("/api/game"))["moves"] == 0


def test_f6_a_negative_clock_is_that_games_409(database: Database) -> None:
    """F6: clocks.ms below zero is damage: 409 for that game, New game recovers."""
    client = peeking_client(database)
    set_up(client)
    damage(database, "UPDATE clocks SET ms = -5")
    r = client.get("/api/game")
    assert r.status_code == 409
    assert "has a damaged clock" in r.json()["detail"]
    assert ok(client.post("/api/game/new", json={"deal": "7"}))["elapsed_ms"] == 0


def test_f6_a_result_id_naming_no_result_is_that_games_409(database: Database) -> None:
    """F6, F7: games.result_id naming no result row of the player (written with foreign
    keys off): the damaged game's 409, not "changed in another tab", on every route that
    loads it; New game replaces it and play goes on."""
    client = peeking_client(database)
    set_up(client)
    damage_by_hand(database, "UPDATE games SET result_id = 424242 WHERE variant = 'scorpion'")
    for method, path, body in [*ROUTES[3:9], ROUTES[11]]:
        r = client.request(method, path, json=body)
        assert r.status_code == 409, (method, path, r.text)
        assert r.json()["detail"] == (
            "the saved Scorpion game (deal 1) names a result that is not there: it was "
            "damaged; start a new game"
        ), (method, path)
    view = ok(client.post("/api/game/new", json={"deal": "4"}))
    assert ok(client.post("/api/game/move", json={"move": "deal", "version": view["version"]}))
    stats = ok(client.get("/api/statistics"))
    assert next(s["started"] for s in stats if s["variant"]["id"] == "scorpion") == 3


@pytest.mark.parametrize(
    ("sql", "column"),
    [("started_at = NULL", "started_at"),
     ("moves = '', started_at = NULL", "started_at"),
     ("finished_at = created_at", "finished_at")],
)
def test_f6_a_game_played_without_a_start_is_that_games_409(
    database: Database, sql: str, column: str
) -> None:
    """F6, F7: a game with moves (or a result) but no start time, or a finish time but no
    win, is damaged: its 409, and no second result is written for it (its statistics
    stay as they were); New game replaces it."""
    client = peeking_client(database)
    set_up(client)
    before = ok(client.get("/api/statistics"))
    damage(database, f"UPDATE games SET {sql} WHERE variant = 'scorpion'")
    for method, path, body in [*ROUTES[3:9], ROUTES[11]]:
        r = client.request(method, path, json=body)
        assert r.status_code == 409, (method, path, r.text)
        assert r.json()["detail"] == DAMAGED_SCORPION.format(column), (method, path)
    assert ok(client.get("/api/statistics")) == before
    assert ok(client.post("/api/game/new", json={"deal": "4"}))["moves"] == 0
    stats = ok(client.get("/api/statistics"))
    assert next(s["started"] for s in stats if s["variant"]["id"] == "scorpion") == 2


@pytest.mark.parametrize(
    "sql",
    ["ms = 9223372036854775000", "ms = 9007199254740993", "seen = '9999-12-31 23:59:59.000000'",
     "since = '9999-12-31 23:59:59.000000'"],
)
def test_f6_a_clock_too_large_to_count_on_is_that_games_409(database: Database, sql: str) -> None:
    """F6: a clock whose time cannot be added to (milliseconds near the largest integer,
    a time at the calendar's end) is damaged: the game's clock 409 on every route that
    loads it, the clock and a move included (never a 500); New game recovers."""
    if sql.startswith("ms"):
        sqlite_only(database)  # PostgreSQL's INTEGER holds no such number
    client = peeking_client(database)
    set_up(client)
    damage(database, f"UPDATE clocks SET {sql}")
    for method, path, body in [
        ("POST", "/api/game/clock", {"variant": "scorpion", "running": False}),
        ("POST", "/api/game/clock", {"variant": "scorpion", "running": True}),
        *ROUTES[3:9],
    ]:
        r = client.request(method, path, json=body)
        assert r.status_code == 409, (method, path, r.text)
        assert r.json()["detail"] == (
            "the saved Scorpion game (deal 1) has a damaged clock; start a new game"
        ), (method, path)
    r = client.get("/api/my-data")
    assert r.status_code == 409
    assert ok(client.post("/api/game/new", json={"deal": "7"}))["elapsed_ms"] == 0
    assert ok(client.post("/api/game/move", json={"move": "deal"}))["moves"] == 1


def test_f6_a_full_clock_stops_and_stays_storable(database: Database) -> None:
    """F6: a clock at its largest (the column's 32-bit limit) stops there: pausing it and
    moving store it, with no overflow on either database."""
    client = peeking_client(database)
    set_up(client)
    damage(database, "UPDATE clocks SET ms = 2147483600, since = '2000-01-01 00:00:00.000000', "
           "seen = NULL")
    assert ok(client.get("/api/game"))["elapsed_ms"] == 2147483647
    assert ok(client.post("/api/game/clock", json={"running": False}))["elapsed_ms"] == (
        2147483647
    )
    assert ok(client.post("/api/game/move", json={"move": "5S-7"}))["elapsed_ms"] == 2147483647


@pytest.mark.parametrize("value", ["abc", "0", "0005", " 5", "ms5", "#5", ""])
def test_f6_a_deal_number_not_as_stored_is_that_games_409(database: Database, value: str) -> None:
    """F6, R5: a saved deal number that is not one, or not in the form the server writes
    it ("0005" for 5), is damaged: the game's 409 on every route that loads it, Replay
    included (not the 400 of a deal the player typed); New game and delete recover."""
    client = peeking_client(database)
    set_up(client)
    damage(database, f"UPDATE games SET deal = '{value}' WHERE variant = 'scorpion'")
    every_route_refuses_the_game(client, "deal")
    r = client.get("/api/my-data")
    assert r.status_code == 409
    assert ok(client.post("/api/game/new", json={"deal": "4"}))["deal"] == "4"


def test_f10_a_deal_number_with_leading_zeros_is_never_played(database: Database) -> None:
    """F10, F6, R5: a Scorpion game under way whose deal is saved as "0005" is damaged, so
    it is never played on beside a Chelicera deal 5 (which shows cards Scorpion's deal 5
    hides): its every route answers the damaged game's 409, before and after."""
    client = peeking_client(database)
    ok(client.post("/api/game/new", json={"deal": "5"}))
    ok(client.post("/api/game/move", json={"move": "deal"}))
    damage(database, "UPDATE games SET deal = '0005' WHERE variant = 'scorpion'")
    assert client.get("/api/game").status_code == 409
    ok(client.post("/api/game/new", json={"variant": "chelicera", "deal": "5"}))
    every_route_refuses_the_game(client, "deal")


def test_f10_a_game_of_no_known_variant_blocks_no_deal(database: Database) -> None:
    """F10, F7, F8: a saved game whose variant no game has cannot be played, so it shows
    nothing and blocks no deal number: its deal may be dealt in another variant, and its
    solution told once its game is over; statistics and my data still answer (the row is
    in my data as it is stored)."""
    client = peeking_client(database)
    ok(client.post("/api/game/new", json={"deal": "5"}))
    ok(client.post("/api/game/move", json={"move": "deal"}))
    damage(database, "UPDATE games SET variant = 'scorpion-x' WHERE variant = 'scorpion'")
    params = {"variant": "scorpion", "deal": "5", "line": "false"}
    assert ok(client.get("/api/deal/solution", params=params))["deal"] == "5"
    assert ok(client.post("/api/game/new", json={"variant": "scorpion-ii", "deal": "5"}))
    stats = ok(client.get("/api/statistics"))
    assert next(s["started"] for s in stats if s["variant"]["id"] == "scorpion") == 1
    data = ok(client.get("/api/my-data"))
    assert [g["variant"] for g in data["saved_games"]] == ["scorpion-ii", "scorpion-x"]
    assert ok(client.get("/api/game"))["deal"] != "5"


def play_to_the_last_move(client: TestClient) -> str:
    """Play the winning line of :data:`WINNABLE_DEAL` but its last move; return that one."""
    ok(client.post("/api/game/new", json={"deal": str(WINNABLE_DEAL)}))
    *line, last = winning_line()
    for move in line:
        ok(client.post("/api/game/move", json={"move": move}))
    return last


def test_f7_a_damaged_result_row_keeps_no_game_from_being_won(database: Database) -> None:
    """F7, F6: with the game's result row damaged (its start time unreadable), the winning
    move is still a win; the statistics answer their 409 until the results are deleted."""
    sqlite_only(database)
    client = new_client(database)
    last = play_to_the_last_move(client)
    damage(database, "UPDATE results SET started_at = 'garbage'")
    assert ok(client.post("/api/game/move", json={"move": last}))["won"] is True
    assert client.get("/api/statistics").status_code == 409
    assert ok(client.delete("/api/results"))["deleted"] == 1


def test_f6_a_clock_too_large_is_that_games_409_at_the_winning_move(database: Database) -> None:
    """F6, F7: the winning move of a game whose clock is too large to add to gets the
    damaged clock's 409 (not a 500), and New game recovers."""
    sqlite_only(database)
    client = new_client(database)
    last = play_to_the_last_move(client)
    damage(database, "UPDATE clocks SET ms = 9223372036854775000")
    r = client.post("/api/game/move", json={"move": last})
    assert r.status_code == 409, r.text
    assert r.json()["detail"] == (
        f"the saved Scorpion game (deal {WINNABLE_DEAL}) has a damaged clock; start a new game"
    )
    assert ok(client.post("/api/game/new", json={"deal": "7"}))["elapsed_ms"] == 0


# --- a database that cannot write ----------------------------------------------------------


def limit_writes(database: Database, pragma: Callable[[object], None]) -> None:
    """Run ``pragma`` on every new connection of ``database`` (the pool starts afresh)."""

    def on_connect(dbapi_connection: object, _record: object) -> None:
        pragma(dbapi_connection)

    event.listen(database.engine, "connect", on_connect)
    database.engine.dispose()


def execute(sql: str) -> Callable[[object], None]:
    def run(dbapi_connection: object) -> None:
        cursor = dbapi_connection.cursor()  # type: ignore[attr-defined]
        cursor.execute(sql)
        cursor.close()

    return run


def snapshot(client: TestClient) -> tuple[dict, list, dict]:
    game = ok(client.get("/api/game"))
    game.pop("elapsed_ms")
    game.pop("clock_running")
    return game, ok(client.get("/api/statistics")), ok(client.get("/api/settings"))


def check_every_route(
    client: TestClient, newcomer: TestClient, cause: str
) -> list[tuple[str, str]]:
    """Call every route; each answers 200 or a JSON 503 naming ``cause``; returns the
    routes that answered 503."""
    refused = []
    for method, path, body in ROUTES:
        r = client.request(method, path, json=body)
        if r.status_code == 503:
            assert r.headers["content-type"] == "application/json"
            assert r.json()["detail"].startswith(cause), r.text
            assert "nothing was changed" in r.json()["detail"]
            refused.append((method, path))
        elif r.status_code == 409:
            # Refused by the rules before anything is written (the undo before was a 503).
            assert r.json()["detail"] in ("nothing to undo", "nothing to redo"), r.text
        else:
            assert r.status_code == 200, (method, path, r.status_code, r.text)
    # A new visitor's page needs a new player row: refused the same way.
    r = newcomer.get("/")
    assert r.status_code == 503
    assert r.headers["content-type"] == "application/json"
    assert r.json()["detail"].startswith(cause)
    assert COOKIE not in r.cookies
    return refused


def test_f6_a_read_only_database_gives_a_json_503_on_every_write(database: Database) -> None:
    """F6: a read-only database: every route that writes answers a JSON 503 saying so,
    reads still answer, and nothing changed."""
    client = peeking_client(database)
    set_up(client)
    before = snapshot(client)
    if database.is_sqlite:
        limit_writes(database, execute("PRAGMA query_only = ON"))
    else:
        limit_writes(database, execute("SET default_transaction_read_only = on"))
    newcomer = TestClient(create_app(database))
    refused = check_every_route(client, newcomer, "the database is read-only")
    assert ("POST", "/api/game/move") in refused
    assert ("POST", "/api/game/new") in refused
    assert ("DELETE", "/api/results") in refused
    assert ("GET", "/api/statistics") not in refused
    assert snapshot(client) == before


def test_f6_a_full_database_gives_a_json_503_and_loses_nothing(database: Database) -> None:
    """F6: a full SQLite database (PRAGMA max_page_count at its size): a JSON 503 naming
    the cause wherever a write needs room; once there is room again, every answered
    change is there and nothing else."""
    sqlite_only(database)
    client = peeking_client(database)
    set_up(client)
    with database.engine.begin() as conn:
        conn.execute(text("CREATE TABLE ballast (x BLOB)"))
        pages = conn.execute(text("PRAGMA page_count")).scalar()
    limit_writes(database, execute(f"PRAGMA max_page_count = {pages}"))
    # Fill the free room inside the file, so that any write that needs a page fails.
    with database.engine.connect() as conn:
        fill(conn, "INSERT INTO ballast VALUES (randomblob(100) || :n)")
        # And the last pages of the players and results tables, so that a new visitor's
        # row and a new result need a page too.
        fill(conn, "INSERT INTO players (id, created_at) VALUES (:n, '2026-01-01 00:00:00')")
        # (The ballast rows are no larger than real ones: a real one then finds no room.)
        fill(conn, "INSERT INTO results (player_id, variant, deal, started_at, won, moves, "
             f"time_ms) VALUES ('{0:064x}', 'scorpion', '', '2026-01-01', 0, 0, 0)")
    # A first move must store a new result, which finds no room: the whole move is refused
    # although the game's own row would have fitted (nothing half-written).
    assert ok(client.post("/api/game/restart", json={}))["moves"] == 0
    r = client.post("/api/game/move", json={"move": "deal"})
    assert r.status_code == 503
    assert r.json()["detail"].startswith("the database is full")
    assert ok(client.get("/api/game"))["moves"] == 0
    # Every route (the deletes last: they make room).
    refused = check_every_route(client, TestClient(create_app(database)), "the database is full")
    # The first move needs a new result row, which finds no room; the other writes fit in
    # the pages they change (or, the deletes, make room); no read is refused.
    assert ("POST", "/api/game/move") in refused
    assert all(method != "GET" for method, _ in refused), refused
    # Room again: the game and the statistics are whole, and play goes on.
    limit_writes(database, execute("PRAGMA max_page_count = 1073741823"))
    with database.engine.begin() as conn:
        conn.execute(text("DROP TABLE ballast"))
        conn.execute(text("DELETE FROM players WHERE id LIKE '0000%'"))
    game, stats, settings = snapshot(client)
    assert settings == {"saving": True, "peeking": True}
    assert game["moves"] == 0
    started = next(s["started"] for s in stats if s["variant"]["id"] == "scorpion")
    assert ok(client.post("/api/game/move", json={"move": "deal"}))["moves"] == 1
    stats = ok(client.get("/api/statistics"))
    assert next(s["started"] for s in stats if s["variant"]["id"] == "scorpion") == started + 1
    with database.engine.connect() as conn:
        # The refused visitor left no player row behind.
        assert conn.execute(text("SELECT count(*) FROM players")).scalar() == 1


def fill(conn: Connection, sql: str) -> None:
    """Insert rows with ``sql`` (numbered by ``:n``) until the database is full."""
    for n in range(100_000):
        try:
            with conn.begin():
                conn.execute(text(sql), {"n": f"{n:064x}"})
        except OperationalError as exc:
            assert "full" in str(exc)
            return
    pytest.fail("the database never filled up")
