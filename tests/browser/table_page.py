"""A page object for the browser table, and the engine searches the browser tests need.

The helpers act like a player (click, drag, tap, type) and read what the page shows; they
check the page against the view the server sent, never against rules of their own.
"""

from __future__ import annotations

import functools
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Browser, Locator, Page, Response, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from scorpion.engine import Position, deal
from scorpion.engine.hints import hint_moves
from winning import find_winning_line

CARD_CODE = re.compile(r"\b([A2-9TJQK][CDHS])\b")
GAME_ENDPOINTS = ("/api/game", "/api/game/visit", "/api/game/new", "/api/game/move",
                  "/api/game/undo", "/api/game/redo", "/api/game/restart")

# Reads the columns as the page shows them: face-down count and face-up codes, in order.
READ_COLUMNS = """() => [...document.querySelectorAll('#tableau .column')].map(col => [
  col.querySelectorAll('.card.back:not(.leaving)').length,
  [...col.querySelectorAll('.card.face:not(.leaving)')].map(el => el.dataset.code),
])"""


def view_columns(view: dict[str, Any]) -> list[list[Any]]:
    """The columns of a server view in the form READ_COLUMNS gives."""
    return [[c["face_down"], list(c["cards"])] for c in view["columns"]]


def codes_in(value: Any) -> set[str]:
    """Every card code written anywhere in a decoded JSON value (moves included)."""
    if isinstance(value, str):
        return set(CARD_CODE.findall(value))
    if isinstance(value, dict):
        return set().union(*(codes_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(codes_in(v) for v in value)) if value else set()
    return set()


@dataclass
class Recorder:
    """Keeps every API answer the page receives, every request it makes, and page errors."""

    base_url: str
    answers: list[tuple[str, int, Any]] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def attach(self, page: Page) -> None:
        page.on("response", self._on_response)
        page.on("request", lambda r: None if r.url.startswith(self.base_url)
                or r.url.startswith("data:") else self.foreign.append(r.url))
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        # The Content-Security-Policy refusing something the page asked for is a bug.
        page.on("console", lambda m: self.errors.append(m.text)
                if m.type == "error" and "Content Security Policy" in m.text else None)

    def _on_response(self, response: Response) -> None:
        if "/api/" not in response.url:
            return
        path = response.url.split("?")[0].removeprefix(self.base_url)
        if not response.ok:  # a refusal names no card of the game; the page may be reloading
            self.answers.append((path, response.status, None))
            return
        try:
            body = response.json()
        except Exception as exc:
            if "navigated away" in str(exc) or "No resource with given identifier" in str(exc):
                # The test went to another page before this handler ran, so the browser
                # dropped the body; the page left without reading it either.
                self.answers.append((path, response.status, None))
            else:  # a body the page could not read either
                self.errors.append(f"unreadable answer from {path}: {exc}")
            return
        self.answers.append((path, response.status, body))

    def game_views(self) -> list[dict[str, Any]]:
        """The decoded game views (2xx answers of the game endpoints), in arrival order."""
        return [b for path, status, b in self.answers
                if status < 300 and path in GAME_ENDPOINTS and b is not None]

    def check(self) -> int:
        """Assert that no view names a card it shows face down; that no hints, outlook
        (Finish's line) or destinations answer names a card the page has not shown face
        up; that nothing left the site; no page error. A give-up's answer holds the next
        deal's view, checked as a view.

        Returns:
            How many game views were checked.
        """
        assert not self.errors, f"uncaught errors on the page: {self.errors}"
        assert not self.foreign, f"requests to other sites: {self.foreign}"
        shown: set[str] = set()
        checked = 0
        for path, status, body in self.answers:
            if status >= 300 or body is None:  # refused, or dropped unread by a navigation
                continue
            if path in GAME_ENDPOINTS or path == "/api/game/give-up":
                view = body["game"] if path == "/api/game/give-up" else body
                # Seen in this page: a card undone back face down was seen all the same,
                # and a hints answer may cross the view of a move or redo on its way.
                shown |= _face_up_checked(path, view)
                checked += 1
            elif path in ("/api/game/hints", "/api/game/outlook", "/api/game/destinations"):
                hidden = codes_in(body) - shown
                assert not hidden, f"{path} named cards the player cannot see: {hidden}: {body}"
        return checked


def _face_up_checked(path: str, body: dict[str, Any]) -> set[str]:
    """The cards a game view shows face up, once it is checked: 52 cards accounted for,
    and no card named that it does not show (a card of a removed run excepted)."""
    cells = [code for code in body.get("cells", []) if code]
    face_up = {code for column in body["columns"] for code in column["cards"]}
    face_up |= set(cells)  # a reserve's or free cell's card is face up
    on_table = sum(c["face_down"] + len(c["cards"]) for c in body["columns"])
    on_table += len(cells)
    assert on_table + body["stock"] + 13 * len(body["runs"]) == 52, body
    # A card of a removed run is known to the player (it was face up) and may be named,
    # e.g. by the move that completed the run; any other card not face up is face down or
    # in the stock. A run in alternate colours is written as its thirteen cards.
    removed = {
        code for run in body["runs"]
        for code in (
            [rank + run for rank in "A23456789TJQK"] if len(run) == 1 else run.split(".")
        )
    }
    hidden = codes_in(body) - face_up - removed
    assert not hidden, f"{path} named cards the player cannot see: {hidden}: {body}"
    return face_up


class Table:
    """The table page, driven like a player."""

    def __init__(self, page: Page, recorder: Recorder | None = None) -> None:
        self.page = page
        self.recorder = recorder

    # ---- looking

    def open(self, path: str = "/") -> dict[str, Any]:
        """Load the page; return the view it was drawn from."""
        # The first load in a tab is a visit (a POST), a reload reads the game (a GET).
        with self.page.expect_response(
            lambda r: "/api/game?" in r.url or r.url.endswith("/api/game/visit")
        ) as info:
            self.page.goto(path)
        view = info.value.json()
        self.wait_for(view)
        return view

    def columns(self) -> list[list[Any]]:
        return self.page.evaluate(READ_COLUMNS)  # type: ignore[no-any-return]

    def wait_for(self, view: dict[str, Any]) -> None:
        """Wait until the page shows ``view``: its columns, counters and deal number."""
        expected = {
            "columns": view_columns(view),
            "moves": str(view["moves"]),
            "runs": f"{len(view['runs'])}/4",
            "stock": str(view["stock"]),
            "deal": view["deal"],
        }
        try:
            self.page.wait_for_function(
                f"""expected => JSON.stringify({{
                    columns: ({READ_COLUMNS})(),
                    moves: document.getElementById('moves')?.textContent,
                    runs: document.getElementById('runs')?.textContent,
                    stock: document.getElementById('stock-count')?.textContent,
                    deal: document.getElementById('deal-number')?.textContent,
                }}) === JSON.stringify(expected)""",
                arg=expected,
                timeout=5000,
            )
        except PlaywrightTimeoutError:
            assert self.columns() == expected["columns"], "the page does not show the view"
            expect(self.page.locator("#moves")).to_have_text(expected["moves"], timeout=1)
            expect(self.page.locator("#runs")).to_have_text(expected["runs"], timeout=1)
            expect(self.page.locator("#stock-count")).to_have_text(expected["stock"], timeout=1)
            expect(self.page.locator("#deal-number")).to_have_text(expected["deal"], timeout=1)
            raise

    def settle(self) -> None:
        """Wait until no card is flying (the page's own animations, not CSS effects)."""
        self.page.wait_for_function(
            """() => document.getAnimations().every(a => a.playState !== 'running'
                || a instanceof CSSAnimation || a instanceof CSSTransition)""",
            timeout=5000,
        )

    @staticmethod
    def slid_in(locator: Locator) -> None:
        """Wait until the element's own entrance (a message's or a list's short slide) is
        over, so that its box is where it stands."""
        locator.evaluate("el => Promise.all(el.getAnimations().map(a => a.finished))")

    def card(self, code: str) -> Locator:
        return self.page.locator(f'#tableau .card.face[data-code="{code}"]:not(.leaving)')

    def column(self, col: int) -> Locator:
        return self.page.locator(f'#tableau .column[data-col="{col}"]')

    def target(self, col: int) -> Locator:
        """What to click to choose column ``col`` (from 0): its exposed card, or its slot."""
        cards = self.column(col).locator(".card:not(.leaving)")
        if cards.count():
            return cards.last
        return self.column(col).locator(".slot")

    def strip(self, locator: Locator) -> dict[str, float]:
        """A point in the visible top strip of a card (the rest may lie under other cards)."""
        box = locator.bounding_box()
        assert box is not None
        return {"x": box["width"] / 2, "y": min(8.0, box["height"] / 8)}

    def api_view(self, variant: str = "scorpion") -> dict[str, Any]:
        """The game as the server has it (with this page's cookie)."""
        response = self.page.request.get(f"/api/game?variant={variant}")
        assert response.ok, response.text()
        return response.json()  # type: ignore[no-any-return]

    # ---- acting

    def new_game(self, number: int | str, variant: str | None = None) -> dict[str, Any]:
        """Start deal ``number`` with the New game dialog, typing the number."""
        self.page.get_by_role("button", name="New game").click()
        dialog = self.page.locator("#new-game-dialog")
        expect(dialog).to_be_visible()
        dialog.get_by_role("textbox", name="Deal number").fill(str(number))
        if variant is not None:
            self.page.locator("#variant-select").select_option(variant)
        # A game under way of that variant is not left without asking (the one on the
        # table, or another variant's kept by the server).
        asks = self.page.evaluate("""() => {
            const chosen = document.getElementById('variant-select').value;
            return chosen === window.scorpion.variant
              ? Boolean(window.scorpion.inProgress?.())
              : window.scorpion.startedElsewhere.has(chosen);
        }""")
        with self.page.expect_response(lambda r: r.url.endswith("/api/game/new")) as info:
            dialog.get_by_role("button", name="Start").click()
            if asks:
                confirm = self.page.locator("#confirm-dialog")
                expect(confirm).to_be_visible()
                confirm.get_by_role("button", name="Start the new game").click()
        assert info.value.ok, info.value.text()
        view = info.value.json()
        assert view["deal"] == str(number)
        expect(dialog).to_be_hidden()
        self.wait_for(view)
        return view

    def click_card(self, code: str) -> None:
        """Click the visible top strip of the card, once the cards have landed (a card still
        flying from the deal is not where its box will be a moment later)."""
        self.settle()
        card = self.card(code)
        card.click(position=self.strip(card))

    def expect_answer(self, endpoint: str) -> Any:
        return self.page.expect_response(lambda r: r.url.split("?")[0].endswith(endpoint))

    def click_move(self, code: str, col: int) -> Response:
        """Click the card, then column ``col`` (from 0); return the server's answer."""
        self.click_card(code)
        expect(self.card(code)).to_have_class(re.compile(r"\bin-group\b"))
        with self.expect_answer("/api/game/move") as info:
            self.target(col).click()
        return info.value

    def drag_move(self, code: str, col: int, steps: int = 6) -> Response:
        """Drag the card onto column ``col`` (from 0) with the mouse, as a player would.

        It waits for the cards to land first, moves in ``steps`` steps, and checks that the
        column is marked as the drop target before it lets go.
        """
        self.settle()
        box = self.card(code).bounding_box()
        goal = self.target(col).bounding_box()
        assert box is not None and goal is not None
        x0, y0 = box["x"] + box["width"] / 2, box["y"] + min(8.0, box["height"] / 8)
        x1, y1 = goal["x"] + goal["width"] / 2, goal["y"] + goal["height"] / 2
        mouse = self.page.mouse
        mouse.move(x0, y0)
        mouse.down()
        for step in range(1, steps + 1):
            mouse.move(x0 + (x1 - x0) * step / steps, y0 + (y1 - y0) * step / steps)
        expect(self.column(col)).to_have_class(re.compile(r"\bdrop-target\b"))
        with self.expect_answer("/api/game/move") as info:
            mouse.up()
        return info.value

    def played(self, response: Response) -> dict[str, Any]:
        """Check that the server accepted a move and that the page shows the new view."""
        assert response.ok, f"{response.status} {response.text()}"
        view = response.json()
        self.wait_for(view)
        return view

    def play_line(self, moves: list[str] | tuple[str, ...]) -> dict[str, Any]:
        """Play moves by clicking, like a player: a card then a column, or the Deal button."""
        view: dict[str, Any] = {}
        for move in moves:
            if move == "deal":
                with self.expect_answer("/api/game/move") as info:
                    self.page.locator("#btn-deal").click()
            else:
                code, col = move.split("-")
                info_value = self.click_move(code, int(col) - 1)
                view = self.played(info_value)
                continue
            view = self.played(info.value)
        return view

    def toast(self) -> Locator:
        return self.page.locator("#message")


# ---- searches over the engine ------------------------------------------------------------


@contextmanager
def sized_table(browser: Browser, base_url: str, width: int, height: int) -> Iterator[Table]:
    """The table opened in a new browser context of ``width`` x ``height`` pixels (a touch
    phone under 800 wide); the context is closed on the way out."""
    touch = width < 800
    context = browser.new_context(
        viewport={"width": width, "height": height}, base_url=base_url,
        has_touch=touch, is_mobile=touch, device_scale_factor=2 if touch else 1,
    )
    try:
        page = context.new_page()
        recorder = Recorder(base_url)
        recorder.attach(page)
        table = Table(page, recorder)
        table.open()
        yield table
    finally:
        context.close()


def wait_until(page: Page, done: Callable[[], bool], seconds: float = 10.0) -> None:
    """Let the page run (its requests are routed meanwhile) until ``done()``, at most
    ``seconds`` seconds; AssertionError if it never is."""
    for _ in range(int(seconds * 20)):
        if done():
            return
        page.wait_for_timeout(50)
    raise AssertionError("waited in vain")


def settled_hints(page: Page, variant: str = "scorpion", timeout: float = 120.0) -> dict[str, Any]:
    """The hints of the player's game once the server has refined their chances (it asks
    until ``refining`` is false, at most ``timeout`` seconds): from then on they keep
    their order."""
    deadline = time.monotonic() + timeout
    while True:
        answer = page.request.get(f"/api/game/hints?variant={variant}")
        assert answer.ok, answer.text()
        hints: dict[str, Any] = answer.json()
        if not hints["refining"]:
            return hints
        assert time.monotonic() < deadline, f"the hints were not refined in {timeout:.0f} s"
        time.sleep(0.2)


def winnable_deal(first: int = 1, budget: int = 20_000) -> tuple[int, list[str]]:
    """The first Scorpion deal from ``first`` on that a small search wins, and its line.

    The search (tests/winning.py) is a depth-first search with a visited set that leaves out
    shifts of a whole column into an empty column; each deal gets ``budget`` nodes.
    """
    for number in range(first, first + 200):
        line = find_winning_line(deal(number), budget=budget)
        if line is not None:
            return number, [str(m) for m in line]
    raise AssertionError(f"no deal from {first} won within {budget} nodes each")


@functools.cache
def known_win() -> tuple[int, tuple[str, ...]]:
    """A winnable deal and its winning line, found once per test session."""
    number, line = winnable_deal()
    return number, tuple(line)


def dead_end_line(number: int, budget: int = 20_000) -> list[str]:
    """Moves from the start of deal ``number`` to a position without hint moves (not won)."""
    seen: set[Position] = set()
    path: list[str] = []
    nodes = 0

    def search(p: Position) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            return False
        moves = hint_moves(p)
        if not moves and not p.is_won:
            return True
        for m in moves:
            q = p.apply(m)
            if q in seen:
                continue
            seen.add(q)
            path.append(str(m))
            if search(q):
                return True
            path.pop()
        return False

    assert search(deal(number)), f"no dead end found in deal {number}"
    return path
