"""F10: no answer of the server tells a hidden card, not even by the wording of a refusal.

Deals 1 to 50 are played through the HTTP API: at the deal's first position, after the
stock deal, and for deals 1 to 10 also after two hint moves, every card is sent to every
column. A card in the stock and a card face
down must get the same answer, word for word (the move the player typed aside), and no
answer may name a card the player cannot see.
"""

from __future__ import annotations

from pathlib import Path

import httpx2

from hidden import CARD_CODE, hidden_cards
from scorpion.engine import Move, Position, card_code, deal
from scorpion.engine.cards import run_cards, run_of
from scorpion.engine.hints import hint_moves
from scorpion.store import Database
from scorpion.web import create_app
from scorpion.web.app import COOKIE
from scorpion.web.words import card_words, refusal_sentence
from servers import run_coroutine

DEALS = range(1, 51)
HINT_MOVES = 2
"""Moves played along the hints (the engine's hint_moves, first each time) before the
second probe (they may turn up cards)."""

HINT_DEALS = range(1, 11)
"""The deals probed after the hint moves too (each probe is 364 requests)."""


def visible_cards(view: dict) -> set[str]:
    """The cards the player sees: face-up cards and the cards of the removed runs."""
    seen = {code for column in view["columns"] for code in column["cards"]}
    suits = "CDHS"
    for suit in view["runs"]:
        seen |= {card_code(c) for c in run_of(suits.index(suit))}
    return seen


def shown_by_the_engine(position: Position) -> set[str]:
    """What the player of ``position`` sees, from the engine (not from an answer that may
    itself leak): its face-up cards and the cards of its removed runs."""
    up = {
        card_code(c)
        for col, fd in zip(position.columns, position.face_down, strict=True)
        for c in col[fd:]
    }
    return up | {card_code(c) for run in position.runs for c in run_cards(run)}


def named_in_words(sentence: str) -> set[str]:
    """The cards a player's sentence names by name ("the jack of diamonds")."""
    said = sentence.lower()
    return {card_code(c) for c in range(52) if card_words(card_code(c)) in said}


async def probe(client: httpx2.AsyncClient, position: Position, view: dict) -> None:
    """Send every card to every column; check what the answers say about hidden cards."""
    down, stock = hidden_cards(position)
    seen = shown_by_the_engine(position)
    assert visible_cards(view) == seen
    assert not (down | stock) & seen
    # (Not hints nor status here: each would start a background solver search.)
    for path in ("/api/game", "/api/my-data"):
        r = await client.get(path)
        assert r.status_code == 200, (path, r.text)
        # (my-data names the cards of the moves played and undone: all of them face up.)
        named = set(CARD_CODE.findall(r.text))
        assert named <= seen, (path, named - seen)
    answers: dict[str, set[tuple[int, str]]] = {"down": set(), "stock": set()}
    for card in range(52):
        code = card_code(card)
        for column in range(7):
            text = f"{code}-{column + 1}"
            r = await client.post(
                "/api/game/move", json={"move": text, "version": view["version"]}
            )
            if r.status_code == 200:
                # Legal: the new view names only what it shows (a card the move turned up
                # included); take the move back so that the probe goes on from the same
                # position, and that view names only what it shows too.
                assert code in seen
                # What the player sees after it, from the engine: an answer showing a
                # hidden card among the face-up ones would allow itself.
                shown = shown_by_the_engine(position.apply(Move.parse(text)))
                assert visible_cards(r.json()) == shown, text
                assert set(CARD_CODE.findall(r.text)) <= shown | {code}
                back = await client.post("/api/game/undo", json={})
                assert back.status_code == 200, back.text
                assert set(CARD_CODE.findall(back.text)) <= seen
                view["version"] = back.json()["version"]
                continue
            body = r.json()
            # Every refusal of a move gives the engine's reason (codes) and the player's
            # sentence (names), and nothing else.
            assert r.status_code == 409 and set(body) == {"detail", "rule", "reason"}, body
            detail = body["detail"]
            # The echo of the move the player typed tells them nothing new.
            said = body["reason"].removeprefix(f"{text}: ")
            # The player's sentence is made of the engine's reason alone: it names the
            # same cards, by name.
            assert detail == refusal_sentence(said), (detail, said)
            # A refusal may name what the player sees, and the card the rule asks for
            # (R7: 7H goes on 8H), which follows from the move alone; by code or by name.
            allowed = seen | {code, card_code(card + 1) if card % 13 != 12 else code}
            named = set(CARD_CODE.findall(said)) | named_in_words(detail)
            assert named <= allowed, (text, detail, named - allowed)
            if code in down or code in stock:
                assert r.status_code == 409, (text, r.status_code, detail)
                answers["down" if code in down else "stock"].add(
                    (r.status_code, f"{detail} / {said} {body.get('rule')}")
                )
    # Each kind of hidden card that there is (after the deal, the face-down cards alone)
    # gets the one refusal, word for word: so the two kinds get the same.
    one = {(409, "Only a face-up card can be moved. / that card is not face up (R6) R6")}
    for kind, cards in (("down", down), ("stock", stock)):
        if cards:
            assert answers[kind] == one, (kind, answers[kind])


async def play_and_probe(client: httpx2.AsyncClient) -> int:
    """Probe each deal of :data:`DEALS` at three positions; return how many deals."""
    assert (await client.get("/")).status_code == 200
    assert client.cookies.get(COOKIE)
    for number in DEALS:
        r = await client.post("/api/game/new", json={"deal": str(number)})
        assert r.status_code == 200, r.text
        position = deal(number)
        await probe(client, position, r.json())
        view = None
        for _ in range(HINT_MOVES if number in HINT_DEALS else 0):
            # The hints' moves, from the engine (the route would start a solver search).
            playable = [str(m) for m in hint_moves(position) if not m.is_deal]
            if not playable:
                break
            r = await client.post("/api/game/move", json={"move": playable[0]})
            assert r.status_code == 200, r.text
            view = r.json()
            position = position.apply(Move.parse(playable[0]))
        if view is not None:
            await probe(client, position, view)
        r = await client.post("/api/game/move", json={"move": "deal"})
        assert r.status_code == 200, r.text
        position = position.apply(Move.parse("deal"))
        await probe(client, position, r.json())
    return len(DEALS)


def test_f10_refusals_never_tell_a_stock_card_from_a_face_down_card(tmp_path: Path) -> None:
    """F10, R6, R11: deals 1-50, at two or three positions each, every card to every column:
    stock and face-down cards get one and the same refusal; no answer names a card the
    player cannot see."""
    database = Database(f"sqlite:///{tmp_path / 'fair.db'}")
    app = create_app(database)

    async def run() -> int:
        transport = httpx2.ASGITransport(app=app)
        async with httpx2.AsyncClient(transport=transport, base_url="http://testserver") as c:
            return await play_and_probe(c)

    try:
        assert run_coroutine(run()) == len(DEALS)
    finally:
        app.state.insight.close()
        database.dispose()
