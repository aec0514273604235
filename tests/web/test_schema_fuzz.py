"""The HTTP API against its own OpenAPI schema, fuzzed by schemathesis (F1-F8).

Every operation of ``/openapi.json`` is called with requests schemathesis generates from
the schema (valid ones, and ones that break it), with a valid player cookie, in process
(ASGI). All of schemathesis' checks apply: no 5xx, answers as the schema says (status,
content type, body), schema-valid requests accepted, schema-breaking ones refused. The
number of examples is bounded (:data:`EXAMPLES` per operation), so the run takes about a
minute; ``SCORPION_SCHEMA_EXAMPLES`` raises it for a longer run (see NOTES.md).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings

from scorpion.store import Database
from scorpion.web import create_app
from scorpion.web.app import COOKIE

EXAMPLES = int(os.environ.get("SCORPION_SCHEMA_EXAMPLES", "30"))
"""Examples per operation (and generation mode)."""


# The schema is read when the module is collected, so the application is made then, on a
# database in a temporary directory that the module's last fixture removes.
_FOLDER = Path(tempfile.mkdtemp(prefix="scorpion-schema-"))
_DATABASE = Database(f"sqlite:///{_FOLDER / 'fuzz.db'}")
APP = create_app(_DATABASE)

schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


def _new_player() -> str:
    """A valid player cookie, from the page as a browser gets it."""
    client = TestClient(APP)
    assert client.get("/").status_code == 200
    value = client.cookies.get(COOKIE)
    assert value
    return value


TOKEN = _new_player()


@schema.auth()
class PlayerCookie:
    """The player cookie as schemathesis' authentication: it sends it on every request
    (and leaves it out where it tests that the API refuses a request without it)."""

    def get(self, case: schemathesis.Case, context: schemathesis.AuthContext) -> str:
        return TOKEN

    def set(self, case: schemathesis.Case, data: str, context: schemathesis.AuthContext) -> None:
        case.cookies = {**(case.cookies or {}), COOKIE: data}


@pytest.fixture(scope="module", autouse=True)
def clean_up() -> Iterator[None]:
    yield
    APP.state.insight.close()
    _DATABASE.dispose()
    shutil.rmtree(_FOLDER, ignore_errors=True)


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                           HealthCheck.function_scoped_fixture],
)
def test_the_api_keeps_its_schema(case: schemathesis.Case) -> None:
    """F1-F8: no request the schema allows gives a 5xx or an answer outside the schema,
    and the schema says what the server accepts (no valid request refused, no invalid one
    accepted)."""
    case.call_and_validate()
