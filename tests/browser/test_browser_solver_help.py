"""Solver help at the table (B2): the status line the player switches on, hints that say
"winning move" only once the solver has proved it, and "winnable deals only"."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from table_page import Table

from scorpion.web.insight import shipped_winnable_deals
from winning import WINNABLE_DEAL


def test_status_line_is_off_until_switched_on(table: Table, artifacts) -> None:
    table.new_game(WINNABLE_DEAL)
    status = table.page.locator("#solver-status")
    expect(status).to_be_hidden()
    table.page.get_by_label("Can this deal still be won?").check()
    expect(status).to_have_text("This deal can still be won.", timeout=30_000)
    # After a move that keeps it winnable the line is asked again and still says so.
    table.page.get_by_role("button", name="Hint").click()
    expect(table.toast()).to_contain_text("(winning move)")
    table.page.screenshot(path=str(artifacts / "desktop-solver-status.png"))
    table.new_game(1)
    expect(status).to_have_text("This deal can no longer be won.", timeout=30_000)
    table.page.get_by_label("Can this deal still be won?").uncheck()
    expect(status).to_be_hidden()


def test_hints_on_a_lost_deal_are_legal_moves(table: Table) -> None:
    table.new_game(1)
    table.page.get_by_role("button", name="Hint").click()
    expect(table.toast()).to_contain_text(re.compile(r"Hint 1 of 6: .*\(legal move\)"))


def test_new_game_winnable_only(table: Table) -> None:
    table.open()
    table.page.get_by_role("button", name="New game").click()
    dialog = table.page.locator("#new-game-dialog")
    dialog.get_by_label("A winnable deal (proved by the solver)").check()
    with table.page.expect_response(lambda r: r.url.endswith("/api/game/new")) as info:
        dialog.get_by_role("button", name="Start").click()
    assert info.value.request.post_data_json["winnable_only"] is True
    view = info.value.json()
    assert int(view["deal"]) in shipped_winnable_deals("scorpion")
    expect(dialog).to_be_hidden()
    table.wait_for(view)
