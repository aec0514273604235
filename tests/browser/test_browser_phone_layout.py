"""A layout that fits (F2, F9): the fan of the columns opens as far as the longest column
allows, every face-up card shows a strip a finger can take, no column runs off the screen,
and a focused card is drawn above its neighbours. Screenshots in test-artifacts/."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from table_page import Recorder, Table

from scorpion.engine import card_code

PHONE = {"width": 375, "height": 812}
MIN_STRIP = 28  # px: the least strip of a face-up card under another, while room remains
SIZES = [(360, 740), (375, 812), (768, 1024), (1920, 1080)]

# Every column's cards, top offsets and bottom edge, as the page draws them.
MEASURE = """() => [...document.querySelectorAll('#tableau .column')].map(col => {
  const cards = [...col.querySelectorAll('.card:not(.leaving)')];
  return cards.map(el => {
    const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, face: el.classList.contains('face')};
  });
})"""


def open_table(browser: Browser, base_url: str, width: int, height: int) -> tuple[Any, Table]:
    touch = width < 800
    context = browser.new_context(
        viewport={"width": width, "height": height}, base_url=base_url,
        has_touch=touch, is_mobile=touch, device_scale_factor=2 if touch else 1,
    )
    page = context.new_page()
    recorder = Recorder(base_url)
    recorder.attach(page)
    table = Table(page, recorder)
    table.open()
    return context, table


@pytest.fixture
def phone(browser: Browser, base_url: str) -> Iterator[Table]:
    context, table = open_table(browser, base_url, PHONE["width"], PHONE["height"])
    yield table
    assert table.recorder is not None
    table.recorder.check()
    context.close()


def twenty_card_view() -> dict[str, Any]:
    """A drawing of a position whose first column holds twenty face-up cards (for the
    layout only: the page draws what it is given)."""
    deck = [card_code(c) for c in range(52)]
    sizes = [20, 6, 6, 5, 5, 5, 5]
    columns, at = [], 0
    for size in sizes:
        columns.append({"face_down": 0 if size == 20 else 2, "cards": deck[at:at + size]})
        at += size
    for column in columns:  # face-down cards are not named
        column["cards"] = column["cards"][column["face_down"]:]
    return {"columns": columns, "stock": 0, "runs": []}


def check_fits(page: Page) -> list[float]:
    """Assert that no column runs off the screen and every face-up strip is at least
    MIN_STRIP px; return the strips."""
    height = page.evaluate("window.innerHeight")
    strips: list[float] = []
    for cards in page.evaluate(MEASURE):
        if not cards:
            continue
        assert cards[-1]["bottom"] <= height + 0.5, (cards[-1], height)
        for below, above in itertools.pairwise(cards):
            if below["face"]:
                strips.append(above["top"] - below["top"])
    assert strips and min(strips) >= MIN_STRIP, sorted(strips)[:5]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    return strips


def test_deal_1_fits_a_phone_with_strips_a_finger_can_take(phone: Table, artifacts: Path) -> None:
    phone.new_game(1)
    phone.settle()
    check_fits(phone.page)
    phone.page.screenshot(path=artifacts / "phone-375x812-deal1.png")


def test_a_twenty_card_column_fits_a_phone(phone: Table, artifacts: Path) -> None:
    page = phone.page
    phone.new_game(1)
    phone.settle()
    page.evaluate("view => window.scorpion.table.render(view, {mode: 'none'})", twenty_card_view())
    strips = check_fits(page)
    assert len(strips) >= 19
    page.screenshot(path=artifacts / "phone-375x812-twenty-cards.png")


def test_a_focused_card_is_drawn_above_its_neighbours(phone: Table, artifacts: Path) -> None:
    page = phone.page
    phone.new_game(1)
    phone.settle()
    page.locator("#tableau [tabindex='0']").focus()
    page.keyboard.press("ArrowRight")  # column 2
    page.keyboard.press("ArrowUp")  # the card under its top card, mostly covered
    page.keyboard.press("ArrowUp")
    covered = page.evaluate("""() => {
      const el = document.activeElement;
      const r = el.getBoundingClientRect();
      const points = [[r.left + 3, r.bottom - 3], [r.right - 3, r.bottom - 3],
                      [r.left + r.width / 2, r.bottom - 3]];
      return points.filter(([x, y]) => document.elementFromPoint(x, y)?.closest('.card') !== el)
        .length + (el.matches(':focus-visible') ? 0 : 100);
    }""")
    assert covered == 0, "the focused card (and its ring) must lie above the cards on it"
    page.screenshot(path=artifacts / "phone-375x812-focus.png")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_screenshots_at_four_sizes(
    browser: Browser, base_url: str, artifacts: Path, width: int, height: int
) -> None:
    context, table = open_table(browser, base_url, width, height)
    try:
        table.new_game(1)
        table.settle()
        page = table.page
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=artifacts / f"layout-{width}x{height}.png")
        assert table.recorder is not None
        table.recorder.check()
    finally:
        context.close()
