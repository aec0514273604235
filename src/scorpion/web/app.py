"""The FastAPI application: thin routes over :class:`scorpion.store.GameService`.

The server is the only authority on the rules: the page sends intentions (a move in
notation, deal, undo, ...) and gets back the new :class:`GameView`, which never names a
face-down card. A player is a random token in an HttpOnly, SameSite=Lax cookie set by the
page route; the database keeps only its SHA-256. See ``docs/web-api.md``.
"""

from __future__ import annotations

import contextlib
import gc
import inspect
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, MutableMapping
from importlib import resources
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Cookie, Depends, FastAPI, Query, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.security import APIKeyCookie
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm.exc import StaleDataError
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..advisor import PlayerView, advises
from ..engine import (
    DealNumberError,
    HistoryError,
    IllegalMoveError,
    Move,
    MoveError,
    place_refusal,
    variant_by_id,
)
from ..engine.hints import hint_moves
from ..engine.variants import UnknownVariantError
from ..solver import Verdict
from ..store import (
    STALE_MESSAGE,
    CorruptGameError,
    DamagedDataError,
    Database,
    DealInPlayError,
    GameFinishedError,
    GameService,
    GameState,
    NoGameError,
    PlayerNotFoundError,
    StaleGameError,
    check_version,
    export_data,
    statistics,
)
from ..store.peeking import PeekingOffError, mark_peeked, peeking, require_peeking, set_peeking
from .advice import Advisor, Answer
from .insight import Insight
from .schemas import (
    VARIANT_IDS,
    WEB_VARIANTS,
    ClockRequest,
    ClockView,
    Deleted,
    ErrorDetail,
    GameView,
    Hints,
    MoveChance,
    MoveRequest,
    NewGameRequest,
    Settings,
    SettingsChange,
    StatsView,
    Status,
    VariantInfo,
    VariantRequest,
    VisitRequest,
    peeked_reason,
)
from .words import refusal_of

COOKIE = "scorpion_player"
"""Name of the cookie holding the player's token."""

MAX_BODY_BYTES = 16 * 1024
"""Largest request body accepted, in bytes; larger bodies get 413."""

COOKIE_MAX_AGE = 10 * 365 * 24 * 3600
"""Lifetime of the player cookie, in seconds (ten years)."""

NO_MOVES = "no moves left, try Undo or New game"
WON_NO_MOVES = "the game is won: start a New game"

STATIC_DIR = Path(str(resources.files("scorpion.web") / "static"))

_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorDetail, "description": "Bad move text, variant or deal number."},
    401: {"model": ErrorDetail, "description": "Missing, malformed or unknown player cookie."},
    403: {
        "model": ErrorDetail,
        "description": "Peeking help asked for with peeking off, a change sent from "
        "another site's page (its Origin), or any API request that another site's page "
        "or link made (Sec-Fetch-Site).",
    },
    409: {
        "model": ErrorDetail,
        "description": "Illegal move, nothing to undo/redo, stale tab, or a deal number "
        "under way in the player's game of another variant.",
    },
    413: {"model": ErrorDetail, "description": "Request body too large."},
    422: {"model": ErrorDetail, "description": "Malformed JSON or wrong body shape."},
    503: {"model": ErrorDetail, "description": "The database is full, read-only or down."},
}

_STATUS: list[tuple[type[Exception], int]] = [
    (PlayerNotFoundError, 401),
    (MoveError, 400),
    (DealNumberError, 400),
    (UnknownVariantError, 400),
    (HistoryError, 409),
    (StaleGameError, 409),
    (NoGameError, 409),
    (GameFinishedError, 409),
    (DealInPlayError, 409),
    (CorruptGameError, 409),
    (DamagedDataError, 409),
    (PeekingOffError, 403),
]


class BodyLimit:
    """ASGI middleware refusing request bodies over ``limit`` bytes with 413."""

    def __init__(self, app: Any, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(
        self,
        scope: MutableMapping[str, Any],
        receive: Callable[[], Awaitable[MutableMapping[str, Any]]],
        send: Callable[[MutableMapping[str, Any]], Awaitable[None]],
    ) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_large = JSONResponse(
            {"detail": f"request body over {self.limit} bytes"}, status_code=413
        )
        for name, value in scope.get("headers", []):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await too_large(scope, receive, send)
                return
        # Without a (trusted) length, read at most ``limit`` bytes before passing it on.
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await too_large(scope, receive, send)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        sent = False

        async def replay() -> MutableMapping[str, Any]:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


HEAD_SCOPE_KEY = "scorpion.head"
"""Set in the ASGI scope of a ``HEAD`` request that :class:`HeadAsGet` passes on as a GET,
to a dict ``{"withheld": False}``. A route whose answer shows what must not be shown
without a trace (the solution's line: reading it records the deal as seen) leaves that
content out of a HEAD, records nothing, and sets ``withheld``: the HEAD is then answered
without a ``Content-Length`` (RFC 9110 allows none, and forbids one that differs from the
GET's; the GET's would tell the line's length in bytes)."""


class HeadAsGet:
    """ASGI middleware: ``HEAD`` works wherever ``GET`` does. It is answered as the GET
    would be (status and headers, ``Content-Length`` included) without the body."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(
        self,
        scope: MutableMapping[str, Any],
        receive: Callable[[], Awaitable[MutableMapping[str, Any]]],
        send: Callable[[MutableMapping[str, Any]], Awaitable[None]],
    ) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        head = {"withheld": False}

        async def headless(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.body":
                message = {**message, "body": b""}
            elif message["type"] == "http.response.start" and head["withheld"]:
                message = {**message, "headers": [
                    (name, value) for name, value in message.get("headers", [])
                    if name.lower() != b"content-length"
                ]}
            await send(message)

        await self.app({**scope, "method": "GET", HEAD_SCOPE_KEY: head}, receive, headless)


UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
"""Methods that change state: refused when they come from another site's page."""

OTHER_SITES = frozenset({"cross-site", "same-site"})
"""``Sec-Fetch-Site`` values of a request that another site's page (or a link on it)
made: refused on every API route (:class:`SiteGuard`)."""


class SiteGuard:
    """ASGI middleware: refuses state-changing requests that another site's page sent,
    and API requests that another site's page or link made; marks every answer
    ``X-Content-Type-Options: nosniff`` (API answers also ``Cache-Control: no-store``).

    A request to ``/api/`` whose ``Sec-Fetch-Site`` header (which browsers set, and a
    page cannot) says ``cross-site`` or ``same-site`` gets 403, whatever its method: the
    cookie is SameSite=Lax, so a link on another site would otherwise carry it, and a
    ``GET`` may write (a game dealt where none was, a deal recorded as seen, a game
    marked peeked by a peeking hint or status). The table's own pages fetch from the
    same origin, and an address typed in the bar says ``none``.

    A request whose ``Origin`` header names another host than its ``Host`` header, and
    none of ``allowed_hosts`` (the names a proxy in front may serve the site under), or
    says ``Origin: null``, gets 403. Without ``Origin`` (curl, scripts) it is let through:
    the cookie is SameSite=Lax, so a browser sends it cross-site only on top-level GETs.
    With ``allowed_hosts`` (``--allowed-hosts``; ``*`` or None for any), a request whose
    ``Host`` names none of them gets a JSON 400, as the host matching of Starlette's
    ``TrustedHostMiddleware`` would refuse it, with the same headers as every answer.
    """

    def __init__(self, app: Any, allowed_hosts: list[str] | None = None) -> None:
        self.app = app
        self.allowed_hosts = [h.lower() for h in allowed_hosts or () if h != "*"]
        self.hosts_checked = bool(allowed_hosts) and "*" not in (allowed_hosts or ())

    def _host_allowed(self, host: str) -> bool:
        """Whether ``host`` (a ``Host`` header) names one of ``allowed_hosts``: exactly,
        or under a ``*.`` pattern, as Starlette's ``TrustedHostMiddleware`` matches."""
        try:
            name = (urlsplit(f"//{host}").hostname or "") if host else ""
        except ValueError:  # not a host name at all ("[::1", an unclosed bracket)
            return False
        return any(
            name == pattern or (pattern.startswith("*") and name.endswith(pattern[1:]))
            for pattern in self.allowed_hosts
        )

    def _same_site(self, origin: str, host: str) -> bool:
        """Whether ``origin`` (an ``Origin`` header) names the site served under ``host``
        (the ``Host`` header, lower case) or one of ``allowed_hosts``; a malformed
        origin names no site, so it is another one."""
        try:
            parts = urlsplit(origin)
            name = (parts.hostname or "").lower()
        except ValueError:  # "http://[::1": no URL at all
            return False
        if not host or parts.scheme not in ("http", "https"):
            return False
        if parts.netloc.lower() == host:
            return True
        return any(
            name == pattern or (pattern.startswith("*.") and name.endswith(pattern[1:]))
            for pattern in self.allowed_hosts
        )

    async def __call__(
        self,
        scope: MutableMapping[str, Any],
        receive: Callable[[], Awaitable[MutableMapping[str, Any]]],
        send: Callable[[MutableMapping[str, Any]], Awaitable[None]],
    ) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self._refusal(scope)
        await self._with_headers(scope, self.app if refusal is None else refusal, receive, send)

    def _refusal(self, scope: MutableMapping[str, Any]) -> JSONResponse | None:
        """The answer that refuses the request of ``scope``, or None to serve it: 400 for
        a host name not allowed, 403 for an API request another site's page or link
        made, or a change whose Origin is another site."""
        headers = dict(scope.get("headers", []))
        if self.hosts_checked:
            host = headers.get(b"host", b"").decode("latin-1")
            if not self._host_allowed(host):
                return JSONResponse(
                    {"detail": f"this site is not served under the host name {host!r}"},
                    status_code=400,
                )
        fetched_from = headers.get(b"sec-fetch-site", b"").decode("latin-1").strip().lower()
        if fetched_from in OTHER_SITES and str(scope.get("path", "")).startswith("/api/"):
            return JSONResponse(
                {"detail": "this site's API answers only this site's own pages, not "
                 "another site's page or link: open the table instead"},
                status_code=403,
            )
        origin = headers.get(b"origin")
        if scope["method"] in UNSAFE_METHODS and origin is not None:
            host = headers.get(b"host", b"").decode("latin-1").lower()
            said = origin.decode("latin-1")
            if not self._same_site(said, host):
                # Said back in the refusal, cut to 80 characters (not echoed whole).
                shown = said if len(said) <= 80 else said[:80] + "..."
                return JSONResponse(
                    {"detail": f"a request from another site ({shown}) may not change "
                     "anything here"},
                    status_code=403,
                )
        return None

    @staticmethod
    async def _with_headers(
        scope: MutableMapping[str, Any],
        app: Any,
        receive: Callable[[], Awaitable[MutableMapping[str, Any]]],
        send: Callable[[MutableMapping[str, Any]], Awaitable[None]],
    ) -> None:
        api = str(scope.get("path", "")).startswith("/api/")

        async def marked(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                out = MutableHeaders(scope=message)
                out["X-Content-Type-Options"] = "nosniff"
                if api:
                    out["Cache-Control"] = "no-store"
            await send(message)

        await app(scope, receive, marked)


async def get_service(request: Request) -> AsyncIterator[GameService]:
    """Dependency: a :class:`GameService` over a session of the application's database.

    The session commits when the route returns without an error and rolls back
    otherwise, before the answer is sent; routes that change a game commit before they
    build their answer (see :func:`_answer`).

    The routes and this dependency are ``async`` but call the database synchronously: a
    request's work is a millisecond or two of CPU, and running it on the event loop avoids
    handing it to a worker thread and back (which costs more than the work under load).
    """
    database: Database = request.app.state.database
    with database.session() as session:
        yield GameService(session, variants=WEB_VARIANTS)


@contextlib.contextmanager
def service(request: Request) -> Iterator[GameService]:
    """A :class:`GameService` on the application's database (``GameService.on``), for the
    routes of a move, an undo and a redo, opened in the route itself: those are most of
    the requests, their common case needs no ORM session, and FastAPI's machinery for a
    dependency that cleans up after itself costs about as much as the move's own reading
    of the database (see ``benchmarks/serve.py``). Commits when the block ends without an
    error (if not committed before), rolls back otherwise.
    """
    svc = GameService.on(request.app.state.database, variants=WEB_VARIANTS)
    try:
        yield svc
        svc.commit()
    finally:
        svc.close()


# scope="function": the session ends (commits, or rolls back on an error) as soon as the
# route returns, before the answer is sent; on SQLite a transaction holds the write lock
# (see scorpion.store.db), which must not wait on the network.
ServiceDep = Annotated[GameService, Depends(get_service, scope="function")]
CookieToken = Annotated[str | None, Cookie(description="The player's token.")]


PLAYER_COOKIE = APIKeyCookie(
    name="scorpion_player",
    auto_error=False,
    scheme_name="player",
    description="The player's token, set by the page (GET /).",
)
"""The player cookie as the schema's security scheme (an API key in a cookie)."""

PlayerToken = Annotated[str | None, Depends(PLAYER_COOKIE)]


async def get_player(svc: ServiceDep, scorpion_player: PlayerToken = None) -> str:
    """Dependency: the id of the player whose cookie came with the request.

    Raises:
        PlayerNotFoundError: (401) for a missing, malformed or unknown cookie.
    """
    return svc.player_id(scorpion_player)


PlayerDep = Annotated[str, Depends(get_player)]


VariantQuery = Annotated[
    str, Query(max_length=32, description="Variant id.", json_schema_extra=VARIANT_IDS)
]

VersionQuery = Annotated[int | None, Query(
    ge=1, description="The version of the view the page shows: 409 if the game has changed "
    "since (another tab moved it, or ended it and dealt another), rather than an answer "
    "about a position the page does not show.",
)]
"""The ``version`` query parameter of the requests that read the game in progress."""


def _answer(svc: GameService, state: GameState) -> Response:
    """Build the view of ``state`` and commit, so the change is stored before the answer.

    The view is serialised here (it is a :class:`GameView` by construction), so FastAPI
    does not validate it a second time.
    """
    body = GameView.of(state).model_dump_json()
    svc.commit()
    return Response(body, media_type="application/json")


router = APIRouter()

play = APIRouter()
"""The routes of a move, an undo and a redo: most requests. FastAPI tries the routes in
order, so they come first (``create_app``)."""


CONTENT_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
"""The pages' Content-Security-Policy: the browser itself refuses anything from another
site (F8: no third-party requests, no tracking)."""


def _page(
    name: str,
    svc: GameService | None = None,
    token: str | None = None,
    request: Request | None = None,
) -> Response:
    """A page of the site; with ``svc``, it gives a new player cookie when the request has
    no valid one. The cookie is ``Secure`` when the server was told to (``--secure-cookies``)
    or the request came over HTTPS (directly, or from a trusted proxy's
    ``X-Forwarded-Proto``)."""
    response = FileResponse(STATIC_DIR / name, media_type="text/html")
    response.headers["Content-Security-Policy"] = CONTENT_POLICY
    response.headers["Referrer-Policy"] = "no-referrer"
    if svc is None:
        return response
    try:
        svc.player_id(token)
    except PlayerNotFoundError:
        token = svc.create_player()
        svc.session.commit()
        secure = request is not None and (
            request.app.state.secure_cookies or request.url.scheme == "https"
        )
        response.set_cookie(
            COOKIE, token, max_age=COOKIE_MAX_AGE, httponly=True, samesite="lax", path="/",
            secure=secure,
        )
    response.headers["Cache-Control"] = "no-store"
    return response


@router.get("/", include_in_schema=False)
async def page(
    svc: ServiceDep, request: Request, scorpion_player: CookieToken = None
) -> Response:
    """The table."""
    return _page("index.html", svc, scorpion_player, request)


@router.get("/statistics", include_in_schema=False)
async def statistics_page(
    svc: ServiceDep, request: Request, scorpion_player: CookieToken = None
) -> Response:
    """The statistics page."""
    return _page("statistics.html", svc, scorpion_player, request)


@router.get("/settings", include_in_schema=False)
async def settings_page(
    svc: ServiceDep, request: Request, scorpion_player: CookieToken = None
) -> Response:
    """The settings and privacy page."""
    return _page("settings.html", svc, scorpion_player, request)


@router.get("/rules", include_in_schema=False)
def rules() -> Response:
    """The rules page."""
    return _page("rules.html")


@router.get(
    "/api/variants", response_model=list[VariantInfo], tags=["game"],
    responses={403: _ERRORS[403]},
)
async def variants() -> list[VariantInfo]:
    """List the variants that can be played (no player cookie needed; another site's page
    or link gets the 403 of every API request it makes)."""
    return [VariantInfo.of(v) for v in WEB_VARIANTS.values()]


@router.get("/api/game", response_model=GameView, responses=_ERRORS, tags=["game"])
async def current_game(
    svc: ServiceDep, pid: PlayerDep, variant: VariantQuery = "scorpion"
) -> Response:
    """The player's game in progress of ``variant``; a random deal starts if there is none
    (once: the same game answers until it changes)."""
    return _answer(svc, svc.current(pid, variant, lock=False))


@router.post("/api/game/visit", response_model=GameView, responses=_ERRORS, tags=["game"])
async def visit(body: VisitRequest, svc: ServiceDep, pid: PlayerDep) -> Response:
    """The page has just been opened in a browser tab (a visit): the game to show. With
    saving switched off, the game left from an earlier visit is ended and a new deal
    starts (games are then not kept between visits); with saving on, it resumes."""
    return _answer(svc, svc.visit(pid, body.variant))


@play.post("/api/game/new", response_model=GameView, responses=_ERRORS, tags=["game"])
async def new_game(
    body: NewGameRequest, request: Request, scorpion_player: CookieToken = None
) -> Response:
    """Start a new game: the deal number given, a random deal, or (``winnable_only``) a
    random deal the solver proved winnable; 409 ("no winnable deal was found quickly") if none
    was found (only in a game without a shipped list), and nothing is changed."""
    number = None if body.deal is None else str(body.deal)
    with service(request) as svc:
        pid = svc.player_key(scorpion_player)
        choices: list[str] = []
        if number is None and body.winnable_only:
            svc.check_variant(body.variant)
            insight: Insight = request.app.state.insight
            # Before any statement; one more than the other variants, whose games under
            # way may hold some of them (new_game skips those).
            choices = await insight.winnable_deals(body.variant, len(WEB_VARIANTS))
            if not choices:
                svc.require_player(pid)
                raise NoWinnableDealError("no winnable deal was found quickly; try again")
        return _answer(svc, svc.new_game(
            pid, body.variant, number, known=False, choices=choices, version=body.version
        ))


@play.post("/api/game/move", response_model=GameView, responses=_ERRORS, tags=["game"])
async def move(
    body: MoveRequest, request: Request, scorpion_player: CookieToken = None
) -> Response:
    """Play a move (``7H-5``, ``7H-f1`` onto a free cell) or the stock deal (``deal``) if
    the rules allow it. A move of the family's notation naming a column or free cell this
    game does not have is illegal (409), not malformed."""
    with service(request) as svc:
        pid = svc.player_key(scorpion_player)
        try:
            state = svc.play(pid, body.variant, body.move, body.version, known=False)
        except MoveError:
            # svc.play has checked the player before it let the error through.
            raise _out_of_game(body.variant, body.move) from None
        return _answer(svc, state)


def _out_of_game(variant_id: str, text: str) -> Exception:
    """The error for a move text that the engine would not read in ``variant_id``: an
    :class:`IllegalMoveError` when it is a move of another game of the family (a column or
    free cell this game lacks; :func:`scorpion.engine.place_refusal`, whose reason, like
    the engine's, names no hidden card), else the engine's own :class:`MoveError` (400).
    An unknown ``variant_id`` is told first (:class:`UnknownVariantError`, 400), as for a
    move it could read."""
    try:
        variant = variant_by_id(variant_id, exact=True)
    except UnknownVariantError as exc:
        return exc
    refusal = place_refusal(text, variant)
    if refusal is not None:
        return refusal
    try:
        Move.parse(text, variant)
    except MoveError as exc:
        return exc
    return MoveError(f"bad move {text!r}")  # not reached: the parse failed before


@play.post("/api/game/undo", response_model=GameView, responses=_ERRORS, tags=["game"])
async def undo(
    body: VariantRequest, request: Request, scorpion_player: CookieToken = None
) -> Response:
    """Take back the last move exactly (R15)."""
    with service(request) as svc:
        pid = svc.player_key(scorpion_player)
        return _answer(svc, svc.undo(pid, body.variant, body.version, known=False))


@play.post("/api/game/redo", response_model=GameView, responses=_ERRORS, tags=["game"])
async def redo(
    body: VariantRequest, request: Request, scorpion_player: CookieToken = None
) -> Response:
    """Play the last undone move again (R15)."""
    with service(request) as svc:
        pid = svc.player_key(scorpion_player)
        return _answer(svc, svc.redo(pid, body.variant, body.version, known=False))


@router.post("/api/game/restart", response_model=GameView, responses=_ERRORS, tags=["game"])
async def restart(body: VariantRequest, svc: ServiceDep, pid: PlayerDep) -> Response:
    """Replay: the same deal from its first position, as a new game."""
    return _answer(svc, svc.restart(pid, body.variant, body.version))


@router.get("/api/game/hints", response_model=Hints, responses=_ERRORS, tags=["game"])
async def hints(
    svc: ServiceDep,
    pid: PlayerDep,
    request: Request,
    variant: VariantQuery = "scorpion",
    fair: Annotated[
        bool,
        Query(description="True: the player's view alone even with peeking on (no "
              "winning move, the game not marked). The page's double-click asks so."),
    ] = False,
    version: VersionQuery = None,
) -> Hints:
    """Legal moves worth trying (F3), each with its chance to win estimated from the
    player's view alone (F10), best first; ``refining`` is true while better chances are
    being computed in the background (ask again). With peeking on, ``winning`` marks the
    move the solver proved to keep the deal winnable (it reads the hidden cards), and the
    game is marked as peeked, unless ``fair`` asks for the player's view alone. In a game
    whose hints come without chances (``advised`` false: Scorpion Head, How They Run)
    the moves keep the engine's order, as do moves of equal chance, but a move back to a
    position the game has been through comes last (hints followed one after the other went
    in circles)."""
    state = svc.existing(pid, variant, lock=False)
    check_version(state.row.version, version)
    position = state.game.position
    # In order, but a way back to an earlier position last among moves of equal chance.
    moves = [] if state.row.won else hint_moves(position, state.game.positions)
    setting = peeking(svc, pid)
    peek = setting and not fair
    winning: list[str] | None = [] if peek else None
    peeked = bool(state.row.peeked)
    if peek and moves:
        peeked = mark_peeked(svc, state)
        insight: Insight = request.app.state.insight
        result = insight.verdict(position)
        if result is not None and result.line and result.line[0] in moves:
            winning = [str(result.line[0])]
    svc.session.commit()  # nothing is held open while the advice is awaited
    advisor: Advisor = request.app.state.advisor
    advised = moves and advises(position.variant)
    answer = await advisor.first_answer(PlayerView.of(position)) if advised else Answer(None, False)
    hinted = _hints(moves, answer, setting, winning, won=state.row.won)
    hinted.peeked_reason = peeked_reason(peeked, bool(state.row.deal_seen))
    return hinted


def _hints(
    moves: list[Any], answer: Answer, peek: bool, winning: list[str] | None, won: bool = False
) -> Hints:
    """The hints answer: the moves best first once the advice is known, a proved winning
    move (peeking) first of all; with no move, why (a won game cannot be undone)."""
    chances = []
    texts = [str(m) for m in moves]
    advice = answer.advice
    if advice is not None:
        order = {text: i for i, text in enumerate(texts)}  # ties: the order of ``moves``
        ranked = sorted(advice.moves, key=lambda e: (-e.wins, order.get(str(e.move), 0)))
        for estimate in ranked:
            low, high = estimate.interval
            chances.append(
                MoveChance(
                    move=str(estimate.move),
                    chance=round(estimate.chance, 4),
                    low=round(low, 4),
                    high=round(high, 4),
                    wins=estimate.wins,
                    samples=estimate.samples,
                    undecided=estimate.undecided,
                )
            )
        texts = [c.move for c in chances]
    if winning:
        texts = winning + [t for t in texts if t not in winning]
    return Hints(
        moves=texts,
        chances=chances,
        exact=bool(advice and advice.exact),
        refining=answer.refining,
        peeking=peek,
        winning=winning,
        message=None if texts else WON_NO_MOVES if won else NO_MOVES,
    )


@router.post("/api/game/clock", response_model=ClockView, responses=_ERRORS, tags=["game"])
async def clock(body: ClockRequest, svc: ServiceDep, pid: PlayerDep) -> ClockView:
    """Run or pause the game clock. The page runs it while it is visible (sending this
    every 20 s as a heartbeat) and pauses it when hidden or closed. The game's version
    does not change."""
    state = svc.set_clock(pid, body.variant, body.running)
    view = ClockView(elapsed_ms=state.elapsed_ms, clock_running=state.clock_running)
    svc.session.commit()
    return view


_STATUS_MESSAGES = {
    Verdict.WINNABLE: ("winnable", "this deal can still be won"),
    Verdict.NOT_WINNABLE: ("not winnable", "this deal can no longer be won"),
    Verdict.UNDECIDED: ("unknown", "not yet known"),
}


@router.get("/api/game/status", response_model=Status, responses=_ERRORS, tags=["game"])
async def status(
    svc: ServiceDep, pid: PlayerDep, request: Request, variant: VariantQuery = "scorpion",
    version: VersionQuery = None,
) -> Status:
    """Can the current game still be won? Answered from a background search: "not yet
    known" until it finishes (ask again). It reads the hidden cards, so it is peeking:
    refused (403) unless the player switched peeking on, and the game is then marked as
    peeked."""
    require_peeking(svc, pid)
    state = svc.existing(pid, variant, lock=False)
    check_version(state.row.version, version)
    seen = bool(state.row.deal_seen)
    if state.row.won:  # help after the win marks nothing: the game's own mark, if any
        return Status(status="winnable", message="this deal is won",
                      peeked_reason=peeked_reason(bool(state.row.peeked), seen))
    mark_peeked(svc, state)
    svc.session.commit()
    insight: Insight = request.app.state.insight
    result = insight.verdict(state.game.position)
    key, message = _STATUS_MESSAGES[result.verdict if result else Verdict.UNDECIDED]
    return Status(status=key, message=message, peeked_reason=peeked_reason(True, seen))


account = APIRouter(tags=["player"])


@account.get("/api/statistics", response_model=list[StatsView], responses=_ERRORS)
async def get_statistics(svc: ServiceDep, pid: PlayerDep) -> list[StatsView]:
    """The player's statistics, per variant (F7)."""
    return [StatsView.of(s) for s in statistics(svc.session, pid, WEB_VARIANTS)]


@account.get("/api/settings", response_model=Settings, responses=_ERRORS)
async def get_settings(svc: ServiceDep, pid: PlayerDep) -> Settings:
    """The player's settings."""
    return _settings(svc, pid)


def _settings(svc: GameService, pid: str) -> Settings:
    return Settings(saving=svc.saving(pid), peeking=peeking(svc, pid))


@account.put("/api/settings", response_model=Settings, responses=_ERRORS)
async def put_settings(body: SettingsChange, svc: ServiceDep, pid: PlayerDep) -> Settings:
    """Change the settings given (a field left out is unchanged). Switching saving off
    deletes the saved games (F8); peeking lets hints use the hidden cards (F10)."""
    if body.saving is not None:
        svc.set_saving(pid, body.saving)
    if body.peeking is not None:
        set_peeking(svc, pid, body.peeking)
    answer = _settings(svc, pid)
    svc.session.commit()
    return answer


@account.delete("/api/saved-games", response_model=Deleted, responses=_ERRORS)
async def delete_saved_games(svc: ServiceDep, pid: PlayerDep) -> Deleted:
    """Delete the player's saved games, every variant (the rows are deleted)."""
    count = svc.delete_saved_games(pid)
    svc.session.commit()
    return Deleted(deleted=count, message=f"{_plural(count, 'saved game')} deleted")


@account.delete("/api/results", response_model=Deleted, responses=_ERRORS)
async def delete_results(svc: ServiceDep, pid: PlayerDep) -> Deleted:
    """Delete the player's results, which the statistics are made of (the rows are
    deleted), and the record of the deals seen and dealt (but those of the saved games),
    which the message says. A game in progress then counts in no statistics."""
    count = svc.delete_results(pid)
    svc.session.commit()
    return Deleted(
        deleted=count,
        message=f"{_plural(count, 'result')} deleted, and the record of the deals you were "
        "shown or dealt",
    )


@account.get("/api/my-data", responses=_ERRORS)
async def my_data(svc: ServiceDep, pid: PlayerDep) -> JSONResponse:
    """Everything the server keeps about the player, as a JSON file to download."""
    data = export_data(svc.session, pid, svc.clock())
    return JSONResponse(
        data,
        headers={
            "Content-Disposition": 'attachment; filename="scorpion-my-data.json"',
            "Cache-Control": "no-store",
        },
    )


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


async def _illegal(_request: Request, exc: Exception) -> JSONResponse:
    """An illegal move (409): a sentence for the player in ``detail``; for developers the
    rule it breaks in ``rule`` and the engine's own reason in ``reason``. A face-down
    card and a stock card get the same answer (F10)."""
    assert isinstance(exc, IllegalMoveError)
    return JSONResponse(
        {"detail": refusal_of(exc), "rule": exc.rule, "reason": str(exc)}, status_code=409
    )


def database_trouble(exc: DBAPIError) -> str:
    """Say in words why the database refused a request (full, read-only, unreachable)."""
    orig = exc.orig
    code = getattr(orig, "sqlstate", None) or ""
    text = str(orig).lower()
    if code == "53100" or "full" in text or "no space" in text:
        return "the database is full (no space left on its disk)"
    if code == "25006" or "readonly" in text or "read-only" in text:
        return "the database is read-only"
    if "locked" in text or "busy" in text:
        return "the database is busy"
    return "the database cannot be reached"


async def _database_unavailable(_request: Request, exc: Exception) -> JSONResponse:
    """503 when the database cannot store or answer; the request's transaction was rolled
    back, so nothing of it was written."""
    assert isinstance(exc, DBAPIError)
    return JSONResponse(
        {"detail": f"{database_trouble(exc)}: nothing was changed; try again later"},
        status_code=503,
        headers={"Retry-After": "60"},
    )


async def _stale(_request: Request, _exc: Exception) -> JSONResponse:
    return JSONResponse({"detail": STALE_MESSAGE}, 409)


async def _invalid(request: Request, exc: Exception) -> JSONResponse:
    """422 naming each problem of the request; a body sent without a JSON content type
    (which FastAPI then does not read as JSON) is told so."""
    parts = []
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    not_json = kind != "application/json" and not kind.endswith("+json")
    alternatives: dict[str, list[str]] = {}
    for err in exc.errors() if isinstance(exc, RequestValidationError) else ():
        whole_body = tuple(err.get("loc", ())) == ("body",)
        if whole_body and err.get("type") == "missing":
            parts.append("the body is missing: send a JSON object with Content-Type: "
                         "application/json")
            continue
        if whole_body and not_json:
            shown = f"'{kind}'" if kind else "none"
            parts.append(f"the body must be JSON sent with Content-Type: application/json "
                         f"(the content type was {shown})")
            continue
        if err.get("type") == "json_invalid":
            where = err.get("loc", ("body", "?"))[-1]
            reason = (err.get("ctx") or {}).get("error", "JSON decode error")
            parts.append(f"the body is not valid JSON ({reason} at character {where})")
            continue
        # The field's path, without pydantic's own steps (a union's "str" or
        # "function-before[...]"): one entry per field, its alternatives joined.
        where = ".".join(str(x) for x in err.get("loc", ()) if x != "body" and _FIELD.match(str(x))
                         and x not in _UNION_STEPS)
        alternatives.setdefault(where, []).append(str(err.get("msg")))
    for where, messages in alternatives.items():
        said = _one_of(messages)
        parts.append(f"{where}: {said}" if where else said)
    return JSONResponse({"detail": "invalid request: " + "; ".join(parts)}, 422)


_FIELD = re.compile(r"^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+)$")
_UNION_STEPS = {"str", "int", "float", "bool", "list", "dict", "none"}
_SHOULD = "Input should be "


def _one_of(messages: list[str]) -> str:
    """The messages of one field, in one: the alternatives of a union ("Input should be a
    valid string", "Input should be a valid integer") as "Input should be a valid string or
    a valid integer"."""
    unique = list(dict.fromkeys(messages))
    if len(unique) > 1 and all(m.startswith(_SHOULD) for m in unique):
        return _SHOULD + " or ".join(m[len(_SHOULD):] for m in unique)
    return "; ".join(unique)


async def _http_error(_request: Request, exc: Exception) -> JSONResponse:
    """FastAPI's own HTTP errors; a body it cannot decode (not UTF-8, nested too deep)
    is a malformed request like any other (422)."""
    assert isinstance(exc, StarletteHTTPException)
    if exc.status_code == 400 and "parsing the body" in str(exc.detail):
        return JSONResponse({"detail": "invalid request: the body cannot be decoded as JSON "
                             "(not UTF-8, nested too deep, or a number too long)"}, 422)
    headers = dict(exc.headers or {})
    if exc.status_code == 405:
        # Every method of the path, not only those of the first route that matched it.
        operations = _request.app.openapi()["paths"].get(_request.url.path)
        if operations:
            methods = {m.upper() for m in operations} | ({"HEAD"} if "get" in operations else set())
            headers["Allow"] = ", ".join(sorted(methods))
    return JSONResponse({"detail": exc.detail}, exc.status_code, headers=headers)


class NoWinnableDealError(Exception):
    """No winnable deal was found within the tries on the fly (409)."""


def create_app(
    database: Database,
    *,
    secure_cookies: bool = False,
    allowed_hosts: list[str] | None = None,
) -> FastAPI:
    """Return the web application over ``database``.

    Args:
        database: where the players and games are kept.
        secure_cookies: mark the player cookie ``Secure`` (the site is served over HTTPS,
            for example behind a proxy); it is also marked on requests that came over HTTPS.
        allowed_hosts: the host names the site answers to (``*.example.org`` for every
            name under it; a request with another ``Host`` gets a JSON 400, see
            :class:`SiteGuard`); None answers any.

    The application holds no game state in memory: each request reads the player's game
    from the database, checks it against the replay of its moves on the engine (memoised,
    see :func:`scorpion.store.games.replayed`), and commits any change before answering.
    """
    options: dict[str, Any] = {}
    if "telemetry" in inspect.signature(FastAPI).parameters:
        # No tracing, metrics or exporters: the game sends nothing anywhere (F8).
        options["telemetry"] = {
            "tracing": False, "metrics": False, "logs": False, "auto_configure": False
        }
    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.advisor.warm()
        # What exists at start (modules, the app: some 100,000 objects) lives as long as
        # the process: out of the garbage collector's sight, a full collection takes well
        # under a millisecond instead of some 30, during which no request is answered.
        gc.collect()
        gc.freeze()
        yield
        app.state.insight.close()
        app.state.advisor.close()

    app = FastAPI(
        lifespan=lifespan,
        # The interactive docs load scripts from CDNs: off (the pages load nothing from
        # other sites). The schema stays at /openapi.json.
        docs_url=None,
        redoc_url=None,
        title="Scorpion patience",
        version="0.1.0",
        description="Play Scorpion: the server checks every move with the rules engine.",
        **options,
    )
    app.state.database = database
    app.state.secure_cookies = secure_cookies
    app.state.insight = Insight()
    app.state.advisor = Advisor()
    for exc_type, code in _STATUS:
        app.add_exception_handler(exc_type, _handler(code))
    app.add_exception_handler(IllegalMoveError, _illegal)
    app.add_exception_handler(NoWinnableDealError, _handler(409))
    app.add_exception_handler(StaleDataError, _stale)
    app.add_exception_handler(IntegrityError, _stale)
    app.add_exception_handler(DBAPIError, _database_unavailable)
    app.add_exception_handler(RequestValidationError, _invalid)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.include_router(play)
    app.include_router(router)
    app.include_router(account)
    from .closure import TooEarlyError, closure  # it uses this module's

    app.include_router(closure)
    app.add_exception_handler(TooEarlyError, _handler(409))
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    app.add_middleware(BodyLimit)
    app.add_middleware(HeadAsGet)
    app.add_middleware(SiteGuard, allowed_hosts=allowed_hosts)
    return app


def _handler(status: int) -> Callable[[Request, Exception], Awaitable[JSONResponse]]:
    async def handle(_request: Request, exc: Exception) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=status)

    return handle

