"""HTTP methods (F6, F8): no state changes on GET; HEAD works wherever GET does."""

from __future__ import annotations

import time

import pytest
from api_client import new_client, ok
from fastapi.testclient import TestClient

from scorpion.store import Database


def test_f8_a_get_never_ends_a_game_only_the_visit_post_does(database: Database) -> None:
    """F6, F8: with saving off, ``GET /api/game?visit=true`` (the old visit) is a plain
    read; ``POST /api/game/visit`` is the visit that ends the game left from before."""
    client = new_client(database)
    assert ok(client.put("/api/settings", json={"saving": False})) == {
        "saving": False, "peeking": False
    }
    ok(client.post("/api/game/new", json={"deal": "9"}))
    played = ok(client.post("/api/game/move", json={"move": "deal"}))
    for _ in range(3):
        again = ok(client.get("/api/game", params={"visit": "true"}))
        assert (again["deal"], again["moves"], again["version"]) == ("9", 1, played["version"])
    assert client.head("/api/game", params={"visit": "true"}).status_code == 200
    assert ok(client.get("/api/game"))["moves"] == 1
    fresh = ok(client.post("/api/game/visit", json={}))
    assert (fresh["moves"], fresh["started"]) == (0, False)
    stats = ok(client.get("/api/statistics"))
    scorpion = next(s for s in stats if s["variant"]["id"] == "scorpion")
    assert (scorpion["started"], scorpion["won"], scorpion["in_progress"]) == (1, 0, False)
    r = client.post("/api/game/visit", json={"variant": "spider"})
    assert r.status_code == 400
    r = client.post("/api/game/visit", json={"variant": "scorpion", "extra": 1})
    assert r.status_code == 422


def get_paths(client: TestClient) -> list[str]:
    """Every GET route of the schema, with the pages, the schema and static files."""
    schema = ok(client.get("/openapi.json"))
    paths = [path for path, operations in schema["paths"].items() if "get" in operations]
    pages = ["/", "/statistics", "/settings", "/rules", "/openapi.json"]
    return [*paths, *pages, "/static/css/table.css", "/static/favicon.svg"]


def test_head_works_wherever_get_does(database: Database) -> None:
    """HEAD answers every GET route as the GET does (status, type, length), with no body;
    HEAD / was a 405."""
    client = new_client(database)
    ok(client.post("/api/game/new", json={"deal": "1"}))
    paths = get_paths(client)
    assert "/" in paths and "/api/game" in paths and "/api/statistics" in paths
    # The hints change while their chances are refined in the background: let them settle.
    for _ in range(240):
        if not ok(client.get("/api/game/hints"))["refining"]:
            break
        time.sleep(0.5)
    for path in paths:
        got = client.get(path)
        head = client.head(path)
        assert head.status_code == got.status_code, (path, head.status_code, got.status_code)
        assert head.content == b""
        for name in ("content-type", "content-length", "cache-control"):
            assert head.headers.get(name) == got.headers.get(name), (path, name)
    assert client.head("/").status_code == 200


@pytest.mark.parametrize(
    ("path", "status"), [("/api/game/move", 405), ("/api/settings", 200), ("/api/game/visit", 405)]
)
def test_head_is_not_a_way_around_other_methods(
    database: Database, path: str, status: int
) -> None:
    """HEAD of a route that has no GET is refused like the GET (405, naming the method it
    takes), and HEAD of the settings reads them as the GET does; neither changes anything:
    the game left from before (saving off, which a visit would end) and the settings stay."""
    client = new_client(database)
    ok(client.put("/api/settings", json={"saving": False}))
    ok(client.post("/api/game/new", json={"deal": "9"}))
    played = ok(client.post("/api/game/move", json={"move": "deal"}))
    head, got = client.head(path), client.get(path)
    assert (head.status_code, got.status_code) == (status, status)
    assert head.content == b""
    if status == 405:
        assert head.headers["allow"] == got.headers["allow"] == "POST"
    again = ok(client.get("/api/game"))
    assert (again["deal"], again["moves"], again["version"]) == ("9", 1, played["version"])
    assert ok(client.get("/api/settings")) == {"saving": False, "peeking": False}
