"""The table's help to finish a game and to learn from it (F3, F4, F7, F10), over the API:
plain refusals, a card's destinations, Finish once nothing is hidden, giving up, and a
deal's solution, told only once the player's game on it is over."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from api_client import new_client, ok
from fastapi.testclient import TestClient

from hidden import hidden_cards
from scorpion.engine import Move, Position, card_code, deal
from scorpion.engine.cards import SUIT_LETTERS
from scorpion.engine.hints import hint_moves
from scorpion.store import Database
from scorpion.web.words import card_words, refusal_sentence
from winning import WINNABLE_DEAL, winning_line

CODE = re.compile(r"\b[A2-9TJQK][CDHS]\b")
LOST_DEAL = 1  # proved not winnable from its first position (the shipped survey agrees)


@pytest.fixture
def client(database: Database) -> TestClient:
    c = new_client(database)
    yield c
    c.app.state.insight.close()  # type: ignore[attr-defined]


def polled(client: TestClient, path: str, params: dict[str, Any], timeout: float = 60) -> Any:
    """Ask until the solver's status is known (it searches in the background)."""
    deadline = time.monotonic() + timeout
    while True:
        body = ok(client.get(path, params=params))
        if body["status"] != "unknown":
            return body
        assert time.monotonic() < deadline, f"{path} stayed unknown for {timeout} s"
        time.sleep(0.1)


def test_card_words() -> None:
    assert card_words("8D") == "the 8 of diamonds"
    assert card_words("QS") == "the queen of spades"
    assert card_words("TH") == "the 10 of hearts"
    assert card_words("AC") == "the ace of clubs"


def test_every_refusal_of_the_first_positions_is_a_players_sentence() -> None:
    """F10: for deals 1-30, before and after the stock deal, every refused move's reason
    reads as a sentence without rule ids or card codes, and names the same cards."""
    seen: set[str] = set()
    for number in range(1, 31):
        for position in (deal(number), deal(number).apply(Move.parse("deal"))):
            for card in range(52):
                for column in range(7):
                    reason = position.illegal_reason(Move(card, column))
                    if reason is None:
                        continue
                    sentence = refusal_sentence(reason)
                    seen.add(sentence.split(" ")[-1])
                    assert not re.search(r"\(R\d+|\bR\d+\b|\bV\d\b", sentence), sentence
                    assert not CODE.search(sentence), sentence
                    assert sentence[0].isupper() and sentence.endswith("."), sentence
                    named = {card_words(c) for c in CODE.findall(reason)}
                    for name in named:
                        assert name in sentence.lower(), (reason, sentence)
            # The stock deal: legal while there is a stock, then one exact sentence.
            dealt = position.illegal_reason(Move(-1, 0))
            if position.stock:
                assert dealt is None
            else:
                assert dealt is not None and refusal_sentence(dealt) == (
                    "The stock has already been dealt: there is no second deal.")
    assert refusal_sentence("the stock has already been dealt (R11)") == (
        "The stock has already been dealt: there is no second deal."
    )
    assert refusal_sentence("something new (R99)") == "Something new."


def test_destinations_of_a_card(client: TestClient) -> None:
    """F10: a face-up card's legal moves; the face-down and stock cards get one refusal."""
    ok(client.post("/api/game/new", json={"deal": "1"}))
    body = ok(client.get("/api/game/destinations", params={"card": "5S"}))
    assert body == {"card": "5S", "moves": ["5S-7"], "message": None}
    body = ok(client.get("/api/game/destinations", params={"card": "8D"}))
    assert body["moves"] == []
    assert body["message"] == "The 8 of diamonds has nowhere to go: it can only go on the 9 " \
        "of diamonds."
    # Every face-down card (columns 1 to 4) and every stock card: the same answer but for
    # the echo of the card asked about, which names column 1 whatever the card's place.
    down, stock = hidden_cards(deal(1))
    assert (len(down), len(stock)) == (12, 3)
    for code in sorted(down | stock):
        answer = client.get("/api/game/destinations", params={"card": code})
        assert answer.status_code == 409, code
        assert answer.json() == {"detail": "Only a face-up card can be moved.", "rule": "R6",
                                 "reason": f"{code}-1: that card is not face up (R6)"}
    assert client.get("/api/game/destinations", params={"card": "XX"}).status_code == 422


def test_outlook_offers_finish_only_once_nothing_is_hidden(client: TestClient) -> None:
    """F3, F10: the solver's line to finish is given only once every card is face up."""
    ok(client.post("/api/game/new", json={"deal": str(WINNABLE_DEAL)}))
    assert ok(client.get("/api/game/outlook")) == {
        "moves_left": True, "hidden": True, "finish": None, "line": []
    }
    position = deal(WINNABLE_DEAL)
    line = winning_line()
    played = 0
    for text in line:
        if not position.stock and not any(position.face_down):
            break
        ok(client.post("/api/game/move", json={"move": text}))
        position = position.apply(Move.parse(text))
        played += 1
    assert played < len(line)
    deadline = time.monotonic() + 60
    while (answer := ok(client.get("/api/game/outlook")))["finish"] == "unknown":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    assert answer["finish"] == "winnable" and answer["line"] and not answer["hidden"]
    for text in answer["line"]:
        view = ok(client.post("/api/game/move", json={"move": text}))
    assert view["won"]
    assert ok(client.get("/api/game/outlook"))["finish"] is None


def dead_end(number: int, budget: int = 20_000) -> list[str]:
    """Moves from the start of deal ``number`` to a position without hint moves."""
    seen: set[Position] = set()
    path: list[str] = []

    def search(p: Position) -> bool:
        if len(seen) > budget:
            return False
        moves = hint_moves(p)
        if not moves and not p.is_won:
            return True
        for m in moves:
            q = p.apply(m)
            if q not in seen:
                seen.add(q)
                path.append(str(m))
                if search(q):
                    return True
                path.pop()
        return False

    assert search(deal(number))
    return path


def test_outlook_says_when_no_move_is_left(client: TestClient) -> None:
    ok(client.post("/api/game/new", json={"deal": "1"}))
    assert ok(client.get("/api/game/outlook"))["moves_left"] is True
    for text in dead_end(1):
        ok(client.post("/api/game/move", json={"move": text}))
    body = ok(client.get("/api/game/outlook"))
    assert body["moves_left"] is False


def test_give_up_counts_as_not_won_and_deals_anew(client: TestClient) -> None:
    """F7: giving up ends the game without a win (also before its first move), and a new
    random deal takes its place; a won game cannot be given up."""
    first = ok(client.post("/api/game/new", json={"deal": "1"}))
    gave = ok(client.post("/api/game/give-up", json={"version": first["version"]}))
    assert gave["deal"] == "1" and gave["variant"]["id"] == "scorpion"
    assert gave["game"]["moves"] == 0
    ok(client.post("/api/game/new", json={"deal": "2"}))
    ok(client.post("/api/game/move", json={"move": "deal"}))
    ok(client.post("/api/game/give-up", json={}))
    stats = ok(client.get("/api/statistics"))
    scorpion = next(s for s in stats if s["variant"]["id"] == "scorpion")
    assert scorpion["started"] == 2 and scorpion["won"] == 0, scorpion
    stale = client.post("/api/game/give-up", json={"version": first["version"]})
    assert stale.status_code == 409


def test_solution_is_told_only_once_the_game_is_over(client: TestClient) -> None:
    """F10: while a game on the deal is in progress (any variant), no solution; after
    giving up, whether it could have been won and the winning line frame by frame."""
    ok(client.post("/api/game/new", json={"deal": str(WINNABLE_DEAL)}))
    params = {"deal": str(WINNABLE_DEAL)}
    r = client.get("/api/deal/solution", params=params)
    assert r.status_code == 409 and "over" in r.json()["detail"]
    ok(client.post("/api/game/new", json={"deal": "77"}))  # replaced: the game on 5 ended
    strict = {"deal": str(WINNABLE_DEAL), "variant": "scorpion-strict"}
    ok(client.post("/api/game/new", json=strict))
    r = client.get("/api/deal/solution", params=params)
    assert r.status_code == 409  # the same cards are in play in another variant
    ok(client.post("/api/game/give-up", json={"variant": "scorpion-strict"}))
    # The Scorpion game on the deal was replaced before its first move: it left no
    # result, so nothing of that variant's game on it is told; the given-up one is.
    r = client.get("/api/deal/solution", params=params)
    assert r.status_code == 409
    r = client.get("/api/deal/solution", params={"deal": "77"})
    assert r.status_code == 409  # 77 is in progress
    body = polled(client, "/api/deal/solution", {**params, "variant": "scorpion-strict"})
    assert body["status"] == "winnable", body
    assert body["message"] == "This deal could have been won from its start."
    frames = body["frames"]
    assert frames[0]["move"] is None
    start = deal(WINNABLE_DEAL)
    assert [c["cards"] for c in frames[0]["columns"]] == [
        [card_code(c) for c in col[fd:]]
        for col, fd in zip(start.columns, start.face_down, strict=True)
    ]
    position = start
    for frame in frames[1:]:
        position = position.apply(Move.parse(frame["move"]))
        assert frame["runs"] == [SUIT_LETTERS[s] for s in position.runs]
    assert position.is_won


def test_a_proved_lost_deal_says_so(client: TestClient) -> None:
    ok(client.post("/api/game/new", json={"deal": str(LOST_DEAL)}))
    ok(client.post("/api/game/give-up", json={}))
    body = polled(client, "/api/deal/solution", {"deal": str(LOST_DEAL)})
    assert body["status"] == "not winnable" and body["frames"] == []
    assert body["message"].startswith("No one could have won this deal")


@pytest.mark.parametrize(
    ("text", "detail"),
    [
        ("5.0", "not a deal number: '5.0': '.' is not allowed"),
        ("\u00b2", "not a deal number: '\u00b2': '\u00b2' is not allowed"),
        ("\uff11\uff12", "not a deal number: '\uff11\uff12': '\uff11' is not allowed"),
        ("-5", "deal numbers start at 1, not -5"),
    ],
)
def test_a_bad_deal_number_for_a_solution_is_the_engines_400(
    client: TestClient, text: str, detail: str
) -> None:
    """The solution's deal number is read as POST /api/game/new reads it: a 400 whose
    words name the fault (not a 422 that quotes the schema's pattern)."""
    r = client.get("/api/deal/solution", params={"deal": text})
    assert r.status_code == 400, r.text
    assert r.json()["detail"].startswith(detail), r.json()
    assert "pattern" not in r.json()["detail"]
