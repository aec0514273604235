"""Edges of the command line (B3) found by a newcomer's try-out: a closed or undecodable
stdin, an output that cannot be written, a long input said back, 'play' after a win or
stuck, feedback while a slow step runs, and the survey's output file and wording.

Exit codes: 0 success, 1 an illegal move, 2 bad input, with one line naming the problem.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import scorpion
from scorpion.cli import app
from scorpion.engine import VARIANTS, Move, deal
from scorpion.engine.hints import hint_moves
from scorpion.solver import Verdict, solve

runner = CliRunner()

SRC = str(Path(scorpion.__file__).resolve().parent.parent)
"""The folder to import this package from in a child process (as the tests do)."""

NO_STDIN = "error: cannot read -: there is no standard input\n"


def scorpion_process(
    *args: str, stdin: int | None = None, stdout: int | None = subprocess.PIPE,
    data: bytes | None = None, close_stdin: bool = False,
) -> subprocess.CompletedProcess[bytes]:
    """Run ``python -m scorpion ARGS`` in a child process, as a shell would: with stdin
    closed (``0<&-``) if asked, and Python's UTF-8 mode (bytes that are not UTF-8 read
    from stdin as stand-ins, as under the C locale)."""
    env = {**os.environ, "PYTHONPATH": SRC, "PYTHONUTF8": "1"}
    return subprocess.run(
        [sys.executable, "-m", "scorpion", *args],
        input=data, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, env=env,
        preexec_fn=(lambda: os.close(0)) if close_stdin else None, timeout=60, check=False,
    )


# --- 1. play with no standard input ----------------------------------------------------


def test_b3_play_with_its_standard_input_closed_is_bad_input() -> None:
    """B3: 'scorpion play -d 5 0<&-' ended in "RuntimeError: input(): lost sys.stdin" with a
    traceback and exit 1; it is bad input, said as the other commands say it."""
    result = scorpion_process("play", "-d", "5", close_stdin=True)
    assert (result.returncode, result.stdout, result.stderr.decode()) == (2, b"", NO_STDIN)
    moves = scorpion_process("moves", "-", close_stdin=True)
    assert (moves.returncode, moves.stderr.decode()) == (2, NO_STDIN)


# --- 5. input that is not UTF-8 ---------------------------------------------------------


def test_b3_b4_stdin_that_is_not_utf8_is_named_as_a_file_is(tmp_path: Path) -> None:
    """B3, B4: bytes that are not UTF-8 on stdin read as an "unknown card '\\udce9'";
    stdin and a file now get the same error, naming the first such byte (exit 2)."""
    bad = b"1: \xe9\n"
    piped = scorpion_process("moves", "-", data=bad)
    assert (piped.returncode, piped.stdout, piped.stderr.decode()) == (
        2, b"", "error: cannot read -: not UTF-8 text (byte 0xe9 at position 3)\n")
    given = runner.invoke(app, ["moves", "-"], input=bad)
    assert (given.exit_code, given.stderr) == (
        2, "error: cannot read -: not UTF-8 text (byte 0xe9 at position 3)\n")
    path = tmp_path / "lat.txt"
    path.write_bytes(bad)
    from_file = runner.invoke(app, ["moves", str(path)])
    assert (from_file.exit_code, from_file.stderr) == (
        2, f"error: cannot read {path}: not UTF-8 text (byte 0xe9 at position 3)\n")


def test_b3_a_position_from_stdin_keeps_its_windows_line_ends() -> None:
    """B3, B4: stdin is read as bytes now; a position with CRLF line ends still reads as
    the same position (the text layer used to turn them into newlines)."""
    text = runner.invoke(app, ["deal", "1"]).stdout
    plain = runner.invoke(app, ["moves", "-"], input=text)
    crlf = runner.invoke(app, ["moves", "-"], input=text.replace("\n", "\r\n").encode())
    assert crlf.exit_code == plain.exit_code == 0, crlf.output
    assert crlf.stdout == plain.stdout != ""


@pytest.mark.parametrize("how", ["process", "runner"])
def test_b3_play_refuses_a_line_that_is_not_utf8_and_goes_on(how: str) -> None:
    """B3: 'play' said back bytes that are not UTF-8 as "bad move '\\udcff\\udcfe-bad'"
    (or, with a strict stdin, crashed); it refuses the line, showing those bytes
    readably, and the game goes on."""
    data = b"\xff\xfe-bad\n5S 7\nquit\n"
    if how == "process":
        result = scorpion_process("play", "-d", "1", data=data)
        code, out = result.returncode, result.stdout.decode()
    else:
        invoked = runner.invoke(app, ["play", "-d", "1"], input=data)
        code, out = invoked.exit_code, invoked.stdout
    assert code == 0, out
    assert "> not UTF-8 text: \\xff\\xfe-bad\n" in out
    assert "bad move" not in out and "\\udc" not in out
    assert "7: 7C QC JS QH 4S 8S 6S 5S 9D 5C 3S 7D 8C" in out  # the next line was played


# --- 6. an output that cannot be written ------------------------------------------------


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_b3_an_output_that_cannot_be_written_is_one_line() -> None:
    """B3: 'scorpion deal 1 > /dev/full' ended in an OSError traceback; one line, exit 2."""
    with open("/dev/full", "wb") as full:
        result = scorpion_process("deal", "1", stdout=full.fileno())
    assert (result.returncode, result.stderr.decode()) == (
        2, "error: cannot write the output: No space left on device\n")


def test_b3_a_reader_that_stops_early_ends_the_command_quietly() -> None:
    """B3: a pipe closed by its reader ('| head -c1') ends the command without a word (a
    guard: Typer's own handling already did, with exit code 1)."""
    read, write = os.pipe()
    os.close(read)
    try:
        result = scorpion_process("deal", "1", "--json", stdout=write)
    finally:
        os.close(write)
    assert (result.returncode, result.stderr) == (1, b"")


# --- 7, 8. play's help and its deal number ----------------------------------------------


def test_b3_play_help_names_every_word_it_takes() -> None:
    """B3: 'play --help' said "type moves, undo, redo, hint, restart, quit", leaving out
    deal, new [N] and help."""
    result = runner.invoke(app, ["play", "--help"])
    assert result.exit_code == 0
    assert ("Play in the terminal: type moves, deal, undo, redo, hint, restart, new [N], "
            "help, quit.") in " ".join(result.stdout.split())


def test_b3_play_refuses_an_empty_deal_number_as_deal_does() -> None:
    """B3: 'play -d ""' dealt a random deal silently, while 'deal ""' says it is empty."""
    dealt = runner.invoke(app, ["deal", ""])
    played = runner.invoke(app, ["play", "-d", ""], input="quit\n")
    assert dealt.exit_code == played.exit_code == 2
    assert played.stdout == ""
    assert played.stderr == dealt.stderr
    assert played.stderr.startswith("error: not a deal number: '': it is empty (digits 0-9")


# --- 9. long input said back ------------------------------------------------------------

LONG = "x" * 100_000
CUT = "x" * 40 + "\u2026"


def test_b3_a_long_bad_move_is_said_back_cut_short() -> None:
    """B3: a 100,000-character move to 'apply' gave 100 KB on stderr; it is said back in
    40 characters and '…'."""
    text = runner.invoke(app, ["deal", "1"]).stdout
    result = runner.invoke(app, ["apply", "-", LONG], input=text)
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: bad move '{CUT}': a move is <card>-<column> such as 7H-5, or 'deal'\n")
    column = runner.invoke(app, ["apply", "-", "7H-" + "9" * 100_000], input=text)
    assert column.exit_code == 2
    assert column.stderr == (
        f"error: bad move '7H-{'9' * 37}\u2026': the column must be a number from 1 to 7, "
        f"not '{'9' * 40}\u2026'\n")


def test_b3_a_long_card_in_a_position_is_said_back_cut_short() -> None:
    """B3, B4: a card of 100,000 characters in a position file is named in 40."""
    result = runner.invoke(app, ["moves", "-"], input=f"1: {LONG}\n")
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: -: line 1: unknown card '{CUT}' (a card is a rank A23456789TJQK followed "
        "by a suit CDHS)\n")


def test_b3_play_says_back_a_long_move_cut_short() -> None:
    """B3: 'play' said back a 50,000-character line in full."""
    result = runner.invoke(app, ["play", "-d", "1"], input="x" * 50_000 + "\nquit\n")
    assert result.exit_code == 0
    said = result.stdout.split("\n> ")[1]
    assert " ".join(said.split()) == (
        f"bad move '{CUT}': a move is <card>-<column> such as 7H-5, or 'deal'")
    assert len(result.stdout) < 2_000


# --- 4. hint after a win, and in a stuck game -------------------------------------------

WON = "the game is won: type 'new' for another deal or 'restart' to play it again"
STUCK = "no moves left: try undo, restart or new"

STUCK_THREE_BLIND_MICE_14 = [
    "4C-9", "9S-3", "AD-10", "6C-8", "KC-7", "3C-9", "QS-10", "5C-8", "4S-9", "TH-3", "7S-8",
    "JS-10", "6H-4", "TS-10", "3S-9", "KH-5", "8S-10", "6S-10",
]
"""A line of Three Blind Mice deal 14 that leaves no legal move, the game not won."""


def said_to(out: str, nth: int) -> str:
    """What 'play' said after the ``nth`` line typed (0: the first), on one line."""
    return " ".join(out.split("\n> ")[nth + 1].split())


@pytest.mark.parametrize("variant_id", ["scorpion", "chelicera"])
def test_f5_hint_after_a_win_says_the_game_is_won(variant_id: str) -> None:
    """F3, F5: after a win, 'hint' said "no moves left: try undo, restart or new"
    (Scorpion) or "... not available in Chelicera yet; moves: none"."""
    v = VARIANTS[variant_id]
    number = {"scorpion": 5, "chelicera": 1}[variant_id]
    result = solve(deal(number, v), max_seconds=60)
    assert result.verdict is Verdict.WINNABLE
    line = [str(m) for m in result.line]
    out = runner.invoke(app, ["play", "-d", str(number), "-v", variant_id],
                        input="".join(f"{m}\n" for m in [*line, "hint", "quit"]))
    assert out.exit_code == 0, out.output
    assert f"You won in {len(line)} moves!" in out.stdout
    assert said_to(out.stdout, len(line)) == WON


def test_f3_hint_in_a_stuck_game_without_chances_says_no_moves_left() -> None:
    """F3: in a game of ten columns (Three Blind Mice), a game stuck but not won gets the
    guidance of the games with Scorpion's stock, not "moves: none"."""
    v = VARIANTS["three-blind-mice"]
    p = deal(14, v)
    for text in STUCK_THREE_BLIND_MICE_14:
        p = p.apply(Move.parse(text, v))
    assert p.legal_moves() == [] and not p.is_won
    out = runner.invoke(
        app, ["play", "-d", "14", "-v", "three-blind-mice"],
        input="".join(f"{m}\n" for m in [*STUCK_THREE_BLIND_MICE_14, "hint", "quit"]),
    )
    assert out.exit_code == 0, out.output
    assert said_to(out.stdout, len(STUCK_THREE_BLIND_MICE_14)) == STUCK
    assert "You won" not in out.stdout


def test_f3_hint_of_a_game_without_chances_lists_the_moves_without_yet() -> None:
    """F3: "hints with chances are not available in X yet": the README promises none."""
    out = runner.invoke(app, ["play", "-d", "1", "-v", "scorpion-head"], input="hint\nquit\n")
    assert out.exit_code == 0, out.output
    listed = " ".join(str(m) for m in hint_moves(deal(1, VARIANTS["scorpion-head"])))
    assert listed
    assert said_to(out.stdout, 0) == (
        f"hints with chances are not available in Scorpion Head; moves: {listed}")


# --- 11. feedback while a slow step runs ------------------------------------------------


def test_b3_solve_shows_what_it_solves_on_a_terminal_only() -> None:
    """B3: 'solve' was silent for its whole budget; on a terminal (rich's FORCE_COLOR
    stands for one here) a status on stderr says what it solves and for how long at
    most. Not on a pipe; stdout the same either way."""
    args = ["solve", "--deal", "5", "--nodes", "200000"]
    shown = runner.invoke(app, args, env={"FORCE_COLOR": "1"})
    plain = runner.invoke(app, args, env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None})
    assert shown.exit_code == plain.exit_code == 0, shown.output
    assert "solving deal 5 (Scorpion), up to 200,000 positions\u2026" in shown.stderr
    assert plain.stderr == ""
    assert shown.stdout.splitlines()[0] == plain.stdout.splitlines()[0] == (
        "Scorpion deal 5: winnable")
    assert shown.stdout.splitlines()[2:] == plain.stdout.splitlines()[2:]


def test_b6_survey_says_it_connects_to_the_scheduler_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """B3, B6: with no scheduler listening, 'survey --scheduler' was silent for 30 s
    before "Timed out"; it says first what it waits for (stderr; nothing on stdout)."""
    from contextlib import AbstractContextManager

    from scorpion.solver import cluster

    def no_scheduler(address: str, timeout: float = 30.0) -> AbstractContextManager[object]:
        raise cluster.ClusterError(f"no Dask scheduler answered at {address} within 30 s")

    monkeypatch.setattr(cluster, "dask_pool", no_scheduler)
    address = "tcp://127.0.0.1:8799"
    result = runner.invoke(app, ["survey", "1..3", "--scheduler", address,
                                 "--out", str(tmp_path / "s.csv")])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        "Budget per deal: 5000000 nodes\n"
        f"connecting to the Dask scheduler at {address}\u2026\n"
        f"error: no Dask scheduler answered at {address} within 30 s\n"
    )


# --- 12. the survey's file and wording --------------------------------------------------


def test_b3_survey_checks_its_file_can_be_written_before_it_starts(tmp_path: Path) -> None:
    """B3: '--out /nonexistent/dir/x.csv' drew a "0/5" progress bar before its error."""
    out = tmp_path / "nonexistent" / "x.csv"
    result = runner.invoke(app, ["survey", "1..5", "--out", str(out)])
    assert result.exit_code == 2
    assert (result.stdout, result.stderr) == (
        "", f"error: cannot write {out}: No such file or directory\n")
    a_file = tmp_path / "file"
    a_file.write_text("", encoding="utf-8")
    result = runner.invoke(app, ["survey", "1..5", "--out", str(a_file / "x.csv")])
    assert (result.exit_code, result.stderr) == (
        2, f"error: cannot write {a_file / 'x.csv'}: Not a directory\n")


def test_b3_survey_of_one_deal_says_one_deal(tmp_path: Path) -> None:
    """B3: "1 deal: ..." and "time: 0.1 s for 1 deal", not "1 deals"."""
    out = tmp_path / "s.csv"
    result = runner.invoke(app, ["survey", "1", "--workers", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == ("1 deal: 0 winnable, 1 not winnable, 0 undecided; winnable share 0.0% "
                        "(95% Wilson interval 0.0% to 79.3%, undecided counted both ways)")
    assert re.fullmatch(r"time: \d+\.\d s for 1 deal \(\d+\.\d\d deals/s\)", lines[1])
    assert lines[2] == f"results: {out}"
