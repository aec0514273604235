"""HTTP API of saved games, statistics, settings and privacy (F6-F8), on SQLite and
PostgreSQL, with FastAPI's TestClient."""

from __future__ import annotations

import hashlib
import secrets
import time

import pytest
from api_client import new_client, ok
from fastapi.testclient import TestClient
from sqlalchemy import func, select, update

from scorpion.store import Database
from scorpion.store.models import Base, GameRow, ResultRow
from scorpion.web import create_app
from scorpion.web.app import COOKIE
from winning import WINNABLE_DEAL, winning_line

ACCOUNT_ENDPOINTS = [
    ("GET", "/api/statistics"),
    ("GET", "/api/settings"),
    ("PUT", "/api/settings"),
    ("DELETE", "/api/saved-games"),
    ("DELETE", "/api/results"),
    ("GET", "/api/my-data"),
    ("POST", "/api/game/clock"),
]



@pytest.fixture
def client(database: Database) -> TestClient:
    return new_client(database)



def start(client: TestClient, number: int | str, variant: str = "scorpion") -> dict:
    return ok(client.post("/api/game/new", json={"deal": str(number), "variant": variant}))


def play(client: TestClient, moves: tuple[str, ...] | list[str], variant: str = "scorpion") -> dict:
    view: dict = {}
    for text in moves:
        view = ok(client.post("/api/game/move", json={"move": text, "variant": variant}))
    return view


def count(database: Database, table: type[Base]) -> int:
    with database.session() as session:
        return int(session.scalar(select(func.count()).select_from(table)) or 0)


def scorpion_stats(client: TestClient) -> dict:
    return next(s for s in ok(client.get("/api/statistics")) if s["variant"]["id"] == "scorpion")


def test_statistics_count_starts_wins_and_replays(client: TestClient) -> None:
    line = winning_line(WINNABLE_DEAL)
    assert scorpion_stats(client) | {"recent": []} == {
        "variant": {"id": "scorpion", "name": "Scorpion"}, "started": 0, "won": 0,
        "win_rate": None, "best_time_ms": None, "fewest_moves": None, "current_streak": 0,
        "longest_streak": 0, "in_progress": False, "recent": [], "won_without_peeking": 0,
        "current_streak_without_peeking": 0, "longest_streak_without_peeking": 0,
        "best_time_ms_without_peeking": None, "fewest_moves_without_peeking": None,
    }
    start(client, WINNABLE_DEAL)
    assert scorpion_stats(client)["started"] == 0  # dealt, no move yet
    won = play(client, line)
    assert won["won"]
    ok(client.post("/api/game/restart", json={}))  # replay: a new start on its first move
    play(client, line[:2])
    stats = scorpion_stats(client)
    assert (stats["started"], stats["won"], stats["win_rate"]) == (2, 1, 0.5)
    assert stats["fewest_moves"] == len(line)
    assert stats["best_time_ms"] == won["elapsed_ms"]
    assert (stats["current_streak"], stats["longest_streak"], stats["in_progress"]) == (1, 1, True)
    assert [(r["deal"], r["won"], r["moves"]) for r in stats["recent"]] == [
        (str(WINNABLE_DEAL), True, len(line))]
    start(client, 1)  # abandoning the replay ends it without a win
    stats = scorpion_stats(client)
    assert [r["won"] for r in stats["recent"]] == [True, False]
    assert (stats["current_streak"], stats["longest_streak"], stats["in_progress"]) == (0, 1, False)


def test_f7_a_win_posted_by_a_script_never_records_00_00(client: TestClient) -> None:
    """F2, F7: a winning line posted back to back with no page running the clock is won,
    but its time (the view's and the best time) is at least one second, never 00:00."""
    start(client, WINNABLE_DEAL)
    won = play(client, winning_line(WINNABLE_DEAL))
    assert won["won"] and won["elapsed_ms"] >= 1000
    assert scorpion_stats(client)["best_time_ms"] == won["elapsed_ms"]
    assert scorpion_stats(client)["recent"][0]["time_ms"] == won["elapsed_ms"]


def test_the_clock_pauses_and_runs_without_changing_the_version(client: TestClient) -> None:
    start(client, 1)
    clock = ok(client.post("/api/game/clock", json={"running": True}))
    assert clock == {"elapsed_ms": 0, "clock_running": False}  # not started yet
    view = play(client, ["7D-1"])
    assert view["clock_running"] and view["started"]
    paused = ok(client.post("/api/game/clock", json={"running": False}))
    assert paused["clock_running"] is False
    time.sleep(0.05)
    again = ok(client.get("/api/game"))
    assert (again["elapsed_ms"], again["clock_running"]) == (paused["elapsed_ms"], False)
    assert again["version"] == view["version"]
    running = ok(client.post("/api/game/clock", json={"running": True}))
    assert running["clock_running"] is True
    time.sleep(0.05)
    assert ok(client.get("/api/game"))["elapsed_ms"] >= running["elapsed_ms"] + 50
    assert client.post("/api/game/clock", json={"running": "sometimes"}).status_code == 422


def test_settings_saving_off_deletes_and_stops_keeping_games(
    client: TestClient, database: Database
) -> None:
    assert ok(client.get("/api/settings")) == {"saving": True, "peeking": False}
    start(client, 9)
    play(client, ["deal"])
    assert ok(client.post("/api/game/visit", json={}))["deal"] == "9"  # resumes
    assert ok(client.put("/api/settings", json={"saving": False})) == {
        "saving": False, "peeking": False
    }
    assert count(database, GameRow) == 0
    start(client, 9)
    play(client, ["deal"])
    fresh = ok(client.post("/api/game/visit", json={}))
    assert (fresh["moves"], fresh["started"]) == (0, False)
    # Within the visit, the game is the server's as always.
    assert ok(client.get("/api/game"))["version"] == fresh["version"]
    assert ok(client.put("/api/settings", json={"saving": True})) == {
        "saving": True, "peeking": False
    }
    for bad in ({"saving": "perhaps"}, {"saving": True, "extra": 1}, {}):
        r = client.put("/api/settings", json=bad)
        assert r.status_code == 422 and r.json()["detail"].startswith("invalid request")


def test_deleting_saved_games_and_results_deletes_the_rows(
    client: TestClient, database: Database
) -> None:
    start(client, WINNABLE_DEAL)
    play(client, winning_line(WINNABLE_DEAL))
    start(client, 1)
    play(client, ["7D-1"])
    start(client, 2, variant="wasp")
    assert (count(database, GameRow), count(database, ResultRow)) == (2, 2)

    r = ok(client.delete("/api/saved-games"))
    assert r == {"deleted": 2, "message": "2 saved games deleted"}
    assert count(database, GameRow) == 0
    assert ok(client.get("/api/game"))["moves"] == 0  # a new deal
    assert scorpion_stats(client)["started"] == 2  # results are apart

    r = ok(client.delete("/api/results"))
    assert r == {
        "deleted": 2,
        "message": "2 results deleted, and the record of the deals you were shown or dealt",
    }
    assert count(database, ResultRow) == 0
    stats = scorpion_stats(client)
    assert (stats["started"], stats["won"], stats["recent"]) == (0, 0, [])
    data = ok(client.get("/api/my-data"))
    assert data["results"] == []
    assert ok(client.delete("/api/results")) == {
        "deleted": 0,
        "message": "0 results deleted, and the record of the deals you were shown or dealt",
    }


def test_f7_the_game_in_progress_when_results_are_deleted_says_it_counts_nowhere(
    client: TestClient,
) -> None:
    """F7: the game in progress when the player deletes their results counts in no
    statistics; its view says so (``counted``), so that the page's questions do not say
    it "counts as not won". The next game counts again."""
    start(client, 1)
    assert play(client, ["7D-1"])["counted"] is True
    ok(client.delete("/api/results"))
    view = ok(client.get("/api/game"))
    assert (view["moves"], view["counted"]) == (1, False)
    assert start(client, 2)["counted"] is True


def test_download_my_data_is_a_json_file_of_everything(client: TestClient) -> None:
    start(client, 1)
    play(client, ["7D-1", "5C-3"])
    ok(client.post("/api/game/undo", json={}))
    r = client.get("/api/my-data")
    assert r.status_code == 200
    assert r.headers["content-disposition"] == 'attachment; filename="scorpion-my-data.json"'
    assert r.headers["content-type"] == "application/json"
    data = r.json()
    assert data["settings"] == {"saving": True, "peeking": False}
    [game] = data["saved_games"]
    assert (game["deal"], game["moves"], game["redo"]) == ("1", ["7D-1"], ["5C-3"])
    assert [(x["deal"], x["won"]) for x in data["results"]] == [("1", False)]
    # Neither the cookie nor the player's id (its SHA-256, which the database keeps).
    cookie = client.cookies.get(COOKIE)
    assert cookie and cookie not in r.text
    assert hashlib.sha256(cookie.encode("ascii")).hexdigest() not in r.text


@pytest.mark.parametrize(("method", "path"), ACCOUNT_ENDPOINTS)
def test_forged_or_missing_cookies_get_401_everywhere(
    database: Database, method: str, path: str
) -> None:
    owner = new_client(database)
    start(owner, 1)
    play(owner, ["7D-1"])
    body = {"saving": False} if path == "/api/settings" else {"running": True}
    for cookie in (None, "x" * 10, secrets.token_urlsafe(32)):
        client = TestClient(create_app(database))
        if cookie:
            client.cookies.set(COOKIE, cookie)
        r = client.request(method, path, json=body if method in ("PUT", "POST") else None)
        assert r.status_code == 401, (cookie, r.text)
        assert "player" in r.json()["detail"]
    # The owner's data are untouched.
    assert ok(owner.get("/api/settings")) == {"saving": True, "peeking": False}
    assert scorpion_stats(owner)["started"] == 1
    assert count(database, GameRow) == 1


def test_players_cannot_reach_each_others_games_or_statistics(database: Database) -> None:
    alice, bob = new_client(database), new_client(database)
    start(alice, WINNABLE_DEAL)
    play(alice, winning_line(WINNABLE_DEAL)[:5])
    with database.session() as session:
        alice_game = session.scalars(select(GameRow)).one()
    # There is no route that takes a game id: guessed ids lead nowhere.
    assert bob.get(f"/api/games/{alice_game.id}").status_code == 404
    view = ok(bob.get("/api/game", params={"id": alice_game.id}))
    assert view["moves"] == 0 and view["deal"] != "" and view["version"] == 1
    r = bob.post("/api/game/move", json={"move": "deal", "game": alice_game.id})
    assert r.status_code == 422  # unknown fields are refused
    assert scorpion_stats(bob)["started"] == 0
    assert ok(bob.delete("/api/results"))["deleted"] == 0
    assert ok(bob.delete("/api/saved-games"))["deleted"] == 1  # Bob's own new deal only
    assert ok(bob.put("/api/settings", json={"saving": False})) == {
        "saving": False, "peeking": False
    }
    assert ok(alice.get("/api/settings")) == {"saving": True, "peeking": False}
    assert ok(alice.get("/api/game"))["moves"] == 5
    assert scorpion_stats(alice)["started"] == 1
    assert ok(bob.get("/api/my-data"))["results"] == []


def test_a_damaged_saved_game_is_reported_for_that_game_only(
    client: TestClient, database: Database
) -> None:
    start(client, 1)
    play(client, ["7D-1"])
    start(client, 3, variant="wasp")
    with database.session() as session:
        session.execute(
            update(GameRow).where(GameRow.variant == "scorpion").values(moves="7D-1 KS-9")
        )
    r = client.get("/api/game")
    assert r.status_code == 409
    assert r.json()["detail"].startswith("the saved Scorpion game (deal 1) cannot be replayed")
    assert client.post("/api/game/move", json={"move": "deal"}).status_code == 409
    assert ok(client.get("/api/game", params={"variant": "wasp"}))["deal"] == "3"
    assert ok(client.get("/api/statistics"))  # the statistics still answer
    assert start(client, 4)["deal"] == "4"  # a new game replaces the damaged one
    assert ok(client.get("/api/game"))["deal"] == "4"


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/settings", {"saving": "no"}),
        ("/api/settings", {"saving": 0}),
        ("/api/game/clock", {"running": "false"}),
        ("/api/game/new", {"deal": True}),
        ("/api/game/move", {"move": "deal", "version": True}),
        ("/api/game/new", {"deal": None, "winnable_only": "yes"}),
        ("/api/game/new", {"deal": "40002", "winnable_only": True}),  # a number or a pick
    ],
)
def test_wrong_types_are_refused_not_guessed(
    client: TestClient, database: Database, path: str, body: dict
) -> None:
    start(client, 9)
    method = "PUT" if path == "/api/settings" else "POST"
    r = client.request(method, path, json=body)
    assert r.status_code == 422, r.text
    assert r.json()["detail"].startswith("invalid request: ")
    assert ok(client.get("/api/settings")) == {"saving": True, "peeking": False}
    assert count(database, GameRow) == 1
    assert ok(client.get("/api/game"))["deal"] == "9"


def test_undecodable_bodies_get_a_clear_422(client: TestClient) -> None:
    headers = {"Content-Type": "application/json"}
    r = client.put("/api/settings", content=b'{"saving": tru', headers=headers)
    assert r.status_code == 422
    assert r.json()["detail"].startswith("invalid request: the body is not valid JSON (")
    r = client.put("/api/settings", content=b'{"saving": "\xff"}', headers=headers)
    assert r.status_code == 422
    assert "the body" in r.json()["detail"]


@pytest.mark.parametrize("content_type", [None, "text/plain", "application/x-www-form-urlencoded"])
def test_a_body_without_a_json_content_type_is_told_so(
    client: TestClient, content_type: str | None
) -> None:
    """A valid JSON body sent without its content type (which FastAPI does not read as
    JSON) gets a 422 saying so, not "Input should be a valid dictionary"; no body at all
    is called missing; nothing changes."""
    start(client, 9)
    headers = {} if content_type is None else {"Content-Type": content_type}
    r = client.post("/api/game/new", content=b'{"deal": "5"}', headers=headers)
    assert r.status_code == 422
    shown = "none" if content_type is None else repr(content_type)
    assert r.json() == {"detail": "invalid request: the body must be JSON sent with "
                        f"Content-Type: application/json (the content type was {shown})"}
    r = client.post("/api/game/new")
    assert r.json() == {"detail": "invalid request: the body is missing: send a JSON object "
                        "with Content-Type: application/json"}
    assert ok(client.get("/api/game"))["deal"] == "9"


def test_no_page_loads_anything_from_other_sites(client: TestClient) -> None:
    """F8: the interactive API docs (which load scripts from CDNs) are off."""
    assert client.get("/docs").status_code == 404
    assert client.get("/redoc").status_code == 404
    assert client.get("/openapi.json").status_code == 200
    for path in ("/", "/statistics", "/settings", "/rules"):
        page = client.get(path)
        policy = page.headers["content-security-policy"]
        assert "default-src 'self'" in policy and "connect-src 'self'" in policy
        html = page.text
        assert "http://" not in html.replace("http://www.w3.org", "")
        assert "https://" not in html, path
