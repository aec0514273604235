"""Position and move notation (B4): exact text, round trips, and errors that name the line."""

from __future__ import annotations

import json
from textwrap import dedent

import pytest

from scorpion.engine import (
    DEAL,
    WASP_II,
    Move,
    MoveError,
    NotationError,
    Position,
    deal,
    format_position,
    parse_card,
    parse_position,
    position_from_json,
    position_to_json,
)

# Hearts and spades only (clubs and diamonds are removed runs), a stock and an empty column.
TEXT = """\
    1: [KH 2S] 8H
    2: [QH] 9H
    3: JH 4S 7H
    4:
    5: AH 7S 2H 9S
    6: 3H TS 4H JS 5H
    7: TH 5S 6S KS 6H QS
    stock: AS 8S 3S
    runs: C D
    """
GOOD = dedent(TEXT)
LINES = GOOD.splitlines()


def with_line(number: int, new: str) -> str:
    """GOOD with line ``number`` (1-based) replaced by ``new``."""
    lines = list(LINES)
    lines[number - 1] = new
    return "\n".join(lines) + "\n"


def parse_error(text: str) -> NotationError:
    with pytest.raises(NotationError) as info:
        parse_position(text)
    return info.value


# --- the text form -------------------------------------------------------------------------


def test_b4_text_form_of_a_position() -> None:
    """B4: the parts of the notation, read from text and written back exactly."""
    p = parse_position(GOOD)
    assert format_position(p) == GOOD
    assert p.columns[0] == tuple(parse_card(c) for c in ("KH", "2S", "8H"))
    assert p.face_down == (2, 1, 0, 0, 0, 0, 0)
    assert p.columns[3] == ()
    assert p.stock == tuple(parse_card(c) for c in ("AS", "8S", "3S"))
    assert p.runs == (0, 1)


def test_b4_title_comment_and_tolerated_input() -> None:
    """B4: '#' comments and blank lines are ignored, lower-case codes and any line order read."""
    messy = "# a comment\n\n" + "\n".join(reversed(LINES)).lower() + "\n\n# end\n"
    p = parse_position(messy)
    assert format_position(p) == GOOD
    assert format_position(p, "Scorpion deal 9") == "# Scorpion deal 9\n" + GOOD


def test_b4_no_stock_no_runs_written_as_dash() -> None:
    """B4: 'stock: -' and 'runs: -'."""
    text = format_position(deal(1).apply(DEAL))
    assert "\nstock: -\nruns: -\n" in text
    assert parse_position(text) == deal(1).apply(DEAL)


@pytest.mark.parametrize("number", [1, 2, 617, 31999, 32000, "ms40000"])
def test_b4_round_trip_of_deals_text_and_json(number: int | str) -> None:
    """B4: parse(format(p)) == p and from_json(to_json(p)) == p, also through a JSON string."""
    p = deal(number)
    assert parse_position(format_position(p)) == p
    assert position_from_json(position_to_json(p)) == p
    assert position_from_json(json.loads(json.dumps(position_to_json(p)))) == p


def test_b4_json_form_exactly() -> None:
    """B4: the JSON form of the hand-made position."""
    p = parse_position(GOOD)
    assert position_to_json(p) == {
        "variant": "scorpion",
        "columns": [
            {"face_down": ["KH", "2S"], "face_up": ["8H"]},
            {"face_down": ["QH"], "face_up": ["9H"]},
            {"face_down": [], "face_up": ["JH", "4S", "7H"]},
            {"face_down": [], "face_up": []},
            {"face_down": [], "face_up": ["AH", "7S", "2H", "9S"]},
            {"face_down": [], "face_up": ["3H", "TS", "4H", "JS", "5H"]},
            {"face_down": [], "face_up": ["TH", "5S", "6S", "KS", "6H", "QS"]},
        ],
        "stock": ["AS", "8S", "3S"],
        "runs": ["C", "D"],
    }


def test_b4_json_variant_round_trip_and_errors() -> None:
    """B4: the JSON keeps the variant; bad JSON gives NotationError."""
    p = deal(3, WASP_II)
    data = position_to_json(p)
    assert data["variant"] == "wasp-ii"
    assert position_from_json(data) == p
    with pytest.raises(NotationError, match="not 'scorpion'"):
        position_from_json(data, parse_position(GOOD).variant)
    with pytest.raises(NotationError, match="object"):
        position_from_json([])
    with pytest.raises(NotationError, match="columns"):
        position_from_json({**data, "columns": data["columns"][:6]})
    with pytest.raises(NotationError, match="missing key"):
        position_from_json({"stock": [], "runs": []})
    bad = json.loads(json.dumps(data))
    bad["columns"][0]["face_up"][0] = "ZZ"
    with pytest.raises(NotationError, match="unknown card 'ZZ'"):
        position_from_json(bad)
    bad = json.loads(json.dumps(data))
    bad["stock"] = bad["stock"][:2]
    with pytest.raises(NotationError, match="3 cards or none"):
        position_from_json(bad)


# --- text errors, each naming the line -----------------------------------------------------


def test_b4_error_unknown_card_names_the_line() -> None:
    err = parse_error(with_line(3, "3: JH 4S 7X"))
    assert err.line == 3
    assert str(err).startswith("line 3: ")
    assert "unknown card '7X'" in str(err)


def test_b4_error_duplicate_card_names_the_line_and_the_other_place() -> None:
    err = parse_error(with_line(5, "5: AH 7S 2H 9S 8H"))
    assert err.line == 5
    assert "8H appears twice" in str(err)
    assert "column 1" in str(err)


def test_b4_error_missing_column_line() -> None:
    err = parse_error(GOOD.replace("3: JH 4S 7H\n", ""))
    assert "missing column line" in str(err)
    assert "3:" in str(err)


def test_b4_error_eight_columns() -> None:
    err = parse_error(GOOD + "8: 5C\n")
    assert err.line == 10
    assert "no column 8" in str(err)


@pytest.mark.parametrize(
    ("key", "said"),
    [("01", "01"), ("007", "007"), ("9" * 5000, "999999999999…"), ("11", "11")],
)
def test_b4_error_a_column_number_no_game_has(key: str, said: str) -> None:
    """B4: a column is written as the engine writes it: no leading zero (as a move's
    ``7H-05`` is refused), and a number of thousands of digits is no column either (it was
    Python's own error about converting long integers, naming no line)."""
    err = parse_error(GOOD + f"{key}: 5C\n")
    assert (str(err), err.line) == (
        f"line 10: there is no column {said} (columns are 1-10 at most)", 10)


@pytest.mark.parametrize(
    ("variant", "line", "why"),
    [
        ("three-blind-mice", "stock: -",
         "Three Blind Mice has no stock: leave out the 'stock:' line"),
        ("how-they-run", "stock: -", "How They Run has no stock: leave out the 'stock:' line"),
        ("scorpion-head", "stock: -", "Scorpion Head has no stock: leave out the 'stock:' line"),
        ("chelicera", "runs: -",
         "Chelicera keeps its runs on the table: leave out the 'runs:' line"),
    ],
)
def test_b4_v2_a_line_the_game_has_not_is_refused(variant: str, line: str, why: str) -> None:
    """B4, V2: the text of a game without a stock (or, Chelicera, whose runs stay on the
    table) has no such line; one given is refused, naming it (it was read, and written back
    without it: the text did not round-trip)."""
    text = format_position(deal(1, variant)) + line + "\n"
    with pytest.raises(NotationError) as info:
        parse_position(text)
    assert (str(info.value), info.value.line) == (
        f"line {len(text.splitlines())}: {why}", len(text.splitlines()))


def test_b4_error_column_given_twice() -> None:
    err = parse_error(GOOD + "4: 5C\n")
    assert err.line == 10
    assert "column 4 is given twice" in str(err)


@pytest.mark.parametrize("column", ["1: KH [2S] 8H", "1: [KH] 2S [8H]", "1: 8H [KH 2S]"])
def test_b4_error_face_down_cards_not_at_the_bottom(column: str) -> None:
    err = parse_error(with_line(1, column))
    assert err.line == 1
    assert "face-down cards must all be at the bottom" in str(err)


def test_b4_error_unclosed_and_empty_brackets() -> None:
    assert "without a closing" in str(parse_error(with_line(1, "1: [KH 2S 8H")))
    err = parse_error(with_line(4, "4: []"))
    assert err.line == 4
    assert "empty brackets" in str(err)


def test_b4_error_top_card_face_down() -> None:
    """R10: a column's top card is face up."""
    err = parse_error(with_line(2, "2: [QH 9H]"))
    assert err.line == 2
    assert "top card must be face up" in str(err)


def test_b4_error_cards_not_accounted_for() -> None:
    """B4: all 52 cards: the message counts them and lists the missing ones."""
    err = parse_error(with_line(3, "3: JH 4S"))
    assert "51 cards accounted for, not 52" in str(err)
    assert "missing: 7H" in str(err)


def test_b4_error_completed_run_left_on_a_column() -> None:
    """R12: a completed run cannot stay on a column."""
    text = dedent("""\
        1: 9S
        2: KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH
        3: KS QS JS TS
        4: 8S 7S 6S 5S 4S 3S 2S AS
        5:
        6:
        7:
        stock: -
        runs: C D
        """)
    err = parse_error(text)
    assert err.line == 2
    assert "completed run" in str(err)
    assert "R12" in str(err)


def test_b4_error_stock_of_two_cards() -> None:
    """R4: the stock holds 3 cards or none."""
    text = with_line(7, "7: TH 5S 6S KS 6H QS 3S").replace("stock: AS 8S 3S", "stock: AS 8S")
    err = parse_error(text)
    assert err.line == 8
    assert "3 cards or none, not 2" in str(err)


@pytest.mark.parametrize("runs", ["runs: C X", "runs: CD", "runs: clubs"])
def test_b4_error_bad_runs_suit(runs: str) -> None:
    err = parse_error(with_line(9, runs))
    assert err.line == 9
    assert "unknown suit" in str(err)


def test_b4_error_run_listed_twice_or_with_its_cards_on_the_table() -> None:
    err = parse_error(with_line(9, "runs: C C D"))
    assert err.line == 9
    assert "only once" in str(err)
    err = parse_error(with_line(9, "runs: C D H"))
    assert err.line == 9
    assert "in a removed run" in str(err)


def test_b4_error_unknown_and_repeated_lines() -> None:
    err = parse_error(GOOD + "foundation: AS\n")
    assert err.line == 10
    assert "unknown line 'foundation'" in str(err)
    err = parse_error(GOOD + "hello\n")
    assert err.line == 10
    err = parse_error(GOOD + "stock: -\n")
    assert err.line == 10
    assert "given twice" in str(err)
    err = parse_error(GOOD + "runs: -\n")
    assert err.line == 10
    err = parse_error("variant: wasp\nvariant: wasp\n" + GOOD)
    assert err.line == 2


def test_b4_error_missing_stock_or_runs_line() -> None:
    assert "'stock:'" in str(parse_error(GOOD.replace("stock: AS 8S 3S\n", "")))
    assert "'runs:'" in str(parse_error(GOOD.replace("runs: C D\n", "")))


def test_b4_error_unknown_variant() -> None:
    err = parse_error("variant: spider\n" + GOOD)
    assert err.line == 1
    assert "unknown variant 'spider'" in str(err)


# --- moves ---------------------------------------------------------------------------------


def test_b4_move_notation() -> None:
    """B4: '<card>-<column>' with columns 1-7, and 'deal'."""
    m = Move.parse("7H-5")
    assert m == Move(parse_card("7H"), 4)
    assert str(m) == "7H-5"
    assert Move.parse(" th - 1 ") == Move(parse_card("TH"), 0)
    assert Move.parse("DEAL") == DEAL
    assert DEAL.is_deal and not m.is_deal
    assert str(DEAL) == "deal"
    assert repr(m) == "Move.parse('7H-5')"
    for card in range(52):
        for column in range(7):
            move = Move(card, column)
            assert Move.parse(str(move)) == move


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("7H", "a move is <card>-<column>"),
        ("7H-0", "column must be a number from 1 to 7"),
        ("7H-8", "column must be a number from 1 to 7"),
        ("7H-x", "column must be a number from 1 to 7"),
        ("7X-3", "unknown card '7X'"),
        ("", "a move is"),
    ],
)
def test_b4_bad_move_text(text: str, problem: str) -> None:
    with pytest.raises(MoveError) as info:
        Move.parse(text)
    assert problem in str(info.value)
    assert repr(text) in str(info.value)


def test_b4_position_is_hashable_value() -> None:
    """B4: equal notation, equal (and equally hashed) positions."""
    a = parse_position(GOOD)
    b = parse_position(GOOD)
    assert a == b and hash(a) == hash(b)
    assert isinstance(a, Position)
    assert len({a, b, deal(1)}) == 2
