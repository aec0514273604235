"""The `solve` and `survey` commands (B1, B3) and the survey's interval."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorpion.cli import app
from scorpion.engine import VARIANTS, Move, deal, format_position
from scorpion.solver import Verdict
from scorpion.solver.survey import FIELDS, Summary, parse_range, read_results, wilson_interval

runner = CliRunner()


def test_solve_a_winnable_deal_prints_a_line_that_wins() -> None:
    result = runner.invoke(app, ["solve", "--deal", "5"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Scorpion deal 5: winnable"
    assert lines[1].startswith("nodes: ")
    moves = lines[2].split(": ", 1)[1].split()
    p = deal(5)
    for text in moves:
        p = p.apply(Move.parse(text))
    assert p.is_won


def test_solve_a_won_position_says_no_move_is_needed() -> None:
    p = deal(5)
    line = runner.invoke(app, ["solve", "--deal", "5"]).stdout.splitlines()[2]
    for text in line.split(": ", 1)[1].split():
        p = p.apply(Move.parse(text))
    assert p.is_won
    result = runner.invoke(app, ["solve", "-"], input=format_position(p))
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert (lines[0], lines[2]) == (
        "-: winnable", "the position is already won: no move is needed")


def test_solve_json_and_a_lost_deal() -> None:
    result = runner.invoke(app, ["solve", "--deal", "1", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert (data["position"], data["verdict"], data["line"]) == (
        "Scorpion deal 1", "not winnable", []
    )


def test_solve_a_position_from_stdin() -> None:
    text = runner.invoke(app, ["deal", "33"]).stdout
    result = runner.invoke(app, ["solve", "-"], input=text)
    assert result.exit_code == 0
    assert result.stdout.startswith("-: winnable")


@pytest.mark.parametrize(
    "args",
    [["solve"], ["solve", "--deal", "0"], ["solve", "--deal", "1", "--budget", "0"],
     ["solve", "--deal", "1", "--variant", "spider"], ["survey", "10..2"], ["survey", "x"],
     ["survey", "\u0661..٣"], ["survey", "1.."], ["survey", " 1..2"]],
)
def test_bad_input_exits_2(args: list[str]) -> None:
    assert runner.invoke(app, args).exit_code == 2


def test_survey_writes_rows_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "s.csv"
    # An interrupted earlier run: deals 1-2 done, deal 3's row cut off.
    b = "5000000 nodes"
    out.write_text(
        ",".join(FIELDS)
        + f"\n1,not winnable,1,0.0001,{b},,scorpion\n2,not winnable,1,0.0001,{b},,scorpion"
        "\n3,not win",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["survey", "1..6", "--workers", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    rows = read_results(out)
    assert sorted(rows) == [1, 2, 3, 4, 5, 6]
    assert rows[5].verdict is Verdict.WINNABLE and rows[5].line
    assert [rows[n].verdict for n in (1, 2, 3, 4, 6)] == [Verdict.NOT_WINNABLE] * 5
    assert "6 deals: 1 winnable, 5 not winnable, 0 undecided" in result.stdout
    assert out.read_text(encoding="utf-8").count("\n") == 7  # header + 6 rows
    assert {r.budget for r in rows.values()} == {"5000000 nodes"}  # the default budget


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(0, 20)
    assert low == 0.0 and round(high, 4) == 0.1611
    for successes, trials in ((3, 2), (-1, 5), (0, -1)):
        why = f"from 0 to the trials \\({trials}\\), not {successes}"
        with pytest.raises(ValueError, match=why):
            wilson_interval(successes, trials)


def test_summary_counts_undecided_both_ways() -> None:
    from scorpion.solver.survey import DealResult

    results = [DealResult(n, v, 1, 0.0, "") for n, v in enumerate(
        [Verdict.WINNABLE] * 2 + [Verdict.NOT_WINNABLE] * 7 + [Verdict.UNDECIDED], start=1)]
    s = Summary.of(results)
    assert (s.total, s.won, s.lost, s.undecided) == (10, 2, 7, 1)
    assert (s.low, s.high) == (wilson_interval(2, 10)[0], wilson_interval(3, 10)[1])


def test_parse_range() -> None:
    assert parse_range("1..1000") == (1, 1000)
    assert parse_range("7") == (7, 7)
    with pytest.raises(ValueError, match="not a range"):
        parse_range("5..1")
    # Thousands of digits: told as above the largest (it was Python's own error about
    # converting long integers); a leading zero or two are still read.
    huge = "9" * 5000
    with pytest.raises(ValueError, match=r"^not a range of deals: '1\.\.9{37}…' \(deal "
                       r"numbers go up to 100,000,000,000,000,000,000\)$"):
        parse_range(f"1..{huge}")
    with pytest.raises(ValueError, match="deal numbers go up to"):
        parse_range(huge)
    assert parse_range("007..0100") == (7, 100)
    assert parse_range("0" + "9" * 20) == (10**20 - 1, 10**20 - 1)


# --- the library's budgets -------------------------------------------------------------


@pytest.mark.parametrize(("budget", "name"), [
    ({"max_seconds": float("nan")}, "max_seconds"), ({"max_seconds": 0}, "max_seconds"),
    ({"max_seconds": -1}, "max_seconds"), ({"max_seconds": float("inf")}, "max_seconds"),
    ({"max_nodes": 0}, "max_nodes"), ({"max_nodes": -5}, "max_nodes"),
])
def test_b1_solve_refuses_a_budget_that_is_no_budget(budget: dict[str, float],
                                                      name: str) -> None:
    """B1: a NaN time budget searched without limit, and 0 or less returned undecided at
    once; each is a ValueError naming the argument, as a bad ``probes`` is. (A node
    budget goes with the NaN, so that the check's absence shows as no error, not a hang.)"""
    from scorpion.solver import solve
    from scorpion.solver.survey import Budget

    position = deal(257, VARIANTS["how-they-run"])
    with pytest.raises(ValueError, match=f"^{name}, the "):
        solve(position, **{"max_nodes": 1_000, **budget})  # type: ignore[arg-type]
    # The survey's budget refuses the same, in its own words.
    with pytest.raises(ValueError, match="budget must be"):
        Budget(int(budget.get("max_nodes", 1)), budget.get("max_seconds"))


# --- peeking named (F10) -------------------------------------------------------------

PEEKING = "peeking: the solver reads the face-down cards and the stock"


def test_f10_solve_says_it_peeks_in_its_answer_and_its_help() -> None:
    """F10: 'solve' reads the hidden cards; its answer, its line in 'scorpion --help', its
    own help and the README's table say so (the JSON keeps its keys)."""
    result = runner.invoke(app, ["solve", "--deal", "1", "--nodes", "100000"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert (lines[0], lines[2:]) == ("Scorpion deal 1: not winnable", [PEEKING])
    data = json.loads(runner.invoke(app, ["solve", "--deal", "1", "--json"]).stdout)
    assert sorted(data) == ["budget", "line", "nodes", "position", "seconds", "variant",
                            "verdict"]
    listing = " ".join(runner.invoke(app, ["--help"]).stdout.split())
    assert ("solve Peeking: decide whether a deal or position can be won, reading the "
            "face-down cards and the stock.") in listing
    own = " ".join(runner.invoke(app, ["solve", "--help"]).stdout.split())
    assert ("Peeking: decide whether a deal or position can be won, reading the face-down "
            "cards and the stock, and print a winning line.") in own
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith("| `scorpion solve"))
    assert "peeking: reads the face-down cards and the stock" in row


def test_b3_a_deal_number_given_as_the_file_is_pointed_to_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """B3: 'scorpion solve 11108' (no such file) says how to name deal 11108; a file of
    that name is still read as a position."""
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["solve", "11108"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == ("error: cannot read 11108: there is no such file (to solve deal "
                             "11108, write --deal 11108)\n")
    (tmp_path / "11108").write_text(format_position(deal(5)), encoding="utf-8")
    result = runner.invoke(app, ["solve", "11108", "--nodes", "200000"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("11108: winnable")
