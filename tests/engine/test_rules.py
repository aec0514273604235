"""The rules of Scorpion, R1 and R6-R14 of SPEC.md, on hand-made positions.

Every position is written in the text notation (B4) and accounts for all 52 cards: the
suits a test does not need are listed as removed runs (``runs: C D``). Each test states
the exact position it expects after the move.
"""

from __future__ import annotations

from textwrap import dedent

import pytest
from positions import EMPTY4, STOCK_EMPTY, WITH_STOCK

from scorpion.engine import (
    DEAL,
    SCORPION,
    Change,
    Game,
    IllegalMoveError,
    Move,
    Position,
    card_code,
    card_name,
    change_between,
    enters_empty_column,
    format_position,
    lands_on,
    parse_card,
    parse_position,
    parse_suit,
    position_from_json,
    position_to_json,
    settle_column,
)
from scorpion.engine.cards import CardError

SUITS = "CDHS"
RANKS = "A23456789TJQK"


def pos(text: str) -> Position:
    return parse_position(dedent(text))


def play(start: Position, *moves: str) -> Position:
    p = start
    for m in moves:
        p = p.apply(Move.parse(m))
    return p


def assert_position(actual: Position, expected_text: str) -> None:
    """Compare with the expected notation (both as text, for a readable diff, and as values)."""
    expected = pos(expected_text)
    assert format_position(actual) == format_position(expected)
    assert actual == expected


def assert_illegal(p: Position, move_text: str, *fragments: str) -> IllegalMoveError:
    """``move_text`` is refused, its reason contains ``fragments``, and nothing changed."""
    move = Move.parse(move_text)
    before_text = format_position(p)
    before_json = position_to_json(p)
    with pytest.raises(IllegalMoveError) as info:
        p.apply(move)
    err = info.value
    assert err.move == move
    for fragment in fragments:
        assert fragment in err.reason, (fragment, err.reason)
    assert str(err) == f"{move_text}: {err.reason}"
    assert p.illegal_reason(move) == err.reason
    assert not p.is_legal(move)
    assert move not in p.legal_moves()
    assert format_position(p) == before_text
    assert position_to_json(p) == before_json
    # The same through a Game: refused, and the game is unchanged.
    game = Game(p)
    with pytest.raises(IllegalMoveError):
        game.push(move)
    assert game.position == p
    assert game.moves == ()
    assert not game.can_undo
    return err


# --- positions ---------------------------------------------------------------------------

# Hearts and spades only; no empty column, no stock.
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


# Face-down cards on columns 1 and 2; 2S (face down) would fit on 3S.
FACE_DOWN = """\
    1: [KH 2S] 8H
    2: [QH] 9H
    3: JH 4S 7H
    4: TH 5S 6S
    5: AH 7S 2H 9S
    6: 3H TS 4H JS 5H
    7: KS 6H QS AS 8S 3S
    stock: -
    runs: C D
    """


# --- R1: the deck -------------------------------------------------------------------------


def test_r1_one_deck_of_52_cards_four_suits_ace_to_king() -> None:
    """R1: 52 distinct cards, clubs/diamonds/hearts/spades, Ace (low) to King."""
    codes = [card_code(c) for c in range(52)]
    assert len(set(codes)) == 52
    assert set(codes) == {r + s for s in SUITS for r in RANKS}
    for card in range(52):
        assert parse_card(card_code(card)) == card
        assert parse_card(card_code(card).lower()) == card
    assert card_name(parse_card("7H")) == "seven of hearts"
    assert card_name(parse_card("AS")) == "ace of spades"
    assert card_name(parse_card("KC")) == "king of clubs"
    assert card_name(parse_card("TD")) == "ten of diamonds"
    assert [parse_suit(s) for s in "CDHS"] == [0, 1, 2, 3]


@pytest.mark.parametrize("text", ["", "1H", "7X", "10H", "AH ", "KHH", "H7"])
def test_r1_unknown_card_codes_are_refused(text: str) -> None:
    """R1: only the 52 codes are cards; the error quotes the text."""
    with pytest.raises(CardError, match="unknown card"):
        parse_card(text)


# --- R6, R7: what may land where ----------------------------------------------------------


def test_r7_lands_on_only_the_same_suit_one_rank_higher() -> None:
    """R7, R8: lands_on(c, t) exactly when t is c's suit and one rank higher (c not a King)."""
    for card in range(52):
        for target in range(52):
            c, t = card_code(card), card_code(target)
            expected = c[1] == t[1] and RANKS.index(t[0]) == RANKS.index(c[0]) + 1
            assert lands_on(card, target) is expected, (c, t)
    # The card encoding must not let a King land on the next suit's Ace.
    for king, ace in (("KC", "AD"), ("KD", "AH"), ("KH", "AS")):
        assert not lands_on(parse_card(king), parse_card(ace))


def test_r9_enters_empty_column_only_kings_in_scorpion() -> None:
    """R9: only a King may lead a group into an empty column (Scorpion's rule)."""
    for card in range(52):
        assert enters_empty_column(card, SCORPION) is card_code(card).startswith("K")


def test_legal_moves_of_base_position_exactly() -> None:
    """R6-R8: the legal moves, in the documented order, of a position without empty columns."""
    p = pos(BASE)
    assert [str(m) for m in p.legal_moves()] == ["8S-5", "7H-1", "7S-2", "6H-3"]


def test_r7_seven_of_hearts_onto_eight_of_hearts_is_legal() -> None:
    """R7: 7H lands on 8H."""
    after = play(pos(BASE), "7H-1")
    assert_position(after, """\
        1: KH 2S 8H 7H
        2: QH 3S 8S
        3: JH 4S
        4: TH 5S 9H 6S
        5: AH 7S 2H 9S
        6: 3H TS 4H JS 5H
        7: KS 6H QS AS
        stock: -
        runs: C D
        """)


def test_r7_seven_of_hearts_onto_eight_of_spades_is_illegal() -> None:
    """R7: never on the 8 of another suit; the reason names R7 and the card it needs."""
    assert_illegal(pos(BASE), "7H-2", "R7", "8H", "8S")


def test_r7_only_onto_an_exposed_card() -> None:
    """R7: 4S may not go to column 4, where 5S is covered by 6S."""
    assert_illegal(pos(BASE), "4S-4", "R7", "5S", "6S")


def test_r6_group_need_not_be_in_sequence() -> None:
    """R6: 7S carries 2H and 9S (no sequence, two suits); only 7S is judged."""
    after = play(pos(BASE), "7S-2")
    assert_position(after, """\
        1: KH 2S 8H
        2: QH 3S 8S 7S 2H 9S
        3: JH 4S 7H
        4: TH 5S 9H 6S
        5: AH
        6: 3H TS 4H JS 5H
        7: KS 6H QS AS
        stock: -
        runs: C D
        """)


def test_r6_group_carrying_an_ace_on_top() -> None:
    """R6: 6H carries QS and AS onto 7H."""
    after = play(pos(BASE), "6H-3")
    assert_position(after, """\
        1: KH 2S 8H
        2: QH 3S 8S
        3: JH 4S 7H 6H QS AS
        4: TH 5S 9H 6S
        5: AH 7S 2H 9S
        6: 3H TS 4H JS 5H
        7: KS
        stock: -
        runs: C D
        """)


def test_r6_a_card_does_not_move_within_its_own_column() -> None:
    """R6: a move goes to another column."""
    assert_illegal(pos(BASE), "7H-3", "already in column 3", "R6")


def test_r6_face_down_card_cannot_be_moved() -> None:
    """R6: 2S is face down; it may not move even onto the exposed 3S."""
    p = pos(FACE_DOWN)
    for text in ("2S-7", "QH-1"):
        err = assert_illegal(p, text)
        assert err.reason == "that card is not face up (R6)"
        assert err.rule == "R6"


def test_r2_there_are_seven_columns_only() -> None:
    """R2: a move to a column that does not exist is refused (Move.parse would not make it)."""
    p = pos(BASE)
    for column in (-1, 7):
        move = Move(parse_card("7H"), column)
        with pytest.raises(IllegalMoveError) as info:
            p.apply(move)
        assert "R2" in info.value.reason
        assert not p.is_legal(move)


def test_r6_stock_card_and_removed_card_cannot_be_moved() -> None:
    """R6: only tableau cards move; cards in the stock or in a removed run do not. F10: a
    stock card gets the same refusal as a face-down card, word for word."""
    p = pos(WITH_STOCK)
    err = assert_illegal(p, "3S-7")
    assert err.reason == "that card is not face up (R6)"
    assert err.rule == "R6"
    err = assert_illegal(p, "AC-1")
    assert err.reason == "AC is not in the tableau (its run was removed, R12)"
    assert err.rule == "R12"


# --- R8 ------------------------------------------------------------------------------------


def test_r8_nothing_lands_on_an_ace() -> None:
    """R8: column 7 ends in AS; nothing may be placed on it."""
    p = pos(BASE)
    assert_illegal(p, "2H-7", "R8", "Ace", "AS")
    assert_illegal(p, "8S-7", "R8", "Ace")


def test_r8_king_of_hearts_never_lands_on_ace_of_spades() -> None:
    """R8: KH + 1 would be AS in the card encoding; the move is still refused."""
    assert_illegal(pos(BASE), "KH-7", "R8")


def test_r8_king_of_clubs_never_lands_on_ace_of_diamonds() -> None:
    """R8: the same for KC on AD (clubs and diamonds in play this time)."""
    p = pos("""\
        1: KC 5D
        2: QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC
        3: KD QD JD TD 9D 8D 7D 6D
        4: 4D 3D 2D AD
        5:
        6:
        7:
        stock: -
        runs: H S
        """)
    assert_illegal(p, "KC-4", "R8", "AD")
    assert [str(m) for m in p.legal_moves()] == [
        "KC-5", "KC-6", "KC-7", "5D-3", "KD-5", "KD-6", "KD-7", "4D-1",
    ]


def test_r8_king_may_not_be_placed_on_a_card() -> None:
    """R8: KH onto 7H (column 3) is refused: a King lands on no card."""
    assert_illegal(pos(BASE), "KH-3", "R8", "King")
    assert_illegal(pos(EMPTY4), "KS-2", "R8", "King")


# --- R9 ------------------------------------------------------------------------------------


def test_legal_moves_with_an_empty_column() -> None:
    """R9: Kings (inner and bottom) may enter the empty column; other cards may not."""
    p = pos(EMPTY4)
    assert [str(m) for m in p.legal_moves()] == [
        "KS-4", "KH-4", "7H-2", "6S-6", "5S-5", "7S-3", "4H-1",
    ]


def test_r9_king_led_unordered_group_fills_an_empty_column() -> None:
    """R9: KS carries 2H 9S 5H (any order, any suits) into empty column 4."""
    after = play(pos(EMPTY4), "KS-4")
    assert_position(after, """\
        1: 3H
        2: KH 2S 8H
        3: QH 3S 8S
        4: KS 2H 9S 5H
        5: JH 4S 7H 6S
        6: TH 5S 9H AH 7S
        7: TS 4H JS 6H QS AS
        stock: -
        runs: C D
        """)


def test_r9_bottom_king_group_may_shift_into_another_empty_column() -> None:
    """R9: the group led by KH, at the bottom of column 2, moves to empty column 4."""
    after = play(pos(EMPTY4), "KH-4")
    assert_position(after, """\
        1: 3H KS 2H 9S 5H
        2:
        3: QH 3S 8S
        4: KH 2S 8H
        5: JH 4S 7H 6S
        6: TH 5S 9H AH 7S
        7: TS 4H JS 6H QS AS
        stock: -
        runs: C D
        """)
    # ... and back again: the shift is legal both ways.
    assert play(after, "KH-2") == pos(EMPTY4)


def test_r9_non_king_may_not_fill_an_empty_column() -> None:
    """R9: 7H (a legal move onto 8H) may not go into the empty column 4."""
    p = pos(EMPTY4)
    assert_illegal(p, "7H-4", "R9", "King")
    assert_illegal(p, "AH-4", "R9")
    assert_illegal(p, "QS-4", "R9")


# --- R10 -----------------------------------------------------------------------------------


def test_r10_move_turns_up_the_card_it_exposes() -> None:
    """R10: moving 8H off column 1 turns 2S face up in the same move."""
    p = pos(FACE_DOWN)
    assert [str(m) for m in p.legal_moves()] == ["8H-2", "7H-1", "6H-3", "8S-5"]
    after = play(p, "8H-2")
    assert_position(after, """\
        1: [KH] 2S
        2: [QH] 9H 8H
        3: JH 4S 7H
        4: TH 5S 6S
        5: AH 7S 2H 9S
        6: 3H TS 4H JS 5H
        7: KS 6H QS AS 8S 3S
        stock: -
        runs: C D
        """)
    # The revealed 2S may now move onto 3S, which turns up the last face-down KH.
    assert_position(play(after, "2S-7"), """\
        1: KH
        2: [QH] 9H 8H
        3: JH 4S 7H
        4: TH 5S 6S
        5: AH 7S 2H 9S
        6: 3H TS 4H JS 5H
        7: KS 6H QS AS 8S 3S 2S
        stock: -
        runs: C D
        """)


def test_r10_reveal_is_reported_by_the_game() -> None:
    """R10: Game.push reports the revealed card."""
    game = Game(pos(FACE_DOWN))
    change = game.push(Move.parse("8H-2"))
    assert change.revealed == (parse_card("2S"),)
    assert change.runs == ()


# --- R11 -----------------------------------------------------------------------------------


def test_legal_moves_with_a_stock_end_with_deal() -> None:
    """R11: the stock deal is legal at any time, listed last."""
    p = pos(WITH_STOCK)
    assert [str(m) for m in p.legal_moves()] == ["8H-2", "7H-1", "JS-7", "6H-3", "deal"]


def test_r11_stock_deal_one_card_onto_each_of_the_first_three_columns() -> None:
    """R11: the stock's first card goes to column 1, then 2, then 3; the stock is gone. The
    change names the three cards dealt, in that order (the table narrates them)."""
    after = play(pos(WITH_STOCK), "deal")
    assert change_between(pos(WITH_STOCK), after) == Change(
        (), (), tuple(parse_card(c) for c in ("AS", "8S", "3S")))
    assert_position(after, """\
        1: [KH 2S] 8H AS
        2: [QH] 9H 8S
        3: JH 4S 7H 3S
        4: TH 5S 6S
        5: AH 7S 2H 9S
        6: 3H TS 4H JS 5H
        7: KS 6H QS
        stock: -
        runs: C D
        """)
    assert DEAL not in after.legal_moves()


def test_r11_stock_deal_onto_empty_columns_is_legal_in_scorpion() -> None:
    """R11: the deal is allowed also when columns are empty; the cards fill them."""
    p = pos(STOCK_EMPTY)
    assert p.legal_moves()[-1] == DEAL
    assert_position(play(p, "deal"), """\
        1: 8H
        2: QH
        3: KH 2S JH 4S 7H 9H
        4: TH 5S 6S
        5: AH 7S 2H 9S
        6: 3H TS 4H JS 5H
        7: KS 6H QS AS 8S 3S
        stock: -
        runs: C D
        """)


def test_r11_second_stock_deal_is_refused() -> None:
    """R11: the stock is dealt once."""
    after = play(pos(WITH_STOCK), "deal")
    assert_illegal(after, "deal", "already been dealt", "R11")
    no_stock = pos(BASE)
    assert_illegal(no_stock, "deal", "R11")


# --- R12, R13 ------------------------------------------------------------------------------


def test_r12_run_completed_by_a_move_is_removed() -> None:
    """R12: AH onto 2H completes King..Ace of hearts; it goes, and runs: lists H."""
    p = pos("""\
        1: KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H
        2: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S
        3: AH
        4: AS
        5:
        6:
        7:
        stock: -
        runs: C D
        """)
    after = play(p, "AH-1")
    assert_position(after, """\
        1:
        2: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S
        3:
        4: AS
        5:
        6:
        7:
        stock: -
        runs: C D H
        """)
    assert not after.is_won


def test_r14_winning_move() -> None:
    """R14: the move that removes the fourth run wins; nothing is left to play."""
    p = pos("""\
        1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S
        2: AS
        3:
        4:
        5:
        6:
        7:
        stock: -
        runs: C D H
        """)
    assert not p.is_won
    assert [str(m) for m in p.legal_moves()] == ["KS-3", "KS-4", "KS-5", "KS-6", "KS-7", "AS-1"]
    after = play(p, "AS-1")
    assert_position(after, """\
        1:
        2:
        3:
        4:
        5:
        6:
        7:
        stock: -
        runs: C D H S
        """)
    assert after.is_won
    assert after.legal_moves() == []
    game = Game(p)
    change = game.push(Move.parse("AS-1"))
    assert change.runs == (parse_suit("S"),)
    assert game.is_won
    # Every move of a won game gets R14's reason first: the stock deal (not "already
    # dealt", R11) and any card (not "its run was removed", R12).
    for text in ("deal", "AS-1", "KH-2"):
        assert after.illegal_reason(Move.parse(text)) == "the game is won: no more moves (R14)"


def test_r12_r11_runs_completed_by_the_stock_deal() -> None:
    """R12: the deal completes spades on column 1 and hearts on column 2, in that order."""
    p = pos("""\
        1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S
        2: KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H
        3: KC QC JC TC 9C 8C 7C 6C 4C 3C 2C AC
        4:
        5:
        6:
        7:
        stock: AS AH 5C
        runs: D
        """)
    after = play(p, "deal")
    assert_position(after, """\
        1:
        2:
        3: KC QC JC TC 9C 8C 7C 6C 4C 3C 2C AC 5C
        4:
        5:
        6:
        7:
        stock: -
        runs: D S H
        """)


def test_r13_stock_deal_completes_a_run_on_a_face_down_card() -> None:
    """R11, R12, R13: the deal fills empty column 2, completes clubs, and turns up 2S."""
    p = pos("""\
        1: KS QS JS TS 9S 8S 7S 6S 5S 4S
        2:
        3: [2S] KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C
        4:
        5:
        6:
        7:
        stock: 3S AS AC
        runs: D H
        """)
    after = play(p, "deal")
    assert_position(after, """\
        1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S
        2: AS
        3: 2S
        4:
        5:
        6:
        7:
        stock: -
        runs: D H C
        """)
    game = Game(p)
    change = game.push(DEAL)
    assert change.revealed == (parse_card("2S"),)
    assert change.runs == (parse_suit("C"),)


def test_r13_run_on_face_down_cards_is_removed_and_the_card_below_turned_up() -> None:
    """R12, R13: the hearts run lies on [KS 5S]; it goes and 5S turns face up."""
    p = pos("""\
        1: [KS 5S] KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H
        2: 4S AH
        3: QS JS TS 9S 8S 7S 6S
        4: 3S 2S AS
        5:
        6:
        7:
        stock: -
        runs: C D
        """)
    after = play(p, "AH-1")
    assert_position(after, """\
        1: [KS] 5S
        2: 4S
        3: QS JS TS 9S 8S 7S 6S
        4: 3S 2S AS
        5:
        6:
        7:
        stock: -
        runs: C D H
        """)
    game = Game(p)
    change = game.push(Move.parse("AH-1"))
    assert change.revealed == (parse_card("5S"),)
    assert change.runs == (parse_suit("H"),)


def test_r12_king_to_ace_with_a_face_down_king_is_not_a_run() -> None:
    """R12: KH is face down, so KH..AH is not removed when AH lands on 2H."""
    p = pos("""\
        1: [5S KH] QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H
        2: 4S AH
        3: KS QS JS TS 9S 8S 7S 6S
        4: 3S 2S AS
        5:
        6:
        7:
        stock: -
        runs: C D
        """)
    after = play(p, "AH-1")
    assert_position(after, """\
        1: [5S KH] QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH
        2: 4S
        3: KS QS JS TS 9S 8S 7S 6S
        4: 3S 2S AS
        5:
        6:
        7:
        stock: -
        runs: C D
        """)
    after.check()


def test_r12_thirteen_cards_of_a_suit_out_of_order_are_not_a_run() -> None:
    """R12: all 13 hearts ending in AH, but 3H and 4H swapped: not removed."""
    p = pos("""\
        1: KH QH JH TH 9H 8H 7H 6H 5H 3H 4H 2H
        2: AH
        3: KS QS JS TS 9S 8S 7S
        4: 6S 5S 4S 3S 2S AS
        5:
        6:
        7:
        stock: -
        runs: C D
        """)
    after = play(p, "AH-1")
    assert_position(after, """\
        1: KH QH JH TH 9H 8H 7H 6H 5H 3H 4H 2H AH
        2:
        3: KS QS JS TS 9S 8S 7S
        4: 6S 5S 4S 3S 2S AS
        5:
        6:
        7:
        stock: -
        runs: C D
        """)


def test_r12_two_runs_completed_by_one_move_spades_then_hearts() -> None:
    """R12: AS completes spades, which lie on a complete hearts run: both go, S then H.

    Spades are the last 13 cards, so they are removed first; then hearts are the last 13.
    """
    p = pos("""\
        1: KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S
        2: AS
        3: KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C
        4: AC
        5:
        6:
        7:
        stock: -
        runs: D
        """)
    after = play(p, "AS-1")
    assert_position(after, """\
        1:
        2:
        3: KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C
        4: AC
        5:
        6:
        7:
        stock: -
        runs: D S H
        """)
    game = Game(p)
    assert game.push(Move.parse("AS-1")).runs == (parse_suit("S"), parse_suit("H"))
    assert game.undo() == Move.parse("AS-1")
    assert game.position == p


def test_r12_group_led_by_ace_carrying_a_whole_run_cannot_rest_on_a_column() -> None:
    """R12: a column ending in KS..AS is removed at once, so a group 'AH KS..AS' never exists.

    The notation refuses such a column (the run should have been removed), and the engine,
    given that column directly, removes spades then hearts when AH lands on 2H.
    """
    spades = " ".join(r + "S" for r in reversed(RANKS))
    hearts_to_two = " ".join(r + "H" for r in reversed(RANKS[1:]))
    text = f"""\
        1: {hearts_to_two}
        2: AH {spades}
        3:
        4:
        5:
        6:
        7:
        stock: -
        runs: C D
        """
    with pytest.raises(ValueError, match="completed run"):
        pos(text)
    columns = [tuple(parse_card(c) for c in hearts_to_two.split()),
               tuple(parse_card(c) for c in ["AH", *spades.split()])] + [()] * 5
    raw = Position(tuple(columns), (0,) * 7, (), (0, 1), SCORPION)
    after = raw.apply(Move.parse("AH-1"))
    assert after.columns == ((),) * 7
    assert after.runs == (0, 1, parse_suit("S"), parse_suit("H"))
    assert after.is_won


def test_r12_run_uncovered_in_the_source_column_is_removed() -> None:
    """R12: when 5H leaves a column whose last 13 cards are then KS..AS, spades go."""
    p = pos("""\
        1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS 5H
        2: KH QH JH TH 9H 8H 7H 6H
        3: 4H 3H 2H AH
        4:
        5:
        6:
        7:
        stock: -
        runs: C D
        """)
    after = play(p, "5H-2")
    assert_position(after, """\
        1:
        2: KH QH JH TH 9H 8H 7H 6H 5H
        3: 4H 3H 2H AH
        4:
        5:
        6:
        7:
        stock: -
        runs: C D S
        """)


def test_settle_column_removes_top_runs_and_turns_up() -> None:
    """R10, R12, R13: settle_column on bare tuples."""
    hearts = tuple(parse_card(r + "H") for r in reversed(RANKS))
    spades = tuple(parse_card(r + "S") for r in reversed(RANKS))
    five_c = parse_card("5C")
    assert settle_column((five_c, *hearts), 1) == ((five_c,), 0, (2,))
    assert settle_column((five_c, *hearts, *spades), 1) == ((five_c,), 0, (3, 2))
    assert settle_column(hearts, 1) == (hearts, 1, ())  # the King is face down
    assert settle_column((five_c,), 1) == ((five_c,), 0, ())  # R10
    assert settle_column((), 0) == ((), 0, ())


# --- rules on JSON too ---------------------------------------------------------------------


def test_b4_moves_apply_the_same_on_a_position_read_from_json() -> None:
    """B4: a position read back from JSON plays exactly like the original."""
    p = pos(WITH_STOCK)
    q = position_from_json(position_to_json(p))
    assert q == p
    assert play(q, "deal", "JS-7") == play(p, "deal", "JS-7")
