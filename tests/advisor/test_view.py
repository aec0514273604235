"""The player's view (F10, B5): what it keeps, its notation, its parse errors, its sampler."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from playouts import positions

from scorpion.advisor import PlayerView, ViewError, format_view, parse_view
from scorpion.engine import (
    VARIANTS,
    WASP,
    Position,
    deal,
    format_position,
    parse_card,
)
from scorpion.engine.cards import run_cards
from scorpion.solver import Verdict, solve

DEAL_1_VIEW = """\
1: [? ? ?] AS 4H TH 8D
2: [? ? ?] AH AC 8H QS
3: [? ? ?] 3C 4D 2C 6C
4: [? ? ?] 4C 7S JH 3D
5: 5D 5S 9D 5C 3S 7D 8C
6: 7H AD QD TS TD 6D TC
7: 7C QC JS QH 4S 8S 6S
stock: ? ? ?
runs: -
"""


HOW_THEY_RUN_7_VIEW = """\
variant: how-they-run
1: 3D QH 6C 7H KH
2: 8S TD KS AS 4C
3: 4S AH KD 4H 3S
4: 9D QS 5H 8C 2H
5: 5D 9H 9C JD 4D
6: 8H TC QD 8D 3C
7: 6H 7S JH 9S 6D
8: [? ? ?] 7C 7D
9: [? ? ?] TH JS
10: [? ? ?] 3H AC
cells: 6S 5S
runs: -
"""


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def test_f10_view_of_deal_1_keeps_only_face_up_cards() -> None:
    view = PlayerView.of(deal(1))
    assert view.columns[0] == cards("AS 4H TH 8D")
    assert view.columns[4] == cards("5D 5S 9D 5C 3S 7D 8C")
    assert view.face_down == (3, 3, 3, 3, 0, 0, 0)
    assert view.stock == 3
    assert view.runs == ()
    assert view.hidden == 15
    # The 12 face-down cards and the 3 stock cards, in card order.
    assert view.unseen == tuple(sorted(cards("JD 5H KH 2D KD 3H 9H KC 2S JC 9S KS 9C 2H 6H")))
    # Nothing hidden is kept anywhere in the view, not even as a private attribute: its
    # columns are the engine's face-up cards, and what it does not show is only counted.
    p = deal(1)
    assert view.columns == tuple(col[fd:] for col, fd in zip(p.columns, p.face_down, strict=True))
    assert len(view.unseen) == view.hidden
    assert not hasattr(view, "__dict__")
    assert format_view(view) == DEAL_1_VIEW


def test_b4_view_text_round_trips_and_reads_a_position() -> None:
    view = parse_view(DEAL_1_VIEW)
    assert view == PlayerView.of(deal(1))
    assert parse_view(format_position(deal(1))) == view  # a full position: its view
    wasp = PlayerView.of(deal(7, WASP))
    assert format_view(wasp).startswith("variant: wasp\n")
    assert parse_view(format_view(wasp)) == wasp


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (DEAL_1_VIEW.replace("1: [? ? ?]", "1: [? JD ?]"),
         "line 1: the face-down cards of a view are written '?', as in [? ? ?]"),
        (DEAL_1_VIEW.replace("stock: ? ? ?", "stock: ? ?"),
         "line 8: the stock holds 3 cards or none, not 2"),
        (DEAL_1_VIEW.replace("stock: ? ? ?", "stock: 9C ? ?"),
         "line 8: the stock of a view is '? ? ?' or '-'"),
        (DEAL_1_VIEW.replace("5: 5D", "5: ? 5D"),
         "line 5: face-down cards must all be at the bottom, inside one pair of brackets"),
        (DEAL_1_VIEW.replace("7: 7C", "7: AS 7C"),
         "line 7: column 7: AS appears twice (also in column 1)"),
        (DEAL_1_VIEW.replace("6: 7H", "6: XX 7H"),
         "line 6: unknown card 'XX' (a card is a rank A23456789TJQK followed by a suit CDHS)"),
        (DEAL_1_VIEW.replace("runs: -\n", ""),
         "missing the 'runs:' line (write 'runs: -' for none)"),
        (DEAL_1_VIEW.replace("2: [? ? ?]", "1: [? ? ?]"), "line 2: column 1 is given twice"),
        (DEAL_1_VIEW.replace("4: [? ? ?] 4C 7S JH 3D", "4: [? ? ? ?] 4C 7S JH 3D"),
         "37 face-up cards, 0 in removed runs and 16 hidden make 53, not 52"),
        (DEAL_1_VIEW.replace("4: [? ? ?] 4C 7S JH 3D", "4: [? ? ?]"),
         "line 4: column 4: its top card must be face up (R10)"),
        (DEAL_1_VIEW + "variant: nope\n", "line 10: unknown variant 'nope'"),
        (DEAL_1_VIEW + "colour: red\n", "line 10: unknown line 'colour'"),
        # V2: a game of ten columns with free cells.
        (HOW_THEY_RUN_7_VIEW.replace("cells: 6S 5S\n", ""),
         "missing the 'cells:' line (write 'cells: - -' for none)"),
        (HOW_THEY_RUN_7_VIEW.replace("cells: 6S 5S", "cells: 6S ?"),
         "line 12: unknown card '?'"),
        (HOW_THEY_RUN_7_VIEW + "stock: ? ? ?\n",
         "line 14: unknown line 'stock': expected 1-10, cells, runs or variant"),
        (HOW_THEY_RUN_7_VIEW.replace("cells: 6S 5S", "cells: 6S"),
         "line 12: cells: How They Run has 2 free cells, not 1"),
        (HOW_THEY_RUN_7_VIEW.replace("cells: 6S 5S", "cells: 6S 7C"),
         "line 12: cells: 7C appears twice (also in column 8)"),
        (DEAL_1_VIEW.replace("1: [? ? ?]", "01: [? ? ?]"),
         "line 1: there is no column 01 (columns are 1-7;"),
        (DEAL_1_VIEW + "9" * 5000 + ": 5C\n",
         "line 10: there is no column 999999999999… (columns are 1-7;"),
        (HOW_THEY_RUN_7_VIEW.replace("variant: how-they-run\n", ""),
         "line 8: there is no column 8 (columns are 1-7; a game of ten columns needs its "
         "'variant:' line)"),
    ],
)
def test_b4_view_parse_errors_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(ViewError) as caught:
        parse_view(text)
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize("text", [None, b"1: [? ? ?] 4H"])
def test_b4_a_view_is_read_from_text_only(text: object) -> None:
    with pytest.raises(TypeError, match=f"a view is read from text \\(str\\), not from "
                                        f"{type(text).__name__}$"):
        parse_view(text)  # type: ignore[arg-type]


def test_b4_a_question_mark_in_a_comment_leaves_a_position_a_position() -> None:
    """B4: only a '?' outside the comments makes a text a view: a position whose title
    asks a question is read as that position (and its view returned)."""
    text = format_position(deal(1), "Scorpion deal 1: winnable?")
    assert parse_view(text) == PlayerView.of(deal(1))


def test_b4_view_parse_errors_of_a_position_text_name_the_line() -> None:
    text = format_position(deal(1)).replace("5: 5D", "5: 5Q")
    with pytest.raises(ViewError) as caught:
        parse_view(text)
    assert caught.value.line == 5
    assert "unknown card '5Q'" in str(caught.value)


def _views() -> st.SearchStrategy[PlayerView]:
    """Views of positions reached by random play from random deals of every variant."""
    return positions().map(PlayerView.of)


@settings(max_examples=150, deadline=None)
@given(_views())
def test_b4_view_notation_round_trips(view: PlayerView) -> None:
    view.check()
    assert parse_view(format_view(view)) == view


@settings(max_examples=100, deadline=None)
@given(_views(), st.integers(0, 2**32))
def test_f10_every_sample_is_a_position_the_view_allows(view: PlayerView, seed: int) -> None:
    sample = view.sample(random.Random(seed))
    sample.check()  # 52 cards accounted for, a valid position (R1-R12)
    assert PlayerView.of(sample) == view
    # The moves worth hinting depend on what the player sees alone.
    assert view.hint_moves() == PlayerView.of(sample).hint_moves()


def _hidden_place(sample: Position, card: int) -> int:
    """Which of the hidden places (face-down cards column by column, then the stock) holds
    ``card``."""
    place = 0
    for col, fd in zip(sample.columns, sample.face_down, strict=True):
        if card in col[:fd]:
            return place + col.index(card)
        place += fd
    return place + sample.stock.index(card)


def _chi_square(view: PlayerView, draw: object, card: int, n: int) -> float:
    counts = [0] * view.hidden
    rng = random.Random(2026)
    for _ in range(n):
        counts[_hidden_place(draw(rng), card)] += 1  # type: ignore[operator]
    expected = n / view.hidden
    return sum((c - expected) ** 2 / expected for c in counts)


# The chi-square distribution with 14 degrees of freedom (15 places) exceeds 36.12 with
# probability 0.001.
CHI2_14_P001 = 36.12


@pytest.mark.parametrize("card", ["JD", "9C", "KS"])
def test_b5_sampler_is_uniform_over_the_hidden_places(card: str) -> None:
    view = PlayerView.of(deal(1))
    assert _chi_square(view, view.sample, parse_card(card), 4500) < CHI2_14_P001


def test_b5_the_uniformity_test_fails_a_wrong_sampler() -> None:
    view = PlayerView.of(deal(1))

    def sattolo(rng: random.Random) -> Position:
        # A classic off-by-one in Fisher-Yates: j < i instead of j <= i. It only makes
        # cyclic permutations, so no card ever stays in its place.
        order = list(view.unseen)
        for i in range(len(order) - 1, 0, -1):
            j = rng.randrange(i)
            order[i], order[j] = order[j], order[i]
        return view.realize(order)

    def stock_last(rng: random.Random) -> Position:
        # Another plausible bug: the stock always gets the highest unseen cards.
        order = list(view.unseen)
        head = order[:-3]
        rng.shuffle(head)
        return view.realize(head + order[-3:])

    assert _chi_square(view, sattolo, view.unseen[0], 4500) > CHI2_14_P001
    assert _chi_square(view, stock_last, view.unseen[0], 4500) > CHI2_14_P001


def test_realize_refuses_cards_that_are_not_the_unseen_ones() -> None:
    view = PlayerView.of(deal(1))
    with pytest.raises(ViewError, match="must be the unseen cards"):
        view.realize((*view.unseen[:-1], view.columns[0][0]))



def test_v2_the_view_of_a_game_of_ten_columns_with_free_cells() -> None:
    """V2, F10: How They Run deal 7: the free cells' cards are face up and shown; the nine
    face-down cards of columns 8-10 are the hidden ones (the game has no stock)."""
    view = PlayerView.of(deal(7, VARIANTS["how-they-run"]))
    assert view.cells == cards("6S 5S")
    assert view.face_down == (0,) * 7 + (3, 3, 3)
    assert view.stock == 0
    assert view.hidden == 9
    assert format_view(view) == HOW_THEY_RUN_7_VIEW
    assert parse_view(HOW_THEY_RUN_7_VIEW) == view
    assert parse_view(HOW_THEY_RUN_7_VIEW.replace("variant: how-they-run\n", ""),
                      "how-they-run") == view



@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_v2_every_game_has_views_whose_samples_it_allows(variant_id: str) -> None:
    """V2, F10: deal 1 of every game: the view hides exactly the face-down cards and the
    stock, reads back from its text, and every sample is a valid position of that game
    showing the same view."""
    position = deal(1, VARIANTS[variant_id])
    view = PlayerView.of(position)
    hidden = {c for col, fd in zip(position.columns, position.face_down, strict=True)
              for c in col[:fd]} | set(position.stock)
    assert set(view.unseen) == hidden
    assert view.hidden == len(hidden)
    assert parse_view(format_view(view)) == view
    rng = random.Random(7)
    for _ in range(20):
        sample = view.sample(rng)
        sample.check()
        assert PlayerView.of(sample) == view


def test_v2_a_removed_run_in_alternate_colours_is_seen() -> None:
    """V2: the cards of a removed run in alternate colours (Scorpion Tail) are seen, not
    unseen, and the view reads back from its text; a run of the wrong kind for the game
    is refused by name."""
    position = deal(1, VARIANTS["scorpion-tail"])
    result = solve(position, max_nodes=200_000)
    assert result.verdict is Verdict.WINNABLE
    for move in result.line:
        position = position.apply(move)
        if position.runs:
            break
    view = PlayerView.of(position)
    assert len(view.runs) == 1 and view.runs[0] >= 4  # a run in alternate colours
    assert not set(run_cards(view.runs[0])) & set(view.unseen)
    assert len(view.unseen) == view.hidden
    assert parse_view(format_view(view)) == view
    mice = PlayerView.of(deal(7, VARIANTS["how-they-run"]))
    with pytest.raises(ViewError, match="a run of How They Run is of one suit"):
        mice._replace(runs=(4,)).check()
