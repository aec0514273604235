"""A forgiving table (F1-F5, F7, F10): no input lost or misread, refusals in a player's
words, asking before a game is thrown away, double-click, Finish, and closure after a game
(a celebration for a win; for a game given up or stuck, whether the deal could have been
won, and a step-by-step replay of a winning line)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from table_page import Recorder, Table, dead_end_line, known_win

from scorpion.engine import Move, deal
from scorpion.engine.hints import hint_moves
from winning import WINNABLE_DEAL, winning_line

IN_GROUP = re.compile(r"\bin-group\b")
DEVICES = {
    "phone": {"viewport": {"width": 375, "height": 812}, "device_scale_factor": 2,
              "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}
# Where a card will lie once it has landed: its column's box and its own top offset.
LANDING = """code => {
  const el = document.querySelector(`#tableau .card.face[data-code="${code}"]`);
  const col = el.parentElement.getBoundingClientRect();
  return {x: col.left + col.width / 2, y: col.top + parseFloat(el.style.top) + 6};
}"""
FLYING = """() => document.getAnimations().some(a => a.playState === 'running'
    && !(a instanceof CSSAnimation) && !(a instanceof CSSTransition))"""


@pytest.fixture(params=list(DEVICES), name="on")
def on_device(
    request: pytest.FixtureRequest, browser: Browser, base_url: str
) -> Iterator[tuple[str, Table]]:
    """The table on a phone with touch, or on a desktop with a mouse."""
    name = request.param
    context = browser.new_context(base_url=base_url, **DEVICES[name])
    page = context.new_page()
    recorder = Recorder(base_url)
    recorder.attach(page)
    table = Table(page, recorder)
    table.open()
    yield name, table
    recorder.check()
    context.close()


def press_at(name: str, page: Page, point: dict[str, float]) -> None:
    """Tap (phone) or click (desktop) at a point of the screen, without waiting for
    anything to stop moving (as a player does)."""
    if name == "phone":
        page.touchscreen.tap(point["x"], point["y"])
    else:
        page.mouse.click(point["x"], point["y"])


def choose(name: str, table: Table, code: str) -> None:
    card = table.card(code)
    if name == "phone":
        card.tap(position=table.strip(card))
    else:
        card.click(position=table.strip(card))


def choose_column(name: str, table: Table, col: int) -> None:
    target = table.target(col)
    if name == "phone":
        target.tap()
    else:
        target.click()


def slow_motion(page: Page, rate: float) -> None:
    """Play the page's animations at ``rate`` times their speed (Chrome DevTools)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": rate})


def slow_network(page: Page, latency_ms: int) -> None:
    """Make every request of the page take ``latency_ms`` longer (Chrome DevTools)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": latency_ms, "downloadThroughput": -1,
        "uploadThroughput": -1,
    })


# ---- 1. no input lost or misread --------------------------------------------------------


def test_a_press_during_the_deal_acts_on_the_card_where_it_lands(
    on: tuple[str, Table],
) -> None:
    """F1: deal 1, a tap (click) on the seven of diamonds while the cards are still being
    dealt selects it, not a card flying past, and the next tap moves it."""
    name, table = on
    page = table.page
    slow_motion(page, 0.05)  # the deal takes some 20 s: every press lands during it
    table.new_game(1)
    target = page.evaluate(LANDING, "7D")
    assert page.evaluate(FLYING), "the deal should still be under way"
    press_at(name, page, target)
    expect(table.card("7D")).to_have_class(IN_GROUP)
    expect(page.locator("#tableau .card.lead")).to_have_count(1)
    assert not page.evaluate(FLYING), "the first press lands the cards"
    with table.expect_answer("/api/game/move") as info:
        choose_column(name, table, 0)
    assert info.value.request.post_data_json["move"] == "7D-1"
    table.played(info.value)


def test_a_card_chosen_while_a_move_is_on_its_way_is_kept(on: tuple[str, Table]) -> None:
    """F1: deal 1, 5S to column 7, and the five of clubs chosen before the server's answer
    came: it stays chosen, and the next column press moves it (it was dropped before)."""
    name, table = on
    page = table.page
    table.new_game(1)
    table.settle()
    slow_network(page, 1500)
    choose(name, table, "5S")
    expect(table.card("5S")).to_have_class(IN_GROUP)
    with table.expect_answer("/api/game/move") as first:
        choose_column(name, table, 6)
        choose(name, table, "5C")  # while 5S-7 is on its way
        assert page.evaluate("window.scorpion.selected.code") == "5C"
    assert first.value.request.post_data_json["move"] == "5S-7"
    table.played(first.value)  # the answer has come: 5C moved with 5S
    expect(table.card("5C")).to_have_class(IN_GROUP)
    with table.expect_answer("/api/game/move") as second:
        choose_column(name, table, 2)
    assert second.value.request.post_data_json["move"] == "5C-3"
    view = table.played(second.value)
    assert view["moves"] == 2 and view["columns"][2]["cards"][-4:] == ["5C", "3S", "7D", "8C"]


def test_moves_sent_quickly_are_played_in_order(on: tuple[str, Table]) -> None:
    """F1: both moves chosen before the first answer: both are played, in order."""
    name, table = on
    page = table.page
    table.new_game(1)
    table.settle()
    slow_network(page, 500)
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.post_data_json["move"])
            if r.url.endswith("/api/game/move") else None)
    choose(name, table, "5S")
    choose_column(name, table, 6)
    choose(name, table, "5C")
    choose_column(name, table, 2)
    expect(page.locator("#moves")).to_have_text("2")
    assert sent == ["5S-7", "5C-3"]
    assert table.api_view()["columns"][2]["cards"][-4:] == ["5C", "3S", "7D", "8C"]


def test_keys_pressed_while_an_answer_is_on_its_way_are_taken_in_order(table: Table) -> None:
    """F1: deal 1, 7D to column 1, then U and R at once (the undo still on its way when R
    is pressed): the move is taken back and played again (R was dropped: Redo was not yet
    possible when it was pressed). D pressed three times at once deals once and asks
    nothing more (each press after the first was sent, and refused)."""
    page = table.page
    table.new_game(1)
    moved = table.played(table.click_move("7D", 0))
    slow_network(page, 400)
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url.rsplit("/", 1)[1])
            if r.method == "POST" and "/api/game/" in r.url else None)
    with table.expect_answer("/api/game/redo") as info:
        page.keyboard.press("u")
        page.keyboard.press("r")
    view = table.played(info.value)
    assert (view["moves"], view["columns"]) == (1, moved["columns"])
    with table.expect_answer("/api/game/move") as dealt:
        for _ in range(3):
            page.keyboard.press("d")
    assert dealt.value.ok
    table.played(dealt.value)
    page.evaluate("() => window.scorpion.keys.then(() => window.scorpion.queue)")
    assert sent == ["undo", "redo", "move"]
    expect(page.locator("#message.error")).to_have_count(0)
    # An empty stock says so in words; its count (0) stays in the header alone.
    expect(page.locator("#stock .stock-count")).to_be_hidden()
    expect(page.locator("#stock-count")).to_have_text("0")


def test_escape_while_dragging_puts_the_cards_back_and_sends_nothing(table: Table) -> None:
    """F1: deal 1, the eight of clubs dragged over column 2 (where it cannot go), Esc with
    the button still down: the card goes back, and the release sends no move (it was sent,
    and refused)."""
    page = table.page
    table.new_game(1)
    table.settle()
    before = table.columns()
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.url.endswith("/api/game/move") else None)
    start = table.card("8C").bounding_box()
    goal = table.target(1).bounding_box()
    assert start is not None and goal is not None
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + 8)
    page.mouse.down()
    page.mouse.move(goal["x"] + goal["width"] / 2, goal["y"] + 20, steps=8)
    expect(table.card("8C")).to_have_class(re.compile(r"\bdragging\b"))
    page.keyboard.press("Escape")
    page.mouse.up()
    table.settle()
    expect(page.locator("#tableau .card.dragging")).to_have_count(0)
    expect(page.locator("#tableau .card.in-group")).to_have_count(0)
    page.evaluate("() => window.scorpion.queue")
    assert sent == []
    assert table.columns() == before
    expect(page.locator("#message.error")).to_have_count(0)


# ---- 2. plain words, and toasts off the controls ----------------------------------------


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def test_refusals_are_sentences_and_toasts_cover_no_control(
    on: tuple[str, Table], artifacts: Path
) -> None:
    """F2: the welcome and the refusal messages lie clear of every footer control; a
    refusal names the cards by name and keeps the rule id out of the sentence."""
    name, table = on
    page = table.page
    table.new_game(1)
    toast = table.toast()
    expect(toast).to_have_text("Deal 1 of Scorpion. Good luck!")
    controls = page.locator(".foot a, .foot input, .foot label, .foot button")
    assert controls.count() >= 5

    def clear_of_controls() -> None:
        table.slid_in(toast)
        box = toast.bounding_box()
        assert box is not None
        for i in range(controls.count()):
            control = controls.nth(i)
            if not control.is_visible():
                continue
            other = control.bounding_box()
            assert other is not None
            assert not overlaps(box, other), (toast.text_content(), control.text_content())

    clear_of_controls()
    table.settle()
    choose(name, table, "7D")
    with table.expect_answer("/api/game/move") as info:
        choose_column(name, table, 1)  # onto the queen of spades
    assert info.value.status == 409
    words = "The 7 of diamonds can only go on the 8 of diamonds, not on the queen of spades."
    expect(toast).to_have_text(words)
    assert info.value.json()["rule"] == "R7"  # for developers, apart
    clear_of_controls()
    page.screenshot(path=artifacts / f"{name}-refusal-toast.png")
    # The next action that the server takes clears the refusal: it was about the last one.
    with table.expect_answer("/api/game/move") as dealt:
        page.locator("#btn-deal").click()
    assert dealt.value.ok
    expect(toast).to_be_hidden(timeout=1000)  # not when its time (4.2 s) is up


# ---- 3. forgiving ---------------------------------------------------------------------


def test_replay_and_new_game_ask_first_and_keep_playing_by_default(table: Table) -> None:
    """F4: a game under way is not thrown away by one press: a dialog asks, by keyboard,
    and its default keeps the game."""
    page = table.page
    table.new_game(1)
    table.played(table.click_move("7D", 0))
    confirm = page.locator("#confirm-dialog")
    page.locator("#btn-replay").focus()
    page.keyboard.press("Enter")
    expect(confirm).to_be_visible()
    expect(confirm).to_contain_text("counts as not won")
    expect(page.get_by_role("button", name="Keep playing")).to_be_focused()
    page.keyboard.press("Enter")
    expect(confirm).to_be_hidden()
    assert table.api_view()["moves"] == 1
    # New game: typed a number, then Escape in the question keeps the game too.
    page.keyboard.press("n")
    dialog = page.locator("#new-game-dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_role("textbox", name="Deal number").fill("2")
    page.keyboard.press("Enter")
    expect(confirm).to_be_visible()
    page.keyboard.press("Escape")
    expect(confirm).to_be_hidden()
    expect(dialog).to_be_hidden()
    view = table.api_view()
    assert view["deal"] == "1" and view["moves"] == 1
    # Choosing to leave replays the deal.
    page.locator("#btn-replay").click()
    with table.expect_answer("/api/game/restart") as info:
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")
    assert table.played(info.value)["moves"] == 0
    # With no move made there is nothing to lose: no question.
    with table.expect_answer("/api/game/restart"):
        page.locator("#btn-replay").click()
    expect(confirm).to_be_hidden()


def test_a_double_click_moves_a_card_to_its_destination(on: tuple[str, Table]) -> None:
    """F1: a double-click (double-tap) plays the card's only move; a card without one gets
    the usual refusal in words."""
    name, table = on
    page = table.page
    table.new_game(1)
    table.settle()

    def double(code: str) -> None:
        card = table.card(code)
        box = card.bounding_box()
        assert box is not None
        point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + 6}
        press_at(name, page, point)
        press_at(name, page, point)

    with table.expect_answer("/api/game/move") as info:
        double("5S")
    assert info.value.request.post_data_json["move"] == "5S-7"
    table.played(info.value)
    table.settle()
    with table.expect_answer("/api/game/destinations") as info:
        double("8D")
    assert info.value.ok
    expect(table.toast()).to_have_text(
        "The 8 of diamonds has nowhere to go: it can only go on the 9 of diamonds."
    )
    assert table.api_view()["moves"] == 1


def play_until_nothing_is_hidden(page: Page) -> int:
    """Play the known winning line of deal 5 by the API until every card is face up."""
    assert page.request.post("/api/game/new", data={"deal": str(WINNABLE_DEAL)}).ok
    position = deal(WINNABLE_DEAL)
    played = 0
    for text in winning_line():
        if not position.stock and not any(position.face_down):
            break
        assert page.request.post("/api/game/move", data={"move": text}).ok
        position = position.apply(Move.parse(text))
        played += 1
    return played


def test_finish_plays_the_rest_once_nothing_is_hidden(table: Table, artifacts: Path) -> None:
    """F3: once every card is face up and the solver proved the rest wins, Finish plays it
    out, move by move, to the win."""
    page = table.page
    expect(page.locator("#btn-finish")).to_be_hidden()
    played = play_until_nothing_is_hidden(page)
    table.open()
    finish = page.get_by_role("button", name="Finish")
    expect(finish).to_be_visible(timeout=20_000)
    page.screenshot(path=artifacts / "desktop-finish.png")
    # From the keyboard (F9): Finish hides itself once pressed, and hands the focus on.
    finish.focus()
    page.keyboard.press("Enter")
    expect(finish).to_be_hidden()
    assert page.evaluate("document.activeElement.id") == "btn-give-up"
    expect(page.locator("#win-dialog")).to_be_visible(timeout=60_000)
    view = table.api_view()
    assert view["won"] and view["moves"] > played


# ---- 5. closure ------------------------------------------------------------------------


def test_give_up_says_the_deal_could_be_won_and_shows_how(
    table: Table, artifacts: Path
) -> None:
    """F7, F10: Give up (asked first) ends the game as not won; the page then says the deal
    could have been won and replays a winning line with the table's own cards, step by
    step, by keyboard."""
    page = table.page
    start = table.new_game(WINNABLE_DEAL)
    table.played(table.click_move(*_first_click_move()))
    page.get_by_role("button", name="Give up").click()
    confirm = page.locator("#confirm-dialog")
    expect(confirm).to_be_visible()
    expect(confirm.locator("#confirm-title")).to_have_text("Give up this game?")
    expect(confirm.locator("#confirm-text")).to_have_text(
        f"Your game of deal {WINNABLE_DEAL} (1 move so far) ends and counts as not won. "
        "Then you see whether the deal could have been won, and how.")
    expect(page.get_by_role("button", name="Keep playing")).to_be_focused()
    with table.expect_answer("/api/game/give-up"):
        confirm.get_by_role("button", name="Give up").click()
    end = page.locator("#end-dialog")
    expect(end).to_be_visible()
    expect(end).to_contain_text("counts as not won")
    # The game is over: its time stands still (the page's clock no longer ticks).
    stopped = page.locator("#time").inner_text()
    page.wait_for_timeout(1_300)
    expect(page.locator("#time")).to_have_text(stopped)
    expect(end.locator("#end-verdict")).to_contain_text(
        "This deal could have been won from its start.", timeout=30_000
    )
    show = end.get_by_role("button", name="Show me")
    expect(show).to_be_visible()
    # F9: the dialog is read with its reason and the verdict; the focus stays where the
    # dialog put it when the verdict comes (it jumped to Show me, cutting into what a screen
    # reader was reading): Show me is a Shift+Tab away.
    expect(end).to_have_accessible_description(re.compile(
        rf"^You ended deal {WINNABLE_DEAL} of Scorpion.* counts as not won.*"
        r"This deal could have been won from its start\."))
    expect(end.get_by_role("button", name="Next deal")).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(show).to_be_focused()
    page.screenshot(path=artifacts / "desktop-gave-up.png")
    page.keyboard.press("Enter")  # Show me
    bar = page.locator("#replay-bar")
    expect(bar).to_be_visible()
    step = bar.locator("#replay-step")
    expect(step).to_contain_text("The first position")
    table.settle()
    assert table.columns() == [[c["face_down"], c["cards"]] for c in start["columns"]]
    expect(page.get_by_role("button", name="Play", exact=True)).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(step).to_contain_text("Move 1 of")
    # The counters follow the replay; a replay has no playing time.
    expect(page.locator("#moves")).to_have_text("1")
    expect(page.locator("#time")).to_have_text("\u2013")
    page.screenshot(path=artifacts / "desktop-show-me.png")
    page.keyboard.press("ArrowLeft")
    expect(step).to_contain_text("The first position")
    page.get_by_role("button", name="One move forward").click()
    page.get_by_role("button", name="One move forward").click()
    expect(step).to_contain_text("Move 2 of")
    page.get_by_role("button", name="One move back").click()
    expect(step).to_contain_text("Move 1 of")
    bar.get_by_label("Speed").select_option("fast")
    page.get_by_role("button", name="Play", exact=True).click()
    expect(step).to_have_text(re.compile(r"Move (?:[3-9]|\d\d) of"))  # it plays on
    page.get_by_role("button", name="Pause", exact=True).click()
    expect(page.get_by_role("button", name="Play", exact=True)).to_be_visible()
    # F9: the counters follow the replay in silence (the bar's line says each step); a
    # button that a step disables hands the focus to Play (it fell to the page's body, out
    # of reach of the bar's keys: Escape did nothing).
    expect(page.locator("#counters")).to_have_attribute("aria-live", "off")
    page.get_by_role("button", name="Back to the first position").focus()
    page.keyboard.press("Enter")
    expect(step).to_contain_text("The first position")
    expect(page.get_by_role("button", name="Back to the first position")).to_be_disabled()
    expect(page.get_by_role("button", name="Play", exact=True)).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(step).to_contain_text("Move 1 of")
    # The table is only shown meanwhile: it cannot be played on; the footer (its links
    # and keys) makes way for the replay bar, and comes back after it.
    assert page.evaluate("document.getElementById('felt').inert")
    expect(page.locator(".foot")).to_be_hidden()
    page.get_by_role("button", name="Close", exact=True).click()
    expect(bar).to_be_hidden()
    expect(page.locator("#counters")).to_have_attribute("aria-live", "polite")
    expect(page.locator(".foot")).to_be_visible()
    expect(page.locator("#time")).to_have_text(stopped)  # the given-up game's time again
    expect(end).to_be_visible()
    end.get_by_role("button", name="Next deal").click()
    expect(end).to_be_hidden()
    view = table.api_view()
    table.wait_for(view)
    assert view["moves"] == 0
    stats = page.request.get("/api/statistics").json()
    scorpion = next(s for s in stats if s["variant"]["id"] == "scorpion")
    assert scorpion["started"] == 1 and scorpion["won"] == 0


def _first_click_move() -> tuple[str, int]:
    """The first move of deal 5's winning line that is a card move (a code and a column
    from 0), for clicking."""
    text = next(str(m) for m in hint_moves(deal(WINNABLE_DEAL)) if not m.is_deal)
    code, col = text.split("-")
    return code, int(col) - 1


def test_a_lost_deal_says_no_one_could_have_won_it(table: Table) -> None:
    """F7: deal 1 is proved lost from its start: giving up says so, with nothing to show."""
    page = table.page
    table.new_game(1)
    page.get_by_role("button", name="Give up").click()  # no move made: no question
    end = page.locator("#end-dialog")
    expect(end.locator("#end-verdict")).to_contain_text(
        "No one could have won this deal", timeout=30_000
    )
    expect(end.get_by_role("button", name="Show me")).to_be_hidden()


def test_a_stuck_game_offers_undo_or_the_answer(table: Table, artifacts: Path) -> None:
    """F7: with no move left the page says so, offers Undo (first) or ending the game,
    and then whether the deal could have been won."""
    page = table.page
    page.request.post("/api/game/new", data={"deal": "1"})
    for text in dead_end_line(1):
        assert page.request.post("/api/game/move", data={"move": text}).ok
    table.open()
    end = page.locator("#end-dialog")
    expect(end).to_be_visible()
    expect(end.get_by_role("heading")).to_have_text("No moves left")
    expect(end.get_by_role("button", name="Undo and keep trying")).to_be_focused()
    page.screenshot(path=artifacts / "desktop-stuck.png")
    end.get_by_role("button", name="End the game").click()
    expect(end.locator("#end-verdict")).to_contain_text(
        "No one could have won this deal", timeout=30_000
    )


def test_a_close_event_that_comes_after_the_end_dialog_opened_again_is_ignored(
    table: Table,
) -> None:
    """F7: "End the game" closes the stuck dialog and opens it again as "Game over" once
    the server answers; the close event comes later (Chromium fires it with the next frame),
    sometimes after that answer. It must not be taken for the player closing "Game over":
    that dropped the ended game, and the verdict stayed "The solver is looking…"."""
    page = table.page
    page.request.post("/api/game/new", data={"deal": "1"})
    for text in dead_end_line(1):
        assert page.request.post("/api/game/move", data={"move": text}).ok
    table.open()
    expect(page.locator("#end-dialog")).to_be_visible()
    kept = page.evaluate("""() => new Promise((resolve) => {
        const dialog = document.getElementById("end-dialog");
        const ending = window.scorpion.ending;
        ending.ended = { deal: "ended" };  // what end() holds while the verdict is asked
        dialog.close("end");
        dialog.returnValue = "";  // end() opens it again, as "Game over"
        dialog.showModal();
        dialog.addEventListener("close", () => setTimeout(
            () => resolve({ open: dialog.open, ended: ending.ended && ending.ended.deal }), 0),
            { once: true });
    })""")
    assert kept == {"open": True, "ended": "ended"}


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_win_is_celebrated_unless_motion_is_reduced(
    browser: Browser, base_url: str, motion: Any
) -> None:
    """F5: cards cascade from the runs before the win dialog; none with reduced motion."""
    context = browser.new_context(base_url=base_url, reduced_motion=motion,
                                  viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        table = Table(page)
        table.open()
        number, line = known_win()
        page.request.post("/api/game/new", data={"deal": number})
        for text in line[:-1]:
            assert page.request.post("/api/game/move", data={"move": text}).ok
        table.open()
        table.settle()
        page.evaluate("""() => { window.celebrated = false;
            new MutationObserver(() => { if (document.querySelector('.celebration'))
              window.celebrated = !document.getElementById('win-dialog').open; })
            .observe(document.body, {childList: true}); }""")
        code, col = line[-1].split("-")
        table.played(table.click_move(code, int(col) - 1))
        expect(page.locator("#win-dialog")).to_be_visible(timeout=10_000)
        assert page.evaluate("window.celebrated") is (motion == "no-preference")
    finally:
        context.close()


# Wasp deal 3 after these moves: a card that may go onto its successor or into the empty
# column (Wasp lets any card fill an empty column), so it has two destinations.
WASP_LINE = ["3C-2", "7C-7", "AH-4", "QD-3", "4H-6", "JD-3", "2H-7", "6S-3"]


@pytest.mark.parametrize("peeking", [False, True])
def test_a_double_click_with_two_destinations_takes_the_first_hinted(
    table: Table, peeking: bool
) -> None:
    """F1, F3, F10: with more than one destination, a double-click plays the one the fair
    hints name first: the player's view alone, even with peeking on (no winning move)."""
    page = table.page
    assert page.request.put("/api/settings", data={"peeking": peeking}).ok
    assert page.request.post("/api/game/new", data={"deal": "3", "variant": "wasp"}).ok
    for text in WASP_LINE:
        assert page.request.post("/api/game/move", data={"variant": "wasp", "move": text}).ok
    table.open("/?variant=wasp")
    table.settle()
    code = "6D"
    answer = page.request.get(f"/api/game/destinations?variant=wasp&card={code}").json()
    assert len(answer["moves"]) >= 2, answer
    card = table.card(code)
    box = card.bounding_box()
    assert box is not None
    point = (box["x"] + box["width"] / 2, box["y"] + 6)
    with table.expect_answer("/api/game/hints") as hints, \
            table.expect_answer("/api/game/move") as moved:
        page.mouse.click(*point)
        page.mouse.click(*point)
    assert "fair=true" in hints.value.url
    fair = hints.value.json()
    assert (fair["peeking"], fair["winning"]) == (peeking, None)
    first = next(m for m in fair["moves"] if m in answer["moves"])
    assert moved.value.request.post_data_json["move"] == first
    table.played(moved.value)
