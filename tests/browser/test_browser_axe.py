"""Accessibility (F9): axe-core finds no WCAG 2.2 A/AA violation on any screen of the site,
on a desktop and on a phone: the table before and after the stock is dealt, in the middle
of a game and won; its dialogs and the replay of a winning line; the statistics, settings
and rules pages. The keys list on the table names every shortcut.

axe-core comes from the npm registry (``scripts/test.sh`` fetches it into ``.cache/``);
without it these tests are skipped, saying so. It is injected into the page, which the
served Content-Security-Policy forbids: the test browser alone bypasses the policy.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from table_page import Recorder, Table, known_win

from winning import WINNABLE_DEAL

ROOT = Path(__file__).resolve().parents[2]
AXE = Path(os.environ.get("SCORPION_AXE_JS", ROOT / ".cache" / "axe-core" / "axe.min.js"))
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
VIEWPORTS = {"desktop": (1280, 800), "phone": (375, 812)}


@pytest.fixture(scope="module")
def axe_path() -> Path:
    if not AXE.exists():
        pytest.skip(
            f"axe-core not found at {AXE}: scripts/test.sh fetches it with "
            "`npm pack axe-core` (or set SCORPION_AXE_JS)"
        )
    return AXE


@pytest.fixture(params=list(VIEWPORTS))
def screen(
    request: pytest.FixtureRequest, browser: Browser, base_url: str, axe_path: Path
) -> Iterator[tuple[str, Table]]:
    name = request.param
    width, height = VIEWPORTS[name]
    context = browser.new_context(
        base_url=base_url, viewport={"width": width, "height": height}, bypass_csp=True,
        has_touch=name == "phone", is_mobile=name == "phone", reduced_motion="reduce",
    )
    page = context.new_page()
    recorder = Recorder(base_url)
    recorder.attach(page)
    table = Table(page, recorder)
    table.open()
    yield name, table
    recorder.errors = [e for e in recorder.errors if "Content Security Policy" not in e]
    recorder.check()
    context.close()


def violations(page: Page, axe: Path) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now (rule id, what, where)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(axe))
    found = page.evaluate(
        """tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})
            .then(r => r.violations.map(v => ({id: v.id, help: v.help,
              nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)})))""",
        TAGS,
    )
    return found  # type: ignore[no-any-return]


def clean(page: Page, axe: Path, artifacts: Path, label: str) -> None:
    page.screenshot(path=artifacts / f"axe-{label}.png")
    found = violations(page, axe)
    assert found == [], f"{label}: {found}"


def test_the_table_in_every_state_is_clean(
    screen: tuple[str, Table], axe_path: Path, artifacts: Path
) -> None:
    name, table = screen
    page = table.page
    table.new_game(1)
    table.settle()
    clean(page, axe_path, artifacts, f"{name}-table-start")
    with table.expect_answer("/api/game/move"):
        page.locator("#btn-deal").click()
    expect(page.locator("#stock-count")).to_have_text("0")
    table.settle()
    clean(page, axe_path, artifacts, f"{name}-table-dealt")
    number, line = known_win()
    page.request.post("/api/game/new", data={"deal": number})
    for text in line[:30]:
        assert page.request.post("/api/game/move", data={"move": text}).ok
    table.open()
    table.settle()
    card = page.locator("#tableau .card.face").first
    card.click(position=table.strip(card))
    clean(page, axe_path, artifacts, f"{name}-table-midgame")
    # The questions before leaving a game under way, and the New game dialog.
    page.locator("#btn-replay").click()
    expect(page.locator("#confirm-dialog")).to_be_visible()
    clean(page, axe_path, artifacts, f"{name}-confirm")
    page.keyboard.press("Escape")
    page.locator("#btn-new").click()
    expect(page.locator("#new-game-dialog")).to_be_visible()
    clean(page, axe_path, artifacts, f"{name}-new-game")
    page.keyboard.press("Escape")
    # Won.
    for text in line[30:]:
        assert page.request.post("/api/game/move", data={"move": text}).ok
    table.open()
    expect(page.locator("#win-dialog")).to_be_visible()
    clean(page, axe_path, artifacts, f"{name}-won-dialog")
    page.locator("#win-close").click()
    clean(page, axe_path, artifacts, f"{name}-won-table")


def test_the_end_of_a_game_and_its_replay_are_clean(
    screen: tuple[str, Table], axe_path: Path, artifacts: Path
) -> None:
    name, table = screen
    page = table.page
    table.new_game(WINNABLE_DEAL)
    page.locator("#btn-give-up").click()
    end = page.locator("#end-dialog")
    expect(end.get_by_role("button", name="Show me")).to_be_visible(timeout=30_000)
    clean(page, axe_path, artifacts, f"{name}-gave-up")
    end.get_by_role("button", name="Show me").click()
    page.locator("#replay-forward").click()
    expect(page.locator("#replay-step")).to_contain_text("Move 1 of")
    clean(page, axe_path, artifacts, f"{name}-show-me")


def test_a_ten_column_table_with_a_reserve_and_free_cells_is_clean(
    screen: tuple[str, Table], axe_path: Path, artifacts: Path
) -> None:
    """V2: Three Blind Mice (ten columns, a reserve) with a reserve card picked up and the
    list of hints open, and Scorpion Head with a card in a free cell."""
    name, table = screen
    page = table.page
    table.new_game(1, "three-blind-mice")
    table.settle()
    clean(page, axe_path, artifacts, f"{name}-ten-columns")
    card = page.locator("#cells .card.face").first
    card.click(position=table.strip(card))
    expect(card).to_have_class(re.compile(r"\bin-group\b"))
    page.keyboard.press("Escape")
    page.locator("#btn-hint").click()
    expect(page.locator("#hint-fair")).to_be_visible()  # chances, from the view alone
    clean(page, axe_path, artifacts, f"{name}-ten-columns-hints")
    page.locator("#hint-close").click()
    view = table.new_game(2, "scorpion-head")  # deal 1 is under way in Three Blind Mice
    top = next(c["cards"][-1] for c in view["columns"] if c["cards"])
    assert page.request.post("/api/game/move", data={
        "variant": "scorpion-head", "move": f"{top}-f1"}).ok
    table.open("/?variant=scorpion-head")
    table.settle()
    expect(page.locator("#cells .card.face")).to_have_count(1)
    clean(page, axe_path, artifacts, f"{name}-free-cells")


@pytest.mark.parametrize("path", ["/statistics", "/settings", "/rules"])
def test_the_other_pages_are_clean(
    screen: tuple[str, Table], axe_path: Path, artifacts: Path, path: str
) -> None:
    name, table = screen
    page = table.page
    page.goto(path)
    page.wait_for_load_state("networkidle")
    clean(page, axe_path, artifacts, f"{name}-{path.strip('/')}")


def test_the_keys_list_names_every_shortcut(page: Page, base_url: str) -> None:
    """F9: the keys list names every key, the game's own columns among them: 1 to 7 in
    Scorpion, 1 to 9 and 0 (column 10) in a ten-column game."""
    Table(page).open()
    keys = page.locator("#keys-list")
    expect(keys).to_be_visible()
    text = keys.inner_text()
    # The keys themselves, not letters inside words ("H" is in "Home", "C" in "Ctrl").
    kbds = keys.locator("kbd:visible").all_inner_texts()
    for key in ("←", "→", "↑", "↓", "Home", "End", "Enter", "Space", "1", "7", "Esc", "D",
                "H", "U", "Ctrl", "Z", "R", "Y", "F", "N"):
        assert key in kbds, key
    assert "C" not in kbds  # no free cells nor reserve in Scorpion
    assert "1\u20137 column: place the selection there, or go to it" in text
    assert "is column 10" not in text
    # Every shortcut a button announces is in the list.
    for shortcut in page.locator("[aria-keyshortcuts]").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-keyshortcuts'))"
    ):
        for key in shortcut.replace("+", " ").split():
            shown = {"Control": "Ctrl", "ArrowLeft": "←", "ArrowRight": "→"}.get(key, key)
            assert shown in kbds, (shortcut, key)
    Table(page).open("/?variant=how-they-run")
    expect(keys).to_contain_text("1\u20139, 0 column (0 is column 10): place the selection there")
    assert "C" in keys.locator("kbd:visible").all_inner_texts()  # its free cells
