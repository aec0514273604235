"""Numbered deals R2-R5: the layout of deal N is PySolFC's game N.

The oracle below is built independently from the ``pysol_cards`` package (the generators
PySolFC uses), following PySolFC's rule: numbers below 32000 and ``ms`` numbers use the
Microsoft generator (on the rank-major deck), larger numbers the Mersenne Twister. (Not
``pysol_cards.random.shuffle()``, which switches generator at <= 32000.)
"""

from __future__ import annotations

from textwrap import dedent

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysolfc import talon

from scorpion.engine import (
    CLASSIC_VARIANTS,
    DealNumber,
    DealNumberError,
    card_code,
    deal,
    format_position,
    parse_position,
    shuffled_deck,
    variant_by_id,
)


def oracle(number: int, ms: bool = False) -> tuple[list[list[str]], list[str]]:
    """Columns (bottom to top) and stock of PySolFC's Scorpion game ``number``."""
    pile = talon(number, ms)
    columns: list[list[str]] = [[] for _ in range(7)]
    for _row in range(7):  # the last card of the list is dealt first, rows left to right
        for col in columns:
            col.append(pile.pop())
    stock = [pile.pop() for _ in range(3)]
    assert not pile
    return columns, stock


def layout(number: int | str, variant_id: str = "scorpion") -> tuple[list[list[str]], list[str]]:
    p = deal(number, variant_by_id(variant_id))
    return [[card_code(c) for c in col] for col in p.columns], [card_code(c) for c in p.stock]


NUMBERS = [1, 2, 617, 11982, 31999, 32000, 32001, 100000, 10**6, 12345678901234567890, 10**20]
MS_NUMBERS = [32000, 40000, 1000000, 2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**32 + 7, 2**33 - 1]


def test_r5_deal_1_known_layout() -> None:
    """R5: Scorpion deal 1 as PySolFC shows game 1."""
    p = deal(1)
    assert format_position(p, "Scorpion deal 1") == dedent("""\
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
        """)
    assert [card_code(col[0]) for col in p.columns] == ["JD", "2D", "9H", "JC", "5D", "7H", "7C"]


@pytest.mark.parametrize("variant_id", list(CLASSIC_VARIANTS))
@pytest.mark.parametrize("number", NUMBERS)
def test_r5_deal_matches_pysolfc(number: int, variant_id: str) -> None:
    """R5, V2: deal N of every variant has PySolFC's game N layout."""
    assert layout(number, variant_id) == oracle(number)


@pytest.mark.parametrize("variant_id", list(CLASSIC_VARIANTS))
@pytest.mark.parametrize("number", MS_NUMBERS)
def test_r5_ms_prefixed_deal_matches_pysolfc(number: int, variant_id: str) -> None:
    """R5: 'ms' + digits uses Microsoft's generator, as in PySolFC, up to 2**33 - 1."""
    assert layout(f"ms{number}", variant_id) == oracle(number, ms=True)


def test_r5_ms_prefix_matters_from_32000_only() -> None:
    """R5: below 32000 'ms' changes nothing; from 32000 on it picks the other generator."""
    assert layout("ms617") == layout(617)
    assert layout("ms31999") == layout(31999)
    assert layout("ms32000") != layout(32000)
    assert layout("ms40000") != layout(40000)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 10**20))
def test_r5_any_deal_number_matches_pysolfc(number: int) -> None:
    """R5: random deal numbers up to PySolFC's 20-digit limit."""
    assert layout(number) == oracle(number)


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 2**33 - 1))
def test_r5_any_ms_deal_number_matches_pysolfc(number: int) -> None:
    """R5: random 'ms' deal numbers."""
    assert layout(f"ms{number}") == oracle(number, ms=True)


@pytest.mark.parametrize("variant_id", list(CLASSIC_VARIANTS))
@pytest.mark.parametrize("number", [1, 617, 31999, 32000, 12345678901234567890, "ms40000"])
def test_r2_r3_r4_deal_shape(number: int | str, variant_id: str) -> None:
    """R2: 7 columns of 7; R3: three face-down cards on columns 1-4 (1-3 in the II variants),
    all others face up; R4: 3 cards in the stock; 52 different cards in all."""
    v = variant_by_id(variant_id)
    p = deal(number, v)
    assert [len(col) for col in p.columns] == [7] * 7
    down = 3 if variant_id in ("scorpion-ii", "wasp-ii") else 4
    assert p.face_down == (3,) * down + (0,) * (7 - down)
    assert len(p.stock) == 3
    assert p.runs == ()
    cards = [c for col in p.columns for c in col] + list(p.stock)
    assert sorted(cards) == list(range(52))
    p.check()
    assert parse_position(format_position(p)) == p


def test_r5_shuffled_deck_is_the_dealing_pile() -> None:
    """R5: the last card of the shuffled deck is dealt first (column 1, row 1)."""
    pile = shuffled_deck(1)
    assert sorted(pile) == list(range(52))
    p = deal(1)
    assert pile[-1] == p.columns[0][0]
    assert pile[-7:] == list(reversed([col[0] for col in p.columns]))
    assert pile[:3] == list(reversed(p.stock))


def test_r5_deals_are_repeatable_and_differ() -> None:
    """R5: the same number gives the same deal; different numbers different deals."""
    assert deal(617) == deal(617)
    assert deal("617") == deal(617)
    assert len({deal(n).columns for n in range(1, 30)}) == 29


# --- deal numbers --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "number", "ms"),
    [
        ("617", 617, False),
        ("#617", 617, False),
        ("6 17", 617, False),
        ("6,17", 617, False),
        (" 617 ", 617, False),
        ("1", 1, False),
        ("12345678901234567890", 12345678901234567890, False),
        ("100000000000000000000", 10**20, False),
        ("ms40000", 40000, True),
        ("MS40000", 40000, True),
        ("ms617", 617, False),  # below 32000 'ms' changes nothing and is dropped
        ("ms8589934591", 2**33 - 1, True),
    ],
)
def test_r5_deal_number_parse(text: str, number: int, ms: bool) -> None:
    """R5: deal numbers as players type them."""
    dn = DealNumber.parse(text)
    assert dn == DealNumber(number, ms)
    assert DealNumber.parse(str(dn)) == dn


def test_r5_deal_number_canonical_text() -> None:
    """R5: str() of a deal number reads back."""
    assert str(DealNumber.parse("#617")) == "617"
    assert str(DealNumber.parse("ms40000")) == "ms40000"
    assert DealNumber.parse(617) == DealNumber(617)
    assert DealNumber.parse("ms40000").uses_ms_generator
    assert DealNumber.parse("31999").uses_ms_generator
    assert not DealNumber.parse("32000").uses_ms_generator


@pytest.mark.parametrize("text", ["0", "-1", "-617", "ms0", 0, -5])
def test_r5_zero_and_negative_deal_numbers_are_errors(text: str | int) -> None:
    """R5: deals start at 1; the error says so."""
    with pytest.raises(DealNumberError, match="start at 1"):
        DealNumber.parse(text)
    with pytest.raises(DealNumberError):
        deal(text)


@pytest.mark.parametrize("text", ["", "abc", "1e5", "12a", "ms", "msx", "6.5x", "ms-5", "٣"])
def test_r5_garbage_deal_numbers_are_errors(text: str) -> None:
    """R5: anything but digits (or 'ms' + digits) is not a deal number."""
    with pytest.raises(DealNumberError, match="not a deal number"):
        DealNumber.parse(text)


@pytest.mark.parametrize("text", ["100000000000000000001", "ms8589934592"])
def test_r5_deal_numbers_above_the_largest_are_errors(text: str) -> None:
    """R5: PySolFC's limits, 10**20 and (with 'ms') 2**33 - 1."""
    with pytest.raises(DealNumberError, match="above the largest"):
        DealNumber.parse(text)


@pytest.mark.parametrize(
    ("text", "number"),
    [("0" * 4400 + "5", DealNumber(5)), ("ms" + "0" * 5000 + "7", DealNumber(7)),
     ("0" * 30 + "100000000000000000000", DealNumber(10**20))],
)
def test_r5_leading_zeros_however_many_are_read(text: str, number: DealNumber) -> None:
    """R5: leading zeros change nothing, even past the 4,300 digits Python's ``int``
    reads."""
    assert DealNumber.parse(text) == number


@pytest.mark.parametrize("text", ["1" * 5000, "ms" + "1" * 5000, "9" * 22, "ms" + "9" * 11])
def test_r5_long_deal_numbers_are_above_the_largest_and_cut_in_the_message(
    text: str,
) -> None:
    """R5: a number with more digits than the largest is refused as above it (not
    Python's own "Exceeds the limit" ValueError), its text cut to 40 characters."""
    with pytest.raises(DealNumberError, match="above the largest") as refused:
        DealNumber.parse(text)
    message = str(refused.value)
    assert len(message) < 120
    if len(text) > 40:
        assert f"({len(text)} characters)" in message


@pytest.mark.parametrize(
    ("text", "said"),
    [("-" + "5" * 5000, "deal numbers start at 1, not -5555"),
     ("x" * 5000, "not a deal number: 'xxxx"),
     (10**5000, "deal number of 5001 digits is above the largest"),
     (-(10**5000), "deal numbers start at 1, not a negative number"),
     (10**21, "deal number 1000000000000000000000 is above the largest")],
    ids=["minus-5000-digits", "5000-letters", "int-5001-digits", "int-minus", "int-22-digits"],
)
def test_r5_a_long_bad_deal_number_is_said_back_cut(text: str | int, said: str) -> None:
    """R5: whatever is wrong with a long deal number, the message says back no more than
    40 characters of it (and its length), and an int of thousands of digits is compared,
    not written out (Python writes no more than 4,300 digits)."""
    with pytest.raises(DealNumberError) as refused:
        DealNumber.parse(text)
    message = str(refused.value)
    assert message.startswith(said) and len(message) < 260, message


def test_r5_bool_is_not_a_deal_number() -> None:
    """R5: True is not deal 1."""
    with pytest.raises(DealNumberError):
        DealNumber.parse(True)
