"""Games: undo and redo (R15), restart (F4's Replay), and what each move changed."""

from __future__ import annotations

from textwrap import dedent

import pytest

from scorpion.engine import (
    DEAL,
    SCORPION_II,
    Change,
    Game,
    HistoryError,
    IllegalMoveError,
    Move,
    Position,
    change_between,
    deal,
    format_position,
    parse_card,
    parse_position,
    parse_suit,
)


def pos(text: str) -> Position:
    return parse_position(dedent(text))


def m(text: str) -> Move:
    return Move.parse(text)


# A hearts run waiting on face-down [KS 5S], QS face down, empty columns and a stock.
START = pos("""\
    1: [KS 5S] KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H
    2: 4S AH
    3: [QS] JS TS 9S
    4: 8S 7S
    5: 2S
    6:
    7:
    stock: 3S 6S AS
    runs: C D
    """)

LINE = ["AH-1", "4S-1", "8S-3", "deal", "2S-1", "AS-1", "6S-3", "5S-3"]

AFTER_1 = """\
    1: [KS] 5S
    2: 4S
    3: [QS] JS TS 9S
    4: 8S 7S
    5: 2S
    6:
    7:
    stock: 3S 6S AS
    runs: C D H
    """

AFTER_4 = """\
    1: [KS] 5S 4S 3S
    2: 6S
    3: [QS] JS TS 9S 8S 7S AS
    4:
    5: 2S
    6:
    7:
    stock: -
    runs: C D H
    """

AFTER_8 = """\
    1: KS
    2:
    3: [QS] JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS
    4:
    5:
    6:
    7:
    stock: -
    runs: C D H
    """

# What each move of LINE turned up, removed and dealt from the stock.
CHANGES = [
    Change((parse_card("5S"),), (parse_suit("H"),)),
    Change((), ()),
    Change((), ()),
    Change((), (), (parse_card("3S"), parse_card("6S"), parse_card("AS"))),
    Change((), ()),
    Change((), ()),
    Change((), ()),
    Change((parse_card("KS"),), ()),
]


def played(n: int = len(LINE)) -> Game:
    game = Game(START)
    for text in LINE[:n]:
        game.push(m(text))
    return game


def test_line_plays_to_the_expected_positions() -> None:
    """R10-R13: the exact positions along the line, and what each move changed."""
    game = Game(START)
    changes = [game.push(m(text)) for text in LINE]
    assert changes == CHANGES
    assert game.position == pos(AFTER_8)
    assert played(1).position == pos(AFTER_1)
    assert played(4).position == pos(AFTER_4)
    assert format_position(played(4).position) == dedent(AFTER_4)


def test_r15_undo_restores_the_run_and_turns_the_card_back_down() -> None:
    """R15: undo of AH-1 puts the hearts run back on the column and turns 5S face down."""
    game = played(1)
    assert game.position.runs == (0, 1, 2)
    assert game.undo() == m("AH-1")
    assert game.position == START
    assert format_position(game.position) == format_position(START)
    assert game.moves == ()


def test_r15_undo_restores_the_stock() -> None:
    """R11, R15: undo of the deal takes the three cards back into the stock."""
    game = played(4)
    assert game.undo() == DEAL
    assert game.position == played(3).position
    assert game.position.stock == tuple(parse_card(c) for c in ("3S", "6S", "AS"))
    assert game.legal_moves()[-1] == DEAL


def test_r15_undo_every_move_back_to_the_start_then_redo_them_all() -> None:
    """R15: each undo gives exactly the position before that move; redo replays the line."""
    positions = [START]
    game = Game(START)
    for text in LINE:
        game.push(m(text))
        positions.append(game.position)
    assert game.moves == tuple(m(t) for t in LINE)
    for k in range(len(LINE), 0, -1):
        assert game.undo() == m(LINE[k - 1])
        assert game.position == positions[k - 1]
        assert game.moves == tuple(m(t) for t in LINE[: k - 1])
    assert game.position == START
    assert not game.can_undo
    with pytest.raises(HistoryError, match="nothing to undo"):
        game.undo()
    assert game.redo_moves == tuple(m(t) for t in LINE)
    for k in range(1, len(LINE) + 1):
        assert game.redo() == m(LINE[k - 1])
        assert game.position == positions[k]
    assert not game.can_redo
    with pytest.raises(HistoryError, match="nothing to redo"):
        game.redo()
    assert game.position == pos(AFTER_8)


def test_r15_new_move_clears_redo() -> None:
    """R15: redo plays undone moves until a new move is made."""
    game = played(2)
    game.undo()
    assert game.redo_moves == (m("4S-1"),)
    assert game.can_redo
    game.push(m("8S-3"))
    assert game.redo_moves == ()
    assert not game.can_redo
    with pytest.raises(HistoryError, match="nothing to redo"):
        game.redo()
    assert game.moves == (m("AH-1"), m("8S-3"))


def test_r15_replaying_the_next_undone_move_keeps_the_rest_of_redo() -> None:
    """R15: playing by hand the move redo would play is not a new move."""
    game = played(3)
    game.undo()
    game.undo()
    assert game.redo_moves == (m("4S-1"), m("8S-3"))
    game.push(m("4S-1"))
    assert game.redo_moves == (m("8S-3"),)
    game.redo()
    assert game.moves == tuple(m(t) for t in LINE[:3])
    assert game.position == played(3).position


def test_r15_history_errors_on_a_fresh_game() -> None:
    """R15: nothing to undo or redo at the start of a deal."""
    game = Game.from_deal(1)
    with pytest.raises(HistoryError, match="nothing to undo"):
        game.undo()
    with pytest.raises(HistoryError, match="nothing to redo"):
        game.redo()
    assert game.position == deal(1)
    assert game.start == deal(1)


def test_f4_restart_goes_back_to_the_first_position() -> None:
    """F4 (Replay): restart forgets the moves and the redo moves."""
    game = Game.from_deal(1, SCORPION_II)
    game.push(m("5S-7"))
    game.push(DEAL)
    game.undo()
    game.restart()
    assert game.position == deal(1, SCORPION_II)
    assert game.moves == () and game.redo_moves == ()
    assert not game.can_undo and not game.can_redo
    played_again = played()
    played_again.restart()
    assert played_again.position == START


def test_illegal_push_leaves_the_game_unchanged() -> None:
    """R9: JS may not enter an empty column; the game (redo included) is unchanged."""
    game = played(2)
    game.undo()
    before = (game.position, game.moves, game.redo_moves)
    with pytest.raises(IllegalMoveError) as info:
        game.push(m("JS-7"))
    assert "R9" in info.value.reason
    assert (game.position, game.moves, game.redo_moves) == before


def test_r15_game_rebuilt_from_moves_and_redo_moves() -> None:
    """R15, F6: a game rebuilt from its moves and redo moves is the same game."""
    game = played(6)
    game.undo()
    game.undo()
    copy = Game(game.start, game.moves, game.redo_moves)
    assert copy.position == game.position == played(4).position
    assert copy.moves == game.moves
    assert copy.redo_moves == game.redo_moves == (m("2S-1"), m("AS-1"))
    assert copy.redo() == m("2S-1")
    with pytest.raises(IllegalMoveError):
        Game(START, [m("JS-7")])
    with pytest.raises(IllegalMoveError):
        Game(START, [m("AH-1")], [DEAL, DEAL])


def test_change_between_consecutive_positions() -> None:
    """R10, R13: change_between reports the turned-up cards and the removed runs."""
    game = Game(START)
    before = START
    for text, expected in zip(LINE, CHANGES, strict=True):
        game.push(m(text))
        assert change_between(before, game.position) == expected
        before = game.position


def test_a_copy_has_the_same_history_and_then_changes_apart() -> None:
    game = played(4)
    game.undo()
    game.undo()
    copy = game.copy()
    assert (copy.position, copy.moves, copy.redo_moves) == (
        game.position, game.moves, game.redo_moves
    )
    copy.redo()
    copy.undo()
    copy.undo()
    assert game.moves == played(2).moves and len(game.redo_moves) == 2
    assert copy.moves == played(1).moves and len(copy.redo_moves) == 3
    bare = game.copy(redo=False)
    assert (bare.position, bare.moves, bare.redo_moves) == (game.position, game.moves, ())
    with pytest.raises(HistoryError):
        bare.redo()
    assert game.redo() == m(LINE[2])
