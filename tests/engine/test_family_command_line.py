"""The command line (B3) for every game of the family (V2): deal, moves, apply, solve and
play with ``--variant ID``; a whole deal of each game typed into ``play`` wins."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorpion.cli import app
from scorpion.engine import (
    VARIANTS,
    Move,
    NotationError,
    deal,
    format_position,
    parse_position,
    position_from_json,
    position_to_json,
)
from scorpion.engine.hints import hint_moves
from scorpion.solver import Verdict, solve

runner = CliRunner()
IDS = list(VARIANTS)
# A deal of each game that the solver wins quickly.
WINNABLE = {
    "scorpion": 5, "scorpion-ii": 30, "wasp": 11, "wasp-ii": 4, "scorpion-strict": 58,
    "scorpion-tail": 4, "three-blind-mice": 3, "farmers-wife": 2, "how-they-run": 1,
    "scorpion-head": 1, "chelicera": 1,
}


def test_b3_v2_variants_lists_every_game_with_its_pysolfc_id() -> None:
    """B3, V2: 'variants' lists the ids --variant takes, each with its name and PySolFC's
    game id (the house rule named as ours); --json gives the same, with the columns and
    whether the table's hints give chances in the game."""
    result = runner.invoke(app, ["variants"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == IDS
    assert lines[0] == "scorpion          Scorpion                PySolFC 29"
    assert lines[4] == (
        "scorpion-strict   Scorpion, strict stock  PySolFC 29 Scorpion with our house rule: "
        "the stock may not be dealt while a column is empty")
    assert lines[8] == "how-they-run      How They Run            PySolFC 544"
    data = json.loads(runner.invoke(app, ["variants", "--json"]).stdout)
    assert [d["id"] for d in data] == IDS
    assert data[8] == {"id": "how-they-run", "name": "How They Run", "pysol_id": 544,
                       "pysol_name": "How They Run", "house_rule": None, "columns": 10,
                       "advised": False}
    assert [d["id"] for d in data if not d["advised"]] == ["how-they-run", "scorpion-head"]


@pytest.mark.parametrize("variant_id", IDS)
def test_b3_v2_deal_of_every_game(variant_id: str) -> None:
    """B3, V2: 'deal N --variant ID' prints the deal with its title; --json reads back."""
    v = VARIANTS[variant_id]
    result = runner.invoke(app, ["deal", "617", "--variant", variant_id])
    assert result.exit_code == 0, result.output
    assert result.stdout == format_position(deal(617, v), f"{v.name} deal 617")
    result = runner.invoke(app, ["deal", "617", "-v", variant_id, "--json"])
    assert position_from_json(json.loads(result.stdout)) == deal(617, v)


@pytest.mark.parametrize("variant_id", IDS)
def test_b3_v2_moves_and_apply_in_every_game(variant_id: str) -> None:
    """B3, V2: 'moves' lists the legal moves of the position read; 'apply' plays the first
    two of them in turn and prints the position; an illegal move exits 1."""
    v = VARIANTS[variant_id]
    text = format_position(deal(2, v))
    result = runner.invoke(app, ["moves", "-"], input=text)
    assert result.exit_code == 0, result.output
    legal = deal(2, v).legal_moves()
    assert result.stdout.split() == [str(m) for m in legal]
    first = legal[0]
    after = deal(2, v).apply(first)
    second = after.legal_moves()[0]
    result = runner.invoke(app, ["apply", "-", str(first), str(second)], input=text)
    assert result.exit_code == 0, result.output
    assert parse_position(result.stdout) == after.apply(second)
    refused = next(
        Move(c, d) for c in range(52) for d in range(v.columns)
        if not after.is_legal(Move(c, d)) and after.locate(c) is not None
    )
    result = runner.invoke(app, ["apply", "-", str(first), str(refused)], input=text)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"illegal: {refused}: {after.illegal_reason(refused)}")


def test_b3_v2_apply_onto_a_free_cell_and_from_a_reserve() -> None:
    """B3, V2: 'f1' names a free cell in How They Run; Three Blind Mice has none, and its
    reserve takes no card: an illegal move there (exit 1), as at the table."""
    htr = format_position(deal(1, VARIANTS["how-they-run"]))
    result = runner.invoke(app, ["apply", "-", "9C-8"], input=htr)  # 9C tops column 10
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["apply", "-", "6S-f1"], input=htr)
    assert result.exit_code == 1
    assert "free cell f1 already holds a card (V2)" in result.stderr
    mice = format_position(deal(1, VARIANTS["three-blind-mice"]))
    result = runner.invoke(app, ["apply", "-", "6S-f1"], input=mice)
    assert result.exit_code == 1
    assert result.stderr == (
        "illegal: 6S-f1: cards are played from the reserve, never onto it (V2)\n"
    )


@pytest.mark.parametrize("variant_id", IDS)
def test_b3_v2_solve_a_deal_of_every_game(variant_id: str) -> None:
    """B1, B3: 'solve --deal N --variant ID' finds the winning line the library finds."""
    number = WINNABLE[variant_id]
    result = runner.invoke(
        app, ["solve", "--deal", str(number), "--variant", variant_id, "--json", "--budget", "60"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["variant"] == variant_id and data["verdict"] == "winnable"
    p = deal(number, VARIANTS[variant_id])
    for text in data["line"]:
        p = p.apply(Move.parse(text, p.variant))
    assert p.is_won


@pytest.mark.parametrize("variant_id", IDS)
def test_b3_v2_r14_play_a_whole_deal_of_every_game_to_the_win(variant_id: str) -> None:
    """B3, R14, V2: the solver's winning line, typed into 'play --variant ID', wins; the
    table shows the game's columns, reserve or free cells."""
    v = VARIANTS[variant_id]
    number = WINNABLE[variant_id]
    result = solve(deal(number, v), max_seconds=60)
    assert result.verdict is Verdict.WINNABLE
    lines = [str(m).replace("-", " ") for m in result.line]  # '7H 5' reads too
    out = runner.invoke(
        app, ["play", "--deal", str(number), "--variant", variant_id],
        input="".join(f"{line}\n" for line in [*lines, "quit"]),
    )
    assert out.exit_code == 0, out.output
    text = out.stdout
    assert f"{v.name} deal {number}   moves 0" in text
    assert f"You won in {len(result.line)} moves!" in text
    assert "illegal" not in text and "may only" not in text and "bad move" not in text
    if v.columns == 10:
        assert "\n10: " in text
    if v.cells:
        assert f"\n{v.cell_kind}: " in text


def test_b3_v2_hint_gives_chances_in_the_family_and_lists_scorpion_heads_moves() -> None:
    """B3, V2, F10: in Three Blind Mice 'hint' gives each move with its chance to win from
    what the player sees (the fair note under it); in Scorpion Head, the game without
    chances, it lists the moves that change the game (F3: one empty free cell, no cell to
    cell)."""
    out = runner.invoke(
        app, ["play", "--deal", "1", "-v", "three-blind-mice"], input="hint\nquit\n"
    )
    assert out.exit_code == 0, out.output
    said = " ".join(out.stdout.split())
    assert "chance to win" in said and "no peeking" in said
    assert "not available" not in said
    out = runner.invoke(app, ["play", "--deal", "1", "-v", "scorpion-head"], input="hint\nquit\n")
    assert out.exit_code == 0, out.output
    said = " ".join(out.stdout.split())
    assert "hints with chances are not available in Scorpion Head; moves: " in said
    assert "5H-3 9C-6 9C-f1 2D-4 2H-f1 6H-f1 3D-f1 8C-1 8C-f1 TC-f1 6S-f1" in said
    assert "9C-f2" not in said


def test_b3_b5_v2_advise_reads_a_view_of_ten_columns_as_text_and_json(
    tmp_path: Path,
) -> None:
    """B3, B5, V2: a How They Run view ('?' for its hidden cards; ten columns) is advised,
    the game named by its 'variant:' line or by --variant, and its position's JSON (as
    'deal --json' prints it) gets the same advice; Scorpion's JSON gets the same advice
    as its text."""
    text = format_position(deal(1, VARIANTS["how-they-run"]))
    view = re.sub(r"\[[^]]*\]", "[? ? ?]", text)
    assert view.count("[? ? ?]") == 3 and "\n10: [? ? ?] 7D 9C\n" in view
    args = ["--samples", "8", "--nodes", "2000", "--json"]
    answers = []
    for extra in ([], ["--variant", "how-they-run"]):
        result = runner.invoke(app, ["advise", "-", *args, *extra], input=view)
        assert result.exit_code == 0, result.output
        answers.append(json.loads(result.stdout))
    path = tmp_path / "htr.json"
    path.write_text(runner.invoke(app, ["deal", "1", "-v", "how-they-run", "--json"]).stdout)
    result = runner.invoke(app, ["advise", str(path), *args])
    assert result.exit_code == 0, result.output
    answers.append(json.loads(result.stdout))
    assert answers[0] == answers[1] == answers[2]
    assert answers[0]["hidden"] == 9 and answers[0]["view"] == view
    moves = {str(m) for m in hint_moves(deal(1, VARIANTS["how-they-run"]))}
    assert {m["move"] for m in answers[0]["moves"]} == moves
    path = tmp_path / "scorpion.json"
    path.write_text(runner.invoke(app, ["deal", "5", "--json"]).stdout)
    from_json = runner.invoke(app, ["advise", str(path), *args])
    from_text = runner.invoke(app, ["advise", "-", *args], input=format_position(deal(5)))
    assert from_json.exit_code == from_text.exit_code == 0, from_json.output
    assert from_json.stdout == from_text.stdout


def test_b3_v2_a_wider_game_without_its_variant_line_is_told_to_name_itself() -> None:
    """B3, V2: ten columns read as Scorpion (no 'variant:' line, no --variant) name the
    column and say that such a game needs its 'variant:' line; with the line, it reads."""
    text = format_position(deal(1, VARIANTS["three-blind-mice"]))
    unnamed = "\n".join(line for line in text.splitlines() if "variant:" not in line) + "\n"
    result = runner.invoke(app, ["moves", "-"], input=unnamed)
    assert result.exit_code == 2
    assert ("there is no column 8 (columns are 1-7; a game of ten columns needs its "
            "'variant:' line)") in result.stderr
    assert runner.invoke(app, ["moves", "-"], input=text).exit_code == 0


def test_b3_b4_v2_json_positions_name_a_missing_or_misplaced_key() -> None:
    """B3, B4, V2: the JSON form refuses a key its game does not have and a missing one
    that it needs, naming them, as the text form names its lines; 'deal' (which 'deal
    --json' adds) is let through."""
    data = position_to_json(deal(1, VARIANTS["how-they-run"]))
    cells = data.pop("cells")
    with pytest.raises(NotationError, match=r"^missing key 'cells' \(How They Run\)$"):
        position_from_json(data)
    with pytest.raises(NotationError, match=r"^How They Run has the key 'cells', not 'reserve'$"):
        position_from_json({**data, "reserve": cells})
    with pytest.raises(NotationError, match=r"^unknown key 'celss': expected 'variant', "
                       r"'columns', 'stock', 'runs', 'cells', 'deal' \(the deal number, which "
                       r"'scorpion deal --json' writes, is read and left aside\)$"):
        position_from_json({**data, "cells": cells, "celss": cells})
    assert position_from_json({**data, "cells": cells, "deal": "1"}) == deal(
        1, VARIANTS["how-they-run"])
    scorpion = position_to_json(deal(1))
    with pytest.raises(NotationError, match=r"^Scorpion has no reserve or free cells: leave "
                       r"out the key 'cells'$"):
        position_from_json({**scorpion, "cells": []})
    del scorpion["stock"]
    with pytest.raises(NotationError, match=r"^missing key 'stock' \(Scorpion\)$"):
        position_from_json(scorpion)
    del data["variant"]
    with pytest.raises(NotationError, match=r"^'columns' must be a list of 7 columns \(with "
                       r"no 'variant' key, the position is Scorpion's\)$"):
        position_from_json({**data, "cells": cells})


def test_b3_v2_play_help_names_what_the_game_has() -> None:
    """B3, V2: 'scorpion play' offers 'deal' only where the stock is dealt, and the free
    cells' notation only where there are free cells."""
    said = {}
    for game in ("scorpion", "scorpion-head", "three-blind-mice", "how-they-run"):
        out = runner.invoke(app, ["play", "--deal", "1", "-v", game], input="quit\n")
        assert out.exit_code == 0, out.output
        said[game] = " ".join(out.stdout.split())
    assert "Type a move (7H-5, or 7H 5), or 'deal', 'undo'," in said["scorpion"]
    for game in ("scorpion-head", "how-they-run"):
        assert "Type a move (7H-5, or 7H 5; 7H-f1 onto a free cell), or 'undo'," in said[game]
    assert "Type a move (7H-5, or 7H 5; reserve cards too), or 'undo'," in said[
        "three-blind-mice"
    ]


@pytest.mark.parametrize(
    ("game", "move", "reason"),
    [
        ("three-blind-mice", "6S-f1",
         "6S-f1: cards are played from the reserve, never onto it (V2)"),
        ("chelicera", "7C-f1", "7C-f1: this game has no free cells (V2)"),
        ("how-they-run", "6S-f3", "6S-f3: there is no free cell f3 (V2)"),
        ("scorpion", "6S-9", "6S-9: there is no column 9 (R2)"),
    ],
)
def test_b3_v2_a_place_of_another_game_is_an_illegal_move_as_at_the_table(
    game: str, move: str, reason: str
) -> None:
    """B3, V2: a move naming a column or free cell that another game of the family has
    but this one lacks is refused by its rule, exit code 1, as the table refuses it (409),
    in 'apply' and in 'play'; a text of no game's notation stays bad input (exit 2)."""
    text = format_position(deal(5, VARIANTS[game]))
    result = runner.invoke(app, ["apply", "-", move], input=text)
    assert result.exit_code == 1, result.output
    assert result.stderr == f"illegal: {reason}\n"
    out = runner.invoke(app, ["play", "--deal", "5", "-v", game], input=f"{move}\nquit\n")
    assert out.exit_code == 0, out.output
    assert f"> {reason}" in " ".join(out.stdout.split())
    bad = runner.invoke(app, ["apply", "-", "6S-11"], input=text)
    assert bad.exit_code == 2
    assert bad.stderr.startswith("error: bad move '6S-11': the column must be a number")


@pytest.mark.parametrize(
    ("game", "forms"),
    [
        ("scorpion", "<card>-<column> such as 7H-5, or 'deal'"),
        ("how-they-run", "<card>-<column> such as 7H-5, or <card>-f<cell> such as 7H-f1"),
        ("three-blind-mice", "<card>-<column> such as 7H-5"),
        ("chelicera", "<card>-<column> such as 7H-5"),
    ],
)
def test_b3_v2_a_text_that_is_no_move_names_the_forms_of_this_game(game: str, forms: str) -> None:
    """B3, V2: the notation's error offers 'deal' only in the games dealt from a stock by
    a move, and the free cells' form only where there are free cells."""
    with pytest.raises(ValueError) as error:
        Move.parse("7H", VARIANTS[game])
    assert str(error.value) == f"bad move '7H': a move is {forms}"


@pytest.mark.parametrize("variant_id", ["how-they-run", "three-blind-mice", "scorpion"])
def test_b3_v2_the_json_of_deal_reads_back_in_moves_apply_and_solve(variant_id: str) -> None:
    """B3, V2: what 'deal N --json' prints is read by the commands that read a position,
    as its text notation is; a text that starts as JSON but is not is named (exit 2)."""
    v = VARIANTS[variant_id]
    as_json = runner.invoke(app, ["deal", "5", "-v", variant_id, "--json"]).stdout
    as_text = format_position(deal(5, v))
    for command in (["moves", "-"], ["solve", "-", "--nodes", "20000"]):
        from_json = runner.invoke(app, command, input=as_json)
        from_text = runner.invoke(app, command, input=as_text)
        assert from_json.exit_code == from_text.exit_code, from_json.output
        # The same answer, but for the seconds it took.
        assert without_time(from_json.stdout) == without_time(from_text.stdout)
    move = str(deal(5, v).legal_moves()[0])
    applied = runner.invoke(app, ["apply", "-", move], input=as_json)
    assert applied.exit_code == 0, applied.output
    assert applied.stdout == format_position(deal(5, v).apply(Move.parse(move, v)))
    broken = runner.invoke(app, ["moves", "-"], input='{"columns": ')
    assert broken.exit_code == 2
    assert broken.stderr.startswith("error: -: not a position in JSON: Expecting value")
    deep = runner.invoke(app, ["moves", "-"], input='{"a":' + "[" * 100_000 + "]" * 100_000 + "}")
    assert deep.exit_code == 2
    assert deep.stderr == "error: -: not a position in JSON: nested too deeply\n"
    listed = runner.invoke(app, ["moves", "-"], input="[1, 2, 3]")
    assert listed.exit_code == 2
    assert listed.stderr == "error: -: a position in JSON is an object\n"


def without_time(output: str) -> str:
    """The output of 'solve' without its seconds ("nodes: 61, time: 0.005 s")."""
    return re.sub(r"time: [0-9.]+ s", "time: - s", output)


def test_b3_v2_a_variant_id_may_be_typed_in_any_case() -> None:
    """B3, V2: '--variant How-They-Run' is How They Run, as moves are read in any case;
    an id no game has is still refused (exit 2), naming the ids."""
    result = runner.invoke(app, ["deal", "5", "--variant", " How-They-Run"])
    assert result.exit_code == 0, result.output
    assert result.stdout == format_position(deal(5, VARIANTS["how-they-run"]),
                                            "How They Run deal 5")
    wrong = runner.invoke(app, ["deal", "5", "--variant", "How They Run"])
    assert wrong.exit_code == 2 and "how-they-run" in wrong.stderr
