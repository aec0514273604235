"""Whole games won with touch alone and with the keyboard alone (F1, F5, F9, R14)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from table_page import Recorder, Table, known_win


@pytest.fixture
def phone_table(browser: Browser, base_url: str) -> Iterator[Table]:
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True,
        has_touch=True, base_url=base_url,
    )
    page = context.new_page()
    page.emulate_media(reduced_motion="reduce")
    recorder = Recorder(base_url)
    recorder.attach(page)
    table = Table(page, recorder)
    table.open()
    yield table
    recorder.check()
    context.close()


def expect_won(table: Table, view: dict[str, Any], moves: int) -> None:
    assert view["won"] and len(view["runs"]) == 4 and view["moves"] == moves
    win = table.page.locator("#win-dialog")
    expect(win).to_be_visible()
    expect(win.locator("#win-moves")).to_have_text(str(moves))


def test_a_full_game_is_won_by_touch(phone_table: Table) -> None:
    table = phone_table
    number, line = known_win()
    table.new_game(number)
    view: dict[str, Any] = {}
    for move in line:
        if move == "deal":
            with table.expect_answer("/api/game/move") as info:
                table.page.get_by_role("button", name="Deal", exact=True).tap()
        else:
            code, col = move.split("-")
            card = table.card(code)
            card.tap(position=table.strip(card))
            with table.expect_answer("/api/game/move") as info:
                table.target(int(col) - 1).tap()
        view = table.played(info.value)
    expect_won(table, view, len(line))


def test_a_full_game_is_won_with_the_keyboard(table: Table) -> None:
    number, line = known_win()
    page = table.page
    page.emulate_media(reduced_motion="reduce")
    view = table.new_game(number)
    page.locator("body").focus()
    for move in line:
        with table.expect_answer("/api/game/move") as info:
            if move == "deal":
                page.keyboard.press("d")
            else:
                code, col = move.split("-")
                # Find the card: a digit focuses a column's top card, ArrowUp goes down it.
                source = next(i for i, c in enumerate(view["columns"]) if code in c["cards"])
                column = view["columns"][source]
                from_top = len(column["cards"]) - 1 - column["cards"].index(code)
                page.keyboard.press(str(source + 1))
                for _ in range(from_top):
                    page.keyboard.press("ArrowUp")
                expect(page.locator("#tableau :focus")).to_have_attribute(
                    "data-key", code
                )
                page.keyboard.press("Enter")
                page.keyboard.press(col)
        view = table.played(info.value)
    expect_won(table, view, len(line))
