"""Keyboard focus (F9): a control that is disabled by its own use, and a dialog that
closes, never drop the focus to the page's body, where the next Tab would start again
from the top of the page."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Locator, Page, expect
from table_page import Table, dead_end_line, wait_until

from winning import WINNABLE_DEAL


def focused(page: Page) -> str:
    """The id of the element with the keyboard focus ('BODY' when none has it)."""
    return page.evaluate(  # type: ignore[no-any-return]
        "document.activeElement.id || document.activeElement.tagName"
    )


def peek_by_key(table: Table) -> Locator:
    """Switch the Peek box on with the Space key, once its setting is stored; the box."""
    box = table.page.locator("#peeking")
    box.focus()
    with table.expect_answer("/api/settings"):
        table.page.keyboard.press("Space")
    expect(box).to_be_checked()
    return box


def deal_by_key(table: Table, number: int) -> None:
    """Open New game with the N key and start deal ``number`` (no game under way to leave)."""
    dialog = table.page.locator("#new-game-dialog")
    table.page.keyboard.press("n")
    expect(dialog).to_be_visible()
    dialog.get_by_role("textbox", name="Deal number").fill(str(number))
    with table.expect_answer("/api/game/new"):
        dialog.get_by_role("button", name="Start").click()
    expect(dialog).to_be_hidden()


def test_f9_a_control_disabled_by_its_use_hands_the_focus_on(table: Table) -> None:
    page = table.page
    table.new_game(WINNABLE_DEAL)
    # Deal: the stock is dealt and the button disabled; the next control of the bar.
    page.locator("#btn-deal").focus()
    with table.expect_answer("/api/game/move"):
        page.keyboard.press("Enter")
    expect(page.locator("#btn-deal")).to_be_disabled()
    expect(page.locator("#btn-hint")).to_be_focused()
    # Undo of the only move: Undo disabled, Redo takes the focus; Redo of it: back to Undo.
    page.locator("#btn-undo").focus()
    with table.expect_answer("/api/game/undo"):
        page.keyboard.press("Enter")
    expect(page.locator("#btn-undo")).to_be_disabled()
    expect(page.locator("#btn-redo")).to_be_focused()
    with table.expect_answer("/api/game/redo"):
        page.keyboard.press("Enter")
    expect(page.locator("#btn-redo")).to_be_disabled()
    expect(page.locator("#btn-undo")).to_be_focused()
    # The Peek box, disabled while the setting is stored, keeps it.
    box = peek_by_key(table)
    expect(box).to_be_enabled()
    expect(box).to_be_focused()


def test_f9_a_dialog_opened_by_a_key_hands_the_focus_to_the_cards(table: Table) -> None:
    page = table.page
    table.open()
    page.evaluate("document.activeElement.blur()")
    assert focused(page) == "BODY"
    deal_by_key(table, WINNABLE_DEAL)
    expect(page.locator("#tableau :focus")).to_have_count(1)  # its current card
    # The "No moves left" dialog shown on load, closed with Esc.
    page.request.post("/api/game/new", data={"deal": "1"})
    for text in dead_end_line(1):
        assert page.request.post("/api/game/move", data={"move": text}).ok
    table.open()
    end = page.locator("#end-dialog")
    expect(end.get_by_role("heading")).to_have_text("No moves left")
    page.keyboard.press("Escape")
    expect(end).to_be_hidden()
    expect(page.locator("#tableau :focus")).to_have_count(1)  # its current card


def test_f9_f8_settings_keep_the_focus_on_the_control_or_on_what_was_done(
    table: Table,
) -> None:
    page = table.page
    table.new_game(WINNABLE_DEAL)
    page.goto("/settings")
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    box = peek_by_key(table)
    expect(box).to_be_focused()
    # Delete saved games: the button is disabled for good (nothing left), so the focus
    # goes to the message saying what was done.
    delete = page.locator("#delete-saved")
    delete.focus()
    page.keyboard.press("Enter")
    confirm = page.locator("#confirm")
    expect(confirm).to_be_visible()
    with table.expect_answer("/api/saved-games"):
        confirm.get_by_role("button", name="Delete saved games").click()
    expect(delete).to_be_disabled()
    done = page.locator("#done")
    expect(done).to_have_text("1 saved game deleted.")
    expect(done).to_be_focused()
    # It stands after the section of the button used, so the next Tab goes on to the
    # controls after it (it went back to the top of the page, past them).
    assert page.evaluate("document.querySelector('#saved-title').closest('section')"
                         ".nextElementSibling.id") == "done"
    after = "delete-results" if page.locator("#delete-results").is_enabled() else "download-data"
    page.keyboard.press("Tab")
    expect(page.locator(f"#{after}")).to_be_focused()


def test_f9_a_new_deal_puts_the_keys_on_an_exposed_card(table: Table) -> None:
    """F9: the keys' place on a face-down card of the game before (arrows up a column) is
    not kept by the next deal: they start at the exposed card of that column."""
    page = table.page
    table.new_game(WINNABLE_DEAL)
    page.locator("#tableau").focus()
    for _ in range(5):
        page.keyboard.press("ArrowUp")
    focused_key = page.locator("#tableau :focus").get_attribute("data-key")
    assert focused_key is not None and focused_key.startswith("down"), focused_key
    deal_by_key(table, WINNABLE_DEAL + 1)
    expect(page.locator("#tableau .card.face:focus")).to_have_count(1)


def test_f9_f3_the_list_of_hints_closing_hands_its_focus_to_the_hint_button(
    table: Table,
) -> None:
    """F9, F3: the list of hints closes with Esc, or when a key changes the game (U); the
    keyboard focus, if it was in the list, goes back to the Hint button (it fell to the
    page's body: the arrows did nothing and Tab started again from the top)."""
    page = table.page
    table.new_game(WINNABLE_DEAL)
    panel = page.locator("#hint-panel")
    with table.expect_answer("/api/game/move"):
        page.keyboard.press("d")
    for key, answer in (("Escape", None), ("u", "/api/game/undo")):
        page.keyboard.press("h")
        expect(panel).to_be_visible()
        page.locator("#hint-list .hint-item").first.focus()
        if answer:
            with table.expect_answer(answer):
                page.keyboard.press(key)
        else:
            page.keyboard.press(key)
        expect(panel).to_be_hidden()
        expect(page.locator("#btn-hint")).to_be_focused()
    expect(page.locator("#stock-count")).not_to_have_text("0")  # the deal was taken back


def test_f9_the_game_over_dialog_leaves_the_focus_where_the_player_took_it(
    table: Table,
) -> None:
    """F9, F11: after Give up, the verdict comes a second or two later, and with it Show
    me, which never takes the focus on its own: a player who had gone on (Shift+Tab here)
    stays where they went (without a key, the focus stays on Next deal: see the
    give-up test in test_browser_forgiving)."""
    page = table.page
    table.new_game(WINNABLE_DEAL)
    held: list[Any] = []  # the first request for the verdict, held until a key is pressed
    asked: list[int] = []

    def solution(route: Any) -> None:
        if asked:
            route.continue_()
        else:
            asked.append(1)
            held.append(route)

    with table.expect_answer("/api/game/move"):
        page.get_by_role("button", name="Deal", exact=True).click()  # Give up asks first
    page.route(re.compile(r"/api/deal/solution"), solution)
    page.get_by_role("button", name="Give up").click()
    with table.expect_answer("/api/game/give-up"):
        page.locator("#confirm-dialog").get_by_role("button", name="Give up").click()
    end = page.locator("#end-dialog")
    expect(end.get_by_role("button", name="Next deal")).to_be_focused()
    wait_until(page, lambda: bool(held), seconds=20)  # the verdict is asked for
    page.keyboard.press("Shift+Tab")
    page.evaluate("window.goneTo = document.activeElement")
    held.pop().continue_()
    show = end.get_by_role("button", name="Show me")
    expect(show).to_be_visible(timeout=30_000)
    page.wait_for_timeout(300)
    assert page.evaluate("document.activeElement === window.goneTo")
    expect(show).not_to_be_focused()


def test_f9_f3_a_hint_asked_from_the_cards_puts_the_keys_on_its_card(table: Table) -> None:
    """F9, F3: H pressed with the keys on the cards puts them on the hinted card (a screen
    reader says it), so that Enter takes it and its column's number plays the hint; from
    the Hint button the focus stays on the button (Enter again gives the next hint)."""
    page = table.page
    table.new_game(WINNABLE_DEAL)
    message = page.locator("#message")
    page.locator("#btn-hint").focus()
    page.keyboard.press("Enter")
    expect(message).to_have_attribute("data-hint", re.compile(r"."))
    expect(page.locator("#btn-hint")).to_be_focused()
    page.locator("#tableau [tabindex='0']").focus()
    hint = ""
    for _ in range(6):  # to a hint that moves a card (not the stock's deal)
        page.keyboard.press("h")
        page.wait_for_function("h => document.getElementById('message').dataset.hint"
                               " && document.getElementById('message').dataset.hint !== h",
                               arg=hint)
        hint = message.get_attribute("data-hint") or ""
        if hint != "deal":
            break
    code, column = hint.split("-")
    expect(page.locator("#tableau :focus")).to_have_attribute("data-code", code)
    page.keyboard.press("Enter")
    with table.expect_answer("/api/game/move") as info:
        page.keyboard.press(column[-1])
    view = table.played(info.value)
    assert code in view["columns"][int(column) - 1]["cards"]


def test_f9_f3_refined_chances_leave_the_keys_where_the_player_has_them(
    table: Table,
) -> None:
    """F9, F3: H on the cards puts the keys on the hinted card; when the refined chances
    come a moment later with another move first, the page points at that move but leaves
    the keys where they are (they jumped to its card, away from the card the player had
    picked up). The server's answers are replayed: still refining in its first order, then
    refined in the reverse order."""
    page = table.page
    table.new_game(WINNABLE_DEAL)
    first: list[dict[str, Any]] = []
    read: list[str] = []  # set once the test has seen where the keys went

    def reorder(route: Any) -> None:
        if not first:
            first.append(route.fetch().json())
        real = first[0]
        cards = [m for m in real["moves"] if m != "deal"]
        moves = cards + [m for m in real["moves"] if m == "deal"]
        if read:
            moves = cards[::-1] + [m for m in moves if m == "deal"]
        route.fulfill(json={**real, "moves": moves, "refining": not read, "chances": []})

    page.route(re.compile(r"/api/game/hints"), reorder)
    page.locator("#tableau [tabindex='0']").focus()
    page.keyboard.press("h")
    message = page.locator("#message")
    expect(message).to_contain_text("Hint 1 of")
    hinted = (message.get_attribute("data-hint") or "").split("-")[0]
    focused = page.locator("#tableau :focus")
    expect(focused).to_have_attribute("data-code", hinted)
    read.append(hinted)
    expect(page.locator("#hint-refining")).to_be_hidden(timeout=30_000)
    page.wait_for_function("h => document.getElementById('message').dataset.hint"
                           " && !document.getElementById('message').dataset.hint"
                           ".startsWith(h + '-')", arg=hinted)
    page.wait_for_timeout(300)
    expect(focused).to_have_attribute("data-code", hinted)
