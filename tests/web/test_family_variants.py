"""V2 on the web: the table offers the 7-column games only (its page draws no reserves,
free cells or ten columns yet); the rest of the family is refused like an unknown id, with
400 and a message listing what is played, and breaks nothing."""

from __future__ import annotations

import pytest
from api_client import new_client, ok

from scorpion.engine import CLASSIC_VARIANTS, VARIANTS
from scorpion.store import Database

OTHERS = [v for v in VARIANTS if v not in CLASSIC_VARIANTS]


def test_v2_the_table_offers_the_seven_column_games(database: Database) -> None:
    """V2: /api/variants, the statistics and the schema's enum list the same five games."""
    client = new_client(database)
    assert [v["id"] for v in ok(client.get("/api/variants"))] == list(CLASSIC_VARIANTS)
    stats = ok(client.get("/api/statistics"))
    assert [s["variant"]["id"] for s in stats] == list(CLASSIC_VARIANTS)
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
    assert enums and all(e == list(CLASSIC_VARIANTS) for e in enums)


@pytest.mark.parametrize("variant_id", OTHERS)
def test_v2_other_games_are_refused_with_400_and_nothing_breaks(
    database: Database, variant_id: str
) -> None:
    """V2: a game the table does not draw yet gets 400 on every route that starts or shows
    one; the player's Scorpion game is untouched."""
    client = new_client(database)
    before = ok(client.post("/api/game/new", json={"deal": "5", "variant": "scorpion"}))
    answers = [
        client.get("/api/game", params={"variant": variant_id}),
        client.post("/api/game/new", json={"deal": "1", "variant": variant_id}),
        client.post("/api/game/new", json={"winnable_only": True, "variant": variant_id}),
        client.post("/api/game/visit", json={"variant": variant_id}),
    ]
    for r in answers:
        assert r.status_code == 400, r.text
        assert variant_id in r.text and "scorpion-strict" in r.text
    after = ok(client.get("/api/game", params={"variant": "scorpion"}))
    assert after["columns"] == before["columns"] and after["deal"] == "5"
