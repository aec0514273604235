"""The command line (B3, B4): deal, moves, apply, play, and their exit codes.

Exit codes: 0 success, 1 an illegal move, 2 bad input.
"""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent

import pytest
import typer.main
from typer.testing import CliRunner

from scorpion.advisor import PlayerView, advise
from scorpion.cli import app
from scorpion.engine import (
    SCORPION_II,
    Move,
    deal,
    parse_position,
    position_from_json,
    position_to_json,
)
from winning import find_winning_line

runner = CliRunner()

DEAL_1 = """\
# Scorpion deal 1
1: [JD 5H KH] AS 4H TH 8D
2: [2D KD 3H] AH AC 8H QS
3: [9H KC 2S] 3C 4D 2C 6C
4: [JC 9S KS] 4C 7S JH 3D
5: 5D 5S 9D 5C 3S 7D 8C
6: 7H AD QD TS TD 6D TC
7: 7C QC JS QH 4S 8S 6S
stock: 9C 2H 6H
runs: -
"""

# Hearts and spades only, no empty column, no stock.
BASE = """\
1: KH 2S 8H
2: QH 3S 8S
3: JH 4S 7H
4: TH 5S 9H 6S
5: AH 7S 2H 9S
6: 3H TS 4H JS 5H
7: KS 6H QS AS
stock: -
runs: C D
"""



# --- deal --------------------------------------------------------------------------------


def test_b3_deal_prints_the_layout_exactly() -> None:
    """B3, R5: 'scorpion deal 1' prints deal 1 in the notation, titled."""
    result = runner.invoke(app, ["deal", "1"])
    assert result.exit_code == 0
    assert result.stdout == DEAL_1
    assert parse_position(result.stdout) == deal(1)


def test_b3_deal_of_a_variant_and_an_ms_number() -> None:
    """B3, V2: the title and variant line; 'ms' numbers keep their prefix in the title."""
    result = runner.invoke(app, ["deal", "617", "--variant", "scorpion-ii"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[:2] == ["# Scorpion II deal 617", "variant: scorpion-ii"]
    assert parse_position(result.stdout) == deal(617, SCORPION_II)
    result = runner.invoke(app, ["deal", "ms40000", "-v", "wasp"])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "# Wasp deal ms40000"
    result = runner.invoke(app, ["deal", "#6,17"])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "# Scorpion deal 617"


def test_b3_deal_json() -> None:
    """B4: 'deal 1 --json' prints the JSON form, with the deal number."""
    result = runner.invoke(app, ["deal", "1", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["deal"] == "1"
    assert data["variant"] == "scorpion"
    assert data["columns"][0] == {"face_down": ["JD", "5H", "KH"],
                                  "face_up": ["AS", "4H", "TH", "8D"]}
    assert data["stock"] == ["9C", "2H", "6H"]
    assert data["runs"] == []
    del data["deal"]
    assert data == position_to_json(deal(1))
    assert position_from_json(data) == deal(1)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["deal", "0"], "start at 1"),
        (["deal", "--", "-5"], "start at 1"),
        (["deal", "-5"], "deal numbers start at 1, not -5"),  # not "No such option: -5"
        (["deal", "-5", "--json"], "deal numbers start at 1, not -5"),
        (["deal", "abc"], "not a deal number"),
        (["deal", "5.0"], "not a deal number: '5.0': '.' is not allowed"),
        (["deal", "٣"], "'٣' is not allowed"),
        (["deal", "100000000000000000001"], "above the largest"),
        (["deal", "1", "--variant", "spider"], "unknown variant 'spider'"),
    ],
)
def test_b3_deal_bad_input_exits_2(args: list[str], message: str) -> None:
    """B3: bad deal numbers and variants: exit code 2 and an error on stderr."""
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("error: ")
    assert message in result.stderr


# --- moves, apply --------------------------------------------------------------------------


def test_b3_moves_from_stdin() -> None:
    """B3: 'moves -' reads the position from stdin and lists the legal moves."""
    result = runner.invoke(app, ["moves", "-"], input=BASE)
    assert result.exit_code == 0
    assert result.stdout == "8S-5\n7H-1\n7S-2\n6H-3\n"


def test_b3_moves_from_a_file_of_a_deal(tmp_path: Path) -> None:
    """B3: 'moves FILE' on deal 1 (the file written by 'deal')."""
    path = tmp_path / "deal1.txt"
    path.write_text(DEAL_1, encoding="utf-8")
    result = runner.invoke(app, ["moves", str(path)])
    assert result.exit_code == 0
    assert result.stdout == "5S-7\n5C-3\n7D-1\n7C-5\nJS-2\ndeal\n"


def test_b3_moves_in_a_variant_given_on_the_command_line() -> None:
    """B3, V2: '--variant wasp' applies Wasp's empty-column rule to the file."""
    text = BASE.replace("4: TH 5S 9H 6S", "4:").replace(
        "7: KS 6H QS AS", "7: KS 6H QS AS TH 5S 9H 6S")
    result = runner.invoke(app, ["moves", "-", "--variant", "wasp"], input=text)
    assert result.exit_code == 0
    moves = result.stdout.split()
    assert "7H-4" in moves and "2S-4" in moves
    result = runner.invoke(app, ["moves", "-"], input=text)
    assert result.exit_code == 0
    moves = result.stdout.split()
    assert "7H-4" not in moves and "2S-4" not in moves
    assert "KH-4" in moves and "KS-4" in moves


def test_b3_apply_prints_the_resulting_position(tmp_path: Path) -> None:
    """B3, R6, R7: apply moves in order and print the position."""
    path = tmp_path / "base.txt"
    path.write_text(BASE, encoding="utf-8")
    result = runner.invoke(app, ["apply", str(path), "7H-1", "6H-1"])
    assert result.exit_code == 0
    assert result.stdout == dedent("""\
        1: KH 2S 8H 7H 6H QS AS
        2: QH 3S 8S
        3: JH 4S
        4: TH 5S 9H 6S
        5: AH 7S 2H 9S
        6: 3H TS 4H JS 5H
        7: KS
        stock: -
        runs: C D
        """)


def test_b3_apply_from_stdin_with_deal() -> None:
    """B3, R11: 'apply - deal' on deal 1."""
    result = runner.invoke(app, ["apply", "-", "deal", "5S-7"], input=DEAL_1)
    assert result.exit_code == 0
    assert result.stdout == dedent("""\
        1: [JD 5H KH] AS 4H TH 8D 9C
        2: [2D KD 3H] AH AC 8H QS 2H
        3: [9H KC 2S] 3C 4D 2C 6C 6H
        4: [JC 9S KS] 4C 7S JH 3D
        5: 5D
        6: 7H AD QD TS TD 6D TC
        7: 7C QC JS QH 4S 8S 6S 5S 9D 5C 3S 7D 8C
        stock: -
        runs: -
        """)


def test_b3_apply_illegal_move_exits_1() -> None:
    """B3, R7: 'illegal: <move>: <reason>' on stderr and exit code 1; nothing else printed,
    and nothing on stdout (``apply f M > next`` leaves no text that is not a position)."""
    result = runner.invoke(app, ["apply", "-", "7S-2", "7H-2"], input=BASE)
    assert result.exit_code == 1
    assert result.stderr == "illegal: 7H-2: 7H may only be placed on 8H, not on 9S (R7)\n"
    assert result.stdout == ""
    result = runner.invoke(app, ["apply", "-", "deal"], input=BASE)
    assert result.exit_code == 1
    assert result.stderr.startswith("illegal: deal: ")
    assert "(R11)" in result.stderr


def test_b3_f10_apply_refuses_stock_and_face_down_cards_alike() -> None:
    """B3, F10, R6: deal 1's 9C is in the stock and JD face down: one refusal for both."""
    for text in ("9C-1", "JD-5"):
        result = runner.invoke(app, ["apply", "-", text], input=DEAL_1)
        assert result.exit_code == 1
        assert result.stderr == f"illegal: {text}: that card is not face up (R6)\n"


def test_b3_b4_a_position_file_may_begin_with_a_byte_order_mark(tmp_path: Path) -> None:
    """B3, B4: a file saved by an editor that puts a UTF-8 byte order mark first reads as
    the same position (from a file and from stdin)."""
    marked = tmp_path / "deal-1.txt"
    marked.write_text("\ufeff" + DEAL_1, encoding="utf-8")
    plain = runner.invoke(app, ["moves", "-"], input=DEAL_1)
    assert plain.exit_code == 0
    for args, given in ((["moves", str(marked)], None), (["moves", "-"], "\ufeff" + DEAL_1)):
        result = runner.invoke(app, args, input=given)
        assert result.exit_code == 0, result.output
        assert result.stdout == plain.stdout


def test_b3_apply_bad_move_text_exits_2() -> None:
    """B3: a move that is not in the notation is bad input."""
    result = runner.invoke(app, ["apply", "-", "7H"], input=BASE)
    assert result.exit_code == 2
    assert "bad move '7H'" in result.stderr
    result = runner.invoke(app, ["apply", "-", "8H-²"], input=BASE)
    assert result.exit_code == 2
    assert "bad move '8H-²': the column must be a number from 1 to 7, not '²'" in result.stderr


def test_b3_b4_a_column_key_that_is_not_ascii_exits_2_naming_the_line() -> None:
    """B3, B4: a '²:' line in a position file: exit 2, the error names the line."""
    result = runner.invoke(app, ["moves", "-"], input=BASE.replace("3: JH", "³: JH"))
    assert result.exit_code == 2
    assert result.stderr.startswith("error: -: line 3: unknown line '³'")


def test_b3_malformed_position_exits_2(tmp_path: Path) -> None:
    """B3, B4: a malformed file: exit code 2, the error names the file and the line."""
    path = tmp_path / "bad.txt"
    path.write_text(BASE.replace("3: JH 4S 7H", "3: JH 4S 7X"), encoding="utf-8")
    for args in (["moves", str(path)], ["apply", str(path), "7H-1"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2
        assert result.stdout == ""
        assert result.stderr.startswith(f"error: {path}: line 3: unknown card '7X'")
    result = runner.invoke(app, ["moves", "-"], input="1: AS\n")
    assert result.exit_code == 2
    assert "missing column line" in result.stderr


def test_b3_missing_file_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["moves", str(tmp_path / "nothing.txt")])
    assert result.exit_code == 2
    assert "cannot read" in result.stderr


def test_b3_help_works_on_every_command() -> None:
    """B3: --help on the app and on every command."""
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    group = typer.main.get_command(app)
    names = sorted(group.commands)  # type: ignore[attr-defined]
    assert {"deal", "moves", "apply", "play"} <= set(names)
    for name in names:
        assert name in result.stdout
        sub = runner.invoke(app, [name, "--help"])
        assert sub.exit_code == 0, name
        assert "Usage:" in sub.stdout
        assert name in sub.stdout


# --- play --------------------------------------------------------------------------------


def play(*lines: str, args: tuple[str, ...] = ("--deal", "1")) -> str:
    result = runner.invoke(app, ["play", *args], input="".join(line + "\n" for line in lines))
    assert result.exit_code == 0, result.output
    return result.stdout


def test_b3_play_moves_undo_redo_hint_restart_quit() -> None:
    """B3, R15, F3, F4: a terminal session on deal 1."""
    out = play("5S 7", "hint", "undo", "undo", "redo", "redo", "7H-5", "foo", "restart",
               "quit", "this line is never read")
    assert "Scorpion deal 1   moves 0   runs 0/4   stock 3" in out
    assert "1: ## ## ## AS 4H TH 8D" in out
    assert "5: 5D 5S 9D 5C 3S 7D 8C" in out
    # 5S 7: the group 5S 9D 5C 3S 7D 8C onto 6S.
    assert "Scorpion deal 1   moves 1   runs 0/4   stock 3" in out
    assert "7: 7C QC JS QH 4S 8S 6S 5S 9D 5C 3S 7D 8C" in out
    # hint: the moves with their chances, from the player's view alone (F10, B5).
    advice = advise(PlayerView.of(deal(1).apply(Move.parse("5S-7"))), max_samples=32, nodes=5000)
    assert sorted(str(a.move) for a in advice.moves) == ["4D-5", "5C-3", "7D-1", "JS-2", "deal"]
    for a in advice.moves:
        assert f"{a.move!s:6} chance to win about {a.chance:.0%}" in out
    assert "The chances use only the cards the player can see (no peeking)." in out
    assert "undid 5S-7" in out
    assert "nothing to undo" in out
    assert "redid 5S-7" in out
    assert "nothing to redo" in out
    assert "7H-5: 7H may only be placed on 8H, not on 5D (R7)" in out
    assert "bad move 'foo'" in out
    said = out.split("\n> ")
    # What came before each of the ten prompts: the table only where the game changed
    # (the start, 5S 7, undo, redo, restart), not after the hint, a refusal or 'foo'.
    assert len(said) == 11
    tables = ["Scorpion deal 1   moves" in chunk for chunk in said]
    assert tables == [True, True, False, True, False, True, False, False, False, True, False]
    assert "moves 0" in said[9]
    assert "5: 5D 5S 9D 5C 3S 7D 8C" in said[9]
    assert "never read" not in out


def test_b3_f10_play_refuses_stock_and_face_down_cards_alike() -> None:
    """B3, F10, R6: in the terminal too, a stock card (9C) and a face-down card (JD) get
    the same refusal, and neither is named beyond the move typed."""
    out = play("9C-1", "JD-5", "quit")
    assert "9C-1: that card is not face up (R6)" in out
    assert "JD-5: that card is not face up (R6)" in out
    assert "stock" not in out.replace("stock 3", "")


def test_b3_play_reads_spaces_as_the_notation_does_and_refuses_extra_words() -> None:
    """B3, B4: a move typed with several spaces between card and column is that move;
    a command that takes nothing (undo, restart) refuses words after it, and does
    nothing, rather than ignoring them."""
    out = play("5S   7", "undo 3", "restart 5", "quit")
    assert "7: 7C QC JS QH 4S 8S 6S 5S 9D 5C 3S 7D 8C" in out
    assert "'undo' takes nothing after it" in out
    assert "'restart' takes nothing after it" in out
    assert "undid" not in out
    last = [chunk for chunk in out.split("\n> ") if "Scorpion deal 1   moves" in chunk][-1]
    assert "moves 1" in last  # the last table: still after 5S-7


def test_b3_play_deal_and_run_messages_and_end_of_input() -> None:
    """B3: 'deal' plays the stock; the session ends quietly at the end of input."""
    out = play("deal")
    assert "stock 0" in out
    assert "1: ## ## ## AS 4H TH 8D 9C" in out


def test_b3_play_new_deal_and_help() -> None:
    """B3, F4: 'new N' starts deal N; a bad number is reported; 'help' lists the words."""
    out = play("new 617", "new zero", "help", "quit", args=("--deal", "1", "-v", "scorpion-ii"))
    assert "Scorpion II deal 617   moves 0" in out
    assert "not a deal number" in out
    assert out.count("'undo'") >= 2


def test_b3_play_bad_deal_number_exits_2() -> None:
    result = runner.invoke(app, ["play", "--deal", "0"], input="quit\n")
    assert result.exit_code == 2
    assert "start at 1" in result.stderr


def test_b3_r14_play_a_whole_deal_to_the_win() -> None:
    """B3, R14, F5: a winning line found by the search, typed into 'play', wins."""
    number = 33
    line = find_winning_line(deal(number))
    assert line is not None
    position = deal(number)
    for move in line:
        position = position.apply(move)
    assert position.is_won
    out = play(*(str(m) for m in line), "quit", args=("--deal", str(number)))
    assert f"You won in {len(line)} moves!" in out
    assert f"Scorpion deal {number}   moves {len(line)}   runs 4/4   stock 0" in out
    assert out.count("run removed: 1") + 2 * out.count("run removed: 2") == 4
    assert "illegal" not in out and "may only" not in out
    # The win message comes once, after the last move only.
    assert out.count("You won") == 1


def test_version_prints_the_installed_package_version() -> None:
    from importlib.metadata import version

    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout == f"scorpion-solitaire {version('scorpion-solitaire')}\n"
    assert version("scorpion-solitaire").count(".") >= 1


def test_a_view_given_where_a_position_is_needed_points_to_advise() -> None:
    view = runner.invoke(app, ["deal", "1"]).stdout.replace("[JD 5H KH]", "[? ? ?]")
    result = runner.invoke(app, ["moves", "-"], input=view)
    assert result.exit_code == 2
    assert result.stderr.endswith(
        "; a player's view ('?' for hidden cards) is read by 'scorpion advise': this "
        "command needs every card\n")


def test_b3_play_says_back_text_that_looks_like_markup_as_typed() -> None:
    """B3: what the player types is said back as typed: text that the terminal library
    would read as markup ("[/]") made 'play' crash, and "[red]x[/red]" was said as "x"."""
    out = play("[/]", "new [/]", "[red]x[/red]", "undo [/]", "quit")
    assert "bad move '[/]'" in out
    assert "not a deal number: '[/]'" in out
    assert "bad move '[red]x[/red]'" in out
    assert "'undo' takes nothing after it" in out


def test_b3_reading_standard_input_when_there_is_none_is_bad_input(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """B3: started with its standard input closed, '-' is bad input (exit 2), not a
    traceback."""
    from scorpion import cli

    monkeypatch.setattr(cli.sys, "stdin", None)
    with pytest.raises(typer.Exit) as stopped:
        cli._read_text("-")
    assert stopped.value.exit_code == 2
