"""Playing deal 1 in the browser: click, drag, refusals, stock, undo/redo, hints, keys (F1-F4, F9).

Deal 1 of Scorpion (``scorpion deal 1``)::

    1: [JD 5H KH] AS 4H TH 8D
    2: [2D KD 3H] AH AC 8H QS
    3: [9H KC 2S] 3C 4D 2C 6C
    4: [JC 9S KS] 4C 7S JH 3D
    5: 5D 5S 9D 5C 3S 7D 8C
    6: 7H AD QD TS TD 6D TC
    7: 7C QC JS QH 4S 8S 6S
    stock: 9C 2H 6H

Its legal moves (``scorpion moves``): 5S-7, 5C-3, 7D-1, 7C-5, JS-2, deal.
"""

from __future__ import annotations

import re

from playwright.sync_api import Route, expect
from table_page import Table, settled_hints

IN_GROUP = re.compile(r"\bin-group\b")


def test_click_a_card_then_a_column_moves_the_group(table: Table) -> None:
    start = table.new_game(1)
    assert start["columns"][4]["cards"] == ["5D", "5S", "9D", "5C", "3S", "7D", "8C"]

    table.click_card("7D")
    # The card and every card on top of it are selected; nothing else.
    expect(table.card("7D")).to_have_class(IN_GROUP)
    expect(table.card("8C")).to_have_class(IN_GROUP)
    expect(table.card("3S")).not_to_have_class(IN_GROUP)
    expect(table.card("7D")).to_have_attribute("aria-pressed", "true")

    with table.expect_answer("/api/game/move") as info:
        table.target(0).click()
    assert info.value.request.post_data_json["move"] == "7D-1"
    view = table.played(info.value)
    assert view["columns"][0]["cards"] == ["AS", "4H", "TH", "8D", "7D", "8C"]
    assert view["columns"][4]["cards"] == ["5D", "5S", "9D", "5C", "3S"]
    assert view["moves"] == 1
    expect(table.page.locator("#tableau .in-group")).to_have_count(0)
    # Screen readers hear what happened.
    expect(table.page.locator("#announce")).to_have_text("Moved seven of diamonds to column 1.")


def test_drag_and_drop_moves_the_group(table: Table) -> None:
    table.new_game(1)
    view = table.played(table.drag_move("5C", 2))
    assert view["columns"][2]["cards"] == ["3C", "4D", "2C", "6C", "5C", "3S", "7D", "8C"]
    assert view["columns"][4]["cards"] == ["5D", "5S", "9D"]
    assert view["moves"] == 1


def test_an_illegal_drop_is_refused_and_changes_nothing(table: Table, artifacts) -> None:
    start = table.new_game(1)
    table.settle()
    page = table.page
    card = table.card("7D")
    box = card.bounding_box()
    target = table.target(1).bounding_box()  # QS: 7D may only go on 8D
    assert box and target
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 6)
    page.mouse.down()
    for step in range(1, 6):
        page.mouse.move(
            box["x"] + box["width"] / 2 + (target["x"] - box["x"]) * step / 5,
            box["y"] + 6 + (target["y"] + target["height"] / 2 - box["y"] - 6) * step / 5,
        )
    # While it moves, the whole group is lifted and highlighted, nothing else.
    for code in ("7D", "8C"):
        expect(table.card(code)).to_have_class(re.compile(r"\bdragging\b"))
        expect(table.card(code)).to_have_class(IN_GROUP)
    expect(table.card("3S")).not_to_have_class(IN_GROUP)
    expect(table.column(1)).to_have_class(re.compile(r"\bdrop-target\b"))
    page.screenshot(path=artifacts / "desktop-dragging.png")
    with table.expect_answer("/api/game/move") as info:
        page.mouse.up()
    assert info.value.status == 409
    detail = info.value.json()["detail"]
    assert detail == (
        "The 7 of diamonds can only go on the 8 of diamonds, not on the queen of spades."
    )
    assert info.value.json()["rule"] == "R7"
    # The refusal is visible: the server's words, and the cards shake back into place.
    expect(table.toast()).to_be_visible()
    expect(table.toast()).to_contain_text(detail)
    expect(table.toast()).to_have_class(re.compile(r"\berror\b"))
    expect(table.card("7D")).to_have_class(re.compile(r"\brefused\b"))
    page.screenshot(path=artifacts / "desktop-refused.png")
    table.wait_for(start)
    expect(table.card("7D")).not_to_have_class(re.compile(r"\bdragging\b"))
    # The spring-back animation ends where the card started (allow it to finish).
    for _ in range(60):
        after = card.bounding_box()
        assert after is not None
        if abs(after["x"] - box["x"]) < 1 and abs(after["y"] - box["y"]) < 1:
            break
        page.wait_for_timeout(50)
    assert abs(after["x"] - box["x"]) < 1 and abs(after["y"] - box["y"]) < 1
    assert table.api_view()["version"] == start["version"]
    assert table.api_view()["moves"] == 0


def test_f9_every_message_is_said_through_the_live_region_always_on_the_page(
    table: Table,
) -> None:
    """F9: the message box is for the eyes: it appears only when it has something to say,
    and a live region shown from hidden with its text is not reliably read, so what it
    says (a refusal, a hint) is said through ``#announce``, which is always on the page
    (and only there: nothing is read twice). A hint whose chances are refined while it
    shows is said again with the final words (F3), not at each step between."""
    table.new_game(1)
    table.settle()
    page = table.page
    message, spoken = table.toast(), page.locator("#announce")
    page.evaluate("""() => {
      window.said = [];
      const el = document.getElementById("announce");
      new MutationObserver(() => { if (el.textContent) window.said.push(el.textContent); })
        .observe(el, { childList: true, characterData: true, subtree: true });
    }""")
    assert message.get_attribute("aria-live") is None and message.get_attribute("role") is None
    assert spoken.get_attribute("aria-live") == "polite" and spoken.is_hidden() is False
    table.click_card("7D")
    with table.expect_answer("/api/game/move") as info:
        table.target(1).click()  # QS: 7D may only go on 8D
    assert info.value.status == 409
    refusal = "The 7 of diamonds can only go on the 8 of diamonds, not on the queen of spades."
    expect(message).to_have_text(refusal)
    expect(spoken).to_contain_text(refusal)
    # A hint said while its chances are refined is said again once they are final, if its
    # words changed (here the first answer is held back as one still refining, at 99%).
    settled_hints(page)
    held = []

    def first_still_refining(route: Route) -> None:
        answer = route.fetch()
        if held:
            route.fulfill(response=answer)
            return
        hints = answer.json()
        held.append(hints)
        for chance in hints["chances"]:
            chance["chance"] = 0.99
        route.fulfill(response=answer, json={**hints, "refining": True})

    page.route("**/api/game/hints*", first_still_refining)
    page.get_by_role("button", name="Hint").click()
    expect(message).to_contain_text("Hint 1 of 6: ")
    expect(message).not_to_contain_text("99%")  # refined while it shows
    final = message.inner_text()
    assert re.fullmatch(r"Hint 1 of 6: .+ to .+, chance to win about \d+%", final), final
    expect(spoken).to_have_text(final)
    said = page.evaluate("window.said")
    first = final.rpartition(" about ")[0] + " about 99%"
    assert said[said.index(first):] == [first, final], said


def test_f9_r15_undo_says_what_it_took_back(table: Table) -> None:
    """F9, R15: Undo says which card went back where, and that a card turned face down
    again, without naming it (it said only "Move taken back."; Redo named its move)."""
    table.new_game(5)
    page = table.page
    table.played(table.click_move("5H", 2))  # onto the six of hearts; column 1 turns a card up
    with table.expect_answer("/api/game/undo") as info:
        page.keyboard.press("u")
    table.played(info.value)
    expect(page.locator("#announce")).to_have_text(
        "Move taken back: five of hearts back to column 1; 1 card turned face down again.")


def test_f9_picking_up_a_card_says_the_cards_that_go_with_it(table: Table) -> None:
    """F9: picking up a card says it and the cards on it, which move with it (only the
    card itself was marked pressed, and nothing was said); choosing it again puts it down."""
    table.new_game(5)
    page = table.page
    table.click_card("5H")
    expect(page.locator("#announce")).to_have_text(
        "Picked up five of hearts, with eight of hearts, nine of diamonds, ten of hearts on it.")
    page.keyboard.press("Enter")  # on the card the click focused (a second click moves it)
    expect(page.locator("#announce")).to_have_text("Put down.")
    expect(table.card("5H")).not_to_have_class(re.compile(r"\bin-group\b"))


def test_stock_deal_then_undo_and_redo(table: Table) -> None:
    start = table.new_game(1)
    page = table.page
    expect(page.locator("#btn-undo")).to_be_disabled()
    expect(page.locator("#btn-redo")).to_be_disabled()

    with table.expect_answer("/api/game/move") as info:
        page.get_by_role("button", name="Deal", exact=True).click()
    assert info.value.request.post_data_json["move"] == "deal"
    dealt = table.played(info.value)
    assert dealt["stock"] == 0
    assert [c["cards"][-1] for c in dealt["columns"][:3]] == ["9C", "2H", "6H"]
    expect(page.locator("#stock")).to_have_class(re.compile(r"\bempty\b"))
    expect(page.get_by_role("button", name="Deal", exact=True)).to_be_disabled()

    with table.expect_answer("/api/game/undo") as info:
        page.get_by_role("button", name="Undo").click()
    undone = table.played(info.value)
    assert undone["columns"] == start["columns"] and undone["stock"] == 3
    expect(page.locator("#btn-redo")).to_be_enabled()
    expect(page.locator("#announce")).to_have_text(
        "Move taken back: the stock deal; 3 cards back in the stock.")

    with table.expect_answer("/api/game/redo") as info:
        page.get_by_role("button", name="Redo").click()
    redone = table.played(info.value)
    assert redone["columns"] == dealt["columns"] and redone["moves"] == 1
    # Redo tells again what the move did, as the move did.
    assert redone["last"] == dealt["last"]
    expect(page.locator("#announce")).to_have_text(
        "Move played again. Stock dealt: nine of clubs, two of hearts, six of hearts.")

    # The same with the keyboard shortcuts: Ctrl+Z and U undo, R redo, D deals.
    with table.expect_answer("/api/game/undo") as info:
        page.keyboard.press("Control+z")
    assert table.played(info.value)["stock"] == 3
    with table.expect_answer("/api/game/redo") as info:
        page.keyboard.press("r")
    assert table.played(info.value)["stock"] == 0
    with table.expect_answer("/api/game/undo") as info:
        page.keyboard.press("u")
    assert table.played(info.value)["stock"] == 3
    with table.expect_answer("/api/game/move") as info:
        page.keyboard.press("d")
    assert table.played(info.value)["columns"] == dealt["columns"]


def test_hint_highlights_each_legal_move_in_turn(table: Table, artifacts) -> None:
    table.new_game(1)
    table.settle()
    page = table.page
    # Once refined, the chances (and so the order, best first) no longer change.
    hints = settled_hints(page)["moves"]
    assert sorted(hints) == sorted(["5S-7", "5C-3", "7D-1", "7C-5", "JS-2", "deal"])

    shown = []
    for press in range(len(hints) + 1):
        page.get_by_role("button", name="Hint").click()
        expect(table.toast()).to_contain_text(f"Hint {press % len(hints) + 1} of {len(hints)}")
        expect(table.toast()).to_contain_text("chance to win about")
        move = hints[press % len(hints)]
        if move == "deal":
            expect(page.locator("#stock")).to_have_class(re.compile(r"\bhint\b"))
            expect(page.locator("#tableau .hint")).to_have_count(0)
        else:
            code, col = move.split("-")
            expect(table.card(code)).to_have_class(re.compile(r"\bhint\b"))
            expect(table.column(int(col) - 1)).to_have_class(re.compile(r"\bhint-target\b"))
            lead = page.locator("#tableau .card.hint").first
            assert lead.get_attribute("data-code") == code
        shown.append(page.locator("#message").get_attribute("data-hint"))
        if press == 0:
            page.screenshot(path=artifacts / "desktop-hint.png")
    # One legal move per press (the move the message says), cycling through all of them
    # and starting again.
    assert shown[:-1] == hints and shown[-1] == hints[0]
    # The H key asks for the next one.
    page.keyboard.press("h")
    expect(table.toast()).to_contain_text(f"Hint 2 of {len(hints)}")
    assert table.api_view()["moves"] == 0  # hints change nothing


def test_hint_says_when_no_move_is_left(table: Table) -> None:
    from table_page import dead_end_line

    table.new_game(1)
    page = table.page
    for move in dead_end_line(1):
        answer = page.request.post("/api/game/move", data={"variant": "scorpion", "move": move})
        assert answer.ok, answer.text()
    view = table.open()
    assert view["moves"] > 0 and not view["won"]
    # The page says so by itself (a dialog offering Undo or ending the game); closed, the
    # Hint button says it too.
    expect(page.locator("#end-dialog")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#end-dialog")).to_be_hidden()
    page.get_by_role("button", name="Hint").click()
    expect(table.toast()).to_have_text("No moves left, try Undo or New game.")


def test_keyboard_only_move(table: Table, artifacts) -> None:
    table.new_game(1)
    page = table.page
    page.locator("body").focus()
    # Tab reaches the cards: one tab stop for the tableau, on the top card of column 1.
    for _ in range(15):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('#tableau') !== null"):
            break
    else:
        raise AssertionError("Tab never reached the cards")
    expect(page.locator("#tableau :focus")).to_have_attribute("aria-label", "eight of diamonds")
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    expect(page.locator("#tableau :focus")).to_have_attribute("aria-label", "eight of clubs")
    page.keyboard.press("ArrowUp")
    expect(page.locator("#tableau :focus")).to_have_attribute("aria-label", "seven of diamonds")
    page.keyboard.press("Enter")
    expect(table.card("7D")).to_have_class(IN_GROUP)
    expect(table.card("8C")).to_have_class(IN_GROUP)
    for _ in range(4):
        page.keyboard.press("ArrowLeft")
    expect(page.locator("#tableau :focus")).to_have_attribute("aria-label", "eight of diamonds")
    page.screenshot(path=artifacts / "desktop-keyboard.png")
    with table.expect_answer("/api/game/move") as info:
        page.keyboard.press("Space")
    assert info.value.request.post_data_json["move"] == "7D-1"
    view = table.played(info.value)
    assert view["columns"][0]["cards"][-2:] == ["7D", "8C"]
    # Focus stays in the tableau, so play can go on from the keyboard.
    assert page.evaluate("document.activeElement.closest('#tableau') !== null")
    # Escape puts a selected card down again.
    page.keyboard.press("Enter")
    expect(page.locator("#tableau .in-group")).not_to_have_count(0)
    page.keyboard.press("Escape")
    expect(page.locator("#tableau .in-group")).to_have_count(0)

    # The arrow keys reach every card of every column, face down or up.
    page.keyboard.press("Home")
    reached = []
    for col in range(7):
        size = len(view["columns"][col]["cards"]) + view["columns"][col]["face_down"]
        for i in range(size):
            reached.append(page.evaluate("document.activeElement.dataset.key"))
            if i < size - 1:
                page.keyboard.press("ArrowUp")
        page.keyboard.press("ArrowRight")
    expected = [
        key
        for c, column in enumerate(view["columns"])
        for key in reversed([f"down-{c}-{k}" for k in range(column["face_down"])] + column["cards"])
    ]
    assert reached == expected


def test_reload_finds_the_same_game(table: Table) -> None:
    table.new_game(1)
    table.played(table.click_move("7D", 0))
    before = table.played(table.click_move("5C", 2))
    assert before["started"]
    page = table.page
    expect(page.locator("#time")).not_to_have_text("00:00", timeout=3000)
    shown_before = page.locator("#time").inner_text()
    after = table.open()
    # The time played is kept (read once: a clock counting again from 0 would pass a check
    # that waits).
    assert page.locator("#time").inner_text() >= shown_before
    assert after["deal"] == "1" and after["moves"] == 2
    assert after["columns"] == before["columns"]
    assert table.columns() == [[c["face_down"], c["cards"]] for c in before["columns"]]
    expect(page.locator("#btn-undo")).to_be_enabled()
    expect(page.locator("#time")).not_to_have_text("00:00")


def test_new_game_dialog_refuses_a_bad_deal_number_and_starts_variants(table: Table) -> None:
    start = table.new_game(2)
    page = table.page
    page.get_by_role("button", name="New game").click()
    dialog = page.locator("#new-game-dialog")
    dialog.get_by_role("textbox", name="Deal number").fill("0")
    with table.expect_answer("/api/game/new") as info:
        dialog.get_by_role("button", name="Start").click()
    assert info.value.status == 400
    expect(dialog.locator("#new-game-error")).to_contain_text(
        "deal numbers start at 1", ignore_case=True
    )
    # F9: the error is the field's (a screen reader reads it with the field); typing
    # clears it.
    field = dialog.get_by_role("textbox", name="Deal number")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_have_accessible_description(re.compile("deal numbers start at 1", re.I))
    field.press("Backspace")
    expect(field).not_to_have_attribute("aria-invalid", "true")
    expect(dialog.locator("#new-game-error")).to_have_text("")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    assert table.api_view()["deal"] == start["deal"]

    # With a game under way, text that is no number is told before asking to leave it;
    # of full-width digits, the one at fault is named (the check said only "not a number").
    under_way = table.played(table.click_move("4H", 2))
    page.get_by_role("button", name="New game").click()
    for typed, why in [("abc", ""),
                       ("\uff11\uff12", '"\uff11" is not one of the digits 0-9; ')]:
        dialog.get_by_role("textbox", name="Deal number").fill(typed)
        dialog.get_by_role("button", name="Start").click()
        expect(dialog.locator("#new-game-error")).to_have_text(
            f'"{typed}" is not a deal number: {why}type digits, like 617 (or ms and digits '
            "for Microsoft's deal of that number)."
        )
        expect(page.locator("#confirm-dialog")).to_be_hidden()
    dialog.get_by_role("button", name="Cancel").click()
    assert table.api_view()["moves"] == under_way["moves"] == 1

    # The variants come from the server; the chosen one is kept for the next visit.
    page.get_by_role("button", name="New game").click()
    options = dialog.locator("#variant-select option")
    expect(options).to_have_count(len(page.request.get("/api/variants").json()))
    page.keyboard.press("Escape")
    wasp = table.new_game(7, variant="wasp")
    assert wasp["variant"] == {"id": "wasp", "name": "Wasp"}
    expect(page.locator("#variant-name")).to_have_text("Wasp")
    again = table.open()
    assert again["variant"]["id"] == "wasp" and again["deal"] == "7"

    # A random deal.
    page.get_by_role("button", name="New game").click()
    dialog.get_by_role("radio", name="A random deal").check()
    with table.expect_answer("/api/game/new") as info:
        dialog.get_by_role("button", name="Start").click()
    assert info.value.request.post_data_json["deal"] is None
    table.played(info.value)


def test_replay_restarts_the_same_deal(table: Table) -> None:
    start = table.new_game(1)
    table.played(table.click_move("7D", 0))
    table.page.get_by_role("button", name="Replay").click()
    confirm = table.page.locator("#confirm-dialog")  # a game under way: asked first
    expect(confirm).to_be_visible()
    with table.expect_answer("/api/game/restart") as info:
        confirm.get_by_role("button", name="Replay from the start").click()
    view = table.played(info.value)
    assert view["deal"] == "1" and view["moves"] == 0
    assert view["columns"] == start["columns"]


def test_rules_page_is_reachable_and_links_back(table: Table, artifacts) -> None:
    page = table.page
    page.get_by_role("link", name="Rules").first.click()
    expect(page).to_have_url(re.compile(r"/rules$"))
    expect(page.get_by_role("heading", name="Moving cards")).to_be_visible()
    # F9: the page's name is its heading's; each game of the family is a heading of its own.
    expect(page.get_by_role("heading", level=1)).to_have_accessible_name("Scorpion: how to play")
    expect(page.get_by_role("heading", level=3, name="How They Run", exact=True)).to_have_id(
        "how-they-run")
    expect(page.locator(".variants h3")).to_have_count(11)
    expect(page.locator("main")).to_contain_text("An empty column takes only a King")
    page.screenshot(path=artifacts / "desktop-rules.png", full_page=True)
    # The contents at the top lead to each part and to each game of the family.
    contents = page.get_by_role("navigation", name="Contents")
    contents.get_by_role("link", name="How They Run").click()
    expect(page).to_have_url(re.compile(r"/rules#how-they-run$"))
    expect(page.locator("#how-they-run")).to_be_in_viewport()
    contents_links = contents.get_by_role("link")
    expect(contents_links).to_have_count(19)  # 8 parts and 11 games
    for href in contents_links.evaluate_all("links => links.map(a => a.hash)"):
        assert page.locator(href).count() == 1, href
    page.get_by_role("link", name="Back to the table").first.click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.locator("#tableau .card").first).to_be_visible()


def test_skip_to_the_cards_keeps_the_counters_and_tools_in_sight(table: Table) -> None:
    """F2: "Skip to the cards" (the page's first Tab stop) puts the keyboard on the cards without
    scrolling the counters and the tool bar out of sight (the anchor's own jump did)."""
    page = table.page
    table.new_game(1)
    # A page taller than the window (a long footer on a short screen): it can scroll.
    page.evaluate("""() => {
      const tall = document.createElement('div');
      tall.style.height = '900px';
      document.body.append(tall);
    }""")
    table.settle()
    assert page.evaluate("document.documentElement.scrollHeight > window.innerHeight")
    page.evaluate("window.scrollTo(0, 0)")
    page.locator(".skip-link").focus()  # where the first Tab of the page lands
    expect(page.locator(".skip-link")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#tableau .card:focus, #tableau:focus")).to_have_count(1)
    page.keyboard.press("ArrowRight")
    expect(page.locator("#tableau .card:focus")).to_have_count(1)
    assert page.evaluate("document.querySelector('.bar').getBoundingClientRect().top") >= 0
    assert page.evaluate("window.scrollY") == 0


def test_f4_another_variants_game_in_progress_is_resumed_or_left_only_when_asked(
    table: Table,
) -> None:
    """F4: the server keeps a game per variant. New game in another variant pauses the
    clock of the game left; choosing that variant again offers to resume its game in
    progress (chosen at first), and a new deal there asks before it ends that game."""
    page = table.page
    table.new_game(1)
    moved = table.played(table.click_move("7D", 0))
    with page.expect_request(
        lambda r: r.url.endswith("/api/game/clock") and r.post_data_json == {
            "variant": "scorpion", "running": False}
    ):
        table.new_game(2, variant="how-they-run")
    table.played(table.click_move("6H", 2))

    page.get_by_role("button", name="New game").click()
    dialog = page.locator("#new-game-dialog")
    choice = dialog.locator("#resume-choice")
    expect(dialog).to_be_visible()  # (a closed dialog hides everything in it)
    expect(choice).to_be_hidden()  # How They Run is the game on the table
    page.locator("#variant-select").select_option("chelicera")
    expect(choice).to_be_hidden()  # never played: nothing to resume (it showed, once)
    page.locator("#variant-select").select_option("scorpion")
    resume = dialog.get_by_role("radio", name="Resume your Scorpion game in progress")
    expect(resume).to_be_visible()
    expect(resume).to_be_checked()
    with table.expect_answer("/api/game") as info:
        dialog.get_by_role("button", name="Start").click()
    view = info.value.json()
    assert (view["variant"]["id"], view["deal"], view["version"]) == (
        "scorpion", "1", moved["version"])
    table.wait_for(view)
    expect(table.toast()).to_have_text("Your Scorpion game, deal 1, where you left it.")

    # A new deal of How They Run, whose game is under way: asked first, and kept.
    page.get_by_role("button", name="New game").click()
    page.locator("#variant-select").select_option("how-they-run")
    dialog.get_by_role("radio", name="A random deal").check()
    dialog.get_by_role("button", name="Start").click()
    confirm = page.locator("#confirm-dialog")
    expect(confirm).to_contain_text("Leave your How They Run game?")
    expect(confirm).to_contain_text("Your How They Run game in progress ends")
    confirm.get_by_role("button", name="Keep that game").click()
    expect(dialog).to_be_hidden()
    kept = page.request.get("/api/game?variant=how-they-run").json()
    assert (kept["deal"], kept["moves"]) == ("2", 1)
