"""Headers and origin (F8): a Secure cookie behind HTTPS, no change from another site's
page, only the allowed host names, and answers that are neither cached nor sniffed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx2 as httpx
import pytest
from api_client import new_client
from fastapi.testclient import TestClient

from scorpion.store import Database
from scorpion.web import create_app
from scorpion.web.app import COOKIE
from servers import ServerProcess

CHANGES = [
    ("POST", "/api/game/new", {"deal": "2"}),
    ("POST", "/api/game/move", {"move": "deal"}),
    ("POST", "/api/game/visit", {}),
    ("POST", "/api/game/undo", {}),
    ("POST", "/api/game/restart", {}),
    ("POST", "/api/game/clock", {"running": True}),
    ("PUT", "/api/settings", {"saving": False}),
    ("DELETE", "/api/saved-games", None),
    ("DELETE", "/api/results", None),
]



def cookie_header(response: httpx.Response) -> str:
    return next(v for v in response.headers.get_list("set-cookie") if v.startswith(COOKIE))


def test_f8_the_cookie_is_secure_when_asked_or_over_https(database: Database) -> None:
    """F8: --secure-cookies (or a request over HTTPS) marks the player cookie Secure."""
    plain = cookie_header(TestClient(create_app(database)).get("/"))
    assert "secure" not in plain.lower()
    assert "httponly" in plain.lower() and "samesite=lax" in plain.lower()
    asked = cookie_header(TestClient(create_app(database, secure_cookies=True)).get("/"))
    assert "; secure" in asked.lower()
    over_https = TestClient(create_app(database), base_url="https://testserver")
    assert "; secure" in cookie_header(over_https.get("/")).lower()


@pytest.mark.parametrize(
    "origin", ["http://evil.example", "null", "http://testserver.evil", "http://[::1"]
)
def test_f8_changes_from_another_site_get_403_and_change_nothing(
    database: Database, origin: str
) -> None:
    """F8: a state-changing request whose Origin is not this site is refused (403)."""
    client = new_client(database)
    before = client.post("/api/game/new", json={"deal": "1"}).json()
    for method, path, body in CHANGES:
        r = client.request(method, path, json=body, headers={"Origin": origin})
        assert r.status_code == 403, (method, path, r.text)
        assert r.json()["detail"] == (
            f"a request from another site ({origin}) may not change anything here"
        )
    after = client.get("/api/game").json()
    assert (after["deal"], after["version"]) == ("1", before["version"])
    assert client.get("/api/settings").json() == {"saving": True, "peeking": False}
    # Reading is not refused (the cookie is SameSite=Lax and the answers are not shared).
    assert client.get("/api/game", headers={"Origin": origin}).status_code == 200


READS_THAT_MAY_WRITE = [
    ("GET", "/api/game/status?variant=scorpion"),
    ("GET", "/api/game/hints?variant=scorpion"),
    ("GET", "/api/game/hints?variant=scorpion&fair=true"),
    ("GET", "/api/game?variant=scorpion-ii"),
    ("HEAD", "/api/game/outlook?variant=chelicera"),
    ("GET", "/api/game/destinations?variant=wasp&card=KS"),
    ("GET", "/api/deal/solution?variant=scorpion&deal=1&line=false"),
    ("GET", "/api/my-data"),
]


@pytest.mark.parametrize("site", ["cross-site", "same-site"])
def test_f8_f10_another_sites_link_gets_403_from_the_api_and_writes_nothing(
    database: Database, site: str
) -> None:
    """F8, F10: the cookie is SameSite=Lax, so a link on another site carries it on a
    top-level GET. Such a request (``Sec-Fetch-Site: cross-site`` or ``same-site``, set
    by the browser) gets 403 from every API route: otherwise a stranger's link could mark
    the player's game peeked (status, hints with peeking on), or deal a game in another
    variant (blocking that number there, V1). Nothing is written; the pages themselves
    still open from another site's link."""
    client = new_client(database)
    client.put("/api/settings", json={"peeking": True})
    before = client.post("/api/game/new", json={"deal": "617"}).json()
    assert before["peeked"] is False
    def data() -> dict[str, object]:
        every = client.get("/api/my-data").json()
        del every["exported_at"]
        return every

    kept = data()
    for method, path in READS_THAT_MAY_WRITE:
        r = client.request(
            method, path, headers={"Sec-Fetch-Site": site, "Sec-Fetch-Mode": "navigate"}
        )
        assert r.status_code == 403, (method, path, r.text)
        if method == "GET":
            assert r.json()["detail"] == (
                "this site's API answers only this site's own pages, not another site's "
                "page or link: open the table instead"
            )
    after = client.get("/api/game").json()
    assert (after["peeked"], after["version"]) == (False, before["version"])
    assert data() == kept  # no game dealt in another variant, no deal seen
    assert [g["variant"] for g in kept["saved_games"]] == ["scorpion"]
    page = client.get("/", headers={"Sec-Fetch-Site": site, "Sec-Fetch-Mode": "navigate"})
    assert page.status_code == 200
    for own in ("same-origin", "none"):
        told = client.get("/api/game/status", headers={"Sec-Fetch-Site": own})
        assert told.status_code == 200, own


def test_f8_a_long_origin_is_said_back_cut_short(database: Database) -> None:
    """F8: the refusal names the origin, but not more than 80 characters of it."""
    client = new_client(database)
    origin = "http://" + "e" * 300 + ".example"
    r = client.post("/api/game/new", json={"deal": "1"}, headers={"Origin": origin})
    assert r.status_code == 403
    assert r.json()["detail"] == (
        f"a request from another site ({origin[:80]}...) may not change anything here"
    )


def test_f8_changes_from_this_site_or_without_origin_are_served(database: Database) -> None:
    """F8: the page's own requests (Origin of this site) and requests without Origin (curl)
    are served."""
    client = new_client(database)
    assert client.post("/api/game/new", json={"deal": "1"},
                       headers={"Origin": "http://testserver"}).status_code == 200
    assert client.post("/api/game/move", json={"move": "deal"},
                       headers={"Origin": "http://TESTSERVER"}).status_code == 200
    assert client.post("/api/game/undo", json={}).status_code == 200


def test_f8_behind_a_proxy_the_allowed_host_names_are_this_site(database: Database) -> None:
    """F8: a proxy that passes its own Host (127.0.0.1:8000): the page's Origin is one of
    --allowed-hosts, so its changes are served; other origins still get 403."""
    app = create_app(database, allowed_hosts=["scorpion.example", "*.games.example", "testserver"])
    client = TestClient(app)
    assert client.get("/").status_code == 200
    for origin in ("https://scorpion.example", "https://play.games.example:8443"):
        r = client.post("/api/game/new", json={"deal": "3"}, headers={"Origin": origin})
        assert r.status_code == 200, (origin, r.text)
    for origin in ("https://evil.example", "https://games.example.evil", "ftp://scorpion.example"):
        r = client.post("/api/game/new", json={"deal": "4"}, headers={"Origin": origin})
        assert r.status_code == 403, origin
    assert client.get("/api/game").json()["deal"] == "3"


def test_f8_only_the_allowed_host_names_are_answered(database: Database) -> None:
    """F8: --allowed-hosts (matched as Starlette's TrustedHostMiddleware does): another
    Host gets a JSON 400 naming it, marked as every answer is."""
    app = create_app(database, allowed_hosts=["scorpion.example", "*.games.example"])
    assert TestClient(app, base_url="http://scorpion.example").get("/").status_code == 200
    assert TestClient(app, base_url="http://a.games.example:8443").get("/").status_code == 200
    for client in (TestClient(app, base_url="http://evil.example"), TestClient(app)):
        r = client.get("/api/variants")
        assert r.status_code == 400
        assert r.headers["content-type"] == "application/json"
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["cache-control"] == "no-store"
        assert r.json()["detail"].startswith("this site is not served under the host name")
    # A Host that is no host name at all (an unclosed bracket) is refused the same way.
    r = TestClient(app).get("/api/variants", headers={"Host": "[::1"})
    assert (r.status_code, r.json()["detail"]) == (
        400, "this site is not served under the host name '[::1'"
    )


def test_f8_api_answers_are_not_cached_nor_sniffed(database: Database) -> None:
    """F8: every API answer, errors included, says Cache-Control: no-store and
    X-Content-Type-Options: nosniff; the pages say nosniff."""
    client = new_client(database)
    answers = [
        client.get("/api/variants"),
        client.get("/api/game"),
        client.get("/api/statistics"),
        client.post("/api/game/move", json={"move": "KS-11"}),  # 400
        client.post("/api/game/undo", json={}),  # 409
        client.post("/api/game/move", content=b"{"),  # 422
        TestClient(create_app(database)).get("/api/game"),  # 401
        client.post("/api/game/move", json={}, headers={"Origin": "http://evil.example"}),
    ]
    assert sorted({r.status_code for r in answers}) == [200, 400, 401, 403, 409, 422]
    for r in answers:
        assert r.headers["cache-control"] == "no-store", r.request.url
        assert r.headers["x-content-type-options"] == "nosniff", r.request.url
    for path in ("/", "/rules", "/static/css/table.css"):
        assert client.get(path).headers["x-content-type-options"] == "nosniff"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(
        f"sqlite:///{tmp_path / 'served.db'}",
        tmp_path / "server.log",
        options=("--allowed-hosts", "scorpion.example,127.0.0.1",
                 "--forwarded-allow-ips", "127.0.0.1"),
    )
    try:
        yield process.start()
    finally:
        process.stop()


def test_f8_serve_honours_forwarded_proto_and_allowed_hosts(server: ServerProcess) -> None:
    """F8: a real ``scorpion serve``: X-Forwarded-Proto: https from a trusted proxy
    (--forwarded-allow-ips) marks the cookie Secure; a Host not in --allowed-hosts gets
    400."""
    with httpx.Client(base_url=server.url, timeout=10) as client:
        assert "secure" not in cookie_header(client.get("/")).lower()
    with httpx.Client(base_url=server.url, timeout=10) as client:
        proxied = client.get("/", headers={"X-Forwarded-Proto": "https"})
        assert "; secure" in cookie_header(proxied).lower()
        assert client.get("/", headers={"Host": "scorpion.example"}).status_code == 200
        assert client.get("/", headers={"Host": "evil.example"}).status_code == 400


def test_f8_serve_secure_cookies(tmp_path: Path) -> None:
    """F8: ``scorpion serve --secure-cookies`` marks the cookie Secure over plain HTTP too."""
    process = ServerProcess(
        f"sqlite:///{tmp_path / 'served.db'}", tmp_path / "server.log",
        options=("--secure-cookies",),
    )
    try:
        process.start()
        with httpx.Client(base_url=process.url, timeout=10) as client:
            assert "; secure" in cookie_header(client.get("/")).lower()
    finally:
        process.stop()
