"""Players that see only the player's view (B5), and player surveys."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from scorpion.advisor import (
    FairPlayer,
    HeuristicPlayer,
    Player,
    PlayerView,
    RandomPlayer,
    move_kind,
    play,
)
from scorpion.advisor.survey import PLAY_FIELDS, PlaySummary, play_deal, run_play_survey
from scorpion.engine import VARIANTS, Move, Position, deal
from scorpion.solver import Verdict, solve
from scorpion.solver.winnable import known_winnable, shipped_range

# Deals 1..40 winnable with full knowledge (the shipped list).
WINNABLE_1_40 = [5, 33, 37]


class Recorder(Player):
    """Wraps a player and records every view and move list it was shown."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.name = inner.name
        self.shown: list[tuple[PlayerView, list[Move]]] = []

    def start(self, seed: int) -> None:
        super().start(seed)
        self.inner.start(seed)

    def choose(self, view: PlayerView, moves: list[Move]) -> Move | None:
        self.shown.append((view, list(moves)))
        move = self.inner.choose(view, moves)
        self.solves, self.nodes = self.inner.solves, self.inner.nodes
        return move


def _replay(start: Position, line: tuple[Move, ...]) -> list[Position]:
    positions = [start]
    for move in line:
        positions.append(positions[-1].apply(move))
    return positions


@pytest.mark.parametrize("player", [FairPlayer(samples=8, nodes=2000), HeuristicPlayer(),
                                    RandomPlayer()], ids=lambda p: p.name)
@pytest.mark.parametrize("number", [5, 6])
def test_b5_players_see_only_the_view_and_never_repeat_a_position(
    player: Player, number: int
) -> None:
    start = deal(number)
    recorder = Recorder(player)
    result = play(start, recorder, seed=number)
    positions = _replay(start, result.line)
    assert result.won == positions[-1].is_won
    assert len(set(positions)) == len(positions)  # no position repeated
    for (view, moves), position in zip(recorder.shown, positions, strict=False):
        assert view == PlayerView.of(position)
        assert moves and all(position.apply(m) not in positions[: positions.index(position)]
                             for m in moves)


def test_b5_players_are_deterministic_for_a_seed() -> None:
    start = deal(33)
    first = play(start, FairPlayer(samples=8, nodes=2000), seed=4)
    again = play(start, FairPlayer(samples=8, nodes=2000), seed=4)
    assert first.line == again.line
    assert play(start, RandomPlayer(), seed=1).line == play(start, RandomPlayer(), seed=1).line
    assert play(start, RandomPlayer(), seed=1).line != play(start, RandomPlayer(), seed=2).line


def test_b5_fair_player_wins_deal_33_and_loses_deal_5() -> None:
    # As in the survey of deals 1..31999 (docs/player-view.md): seed = deal number.
    result = play(deal(33), FairPlayer(), seed=33)
    assert result.won
    assert not play(deal(5), FairPlayer(), seed=5).won
    assert result.solves > 0 and result.nodes > 0


def test_b5_fair_player_with_nothing_hidden_plays_the_solvers_line() -> None:
    # Deal 5 along its solver line until nothing is hidden: the rest is exact.
    position = deal(5)
    line = list(solve(position).line)
    while PlayerView.of(position).hidden:
        position = position.apply(line.pop(0))
    recorder = Recorder(FairPlayer())
    result = play(position, recorder, seed=0)
    assert result.won
    assert result.solves == 1
    assert result.line == solve(position, max_nodes=2_000_000).line


def test_b5_move_kind_on_deal_1() -> None:
    view = PlayerView.of(deal(1))
    kinds = {str(m): move_kind(view, m) for m in view.hint_moves()}
    # 7C leads column 7 onto 8C and empties it; the others leave cards behind; the deal.
    assert kinds == {"5S-7": 2, "7D-1": 2, "7C-5": 1, "JS-2": 2, "5C-3": 2, "deal": 3}
    assert HeuristicPlayer().choose(view, view.hint_moves()) == Move.parse("7C-5")


def test_b5_move_kind_reveal_and_pointless_shift() -> None:
    # Along deal 5's winning line, every kind shows up; kinds 0 and 4 are what they say.
    position = deal(5)
    found = set()
    for move in solve(position).line:
        view = PlayerView.of(position)
        for m in view.hint_moves():
            kind = move_kind(view, m)
            found.add(kind)
            where = position.locate(m.card) if m.card >= 0 else None
            if kind == 0:
                assert where is not None and where[1] == position.face_down[where[0]] > 0
            if kind == 4:
                assert where is not None and where[1] == 0 and not position.columns[m.column]
        position = position.apply(move)
    assert found == {0, 1, 2, 3, 4}


def test_b5_heuristic_player_plays_the_first_move_of_the_best_kind() -> None:
    for number in range(1, 16):
        recorder = Recorder(HeuristicPlayer())
        result = play(deal(number), recorder, seed=number)
        for (view, moves), move in zip(recorder.shown, result.line, strict=True):
            best = min(move_kind(view, m) for m in moves)
            assert move == next(m for m in moves if move_kind(view, m) == best)


def test_b5_heuristic_player_never_shifts_a_whole_column_into_an_empty_one() -> None:
    for number in range(1, 30):
        start = deal(number)
        result = play(start, HeuristicPlayer(), seed=number)
        positions = _replay(start, result.line)
        for position, move in zip(positions, result.line, strict=False):
            assert move_kind(PlayerView.of(position), move) != 4


@pytest.mark.parametrize("variant_id", ["how-they-run", "scorpion-head", "three-blind-mice"])
def test_b5_v2_the_heuristic_plays_games_with_free_cells_and_a_reserve(variant_id: str) -> None:
    """B5, V2: in the games with free cells or a reserve the heuristic player plays whole
    games (a bottom card sent into a free cell empties its column, kind 1; it named a
    column of the cell's number and failed), every move legal on the engine."""
    variant = VARIANTS[variant_id]
    kinds = set()
    for number in range(1, 41):
        start = deal(number, variant)
        result = play(start, HeuristicPlayer(), seed=number)
        for position, move in zip(_replay(start, result.line), result.line, strict=False):
            kind = move_kind(PlayerView.of(position), move)
            assert kind != 4
            if move.to_cell:
                kinds.add(kind)
    if variant.cell_kind == "cells":
        assert 1 in kinds  # some game emptied a column into a free cell


def test_b5_player_survey_plays_only_winnable_deals_and_resumes(tmp_path: Path) -> None:
    assert shipped_range("scorpion") == (1, 31999)
    assert [n for n in range(1, 41) if known_winnable("scorpion", n)] == WINNABLE_1_40
    out = tmp_path / "heuristic.csv"
    first = run_play_survey(1, 20, "scorpion", "heuristic", out)
    assert sorted(first) == list(range(1, 21))
    played = {n for n, r in first.items() if r.outcome != "-"}
    assert played == {5}
    for n, r in first.items():
        assert r.full is (Verdict.WINNABLE if n == 5 else Verdict.NOT_WINNABLE)
    # Cut the file in the middle of its last row, then resume over a wider range.
    text = out.read_text()
    out.write_text(text[: text.rindex("\n", 0, len(text) - 1) + 10])
    seen: list[int] = []
    both = run_play_survey(
        1, 40, "scorpion", "heuristic", out, on_result=lambda r: seen.append(r.deal)
    )
    assert sorted(both) == list(range(1, 41))
    assert 20 in seen and 19 not in seen  # the cut row was done again, the others kept
    with out.open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert tuple(rows[0]) == PLAY_FIELDS
    assert [int(r["deal"]) for r in rows] == list(range(1, 41))
    summary = PlaySummary.of("heuristic", both.values())
    assert (summary.total, summary.winnable, summary.undecided) == (40, 3, 0)
    assert summary.won == sum(r.won for r in both.values())
    with pytest.raises(ValueError, match="another player"):
        run_play_survey(1, 40, "scorpion", "random", out)


def test_b5_an_unknown_player_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown player 'cheater' \\(players: fair, "):
        play_deal(1, "scorpion", "cheater")
