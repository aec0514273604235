"""How the table looks and reads: sizes from a phone to a large monitor, names for every card.

Screenshots land in test-artifacts/ for a person to look at (F2, F9; readable from 360 px to
2560 px wide without horizontal scrolling).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from table_page import Recorder, Table, known_win

from scorpion.engine import card_name, parse_card

SIZES = {
    "phone": (360, 740),
    "desktop": (1280, 800),
    "wide": (2560, 1440),
}
# How far into the known winning line the "game well under way" screenshots are taken:
# long columns, an empty column, the stock dealt.
MIDGAME_MOVES = 30


@pytest.mark.parametrize("name", list(SIZES))
def test_table_fits_the_screen_and_names_every_card(
    browser: Browser, base_url: str, artifacts: Path, name: str
) -> None:
    width, height = SIZES[name]
    context = browser.new_context(
        viewport={"width": width, "height": height}, base_url=base_url,
        has_touch=name == "phone", is_mobile=name == "phone",
    )
    try:
        page = context.new_page()
        recorder = Recorder(base_url)
        recorder.attach(page)
        table = Table(page, recorder)
        table.open()
        view = table.new_game(1)
        table.settle()
        page.screenshot(path=artifacts / f"{name}-table.png")

        # No horizontal scrolling; cards scale with the screen.
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        card_width = table.card("8D").bounding_box()["width"]  # type: ignore[index]
        assert card_width >= {"phone": 40, "desktop": 100, "wide": 170}[name], card_width
        assert card_width * 7 < width
        for code in ("8D", "QS", "6S"):  # every column lies inside the window
            box = table.card(code).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= width

        # Every card has a spoken name: the engine's name of a face-up card, or "face-down card".
        face_down = page.get_by_role("button", name="face-down card", exact=True)
        expect(face_down).to_have_count(sum(c["face_down"] for c in view["columns"]))
        for column in view["columns"]:
            for code in column["cards"]:
                spoken = card_name(parse_card(code))
                expect(table.card(code)).to_have_attribute("aria-label", spoken)
        expect(page.get_by_role("button", name="seven of hearts", exact=True)).to_have_count(1)
        # The counters are announced politely; the ticking clock is not.
        counters = page.locator("[aria-live='polite']#counters")
        for part in ("#time", "#moves", "#runs", "#stock-count"):
            expect(counters.locator(part)).to_have_count(1)
        expect(page.locator("#time")).to_have_attribute("aria-live", "off")
        # A counter that changes is said with its name ("Moves 12"), not as a bare number.
        for part in ("#moves", "#runs", "#stock-count"):
            expect(page.locator(f".counter:has({part})")).to_have_attribute("aria-atomic", "true")
        expect(counters).to_contain_text("Runs")
        expect(page.locator("#runs")).to_have_text("0/4")
        expect(page.locator("#time")).to_have_text("00:00")
        # Every control has a name.
        for control in ("Deal", "Hint", "Undo", "Redo", "Replay", "New game"):
            expect(page.get_by_role("button", name=control, exact=True)).to_have_count(1)
        expect(page.get_by_role("link", name="Rules").first).to_be_visible()

        # A game well under way: long columns squeeze, still without horizontal scrolling.
        number, line = known_win()
        page.request.post("/api/game/new", data={"variant": "scorpion", "deal": number})
        for move in line[:MIDGAME_MOVES]:
            assert page.request.post(
                "/api/game/move", data={"variant": "scorpion", "move": move}
            ).ok
        table.open()
        table.settle()
        card = page.locator("#tableau .card.face").first
        card.click(position=table.strip(card))
        expect(card).to_have_class(re.compile(r"\bin-group\b"))
        page.screenshot(path=artifacts / f"{name}-midgame.png")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        recorder.check()
    finally:
        context.close()


def test_four_colour_suits_can_be_chosen_and_are_remembered(table: Table) -> None:
    page = table.page
    table.new_game(1)
    face = table.card("7H").locator("img")
    expect(face).to_have_attribute("src", "/static/cards/classic/7H.svg")
    page.get_by_label("Four-colour suits").check()
    expect(face).to_have_attribute("src", "/static/cards/four-colour/7H.svg")
    table.open()
    expect(page.get_by_label("Four-colour suits")).to_be_checked()
    expect(table.card("7H").locator("img")).to_have_attribute(
        "src", "/static/cards/four-colour/7H.svg"
    )
    # Every face the page can show is served.
    for deck in ("classic", "four-colour"):
        for code in ("AS", "TD", "KH", "QC"):
            answer = page.request.get(f"/static/cards/{deck}/{code}.svg")
            assert answer.ok and answer.headers["content-type"].startswith("image/svg+xml")
