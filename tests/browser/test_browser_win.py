"""A whole game won in the browser, move by move, ending on the win screen (F5, R14)."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, expect
from table_page import Table, known_win, sized_table


def format_time(ms: int) -> str:
    seconds = ms // 1000
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


def test_a_full_game_is_won_by_clicking(table: Table, artifacts: Path) -> None:
    number, line = known_win()
    page = table.page
    page.emulate_media(reduced_motion="reduce")  # the same moves, without the flights
    table.new_game(number)
    runs_seen = 0
    view = {}
    for i, move in enumerate(line):
        if move == "deal":
            with table.expect_answer("/api/game/move") as info:
                page.get_by_role("button", name="Deal", exact=True).click()
        else:
            code, col = move.split("-")
            info_value = table.click_move(code, int(col) - 1)
            view = table.played(info_value)
            runs_seen = len(view["runs"])
            expect(page.locator(".run-slot.filled")).to_have_count(runs_seen)
            continue
        view = table.played(info.value)
        assert view["moves"] == i + 1

    assert view["won"] and len(view["runs"]) == 4 and view["moves"] == len(line)
    win = page.locator("#win-dialog")
    expect(win).to_be_visible()
    expect(win.get_by_role("heading")).to_have_text("You won!")
    expect(win.locator("#win-moves")).to_have_text(str(len(line)))
    expect(win.locator("#win-time")).to_have_text(format_time(view["elapsed_ms"]))
    expect(win).to_contain_text(f"deal {number}")
    # F9: read with its title, the deal, the time and the moves (not only "You won!").
    expect(win).to_have_accessible_description(
        f"All four runs of deal {number} (Scorpion) are home. Time "
        f"{format_time(view['elapsed_ms'])} Moves {len(line)}")
    expect(page.locator("#runs")).to_have_text("4/4")
    expect(page.locator("#won-badge")).to_be_visible()
    expect(page.locator("#tableau .card")).to_have_count(0)
    page.screenshot(path=artifacts / "desktop-win.png")

    # The clock stopped with the winning move.
    shown = page.locator("#time").text_content()
    page.wait_for_timeout(1100)
    expect(page.locator("#time")).to_have_text(shown or "")

    # The win screen offers a new game and a replay; Replay deals the same deal again.
    expect(win.get_by_role("button", name="New game")).to_be_visible()
    with table.expect_answer("/api/game/restart") as info:
        win.get_by_role("button", name="Replay").click()
    again = table.played(info.value)
    assert again["deal"] == str(number) and again["moves"] == 0 and not again["won"]
    expect(win).to_be_hidden()


def test_the_win_screen_on_a_phone(browser: Browser, base_url: str, artifacts: Path) -> None:
    number, line = known_win()
    with sized_table(browser, base_url, 360, 740) as table:  # a touch phone
        page = table.page
        started = page.request.post("/api/game/new", data={"variant": "scorpion", "deal": number})
        assert started.ok, started.text()
        for move in line[:-1]:
            answer = page.request.post("/api/game/move", data={"variant": "scorpion", "move": move})
            assert answer.ok, answer.text()
        before_last = table.open()
        assert len(before_last["runs"]) == 3
        page.screenshot(path=artifacts / "phone-before-win.png")
        code, col = line[-1].split("-")
        card = table.card(code)
        card.tap(position=table.strip(card))
        with table.expect_answer("/api/game/move") as info:
            table.target(int(col) - 1).tap()
        view = table.played(info.value)
        assert view["won"]
        win = page.locator("#win-dialog")
        expect(win).to_be_visible()
        expect(win.locator("#win-moves")).to_have_text(str(len(line)))
        expect(page.locator(".run-slot.filled")).to_have_count(4)
        page.wait_for_timeout(400)
        page.screenshot(path=artifacts / "phone-win.png")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        # New game from the win screen opens the New game dialog.
        win.get_by_role("button", name="New game").click()
        expect(page.locator("#new-game-dialog")).to_be_visible()
        expect(win).to_be_hidden()
        assert re.fullmatch(r"\d\d:\d\d", page.locator("#time").text_content() or "")
        assert table.recorder is not None
        table.recorder.check()
