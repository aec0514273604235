"""Seen deals over the HTTP API (F10, F11, F7, F8): a deal whose winning line or peeking
help was shown to the player cannot later be won "without peeking". A new game of that
deal, a Replay, starts marked peeked, the game view says so and why (naming no card), and
its win counts apart; another deal starts unmarked; "delete my results" forgets the
record. On SQLite and PostgreSQL."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from api_client import new_client, ok
from fastapi.testclient import TestClient

from scorpion.store import Database
from scorpion.web.schemas import DEAL_SEEN_REASON, PEEKED_REASON
from winning import WINNABLE_DEAL, winning_line

CODE = re.compile(r"\b[A2-9TJQK][CDHS]\b")
DEAL = str(WINNABLE_DEAL)


@pytest.fixture
def client(database: Database) -> Iterator[TestClient]:
    c = new_client(database)
    yield c
    c.app.state.insight.close()  # type: ignore[attr-defined]


def solution(client: TestClient, line: bool, timeout: float = 60) -> Any:
    """The solution of :data:`DEAL`, asked until the solver's verdict is known."""
    deadline = time.monotonic() + timeout
    params = {"deal": DEAL, "line": str(line).lower()}
    while True:
        body = ok(client.get("/api/deal/solution", params=params))
        if body["status"] != "unknown":
            return body
        assert time.monotonic() < deadline, f"the solution stayed unknown for {timeout} s"
        time.sleep(0.1)


def new(client: TestClient, number: str = DEAL) -> Any:
    return ok(client.post("/api/game/new", json={"deal": number}))


def unmarked(view: Any) -> bool:
    return view["peeked"] is False and view["peeked_reason"] is None


def marked_by_the_deal(view: Any) -> bool:
    return view["peeked"] is True and view["peeked_reason"] == DEAL_SEEN_REASON


def scorpion_stats(client: TestClient) -> Any:
    return next(s for s in ok(client.get("/api/statistics")) if s["variant"]["id"] == "scorpion")


def test_f10_f11_a_new_game_of_a_deal_whose_line_was_shown_counts_as_peeked(
    client: TestClient,
) -> None:
    """F10, F11, F7: after giving up, the verdict alone (``line=false``) marks nothing;
    once the winning line was shown, a new game of that deal starts marked peeked, the
    view says why (no card named), its moves keep the mark, and its win is not a win
    without peeking. Another deal starts unmarked."""
    assert unmarked(new(client))
    ok(client.post("/api/game/give-up", json={}))
    verdict = solution(client, line=False)
    assert verdict["status"] == "winnable" and verdict["frames"] == []
    assert verdict["line_moves"] > 0
    assert unmarked(new(client))  # only the verdict was told
    ok(client.post("/api/game/give-up", json={}))
    shown = solution(client, line=True)
    assert len(shown["frames"]) == shown["line_moves"] + 1
    view = new(client)
    assert marked_by_the_deal(view)
    assert not CODE.search(view["peeked_reason"])
    line = winning_line(WINNABLE_DEAL)
    after = ok(client.post("/api/game/move", json={"move": line[0]}))
    assert marked_by_the_deal(after)  # the move's short path keeps the mark
    for move in line[1:]:
        after = ok(client.post("/api/game/move", json={"move": move}))
    assert after["won"]
    stats = scorpion_stats(client)
    assert (stats["won"], stats["won_without_peeking"]) == (1, 0)
    assert stats["recent"][-1]["peeked"] is True
    assert unmarked(new(client, "6"))  # another deal


def test_f10_f4_peeking_help_in_a_game_then_replay_counts_as_peeked(client: TestClient) -> None:
    """F10, F4: a hint with peeking on marks the game (the view says peeking help was
    shown in it); Replay, and a new game of that deal after another one, start marked
    with the deal as the reason, also with peeking switched off again."""
    ok(client.put("/api/settings", json={"peeking": True}))
    start = new(client)
    assert unmarked(start)
    assert ok(client.get("/api/game/hints"))["peeking"] is True
    view = ok(client.get("/api/game"))
    assert (view["peeked"], view["peeked_reason"]) == (True, PEEKED_REASON)
    ok(client.put("/api/settings", json={"peeking": False}))
    replay = ok(client.post("/api/game/restart", json={"version": view["version"]}))
    assert replay["deal"] == DEAL and replay["moves"] == 0
    assert marked_by_the_deal(replay)
    assert unmarked(new(client, "6"))
    assert marked_by_the_deal(new(client))
    data = ok(client.get("/api/my-data"))
    assert [(d["variant"], d["deal"]) for d in data["seen_deals"]] == [("scorpion", DEAL)]


def test_f10_the_status_line_marks_the_deal_too(client: TestClient) -> None:
    """F10: "can this deal still be won?" (peeking) records the deal like the hints."""
    ok(client.put("/api/settings", json={"peeking": True}))
    new(client, "9")
    assert client.get("/api/game/status").status_code == 200
    ok(client.put("/api/settings", json={"peeking": False}))
    assert marked_by_the_deal(ok(client.post("/api/game/restart", json={})))


def test_f8_f10_deleting_the_results_forgets_the_seen_deals(client: TestClient) -> None:
    """F8, F10: "delete my results" also deletes the record of seen deals: a game of the
    deal dealt afterwards is not peeked, and the data export lists none."""
    ok(client.put("/api/settings", json={"peeking": True}))
    new(client)
    ok(client.get("/api/game/hints"))
    ok(client.put("/api/settings", json={"peeking": False}))
    assert marked_by_the_deal(new(client))
    ok(client.delete("/api/results"))
    assert ok(client.get("/api/my-data"))["seen_deals"] == []
    fresh = new(client)
    assert unmarked(fresh)
    line = winning_line(WINNABLE_DEAL)
    for move in line:
        fresh = ok(client.post("/api/game/move", json={"move": move}))
    assert fresh["won"] and unmarked(fresh)
    assert scorpion_stats(client)["won_without_peeking"] == 1


def seen(client: TestClient) -> list[tuple[str, str]]:
    return [(d["variant"], d["deal"]) for d in ok(client.get("/api/my-data"))["seen_deals"]]


def test_f10_f8_another_sites_page_cannot_get_the_line_shown_nor_a_head_record_it(
    client: TestClient,
) -> None:
    """F10, F8: a link or page of another site (``Sec-Fetch-Site: cross-site`` or
    ``same-site``) asking for a deal's winning line (or its verdict alone) gets a 403
    that names no card, and the deal is not recorded as seen (it would mark the player's
    later games of it without them asking). A HEAD of the line (no body shown) records
    nothing either, nor tells the line's length in bytes by a Content-Length; the table's
    own request does."""
    new(client)
    ok(client.post("/api/game/give-up", json={}))
    assert solution(client, line=False)["status"] == "winnable"
    for site in ("cross-site", "same-site"):
        for line in ("true", "false"):
            refused = client.get(
                "/api/deal/solution", params={"deal": DEAL, "line": line},
                headers={"Sec-Fetch-Site": site, "Sec-Fetch-Mode": "navigate"},
            )
            assert refused.status_code == 403
            assert "this site's own pages" in refused.json()["detail"]
            assert not CODE.search(refused.text)
    told = client.get("/api/deal/solution", params={"deal": DEAL, "line": "false"})
    assert told.status_code == 200 and told.json()["frames"] == []
    head = client.head("/api/deal/solution", params={"deal": DEAL, "line": "true"})
    assert head.status_code == 200 and head.content == b""
    # The GET's Content-Length would tell the line's length in bytes: none is given.
    assert "content-length" not in head.headers
    short = client.head("/api/deal/solution", params={"deal": DEAL, "line": "false"})
    assert short.headers["content-length"] == str(len(told.content))
    assert seen(client) == []
    assert unmarked(new(client))
    ok(client.post("/api/game/give-up", json={}))
    shown = client.get(
        "/api/deal/solution", params={"deal": DEAL, "line": "true"},
        headers={"Sec-Fetch-Site": "same-origin"},
    )
    assert shown.status_code == 200 and shown.json()["frames"]
    assert seen(client) == [("scorpion", DEAL)]
    assert marked_by_the_deal(new(client))


def test_f10_v1_a_deal_under_way_is_not_dealt_in_another_game(client: TestClient) -> None:
    """F10, V1: every game deals deal N from the same deck, each hiding other cards
    (Chelicera's deal 617 shows, face up, every card that Scorpion's deal 617 deals face
    down). With Scorpion's deal 617 under way, a new Chelicera game of 617 is refused
    (409, naming the deal and the game, no card), the Chelicera game left as it was; a
    "winnable deals only" game skips it among the server's picks; once the Scorpion game is
    on another deal, 617 deals in Chelicera."""
    scorpion = ok(client.post("/api/game/new", json={"variant": "scorpion", "deal": "617"}))
    chelicera = ok(client.post("/api/game/new", json={"variant": "chelicera", "deal": "9"}))
    refused = client.post("/api/game/new", json={"variant": "chelicera", "deal": "617"})
    assert refused.status_code == 409
    assert refused.json() == {"detail": (
        "deal 617 is under way in your Scorpion game, and the same deal number deals the same "
        "cards in every game, so each would show cards the other hides: finish that game or "
        "start another deal there first")}
    assert not CODE.search(refused.text)
    assert ok(client.get("/api/game", params={"variant": "chelicera"})) == chelicera
    assert ok(client.get("/api/game", params={"variant": "scorpion"})) == scorpion

    async def picks(variant_id: str, count: int) -> list[str]:
        assert (variant_id, count) == ("chelicera", 11)
        return ["617", "620"]

    client.app.state.insight.winnable_deals = picks  # type: ignore[attr-defined]
    body = {"variant": "chelicera", "winnable_only": True}
    assert ok(client.post("/api/game/new", json=body))["deal"] == "620"
    ok(client.post("/api/game/new", json={"variant": "scorpion", "deal": "618"}))
    dealt = ok(client.post("/api/game/new", json={"variant": "chelicera", "deal": "617"}))
    assert dealt["deal"] == "617"
    # Scorpion's start showed cards of Chelicera's stock: the game counts as peeked.
    assert marked_by_the_deal(dealt)


def test_f10_v1_a_deal_dealt_in_another_game_whose_start_shows_more_counts_as_peeked(
    client: TestClient,
) -> None:
    """F10, V1: Chelicera's deal 30 shows, face up, cards that Scorpion's deal 30 hides.
    Dealt in Chelicera, then Chelicera on another deal before any move (nothing under way on
    30 any more), Scorpion's deal 30 counts as peeked, with the seen deal's reason (no card
    named), and so does its result once started; Wasp's start is Scorpion's, so Scorpion's
    deal 31 then Wasp's deal 31 is a replay, unmarked."""
    ok(client.post("/api/game/new", json={"variant": "chelicera", "deal": "30"}))
    ok(client.post("/api/game/new", json={"variant": "chelicera", "deal": "32"}))
    view = ok(client.post("/api/game/new", json={"variant": "scorpion", "deal": "30"}))
    assert view["deal"] == "30"
    assert marked_by_the_deal(view)
    assert not CODE.search(view["peeked_reason"])
    moved = ok(client.post("/api/game/move", json={
        "variant": "scorpion", "move": "deal", "version": view["version"]}))
    assert marked_by_the_deal(moved)
    started = [r for r in ok(client.get("/api/my-data"))["results"] if r["deal"] == "30"]
    assert [(r["variant"], r["peeked"]) for r in started] == [("scorpion", True)]
    ok(client.post("/api/game/new", json={"variant": "scorpion", "deal": "31"}))
    ok(client.post("/api/game/new", json={"variant": "scorpion", "deal": "33"}))
    assert unmarked(ok(client.post("/api/game/new", json={"variant": "wasp", "deal": "31"})))
