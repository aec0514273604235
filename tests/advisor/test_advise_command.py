"""The `advise` command, the fair `hint` of `play`, and `survey --player` (B3, B5, F10)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorpion.advisor import PlayerView, advise, format_view
from scorpion.advisor.survey import PlaySummary
from scorpion.cli import app
from scorpion.engine import Position, deal, format_position
from scorpion.solver import solve

runner = CliRunner()

# Deal 5 with its hidden cards in another order: the player cannot tell the two apart.
DEAL_5 = format_position(deal(5))
_VIEW_5 = PlayerView.of(deal(5))
DEAL_5_SHUFFLED = format_position(_VIEW_5.realize(tuple(reversed(_VIEW_5.unseen))))


def test_b5_advise_prints_each_move_with_its_chance() -> None:
    result = runner.invoke(app, ["advise", "-", "--samples", "32", "--nodes", "5000"],
                           input=DEAL_5)
    assert result.exit_code == 0, result.output
    advice = advise(_VIEW_5, max_samples=32, nodes=5000)
    lines = result.stdout.splitlines()
    assert len(lines) == len(advice.moves) + 1
    for line, a in zip(lines, advice.moves, strict=False):
        low, high = a.interval
        assert line.split()[0] == str(a.move)
        assert f"chance to win about {a.chance:.0%}" in line
        assert f"95% interval {low:.0%} to {high:.0%}; {a.wins} of 32 samples" in line
    assert lines[-1] == "The chances use only the cards the player can see (no peeking)."


def test_f10_advise_gives_the_same_answer_for_positions_with_the_same_view() -> None:
    assert DEAL_5 != DEAL_5_SHUFFLED
    args = ["advise", "-", "--samples", "24", "--nodes", "3000", "--json"]
    one = runner.invoke(app, args, input=DEAL_5)
    other = runner.invoke(app, args, input=DEAL_5_SHUFFLED)
    view = runner.invoke(app, args, input=format_view(_VIEW_5))
    assert one.exit_code == other.exit_code == view.exit_code == 0
    assert one.stdout == other.stdout == view.stdout
    data = json.loads(one.stdout)
    assert data["hidden"] == 15
    assert data["samples"] == 24
    assert data["view"] == format_view(_VIEW_5)
    assert [m["move"] for m in data["moves"]] == [
        str(a.move) for a in advise(_VIEW_5, max_samples=24, nodes=3000).moves
    ]


def test_b5_advise_bad_input_exits_2_naming_the_line() -> None:
    text = format_view(_VIEW_5).replace("[? ? ?]", "[? X ?]", 1)
    result = runner.invoke(app, ["advise", "-"], input=text)
    assert result.exit_code == 2
    assert "line 1: the face-down cards of a view are written '?'" in result.output


def test_b5_play_hint_shows_chances() -> None:
    result = runner.invoke(app, ["play", "--deal", "5"], input="hint\nquit\n")
    assert result.exit_code == 0, result.output
    advice = advise(_VIEW_5, max_samples=32, nodes=5000)
    best = advice.moves[0]
    assert f"{best.move!s:6} chance to win about {best.chance:.0%}" in result.stdout
    assert "The chances use only the cards the player can see (no peeking)." in result.stdout


@pytest.mark.parametrize("player", ["heuristic", "random"])
def test_b5_survey_with_a_player(tmp_path: Path, player: str) -> None:
    out = tmp_path / f"survey-scorpion-{player}-1-40.csv"  # the default name: the plot finds it
    plot = tmp_path / "shares.svg"
    result = runner.invoke(app, ["survey", "1..40", "--player", player, "--workers", "1",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    summary = result.stdout.splitlines()[0]
    assert summary.startswith(
        f"40 deals, 3 winnable with full knowledge (7.5%, 95% Wilson 2.6% to 19.9%); "
        f"the {player} player, seeing only the player's view, won "
    )
    assert "only the deals the full-knowledge" in result.output
    # Resumed: nothing is played again, the same summary.
    again = runner.invoke(app, ["survey", "1..40", "--player", player, "--workers", "1",
                                "--out", str(out)])
    assert again.stdout.splitlines()[0] == summary
    drawn = runner.invoke(app, ["survey", "1..40", "--player", player, "--workers", "1",
                                "--out", str(out), "--plot", str(plot)])
    assert drawn.exit_code == 0, drawn.output
    svg = plot.read_text()
    assert svg.startswith("<?xml") and "full knowledge" in svg and f"{player} player" in svg


def test_b5_survey_refuses_an_unknown_player_and_a_bad_plot() -> None:
    result = runner.invoke(app, ["survey", "1..3", "--player", "cheater"])
    assert result.exit_code == 2
    assert "unknown player 'cheater'" in result.output
    result = runner.invoke(app, ["survey", "1..3", "--player", "random", "--plot", "x.pdf"])
    assert result.exit_code == 2
    assert "--plot writes an .svg or a .png file" in result.output


@pytest.mark.parametrize("player", ["fair", "heuristic", "random"])
@pytest.mark.parametrize("variant_id", ["chelicera", "how-they-run", "scorpion-tail"])
def test_b5_v2_survey_with_a_player_refuses_a_game_of_the_family(
    tmp_path: Path, player: str, variant_id: str
) -> None:
    """B5, V2: the players' surveys play the five games with Scorpion's stock; another game
    is refused before anything is printed or written (exit 2, naming the game and the way
    out)."""
    out = tmp_path / "x.csv"
    result = runner.invoke(app, ["survey", "1..2", "--variant", variant_id, "--player", player,
                                 "--workers", "1", "--out", str(out)])
    assert result.exit_code == 2
    name = {"chelicera": "Chelicera", "how-they-run": "How They Run",
            "scorpion-tail": "Scorpion Tail"}[variant_id]
    assert result.stderr == (
        "error: the players' surveys play Scorpion, Scorpion II, Wasp, Wasp II and the "
        f"strict stock only so far (not {name}); --player full decides the deals of every "
        "game\n")
    assert result.stdout == ""
    assert not out.exists()


def _deal_5_played(moves: int | None = None) -> Position:
    """Deal 5 after the first ``moves`` moves of the solver's winning line (all: won)."""
    p = deal(5)
    for move in solve(p).line[:moves]:
        p = p.apply(move)
    return p


def test_b5_advise_on_a_won_position_says_it_is_won() -> None:
    """B5: 'advise' on a won position said "no moves left"."""
    won = _deal_5_played()
    assert won.is_won
    result = runner.invoke(app, ["advise", "-"], input=format_position(won))
    assert (result.exit_code, result.stdout) == (0, "the position is won: no move is needed\n")


def test_b5_exact_advice_has_no_interval_of_a_sample() -> None:
    """B5: with nothing hidden the advice is exact, and its JSON said "chance": 1.0 with
    "low": 0.2065 (a Wilson interval of one sample); exact means low = high = chance."""
    last = _deal_5_played(-1)  # one move from the win: nothing is hidden any more
    assert PlayerView.of(last).hidden == 0 and not last.is_won
    result = runner.invoke(app, ["advise", "-", "--json"], input=format_position(last))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["exact"] is True
    assert [(m["chance"], m["low"], m["high"]) for m in data["moves"]] == [(1.0, 1.0, 1.0)]


def test_b5_a_player_survey_of_one_deal_says_one_deal() -> None:
    """B5: "1 deals, ..." in the summary of a player survey of one deal."""
    text = str(PlaySummary("fair", 1, 1, 0, 1))
    assert text.startswith("1 deal, 1 winnable with full knowledge (100.0%, ")
