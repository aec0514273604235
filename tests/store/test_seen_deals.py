"""Seen deals (F10, F7, F8): once a player was shown a deal's hidden cards (its solution, or
peeking help in a game of it), a game they start later on that deal number starts marked
peeked, on every path that deals a game: a new game of that number, a replay, a random deal
that happens to be it, a game of another variant on the same number (every variant deals
deal N from the same deck). Deleting the results forgets the record; the data export lists
it. On SQLite and PostgreSQL, through the driver's short path and the ORM's general path.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import TypeVar

import pytest
from alembic import command
from sqlalchemy import func, inspect, select, text, update

from scorpion.engine import deal, format_position
from scorpion.store import Database, DealInPlayError, GameService, export_data
from scorpion.store.db import alembic_config, migrate
from scorpion.store.models import DealtDealRow, GameRow, ResultRow, SeenDealRow
from scorpion.store.peeking import mark_peeked

T = TypeVar("T")
T0 = datetime(2026, 12, 2, 12, 0, 0)
PATHS = ["driver", "orm"]
"""How a new game is dealt: on the driver (``GameService._renew``, a service ``on`` the
database, in the player's row of the variant) or in an ORM session."""


class Clock:
    """A clock the test moves by hand (naive UTC)."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


class Table:
    """One database; each :meth:`run` is one committed transaction on the path chosen."""

    def __init__(self, database: Database, path: str = "orm") -> None:
        self.database = database
        self.path = path
        self.clock = Clock()
        self.random = 1

    def run(self, action: Callable[[GameService], T], path: str | None = None) -> T:
        if (path or self.path) == "orm":
            with self.database.session() as session:
                svc = GameService(session, clock=self.clock, random_deal=lambda: self.random)
                return action(svc)
        svc = GameService.on(self.database)
        svc.clock, svc.random_deal = self.clock, lambda: self.random
        try:
            result = action(svc)
            svc.commit()
            return result
        finally:
            svc.close()

    def player(self) -> str:
        """A new player with a game of deal 1 in Scorpion and of deal 2 in Wasp (so that a
        new game of either can take the driver's short path)."""
        pid = self.run(lambda s: s.player_id(s.create_player()), "orm")
        self.run(lambda s: s.new_game(pid, "scorpion", "1"), "orm")
        self.run(lambda s: s.new_game(pid, "wasp", "2"), "orm")
        return pid

    def deal_before_the_rule(self, pid: str, variant: str, number: str) -> None:
        """Give the player's game of ``variant`` deal ``number`` at its start, written in
        the row directly: as a game dealt before games under way in two variants could no
        longer share a deal number (:class:`DealInPlayError`) left it."""
        start = format_position(deal(number, variant))
        with self.database.engine.begin() as conn:
            conn.execute(
                update(GameRow)
                .where(GameRow.player_id == pid, GameRow.variant == variant)
                .values(deal=number, moves="", redo="", position=start)
            )

    def stored(self, pid: str, variant: str = "scorpion") -> tuple[str, bool, bool]:
        """The deal, ``peeked`` and ``deal_seen`` of the player's stored game."""
        with self.database.session() as session:
            row = session.scalars(
                select(GameRow).where(GameRow.player_id == pid, GameRow.variant == variant)
            ).one()
            return row.deal, row.peeked, row.deal_seen

    def seen(self, pid: str) -> list[tuple[str, str]]:
        with self.database.session() as session:
            rows = session.execute(
                select(SeenDealRow.variant, SeenDealRow.deal)
                .where(SeenDealRow.player_id == pid)
                .order_by(SeenDealRow.variant, SeenDealRow.deal)
            ).all()
        return [tuple(r) for r in rows]  # type: ignore[misc]


@pytest.fixture(params=PATHS)
def table(database: Database, request: pytest.FixtureRequest) -> Table:
    return Table(database, request.param)


def test_f10_a_new_game_of_a_deal_whose_solution_was_shown_starts_peeked(table: Table) -> None:
    """F10, F11: the solution of deal 5 was shown (recorded as the solution route records
    it); a new game of deal 5 starts marked peeked, its result (first move) is peeked, and
    the mark says it comes from the deal; another deal starts unmarked."""
    pid = table.player()
    table.run(lambda s: s.record_seen(pid, "scorpion", "5"))
    state = table.run(lambda s: s.new_game(pid, "scorpion", "5"))
    assert (state.row.peeked, state.row.deal_seen) == (True, True)
    assert table.stored(pid) == ("5", True, True)
    moved = table.run(lambda s: s.play(pid, "scorpion", "deal"))
    assert (moved.row.peeked, moved.row.deal_seen) == (True, True)  # the move's short path
    with table.database.session() as session:
        assert session.scalars(select(ResultRow.peeked).where(ResultRow.deal == "5")).all() == [
            True]
    other = table.run(lambda s: s.new_game(pid, "scorpion", "6"))
    assert (other.row.peeked, other.row.deal_seen) == (False, False)
    assert table.stored(pid) == ("6", False, False)


def test_f10_peeking_help_in_a_game_then_replay_starts_peeked(table: Table) -> None:
    """F4, F10: peeking help shown in a game of deal 5 (as the hints and status routes mark
    it) records the deal; Replay, and a new game of deal 5, start marked peeked."""
    pid = table.player()
    table.run(lambda s: s.new_game(pid, "scorpion", "5"))
    table.run(lambda s: s.play(pid, "scorpion", "deal"))
    assert table.seen(pid) == []
    table.run(lambda s: mark_peeked(s, s.current(pid, "scorpion")), "orm")
    assert table.seen(pid) == [("scorpion", "5")]
    replay = table.run(lambda s: s.restart(pid, "scorpion"))
    assert (replay.row.deal, replay.row.peeked, replay.row.deal_seen) == ("5", True, True)
    assert not replay.game.moves
    table.run(lambda s: s.new_game(pid, "scorpion", "7"))
    assert table.stored(pid) == ("7", False, False)
    again = table.run(lambda s: s.new_game(pid, "scorpion", "5"))
    assert (again.row.peeked, again.row.deal_seen) == (True, True)


def test_f10_help_after_the_win_records_nothing(table: Table) -> None:
    """F10: a game already won is not marked, and its deal is not recorded (the help did
    not help to win it)."""
    pid = table.player()
    table.run(lambda s: s.new_game(pid, "scorpion", "5"))

    def won(s: GameService) -> bool:
        state = s.current(pid, "scorpion")
        state.row.won = True  # as the engine would have seen it; only the mark is checked
        return mark_peeked(s, state)

    # Committed, by the service's path of this run (ORM or driver): a mark or a record
    # would stay (a rollback here hid one).
    assert table.run(won) is False
    assert table.seen(pid) == []
    assert table.stored(pid)[1:] == (False, False)


def test_f4_f10_a_deal_the_server_picks_is_not_one_that_would_start_peeked(
    table: Table,
) -> None:
    """F4, F10: a random deal is drawn again when it would start marked peeked (a seen deal:
    here the draw is always 5, so it counts up to 6), and of the "winnable deals only"
    choices the first that would start unmarked is dealt; when every choice would start
    marked, the first is, marked. A deal number asked for is dealt as asked, marked."""
    pid = table.player()
    table.run(lambda s: s.record_seen(pid, "scorpion", "5"))
    table.random = 5
    drawn = table.run(lambda s: s.new_game(pid, "scorpion", None))
    assert (drawn.row.deal, drawn.row.peeked, drawn.row.deal_seen) == ("6", False, False)
    picked = table.run(lambda s: s.new_game(pid, "wasp", None, choices=["5", "7"]))
    assert (picked.row.deal, picked.row.peeked) == ("7", False)
    table.run(lambda s: s.record_seen(pid, "scorpion", "7"))
    table.run(lambda s: s.new_game(pid, "wasp", "8"))
    only = table.run(lambda s: s.new_game(pid, "wasp", None, choices=["5", "7"]))
    assert (only.row.deal, only.row.peeked, only.row.deal_seen) == ("5", True, True)
    asked = table.run(lambda s: s.new_game(pid, "scorpion", "7"))
    assert (asked.row.deal, asked.row.peeked) == ("7", True)
    # Dealt in Chelicera, whose start shows cards Scorpion's hides: skipped alike.
    table.run(lambda s: s.new_game(pid, "chelicera", "9"))
    table.run(lambda s: s.new_game(pid, "chelicera", "10"))
    table.random = 9
    drawn = table.run(lambda s: s.new_game(pid, "scorpion", None))
    assert (drawn.row.deal, drawn.row.peeked) == ("11", False)


def test_f10_v1_a_deal_under_way_in_one_variant_is_not_dealt_in_another(table: Table) -> None:
    """F10, V1: Scorpion's deal 5 under way, deal 5 is not dealt in Chelicera (whose deal
    shows all of Scorpion's face-down cards and most of its stock) nor in any other game:
    the refusal names the deal and the game under way, and nothing changes. Once that
    game is over (another deal there, or won), the number may be dealt."""
    pid = table.player()
    table.run(lambda s: s.new_game(pid, "scorpion", "5"))
    table.run(lambda s: s.play(pid, "scorpion", "deal"))
    for variant in ("chelicera", "wasp", "scorpion-tail"):
        before = table.stored(pid, "wasp")
        with pytest.raises(DealInPlayError) as refused:
            table.run(lambda s, variant=variant: s.new_game(pid, variant, "5"))
        assert str(refused.value) == (
            "deal 5 is under way in your Scorpion game, and the same deal number deals the "
            "same cards in every game, so each would show cards the other hides: finish "
            "that game or start another deal there first"
        )
        assert refused.value.variant == "scorpion"
        assert table.stored(pid, "wasp") == before
    with pytest.raises(DealInPlayError):  # the same number in another form
        table.run(lambda s: s.new_game(pid, "wasp", "#0005"))
    again = table.run(lambda s: s.restart(pid, "scorpion"))  # its own game: a replay
    assert again.row.deal == "5"
    table.run(lambda s: s.new_game(pid, "scorpion", "6"))
    wasp = table.run(lambda s: s.new_game(pid, "wasp", "5"))
    assert (wasp.row.deal, wasp.row.peeked) == ("5", False)


def test_f10_v1_a_random_deal_is_never_one_under_way_in_another_variant(table: Table) -> None:
    """F4, F10: a random deal drawn on a number under way in another game is drawn again
    (here the draw is always 2, Wasp's deal, so it counts up to 3), and of the "winnable
    deals only" choices the first one free is dealt; when every choice is under way the
    last is refused."""
    pid = table.player()
    table.random = 2
    drawn = table.run(lambda s: s.new_game(pid, "scorpion", None))
    assert drawn.row.deal == "3"
    picked = table.run(lambda s: s.new_game(pid, "chelicera", None, choices=["3", "2", "9"]))
    assert picked.row.deal == "9"
    with pytest.raises(DealInPlayError, match=r"^deal 9 is under way in your Chelicera game"):
        table.run(lambda s: s.new_game(pid, "scorpion-ii", None, choices=["2", "9"]))


def test_f10_v1_a_deal_seen_in_one_variant_marks_its_games_in_every_variant(
    table: Table,
) -> None:
    """F10, V1: every variant deals deal N from the same shuffled deck, so Scorpion's
    solution of deal 5 tells Wasp's deal 5 too: a Wasp game of deal 5 starts marked. The
    record keeps the variant it was seen in."""
    pid = table.player()
    table.run(lambda s: s.record_seen(pid, "scorpion", "5"))
    wasp = table.run(lambda s: s.new_game(pid, "wasp", "5"))
    assert (wasp.row.peeked, wasp.row.deal_seen) == (True, True)
    assert table.stored(pid, "wasp") == ("5", True, True)
    assert table.seen(pid) == [("scorpion", "5")]


def test_f8_f10_deleting_the_results_forgets_the_seen_deals(table: Table) -> None:
    """F8, F10: "delete my results" also deletes the record of seen deals (another player's
    stays): a game of deal 5 dealt afterwards starts unmarked."""
    pid = table.player()
    other = table.player()
    for who in (pid, other):
        table.run(lambda s, who=who: s.record_seen(who, "scorpion", "5"))
    table.run(lambda s: s.new_game(pid, "scorpion", "5"))
    table.run(lambda s: s.play(pid, "scorpion", "deal"))
    assert table.run(lambda s: s.delete_results(pid)) == 1
    assert table.seen(pid) == []
    assert table.seen(other) == [("scorpion", "5")]
    fresh = table.run(lambda s: s.new_game(pid, "scorpion", "5"))
    assert (fresh.row.peeked, fresh.row.deal_seen) == (False, False)
    assert table.stored(pid) == ("5", False, False)
    again = table.run(lambda s: s.new_game(other, "scorpion", "5"))
    assert again.row.peeked


def test_f10_recording_a_deal_again_keeps_the_first_time(table: Table) -> None:
    """F10: the record is one row per player, variant and deal: recording it again (the
    page asks for a solution more than once) keeps the time it was first seen."""
    pid = table.player()
    table.run(lambda s: s.record_seen(pid, "scorpion", "5"))
    table.clock.now = T0 + timedelta(hours=1)
    table.run(lambda s: s.record_seen(pid, "scorpion", "5"))
    table.run(lambda s: s.record_seen(pid, "wasp", "5"))
    with table.database.session() as session:
        times = session.execute(
            select(SeenDealRow.variant, SeenDealRow.first_seen_at)
            .where(SeenDealRow.player_id == pid).order_by(SeenDealRow.variant)
        ).all()
    assert [tuple(t) for t in times] == [("scorpion", T0), ("wasp", T0 + timedelta(hours=1))]


def test_f8_f10_the_data_export_lists_the_seen_deals(table: Table) -> None:
    """F8: the player's data holds the record of seen deals, and each saved game's reason
    of its mark."""
    pid = table.player()
    table.run(lambda s: s.record_seen(pid, "scorpion", "5"))
    table.run(lambda s: s.new_game(pid, "scorpion", "5"))
    data = table.run(lambda s: export_data(s.session, pid, table.clock()), "orm")
    assert data["seen_deals"] == [
        {"variant": "scorpion", "deal": "5", "first_seen_at": "2026-12-02T12:00:00.000Z"}]
    saved = {g["variant"]: g for g in data["saved_games"]}
    assert (saved["scorpion"]["peeked"], saved["scorpion"]["deal_seen"]) == (True, True)
    assert (saved["wasp"]["peeked"], saved["wasp"]["deal_seen"]) == (False, False)


def test_f8_a_player_with_seen_deals_is_not_forgotten_as_idle(database: Database) -> None:
    """F8: a player is forgotten after a week only if nothing is stored about them; a
    record of seen deals is something."""
    table = Table(database)
    pid = table.run(lambda s: s.player_id(s.create_player()))
    table.run(lambda s: s.record_seen(pid, "scorpion", "5"))
    table.clock.now = T0 + timedelta(days=8)
    assert table.run(lambda s: s.forget_idle_players()) == 0


# --- the migration


def _downgrade(database: Database, revision: str) -> None:
    config = alembic_config()
    with database.engine.begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, revision)


def test_f10_the_migration_records_the_deals_already_peeked_and_goes_down_again(
    database: Database,
) -> None:
    """F10: migration 0003 makes ``seen_deals`` from the deals of the games and results
    marked peeked so far (one row per player, variant and deal, at its earliest time) and
    adds ``games.deal_seen``; going down to 0002 removes both, and up again works."""
    _downgrade(database, "0002")
    assert "seen_deals" not in inspect(database.engine).get_table_names()
    t1, t2 = T0, T0 + timedelta(minutes=5)
    with database.engine.begin() as conn:
        conn.execute(text("INSERT INTO players (id, created_at) VALUES ('p', :t)"), {"t": t1})
        game = (
            "INSERT INTO games (id, player_id, variant, deal, moves, redo, position, "
            "created_at, won, counted, version, peeked) VALUES (:id, 'p', :variant, :deal, "
            "'', '', '', :t, false, true, 1, :peeked)"
        )
        conn.execute(text(game), [
            {"id": 1, "variant": "scorpion", "deal": "5", "t": t2, "peeked": True},
            {"id": 2, "variant": "wasp", "deal": "9", "t": t1, "peeked": False},
        ])
        result = (
            "INSERT INTO results (player_id, variant, deal, started_at, won, moves, time_ms, "
            "peeked) VALUES ('p', :variant, :deal, :t, false, 0, 0, :peeked)"
        )
        conn.execute(text(result), [
            {"variant": "scorpion", "deal": "5", "t": t1, "peeked": True},
            {"variant": "scorpion", "deal": "7", "t": t2, "peeked": True},
            {"variant": "scorpion", "deal": "8", "t": t2, "peeked": False},
        ])
    migrate(database.engine)
    with database.session() as session:
        rows = session.execute(
            select(SeenDealRow.variant, SeenDealRow.deal, SeenDealRow.first_seen_at)
            .order_by(SeenDealRow.deal)
        ).all()
        assert [tuple(r) for r in rows] == [("scorpion", "5", t1), ("scorpion", "7", t2)]
        assert session.scalar(select(func.count()).where(GameRow.deal_seen)) == 0
    _downgrade(database, "0002")
    assert "seen_deals" not in inspect(database.engine).get_table_names()
    assert "deal_seen" not in {c["name"] for c in inspect(database.engine).get_columns("games")}
    migrate(database.engine)
    assert "seen_deals" in inspect(database.engine).get_table_names()


def test_f10_v1_peeking_in_one_variant_marks_a_game_of_the_same_deal_under_way_in_another(
    table: Table,
) -> None:
    """F10, V1: a Wasp game of deal 5 under way (started, so with a result) while peeking
    help is shown in the Scorpion game of deal 5 deals the same cards: it is marked peeked
    with its result, by the deal, without a new version; a game of another deal, or one
    already won, is left alone. (Two such games can no longer be dealt, but may have been
    before that rule, so the Scorpion game's row is written directly.)"""
    pid = table.player()
    table.run(lambda s: s.new_game(pid, "wasp", "5"))
    table.run(lambda s: s.play(pid, "wasp", "deal"))
    table.run(lambda s: s.new_game(pid, "scorpion-ii", "6"))
    table.deal_before_the_rule(pid, "scorpion", "5")
    version = table.run(lambda s: s.current(pid, "wasp")).row.version
    table.run(lambda s: mark_peeked(s, s.current(pid, "scorpion")), "orm")
    wasp = table.run(lambda s: s.current(pid, "wasp"))
    assert (wasp.row.peeked, wasp.row.deal_seen, wasp.row.version) == (True, True, version)
    assert table.stored(pid, "scorpion") == ("5", True, False)  # help shown in it
    assert table.stored(pid, "scorpion-ii") == ("6", False, False)
    with table.database.session() as session:
        assert session.scalars(
            select(ResultRow.peeked).where(ResultRow.player_id == pid, ResultRow.variant == "wasp")
        ).all() == [True]
    moved = table.run(lambda s: s.undo(pid, "wasp"))
    assert (moved.row.peeked, moved.row.deal_seen) == (True, True)


@pytest.mark.parametrize("path", PATHS)
def test_f10_a_game_dealt_while_its_deal_is_being_recorded_seen_waits_and_starts_marked(
    database: Database, path: str
) -> None:
    """F10: a transaction that tells a deal's hidden cards holds the player
    (``GameService.hold_player``) and records the deal; a new game of that deal dealt at the
    same moment, on either path, waits for it to commit and then starts marked. (On
    PostgreSQL, without the hold, the new game read the record before it was committed and
    started unmarked: the line told, the game's win counted as one without peeking.)"""
    table = Table(database, path)
    pid = table.player()
    dealt = threading.Event()

    def deal_it() -> None:
        table.run(lambda s: s.new_game(pid, "scorpion", "5"))
        dealt.set()

    with database.sessions() as session:
        session.begin()
        svc = GameService(session, clock=table.clock)
        svc.hold_player(pid)
        svc.record_seen(pid, "scorpion", "5")
        session.flush()
        dealer = threading.Thread(target=deal_it)
        dealer.start()
        assert not dealt.wait(0.5), "the new game did not wait for the record"
        session.commit()
    dealer.join(30)
    assert dealt.is_set()
    assert table.stored(pid) == ("5", True, True)


def test_f10_recording_a_deal_seen_again_marks_a_game_of_another_variant_dealt_before(
    table: Table,
) -> None:
    """F10: a deal recorded seen by the migration (from a peeked game of before it) while a
    Wasp game of that deal was under way: the next peeking answer on the deal marks the
    Wasp game too, though the record was there already."""
    pid = table.player()
    table.run(lambda s: s.new_game(pid, "wasp", "5"))
    with table.database.engine.begin() as conn:
        conn.execute(text(
            "INSERT INTO seen_deals (player_id, variant, deal, first_seen_at) "
            "VALUES (:p, 'scorpion', '5', :t)"), {"p": pid, "t": T0})
    assert table.stored(pid, "wasp") == ("5", False, False)
    table.run(lambda s: s.record_seen(pid, "scorpion", "5"))
    assert table.stored(pid, "wasp") == ("5", True, True)


# --- deals dealt in another variant


def dealt(table: Table, pid: str) -> list[tuple[str, str, datetime]]:
    with table.database.session() as session:
        rows = session.execute(
            select(DealtDealRow.variant, DealtDealRow.deal, DealtDealRow.first_dealt_at)
            .where(DealtDealRow.player_id == pid)
            .order_by(DealtDealRow.variant, DealtDealRow.deal)
        ).all()
    return [tuple(r) for r in rows]  # type: ignore[misc]


def test_f10_v1_a_deal_dealt_where_its_start_shows_more_marks_a_later_game_of_it(
    table: Table,
) -> None:
    """F10, V1: Chelicera's start shows, face up, cards that Scorpion's start hides. Deal 30
    dealt in Chelicera, then replaced by deal 31 before any move (so that no game of deal 30
    is under way any more): a Scorpion game of deal 30 starts marked peeked, with the seen
    deal's reason, and its first move marks its result; Wasp's too. Chelicera's own deal 30
    again, before that, is a replay (unmarked); after Scorpion's (whose start shows cards of
    Chelicera's stock) it is marked. A deal never dealt elsewhere is unmarked."""
    pid = table.player()
    table.run(lambda s: s.new_game(pid, "chelicera", "30"))
    table.run(lambda s: s.new_game(pid, "chelicera", "31"))
    replay = table.run(lambda s: s.new_game(pid, "chelicera", "30"))
    assert (replay.row.peeked, replay.row.deal_seen) == (False, False)
    table.run(lambda s: s.new_game(pid, "chelicera", "31"))
    scorpion = table.run(lambda s: s.new_game(pid, "scorpion", "30"))
    assert (scorpion.row.peeked, scorpion.row.deal_seen) == (True, True)
    assert table.stored(pid) == ("30", True, True)
    moved = table.run(lambda s: s.play(pid, "scorpion", "deal"))
    assert moved.row.peeked
    with table.database.session() as session:
        assert session.scalars(
            select(ResultRow.peeked).where(ResultRow.player_id == pid, ResultRow.deal == "30")
        ).all() == [True]
    table.run(lambda s: s.new_game(pid, "scorpion", "32"))
    wasp = table.run(lambda s: s.new_game(pid, "wasp", "30"))
    assert (wasp.row.peeked, wasp.row.deal_seen) == (True, True)
    table.run(lambda s: s.new_game(pid, "wasp", "33"))
    again = table.run(lambda s: s.new_game(pid, "chelicera", "30"))
    assert (again.row.peeked, again.row.deal_seen) == (True, True)
    table.run(lambda s: s.new_game(pid, "chelicera", "34"))
    fresh = table.run(lambda s: s.new_game(pid, "scorpion", "35"))
    assert (fresh.row.peeked, fresh.row.deal_seen) == (False, False)
    assert table.seen(pid) == []
    assert dealt(table, pid) == [
        ("chelicera", "30", T0), ("chelicera", "31", T0), ("chelicera", "34", T0),
        ("scorpion", "1", T0), ("scorpion", "30", T0), ("scorpion", "32", T0),
        ("scorpion", "35", T0), ("wasp", "2", T0), ("wasp", "30", T0), ("wasp", "33", T0),
    ]


def test_f10_v1_a_start_that_shows_nothing_more_does_not_mark(table: Table) -> None:
    """F10, V1: Scorpion's start shows nothing that Wasp's or Scorpion II's start hides (Wasp
    deals alike; Scorpion II hides only some of Scorpion's face-down cards): after Scorpion's
    deal 30, their games of deal 30 start unmarked. Scorpion II's start shows Scorpion's
    fourth column, so after it Scorpion's game of deal 40 starts marked."""
    pid = table.player()
    table.run(lambda s: s.new_game(pid, "scorpion", "30"))
    table.run(lambda s: s.new_game(pid, "scorpion", "31"))
    wasp = table.run(lambda s: s.new_game(pid, "wasp", "30"))
    assert (wasp.row.peeked, wasp.row.deal_seen) == (False, False)
    table.run(lambda s: s.new_game(pid, "wasp", "32"))
    second = table.run(lambda s: s.new_game(pid, "scorpion-ii", "30"))
    assert (second.row.peeked, second.row.deal_seen) == (False, False)
    table.run(lambda s: s.new_game(pid, "scorpion-ii", "40"))
    table.run(lambda s: s.new_game(pid, "scorpion-ii", "41"))
    scorpion = table.run(lambda s: s.new_game(pid, "scorpion", "40"))
    assert (scorpion.row.peeked, scorpion.row.deal_seen) == (True, True)


def test_f10_dealing_a_deal_again_keeps_its_first_time(table: Table) -> None:
    """F10: the record of deals dealt is one row per player, variant and deal: dealt again
    an hour later (Replay, or a new game of that number), the first time stays."""
    pid = table.player()
    table.clock.now = T0 + timedelta(hours=1)
    table.run(lambda s: s.restart(pid, "scorpion"))
    table.run(lambda s: s.new_game(pid, "scorpion", "1"))
    assert dealt(table, pid) == [("scorpion", "1", T0), ("wasp", "2", T0)]


def test_f8_f10_deleting_the_results_forgets_the_deals_dealt(table: Table) -> None:
    """F8, F10: "delete my results" deletes the record of deals dealt too, but for the saved
    games' (another player's stays): Scorpion's deal 30 after Chelicera's then starts
    unmarked. The data export lists
    the record beforehand."""
    pid = table.player()
    other = table.player()
    for who in (pid, other):
        table.run(lambda s, who=who: s.new_game(who, "chelicera", "30"))
        table.run(lambda s, who=who: s.new_game(who, "chelicera", "31"))
    data = table.run(lambda s: export_data(s.session, pid, table.clock()), "orm")
    assert data["dealt_deals"] == [
        {"variant": v, "deal": d, "first_dealt_at": "2026-12-02T12:00:00.000Z"}
        for v, d in [("chelicera", "30"), ("chelicera", "31"), ("scorpion", "1"),
                     ("wasp", "2")]
    ]
    table.run(lambda s: s.delete_results(pid))
    # Only the deals of the saved games stay (the next test).
    assert [(v, d) for v, d, _ in dealt(table, pid)] == [
        ("chelicera", "31"), ("scorpion", "1"), ("wasp", "2")]
    fresh = table.run(lambda s: s.new_game(pid, "scorpion", "30"))
    assert (fresh.row.peeked, fresh.row.deal_seen) == (False, False)
    marked = table.run(lambda s: s.new_game(other, "scorpion", "30"))
    assert marked.row.peeked


def test_f8_f10_deleting_the_results_keeps_the_deals_still_on_the_table(table: Table) -> None:
    """F8, F10: "delete my results" keeps the record of the deals of the saved games, which
    the table still shows: Chelicera's deal 30 kept through the deletion (then replaced, or
    deleted with the saved games), Scorpion's deal 30 still starts marked; a deal dealt and
    replaced before the deletion is forgotten."""
    pid = table.player()
    table.run(lambda s: s.new_game(pid, "chelicera", "29"))
    table.run(lambda s: s.new_game(pid, "chelicera", "30"))
    table.run(lambda s: s.delete_results(pid))
    assert [(v, d) for v, d, _ in dealt(table, pid)] == [
        ("chelicera", "30"), ("scorpion", "1"), ("wasp", "2")]
    table.run(lambda s: s.new_game(pid, "chelicera", "31"))
    marked = table.run(lambda s: s.new_game(pid, "scorpion", "30"))
    assert (marked.row.peeked, marked.row.deal_seen) == (True, True)
    fresh = table.run(lambda s: s.new_game(pid, "wasp", "29"))
    assert (fresh.row.peeked, fresh.row.deal_seen) == (False, False)
    table.run(lambda s: s.new_game(pid, "chelicera", "40"))
    table.run(lambda s: s.delete_results(pid))
    table.run(lambda s: s.delete_saved_games(pid))
    later = table.run(lambda s: s.new_game(pid, "scorpion", "40"))
    assert (later.row.peeked, later.row.deal_seen) == (True, True)


def test_f10_migration_0004_records_the_deals_of_the_games_and_results(
    database: Database,
) -> None:
    """F10: migration 0004 makes ``dealt_deals`` from the deals of the saved games (when
    dealt) and of the results (when started), one row per player, variant and deal at its
    earliest time; going down to 0003 removes it, and up again works."""
    _downgrade(database, "0003")
    assert "dealt_deals" not in inspect(database.engine).get_table_names()
    t1, t2 = T0, T0 + timedelta(minutes=5)
    with database.engine.begin() as conn:
        conn.execute(text("INSERT INTO players (id, created_at) VALUES ('p', :t)"), {"t": t1})
        game = (
            "INSERT INTO games (id, player_id, variant, deal, moves, redo, position, "
            "created_at, won, counted, version, peeked, deal_seen) VALUES (:id, 'p', "
            ":variant, :deal, '', '', '', :t, false, true, 1, false, false)"
        )
        conn.execute(text(game), [
            {"id": 1, "variant": "chelicera", "deal": "5", "t": t2},
            {"id": 2, "variant": "wasp", "deal": "9", "t": t1},
        ])
        result = (
            "INSERT INTO results (player_id, variant, deal, started_at, won, moves, time_ms, "
            "peeked) VALUES ('p', :variant, :deal, :t, false, 0, 0, false)"
        )
        conn.execute(text(result), [
            {"variant": "chelicera", "deal": "5", "t": t1},
            {"variant": "scorpion", "deal": "7", "t": t2},
        ])
    migrate(database.engine)
    with database.session() as session:
        rows = session.execute(
            select(DealtDealRow.variant, DealtDealRow.deal, DealtDealRow.first_dealt_at)
            .order_by(DealtDealRow.variant, DealtDealRow.deal)
        ).all()
    assert [tuple(r) for r in rows] == [
        ("chelicera", "5", t1), ("scorpion", "7", t2), ("wasp", "9", t1)]
    _downgrade(database, "0003")
    assert "dealt_deals" not in inspect(database.engine).get_table_names()
    assert "seen_deals" in inspect(database.engine).get_table_names()
    migrate(database.engine)
    assert "dealt_deals" in inspect(database.engine).get_table_names()
