"""Fair hints in the browser (F3, F10, B5, F7): a new player's Hint lists every move with
its chance to win, best first, says that the chances use only the cards the player can
see, and marks no winning move until the player switches peeking on.

The chances come from a background worker: the test waits for them with generous
bounded timeouts, never asserting how fast they come.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect
from table_page import Table, wait_until

from winning import WINNABLE_DEAL

PEEK = "Peek: let hints use the hidden cards"
CHANCE = re.compile(r"chance to win about (\d+)%")
WAIT_MS = 60_000


def test_a_new_players_hints_show_chances_and_never_peek(table: Table, artifacts) -> None:
    page = table.page
    table.new_game(WINNABLE_DEAL)
    box = page.get_by_label(PEEK)
    expect(box).to_be_enabled()
    expect(box).not_to_be_checked()  # off for a new player

    page.get_by_role("button", name="Hint").click()
    panel = page.get_by_role("complementary", name="Hints, best first")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text("The chances use only the cards you can see")
    items = panel.locator(".hint-item")
    expect(items).to_have_count(4)
    # Every move gets its chance (first a quick one, then a refined one).
    expect(panel.locator(".hint-chance")).to_have_text([CHANCE] * 4, timeout=WAIT_MS)
    expect(page.locator("#hint-refining")).to_be_hidden(timeout=WAIT_MS)
    chances = [int(CHANCE.search(t).group(1))  # type: ignore[union-attr]
               for t in panel.locator(".hint-chance").all_inner_texts()]
    assert chances == sorted(chances, reverse=True), chances  # best first
    first = items.first
    expect(first).to_have_attribute("title", re.compile(r"^95% interval \d+% to \d+%"))
    expect(first).to_have_attribute("aria-label", re.compile(
        r"chance to win about \d+%; [A-Z][a-z]+ of [a-z]+ to column \d+; "
        r"95% interval \d+% to \d+%, from 64 random deals"))
    expect(panel.locator(".hint-item[aria-current='true']")).to_have_count(1)  # on the table
    # No peeking: no winning mark, no status line, and the server was never asked for it.
    expect(panel.locator(".hint-winning")).to_have_count(0)
    expect(page.locator("#solver-status")).to_be_hidden()
    expect(table.toast()).not_to_contain_text("winning")
    assert table.recorder is not None
    asked = [path for path, _status, _body in table.recorder.answers]
    assert "/api/game/status" not in asked
    page.screenshot(path=str(artifacts / "desktop-fair-hints.png"))

    # A click on another move shows that one on the table.
    items.nth(1).click()
    expect(items.nth(1)).to_have_attribute("aria-current", "true")
    expect(table.toast()).to_contain_text("Hint 2 of 4")

    # Peeking on: the status line and, once the solver has proved it, the winning mark.
    with page.expect_response(lambda r: r.url.endswith("/api/settings")) as info:
        box.check()
    assert info.value.json()["peeking"] is True
    expect(page.locator("#solver-status")).to_have_text(
        "Peeking: this deal can still be won.", timeout=WAIT_MS)
    expect(page.locator("#hint-peek-note")).to_be_visible()
    expect(panel.locator(".hint-winning")).to_have_text(
        ["winning move (peeking)"], timeout=WAIT_MS)

    # The settings page shows the same setting; the statistics count wins without peeking.
    page.goto("/settings")
    expect(page.get_by_label(PEEK)).to_be_checked()
    page.goto("/statistics")
    expect(page.locator("body[data-ready='true']")).to_be_attached()
    expect(page.get_by_text("Won without peeking", exact=True)).to_be_visible()
    expect(page.locator("#stat-won-fair")).to_have_text("0")
    expect(page.locator("#stat-best-time-fair")).to_have_text("\u2013")
    expect(page.locator("#stat-fewest-moves-fair")).to_have_text("\u2013")


HINT_SAID = re.compile(r"^Hint \d+ of \d+: ")


def test_escape_closes_the_hints_and_a_move_makes_them_stale(table: Table) -> None:
    page = table.page
    table.new_game(1)
    page.keyboard.press("h")
    panel = page.locator("#hint-panel")
    expect(panel).to_be_visible()
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    page.keyboard.press("h")
    expect(panel).to_be_visible()
    expect(table.toast()).to_contain_text(HINT_SAID)
    with table.expect_answer("/api/game/move"):
        page.keyboard.press("d")  # deal the stock: the hints were for the position before
    expect(panel).to_be_hidden()
    # And so was the hint said: it goes at once (not when its 4.5 s are up).
    expect(page.locator("#message")).to_be_hidden(timeout=1_000)
    with table.expect_answer("/api/game/undo"):
        page.keyboard.press("u")
    page.keyboard.press("h")
    expect(table.toast()).to_be_visible()  # (hidden, it still holds the hint said before)
    expect(table.toast()).to_contain_text(HINT_SAID)
    with table.expect_answer("/api/game/redo"):
        page.keyboard.press("r")
    expect(page.locator("#message")).to_be_hidden(timeout=1_000)


@pytest.mark.parametrize("move_answer", ["before", "after"])
def test_f3_hints_asked_just_before_a_move_are_no_conflict(table: Table, move_answer: str) -> None:
    """F3: while the list is open the page asks again for refined chances; when the player
    moves meanwhile and the move reaches the server first, that request is answered 409
    (the version it names is old). It is the page's own move, not another tab: nothing is
    said (the page used to say "This game was changed in another tab or page"), whether the
    move's answer comes back before that 409 or after it. The server's first answer is
    replayed as still refining, so that the page asks again; that request is held until
    the move is made."""
    page = table.page
    table.new_game(WINNABLE_DEAL)
    answered: list[int] = []  # the hints requests answered
    held: list[Any] = []  # the hints requests held back
    moved: list[tuple[Any, Any]] = []  # the move's request and its answer, held back

    def hints(route: Any) -> None:
        if answered:
            held.append(route)  # asked again: held until the move is made
            return
        answered.append(1)
        route.fulfill(json={**route.fetch().json(), "refining": True})

    def move(route: Any) -> None:
        answer = route.fetch()  # the server makes the move now
        if move_answer == "after":
            moved.append((route, answer))
        else:
            route.fulfill(response=answer)
            moved.append((route, None))

    page.route(re.compile(r"/api/game/hints"), hints)
    page.route(re.compile(r"/api/game/move"), move)
    page.keyboard.press("h")
    expect(table.toast()).to_contain_text(HINT_SAID)
    wait_until(page, lambda: bool(held))
    assert table.recorder is not None
    read = [path for path, _s, _b in table.recorder.answers].count("/api/game")
    page.keyboard.press("d")
    wait_until(page, lambda: bool(moved))
    with table.expect_answer("/api/game/hints") as info:
        held.pop().continue_()
    assert info.value.status == 409  # the version of before the move
    if move_answer == "after":
        route, answer = moved[0]
        route.fulfill(response=answer)
    expect(page.locator("#stock-count")).to_have_text("0")  # the move is shown
    page.wait_for_timeout(1_500)  # (what the page did with the 409, it has done by now)
    expect(page.locator("#message")).not_to_contain_text("another tab")
    # Nor was the game read again, as after a change made elsewhere.
    assert [path for path, _s, _b in table.recorder.answers].count("/api/game") == read


def test_f3_the_first_hint_follows_the_best_move_when_refined_chances_reorder(
    table: Table,
) -> None:
    """F3: a player who pressed Hint once asked for the best move. When the refined
    chances put another move first while that hint is showing, the message and the table
    show the new best ("Hint 1 of N"), not the old one under its new rank ("Hint 5 of 6").
    The server's first answer is replayed in a fixed order (the advisor's own reordering
    depends on timing), the one after the first hint is read with the moves reversed. Only
    the first request reaches the server: a later answer that waited on a busy server came
    after the hint message had gone (4.5 s), and then the new best is pointed at quietly."""
    page = table.page
    table.new_game(WINNABLE_DEAL)
    asked: list[list[str]] = []  # the moves of each answer replayed
    read: list[str] = []  # the first hint's message, once the test has read it
    first: list[dict[str, Any]] = []  # the server's first answer

    def reorder(route: Any) -> None:
        if not first:
            first.append(route.fetch().json())
        real = first[0]
        if not read:
            # Still refining, in the first answer's order, until the test has read the
            # first hint (a reordered answer could otherwise come before it does).
            body = {**real, "refining": True, "chances": []}
        else:
            body = {**real, "moves": real["moves"][::-1], "refining": False, "chances": []}
        asked.append(body["moves"])
        route.fulfill(json=body)

    page.route(re.compile(r"/api/game/hints"), reorder)
    page.keyboard.press("h")
    expect(table.toast()).to_contain_text("Hint 1 of 4")
    said = table.toast().inner_text()
    read.append(said)
    expect(page.locator("#hint-refining")).to_be_hidden(timeout=WAIT_MS)
    expect(table.toast()).to_contain_text("Hint 1 of 4")
    assert table.toast().inner_text() != said
    assert page.locator(".hint-item[aria-current='true']").get_attribute("data-move") == (
        page.locator(".hint-item").first.get_attribute("data-move")
    )
    assert len(asked) >= 2


def test_f3_an_exact_chance_left_undecided_is_not_called_zero(table: Table) -> None:
    """F3, F10: with nothing hidden the chance is the solver's verdict; when the solver ran
    out of its budget (``exact`` with ``undecided``) the page says the chance is not known,
    not "chance to win 0%", and its tooltip says why. The answer is the server's first one
    with its chances set so (such positions are rare: every one tried solves at once)."""
    page = table.page
    table.new_game(WINNABLE_DEAL)

    def undecided(route: Any) -> None:
        real = route.fetch().json()
        chances = [
            {"move": m, "chance": 0.0, "low": 0.0, "high": 1.0, "wins": 0, "samples": 1,
             "undecided": 1}
            for m in real["moves"]
        ]
        route.fulfill(json={**real, "chances": chances, "exact": True, "refining": False})

    page.route(re.compile(r"/api/game/hints"), undecided)
    page.keyboard.press("h")
    expect(table.toast()).to_contain_text("chance to win not known")
    first = page.locator(".hint-item").first
    expect(first.locator(".hint-chance")).to_have_text("chance to win not known")
    assert "did not finish within its budget" in (first.get_attribute("title") or "")
    assert "0%" not in first.inner_text()


def test_f3_with_the_list_docked_the_hint_message_lies_under_it_off_the_cards(
    table: Table, artifacts
) -> None:
    """F3: on a wide screen the list of hints docks at the right; the hint message goes
    under it, where it covers no card (over the columns it hid the tops of four)."""
    page = table.page
    table.new_game(WINNABLE_DEAL)
    page.keyboard.press("h")
    expect(table.toast()).to_contain_text("Hint 1 of 4")
    expect(page.locator("#hint-panel")).to_be_visible()
    table.settle()
    page.wait_for_timeout(600)  # the message is placed again once the list has come in
    placed = page.evaluate("""() => {
      const box = document.getElementById('message').getBoundingClientRect();
      const list = document.getElementById('hint-panel').getBoundingClientRect();
      const over = [...document.querySelectorAll('.card')].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top;
      }).length;
      return {under: box.top >= list.bottom && box.left >= list.left - 1
                     && box.right <= list.right + 1,
              inside: box.bottom <= window.innerHeight, over};
    }""")
    assert placed == {"under": True, "inside": True, "over": 0}, placed
    page.screenshot(path=str(artifacts / "desktop-hint-message-under-the-list.png"))
