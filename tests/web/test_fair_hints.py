"""Fair hints at the table (F3, F10, B5) and peeking (F10, F7), through the HTTP API.

The hints' chances come from the advisor, which sees only the player's view; the solver's
"winning move" mark and the status line read the hidden cards, so they are peeking: off
for a new player, refused or left out while off, and recorded on the game when used.
Nothing here depends on the machine's speed: the advice has node and sample budgets, and
the background worker is polled with a generous bounded timeout.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor

import pytest
from api_client import new_client, ok
from fastapi.testclient import TestClient
from sqlalchemy import select

from scorpion.advisor import Advice, MoveAdvice, PlayerView, advise
from scorpion.engine import VARIANTS, Game, Move, Position, deal
from scorpion.engine.hints import hint_moves
from scorpion.solver import Verdict, solve
from scorpion.store import Database, games
from scorpion.store.models import GameRow, ResultRow
from scorpion.store.peeking import PEEKING_OFF
from scorpion.web.advice import FULL, MAX_QUEUED, QUICK, SEED, Advisor, Answer, stages
from scorpion.web.app import _hints
from scorpion.web.schemas import PEEKED_REASON
from winning import WINNABLE_DEAL, winning_line

WAIT_SECONDS = 120.0
"""The most a test waits for the background worker (generous: the machine may be busy)."""

TWIN = "6"
"""The deal number under which :func:`twin_deal` is served in these tests."""


def twin_deal() -> Position:
    """Deal WINNABLE_DEAL with its hidden cards (face down and stock) in another order:
    the player sees exactly the same, yet this one cannot be won."""
    p = deal(WINNABLE_DEAL)
    view = PlayerView.of(p)
    hidden = [c for col, fd in zip(p.columns, p.face_down, strict=True) for c in col[:fd]]
    hidden += list(p.stock)
    return view.realize(hidden[2:] + hidden[:2])


@pytest.fixture
def twin(monkeypatch: pytest.MonkeyPatch) -> Iterator[Position]:
    """Serve :func:`twin_deal` as deal :data:`TWIN` (a crafted deal in the store)."""
    real = games._start_position
    crafted = twin_deal()

    def start(number: str, variant_id: str) -> Position:
        return crafted if (number, variant_id) == (TWIN, "scorpion") else real(number, variant_id)

    monkeypatch.setattr(games, "_start_position", start)
    games.forget_replays()  # the replays remembered in this process are of the real deals
    yield crafted
    games.forget_replays()  # and those remembered now, of the crafted one




def start(client: TestClient, number: str) -> dict:
    return ok(client.post("/api/game/new", json={"deal": number}))


def settled_hints(client: TestClient, variant: str = "scorpion") -> dict:
    """Ask for the hints until the advice is refined (at most WAIT_SECONDS)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        hints = ok(client.get("/api/game/hints", params={"variant": variant}))
        if not hints["refining"] or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert hints["refining"] is False, "the advice was not refined in time"
    return hints


def test_hints_of_two_games_that_differ_only_in_hidden_cards_are_identical(
    database: Database, twin: Position
) -> None:
    """F10, B5, F3: same view, same hints, same chances, although one deal can be won and
    the other cannot (the hidden cards decide it, and the advice never sees them)."""
    real = deal(WINNABLE_DEAL)
    assert PlayerView.of(real) == PlayerView.of(twin) and real != twin
    assert solve(real, max_nodes=2_000_000).verdict is Verdict.WINNABLE
    assert solve(twin, max_nodes=2_000_000).verdict is Verdict.NOT_WINNABLE
    alice, bob = new_client(database), new_client(database)
    views = [start(alice, str(WINNABLE_DEAL)), start(bob, TWIN)]
    assert {k: v for k, v in views[0].items() if k != "deal"} == {
        k: v for k, v in views[1].items() if k != "deal"
    }
    first, second = settled_hints(alice), settled_hints(bob)
    assert first == second
    assert first["peeking"] is False and first["winning"] is None
    assert first["exact"] is False and first["message"] is None
    # The chances are the advisor's for the view, with the refined budgets and seed.
    expected = advise(PlayerView.of(real), seed=SEED, max_samples=FULL.samples, nodes=FULL.nodes)
    assert [(c["move"], c["wins"], c["samples"], c["undecided"]) for c in first["chances"]] == [
        (str(a.move), a.wins, a.samples, a.undecided) for a in expected.moves
    ]
    for c in first["chances"]:
        assert c["low"] <= c["chance"] <= c["high"]
        assert c["chance"] == pytest.approx(c["wins"] / c["samples"], abs=1e-4)
    assert first["moves"] == [c["move"] for c in first["chances"]]
    assert sorted(first["moves"]) == sorted(str(m) for m in hint_moves(real))


FAMILY_DEAL = 7
"""A deal of each game of the family used below (Three Blind Mice, Chelicera)."""


@pytest.mark.parametrize("variant_id", ["three-blind-mice", "chelicera"])
def test_v2_f10_family_hints_come_with_chances_from_the_view_alone(
    database: Database, monkeypatch: pytest.MonkeyPatch, variant_id: str
) -> None:
    """V2, F10, B5: in a game of ten columns with a reserve (Three Blind Mice) and in one
    with a talon (Chelicera) the hints come with chances too, the advisor's for the
    player's view with the game's own budgets; a deal whose hidden cards lie in another
    order (the player sees the same) gets the very same answer."""
    variant = VARIANTS[variant_id]
    real = deal(FAMILY_DEAL, variant)
    view = PlayerView.of(real)
    hidden = [c for col, fd in zip(real.columns, real.face_down, strict=True) for c in col[:fd]]
    hidden += list(real.stock)
    crafted = view.realize(hidden[4:] + hidden[:4])
    assert crafted != real and PlayerView.of(crafted) == view
    served = games._start_position

    def start_position(number: str, variant_id_: str) -> Position:
        if (number, variant_id_) == (TWIN, variant_id):
            return crafted
        return served(number, variant_id_)

    monkeypatch.setattr(games, "_start_position", start_position)
    games.forget_replays()
    alice, bob = new_client(database), new_client(database)
    for client, number in ((alice, str(FAMILY_DEAL)), (bob, TWIN)):
        ok(client.post("/api/game/new", json={"variant": variant_id, "deal": number}))
    first = settled_hints(alice, variant_id)
    assert first == settled_hints(bob, variant_id)
    full = stages(variant)[1]
    expected = advise(view, seed=SEED, max_samples=full.samples, nodes=full.nodes)
    assert first["chances"] and [
        (c["move"], c["wins"], c["samples"], c["undecided"]) for c in first["chances"]
    ] == [(str(a.move), a.wins, a.samples, a.undecided) for a in expected.moves]
    assert first["moves"] == [c["move"] for c in first["chances"]]
    assert sorted(first["moves"]) == sorted(str(m) for m in hint_moves(real))
    games.forget_replays()


@pytest.mark.parametrize("variant_id", ["scorpion-head", "how-they-run"])
def test_v2_scorpion_head_and_how_they_run_hints_come_without_chances(
    database: Database, variant_id: str
) -> None:
    """V2, F3: the games the table gives no chances in (their samples' solves are too
    often undecided at a budget that answers in seconds): the legal moves worth trying, in
    the engine's order, and nothing is being refined."""
    client = new_client(database)
    view = ok(client.post("/api/game/new", json={"variant": variant_id, "deal": "7"}))
    assert view["rules"]["advised"] is False
    hints = ok(client.get("/api/game/hints", params={"variant": variant_id}))
    position = deal(7, VARIANTS[variant_id])
    assert hints["moves"] == [str(m) for m in hint_moves(position)]
    assert hints["chances"] == [] and hints["refining"] is False


def test_peeking_is_off_for_a_new_player_and_its_use_is_recorded(database: Database) -> None:
    """F10: a new player gets no peeking help; once switched on, the game is marked, and
    the mark passes to its result on the first move, without changing the version."""
    client = new_client(database)
    assert ok(client.get("/api/settings")) == {"saving": True, "peeking": False}
    view = start(client, "1")
    hints = ok(client.get("/api/game/hints"))
    assert (hints["peeking"], hints["winning"], hints["peeked_reason"]) == (False, None, None)
    r = client.get("/api/game/status")
    assert r.status_code == 403 and r.json() == {"detail": PEEKING_OFF}
    assert not peeked_rows(database)  # asking with peeking off marks nothing

    assert ok(client.put("/api/settings", json={"peeking": True})) == {
        "saving": True, "peeking": True
    }
    status = ok(client.get("/api/game/status"))
    assert status["status"] in ("unknown", "not winnable")
    assert status["peeked_reason"] == PEEKED_REASON  # the page shows the mark at once
    assert peeked_rows(database) == [("game", "1")]
    assert ok(client.get("/api/game"))["version"] == view["version"]  # peeking is no move
    after = ok(client.post("/api/game/move", json={"move": "5S-7", "version": view["version"]}))
    assert after["moves"] == 1
    assert sorted(peeked_rows(database)) == [("game", "1"), ("result", "1")]
    data = ok(client.get("/api/my-data"))
    assert data["settings"] == {"saving": True, "peeking": True}
    assert [g["peeked"] for g in data["saved_games"]] == [True]
    assert [r["peeked"] for r in data["results"]] == [True]

    # A new game of another deal starts unmarked; with peeking off again, nothing marks it.
    start(client, "2")
    assert ok(client.put("/api/settings", json={"peeking": False}))["peeking"] is False
    ok(client.post("/api/game/move", json={"move": "deal"}))
    ok(client.get("/api/game/hints"))
    assert client.get("/api/game/status").status_code == 403
    assert sorted(peeked_rows(database)) == [("result", "1")]


def test_hints_with_peeking_on_mark_the_game(database: Database) -> None:
    """F10: the hints with peeking on carry the winning mark, and mark the game; asked
    with fair=true they do neither."""
    client = new_client(database)
    ok(client.put("/api/settings", json={"peeking": True}))
    start(client, str(WINNABLE_DEAL))
    ok(client.post("/api/game/move", json={"move": str(winning_line(WINNABLE_DEAL)[0])}))
    # fair=true (the page's double-click): the player's view alone, the game not marked.
    fair = ok(client.get("/api/game/hints", params={"fair": "true"}))
    assert (fair["peeking"], fair["winning"], fair["peeked_reason"]) == (True, None, None)
    assert fair["moves"] and peeked_rows(database) == []
    assert ok(client.get("/api/game"))["peeked"] is False
    hints = ok(client.get("/api/game/hints"))
    assert hints["peeking"] is True and isinstance(hints["winning"], list)
    assert hints["peeked_reason"] == PEEKED_REASON
    assert sorted(peeked_rows(database)) == [("game", str(WINNABLE_DEAL)),
                                             ("result", str(WINNABLE_DEAL))]
    assert ok(client.get("/api/game"))["peeked"] is True


def peeked_rows(database: Database) -> list[tuple[str, str]]:
    with database.session() as session:
        rows = [("game", d) for d in session.scalars(select(GameRow.deal).where(GameRow.peeked))]
        rows += [("result", d) for d in session.scalars(
            select(ResultRow.deal).where(ResultRow.peeked))]
    return rows


def play(client: TestClient, moves: Sequence[Move | str]) -> dict:
    view: dict = {}
    for m in moves:
        view = ok(client.post("/api/game/move", json={"move": str(m)}))
    return view


def test_statistics_count_wins_without_peeking_apart(database: Database) -> None:
    """F7, F10: "won without peeking" and its streaks over a scripted series. A deal
    peeked at is seen, so a later game of it would count as peeked too: each peeked win
    is of a deal of its own (33, 37)."""
    client = new_client(database)
    peek = {"on": lambda: ok(client.put("/api/settings", json={"peeking": True})),
            "off": lambda: ok(client.put("/api/settings", json={"peeking": False}))}

    def game(won: bool, peeked: str | None = None, number: int = WINNABLE_DEAL) -> None:
        line = winning_line(number)
        start(client, str(number) if won else "1")
        if peeked == "before":  # peeking before the first move
            peek["on"]()
            ok(client.get("/api/game/hints"))
            peek["off"]()
        play(client, line[:3] if won else ["5S-7"])
        if peeked == "during":
            peek["on"]()
            assert client.get("/api/game/status").status_code == 200
            peek["off"]()
        if won:
            assert play(client, line[3:])["won"]

    game(True)                    # W
    game(True, peeked="during", number=33)  # W, peeked
    game(False)                   # L (ended by the next new game)
    game(True)                    # W
    game(True)                    # W
    game(True, peeked="before", number=37)  # W, peeked
    game(True)                    # W
    # Peeking after a win does not mark it; the game in progress peeks.
    peek["on"]()
    assert ok(client.get("/api/game/status"))["message"] == "this deal is won"
    peek["off"]()
    game(False, peeked="during")  # in progress, peeked
    stats = next(s for s in ok(client.get("/api/statistics")) if s["variant"]["id"] == "scorpion")
    # Finished: W Wp L W W Wp W; all wins: streaks 1 2 0 1 2 3 4; without peeking:
    # 1 0 0 1 2 0 1.
    assert (stats["started"], stats["won"], stats["won_without_peeking"]) == (8, 6, 4)
    assert (stats["current_streak"], stats["longest_streak"]) == (4, 4)
    assert (stats["current_streak_without_peeking"], stats["longest_streak_without_peeking"]) == (
        1, 2)
    assert [(r["won"], r["peeked"]) for r in stats["recent"]] == [
        (True, False), (True, True), (False, False), (True, False), (True, False),
        (True, True), (True, False)]
    assert stats["in_progress"] is True


def test_the_advisor_refines_and_keys_its_cache_by_the_view() -> None:
    """B5, F10: the worker answers the quick stage, then the full one, each exactly the
    advisor's answer for the view (same seed, same budgets); a position with the same
    view is the same entry. The waits are bounded, not timings."""
    advisor = Advisor()
    try:
        view = PlayerView.of(Game.from_deal(1).position)
        # The full stage is asked for only once the quick one is known: the first answer
        # waited for is the quick stage's, still refining.
        with ThreadPoolExecutor(max_workers=1) as thread:  # its own event loop (a browser
            # test before it in this process may leave one running in this thread)
            first = thread.submit(
                lambda: asyncio.run(advisor.first_answer(view, wait=WAIT_SECONDS))
            ).result()
        deadline = time.monotonic() + WAIT_SECONDS
        answer = advisor.answer(view)
        while answer.refining and time.monotonic() < deadline:
            time.sleep(0.05)
            answer = advisor.answer(view)
        assert not answer.refining
        quick = advise(view, seed=SEED, max_samples=QUICK.samples, nodes=QUICK.nodes)
        full = advise(view, seed=SEED, max_samples=FULL.samples, nodes=FULL.nodes)
        assert quick != full
        assert (first.advice, first.refining) == (quick, True)
        assert answer.advice == full
        # Another position with the same view (hidden cards swapped) is already advised.
        p = deal(1)
        hidden = [c for col, fd in zip(p.columns, p.face_down, strict=True) for c in col[:fd]]
        other = PlayerView.of(p).realize(hidden[::-1] + list(p.stock))
        assert other != p
        assert advisor.answer(PlayerView.of(other)).advice == full
    finally:
        advisor.close()


def test_the_queue_is_bounded_and_every_view_is_advised_in_the_end() -> None:
    """More views than the queue holds: never more than MAX_QUEUED jobs, and a view asked
    for again gets its turn once earlier jobs finish (bounded polls, no timings)."""
    advisor = Advisor()
    try:
        views = [PlayerView.of(deal(n)) for n in range(1, MAX_QUEUED + 5)]
        deadline = time.monotonic() + WAIT_SECONDS
        while True:
            answers = [advisor.answer(v) for v in views]
            assert advisor.queued <= MAX_QUEUED
            if all(a.advice is not None for a in answers) or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert all(a.advice is not None for a in answers)
    finally:
        advisor.close()


def test_a_views_first_answer_goes_before_the_refining_of_views_left_behind() -> None:
    """F3: refining jobs of other views that have not started are dropped when a view asks
    for its first answer (a position the player has left no longer holds up the one on
    the table); a dropped view asked for again is scheduled again."""
    advisor = Advisor()
    try:
        left = [PlayerView.of(deal(n)) for n in range(1, 7)]
        refining = [advisor._schedule(view, FULL) for view in left]
        assert all(f is not None for f in refining)
        now = PlayerView.of(deal(9))
        first = advisor._schedule(now, QUICK)
        assert first is not None and not first.cancelled()
        dropped = [f for f in refining if f is not None and f.cancelled()]
        # One worker: the first job runs and one more may wait in its call queue; the rest
        # had not started and are dropped.
        assert len(dropped) >= len(left) - 2
        assert advisor.queued == len(left) - len(dropped) + 1
        assert first.result(timeout=WAIT_SECONDS).samples >= 1
        again = advisor._schedule(left[-1], FULL)
        assert again is not None and not again.cancelled()
    finally:
        advisor.close()


def test_f3_moves_of_equal_chance_keep_the_order_that_lists_a_way_back_last() -> None:
    """F3: the hints are best chance first; among moves of equal chance, the order of the
    moves given (the engine's, with a move back to an earlier position last), not the
    advice's own order of ties."""
    a, back, c = (Move.parse(t) for t in ("5S-7", "8D-1", "JC-5"))
    advice = Advice(
        moves=(MoveAdvice(back, 5, 8, 0), MoveAdvice(a, 5, 8, 0), MoveAdvice(c, 3, 8, 0)),
        samples=8, exact=False, separated=False, solves=24, nodes=1_000,
    )
    hinted = _hints([a, c, back], Answer(advice, refining=False), peek=False, winning=None)
    assert hinted.moves == ["5S-7", "8D-1", "JC-5"]
    assert [(m.move, m.wins) for m in hinted.chances] == [
        ("5S-7", 5), ("8D-1", 5), ("JC-5", 3)
    ]


def test_no_move_left_means_no_advice(database: Database) -> None:
    """F3: a position without hint moves answers at once, with the message."""
    client = new_client(database)
    start(client, "1")
    game = Game.from_deal(1)
    while moves := hint_moves(game.position):
        game.push(moves[0])
    play(client, list(game.moves))
    hints = ok(client.get("/api/game/hints"))
    assert hints == {"moves": [], "chances": [], "exact": False, "refining": False,
                     "peeking": False, "winning": None,
                     "message": "no moves left, try Undo or New game", "peeked_reason": None}
