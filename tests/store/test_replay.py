"""The replay of saved games is memoised, and moves in a game under way take a short path
(F6): both must give exactly what a full replay and the general path give, and a damaged
row must still be reported, never played on. On SQLite and PostgreSQL."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import select, text, update
from test_store import Store, play

from scorpion.engine import Game, HistoryError, Move, deal, format_position
from scorpion.store import CorruptGameError, Database, GameService
from scorpion.store.games import forget_replays, replayed
from scorpion.store.models import ClockRow, GameRow, ResultRow
from winning import WINNABLE_DEAL, winning_line


@pytest.fixture
def store(database: Database) -> Store:
    return Store(database)


@pytest.fixture
def player(store: Store) -> str:
    return store.run(lambda s: s.player_id(s.create_player()))


def _join(moves: tuple[Move, ...]) -> str:
    return " ".join(str(m) for m in moves)


def _same(game: Game, other: Game) -> bool:
    return (game.position, game.moves, game.redo_moves) == (
        other.position, other.moves, other.redo_moves
    )


@settings(max_examples=40, deadline=None)
@given(number=st.integers(1, 31999), seed=st.integers(0, 2**32 - 1))
def test_the_memoised_replay_is_the_full_replay(number: int, seed: int) -> None:
    """Along a random walk of moves, undos and redos, ``replayed`` (from an empty memo,
    from the memo, and from the memo of one move less) gives what ``Game(start, moves,
    redo)`` gives, with the notation of its position."""
    rng = random.Random(seed)
    game = Game(deal(number))
    for _ in range(60):
        roll = rng.random()
        legal = game.legal_moves()
        if roll < 0.15 and game.can_undo:
            game.undo()
        elif roll < 0.25 and game.can_redo:
            game.redo()
        elif legal:
            game.push(rng.choice(legal))
        moves, redo = _join(game.moves), _join(game.redo_moves)
        full = Game(game.start, game.moves, game.redo_moves)
        for cold in (True, False):
            if cold:
                forget_replays()
            got, notation = replayed("scorpion", str(number), moves, redo)
            assert _same(got, full)
            assert notation == format_position(full.position)
        if game.moves:  # the memo holds the list one move shorter only
            forget_replays()
            replayed("scorpion", str(number), _join(game.moves[:-1]), "")
            got, notation = replayed("scorpion", str(number), moves, redo)
            assert _same(got, full) and notation == format_position(full.position)
        # What a caller does to its result does not reach the memo.
        got.restart()
        assert _same(replayed("scorpion", str(number), moves, redo)[0], full)


def test_a_bad_move_list_is_refused_from_the_memo_too() -> None:
    replayed("scorpion", "1", "7D-1", "")
    for moves, redo in [("7D-1 QQ-9", ""), ("7D-1 7D-2", ""), ("7D-1", "KS-1"),
                        ("7D-1", "5C-3 QQ")]:
        with pytest.raises(ValueError):
            replayed("scorpion", "1", moves, redo)


def _damage(store: Store, player: str, **values: object) -> None:
    with store.database.session() as session:
        session.execute(
            update(GameRow)
            .where(GameRow.player_id == player, GameRow.variant == "scorpion")
            .values(values)
        )


def _row(store: Store, player: str) -> tuple[object, ...]:
    with store.database.session() as session:
        row = session.scalars(select(GameRow).where(GameRow.player_id == player)).one()
        return (row.moves, row.redo, row.position, row.won, row.version)


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        # A real position, but not the one the moves give (the memo holds the moves).
        ({"position": format_position(deal(1))}, "does not match its moves"),
        ({"redo": "KS-1"}, "cannot be replayed"),
        ({"moves": "7D-1 5C-3 QQ-9"}, "cannot be replayed: .*QQ"),
        ({"moves": "7D-1 5C-3 7D-2"}, "cannot be replayed"),
        ({"won": True}, "has a wrong result"),
    ],
)
@pytest.mark.parametrize("action", ["play", "undo", "redo"])
def test_moves_on_a_damaged_game_are_refused_and_change_nothing(
    store: Store, player: str, damage: dict[str, object], message: str, action: str
) -> None:
    store.run(lambda s: s.new_game(player, "scorpion", "1"))
    play(store, player, ["7D-1", "5C-3"])
    store.run(lambda s: s.undo(player, "scorpion"))  # something to redo
    _damage(store, player, **damage)
    before = _row(store, player)
    calls = {
        "play": lambda s: s.play(player, "scorpion", "5C-3"),
        "undo": lambda s: s.undo(player, "scorpion"),
        "redo": lambda s: s.redo(player, "scorpion"),
    }
    with pytest.raises(CorruptGameError, match=rf"Scorpion game \(deal 1\) {message}"):
        store.run(calls[action])
    assert _row(store, player) == before


def test_a_move_on_a_damaged_clock_is_refused(store: Store, player: str) -> None:
    if not store.database.is_sqlite:
        pytest.skip("PostgreSQL's column types refuse the damage this test makes")
    store.run(lambda s: s.new_game(player, "scorpion", "1"))
    play(store, player, ["7D-1"])
    with store.database.engine.begin() as conn:
        conn.execute(text("UPDATE clocks SET since = 'garbage'"))
    with pytest.raises(CorruptGameError, match=r"Scorpion game \(deal 1\) has a damaged clock"):
        store.run(lambda s: s.play(player, "scorpion", "5C-3"))


def test_the_short_path_stores_what_the_general_path_stores(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two players play a winning line of a deal with undos and redos on the way, one
    with the short path switched off: every answer, row and clock is the same, up to the
    win (which the general path records)."""
    quick, general = (store.run(lambda s: s.player_id(s.create_player())) for _ in range(2))
    rng = random.Random(5)
    actions: list[str] = []
    for move in winning_line(WINNABLE_DEAL):
        actions.append(move)
        roll = rng.random()
        if roll < 0.2:
            actions += ["undo", "redo"]
        elif roll < 0.3:
            actions += ["undo", move]  # the move that redo would play
        elif roll < 0.35:
            actions += ["undo", "undo", "redo", "redo", "redo"]  # the last one is refused
    for pid in (quick, general):
        store.run(lambda s, p=pid: s.new_game(p, "scorpion", str(WINNABLE_DEAL)))
    taken = 0
    original = GameService._quick

    def counted(*args: object) -> object:
        nonlocal taken
        state = original(*args)  # type: ignore[arg-type]
        taken += state is not None
        return state

    for step, action in enumerate(actions):
        store.clock.advance(rng.uniform(0, 90))  # past the heartbeat grace now and then
        views = []
        for pid in (quick, general):
            with monkeypatch.context() as patch:
                patch.setattr(GameService, "_quick",
                              counted if pid == quick else lambda *_args: None)
                try:
                    state = store.run(
                        lambda s, p=pid, a=action: s.undo(p, "scorpion") if a == "undo"
                        else s.redo(p, "scorpion") if a == "redo"
                        else s.play(p, "scorpion", a)
                    )
                except HistoryError as exc:
                    views.append(("refused", str(exc)))
                    continue
                views.append((state.elapsed_ms, state.clock_running, state.row.version,
                              state.row.won, state.last_move, state.last_change,
                              state.game.moves, state.game.redo_moves, state.game.position))
        assert views[0] == views[1], (step, action)
    assert views[0][3] is True  # won
    assert taken > len(actions) * 0.8  # the short path did most of it
    with store.database.session() as session:
        summary = {}
        for pid in (quick, general):
            row = session.scalars(select(GameRow).where(GameRow.player_id == pid)).one()
            clock = session.get(ClockRow, row.id)
            assert clock is not None
            results = [
                (r.variant, r.deal, r.started_at, r.finished_at, r.won, r.moves, r.time_ms)
                for r in session.scalars(
                    select(ResultRow).where(ResultRow.player_id == pid).order_by(ResultRow.id)
                )
            ]
            summary[pid] = (row.moves, row.redo, row.position, row.version, row.started_at,
                            row.won, row.finished_at, clock.ms, clock.since, clock.seen,
                            row.result_id is not None, results)
    assert summary[quick] == summary[general]
    assert len(summary[quick][-1]) == 1  # one game started, and won
