"""Requests about a game the player does not have (F6, F7, F10): only the table's load
(`GET /api/game`, the visit) deals a game. A hint, a card's destinations, the outlook, the
peeking status, a move, Undo, Redo, Replay, give-up or the clock asked of a variant with no
game get one 409 naming the game, and deal nothing: no saved game, no deal recorded as
dealt (which would mark a later game of that number as peeked, F10) and nothing counted
in the statistics (F7)."""

from __future__ import annotations

from typing import Any

import pytest
from api_client import new_client, ok
from fastapi.testclient import TestClient

from scorpion.engine import VARIANTS
from scorpion.store import STALE_MESSAGE, Database

VARIANT = "farmers-wife"
MESSAGE = (
    "there is no Farmer's Wife game in progress (another tab or page may have ended it); "
    "reload"
)
REQUESTS: list[tuple[str, str, dict[str, Any]]] = [
    ("GET", "/api/game/hints", {"params": {"variant": VARIANT}}),
    ("GET", "/api/game/hints", {"params": {"variant": VARIANT, "fair": "true"}}),
    ("GET", "/api/game/destinations", {"params": {"variant": VARIANT, "card": "AS"}}),
    ("GET", "/api/game/outlook", {"params": {"variant": VARIANT}}),
    ("GET", "/api/game/status", {"params": {"variant": VARIANT}}),
    ("POST", "/api/game/move", {"json": {"variant": VARIANT, "move": "AS-1"}}),
    ("POST", "/api/game/undo", {"json": {"variant": VARIANT}}),
    ("POST", "/api/game/redo", {"json": {"variant": VARIANT}}),
    ("POST", "/api/game/restart", {"json": {"variant": VARIANT}}),
    ("POST", "/api/game/give-up", {"json": {"variant": VARIANT}}),
    ("POST", "/api/game/clock", {"json": {"variant": VARIANT, "running": True}}),
]


@pytest.fixture
def client(database: Database) -> TestClient:
    c = new_client(database)
    # Peeking on, so that the status is refused for the missing game, not for peeking.
    ok(c.put("/api/settings", json={"peeking": True}))
    yield c
    c.app.state.insight.close()  # type: ignore[attr-defined]


def _kept(client: TestClient) -> tuple[list[Any], list[Any], list[Any]]:
    data = ok(client.get("/api/my-data"))
    return data["saved_games"], data["dealt_deals"], data["results"]


@pytest.mark.parametrize(("method", "path", "arguments"), REQUESTS, ids=lambda r: str(r))
def test_a_request_about_no_game_deals_nothing(
    client: TestClient, method: str, path: str, arguments: dict[str, Any]
) -> None:
    assert VARIANTS[VARIANT].name == "Farmer's Wife"
    for _ in range(2):  # and again: the first refusal dealt nothing either
        r = client.request(method, path, **arguments)
        assert (r.status_code, r.json()) == (409, {"detail": MESSAGE})
    assert _kept(client) == ([], [], [])
    stats = {s["variant"]["id"]: s for s in ok(client.get("/api/statistics"))}
    assert (stats[VARIANT]["started"], stats[VARIANT]["in_progress"]) == (0, False)


def test_the_table_load_still_deals_and_then_the_requests_answer(client: TestClient) -> None:
    view = ok(client.get("/api/game", params={"variant": VARIANT}))
    saved, dealt, results = _kept(client)
    assert [(g["variant"], g["deal"]) for g in saved] == [(VARIANT, view["deal"])]
    assert [(d["variant"], d["deal"]) for d in dealt] == [(VARIANT, view["deal"])]
    assert results == []
    assert ok(client.get("/api/game/outlook", params={"variant": VARIANT}))["finish"] is None
    # Give-up now ends that game (counted: started and not won) and deals the next one.
    gave_up = ok(client.post("/api/game/give-up", json={"variant": VARIANT}))
    assert gave_up["deal"] == view["deal"]
    _, _, results = _kept(client)
    assert [(r["variant"], r["deal"], r["won"]) for r in results] == [
        (VARIANT, view["deal"], False)
    ]


def test_a_game_deleted_in_another_tab_is_not_dealt_again_by_a_move(
    client: TestClient,
) -> None:
    """F8: after "Delete saved games" (in another tab), the table's next move is told to
    reload instead of being played on a new deal the player never saw."""
    ok(client.get("/api/game", params={"variant": VARIANT}))
    ok(client.delete("/api/saved-games"))
    r = client.post("/api/game/move", json={"variant": VARIANT, "move": "AS-1"})
    assert (r.status_code, r.json()) == (409, {"detail": MESSAGE})
    assert _kept(client)[0] == []


@pytest.mark.parametrize("path", ["/api/game/hints", "/api/game/outlook", "/api/game/status",
                                  "/api/game/destinations"])
def test_a_read_of_the_game_with_the_version_shown_is_refused_once_it_changed(
    client: TestClient, path: str
) -> None:
    """F10: the page sends the version of the view it shows; an answer about another game
    (moved on, or ended and dealt again, in another tab) would name cards of a table it
    does not show, so the read is refused as stale instead."""
    view = ok(client.post("/api/game/new", json={"variant": VARIANT, "deal": "7"}))
    params = {"variant": VARIANT, "version": view["version"], "card": "AS"}
    if path != "/api/game/destinations":
        del params["card"]
    first = client.get(path, params=params)
    assert first.status_code in (200, 409), first.text
    if first.status_code == 409:  # destinations of a card not face up: the plain refusal
        assert first.json()["rule"] == "R6"
    again = ok(client.post("/api/game/new", json={"variant": VARIANT, "deal": "8"}))
    assert again["version"] != view["version"] or again["deal"] != view["deal"]
    r = client.get(path, params=params)
    assert (r.status_code, r.json()) == (409, {"detail": STALE_MESSAGE})
