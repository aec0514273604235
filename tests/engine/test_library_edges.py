"""The library at its edges (R5, R6, the notation): what a library user may pass that the
command line never does, and the clear error each wrong value gets."""

from __future__ import annotations

import pytest

from scorpion.advisor import PlayerView, parse_view
from scorpion.engine import (
    VARIANTS,
    DealNumber,
    DealNumberError,
    Game,
    IllegalMoveError,
    Move,
    UnknownVariantError,
    card_code,
    deal,
    format_position,
    parse_position,
    position_from_json,
    position_to_json,
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
