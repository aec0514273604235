"""The library at its edges (R5, R6, the notation): what a library user may pass that the
command line never does, and the clear error each wrong value gets."""

from __future__ import annotations

import pytest

from scorpion.advisor import PlayerView, format_view, parse_view
from scorpion.engine import (
    VARIANTS,
    DealNumber,
    DealNumberError,
    Game,
    IllegalMoveError,
    Move,
    NotationError,
    UnknownVariantError,
    card_code,
    deal,
    format_position,
    parse_position,
    position_from_json,
    position_to_json,
    variant_by_id,
)
from scorpion.engine.cards import CardError, card_name


def test_a_variant_may_be_given_by_its_id_as_deal_and_move_parse_take_it() -> None:
    wasp = deal(7, "wasp")
    text = format_position(wasp).replace("variant: wasp\n", "")
    assert parse_position(text, "wasp") == parse_position(text, VARIANTS["wasp"]) == wasp
    data = position_to_json(deal(7))
    del data["variant"]
    assert position_from_json(data, "scorpion") == deal(7)
    view = parse_view(format_position(deal(7, "scorpion-ii")), "scorpion-ii")
    assert view == PlayerView.of(deal(7, "scorpion-ii"))
    with pytest.raises(UnknownVariantError):
        parse_position(text, "spider")


def test_a_byte_order_mark_at_the_start_is_skipped() -> None:
    text = format_position(deal(3))
    assert parse_position("\ufeff" + text) == deal(3)
    assert parse_view("\ufeff" + text) == PlayerView.of(deal(3))


def test_a_move_of_no_card_is_illegal_with_a_reason_not_a_crash() -> None:
    game = Game.from_deal(1)
    with pytest.raises(IllegalMoveError) as caught:
        game.push(Move(60, 2))
    assert str(caught.value) == (
        "Move(60, 2): 60 is not a card (cards are 0-51; -1 is the stock deal)"
    )
    assert game.moves == () and game.position == deal(1)
    # Only -1 is the stock deal: another negative card is no move at all.
    assert not deal(1).is_legal(Move(-5, 2))
    assert deal(1).is_legal(Move(-1, -1))
    assert str(Move(-5, 2)) == "Move(-5, 2)" and str(Move(-1, -1)) == "deal"
    for odd in (Move(None, 0), Move(3.0, 0), Move(True, 2), Move(5, None)):  # type: ignore[arg-type]
        with pytest.raises(IllegalMoveError, match=r"is not a (card|column)"):
            deal(5).apply(odd)


@pytest.mark.parametrize("card", [-1, 52, 60])
def test_card_codes_and_names_are_only_of_cards(card: int) -> None:
    with pytest.raises(CardError, match=rf"^{card} is not a card \(cards are 0-51\)$"):
        card_code(card)
    with pytest.raises(CardError):
        card_name(card)
    with pytest.raises(CardError, match=r"^True is not a card"):
        card_code(True)
    assert (card_code(0), card_code(51), card_name(51)) == ("AC", "KS", "king of spades")


@pytest.mark.parametrize("value", [5.0, None, b"5", [5]])
def test_a_deal_number_of_another_type_is_refused_by_name(value: object) -> None:
    with pytest.raises(DealNumberError, match=r"^not a deal number: "):
        DealNumber.parse(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(("value", "kind"), [(None, "NoneType"), (b"7H-5", "bytes"), (5, "int")])
def test_a_move_or_position_of_another_type_is_a_type_error_naming_it(
    value: object, kind: str
) -> None:
    """B4: not an AttributeError from inside the reader."""
    with pytest.raises(TypeError, match=rf"^a move is read from text \(str\), not from {kind}$"):
        Move.parse(value)  # type: ignore[arg-type]
    with pytest.raises(
        TypeError, match=rf"^a position is read from text \(str\), not from {kind}$"
    ):
        parse_position(value)  # type: ignore[arg-type]


def test_an_unknown_key_in_a_json_column_is_named() -> None:
    """A typo in a column's key is named, not read as a column without cards."""
    data = position_to_json(deal(1))
    data["columns"][0]["face_upp"] = data["columns"][0].pop("face_up")
    with pytest.raises(ValueError, match=r"^column 1: unknown key 'face_upp': expected "
                       r"'face_down', 'face_up'$"):
        position_from_json(data)


def test_a_cells_line_in_a_game_without_cells_is_named() -> None:
    text = format_position(deal(1)) + "cells: - -\n"
    with pytest.raises(ValueError, match=r"^line 10: Scorpion has no reserve or free cells: "
                       r"leave out the 'cells:' line$"):
        parse_position(text)


@pytest.mark.parametrize(
    "number", [DealNumber(0), DealNumber(-3), DealNumber(10**30), DealNumber(2**34, ms=True)]
)
def test_r5_a_deal_number_built_by_hand_is_checked_as_one_read(number: DealNumber) -> None:
    """R5: ``deal`` checks a :class:`DealNumber` made without ``parse`` as it checks a
    number read: 0, negative or above the largest is a DealNumberError."""
    with pytest.raises(DealNumberError):
        deal(number)


def test_r5_ms_below_32000_is_written_as_the_plain_number_it_deals() -> None:
    """R5: below 32000 ``ms`` changes nothing, and ``str`` writes what ``parse`` reads back
    to the same deal."""
    assert str(DealNumber(5, ms=True)) == "5" and str(DealNumber(40000, ms=True)) == "ms40000"
    assert deal(DealNumber(5, ms=True)) == deal(DealNumber.parse(str(DealNumber(5, ms=True))))


def test_a_title_of_several_lines_is_written_as_comments_and_reads_back() -> None:
    """The notation round-trips with any title: each of its lines is a comment line (a
    title holding "stock: 1" was read back as the stock)."""
    start = deal(1, "how-they-run")
    text = format_position(start, title="my game\nstock: 1\r\n5: KS")
    assert text.startswith("# my game\n# stock: 1\n# 5: KS\n")
    assert parse_position(text) == start
    view = PlayerView.of(deal(1))
    assert parse_view(format_view(view, title="a\nstock: ?")) == view


def test_json_columns_null_is_named_not_a_type_error() -> None:
    """A JSON position whose "columns" is null gets the notation's error naming it."""
    with pytest.raises(NotationError, match="'columns' must be a list of 7 columns"):
        position_from_json({"columns": None, "stock": []})


def test_a_variant_id_is_read_in_any_case_of_its_letters() -> None:
    """Like card codes and moves (and `--variant`): 'Scorpion-II' is scorpion-ii, in the
    library and on a notation's variant line; other text is still refused by name."""
    assert deal(1, "Scorpion-II") == deal(1, "scorpion-ii")
    assert Move.parse("7h-F1", "HOW-THEY-RUN") == Move.parse("7H-f1", "how-they-run")
    text = format_position(deal(3, "chelicera"))
    assert "variant: chelicera\n" in text
    assert parse_position(text.replace("variant: chelicera", "variant: Chelicera")) == deal(
        3, "chelicera"
    )
    for wrong in ("scorpion 2", "\u017fcorpion", "Scorpion-"):
        with pytest.raises(UnknownVariantError, match=f"^unknown variant {wrong!r}"):
            deal(1, wrong)
    # The web API's ids are keys of stored games: it takes them exactly.
    with pytest.raises(UnknownVariantError, match=r"^unknown variant 'Scorpion-II'"):
        variant_by_id("Scorpion-II", exact=True)
