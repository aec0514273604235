"""Helpers of the API tests: a client that has loaded the page (so it holds a player
cookie), and reading a 200 answer."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from scorpion.store import Database
from scorpion.web import create_app


def new_client(database: Database, **options: Any) -> TestClient:
    """A test client of a new application over ``database`` (``options`` go to
    :func:`create_app`) that has loaded the table, so it is a player."""
    client = TestClient(create_app(database, **options))
    assert client.get("/").status_code == 200
    return client


def ok(response: Any) -> Any:
    """The JSON of ``response``, which must be a 200."""
    assert response.status_code == 200, response.text
    return response.json()
