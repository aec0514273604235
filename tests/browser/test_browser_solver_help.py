"""Solver help at the table (B2, F10): the peeking help (the status line and the
"winning move" mark, which read the hidden cards) only once the player switches peeking
on, and "winnable deals only"."""

from __future__ import annotations

from playwright.sync_api import expect
from table_page import Table

from scorpion.solver.winnable import shipped_winnable_deals
from scorpion.web.schemas import PEEKED_REASON
from winning import WINNABLE_DEAL

PEEK = "Peek: let hints use the hidden cards"


def peek(table: Table) -> None:
    """Switch peeking on at the table, and wait until the server has stored it."""
    box = table.page.get_by_label(PEEK)
    expect(box).to_be_enabled()
    with table.page.expect_response(lambda r: r.url.endswith("/api/settings")) as info:
        box.check()
    assert info.value.ok and info.value.json()["peeking"] is True


def test_status_line_is_off_until_peeking_is_switched_on(table: Table, artifacts) -> None:
    table.new_game(WINNABLE_DEAL)
    status = table.page.locator("#solver-status")
    expect(status).to_be_hidden()
    peek(table)
    expect(status).to_have_text("Peeking: this deal can still be won.", timeout=30_000)
    # Said too when it comes (the line is no live region: shown from hidden, it may go unread).
    expect(table.page.locator("#announce")).to_contain_text("Peeking: this deal can still be won.")
    # After a move that keeps it winnable the line is asked again and still says so.
    table.page.get_by_role("button", name="Hint").click()
    expect(table.toast()).to_contain_text("(winning move, peeking)")
    expect(table.page.locator("#hint-panel .hint-winning")).to_have_text(
        ["winning move (peeking)"]
    )
    table.page.screenshot(path=str(artifacts / "desktop-solver-status.png"))
    table.new_game(1)
    expect(status).to_have_text("Peeking: this deal can no longer be won.", timeout=30_000)
    table.page.get_by_label(PEEK).uncheck()
    expect(status).to_be_hidden()


def test_f10_the_peeked_mark_shows_as_soon_as_peeking_help_is_shown(table: Table) -> None:
    """F10: the header's "peeked" mark and its reason appear with the peeking help itself
    (the status line, or the hints when the status is not answered), before any move."""
    page = table.page
    badge, note = page.locator("#peeked-badge"), page.locator("#peeked-note")
    table.new_game(WINNABLE_DEAL)
    expect(badge).to_be_hidden()
    peek(table)
    expect(page.locator("#solver-status")).to_have_text(
        "Peeking: this deal can still be won.", timeout=30_000
    )
    expect(badge).to_be_visible()
    expect(note).to_have_text(PEEKED_REASON)
    expect(page.locator("#moves")).to_have_text("0")
    # Another deal, the status left unanswered: the hints alone mark it.
    page.route("**/api/game/status*", lambda route: route.abort())
    table.new_game(WINNABLE_DEAL + 1)
    expect(badge).to_be_hidden()
    expect(page.locator("#solver-status")).to_be_hidden()
    page.get_by_role("button", name="Hint").click()
    expect(table.toast()).to_contain_text("Hint 1 of ")
    expect(badge).to_be_visible()
    expect(note).to_have_text(PEEKED_REASON)
    expect(page.locator("#moves")).to_have_text("0")


def test_hints_on_a_lost_deal_mark_no_winning_move(table: Table) -> None:
    table.new_game(1)
    peek(table)
    expect(table.page.locator("#solver-status")).to_have_text(
        "Peeking: this deal can no longer be won.", timeout=30_000
    )
    table.page.get_by_role("button", name="Hint").click()
    expect(table.toast()).to_contain_text("Hint 1 of 6: ")
    expect(table.toast()).not_to_contain_text("winning")
    expect(table.page.locator("#hint-panel .hint-winning")).to_have_count(0)


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
