"""Browser tests of the table (F1-F5, F9): Debian's Chromium against a real ``scorpion serve``.

The server runs as a subprocess on a free 127.0.0.1 port with a temporary SQLite database,
once for the session; every test gets a new browser context, hence a new player cookie and
games of its own. Screenshots go to ``test-artifacts/`` (git-ignored) for a person to look at.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page
from table_page import Recorder, Table

from servers import ServerProcess

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"


@pytest.fixture(autouse=True)
def _need_chromium() -> None:
    if not CHROMIUM.exists():
        pytest.skip(
            f"browser tests need Debian's Chromium at {CHROMIUM} "
            "(apt-get install chromium; scripts/test.sh installs it)"
        )


@pytest.fixture(scope="session")
def server_process(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """``scorpion serve`` on a free port with a fresh SQLite database, for the session."""
    if not CHROMIUM.exists():
        pytest.skip(f"browser tests need Debian's Chromium at {CHROMIUM}")
    folder = tmp_path_factory.mktemp("browser")
    process = ServerProcess(f"sqlite:///{folder / 'scorpion.db'}", folder / "server.log")
    try:
        process.start()
    except RuntimeError as exc:
        pytest.fail(str(exc))
    try:
        yield process
    finally:
        process.stop()


@pytest.fixture(scope="session")
def server(server_process: ServerProcess) -> str:
    """The base URL of the server."""
    return server_process.url


@pytest.fixture(scope="session")
def server_database(server_process: ServerProcess) -> str:
    """The SQLAlchemy URL of the server's database (for tests that damage it)."""
    return server_process.database


@pytest.fixture(scope="session")
def base_url(server: str) -> str:
    """pytest-base-url's fixture, pointed at our server: ``page.goto("/")`` opens the table."""
    return server


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium: no browser can be downloaded on this machine."""
    if not CHROMIUM.exists():
        pytest.skip(f"browser tests need Debian's Chromium at {CHROMIUM}")
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM)}


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where the screenshots go (git-ignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A laptop-sized window unless a test asks for another."""
    return {**browser_context_args, "viewport": {"width": 1280, "height": 800}}


@pytest.fixture
def recorder(page: Page, base_url: str) -> Iterator[Recorder]:
    """Record the page's API answers; at the end check none named a face-down card."""
    rec = Recorder(base_url)
    rec.attach(page)
    yield rec
    rec.check()


@pytest.fixture
def table(page: Page, recorder: Recorder) -> Table:
    """The table page of a new player, opened."""
    t = Table(page, recorder)
    t.open()
    return t
