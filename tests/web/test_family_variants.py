"""V2 on the web: every game of the family plays at the table (F1, F2, F6, F7, F10).

The view gains the reserve or free cells (their cards are face up, as in PySolFC) and what
the page needs to draw the game; moves to and from free cells use the engine's notation
(``7H-f1``); refusals speak of colours, reserves and free cells in a player's words; the
hints give chances (but in Scorpion Head and How They Run, whose hints list the legal
moves); saved games and statistics are kept per game. No answer names a face-down or
stock card.
"""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest
from api_client import new_client, ok
from fastapi.testclient import TestClient
from hypothesis import example, given, settings
from hypothesis import strategies as st

from scorpion.advisor import advises
from scorpion.engine import VARIANTS, DealNumber, Move, Position, deal
from scorpion.engine.cards import card_code, is_red
from scorpion.engine.hints import hint_moves
from scorpion.engine.position import CELL_BASE, EMPTY_CELL, MoveError
from scorpion.solver import SolveResult, Verdict
from scorpion.store import Database
from scorpion.web import create_app
from scorpion.web.schemas import FAMILY_MOVE_PATTERN
from scorpion.web.words import card_words

CODE = re.compile(r"\b[A2-9TJQK][CDHS]\b")


MOVE_ALPHABET = "deaLDEAL7hHKsScC10289fF-—  \t\n\u00a0²"


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(), st.text(alphabet=MOVE_ALPHABET, max_size=10),
                 st.from_regex(FAMILY_MOVE_PATTERN, fullmatch=True)))
@example("7H-10")
@example(" 7h - F4 ")
@example("7H-f5")
@example("7H-11")
def test_b4_the_schemas_move_pattern_is_what_some_game_of_the_family_reads(text: str) -> None:
    """B4, V2: the schema's move pattern matches exactly the texts that Move.parse reads
    in at least one game of the family."""
    read = False
    for variant in VARIANTS.values():
        try:
            Move.parse(text, variant)
            read = True
        except MoveError:
            pass
    assert read == bool(re.fullmatch(FAMILY_MOVE_PATTERN, text)), text


def seen_cards(position: Position) -> set[str]:
    """The cards the player sees: the face-up cards of the columns and the cells."""
    shown = {
        card_code(c)
        for col, fd in zip(position.columns, position.face_down, strict=True)
        for c in col[fd:]
    }
    return shown | {card_code(c) for c in position.cells if c != EMPTY_CELL}


def named(value: Any) -> set[str]:
    """Every card code written in a decoded JSON value."""
    if isinstance(value, str):
        return set(CODE.findall(value))
    if isinstance(value, dict):
        return set().union(set(), *(named(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(set(), *(named(v) for v in value))
    return set()


def start(variant_id: str, number: int) -> Position:
    return deal(DealNumber(number), VARIANTS[variant_id])


def test_v2_the_table_offers_every_game_of_the_family(database: Database) -> None:
    """V2: /api/variants, the statistics and the schema's enum list all eleven games; the
    view of each says what the page needs to draw it (its ``rules``)."""
    client = new_client(database)
    offered = ok(client.get("/api/variants"))
    assert [v["id"] for v in offered] == list(VARIANTS)
    assert {v["id"]: v["name"] for v in offered}["farmers-wife"] == "Farmer's Wife"
    by_id = {
        v: ok(client.post("/api/game/new", json={"variant": v, "deal": str(n)}))["rules"]
        for n, v in enumerate(VARIANTS, 1)
    }
    assert by_id["three-blind-mice"] == {
        "columns": 10, "build": "suit",
        "cells": 2, "cell_kind": "reserve", "stock_deal": False, "refill": 0,
        "removes_runs": True, "empty_column_takes_any": False, "advised": True,
    }
    assert by_id["how-they-run"]["cell_kind"] == "cells"
    assert by_id["scorpion-head"]["cells"] == 4 and by_id["scorpion-head"]["columns"] == 7
    assert by_id["scorpion-tail"]["build"] == "colour"
    assert by_id["farmers-wife"]["build"] == "colour"
    assert by_id["chelicera"]["refill"] == 3 and not by_id["chelicera"]["removes_runs"]
    assert not by_id["chelicera"]["stock_deal"]
    assert by_id["scorpion"]["advised"] and by_id["scorpion"]["cell_kind"] is None
    assert by_id["scorpion"]["stock_deal"] and by_id["scorpion"]["columns"] == 7
    assert [v for v in by_id if not by_id[v]["advised"]] == ["how-they-run", "scorpion-head"]
    stats = ok(client.get("/api/statistics"))
    assert [s["variant"]["id"] for s in stats] == list(VARIANTS)
    enums = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if "scorpion" in node.get("enum", []):
                enums.append(node["enum"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(ok(client.get("/openapi.json")))
    assert enums and all(e == list(VARIANTS) for e in enums)


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_v2_f10_the_view_of_every_game_shows_what_the_player_sees(
    database: Database, variant_id: str
) -> None:
    """V2, F10: the view of deal 7 of every game is the engine's deal as the player sees
    it: its columns, the reserve or free cells (face up), the stock's size, and no other
    card; the first move is kept, and the hints of Scorpion Head and How They Run, the
    games without chances, are the legal moves without chances."""
    client = new_client(database)
    view = ok(client.post("/api/game/new", json={"variant": variant_id, "deal": "7"}))
    position = start(variant_id, 7)
    assert view["variant"]["id"] == variant_id
    assert len(view["columns"]) == position.variant.columns
    assert [c["face_down"] for c in view["columns"]] == list(position.face_down)
    assert view["cells"] == [None if c == EMPTY_CELL else card_code(c) for c in position.cells]
    assert len(view["cells"]) == position.variant.cells
    assert view["stock"] == len(position.stock)
    assert named(view) == seen_cards(position)
    hints = ok(client.get("/api/game/hints", params={"variant": variant_id}))
    assert named(hints) <= seen_cards(position)
    assert set(hints["moves"]) == {str(m) for m in hint_moves(position)}
    if not advises(position.variant):
        assert hints["chances"] == [] and not hints["refining"]
    first = str(hint_moves(position)[0])
    after = ok(client.post("/api/game/move", json={"variant": variant_id, "move": first}))
    played = position.apply(Move.parse(first, position.variant))
    assert named(after) <= seen_cards(played)
    again = new_client(database)  # another server process over the same database
    again.cookies.update(client.cookies)
    assert ok(again.get("/api/game", params={"variant": variant_id}))["version"] == (
        after["version"]
    )
    stats = {s["variant"]["id"]: s for s in ok(client.get("/api/statistics"))}
    assert stats[variant_id]["started"] == 1 and stats[variant_id]["in_progress"]
    assert all(s["started"] == 0 for v, s in stats.items() if v != variant_id)


def test_f3_the_hints_list_a_way_back_to_an_earlier_position_last(
    database: Database,
) -> None:
    """F3: in Scorpion Head, whose hints come without chances, a move back to a position
    the game has been through comes last (a card moved to another column, and back); the
    engine's order otherwise."""
    variant = VARIANTS["scorpion-head"]
    number, line, way_back = _way_back("scorpion-head")
    client = new_client(database)
    ok(client.post("/api/game/new", json={"variant": variant.id, "deal": str(number)}))
    position = start(variant.id, number)
    for move in line:
        ok(client.post("/api/game/move", json={"variant": variant.id, "move": str(move)}))
        position = position.apply(move)
    hints = ok(client.get("/api/game/hints", params={"variant": variant.id}))
    others = [str(m) for m in hint_moves(position) if m != way_back]
    assert hints["moves"] == [*others, str(way_back)]


def _way_back(variant_id: str) -> tuple[int, list[Move], Move]:
    """A deal, a line of play from its start and a hint move after it that leads back to a
    position of the line, which the engine's order does not list last: found by random
    play (seeded) from deals 1..59."""
    rng = random.Random(2026)
    for number in range(1, 60):
        position = start(variant_id, number)
        seen, line = [position], []
        for _ in range(40):
            moves = hint_moves(position)
            if not moves:
                break
            back = [m for m in moves[:-1] if position.apply(m) in seen]
            if back:
                return number, line, back[0]
            move = rng.choice(moves)
            line.append(move)
            position = position.apply(move)
            seen.append(position)
    raise AssertionError(f"no line of {variant_id} 1..59 found with a way back")


def _first(position: Position, keep: Any) -> Move:
    found = [m for m in position.legal_moves() if keep(m)]
    assert found, "the position has no such move"
    return found[0]


def _deal_with(variant_id: str, keep: Any) -> tuple[int, Position]:
    """The first deal of ``variant_id`` (1..59) whose start has a legal move ``keep`` likes."""
    for number in range(1, 60):
        position = start(variant_id, number)
        if any(keep(m, position) for m in position.legal_moves()):
            return number, position
    raise AssertionError(f"no deal of {variant_id} 1..59 has such a first move")


def test_v2_moves_to_and_from_a_free_cell(database: Database) -> None:
    """V2: in How They Run a free cell's card goes onto a column, then a column's top card
    goes into the emptied cell (``XX-f1``), both in the engine's notation; undo puts it back."""
    client = new_client(database)
    number, position = _deal_with("how-they-run", lambda m, p: m.card in p.cells)
    view = ok(client.post("/api/game/new", json={"variant": "how-they-run",
                                                 "deal": str(number)}))
    assert None not in view["cells"]  # both dealt
    out = _first(position, lambda m: m.card in position.cells and not m.to_cell)
    k = position.cells.index(out.card)
    view = ok(client.post("/api/game/move", json={"variant": "how-they-run", "move": str(out)}))
    position = position.apply(out)
    assert view["cells"][k] is None
    assert view["columns"][out.column]["cards"][-1] == card_code(out.card)
    into = _first(position, lambda m: m.to_cell)
    assert str(into) == f"{card_code(into.card)}-f{into.column - CELL_BASE + 1}"
    view = ok(client.post("/api/game/move", json={"variant": "how-they-run", "move": str(into)}))
    assert view["cells"][into.column - CELL_BASE] == card_code(into.card)
    assert view["last"]["move"] == str(into)
    # A full cell refuses a column's exposed card, in words; the view is unchanged.
    position = position.apply(into)
    full = next(c for c in position.columns if c)[-1]
    assert full != into.card and full not in position.cells
    where = into.column - CELL_BASE + 1
    refused = client.post(
        "/api/game/move", json={"variant": "how-they-run", "move": f"{card_code(full)}-f{where}"}
    )
    assert refused.status_code == 409, refused.text
    assert refused.json()["detail"] == (
        f"Free cell {where} already holds a card: a free cell takes one card."
    )
    same = ok(client.get("/api/game", params={"variant": "how-they-run"}))
    assert (same["version"], same["columns"], same["cells"]) == (
        view["version"], view["columns"], view["cells"]
    )
    view = ok(client.post("/api/game/undo", json={"variant": "how-they-run"}))
    assert view["cells"][into.column - CELL_BASE] is None


def test_v2_moves_from_the_reserve_never_onto_it(database: Database) -> None:
    """V2: in Three Blind Mice a reserve card goes onto a column; nothing goes into the
    reserve (409, in a player's words); the view shows the place emptied."""
    client = new_client(database)
    number, position = _deal_with("three-blind-mice", lambda m, p: m.card in p.cells)
    moves = [m for m in position.legal_moves() if m.card in position.cells]
    view = ok(client.post("/api/game/new", json={"variant": "three-blind-mice",
                                                 "deal": str(number)}))
    assert view["cells"] == [card_code(c) for c in position.cells]
    top = next(c for c in position.columns if c)[-1]
    onto = client.post("/api/game/move", json={"variant": "three-blind-mice",
                                               "move": f"{card_code(top)}-f1"})
    assert onto.status_code == 409 and onto.json()["rule"] == "V2"
    assert onto.json()["detail"] == (
        "Cards are played from the reserve, never onto it: move this card to a column."
    )
    move = moves[0]
    k = position.cells.index(move.card)
    view = ok(client.post("/api/game/move", json={"variant": "three-blind-mice",
                                                  "move": str(move)}))
    assert view["cells"][k] is None
    assert view["columns"][move.column]["cards"][-1] == card_code(move.card)
    destinations = ok(client.get("/api/game/destinations", params={
        "variant": "three-blind-mice", "card": card_code(position.cells[1 - k])}))
    assert destinations["moves"] == [
        str(m) for m in position.apply(move).legal_moves() if m.card == position.cells[1 - k]
    ]
    if not destinations["moves"]:
        assert "no longer on the table" not in (destinations["message"] or "")


def test_v2_refusals_of_alternate_colours_and_of_places_a_game_lacks(database: Database) -> None:
    """V2, F10: Scorpion Tail's refusal names the colour and both cards the moved one could
    go on; a column or free cell the game lacks is an illegal move of that game (409), for
    every card alike, face down or not."""
    client = new_client(database)
    ok(client.post("/api/game/new", json={"variant": "scorpion-tail", "deal": "1"}))
    position = start("scorpion-tail", 1)
    seen = [(i, c) for i, col in enumerate(position.columns) for c in col[position.face_down[i]:]]
    for i, card in seen:
        if card % 13 in (0, 12):
            continue
        for j, col in enumerate(position.columns):
            target = col[-1]
            if j != i and target % 13 == card % 13 + 1 and is_red(target) == is_red(card):
                break
        else:
            continue
        break
    else:
        raise AssertionError("deal 1 has no same-colour refusal to try")
    answer = client.post("/api/game/move", json={"variant": "scorpion-tail",
                                                 "move": f"{card_code(card)}-{j + 1}"})
    assert answer.status_code == 409, answer.text
    red = is_red(card)
    hosts = " or ".join(
        card_words(card_code(suit * 13 + card % 13 + 1))
        for suit in range(4) if is_red(suit * 13) != red
    )
    assert answer.json()["detail"] == (
        f"{card_words(card_code(card)).capitalize()} can only go on "
        f"{'a black' if red else 'a red'} {card_words(card_code(card + 1)).split()[1]} "
        f"({hosts}), not on {card_words(card_code(position.columns[j][-1]))}."
    )
    # A face-up card, a face-down one and a stock card get the same refusal (the place
    # is judged before the card).
    up, down, stock = (position.columns[4][-1], position.columns[0][0], position.stock[0])
    assert position.face_down[4] == 0 and position.face_down[0] > 0
    for place, sentence in [("9", "There is no column 9 in this game."),
                            ("f1", "This game has no free cells.")]:
        for card in (up, down, stock):
            answer = client.post("/api/game/move", json={
                "variant": "scorpion-tail", "move": f"{card_code(card)}-{place}"})
            assert answer.status_code == 409, answer.text
            assert answer.json()["detail"] == sentence, card_code(card)
    answer = client.post("/api/game/move", json={"variant": "how-they-run", "move": "7H-f3"})
    assert answer.status_code == 409 and answer.json()["detail"] == (
        "There is no free cell 3 in this game."
    )
    bad = client.post("/api/game/move", json={"variant": "how-they-run", "move": "7H-11"})
    assert bad.status_code == 400
    stranger = TestClient(create_app(database), cookies={"scorpion_player": "x" * 43})
    answer = stranger.post("/api/game/move", json={"variant": "scorpion", "move": "7H-9"})
    assert answer.status_code == 401, answer.text


def test_v2_chelicera_refills_an_emptied_column_from_the_stock(database: Database) -> None:
    """V2: in Chelicera a move that empties a column brings the next three stock cards
    there, face up; only then are they named; the stock shows only its size."""
    client = new_client(database)

    def empties(m: Move, p: Position) -> bool:
        where = p.locate(m.card)
        return where is not None and where[1] == 0

    number, position = _deal_with("chelicera", empties)
    emptying = [m for m in position.legal_moves() if empties(m, position)]
    view = ok(client.post("/api/game/new", json={"variant": "chelicera", "deal": str(number)}))
    assert view["stock"] == 15 and view["cells"] == []
    move = emptying[0]
    source = position.locate(move.card)
    assert source is not None
    view = ok(client.post("/api/game/move", json={"variant": "chelicera", "move": str(move)}))
    assert view["stock"] == 12
    assert view["columns"][source[0]]["cards"] == [card_code(c) for c in position.stock[:3]]
    assert named(view) == seen_cards(position.apply(move))


def test_v2_chelicera_is_won_when_every_column_is_one_run(database: Database) -> None:
    """V2, R14: Chelicera deal 1 played to the end on the server (the solver's line) is won
    with the runs on the table, and counts as a win in Chelicera's statistics only."""
    from scorpion.solver import solve

    client = new_client(database)
    ok(client.post("/api/game/new", json={"variant": "chelicera", "deal": "1"}))
    result = solve(start("chelicera", 1), max_nodes=200_000)
    assert result.verdict is Verdict.WINNABLE
    view: dict[str, Any] = {}
    for move in result.line:
        view = ok(client.post("/api/game/move", json={"variant": "chelicera", "move": str(move)}))
    assert view["won"] and view["stock"] == 0 and view["runs"] == []
    assert all(len(c["cards"]) in (0, 13) for c in view["columns"])
    stats = {s["variant"]["id"]: s for s in ok(client.get("/api/statistics"))}
    assert stats["chelicera"]["won"] == 1 and stats["scorpion"]["won"] == 0
    # F10: a card of the won game (still on the table) goes nowhere because the game is
    # won, not for a reason of its own (a King with empty columns beside it).
    king = next(c["cards"][0] for c in view["columns"] if c["cards"])
    body = ok(client.get("/api/game/destinations",
                         params={"variant": "chelicera", "card": king}))
    assert body == {"card": king, "moves": [],
                    "message": "This game is won: start a new game or replay it."}


def test_v2_an_undecided_deal_is_said_to_be_undecided_never_guessed(database: Database) -> None:
    """B2, V2: when the solver runs out of time on a given-up deal of a slow game that the
    shipped survey does not decide (100000 is beyond its 1..31999), the answer says it
    could not be decided quickly, with no frames."""
    client = new_client(database)
    app: Any = client.app
    ok(client.post("/api/game/new", json={"variant": "three-blind-mice", "deal": "100000"}))
    gave = ok(client.post("/api/game/give-up", json={"variant": "three-blind-mice"}))
    assert gave["game"]["rules"]["cells"] == 2 and len(gave["game"]["columns"]) == 10
    app.state.insight.verdict = lambda _position, retry=False: SolveResult(
        Verdict.UNDECIDED, (), 10, 5.0)
    answer = ok(client.get("/api/deal/solution",
                           params={"variant": "three-blind-mice", "deal": "100000"}))
    assert answer["status"] == "undecided" and answer["frames"] == []
    assert answer["line_moves"] is None
    assert "could not be decided quickly" in answer["message"]


def test_b2_a_deal_the_shipped_survey_decided_is_told_by_it(database: Database) -> None:
    """B2, V2: a given-up deal of 1..31999 takes its verdict from the shipped survey.
    Three Blind Mice deal 1 is proved lost there: "not winnable", with no search at all.
    How They Run deal 9 is proved winnable there: when the search here runs out of time
    (as it did on a busy server, its time buying fewer positions), the answer is still
    "winnable", with no line and no frames, and says that the line was not found again."""
    from scorpion.solver.winnable import known_winnable

    assert known_winnable("three-blind-mice", 1) is False
    assert known_winnable("how-they-run", 9) is True
    client = new_client(database)
    app: Any = client.app
    asked: list[Position] = []

    def undecided(position: Position, retry: bool = False) -> SolveResult:
        assert retry  # a given-up deal's start is searched again before "undecided"
        asked.append(position)
        return SolveResult(Verdict.UNDECIDED, (), 10, 5.0)

    app.state.insight.verdict = undecided
    for variant, number in (("three-blind-mice", "1"), ("how-they-run", "9")):
        ok(client.post("/api/game/new", json={"variant": variant, "deal": number}))
        ok(client.post("/api/game/give-up", json={"variant": variant}))
    lost = ok(client.get("/api/deal/solution",
                         params={"variant": "three-blind-mice", "deal": "1"}))
    assert lost["status"] == "not winnable" and lost["frames"] == []
    assert lost["message"].startswith("No one could have won this deal")
    assert asked == []
    won = ok(client.get("/api/deal/solution", params={"variant": "how-they-run", "deal": "9"}))
    assert asked == [deal(9, VARIANTS["how-they-run"])]
    assert won["status"] == "winnable" and won["frames"] == [] and won["line_moves"] is None
    assert won["message"] == (
        "This deal could have been won from its start: the survey of every deal proved it "
        "winnable, but the solver did not find its winning line again here in time."
    )


def test_v2_a_given_up_deal_is_shown_with_its_free_cells(database: Database) -> None:
    """V2, F4: the winning line of a given-up How They Run deal comes as frames that draw
    the free cells too, from the deal's own cells on, each frame the engine's position."""
    client = new_client(database)
    ok(client.post("/api/game/new", json={"variant": "how-they-run", "deal": "1"}))
    ok(client.post("/api/game/give-up", json={"variant": "how-they-run"}))
    for _ in range(300):
        answer = ok(client.get("/api/deal/solution",
                               params={"variant": "how-they-run", "deal": "1"}))
        if answer["status"] != "unknown":
            break
        time.sleep(0.1)
    assert answer["status"] == "winnable", answer["message"]
    position = start("how-they-run", 1)
    frames = answer["frames"]
    assert frames[0]["cells"] == [card_code(c) for c in position.cells]
    for frame in frames[1:]:
        position = position.apply(Move.parse(frame["move"], position.variant))
        assert frame["cells"] == [None if c == EMPTY_CELL else card_code(c)
                                  for c in position.cells]
        assert [c["cards"] for c in frame["columns"]] == [
            [card_code(x) for x in col[fd:]]
            for col, fd in zip(position.columns, position.face_down, strict=True)
        ]
    assert position.is_won
