"""B4, R5: the notation and deal numbers accept ASCII digits only, exactly as documented.

Explicit cases for the digits Python's ``str.isdigit`` accepts beyond 0-9 (superscripts,
full-width, Arabic-Indic), then hypothesis fuzz tests over arbitrary Unicode: parsing
either succeeds or raises the documented error (MoveError, DealNumberError,
NotationError), never another exception.
"""

from __future__ import annotations

import re
import string

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from scorpion.engine import (
    DealNumber,
    DealNumberError,
    Move,
    MoveError,
    NotationError,
    deal,
    format_position,
    parse_card,
    parse_position,
)
from scorpion.engine.cards import CardError
from scorpion.engine.deals import DEAL_PATTERN
from scorpion.engine.position import MOVE_PATTERN

FUZZ = settings(max_examples=300, deadline=None)

# Digits for which str.isdigit() is true but that are not 0-9.
OTHER_DIGITS = ["²", "¹", "\uff14", "٣", "\u09ed", "\U0001d7d5"]


@pytest.mark.parametrize("digit", OTHER_DIGITS)
def test_b4_a_move_column_is_an_ascii_digit(digit: str) -> None:
    """B4: '4D-²' (and full-width or Arabic-Indic digits) is not a move; the error names
    the column text."""
    with pytest.raises(MoveError) as info:
        Move.parse(f"4D-{digit}")
    assert "the column must be a number from 1 to 7" in str(info.value)
    assert f"not {digit!r}" in str(info.value)


@pytest.mark.parametrize("text", ["7\u017f", "\u017f7", "\uff21s", "7\uff28"])
def test_b4_a_card_code_is_ascii(text: str) -> None:
    """B4: str.upper() turns a long s into S; a card code is ASCII letters only."""
    with pytest.raises(CardError):
        parse_card(text)
    with pytest.raises(MoveError):
        Move.parse(f"{text}-5")


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("5.0", "'.' is not allowed"),
        ("6.17", "'.' is not allowed"),
        ("6-17", "'-' is not allowed"),
        ("٣", "'٣' is not allowed"),
        ("1\uff12", "'\uff12' is not allowed"),
        ("ms٣", "'٣' is not allowed after 'ms'"),
        ("ms", "digits must follow 'ms'"),
        ("²", "'²' is not allowed"),
        ("6#17", "'#' may only come first"),
        ("##17", "'#' may only come first"),
        ("# ", "digits must follow '#'"),
        ("12,", "spaces, commas and underscores may only stand between digits"),
        (",12", "spaces, commas and underscores may only stand between digits"),
        ("#_12", "spaces, commas and underscores may only stand between digits"),
        ("", "it is empty"),
    ],
)
def test_r5_deal_numbers_are_ascii_digits_and_errors_name_the_bad_part(
    text: str, part: str
) -> None:
    """R5: "5.0" is not deal 50 (PySolFC would drop the dot); other digits are refused."""
    with pytest.raises(DealNumberError, match="not a deal number") as info:
        DealNumber.parse(text)
    assert part in str(info.value)


@pytest.mark.parametrize("digit", OTHER_DIGITS)
def test_b4_a_column_key_of_a_position_file_is_ascii_and_the_error_names_the_line(
    digit: str,
) -> None:
    """B4: a '²:' column line is an unknown line, reported with its line number."""
    lines = format_position(deal(1)).splitlines()
    lines[2] = f"{digit}:" + lines[2].partition(":")[2]
    with pytest.raises(NotationError) as info:
        parse_position("\n".join(lines))
    assert info.value.line == 3
    assert str(info.value).startswith("line 3: unknown line")


# --- fuzzing -------------------------------------------------------------------------------


@FUZZ
@given(st.text())
@example("4D-²")
@example("deaĺ")
@example("7\u017f-5")
def test_b4_fuzz_move_parse_raises_only_move_error(text: str) -> None:
    """B4: any text is a move or a MoveError; a move read back is ASCII notation."""
    try:
        move = Move.parse(text)
    except MoveError:
        return
    assert text.strip().isascii()
    assert Move.parse(str(move)) == move
    assert str(move).lower() == text.strip().lower().replace(" ", "")


@FUZZ
@given(st.one_of(st.text(), st.text(alphabet=string.digits + " ,_#.-msMS٣²")))
@example("5.0")
@example("ms٣")
def test_r5_fuzz_deal_number_parse_raises_only_deal_number_error(text: str) -> None:
    """R5: any text is a deal number or a DealNumberError; digits are ASCII only."""
    try:
        number = DealNumber.parse(text)
    except DealNumberError:
        return
    stripped = text.strip()
    assert stripped.isascii() and "." not in stripped
    digits = "".join(ch for ch in stripped if ch.isdigit())
    assert int(digits) == number.number
    assert DealNumber.parse(str(number)) == number


def _position_lines() -> st.SearchStrategy[str]:
    """Position texts near valid ones: deal 1's lines, some replaced by arbitrary text."""
    lines = format_position(deal(1)).splitlines()
    return st.lists(
        st.one_of(st.sampled_from(lines), st.text(), st.text(alphabet="0123456789²٣:[] ASCDHK-#")),
        max_size=12,
    ).map("\n".join)


@FUZZ
@given(st.one_of(st.text(), _position_lines()))
@example("²: AS")
@example("1: [AS")
def test_b4_fuzz_parse_position_raises_only_notation_error(text: str) -> None:
    """B4: any text is a position or a NotationError (with a line number when one line
    is at fault); never another exception."""
    try:
        position = parse_position(text)
    except NotationError as exc:
        if exc.line is not None:
            assert 1 <= exc.line <= len(text.splitlines())
            assert str(exc).startswith(f"line {exc.line}: ")
        return
    assert parse_position(format_position(position)) == position


# --- the patterns of the HTTP API's schema -------------------------------------------------

MOVE_ALPHABET = "deaLDEAL7hHKsScC1289-—  \t\n\u00a0²"
DEAL_ALPHABET = "0123456789 ,_#.-msMS\t\u00a0²"


@FUZZ
@given(st.one_of(st.text(), st.text(alphabet=MOVE_ALPHABET, max_size=10),
                 st.from_regex(MOVE_PATTERN, fullmatch=True)))
@example(" 7h - 5 ")
@example("7H-5\u00a0")
@example("DEAL\n")
def test_b4_move_pattern_matches_exactly_what_move_parse_reads(text: str) -> None:
    """B4: the schema's move pattern and Move.parse agree on every text."""
    try:
        Move.parse(text)
        parsed = True
    except MoveError:
        parsed = False
    assert parsed == bool(re.fullmatch(MOVE_PATTERN, text)), text


@FUZZ
@given(st.one_of(st.text(), st.text(alphabet=DEAL_ALPHABET, max_size=24),
                 st.from_regex(DEAL_PATTERN, fullmatch=True)))
@example("0")
@example("0 0")
@example("0617")
@example("100000000000000000000")
@example("100000000000000000001")
@example("1_0000_0000_0000_0000_0000")
@example("ms8589934591")
@example("ms08589934592")
@example(" #1 234\t")
def test_r5_deal_pattern_matches_exactly_what_deal_number_parse_reads(text: str) -> None:
    """R5: the schema's deal-number pattern and DealNumber.parse agree on every text,
    range checks included (0 and numbers above the largest match nothing)."""
    try:
        DealNumber.parse(text)
        parsed = True
    except DealNumberError:
        parsed = False
    assert parsed == bool(re.fullmatch(DEAL_PATTERN, text)), text
