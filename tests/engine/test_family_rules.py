"""V2: the rules of the rest of the family on hand-made positions, exact.

Scorpion Tail and Farmer's Wife build, and make runs, in alternate colours; Three Blind
Mice and Farmer's Wife have a two-card reserve played from but never onto; How They Run
and Scorpion Head have free cells (one card each, playable from and onto); Chelicera
refills an emptied column with three stock cards and is won with every column one run.
Every position accounts for all 52 cards; each test states the exact position after the
move, or the refusal word for word.
"""

from __future__ import annotations

import random
from textwrap import dedent

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorpion.engine import (
    CELL_BASE,
    CHELICERA,
    DEAL,
    FARMERS_WIFE,
    HOW_THEY_RUN,
    SCORPION,
    SCORPION_HEAD,
    SCORPION_TAIL,
    THREE_BLIND_MICE,
    VARIANTS,
    Change,
    Game,
    IllegalMoveError,
    Move,
    MoveError,
    NotationError,
    Position,
    Variant,
    change_between,
    completes_run,
    deal,
    format_position,
    lands_on,
    parse_card,
    parse_position,
    position_from_json,
    position_to_json,
)
from scorpion.engine.cards import run_cards, run_code, run_id
from scorpion.engine.hints import hint_moves, is_idle_cell_move, revisits_last

HEARTS_SPADES = "KH.QS.JH.TS.9H.8S.7H.6S.5H.4S.3H.2S.AH"
DIAMONDS_CLUBS = "KD.QC.JD.TC.9D.8C.7D.6C.5D.4C.3D.2C.AD"


def pos(text: str, variant: Variant) -> Position:
    return parse_position(f"variant: {variant.id}\n" + dedent(text))


def play(start: Position, *moves: str) -> Position:
    p = start
    for m in moves:
        p = p.apply(Move.parse(m, start.variant))
    return p


def assert_position(actual: Position, expected_text: str) -> None:
    expected = pos(expected_text, actual.variant)
    assert format_position(actual) == format_position(expected)
    assert actual == expected


def assert_refused(p: Position, move: Move, reason: str) -> None:
    """``move`` is refused with exactly ``reason``; it is not among the legal moves."""
    with pytest.raises(IllegalMoveError) as info:
        p.apply(move)
    assert info.value.reason == reason
    assert p.illegal_reason(move) == reason
    assert move not in p.legal_moves()


def moves(p: Position) -> list[str]:
    return [str(m) for m in p.legal_moves()]


# --- Scorpion Tail: alternate colours --------------------------------------------------------

TAIL = f"""\
    1: KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H
    2: [QD] AS
    3: KC 8D
    4: JC 2D 9C
    5: TD 7C
    6: 6D 5C 4D
    7: 3C AC
    stock: -
    runs: {HEARTS_SPADES} {DIAMONDS_CLUBS}
    """


def test_v2_lands_on_in_alternate_colours() -> None:
    """V2 (R7, R8 in Scorpion Tail): one rank higher of the other colour; no Ace or King
    exceptions change; Scorpion's same suit is refused there."""
    c = parse_card
    tail = SCORPION_TAIL
    assert lands_on(c("7H"), c("8S"), tail) and lands_on(c("7H"), c("8C"), tail)
    assert not lands_on(c("7H"), c("8H"), tail) and not lands_on(c("7H"), c("8D"), tail)
    assert not lands_on(c("7H"), c("9S"), tail) and not lands_on(c("8S"), c("7H"), tail)
    assert not lands_on(c("KH"), c("AS"), tail) and not lands_on(c("2C"), c("AD"), tail)
    assert lands_on(c("7H"), c("8H"), SCORPION) and not lands_on(c("7H"), c("8S"), SCORPION)


def test_v2_runs_in_alternate_colours() -> None:
    """V2 (R12 in Scorpion Tail): a run is King to Ace alternating red and black, suits
    mixed freely; written as its 13 card codes joined by dots."""
    text = "KS.QH.JS.TH.9S.8H.7S.6H.5S.4H.3S.2H.AC"
    cards = tuple(parse_card(t) for t in text.split("."))
    assert completes_run(cards, SCORPION_TAIL)
    assert not completes_run(cards, SCORPION)
    assert run_cards(run_id(cards)) == cards
    assert run_code(run_id(cards)) == "KS.QH.JS.TH.9S.8H.7S.6H.5S.4H.3S.2H.AC"
    hearts = tuple(parse_card(r + "H") for r in "KQJT98765432A")
    assert completes_run(hearts, SCORPION) and not completes_run(hearts, SCORPION_TAIL)
    assert run_id(hearts) == 2 and run_code(2) == "H"


def test_v2_scorpion_tail_legal_moves_exactly() -> None:
    """V2: onto each exposed card the two cards one rank lower of the other colour."""
    assert moves(pos(TAIL, SCORPION_TAIL)) == [
        "8H-4", "7S-3", "6H-5", "3S-6", "AS-1", "8D-4", "7C-3", "6D-5", "3C-6", "AC-1",
    ]


def test_v2_scorpion_tail_a_run_of_mixed_suits_is_removed() -> None:
    """V2, R12: AC completes KS..2H AC, alternating colours: the run leaves the table."""
    after = play(pos(TAIL, SCORPION_TAIL), "AC-1")
    assert_position(after, f"""\
        1:
        2: [QD] AS
        3: KC 8D
        4: JC 2D 9C
        5: TD 7C
        6: 6D 5C 4D
        7: 3C
        stock: -
        runs: {HEARTS_SPADES} {DIAMONDS_CLUBS} KS.QH.JS.TH.9S.8H.7S.6H.5S.4H.3S.2H.AC
        """)


def test_v2_scorpion_tail_run_removed_and_card_turned_up() -> None:
    """V2, R10, R12: AS completes the run on column 1 and turns up QD under it."""
    after = play(pos(TAIL, SCORPION_TAIL), "AS-1")
    assert_position(after, f"""\
        1:
        2: QD
        3: KC 8D
        4: JC 2D 9C
        5: TD 7C
        6: 6D 5C 4D
        7: 3C AC
        stock: -
        runs: {HEARTS_SPADES} {DIAMONDS_CLUBS} KS.QH.JS.TH.9S.8H.7S.6H.5S.4H.3S.2H.AS
        """)


def test_v2_scorpion_tail_refusals_name_the_colour_rule() -> None:
    """V2: same suit, or the right rank of the same colour, is refused, naming the hosts."""
    p = deal(1, SCORPION_TAIL)  # column 1 ends in 8D, column 5 holds 7D face up
    assert_refused(
        p, Move.parse("7D-1"),
        "7D may only be placed on a card one rank higher of the other colour (8C or 8S), "
        "not on 8D (R7, V2)",
    )
    assert p.is_legal(Move.parse("7D-5")) is False  # already in column 5
    with pytest.raises(NotationError, match="alternate colours"):
        pos(TAIL.replace(HEARTS_SPADES, "H S").replace(DIAMONDS_CLUBS, ""), SCORPION_TAIL)


# --- Three Blind Mice: a reserve played from, never onto -------------------------------------

MICE = """\
    1: [KS] 9H
    2: QH JH 5S
    3: 4S
    4: TH 5H 4H 3H
    5: 7S AS
    6: KH 2S 6S
    7:
    8: [QS JS] 2H
    9: [TS 9S] AH
    10: [8S 6H] 7H
    reserve: 8H 3S
    runs: C D
    """


def test_v2_three_blind_mice_legal_moves_exactly() -> None:
    """V2: ten columns; the reserve's cards play onto columns like any exposed card."""
    assert moves(pos(MICE, THREE_BLIND_MICE)) == [
        "5S-6", "4S-2", "KH-7", "2H-4", "AH-8", "8H-1", "3S-3",
    ]


def test_v2_a_reserve_card_plays_onto_a_column() -> None:
    """V2: 8H from the reserve onto 9H; its place in the reserve stays empty."""
    after = play(pos(MICE, THREE_BLIND_MICE), "8H-1", "2H-4")
    assert_position(after, """\
        1: [KS] 9H 8H
        2: QH JH 5S
        3: 4S
        4: TH 5H 4H 3H 2H
        5: 7S AS
        6: KH 2S 6S
        7:
        8: [QS] JS
        9: [TS 9S] AH
        10: [8S 6H] 7H
        reserve: - 3S
        runs: C D
        """)


def test_v2_nothing_plays_onto_the_reserve() -> None:
    """V2: the reserve takes no card, not even into its empty place; the notation has no
    free cell to name."""
    p = play(pos(MICE, THREE_BLIND_MICE), "8H-1")
    for cell in (0, 1):
        assert_refused(
            p, Move(parse_card("7H"), CELL_BASE + cell),
            "cards are played from the reserve, never onto it (V2)",
        )
    with pytest.raises(MoveError, match="a number from 1 to 10, not 'f1'"):
        Move.parse("7H-f1", THREE_BLIND_MICE)
    assert Move.parse("7H-10", THREE_BLIND_MICE) == Move(parse_card("7H"), 9)
    with pytest.raises(MoveError, match="from 1 to 7, not '10'"):
        Move.parse("7H-10")


@pytest.mark.parametrize(
    ("text", "variant", "message"),
    [
        ("f1-3", HOW_THEY_RUN, "bad move 'f1-3': a move names the card it moves (as 7H-5, "
         "also from its cells), not the place 'f1'"),
        ("F2-1", SCORPION_HEAD, "bad move 'F2-1': a move names the card it moves (as 7H-5, "
         "also from its cells), not the place 'F2'"),
        ("10-4", THREE_BLIND_MICE, "bad move '10-4': a move names the card it moves (as "
         "7H-5, also from its reserve), not the place '10'"),
        ("3-5", SCORPION, "bad move '3-5': a move names the card it moves (as 7H-5), not "
         "the place '3'"),
        ("ZZ-3", SCORPION, "bad move 'ZZ-3': unknown card 'ZZ' (a card is a rank "
         "A23456789TJQK followed by a suit CDHS)"),
    ],
)
def test_b4_v2_a_move_that_names_a_place_instead_of_its_card_is_told_so(
    text: str, variant: Variant, message: str
) -> None:
    """B4, V2: the notation names the card moved; a column or a free cell in its place
    (as a player may type to move a free cell's card) gets an error that says so."""
    with pytest.raises(MoveError) as info:
        Move.parse(text, variant)
    assert str(info.value) == message


def test_v2_farmers_wife_reserve_and_alternate_colours() -> None:
    """V2: Farmer's Wife is Three Blind Mice building and running in alternate colours:
    the reserve's AC completes a run of mixed suits on column 1."""
    start = pos(f"""\
        1: KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H
        2: [QD] AS
        3: KC 8D
        4: JC 2D 9C
        5: TD 7C
        6: 6D 5C
        7: 3C
        8:
        9:
        10:
        reserve: AC 4D
        runs: {HEARTS_SPADES} {DIAMONDS_CLUBS}
        """, FARMERS_WIFE)
    assert moves(start) == [
        "KS-8", "KS-9", "KS-10", "8H-4", "7S-3", "6H-5", "4H-6", "2H-7", "AS-1",
        "KC-8", "KC-9", "KC-10", "8D-4", "2D-7", "7C-3", "6D-5", "AC-1", "4D-6",
    ]
    assert_position(play(start, "AC-1"), f"""\
        1:
        2: [QD] AS
        3: KC 8D
        4: JC 2D 9C
        5: TD 7C
        6: 6D 5C
        7: 3C
        8:
        9:
        10:
        reserve: - 4D
        runs: {HEARTS_SPADES} {DIAMONDS_CLUBS} KS.QH.JS.TH.9S.8H.7S.6H.5S.4H.3S.2H.AC
        """)


# --- How They Run and Scorpion Head: free cells --------------------------------------------

RUN = """\
    1: [KS] 9H
    2: QH JH 5S
    3: 4S 3S
    4: TH 5H 4H 3H
    5: 7S AS
    6: KH 2S 6S
    7:
    8: [QS JS] 2H
    9: [TS 9S] AH
    10: [8S 6H] 7H
    cells: 8H -
    runs: C D
    """


def test_v2_how_they_run_legal_moves_exactly() -> None:
    """V2: every exposed card may go onto the empty free cell; the cell's card plays out,
    or into the other cell (PySolFC's free cells take a card from any other stack)."""
    assert moves(pos(RUN, HOW_THEY_RUN)) == [
        "9H-f2", "5S-6", "5S-f2", "4S-2", "3S-f2", "3H-f2", "AS-f2", "KH-7", "2S-3",
        "6S-f2", "2H-4", "2H-f2", "AH-8", "AH-f2", "7H-f2", "8H-1", "8H-f2",
    ]


def test_v2_a_card_onto_a_free_cell_turns_up_the_card_under_it() -> None:
    """V2, R10: 7H onto free cell 2 turns up 6H; 8H from cell 1 onto 9H."""
    after = play(pos(RUN, HOW_THEY_RUN), "7H-f2", "8H-1")
    assert_position(after, """\
        1: [KS] 9H 8H
        2: QH JH 5S
        3: 4S 3S
        4: TH 5H 4H 3H
        5: 7S AS
        6: KH 2S 6S
        7:
        8: [QS JS] 2H
        9: [TS 9S] AH
        10: [8S] 6H
        cells: - 7H
        runs: C D
        """)
    assert str(Move.parse("7h - F2", HOW_THEY_RUN)) == "7H-f2"


def test_v2_a_free_cell_card_moves_to_another_free_cell() -> None:
    """V2: as in PySolFC (a free cell accepts one card from any other stack), 8H goes from
    free cell 1 to free cell 2; nothing else changes, and undo puts it back."""
    start = pos(RUN, HOW_THEY_RUN)
    after = play(start, "8H-f2")
    assert after.cells == (-1, parse_card("8H"))
    assert after.columns == start.columns and after.face_down == start.face_down
    assert after.runs == start.runs
    game = Game(start)
    game.push(Move.parse("8H-f2", HOW_THEY_RUN))
    game.undo()
    assert game.position == start


def test_v2_free_cell_refusals() -> None:
    """V2: one card per cell, only a column's exposed card or another cell's card; face-down
    cards keep the one refusal (F10); a cell beyond the game's is not notation."""
    p = pos(RUN, HOW_THEY_RUN)
    assert_refused(p, Move.parse("9H-f1", HOW_THEY_RUN), "free cell f1 already holds a card (V2)")
    assert_refused(
        p, Move.parse("JH-f2", HOW_THEY_RUN),
        "only the exposed card of a column may go onto a free cell (V2)",
    )
    assert_refused(p, Move.parse("8H-f1", HOW_THEY_RUN), "free cell f1 already holds a card (V2)")
    assert_refused(p, Move.parse("QS-f2", HOW_THEY_RUN), "that card is not face up (R6)")
    assert_refused(
        p, Move.parse("8H-4", HOW_THEY_RUN),
        "8H may only be placed on 9H, not on 3H (R7)",
    )
    with pytest.raises(MoveError, match="or a free cell f1 to f2, not 'f3'"):
        Move.parse("7H-f3", HOW_THEY_RUN)


def test_v2_scorpion_head_four_empty_free_cells() -> None:
    """V2: Scorpion Head starts with four empty free cells and no stock; a King from a free
    cell fills an empty column."""
    p = deal(1, SCORPION_HEAD)
    assert p.cells == (-1, -1, -1, -1) and p.stock == ()
    assert format_position(p).splitlines()[-2:] == ["cells: - - - -", "runs: -"]
    assert sum(m.to_cell for m in p.legal_moves()) == 7 * 4
    assert_refused(p, DEAL, "this game has no stock (V2)")
    start = pos("""\
        1: KH
        2: QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH
        3:
        4: QS
        5: JS TS 9S 8S 7S 6S 5S 4S 3S 2S
        6: AS
        7:
        cells: - KS - -
        runs: C D
        """, SCORPION_HEAD)
    assert moves(start) == [
        "KH-3", "KH-7", "KH-f1", "KH-f3", "KH-f4", "QH-1", "AH-f1", "AH-f3", "AH-f4",
        "QS-f1", "QS-f3", "QS-f4", "JS-4", "2S-f1", "2S-f3", "2S-f4", "AS-5", "AS-f1",
        "AS-f3", "AS-f4", "KS-3", "KS-7", "KS-f1", "KS-f3", "KS-f4",
    ]
    # F3: the hints name the first empty cell only, and no move from cell to cell (nor, with
    # no stock, KH's shift from column 1 into an empty column).
    assert [str(m) for m in hint_moves(start)] == [
        "KH-f1", "QH-1", "AH-f1", "QS-f1", "JS-4", "2S-f1", "AS-5", "AS-f1",
        "KS-3", "KS-7",
    ]
    assert is_idle_cell_move(start, Move.parse("KS-f1", SCORPION_HEAD))
    assert is_idle_cell_move(start, Move.parse("AS-f3", SCORPION_HEAD))
    assert not is_idle_cell_move(start, Move.parse("AS-f1", SCORPION_HEAD))
    assert not is_idle_cell_move(start, Move.parse("AS-5", SCORPION_HEAD))
    assert_position(play(start, "KS-3", "QS-3", "JS-3", "AS-3"), """\
        1: KH
        2: QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH
        3:
        4:
        5:
        6:
        7:
        cells: - - - -
        runs: C D S
        """)


# --- Chelicera: refills from the stock, won with every column one run ----------------------

CHEL = """\
    1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S
    2: AS
    3: KH QH JH TH 9H 8H 7H 6H
    4: KD QD JD TD 9D 8D 7D 6D
    5: KC QC JC TC 9C 8C 7C 6C
    6: 5H
    7: 5D 4D
    stock: 5C 4C 3C 2C AC 4H 3H 2H AH 3D 2D AD
    """


def test_v2_chelicera_refills_an_emptied_column_with_three_stock_cards() -> None:
    """V2: AS leaves column 2, which takes the next three stock cards face up, bottom
    first; the completed spade run stays on the table; the stock is never dealt."""
    start = pos(CHEL, CHELICERA)
    after = play(start, "AS-1")
    assert_position(after, """\
        1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS
        2: 5C 4C 3C
        3: KH QH JH TH 9H 8H 7H 6H
        4: KD QD JD TD 9D 8D 7D 6D
        5: KC QC JC TC 9C 8C 7C 6C
        6: 5H
        7: 5D 4D
        stock: 2C AC 4H 3H 2H AH 3D 2D AD
        """)
    assert not after.is_won
    assert change_between(start, after) == Change((), (), tuple(
        parse_card(c) for c in ("5C", "4C", "3C")))
    assert_refused(start, DEAL, "the stock is not dealt; it refills emptied columns (V2)")
    with pytest.raises(NotationError, match="refilled from the stock at once"):
        pos(CHEL.replace("2: AS", "2:").replace("5H", "5H AS"), CHELICERA)


def test_v2_chelicera_is_won_when_every_column_is_one_run() -> None:
    """V2, R14 in Chelicera: no run leaves the table; the game is won when the stock is
    empty and every column that holds cards is King to Ace of one suit."""
    start = pos("""\
        1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS
        2: KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH
        3: KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD
        4: KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C
        5: AC
        6:
        7:
        stock: -
        """, CHELICERA)
    assert not start.is_won
    after = play(start, "AC-4")
    assert after.is_won
    assert after.columns[3][-1] == parse_card("AC") and after.runs == ()
    # R14: the game is over. Its runs are still on the table, and a King could be moved
    # into an empty column, but no move is legal any more.
    assert start.legal_moves() != [] and after.legal_moves() == []
    assert_refused(after, Move.parse("KS-5", CHELICERA), "the game is won: no more moves (R14)")
    # 'deal' too: the game is over before its stock's own rule is asked (apply and
    # illegal_reason agree).
    assert_refused(after, DEAL, "the game is won: no more moves (R14)")


@pytest.mark.parametrize(
    "variant", [SCORPION_TAIL, THREE_BLIND_MICE, FARMERS_WIFE, HOW_THEY_RUN, SCORPION_HEAD,
                CHELICERA],
)
def test_b4_json_round_trip_with_reserves_and_cells(variant: Variant) -> None:
    """B4: the JSON keeps reserves and free cells (null for an empty one)."""
    p = deal(7, variant)
    data = position_to_json(p)
    assert position_from_json(data) == p
    if variant.cells:
        assert len(data[variant.cell_kind]) == variant.cells


def test_b4_notation_errors_of_the_new_lines_name_the_line() -> None:
    """B4, V2: a free cells game written with a reserve line, a missing reserve line, a
    card twice (once in a cell), a run of the wrong kind, a column the game does not have:
    each error names the line at fault."""
    with pytest.raises(NotationError, match="line 12: How They Run has a 'cells:' line, not "
                       "'reserve:'"):
        pos(RUN.replace("cells:", "reserve:"), HOW_THEY_RUN)
    with pytest.raises(NotationError, match="missing the 'reserve:' line"):
        pos(MICE.replace("    reserve: 8H 3S\n", ""), THREE_BLIND_MICE)
    twice = r"line 12: the free cells: 9H appears twice \(also in column 1\)"
    with pytest.raises(NotationError, match=twice):
        pos(RUN.replace("cells: 8H -", "cells: 8H 9H"), HOW_THEY_RUN)
    with pytest.raises(NotationError, match="line 10: a run of Scorpion Tail is in alternate"):
        pos(TAIL.replace(HEARTS_SPADES, "H"), SCORPION_TAIL)
    with pytest.raises(NotationError, match=r"line 9: there is no column 10 \(columns are 1-7\)"):
        pos(TAIL.replace("    stock: -", "    10:\n    stock: -"), SCORPION_TAIL)
    with pytest.raises(NotationError,
                       match="line 14: Three Blind Mice has no stock: leave out the 'stock:'"):
        pos(MICE + "    stock: 2C\n", THREE_BLIND_MICE)


def test_v2_a_game_is_data_checked_when_it_is_made() -> None:
    """V1, V2: a deal row of the wrong width, or a face-down card over a face-up one, is
    refused when the game is described."""
    with pytest.raises(ValueError, match="bad deal row"):
        Variant("x", "X", 0, "X", rows=("UUU",))
    with pytest.raises(ValueError, match="face-down cards must lie under face-up ones"):
        Variant("x", "X", 0, "X", rows=("U" * 7, "D" * 7))


def test_f3_a_hint_back_to_an_earlier_position_comes_last() -> None:
    """F3: in the games whose hints come in the engine's order, a move that leads back to
    a position the game has been through is listed last; followed one after the other,
    the hints sent 5D back and forth between columns 4 and 7 (Scorpion Tail deal 1)."""
    variant = SCORPION_TAIL
    game = Game(deal(1, variant))
    for text in ("2C-4", "7S-1", "JH-2", "3D-4", "5D-4", "5D-7", "7H-7", "5D-4"):
        game.push(Move.parse(text, variant))
    listed = hint_moves(game.position)
    assert [str(m) for m in listed] == ["5D-7", "3S-3", "TS-2", "6D-1", "TC-2", "deal"]
    assert game.position.apply(listed[0]) == game.positions[-2]  # before the last 5D-4
    ordered = revisits_last(listed, game.position, game.positions)
    assert [str(m) for m in ordered] == ["3S-3", "TS-2", "6D-1", "TC-2", "deal", "5D-7"]
    assert hint_moves(game.position, game.positions) == ordered
    assert len(game.positions) == len(game.moves) + 1
    assert game.positions[0] == deal(1, variant) and game.positions[-1] == game.position
    # Before any move, and with no way back, the order is the engine's.
    fresh = Game(deal(1, variant))
    assert revisits_last(hint_moves(fresh.position), fresh.position, fresh.positions) == (
        hint_moves(fresh.position)
    )


@given(st.sampled_from(sorted(VARIANTS)), st.integers(1, 31999), st.randoms(use_true_random=False))
@settings(max_examples=40, deadline=None)
def test_f3_revisits_last_looks_only_where_a_position_can_come_back(
    variant_id: str, number: int, rng: random.Random
) -> None:
    """F3: :func:`revisits_last` looks back only over the latest positions that share the
    stock, the face-down cards and the runs with the current one (they only ever change
    one way); its order is the one every earlier position gives."""
    game = Game(deal(number, VARIANTS[variant_id]))
    for _ in range(80):
        moves = hint_moves(game.position)
        if not moves:
            break
        game.push(rng.choice(moves))
        listed = hint_moves(game.position)
        everything = set(game.positions)
        naive = [m for m in listed if game.position.apply(m) not in everything] + [
            m for m in listed if game.position.apply(m) in everything
        ]
        assert revisits_last(listed, game.position, game.positions) == naive
