"""Saved games, statistics, settings and privacy in the browser (F6-F8): resume after a
reload, the clock paused while the page is hidden, the statistics page after a win and a
loss, deletion with confirmation, saving off, and "download my data"."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect
from sqlalchemy import create_engine, text
from table_page import Table, known_win

from scorpion.web.app import COOKIE

HIDE = """hidden => {
    Object.defineProperty(document, 'visibilityState', {
        value: hidden ? 'hidden' : 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
}"""


def damage_saved_games(database_url: str, page: Page) -> None:
    """Put an impossible move into the saved games of the page's player (only theirs)."""
    [token] = [c["value"] for c in page.context.cookies() if c["name"] == COOKIE]
    engine = create_engine(database_url)
    try:
        with engine.begin() as conn:
            changed = conn.execute(
                text("UPDATE games SET moves = moves || ' QQ-9' WHERE player_id = :pid"),
                {"pid": hashlib.sha256(token.encode()).hexdigest()},
            ).rowcount
        assert changed == 1
    finally:
        engine.dispose()


def api_play(page: Page, moves: tuple[str, ...] | list[str]) -> dict[str, Any]:
    """Play moves through the API with the page's cookie (quicker than clicking)."""
    view: dict[str, Any] = {}
    for move in moves:
        r = page.request.post("/api/game/move", data={"move": move})
        assert r.ok, r.text()
        view = r.json()
    return view


def figure(page: Page, name: str) -> str:
    return page.locator(f"#stat-{name}").inner_text()


def test_a_game_resumes_after_a_reload_with_its_history(table: Table) -> None:
    """F6: position, undo history and move count come back after the page is reloaded."""
    table.new_game(1)
    table.play_line(["7D-1", "5C-3"])
    with table.expect_answer("/api/game/undo") as info:
        table.page.get_by_role("button", name="Undo").click()
    before = table.played(info.value)
    after = table.open()  # reload: a new visit
    assert after["columns"] == before["columns"] and after["moves"] == 1
    expect(table.page.locator("#moves")).to_have_text("1")
    redo = table.page.get_by_role("button", name="Redo")
    expect(redo).to_be_enabled()
    with table.expect_answer("/api/game/redo") as info:
        redo.click()
    assert table.played(info.value)["moves"] == 2


def test_the_clock_pauses_while_the_page_is_hidden(table: Table) -> None:
    """F6: time counts only while the page is open and visible."""
    page = table.page
    table.new_game(1)
    table.play_line(["7D-1"])
    assert table.api_view()["clock_running"]
    with page.expect_request(lambda r: r.url.endswith("/api/game/clock")) as sent:
        page.evaluate(HIDE, True)
    assert sent.value.post_data_json == {"variant": "scorpion", "running": False}
    sent.value.response()
    paused = table.api_view()
    assert not paused["clock_running"]
    shown = page.locator("#time").inner_text()
    page.wait_for_timeout(2200)
    assert table.api_view()["elapsed_ms"] == paused["elapsed_ms"]
    assert page.locator("#time").inner_text() == shown  # the page stopped ticking too
    with page.expect_response(lambda r: r.url.endswith("/api/game/clock")) as answer:
        page.evaluate(HIDE, False)
    assert answer.value.json()["clock_running"]
    page.wait_for_timeout(1200)
    assert table.api_view()["elapsed_ms"] >= paused["elapsed_ms"] + 1000
    expect(page.locator("#time")).not_to_have_text(shown)


def test_the_statistics_page_after_a_win_and_a_loss(table: Table, artifacts: Path) -> None:
    """F7: the figures and the chart, from the server's count."""
    page = table.page
    number, line = known_win()
    table.new_game(number)
    api_play(page, line[:-1])
    table.open()  # the page shows the saved game, one move from the win
    code, col = line[-1].split("-")
    won = table.played(table.click_move(code, int(col) - 1))
    assert won["won"]
    expect(page.locator("#win-dialog")).to_be_visible()
    expect(page.locator("#win-peeked")).to_be_hidden()  # won without peeking
    page.get_by_role("link", name="See your statistics").click()
    expect(page).to_have_url(re.compile(r"/statistics$"))
    page.wait_for_selector("body[data-ready]")
    assert [figure(page, n) for n in ("started", "won", "rate", "fewest-moves")] == [
        "1", "1", "100%", str(len(line))]
    assert figure(page, "best-time") == f"{won['elapsed_ms'] // 60000:02d}:" \
        f"{won['elapsed_ms'] // 1000 % 60:02d}"
    assert (figure(page, "current-streak"), figure(page, "longest-streak")) == ("1", "1")
    expect(page.locator("#recent-chart rect.won")).to_have_count(1)
    expect(page.locator("#stat-in-progress")).to_be_hidden()

    # A started game given up for a new one ends the streak.
    table.open()  # back at the won game: the win screen shows again
    page.get_by_role("button", name="Close and look at the table").click()
    table.new_game(1)
    table.play_line(["7D-1"])
    table.new_game(2)
    page.get_by_role("link", name="Statistics").click()
    page.wait_for_selector("body[data-ready]")
    assert [figure(page, n) for n in ("started", "won", "rate")] == ["2", "1", "50%"]
    assert (figure(page, "current-streak"), figure(page, "longest-streak")) == ("0", "1")
    expect(page.locator("#recent-chart rect")).to_have_count(2)
    expect(page.locator("#recent-chart rect").nth(1)).to_have_class("lost")
    expect(page.locator("#recent-caption")).to_have_text(
        "The last 2 finished games, oldest first: 1 won (bars up), 1 not won (bars down).")
    # The same games in words, for keys and touch (a bar's title shows to a mouse only).
    page.get_by_text("The recent games, one by one").click()
    expect(page.locator("#recent-list li")).to_have_text([
        re.compile(rf"^Deal {number}: won in \d\d:\d\d, {len(line)} moves$"),
        "Deal 1: not won"])
    # Another variant has figures of its own.
    page.locator("#stats-variant").select_option("wasp")
    no_rate = "\u2013"  # an en dash
    assert [figure(page, n) for n in ("started", "won", "rate")] == ["0", "0", no_rate]
    expect(page.locator(".recent-empty")).to_be_visible()
    # F9: a screen reader hears the choice in one sentence, not twelve bare figures.
    said = page.locator("#stats-said")
    expect(said).to_have_text("Wasp: 0 started, 0 won.")
    assert page.locator("#stats-figures").get_attribute("aria-live") is None
    page.locator("#stats-variant").select_option("scorpion")
    expect(said).to_have_text("Scorpion: 2 started, 1 won, win rate 50%.")
    page.screenshot(path=artifacts / "statistics.png", full_page=True)


def test_f7_f10_the_statistics_say_a_game_is_in_progress_and_mark_peeked_games(
    table: Table,
) -> None:
    """F7, F10: a game in progress counts as started (the page says so, or the win rate
    looks wrong), and a peeked game's bar and line say it was peeked."""
    page = table.page
    table.new_game(1)
    page.request.put("/api/settings", data={"peeking": True})
    assert page.request.get("/api/game/status?variant=scorpion").ok  # peeking: marked
    table.play_line(["7D-1"])
    page.get_by_role("link", name="Statistics").click()
    page.wait_for_selector("body[data-ready]")
    assert [figure(page, n) for n in ("started", "won")] == ["1", "0"]
    expect(page.locator("#stat-in-progress")).to_be_visible()
    table.open()
    with table.expect_answer("/api/game/give-up"):
        page.get_by_role("button", name="Give up").click()
        page.locator("#confirm-dialog").get_by_role("button", name="Give up").click()
    page.goto("/statistics")
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#stat-in-progress")).to_be_hidden()
    expect(page.locator("#recent-chart rect.lost.peeked")).to_have_count(1)
    expect(page.locator("#recent-caption")).to_contain_text("1 peeked (pale bars, dashed outline)")
    page.get_by_text("The recent games, one by one").click()
    expect(page.locator("#recent-list li")).to_have_text(["Deal 1: not won (peeked)"])


def test_f10_a_win_with_peeking_says_so_on_the_win_screen(table: Table) -> None:
    """F10: the win screen of a game in which peeking helped says that it counts apart
    from the wins without peeking."""
    page = table.page
    number, line = known_win()
    table.new_game(number)
    page.request.put("/api/settings", data={"peeking": True})
    assert page.request.get("/api/game/status?variant=scorpion").ok  # peeking: marked
    api_play(page, line[:-1])
    table.open()
    code, col = line[-1].split("-")
    assert table.played(table.click_move(code, int(col) - 1))["won"]
    expect(page.locator("#win-dialog")).to_be_visible()
    expect(page.locator("#win-peeked")).to_have_text(
        "Peeking helped in this game: it counts as a win, apart from your wins without "
        "peeking.")


def test_deleting_saved_games_and_results_after_confirmation(
    table: Table, artifacts: Path
) -> None:
    """F8: each deletion asks first, and the page shows that the data are gone."""
    page = table.page
    table.new_game(1)
    table.play_line(["7D-1"])
    page.get_by_role("link", name="Settings & privacy").click()
    page.wait_for_selector("body[data-ready]")
    saved, results = page.locator("#saved-games"), page.locator("#results")
    expect(saved).to_have_text("1 saved game: Scorpion, deal 1 (1 move)")
    expect(results).to_have_text("1 game in your statistics: Scorpion 1.")

    dialog = page.locator("#confirm")
    page.get_by_role("button", name="Delete saved games").click()
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("1 saved game will be deleted for good")
    page.screenshot(path=artifacts / "settings-confirm.png")
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    expect(saved).to_have_text("1 saved game: Scorpion, deal 1 (1 move)")
    assert table.api_view()["moves"] == 1  # nothing was deleted

    def confirm(name: str, endpoint: str) -> int:
        """Press the delete button ``name``, confirm, and return how many rows went."""
        page.get_by_role("button", name=name).click()
        with page.expect_response(lambda r: r.url.endswith(endpoint)) as info:
            dialog.get_by_role("button", name=name).click()
        return int(info.value.json()["deleted"])

    assert confirm("Delete saved games", "/api/saved-games") == 1
    expect(page.locator("#done")).to_have_text("1 saved game deleted.")
    expect(saved).to_have_text("No saved games.")
    expect(page.get_by_role("button", name="Delete saved games")).to_be_disabled()
    expect(results).to_have_text("1 game in your statistics: Scorpion 1.")  # kept apart

    assert confirm("Delete results", "/api/results") == 1
    expect(page.locator("#done")).to_have_text(
        "1 result deleted, and the record of the deals you were shown or dealt.")
    expect(results).to_have_text("No results: your statistics are empty.")
    page.screenshot(path=artifacts / "settings-deleted.png", full_page=True)

    with page.expect_download() as download:
        page.get_by_role("link", name="Download my data").click()
    data = json.loads(Path(download.value.path()).read_text())
    assert data["results"] == [] and data["saved_games"] == []
    assert data["settings"] == {"saving": True, "peeking": False}

    page.get_by_role("link", name="Back to the table").click()
    expect(page.locator("#moves")).to_have_text("0")
    page.goto("/statistics")
    page.wait_for_selector("body[data-ready]")
    assert figure(page, "started") == "0"


def test_f7_leaving_the_game_whose_results_were_deleted_says_it_counts_nowhere(
    table: Table,
) -> None:
    """F7: the game in progress when the results were deleted counts in no statistics:
    the question before leaving it says so, not "counts as not won"."""
    page = table.page
    table.new_game(1)
    table.play_line(["7D-1"])
    assert page.request.delete("/api/results").ok
    table.open()
    page.get_by_role("button", name="Replay").click()
    confirm = page.locator("#confirm-dialog")
    expect(confirm).to_contain_text(
        "Your game of deal 1 (1 move so far) ends and counts in no statistics")
    confirm.get_by_role("button", name="Keep playing").click()


def test_with_saving_off_a_new_tab_deals_a_new_game(table: Table) -> None:
    """F8: saving off keeps the game only while its tab is open (reloads included)."""
    page = table.page
    table.new_game(1)
    table.play_line(["7D-1"])
    page.goto("/settings")
    page.wait_for_selector("body[data-ready]")
    page.get_by_label("Saving is on").click()
    dialog = page.locator("#confirm")
    expect(dialog).to_contain_text("Your 1 saved game will be deleted now")
    # Saving stays on, and shown on, while the question is asked.
    expect(page.get_by_label("Saving is on")).to_be_checked()
    with page.expect_response(lambda r: r.url.endswith("/api/settings")) as info:
        dialog.get_by_role("button", name="Turn saving off").click()
    assert info.value.json() == {"saving": False, "peeking": False}
    expect(page.locator("#saving-label")).to_have_text("Saving is off")
    expect(page.locator("#saved-games")).to_have_text("No saved games.")

    table.open()
    table.new_game(1)
    table.play_line(["7D-1"])
    assert table.open()["moves"] == 1  # a reload in the same tab keeps it
    page.goto("/settings")
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#saved-games")).to_have_text(
        "1 game in progress (kept until its tab is closed): Scorpion, deal 1 (1 move)")
    other = Table(page.context.new_page())  # a new tab: a new visit
    fresh = other.open()
    assert fresh["moves"] == 0 and not fresh["started"]
    other.page.close()

    page.goto("/settings")
    page.wait_for_selector("body[data-ready]")
    page.get_by_label("Saving is off").check()
    expect(page.locator("#saving-label")).to_have_text("Saving is on")
    table.open()
    table.new_game(1)
    table.play_line(["7D-1"])
    other = Table(page.context.new_page())
    assert other.open()["moves"] == 1  # saving on: a new tab resumes the game
    other.page.close()


def test_a_damaged_saved_game_leaves_only_new_game(table: Table, server_database: str) -> None:
    """A damaged row: the page says why, offers New game, and disables what cannot work."""
    page = table.page
    table.new_game(4)
    table.play_line(["deal"])
    damage_saved_games(server_database, page)
    page.reload()
    dialog = page.locator("#new-game-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#new-game-error")).to_contain_text(
        "The saved Scorpion game (deal 4) cannot be replayed")
    dialog.get_by_role("button", name="Cancel").click()
    for name in ("Deal", "Hint", "Undo", "Redo", "Replay"):
        expect(page.get_by_role("button", name=name, exact=True)).to_be_disabled()
    table.new_game(4)
    expect(page.get_by_role("button", name="Replay", exact=True)).to_be_enabled()
