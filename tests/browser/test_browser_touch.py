"""Touch play on a phone-sized screen (F1): tap a card then a column, and drag with a finger."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from table_page import Recorder, Table

PHONE = {"width": 360, "height": 740}


@pytest.fixture
def phone(browser: Browser, base_url: str) -> Iterator[tuple[Table, Recorder]]:
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, base_url=base_url
    )
    page = context.new_page()
    recorder = Recorder(base_url)
    recorder.attach(page)
    table = Table(page, recorder)
    table.open()
    yield table, recorder
    recorder.check()
    context.close()


def touch_drag(page: Page, start: dict[str, float], end: dict[str, float], steps: int = 8) -> None:
    """A one-finger drag with real touch events (Chrome turns them into Pointer Events)."""
    cdp = page.context.new_cdp_session(page)

    def send(kind: str, x: float, y: float) -> None:
        points: list[dict[str, Any]] = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    send("touchStart", start["x"], start["y"])
    for i in range(1, steps + 1):
        send("touchMove", start["x"] + (end["x"] - start["x"]) * i / steps,
             start["y"] + (end["y"] - start["y"]) * i / steps)
    send("touchEnd", end["x"], end["y"])
    cdp.detach()


def test_tap_tap_and_finger_drag_moves(phone: tuple[Table, Recorder], artifacts: Path) -> None:
    table, _ = phone
    page = table.page
    table.new_game(1)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # Tap the seven of diamonds, then column 1.
    card = table.card("7D")
    card.tap(position=table.strip(card))
    expect(card).to_have_class(re.compile(r"\bin-group\b"))
    page.screenshot(path=artifacts / "phone-selected.png")
    with table.expect_answer("/api/game/move") as info:
        table.target(0).tap()
    assert info.value.request.post_data_json["move"] == "7D-1"
    view = table.played(info.value)
    assert view["columns"][0]["cards"][-2:] == ["7D", "8C"]

    # Drag the five of clubs (with 3S on it) onto the six of clubs with a finger.
    table.settle()
    source = table.card("5C").bounding_box()
    target = table.target(2).bounding_box()
    assert source and target
    with table.expect_answer("/api/game/move") as info:
        touch_drag(
            page,
            {"x": source["x"] + source["width"] / 2, "y": source["y"] + 5},
            {"x": target["x"] + target["width"] / 2, "y": target["y"] + target["height"] / 2},
        )
    assert info.value.request.post_data_json["move"] == "5C-3"
    view = table.played(info.value)
    assert view["columns"][2]["cards"][-2:] == ["5C", "3S"]
    assert view["moves"] == 2
    page.screenshot(path=artifacts / "phone-after-moves.png")
