"""Seen deals at the table (F10, F11): after giving up, the verdict alone leaves the deal
unmarked; once the player watched its winning line (Show me), a new game of that deal
shows that it counts as peeked, and why."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect
from table_page import Table

from winning import WINNABLE_DEAL


def give_up(table: Table) -> None:
    """Give up the game in progress (no move made: the page does not ask first) and wait
    for the end screen's verdict."""
    page = table.page
    with table.expect_answer("/api/game/give-up"):
        page.get_by_role("button", name="Give up").click()
    expect(page.locator("#end-verdict")).to_contain_text(
        "This deal could have been won from its start.", timeout=30_000
    )


def test_f10_f11_a_deal_whose_line_was_watched_is_peeked_when_played_again(
    table: Table, artifacts: Path
) -> None:
    """F10, F11: the end screen says that watching the line marks the deal; closing it
    without watching leaves a new game of the deal unmarked; after Show me, a new game of
    the deal wears the "peeked" mark with the reason in words."""
    page = table.page
    badge, note = page.locator("#peeked-badge"), page.locator("#peeked-note")
    end = page.locator("#end-dialog")
    table.new_game(WINNABLE_DEAL)
    expect(badge).to_be_hidden()
    give_up(table)
    expect(end.locator("#end-show-note")).to_contain_text("counts as peeked")
    end.get_by_role("button", name="Next deal").click()
    expect(end).to_be_hidden()
    table.new_game(WINNABLE_DEAL)
    expect(badge).to_be_hidden()  # only the verdict was told
    expect(note).to_be_hidden()
    give_up(table)
    with table.expect_answer("/api/deal/solution"):
        end.get_by_role("button", name="Show me").click()
    expect(page.locator("#replay-bar")).to_be_visible()
    page.get_by_role("button", name="Close", exact=True).click()
    end.get_by_role("button", name="Next deal").click()
    expect(end).to_be_hidden()
    view = table.new_game(WINNABLE_DEAL)
    assert view["peeked"] is True
    expect(badge).to_be_visible()
    expect(badge).to_have_text("· peeked")
    expect(note).to_be_visible()
    expect(note).to_have_text(view["peeked_reason"])
    expect(note).to_contain_text("you were shown this deal's hidden cards before")
    page.screenshot(path=artifacts / "desktop-seen-deal.png")
    table.new_game(WINNABLE_DEAL + 1)
    expect(badge).to_be_hidden()
    expect(note).to_be_hidden()


def test_f8_f10_deleting_the_results_on_the_settings_page_forgets_the_seen_deals(
    table: Table,
) -> None:
    """F8, F10: the settings page says how many deals' hidden cards were shown, also when
    no result is kept, and "Delete results" (asked first) forgets them: the table then
    deals that deal unmarked."""
    page = table.page
    assert page.request.put("/api/settings", data={"peeking": True}).ok
    table.new_game(WINNABLE_DEAL)
    assert page.request.get("/api/game/hints").ok  # peeking help, before any move
    assert page.request.put("/api/settings", data={"peeking": False}).ok
    table.new_game(WINNABLE_DEAL + 1)
    page.get_by_role("link", name="Settings & privacy").click()
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#results")).to_have_text(
        "No results: your statistics are empty. You were shown the hidden cards of 1 deal: "
        "a game of it counts as peeked."
    )
    page.get_by_role("button", name="Delete results").click()
    dialog = page.locator("#confirm")
    expect(dialog).to_contain_text(
        "whose hidden cards you were shown, or that you were dealt in another game, goes too"
    )
    with page.expect_response(lambda r: r.url.endswith("/api/results")):
        dialog.get_by_role("button", name="Delete results").click()
    expect(page.locator("#results")).to_have_text("No results: your statistics are empty.")
    expect(page.get_by_role("button", name="Delete results")).to_be_disabled()
    table.open()
    view = table.new_game(WINNABLE_DEAL)
    assert view["peeked"] is False
    expect(page.locator("#peeked-badge")).to_be_hidden()


def test_f10_v1_a_deal_under_way_in_another_game_is_refused_in_the_dialog(
    table: Table, artifacts: Path
) -> None:
    """F10, V1: with Scorpion's deal 617 under way, the New game dialog refuses deal 617 of
    Chelicera (whose deal shows Scorpion's face-down cards face up): the dialog stays
    open with the reason, and the Scorpion game is still on the table; another number
    starts."""
    page = table.page
    table.new_game(617)
    page.get_by_role("button", name="New game").click()
    dialog = page.locator("#new-game-dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_role("textbox", name="Deal number").fill("617")
    page.locator("#variant-select").select_option("chelicera")
    with table.expect_answer("/api/game/new"):
        dialog.get_by_role("button", name="Start").click()
    error = page.locator("#new-game-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("Deal 617 is under way in your Scorpion game")
    expect(dialog).to_be_visible()
    page.screenshot(path=artifacts / "desktop-deal-under-way.png")
    assert table.api_view("scorpion")["deal"] == "617"
    dialog.get_by_role("textbox", name="Deal number").fill("618")
    with table.expect_answer("/api/game/new"):
        dialog.get_by_role("button", name="Start").click()
    expect(dialog).to_be_hidden()
    assert table.api_view("chelicera")["deal"] == "618"
