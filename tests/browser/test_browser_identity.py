"""The page and its player: a lost cookie (401) reloads the page, another tab's change (409)
is shown instead of being overwritten."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from table_page import Recorder, Table

from scorpion.engine import deal
from scorpion.engine.hints import hint_moves


def test_an_unknown_player_reloads_the_page_for_a_new_identity(table: Table) -> None:
    page = table.page
    table.new_game(1)
    old_cookie = {c["name"]: c["value"] for c in page.context.cookies()}["scorpion_player"]
    page.evaluate("window.beforeReload = true")
    page.context.clear_cookies()
    with (
        page.expect_response(lambda r: "/api/game/hints" in r.url) as refused,
        page.expect_event("load"),
    ):
        page.get_by_role("button", name="Hint").click()
    assert refused.value.status == 401
    # The reload loaded the page again (a new document) and with it a new player cookie.
    expect(page.locator("#tableau .card").first).to_be_visible()
    assert page.evaluate("window.beforeReload") is None
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    assert cookies.get("scorpion_player") and cookies["scorpion_player"] != old_cookie
    view = table.api_view()
    table.wait_for(view)
    assert view["moves"] == 0


def second_tab(table: Table, recorder: Recorder) -> tuple[Table, dict]:
    """The table opened in a second tab of the same player, its answers recorded too, and
    the view it was drawn from."""
    second: Page = table.page.context.new_page()
    recorder.attach(second)
    other = Table(second, recorder)
    return other, other.open()


def moved_in_another_tab(table: Table, recorder: Recorder) -> tuple[dict, dict, Page]:
    """Deal 1 in ``table``, then 7D-1 played in a second tab of the same player, which
    ``table`` has not seen: the first view, the second tab's view after its move, and
    the second tab (to close)."""
    start = table.new_game(1)
    other, opened = second_tab(table, recorder)
    assert opened["version"] == start["version"]
    return start, other.played(other.click_move("7D", 0)), other.page


def test_a_change_in_another_tab_is_fetched_not_overwritten(
    table: Table, recorder: Recorder
) -> None:
    start, moved, second = moved_in_another_tab(table, recorder)

    # The first tab still shows the old position and tries a move from it.
    assert table.columns()[0][1] == start["columns"][0]["cards"]
    response = table.click_move("5C", 2)
    assert response.status == 409
    assert "another tab" in response.json()["detail"]
    expect(table.toast()).to_contain_text("another tab")
    # It fetched the game again and shows the other tab's move; its own did not happen.
    table.wait_for(moved)
    assert table.api_view()["columns"] == moved["columns"]
    second.close()


def test_f4_a_new_game_in_a_stale_tab_does_not_replace_the_other_tabs_game(
    table: Table, recorder: Recorder
) -> None:
    """F4: a tab that missed another tab's move thinks its game has not started, so New
    game does not ask before leaving it; the server refuses (409, the version it sent is
    old), the dialog closes, the tab says why and shows the game as it now is."""
    first = table.page
    _, moved, second = moved_in_another_tab(table, recorder)

    first.get_by_role("button", name="New game").click()
    dialog = first.locator("#new-game-dialog")
    dialog.get_by_role("textbox", name="Deal number").fill("3")
    with first.expect_response(lambda r: r.url.endswith("/api/game/new")) as info:
        dialog.get_by_role("button", name="Start").click()
    assert info.value.status == 409 and "another tab" in info.value.json()["detail"]
    expect(dialog).to_be_hidden()
    expect(table.toast()).to_contain_text("another tab")
    table.wait_for(moved)
    assert (table.api_view()["deal"], table.api_view()["moves"]) == ("1", 1)
    second.close()


def test_f4_a_game_ended_in_another_tab_is_said_ended_not_changed(
    table: Table, recorder: Recorder
) -> None:
    """F4: deal 1 in this tab, then a second tab of the same player starts deal 2 (asked
    first, it ends deal 1). This tab's next move is refused (409); it says that the other
    tab ended its game and started deal 2 (it said the game was "changed"), and shows it."""
    table.new_game(1)
    table.played(table.click_move("7D", 0))
    other, _ = second_tab(table, recorder)
    replaced = other.new_game(2)
    response = table.click_move("5C", 2)
    assert response.status == 409 and "another tab" in response.json()["detail"]
    expect(table.toast()).to_have_text(
        "Another tab or page ended this game; showing deal 2.")
    table.wait_for(replaced)
    other.page.close()


def test_f4_a_double_click_in_a_stale_tab_shows_the_game_as_it_is(
    table: Table, recorder: Recorder
) -> None:
    """F4: a double-click in a tab that missed another tab's move says so and shows the
    game as it now is, rather than where the card could go in a position it does not
    show ("nowhere to go" for a card the other tab has moved)."""
    first = table.page
    _, moved, second = moved_in_another_tab(table, recorder)
    table.settle()
    with first.expect_response(lambda r: "/api/game/destinations" in r.url) as info:
        table.card("7D").dblclick(position=table.strip(table.card("7D")))
    assert info.value.status == 409
    expect(table.toast()).to_contain_text("another tab")
    table.wait_for(moved)
    second.close()


def test_the_face_down_check_would_catch_a_leak() -> None:
    """The check every browser test ends with fails on an answer naming a hidden card."""
    view = {
        "variant": {"id": "scorpion", "name": "Scorpion"}, "deal": "1",
        # Three runs out; the hearts left: 7 face up, 3 face down, 3 in the stock.
        "columns": [{"face_down": 3, "cards": ["AH", "4H", "TH", "8H"]},
                    {"face_down": 0, "cards": ["2H", "3H", "5H"]}]
        + [{"face_down": 0, "cards": []}] * 5,
        "stock": 3, "runs": ["C", "D", "S"], "moves": 0, "version": 1,
        "last": None,
    }
    clean = Recorder("http://x")
    clean.answers.append(("/api/game", 200, view))
    assert clean.check() == 1

    # The next deal's view in a give-up's answer; Finish's line; a card's destinations;
    # the hints: each naming the face-down 6H.
    for path, answer in [
        ("/api/game", {**view, "last": {"move": "deal", "revealed": ["6H"]}}),
        ("/api/game/give-up", {"deal": "2", "game": {**view, "last": {"move": "6H-2"}}}),
        ("/api/game/outlook", {"finish": "winnable", "line": ["8H-2", "6H-1"]}),
        ("/api/game/destinations", {"card": "6H", "moves": ["6H-1"], "message": None}),
        ("/api/game/hints", {"moves": ["6H-1"], "chances": []}),
    ]:
        leaky = Recorder("http://x")
        if path != "/api/game":
            leaky.answers.append(("/api/game", 200, view))
        leaky.answers.append((path, 200, answer))
        try:
            leaky.check()
        except AssertionError as error:
            assert "6H" in str(error), path
        else:
            raise AssertionError(f"a face-down card in the answer of {path} went unnoticed")


def test_f6_f10_a_game_deleted_in_another_tab_is_said_ended_and_no_hint_of_another_game(
    table: Table, recorder: Recorder
) -> None:
    """F6, F10: the saved games deleted from another tab (the settings page), this tab's
    Hint is refused (409, nothing dealt by it) and the tab shows the deal its reload got,
    saying the game was ended elsewhere; a hint asked for the view shown is never answered
    from another game (the page sends its version)."""
    page = table.page
    table.new_game(1)
    table.played(table.click_move("7D", 0))
    other, _ = second_tab(table, recorder)
    other.page.goto("/settings")
    expect(other.page.locator("body[data-ready=true]")).to_have_count(1)
    other.page.get_by_role("button", name="Delete saved games").click()
    other.page.locator("#confirm").get_by_role("button", name="Delete saved games").click()
    expect(other.page.locator("#done")).to_have_text("1 saved game deleted.")
    with page.expect_response(lambda r: "/api/game/hints" in r.url) as info:
        page.get_by_role("button", name="Hint").click()
    assert info.value.status == 409
    assert "version=" in info.value.url
    expect(table.toast()).to_have_text(re.compile(
        r"^Another tab or page ended this game; showing deal \d+\.$"))
    shown = table.api_view()
    assert shown["deal"] != "1" and shown["moves"] == 0
    table.wait_for(shown)
    other.page.close()


def test_f6_resume_of_a_game_deleted_meanwhile_says_it_is_a_new_deal(
    table: Table, recorder: Recorder
) -> None:
    """F6: the New game dialog offers to resume the Wasp game under way; deleted from
    another tab before Start, the deal shown is not called "where you left it"."""
    page = table.page
    table.new_game(7, "wasp")
    move = str(hint_moves(deal(7, "wasp"))[0])
    assert page.request.post("/api/game/move", data={"variant": "wasp", "move": move}).ok
    table.new_game(5, "scorpion")
    page.get_by_role("button", name="New game").click()
    dialog = page.locator("#new-game-dialog")
    page.locator("#variant-select").select_option("wasp")
    expect(dialog.get_by_label("Resume your Wasp game in progress")).to_be_checked()
    assert page.request.delete("/api/saved-games").ok
    dialog.get_by_role("button", name="Start").click()
    expect(dialog).to_be_hidden()
    expect(table.toast()).to_have_text(re.compile(
        r"^Your Wasp game was ended in another tab or page; this is a new deal, \d+\.$"))
