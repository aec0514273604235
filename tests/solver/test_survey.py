"""Survey budgets and files (B3): node budgets that give the same verdicts everywhere, the
budget recorded in every row and never mixed, cut-off rows repaired, chunks in flight bounded."""

from __future__ import annotations

import json
import os
import re
import stat
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from scorpion.cli import app
from scorpion.solver import Verdict
from scorpion.solver.survey import (
    BUDGET_FIELDS,
    DEFAULT_NODES,
    FIELDS,
    OLD_FIELDS,
    Budget,
    decide_deal,
    read_results,
    read_rows,
    run_survey,
    run_tasks,
)
from scorpion.solver.winnable import shipped_undecided

runner = CliRunner()

# Deal 3550 is proved not winnable after searching 12,797 positions (deal 202, which this
# test used before, is proved at the start since clause (vi) of the proof).
DEAL_3550_NODES = 12_797


def test_solve_with_a_node_budget_is_undecided_below_the_proof_and_decided_at_it() -> None:
    below = json.loads(runner.invoke(app, ["solve", "--deal", "3550", "--nodes", "10000",
                                           "--json"]).stdout)
    assert (below["verdict"], below["nodes"]) == ("undecided", 10_000)
    assert below["budget"] == {"nodes": 10_000, "seconds": None, "probes": None}
    enough = json.loads(runner.invoke(app, ["solve", "--deal", "3550", "--nodes", "20000",
                                            "--json"]).stdout)
    assert (enough["verdict"], enough["nodes"]) == ("not winnable", DEAL_3550_NODES)
    text = runner.invoke(app, ["solve", "--deal", "3550", "--nodes", "20000"]).stdout
    assert text.splitlines()[0] == "Scorpion deal 3550: not winnable"
    assert f"nodes: {DEAL_3550_NODES}," in text


@pytest.mark.parametrize("args", [["--nodes", "0"], ["--nodes", "x"], ["--budget", "-1"],
                                  ["--budget", "inf"], ["--budget", "nan"],
                                  ["--probes", "50"], ["--probes", "0"]])
def test_solve_refuses_a_bad_budget(args: list[str]) -> None:
    """Scorpion has no probes; a time budget is a positive, finite number of seconds."""
    result = runner.invoke(app, ["solve", "--deal", "3550", *args])
    assert result.exit_code == 2


def test_solve_takes_the_probes_share_of_a_survey_row() -> None:
    """How They Run 469 at 50,000 positions: probes alone win it (the survey row of
    test_survey_records_the_probes_share_and_refuses_it_where_there_are_none), the game's
    default share (10) leaves it undecided, as no --probes does."""
    def run(*args: str) -> dict[str, Any]:
        result = runner.invoke(app, ["solve", "--deal", "469", "--variant", "how-they-run",
                                     "--nodes", "50000", "--json", *args])
        assert result.exit_code == 0, result.output
        return dict(json.loads(result.stdout))

    alone = run("--probes", "100")
    assert (alone["verdict"], alone["nodes"], alone["budget"]["probes"]) == (
        "winnable", 38_116, 100)
    default, none = run("--probes", "10"), run()
    assert default["verdict"] == none["verdict"] == "undecided"
    assert default["budget"]["probes"] is none["budget"]["probes"] is None


def test_budget_text_round_trips_and_bad_texts_are_refused() -> None:
    for budget in (Budget(), Budget(1000, None), Budget(None, 10.0), Budget(5, 0.5),
                   Budget(None, None)):
        assert Budget.parse(str(budget)) == budget
    assert str(Budget()) == f"{DEFAULT_NODES} nodes"
    assert str(Budget(5, 0.5)) == "5 nodes or 0.5 seconds"
    assert Budget().reproducible and not Budget(5, 10.0).reproducible
    for text in ("", "5", "5 nodes or 5 nodes", "10 seconds or 5 nodes", "x seconds",
                 "-5 nodes", "0 nodes", "0 seconds", "nan seconds", "5 positions"):
        with pytest.raises(ValueError):
            Budget.parse(text)


def test_budget_text_with_the_probes_share_round_trips_and_bad_shares_are_refused() -> None:
    for budget in (Budget(300_000, None, 90), Budget(None, 10.0, 100), Budget(5, 0.5, 1),
                   Budget(None, None, 50)):
        assert Budget.parse(str(budget)) == budget
    assert str(Budget(300_000, None, 90)) == "300000 nodes, 90% probes"
    assert str(Budget(5, 0.5, 1)) == "5 nodes or 0.5 seconds, 1% probes"
    for text in ("5 nodes, 0% probes", "5 nodes, 101% probes", "5 nodes, x% probes",
                 "5 nodes, 90%", "5 nodes, 90% probe", ", 90% probes", "5 nodes, -5% probes",
                 "5 nodes, 9.5% probes", "5 nodes, 90% probes, 90% probes"):
        with pytest.raises(ValueError):
            Budget.parse(text)


def test_survey_records_the_probes_share_and_refuses_it_where_there_are_none(
    tmp_path: Path,
) -> None:
    """How They Run 469, undecided in its survey, is won with the whole budget in probes
    (tests/solver/test_probes.py); the share is in the row's budget, and a resume without
    it is refused. Scorpion has no probes, and players take no budget."""
    out = tmp_path / "h.csv"
    args = ["survey", "469..469", "--variant", "how-they-run", "--workers", "1", "--out",
            str(out), "--nodes", "50000"]
    made = runner.invoke(app, [*args, "--probes", "100"])
    assert made.exit_code == 0, made.output
    assert "Budget per deal: 50000 nodes, 100% probes" in made.output
    (row,) = read_results(out).values()
    assert (row.deal, row.verdict, row.nodes, row.budget) == (
        469, Verdict.WINNABLE, 38_116, "50000 nodes, 100% probes")
    before = out.read_bytes()
    refused = runner.invoke(app, args)
    assert refused.exit_code == 2 and "another budget (50000 nodes, 100% probes)" in (
        refused.output)
    assert out.read_bytes() == before
    for bad, message in ((["--variant", "scorpion", "--probes", "50"], "Scorpion has no probes"),
                         (["--player", "random", "--probes", "50"], "for --player full"),
                         (["--probes", "0"], None)):
        result = runner.invoke(app, ["survey", "1..3", "--workers", "1", "--out",
                                     str(tmp_path / "x.csv"), *bad])
        assert result.exit_code == 2, bad
        assert message is None or message in result.output, result.output
    assert not (tmp_path / "x.csv").exists()


def test_only_the_deals_asked_for_are_solved(tmp_path: Path) -> None:
    """B3: ``run_survey(only=...)`` solves those deals of the range and no other, and its
    result holds them alone; numbers outside the range are ignored."""
    out = tmp_path / "s.csv"
    results = run_survey(3549, 3552, "scorpion", Budget(10_000, None), out, workers=1,
                         only={3552, 3550, 99_999})
    assert sorted(results) == [3550, 3552]
    assert sorted(read_results(out)) == [3550, 3552]
    assert results[3550].verdict is Verdict.UNDECIDED and results[3550].nodes == 10_000
    nothing = tmp_path / "n.csv"
    assert run_survey(1, 9, "scorpion", Budget(10_000, None), nothing, only={10, 11}) == {}
    assert not nothing.exists()


def _around_the_first_undecided(variant_id: str) -> tuple[int, int]:
    """A range of 21 deals around the first deal the game's shipped list leaves undecided
    (the lists shrink as re-solves decide deals, so none is written here)."""
    first = min(shipped_undecided(variant_id))
    return max(1, first - 10), first + 10


def test_survey_of_the_undecided_deals_solves_those_the_shipped_list_leaves(
    tmp_path: Path,
) -> None:
    """B3 and issue 12's re-solves: ``--undecided`` solves only the deals of the range that
    the game's shipped list leaves undecided, and is refused where it means nothing."""
    first, last = _around_the_first_undecided("how-they-run")
    undecided = sorted(n for n in shipped_undecided("how-they-run") if first <= n <= last)
    assert undecided
    out = tmp_path / "h.csv"
    made = runner.invoke(app, ["survey", f"{first}..{last}", "--variant", "how-they-run",
                               "--undecided", "--nodes", "2000", "--probes", "100",
                               "--workers", "1", "--out", str(out)])
    assert made.exit_code == 0, made.output
    assert sorted(read_results(out)) == undecided
    deals = "deal" if len(undecided) == 1 else "deals"
    assert f"{len(undecided)} {deals}: " in made.stdout  # the summary counts those alone
    none_left = runner.invoke(app, ["survey", "1..100", "--variant", "scorpion-ii",
                                    "--undecided", "--out", str(tmp_path / "ii.csv")])
    assert none_left.exit_code == 0, none_left.output
    assert "leaves no deal of 1..100 undecided" in none_left.output
    assert not (tmp_path / "ii.csv").exists()
    for bad, message in ((["1..40000"], "covers deals 1..31999 only"),
                         (["1..12", "--player", "random"], "only so far (not How They Run)"),
                         (["1..12", "--plot", str(tmp_path / "p.svg")], "--plot draws")):
        result = runner.invoke(app, ["survey", *bad, "--variant", "how-they-run",
                                     "--undecided", "--out", str(tmp_path / "x.csv")])
        assert result.exit_code == 2, bad
        assert message in result.output, result.output
    assert not (tmp_path / "x.csv").exists()


def test_the_undecided_deals_go_to_a_file_of_their_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--undecided`` without ``--out`` does not write the full survey's default file."""
    monkeypatch.chdir(tmp_path)
    first, last = _around_the_first_undecided("how-they-run")
    made = runner.invoke(app, ["survey", f"{first}..{last}", "--variant", "how-they-run",
                               "--undecided", "--nodes", "2000", "--workers", "1"])
    assert made.exit_code == 0, made.output
    assert [p.name for p in tmp_path.iterdir()] == [
        f"survey-how-they-run-undecided-{first}-{last}.csv"]


def test_the_game_s_default_probes_share_is_the_same_budget(tmp_path: Path) -> None:
    """``--probes 10`` in How They Run (75 in Farmer's Wife) is the solve without
    ``--probes``: a file made without it resumes with it, and the rows say the same."""
    for game, share in (("how-they-run", "10"), ("farmers-wife", "75")):
        out = tmp_path / f"{game}.csv"
        args = ["survey", "2..3", "--variant", game, "--workers", "1", "--nodes", "3000",
                "--out", str(out)]
        made = runner.invoke(app, [args[0], "2..2", *args[2:]])
        assert made.exit_code == 0, made.output
        resumed = runner.invoke(app, [*args, "--probes", share])
        assert resumed.exit_code == 0, resumed.output
        assert {r.budget for r in read_results(out).values()} == {"3000 nodes"}
        assert sorted(read_results(out)) == [2, 3]


def test_a_file_spelling_the_game_s_own_probes_share_resumes_in_its_spelling(
    tmp_path: Path,
) -> None:
    """Rows made with ``3000 nodes, 10% probes`` in How They Run (its own share, the same
    solve as none) are resumed without ``--probes``, and the new rows keep the file's
    spelling, so the file still holds one budget."""
    out = tmp_path / "h.csv"
    row = decide_deal(2, "how-they-run", Budget(3000, None, 10)).row()
    out.write_text(",".join(FIELDS) + "\n" + ",".join(f'"{row[f]}"' for f in FIELDS) + "\n",
                   encoding="utf-8")
    assert {r.budget for r in read_results(out).values()} == {"3000 nodes, 10% probes"}
    resumed = runner.invoke(app, ["survey", "2..3", "--variant", "how-they-run", "--workers",
                                  "1", "--nodes", "3000", "--out", str(out)])
    assert resumed.exit_code == 0, resumed.output
    rows = read_results(out)
    assert sorted(rows) == [2, 3]
    assert {r.budget for r in rows.values()} == {"3000 nodes, 10% probes"}
    assert {r.variant for r in rows.values()} == {"how-they-run"}


def test_another_game_s_file_or_a_damaged_line_is_not_resumed(tmp_path: Path) -> None:
    """B3: a survey file whose winning lines do not win the game's deals (another game's
    survey, or a damaged line) is refused before any deal is solved, with no progress
    shown, and left as it was; a winnable row without a line is not a survey row."""
    out = tmp_path / "fw.csv"
    args = ["survey", "1..3", "--workers", "1", "--nodes", "20000", "--out", str(out)]
    made = runner.invoke(app, [*args, "--variant", "farmers-wife"])
    assert made.exit_code == 0, made.output
    won = [r for r in read_results(out).values() if r.verdict is Verdict.WINNABLE]
    assert won
    before = out.read_bytes()
    other = runner.invoke(app, [*args, "--variant", "how-they-run"])
    assert other.exit_code == 2
    assert "is a survey of Farmer's Wife, not How They Run" in other.output
    assert "How They Run 1..3" not in other.output  # refused before the progress bar
    assert out.read_bytes() == before
    # A file from before the game was recorded: its lines are replayed.
    legacy = "".join(line.rpartition(",")[0] + "\n"
                     for line in before.decode().splitlines())
    assert legacy.startswith(",".join(BUDGET_FIELDS) + "\n")
    out.write_text(legacy, encoding="utf-8")
    other = runner.invoke(app, [*args, "--variant", "how-they-run"])
    assert other.exit_code == 2
    assert f"the winning line of deal {won[0].deal} does not win How They Run's deal" in (
        other.output)
    assert out.read_text(encoding="utf-8") == legacy
    text = before.decode()
    damaged = text.replace(won[0].line, "XX-1 " + won[0].line)
    out.write_text(damaged, encoding="utf-8")
    result = runner.invoke(app, [*args, "--variant", "farmers-wife"])
    assert result.exit_code == 2 and "bad move 'XX-1'" in result.output, result.output
    out.write_text(text.replace(won[0].line, ""), encoding="utf-8")
    with pytest.raises(ValueError, match=r"is not a survey row \(deal .* is winnable without"):
        read_results(out)


def test_unreadable_files_are_named(tmp_path: Path) -> None:
    """A binary file, a folder that does not exist, a file of several budgets: each error
    names the user's file and what is wrong."""
    binary = tmp_path / "b.csv"
    binary.write_bytes(b"deal,\xd0\xff\n")
    nowhere = tmp_path / "no-such-folder" / "x.csv"
    several = tmp_path / "s.csv"
    head = ",".join(FIELDS)
    several.write_text(f"{head}\n1,not winnable,1,0.0001,5000000 nodes,,scorpion\n"
                       "2,not winnable,1,0.0001,10000 nodes,,scorpion\n", encoding="utf-8")
    for path, message in ((binary, f"{binary} is not a survey file (it is not UTF-8"),
                          (nowhere, f"cannot write {nowhere}"),
                          (several, f"{several} holds deals solved with several budgets")):
        result = runner.invoke(app, ["survey", "1..2", "--workers", "1", "--out", str(path)])
        assert result.exit_code == 2, path
        assert message in result.output, result.output
    assert not list(nowhere.parent.parent.glob("**/*.tmp"))


def test_node_budget_verdicts_are_the_survey_s(tmp_path: Path) -> None:
    out = tmp_path / "s.csv"
    results = run_survey(3549, 3552, "scorpion", Budget(10_000, None), out, workers=1)
    assert results[3550].verdict is Verdict.UNDECIDED and results[3550].nodes == 10_000
    assert {r.budget for r in results.values()} == {"10000 nodes"}
    again = decide_deal(3550, "scorpion", Budget(20_000, None))
    assert (again.verdict, again.nodes) == (Verdict.NOT_WINNABLE, DEAL_3550_NODES)


def test_survey_records_its_budget_and_refuses_to_mix_budgets(tmp_path: Path) -> None:
    out = tmp_path / "s.csv"
    args = ["survey", "200..203", "--workers", "1", "--out", str(out)]
    made = runner.invoke(app, [*args, "--nodes", "10000"])
    assert made.exit_code == 0, made.output
    assert "Budget per deal: 10000 nodes" in made.output
    header, *rows = out.read_text(encoding="utf-8").splitlines()
    assert header == ",".join(FIELDS)
    assert len(rows) == 4 and all(",10000 nodes," in row for row in rows)
    before = out.read_bytes()
    for other in ([], ["--nodes", "20000"], ["--budget", "10"]):
        refused = runner.invoke(app, args + other)
        assert refused.exit_code == 2
        assert "another budget (10000 nodes)" in refused.output
        assert out.read_bytes() == before  # nothing written, nothing lost
    resumed = runner.invoke(app, ["survey", "200..205", "--workers", "1", "--out", str(out),
                                  "--nodes", "10000"])
    assert resumed.exit_code == 0, resumed.output
    assert sorted(read_results(out)) == [200, 201, 202, 203, 204, 205]


def test_a_time_budget_says_so(tmp_path: Path) -> None:
    out = tmp_path / "s.csv"
    made = runner.invoke(app, ["survey", "1..3", "--workers", "1", "--out", str(out),
                               "--budget", "10"])
    assert made.exit_code == 0, made.output
    assert "Budget per deal: 10 seconds (depends on this machine's speed)" in made.output
    assert {r.budget for r in read_results(out).values()} == {"10 seconds"}


def test_player_surveys_take_no_solver_budget(tmp_path: Path) -> None:
    result = runner.invoke(app, ["survey", "1..3", "--player", "random", "--nodes", "5",
                                 "--out", str(tmp_path / "p.csv")])
    assert result.exit_code == 2 and "for --player full" in result.output


def test_a_file_without_the_budget_column_is_not_resumed(tmp_path: Path) -> None:
    out = tmp_path / "old.csv"
    out.write_text(",".join(OLD_FIELDS) + "\n1,not winnable,1,0.0001,\n", encoding="utf-8")
    result = runner.invoke(app, ["survey", "1..3", "--workers", "1", "--out", str(out)])
    assert result.exit_code == 2
    assert "before surveys recorded their budget" in result.output
    assert out.read_text(encoding="utf-8").count("\n") == 2


def test_a_cut_off_last_row_is_dropped_even_when_it_reads_as_a_row(tmp_path: Path) -> None:
    out = tmp_path / "s.csv"
    full = decide_deal(5, "scorpion", Budget())
    assert full.verdict is Verdict.WINNABLE and " " in full.line
    cut = ",".join(full.row()[f] for f in FIELDS).rsplit(" ", 3)[0]  # line cut short
    out.write_text(",".join(FIELDS) + "\r\n" + cut, encoding="utf-8", newline="")
    assert read_results(out) == {}
    results = run_survey(5, 5, "scorpion", Budget(), out, workers=1)
    assert results[5].line == full.line
    assert read_results(out)[5].line == full.line
    assert out.read_text(encoding="utf-8").splitlines()[1].endswith(f"{full.line},scorpion")


def test_a_cut_off_header_is_an_empty_survey_and_garbage_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "s.csv"
    out.write_text("deal,verd", encoding="utf-8")
    assert read_results(out) == {}
    out.write_text("deal,colour\n1,red\n", encoding="utf-8")
    with pytest.raises(ValueError, match="not a survey file"):
        read_results(out)


def test_a_bad_row_before_the_last_or_a_deal_twice_is_refused(tmp_path: Path) -> None:
    """Also in a file from before the game was recorded (:data:`BUDGET_FIELDS`)."""
    out = tmp_path / "s.csv"
    head = ",".join(BUDGET_FIELDS)
    row = "1,not winnable,1,0.0001,5000000 nodes,"
    out.write_text(f"{head}\n{row}\n1,what,1,0.1,5000000 nodes,\n", encoding="utf-8")
    with pytest.raises(ValueError, match="row 3 is not a survey row"):
        read_results(out)
    out.write_text(f"{head}\n{row}\n{row}\n", encoding="utf-8")
    assert sorted(read_results(out)) == [1]  # the same row twice reads as one
    out.write_text(f"{head}\n{row}\n1,not winnable,2,0.0001,5000000 nodes,\n", encoding="utf-8")
    with pytest.raises(ValueError, match="deal 1 has two different rows"):
        read_results(out)


@pytest.mark.parametrize(("row", "why"), [
    ("1,not winnable,5,0.0001,5000000 nodes,7D-1", "deal 1 is not winnable with a winning line"),
    ("1,undecided,5000000,1.0,5000000 nodes,7D-1", "deal 1 is undecided with a winning line"),
    ("0,not winnable,1,0.0001,5000000 nodes,", "no deal 0"),
    ("1,not winnable,-5,0.0001,5000000 nodes,", "deal 1: -5 positions in 0.0001 s"),
    ("1,not winnable,0,0.0001,5000000 nodes,", "deal 1: 0 positions in 0.0001 s"),
    ("1,not winnable,5,nan,5000000 nodes,", "deal 1: 5 positions in nan s"),
    ("1,not winnable,5,-1,5000000 nodes,", "deal 1: 5 positions in -1 s"),
])
def test_a_row_that_contradicts_itself_is_refused(tmp_path: Path, row: str, why: str) -> None:
    """B3: a row is read only if it could have been written: a line only with
    "winnable", a deal number from 1, a count of positions from 1 and a finite time."""
    out = tmp_path / "s.csv"
    out.write_text(f"{','.join(BUDGET_FIELDS)}\n{row}\n2,not winnable,1,0.0001,5000000 nodes,\n",
                   encoding="utf-8")
    with pytest.raises(ValueError, match=f"row 2 is not a survey row \\({re.escape(why)}"):
        read_results(out)


@pytest.mark.parametrize(("deals", "why"), [
    ("1..10000001", "10,000,001 deals in '1..10000001': a survey takes at most 10,000,000"),
    ("1..1000000000000", "a survey takes at most 10,000,000; survey the range in parts"),
    ("100000000000000000001..100000000000000000002",
     "deal numbers go up to 100,000,000,000,000,000,000"),
])
def test_a_range_too_large_is_refused_before_any_file_is_made(
    tmp_path: Path, deals: str, why: str
) -> None:
    """B3: the deal numbers of a survey are listed in memory, so a range of more than ten
    million deals (or past the last deal number) is refused at once, and no file made."""
    out = tmp_path / "s.csv"
    result = runner.invoke(app, ["survey", deals, "--nodes", "1000", "--out", str(out)])
    assert result.exit_code == 2
    assert why in result.output
    assert not out.exists()


def test_the_out_file_may_be_a_link_and_must_be_a_regular_file(tmp_path: Path) -> None:
    """B3: --out through a symbolic link writes the file it points to and keeps the link;
    a directory or a named pipe (or a device) is refused before any deal is solved, and
    left as it was."""
    real = tmp_path / "real.csv"
    link = tmp_path / "link.csv"
    link.symlink_to(real)
    result = runner.invoke(app, ["survey", "3550..3551", "--nodes", "1000", "--out", str(link)])
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and sorted(read_results(real)) == [3550, 3551]
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for target in (tmp_path, pipe):
        result = runner.invoke(app, ["survey", "3550", "--nodes", "1000", "--out", str(target)])
        assert result.exit_code == 2
        assert f"error: {target} is not a regular file" in result.output
    assert stat.S_ISFIFO(pipe.stat().st_mode)


def test_an_empty_variant_id_is_refused() -> None:
    """B3: ``--variant ''`` names no game (it used to fall back to Scorpion silently)."""
    for args in (["deal", "1"], ["solve", "--deal", "1", "--nodes", "10"],
                 ["survey", "1", "--nodes", "10"], ["play"]):
        result = runner.invoke(app, [*args, "--variant", ""], input="quit\n")
        assert result.exit_code == 2, args
        assert "unknown variant ''" in result.output


@dataclass(frozen=True)
class Square:
    deal: int

    def row(self) -> dict[str, str]:
        return {"deal": str(self.deal), "square": str(self.deal * self.deal)}

    @classmethod
    def parse(cls, row: dict[str, str]) -> Square:
        if int(row["square"]) != int(row["deal"]) ** 2:
            raise ValueError("not a square")
        return cls(int(row["deal"]))


class CountingPool(Executor):
    """A thread pool that records the chunks submitted and the most in flight at once."""

    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(max_workers=3)
        self.chunks: list[list[int]] = []
        self.in_flight = 0
        self.most = 0
        self.lock = threading.Lock()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        with self.lock:
            self.chunks.append(list(args[1]))
            self.in_flight += 1
            self.most = max(self.most, self.in_flight)
        future = self.pool.submit(fn, *args, **kwargs)
        future.add_done_callback(self._done)
        return future

    def _done(self, _: Future[Any]) -> None:
        with self.lock:
            self.in_flight -= 1

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.pool.shutdown(wait=wait, cancel_futures=cancel_futures)


def slow_square(n: int) -> Square:
    threading.Event().wait(0.002)
    return Square(n)


def test_chunks_grow_to_the_target_time_stay_bounded_and_cover_each_deal_once(
    tmp_path: Path,
) -> None:
    out = tmp_path / "squares.csv"
    pool = CountingPool()
    seen: list[int] = []
    results = run_tasks(range(1, 401), slow_square, out, ("deal", "square"), Square.parse,
                        executor=pool, on_result=lambda r: seen.append(r.deal), in_flight=3,
                        chunk_seconds=0.05, max_chunk=40)
    pool.shutdown()
    assert sorted(results) == list(range(1, 401)) == sorted(seen)
    assert sorted(n for c in pool.chunks for n in c) == list(range(1, 401))  # each deal once
    assert pool.most <= 3
    sizes = [len(c) for c in pool.chunks]
    assert sizes[:3] == [1, 1, 1]  # nothing measured yet
    assert max(sizes) > 5 and max(sizes) <= 40  # grown from the time taken, within the cap
    rows = out.read_text(encoding="utf-8").splitlines()
    assert rows[0] == "deal,square" and len(rows) == 401
    assert [int(r.split(",")[0]) for r in rows[1:]] == list(range(1, 401))  # sorted at the end
    assert read_rows(out, ("deal", "square"), Square.parse) == results


def test_results_come_back_by_deal_number_whatever_the_order_they_were_done_in(
    tmp_path: Path,
) -> None:
    """B3: the results are ordered by deal number, so the first winnable deal a reader meets
    is the first a check of the file meets (deals already in the file, and chunks that finish
    together, are otherwise met out of order)."""
    out = tmp_path / "squares.csv"
    pool = CountingPool()
    run_tasks(range(7, 13), slow_square, out, ("deal", "square"), Square.parse, executor=pool)
    results = run_tasks(range(1, 13), slow_square, out, ("deal", "square"), Square.parse,
                        executor=pool, in_flight=4)
    pool.shutdown()
    assert list(results) == list(range(1, 13))
    assert [r.deal for r in results.values()] == list(range(1, 13))


def test_a_deal_that_comes_back_twice_is_written_once(tmp_path: Path) -> None:
    class Again(CountingPool):
        """Each chunk also runs the deals of the chunk before it again."""

        last: list[int] = []  # noqa: RUF012

        def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
            task, chunk = args
            both, self.last = [*self.last, *chunk], list(chunk)
            return super().submit(fn, task, both, **kwargs)

    out = tmp_path / "squares.csv"
    pool = Again()
    seen: list[int] = []
    run_tasks(range(1, 21), slow_square, out, ("deal", "square"), Square.parse,
              executor=pool, on_result=lambda r: seen.append(r.deal), in_flight=1)
    pool.shutdown()
    assert sum(len(c) for c in pool.chunks) > 20  # deals did come back
    assert sorted(seen) == list(range(1, 21))
    assert out.read_text(encoding="utf-8").count("\n") == 21


def test_block_size_fits_the_range() -> None:
    from scorpion.plots import block_size

    assert block_size(1_000_000) == 100_000
    assert block_size(31_999) == 1_000
    assert block_size(50_000) == 10_000
    assert block_size(300) == 10
    assert block_size(3) == 1


def test_survey_plot_of_a_full_survey_draws_blocks_and_solve_times(tmp_path: Path) -> None:
    out, plot = tmp_path / "s.csv", tmp_path / "full.svg"
    result = runner.invoke(app, ["survey", "1..60", "--workers", "1", "--out", str(out),
                                 "--plot", str(plot)])
    assert result.exit_code == 0, result.output
    assert f"plot: {plot}" in result.stdout
    svg = plot.read_text(encoding="utf-8")
    results = read_results(out)
    won = sum(r.verdict is Verdict.WINNABLE for r in results.values())
    assert "per block of 10 deals" in svg
    assert f"all 60 deals: {won / 60:.1%}" in svg
    assert "seconds per deal" in svg and "solve times" in svg
    assert "5000000 nodes" in svg


def test_block_summaries_count_each_block_s_deals() -> None:
    from scorpion.plots import block_summaries
    from scorpion.solver.survey import DealResult, wilson_interval

    verdicts = [Verdict.WINNABLE, Verdict.NOT_WINNABLE, Verdict.UNDECIDED]
    results = {n: DealResult(n, verdicts[n % 3], 1, 0.0, "") for n in range(5, 30)}
    cut = block_summaries(results, 5, 29, 10)
    assert [(a, b) for a, b, _ in cut] == [(5, 14), (15, 24), (25, 29)]
    last = cut[-1][2]  # deals 25..29: 27 winnable, 25 and 28 not, 26 and 29 undecided
    assert (last.total, last.won, last.lost, last.undecided) == (5, 1, 2, 2)
    assert (last.low, last.high) == (wilson_interval(1, 5)[0], wilson_interval(3, 5)[1])
    assert sum(s.total for _, _, s in cut) == 25
    with pytest.raises(ValueError, match="holds 25 of the 26 deals"):
        block_summaries(results, 4, 29, 10)
    with pytest.raises(ValueError, match="at least 1 deal"):
        block_summaries(results, 5, 29, 0)


def test_a_plot_without_matplotlib_is_refused_before_the_survey(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """B3: --plot needs matplotlib (an extra); without it the survey is refused at once,
    not after its deals were solved."""
    import importlib.util

    find_spec = importlib.util.find_spec

    def without_matplotlib(name: str, *args: Any) -> Any:
        return None if name == "matplotlib" else find_spec(name, *args)

    monkeypatch.setattr(importlib.util, "find_spec", without_matplotlib)
    out = tmp_path / "s.csv"
    result = runner.invoke(app, ["survey", "3550", "--nodes", "1000", "--out", str(out),
                                 "--plot", str(tmp_path / "p.svg")])
    assert result.exit_code == 2
    assert "error: --plot needs matplotlib (pip install '.[plot]')" in result.output
    assert not out.exists()


def test_b3_a_survey_starts_no_more_processes_than_deals_to_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """B3: --workers asks for processes, but a survey starts no more than it has deals
    to do (400 workers for one deal started 400 processes), and more than 256 is refused."""
    from scorpion.solver import survey

    asked: list[int] = []

    def pool(max_workers: int) -> ThreadPoolExecutor:
        asked.append(max_workers)
        return ThreadPoolExecutor(max_workers)

    monkeypatch.setattr(survey, "ProcessPoolExecutor", pool)
    out = tmp_path / "s.csv"
    result = runner.invoke(app, ["survey", "1..2", "--nodes", "1000", "--workers", "200",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert asked == [2] and sorted(read_results(out)) == [1, 2]
    refused = runner.invoke(app, ["survey", "1..2", "--workers", "257", "--out", str(out)])
    assert refused.exit_code == 2 and "less than or equal to 256" in refused.output


def test_b3_a_player_surveys_plot_reads_the_file_it_was_written_to(tmp_path: Path) -> None:
    """B3: with --out naming its own file, a player survey's --plot draws that file (it
    looked only for files under their default names, and refused)."""
    pytest.importorskip("matplotlib")
    out, plot = tmp_path / "mine.csv", tmp_path / "p.svg"
    result = runner.invoke(app, ["survey", "1..3", "--player", "random", "--workers", "1",
                                 "--out", str(out), "--plot", str(plot)])
    assert result.exit_code == 0, result.output
    assert f"plot: {plot}" in result.stdout
    assert "random player" in plot.read_text(encoding="utf-8")
