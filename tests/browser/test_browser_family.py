"""Every game of the family at the table (V2, F1, F2, F9): ten columns with a reserve,
free cells, Scorpion Tail's alternate colours and Chelicera's refill and win, played on a
phone by touch and on a desktop with the mouse and the keyboard.

The tests pick their moves from the engine (the deal as the server deals it) and act like
a player; they check what the page shows against the server's answers, and the recorder
checks that no answer named a hidden card. Screenshots of every new game at 375x812 and
1280x800 go to ``test-artifacts/family-*.png``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Response, expect
from table_page import Table, sized_table

from scorpion.engine import VARIANTS, DealNumber, Move, Position, deal
from scorpion.engine.cards import card_code, is_red
from scorpion.engine.position import CELL_BASE
from scorpion.solver import Verdict, solve

SCREENS = {"phone": (375, 812), "desktop": (1280, 800)}
NEW_GAMES = ["scorpion-tail", "three-blind-mice", "farmers-wife", "how-they-run",
             "scorpion-head", "chelicera"]

# Every place's right edge and the page's width: nothing may run off the screen sideways.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const edges = [...document.querySelectorAll('#felt .column, #felt .card, #felt .pile')]
    .filter(el => el.offsetParent !== null)
    .map(el => el.getBoundingClientRect().right);
  return {width, scroll: document.documentElement.scrollWidth, right: Math.max(...edges)};
}"""


@pytest.fixture(params=list(SCREENS))
def screen(request: pytest.FixtureRequest, browser: Browser, base_url: str) -> Iterator[Table]:
    """The table of a new player on a phone (touch) or a desktop (mouse and keyboard)."""
    width, height = SCREENS[request.param]  # the phone under 800 px: touch
    with sized_table(browser, base_url, width, height) as table:
        yield table
        assert table.recorder is not None
        table.recorder.check()


def is_phone(table: Table) -> bool:
    size = table.page.viewport_size
    return bool(size and size["width"] < 500)


def start(variant_id: str, number: int) -> Position:
    return deal(DealNumber(number), VARIANTS[variant_id])


def find_deal(variant_id: str, keep: Callable[[Position, Move], bool]) -> tuple[int, Move]:
    """The first deal (1..80) of ``variant_id`` with a first move ``keep`` likes."""
    for number in range(1, 81):
        position = start(variant_id, number)
        for move in position.legal_moves():
            if keep(position, move):
                return number, move
    raise AssertionError(f"no deal of {variant_id} 1..80 has such a move")


def face(table: Table, code: str) -> Locator:
    """A face-up card anywhere on the felt: a column, the reserve or a free cell."""
    return table.page.locator(f'#felt .card.face[data-code="{code}"]:not(.leaving)')


def cell(table: Table, view: dict[str, Any], k: int) -> Locator:
    """Reserve place or free cell ``k`` (from 0) of the game on the table."""
    return table.page.locator(f'#cells .column[data-col="{len(view["columns"]) + k}"]')


def cell_target(table: Table, view: dict[str, Any], k: int) -> Locator:
    place = cell(table, view, k)
    cards = place.locator(".card")
    return cards.last if cards.count() else place.locator(".slot")


def press(table: Table, locator: Locator) -> None:
    """Tap (phone) or click (desktop) the visible strip of a card or a slot."""
    position = table.strip(locator)
    if is_phone(table):
        locator.tap(position=position)
    else:
        locator.click(position=position)


def choose(table: Table, code: str, target: Locator) -> Response:
    """Press a card, then where it should go; return the server's answer to the move."""
    table.settle()
    press(table, face(table, code))
    expect(face(table, code)).to_have_class(re.compile(r"\bin-group\b"))
    with table.expect_answer("/api/game/move") as info:
        press(table, target)
    return info.value


def drag(table: Table, code: str, target: Locator, at: float = 0.5) -> Response:
    """Drag a card with the mouse by its top strip onto ``target``, let go at ``at`` of the
    target's height (from its top); return the server's answer."""
    table.settle()
    box = face(table, code).bounding_box()
    goal = target.bounding_box()
    assert box is not None and goal is not None
    x0, y0 = box["x"] + box["width"] / 2, box["y"] + min(8.0, box["height"] / 8)
    x1, y1 = goal["x"] + goal["width"] / 2, goal["y"] + goal["height"] * at
    mouse = table.page.mouse
    mouse.move(x0, y0)
    mouse.down()
    for step in range(1, 7):
        mouse.move(x0 + (x1 - x0) * step / 6, y0 + (y1 - y0) * step / 6)
    with table.expect_answer("/api/game/move") as info:
        mouse.up()
    return info.value


def landed(table: Table, code: str, place: Locator) -> None:
    """The card lies in ``place`` once it stops moving (a dragged card keeps no offset)."""
    table.settle()
    box = face(table, code).bounding_box()
    room = place.bounding_box()
    assert box is not None and room is not None
    assert abs(box["x"] - room["x"]) <= 2, (box, room)
    assert room["y"] - 2 <= box["y"] <= room["y"] + room["height"], (box, room)


def key_for(column: int) -> str:
    """The key of column ``column`` (from 0): 1-9, and 0 for column 10."""
    return "0" if column == 9 else str(column + 1)


def c_says(table: Table, words: str) -> None:
    """Press C with a card picked up: the page says ``words`` and asks for no move."""
    asked: list[str] = []
    table.page.on(
        "request", lambda r: asked.append(r.url) if "/api/game/move" in r.url else None
    )
    table.page.keyboard.press("c")
    expect(table.toast()).to_have_text(words)
    assert asked == []


def new_game(table: Table, variant_id: str, number: int) -> dict[str, Any]:
    view = table.new_game(number, variant_id)
    table.settle()
    assert view["variant"]["id"] == variant_id
    return view


def fits(table: Table) -> None:
    """No horizontal overflow: the page is no wider than the screen, nor is any place."""
    measured = table.page.evaluate(OVERFLOW)
    assert measured["scroll"] <= measured["width"], measured
    assert measured["right"] <= measured["width"] + 0.5, measured


def shows_cells(table: Table, view: dict[str, Any]) -> None:
    """The reserve or free cells show the view's cards (or are empty)."""
    for k, code in enumerate(view["cells"]):
        cards = cell(table, view, k).locator(".card.face:not(.leaving)")
        if code is None:
            expect(cards).to_have_count(0)
        else:
            expect(cards).to_have_attribute("data-code", code)


# ---- ten columns with a reserve: Three Blind Mice ---------------------------------------


def test_v2_three_blind_mice_plays_from_the_reserve(screen: Table, artifacts: Path) -> None:
    """V2, F2: ten columns and a reserve fit the screen; a reserve card is moved onto a
    column (touch on the phone; the mouse, then the keys on the desktop), and nothing is
    put into the reserve (the server says why)."""
    table = screen
    page = table.page
    number, move = find_deal("three-blind-mice", lambda p, m: m.card in p.cells)
    view = new_game(table, "three-blind-mice", number)
    expect(page.locator("#tableau .column")).to_have_count(10)
    expect(page.locator("#cells .column")).to_have_count(2)
    expect(page.locator("#stock")).to_be_hidden()
    shows_cells(table, view)
    fits(table)
    if not is_phone(table):  # the keys legend names a reserve, not free cells
        expect(page.locator("#key-cells")).to_have_text(
            "C reserve: go to it (its cards are played from it, never onto it)"
        )
    size = "375x812" if is_phone(table) else "1280x800"
    page.screenshot(path=artifacts / f"family-three-blind-mice-{size}.png")
    code = card_code(move.card)
    k = view["cells"].index(code)
    if is_phone(table):
        answer = choose(table, code, table.target(move.column))
    else:
        answer = drag(table, code, table.target(move.column))
    after = table.played(answer)
    assert after["cells"][k] is None and after["last"]["move"] == str(move)
    shows_cells(table, after)
    landed(table, code, table.column(move.column))
    # Nothing goes into the reserve: the refusal in words, the card back in place.
    top = after["columns"][0]["cards"][-1]
    refused = choose(table, top, cell_target(table, after, k))
    assert refused.status == 409
    expect(table.toast()).to_contain_text("played from the reserve, never onto it")
    if is_phone(table):
        return
    # The keyboard: Undo, then from column 1 the left arrow goes round to the reserve.
    with table.expect_answer("/api/game/undo") as info:
        page.keyboard.press("u")
    table.played(info.value)
    table.settle()
    page.locator("#tableau [tabindex='0'], #cells [tabindex='0']").focus()
    page.keyboard.press("Home")
    for _ in range(2 - k):
        page.keyboard.press("ArrowLeft")
    expect(face(table, code)).to_be_focused()
    page.keyboard.press("Enter")
    expect(face(table, code)).to_have_class(re.compile(r"\bin-group\b"))
    with table.expect_answer("/api/game/move") as info:
        page.keyboard.press(key_for(move.column))
    assert table.played(info.value)["cells"][k] is None


# ---- free cells: Scorpion Head, How They Run --------------------------------------------


def test_v2_scorpion_head_moves_into_and_out_of_free_cells(screen: Table, artifacts: Path) -> None:
    """V2: a column's top card goes into an empty free cell (``XX-f1``) and from the cell
    onto a column: by touch on the phone, by mouse and by the C key on the desktop."""
    table = screen
    page = table.page

    def round_trip(p: Position, m: Move) -> bool:
        if m.column != CELL_BASE:
            return False
        q = p.apply(m)
        return any(n.card == m.card and not n.to_cell for n in q.legal_moves())

    number, into = find_deal("scorpion-head", round_trip)
    back = next(n for n in start("scorpion-head", number).apply(into).legal_moves()
                if n.card == into.card and not n.to_cell)
    if not is_phone(table):  # the keys legend names the game's keys only (Scorpion first)
        expect(page.locator("#key-deal")).to_be_visible()
        expect(page.locator("#key-cells")).to_be_hidden()
    view = new_game(table, "scorpion-head", number)
    expect(page.locator("#cells .column")).to_have_count(4)
    if not is_phone(table):
        expect(page.locator("#key-deal")).to_be_hidden()
        expect(page.locator("#key-cells")).to_have_text(
            "C free cells: place the selection in an empty free cell, or go to them"
        )
    assert view["cells"] == [None] * 4
    fits(table)
    size = "375x812" if is_phone(table) else "1280x800"
    page.screenshot(path=artifacts / f"family-scorpion-head-{size}.png")
    code = card_code(into.card)
    if is_phone(table):
        answer = choose(table, code, cell_target(table, view, 0))
    else:
        # Let go low in the cell: the pointer decides, though the card, held by its top
        # strip, hangs mostly below the cell, over a column.
        answer = drag(table, code, cell_target(table, view, 0), at=0.88)
    after = table.played(answer)
    assert after["last"]["move"] == f"{code}-f1" and after["cells"][0] == code
    shows_cells(table, after)
    landed(table, code, cell(table, after, 0))
    page.screenshot(path=artifacts / f"family-scorpion-head-cell-{size}.png")
    if is_phone(table):
        out = choose(table, code, table.target(back.column))
    else:
        out = drag(table, code, table.target(back.column))
    after = table.played(out)
    assert after["cells"] == [None] * 4 and after["last"]["move"] == str(back)
    landed(table, code, table.column(back.column))
    if is_phone(table):
        return
    # Keys: Enter picks the card up, C puts it into the first empty free cell; C again
    # (nothing picked up) goes to the cells, Enter and the column's number bring it back.
    with table.expect_answer("/api/game/undo") as info:
        page.keyboard.press("u")
    table.played(info.value)
    with table.expect_answer("/api/game/undo") as info:
        page.keyboard.press("u")
    table.played(info.value)
    table.settle()
    source = next(i for i, c in enumerate(view["columns"]) if c["cards"] and c["cards"][-1] == code)
    page.locator("#tableau [tabindex='0'], #cells [tabindex='0']").focus()
    page.keyboard.press(key_for(source))
    expect(face(table, code)).to_be_focused()
    page.keyboard.press("Enter")
    with table.expect_answer("/api/game/move") as info:
        page.keyboard.press("c")
    assert table.played(info.value)["cells"][0] == code
    table.settle()
    page.keyboard.press("c")
    expect(face(table, code)).to_be_focused()
    page.keyboard.press("Enter")
    # C on a card already in a cell asks for no move: it would change nothing.
    c_says(table, "That card is already in a free cell.")
    with table.expect_answer("/api/game/move") as info:
        page.keyboard.press(key_for(back.column))
    assert table.played(info.value)["cells"] == [None] * 4


def test_v2_how_they_run_free_cells_are_dealt_and_take_one_card(
    screen: Table, artifacts: Path
) -> None:
    """V2: How They Run's two free cells start with a card each; a full cell refuses a
    card, in words; a cell's card goes onto a column, and the other cell's card into the
    emptied cell."""
    table = screen
    page = table.page
    number, move = find_deal("how-they-run", lambda p, m: m.card in p.cells)
    view = new_game(table, "how-they-run", number)
    shows_cells(table, view)
    fits(table)
    size = "375x812" if is_phone(table) else "1280x800"
    page.screenshot(path=artifacts / f"family-how-they-run-{size}.png")
    top = next(c["cards"][-1] for c in view["columns"] if c["cards"])
    refused = choose(table, top, cell_target(table, view, 0))
    assert refused.status == 409
    expect(table.toast()).to_contain_text("Free cell 1 already holds a card")
    if not is_phone(table):
        # The C key, with both cells taken, says so and asks for no move.
        table.settle()
        source = next(i for i, c in enumerate(view["columns"]) if c["cards"]
                      and c["cards"][-1] == top)
        page.locator("#tableau [tabindex='0'], #cells [tabindex='0']").focus()
        page.keyboard.press(key_for(source))
        expect(face(table, top)).to_be_focused()
        page.keyboard.press("Enter")
        c_says(table, "No free cell is empty.")
        page.keyboard.press("Escape")
    code = card_code(move.card)
    k = view["cells"].index(code)
    if is_phone(table):
        answer = choose(table, code, table.target(move.column))
    else:
        # A double-click sends a free cell's card where it can go.
        table.settle()
        with table.expect_answer("/api/game/move") as info:
            face(table, code).dblclick(position=table.strip(face(table, code)))
        answer = info.value
    after = table.played(answer)
    assert after["cells"][k] is None
    assert after["last"]["move"].startswith(f"{code}-")
    # The other cell's card goes into the emptied cell: PySolFC's free cells take one card
    # from any stack, another free cell included.
    other = after["cells"][1 - k]
    assert other is not None
    if is_phone(table):
        answer = choose(table, other, cell_target(table, after, k))
    else:
        answer = drag(table, other, cell_target(table, after, k))
    moved = table.played(answer)
    assert moved["last"]["move"] == f"{other}-f{k + 1}"
    assert moved["cells"][k] == other and moved["cells"][1 - k] is None
    landed(table, other, cell(table, moved, k))


# ---- alternate colours: Scorpion Tail, Farmer's Wife ------------------------------------


def test_v2_scorpion_tail_builds_in_alternate_colours(screen: Table, artifacts: Path) -> None:
    """V2: a red card goes on a black one of the next rank (and a black on a red); the
    same colour is refused with a sentence that names the colour and both cards."""
    table = screen
    page = table.page

    def other_colour(p: Position, m: Move) -> bool:
        target = p.exposed(m.column) if not m.to_cell and m.card >= 0 else None
        return target is not None and is_red(target) != is_red(m.card)

    number, move = find_deal("scorpion-tail", other_colour)
    view = new_game(table, "scorpion-tail", number)
    fits(table)
    size = "375x812" if is_phone(table) else "1280x800"
    page.screenshot(path=artifacts / f"family-scorpion-tail-{size}.png")
    code = card_code(move.card)
    if is_phone(table):
        answer = choose(table, code, table.target(move.column))
    else:
        face(table, code).click(position=table.strip(face(table, code)))
        expect(face(table, code)).to_have_class(re.compile(r"\bin-group\b"))
        with table.expect_answer("/api/game/move") as info:
            page.keyboard.press(key_for(move.column))
        answer = info.value
    after = table.played(answer)
    assert code in after["columns"][move.column]["cards"]
    # A same-colour move is refused in a player's words.
    position = start("scorpion-tail", number).apply(move)
    wrong = None
    for i, col in enumerate(position.columns):
        for c in col[position.face_down[i]:]:
            for j, other in enumerate(position.columns):
                t = other[-1] if other else None
                if (j != i and t is not None and c % 13 not in (0, 12)
                        and t % 13 == c % 13 + 1 and is_red(t) == is_red(c)):
                    wrong = (c, j)
    assert wrong is not None, "no same-colour move to try"
    card, j = wrong
    refused = choose(table, card_code(card), table.target(j))
    assert refused.status == 409
    colour = "a black" if is_red(card) else "a red"
    expect(table.toast()).to_contain_text(f"can only go on {colour}")
    assert view["rules"]["build"] == "colour"


def test_v2_farmers_wife_fits_and_draws_its_reserve(screen: Table, artifacts: Path) -> None:
    """V2, F2: Farmer's Wife (ten columns, a reserve, alternate colours) fits the screen."""
    table = screen
    view = new_game(table, "farmers-wife", 3)
    shows_cells(table, view)
    fits(table)
    size = "375x812" if is_phone(table) else "1280x800"
    table.page.screenshot(path=artifacts / f"family-farmers-wife-{size}.png")


# ---- Chelicera: the refill and the win ----------------------------------------------------


def test_v2_chelicera_refills_and_is_won(screen: Table, artifacts: Path) -> None:
    """V2, R14: emptying a column brings three stock cards there; deal 1 played to its last
    move on the server and finished at the table is won with its runs on the table."""
    table = screen
    page = table.page

    def empties(p: Position, m: Move) -> bool:
        where = p.locate(m.card)
        return where is not None and where[1] == 0

    number, move = find_deal("chelicera", empties)
    view = new_game(table, "chelicera", number)
    expect(page.locator("#stock")).to_be_visible()
    expect(page.locator("#btn-deal")).to_be_hidden()
    expect(page.locator("#run-slots")).to_be_hidden()
    fits(table)
    size = "375x812" if is_phone(table) else "1280x800"
    page.screenshot(path=artifacts / f"family-chelicera-{size}.png")
    position = start("chelicera", number)
    source = position.locate(move.card)
    assert source is not None
    code = card_code(move.card)
    if is_phone(table):
        answer = choose(table, code, table.target(move.column))
    else:
        answer = drag(table, code, table.target(move.column))
    after = table.played(answer)
    assert after["stock"] == view["stock"] - 3
    expect(page.locator("#stock-count")).to_have_text(str(after["stock"]))
    refill = [card_code(c) for c in position.stock[:3]]
    assert after["columns"][source[0]]["cards"] == refill
    for c in refill:
        expect(face(table, c)).to_be_visible()
    # The win: every column one run, the stock used up.
    result = solve(start("chelicera", 1), max_nodes=200_000)
    assert result.verdict is Verdict.WINNABLE
    line = [str(m) for m in result.line]
    assert page.request.post("/api/game/new", data={"variant": "chelicera", "deal": "1"}).ok
    for text in line[:-1]:
        assert page.request.post("/api/game/move", data={"variant": "chelicera",
                                                         "move": text}).ok
    table.open("/?variant=chelicera")
    table.settle()
    last = Move.parse(line[-1], VARIANTS["chelicera"])
    answer = choose(table, card_code(last.card), table.target(last.column))
    won = table.played(answer)
    assert won["won"] and won["runs"] == []
    expect(page.locator("#win-dialog")).to_be_visible(timeout=5000)
    expect(page.locator("#win-summary")).to_have_text(
        "Every column of deal 1 (Chelicera) is one run."
    )
    page.screenshot(path=artifacts / f"family-chelicera-won-{size}.png")


def test_v2_show_me_replays_a_ten_column_deal_with_its_free_cells(
    table: Table, artifacts: Path
) -> None:
    """V2, F4: a given-up How They Run deal's winning line is replayed on the table, the
    free cells drawn at every step as the server's frames say."""
    page = table.page
    new_game(table, "how-they-run", 1)
    page.locator("#btn-give-up").click()
    end = page.locator("#end-dialog")
    show = end.get_by_role("button", name="Show me")
    expect(show).to_be_visible(timeout=30_000)
    answer = page.request.get("/api/deal/solution?variant=how-they-run&deal=1").json()
    show.click()
    frames = answer["frames"]
    for step in range(1, min(len(frames), 12)):
        page.locator("#replay-forward").click()
        expect(page.locator("#replay-step")).to_contain_text(f"Move {step} of")
        for k, code in enumerate(frames[step]["cells"]):
            place = page.locator(f'#cells .column[data-col="{10 + k}"] .card.face:not(.leaving)')
            if code is None:
                expect(place).to_have_count(0)
            else:
                expect(place).to_have_attribute("data-code", code)
    expect(page.locator("#tableau .column")).to_have_count(10)
    page.screenshot(path=artifacts / "family-how-they-run-show-me-1280x800.png")
    page.locator("#replay-close").click()


def test_f1_the_address_and_the_rules_link_follow_the_game_played(table: Table) -> None:
    """F1, V2: opened at ``/?variant=Chelicera`` (an id typed in capitals is read, and the
    address is written with the id), a new How They Run game puts its own id in the address
    (a reload used to bring Chelicera back), and Rules opens How They Run's part of the
    rules page."""
    page = table.page
    view = table.open("/?variant=Chelicera")
    assert view["variant"]["id"] == "chelicera"
    assert page.url.endswith("/?variant=chelicera")
    rules = page.locator("#link-rules")
    expect(rules).to_have_attribute("href", "/rules#chelicera")
    expect(rules).to_have_attribute("title", "How to play Chelicera")
    new_game(table, "how-they-run", 9)
    assert page.url.endswith("/?variant=how-they-run")
    expect(rules).to_have_attribute("href", "/rules#how-they-run")
    expect(rules).to_have_attribute("title", "How to play How They Run")
    again = table.open(page.url)
    assert again["variant"]["id"] == "how-they-run" and again["deal"] == "9"
    rules.click()
    page.wait_for_url("**/rules#how-they-run")
    expect(page.locator("#how-they-run")).to_be_in_viewport()


EXPOSED_UNDER = """box => {
  const t = box.getBoundingClientRect();
  const hit = [];
  for (const column of document.querySelectorAll('#felt .column')) {
    const cards = column.querySelectorAll('.card');
    const top = cards[cards.length - 1];
    if (!top) continue;
    const r = top.getBoundingClientRect();
    if (r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top) {
      hit.push(top.dataset.code || 'down');
    }
  }
  return hit;
}"""
"""The exposed cards (a column's top card, a cell's card) that lie under an element."""


def test_f9_v2_a_refill_is_narrated_and_the_message_leaves_the_exposed_cards_in_sight(
    browser: Browser, base_url: str
) -> None:
    """F9, V2: Chelicera deal 5, QS-7 empties column 4, which takes three stock cards: the
    screen-reader narration names them. On a low desktop window (1280x430), where the
    columns reach down to the bottom, a message (the deal's, a hint) is placed over no
    exposed card."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 430})
    page = context.new_page()
    table = Table(page)
    table.open()
    new_game(table, "chelicera", 5)
    toast = table.toast()
    expect(toast).to_contain_text("Good luck")
    table.slid_in(toast)
    # The deal's message too, once its cards have landed (it was placed while they flew).
    assert toast.evaluate(EXPOSED_UNDER) == []
    page.keyboard.press("h")
    expect(toast).to_contain_text("Hint 1 of")  # not the deal's "Good luck" before it
    # Where it stands once it has slid in (the list opened beside it, the cards made room).
    table.slid_in(toast)
    assert toast.evaluate(EXPOSED_UNDER) == []
    page.keyboard.press("Escape")
    answer = table.click_move("QS", 6)
    after = table.played(answer)
    assert after["last"]["dealt"] == ["QD", "4H", "AC"]
    expect(page.locator("#announce")).to_have_text(
        "Moved queen of spades to column 7; dealt queen of diamonds, four of hearts, ace of "
        "clubs from the stock.")
    context.close()


def test_f9_the_arrow_keys_follow_the_free_cells_two_across(table: Table) -> None:
    """F9, V2: on a wide screen Scorpion Head's four free cells stand two across, two
    down, left of the columns; Down and Up go from a cell to the one below or above it
    (Left and Right go on in the cells' order, as before)."""
    page = table.page
    new_game(table, "scorpion-head", 222)
    boxes = [page.locator(f"#cells .column[data-col='{7 + k}']").bounding_box() for k in range(4)]
    assert all(b is not None for b in boxes)
    tops = [round(b["y"]) for b in boxes if b is not None]
    lefts = [round(b["x"]) for b in boxes if b is not None]
    assert tops[0] == tops[1] < tops[2] == tops[3] and lefts[0] == lefts[2] < lefts[1]
    page.locator("#tableau [tabindex='0']").focus()
    page.keyboard.press("c")  # to the first free cell

    def focused() -> str:
        return str(page.evaluate("document.activeElement.closest('.column').dataset.col"))

    assert focused() == "7"
    for key, col in [("ArrowDown", "9"), ("ArrowDown", "9"), ("ArrowRight", "10"),
                     ("ArrowUp", "8"), ("ArrowUp", "8"), ("ArrowLeft", "7")]:
        page.keyboard.press(key)
        assert focused() == col, key


def test_f3_f10_v2_the_hints_of_a_ten_column_game_give_chances(table: Table) -> None:
    """F3, F10, V2: Three Blind Mice's hints give each move's chance to win, from the cards
    the player sees (the note under the list says so); How They Run's list its moves and
    says once that they come without chances."""
    page = table.page
    new_game(table, "three-blind-mice", 7)
    page.keyboard.press("h")
    expect(page.locator("#hint-panel-title")).to_have_text("Hints, best first")
    first = page.locator("#hint-list .hint-item").first
    expect(first.locator(".hint-chance")).to_contain_text("chance to win", timeout=60_000)
    expect(page.locator("#hint-fair")).to_be_visible()
    expect(page.locator("#hint-plain")).to_be_hidden()
    page.keyboard.press("Escape")
    new_game(table, "how-they-run", 8)  # deal 7 is under way in Three Blind Mice
    page.keyboard.press("h")
    expect(page.locator("#hint-panel-title")).to_have_text("Moves you can make")
    expect(page.locator("#hint-plain")).to_be_visible()
    chances = page.locator("#hint-list .hint-chance").all_inner_texts()
    assert len(chances) > 1 and all(text == "" for text in chances)


def test_f9_v2_the_deal_key_in_a_game_without_a_stock_says_so(table: Table) -> None:
    """F9, V2: D in Three Blind Mice (no stock, no Deal button) says that the game has none
    and asks the server nothing (it did nothing, and said nothing, as C says of a game
    without cells)."""
    page = table.page
    new_game(table, "three-blind-mice", 3)
    assert table.recorder is not None
    asked = len(table.recorder.answers)
    page.locator("#tableau [tabindex='0']").focus()
    page.keyboard.press("d")
    expect(table.toast()).to_have_text("This game has no stock to deal.")
    expect(page.locator("#announce")).to_have_text("This game has no stock to deal.")
    assert len(table.recorder.answers) == asked
