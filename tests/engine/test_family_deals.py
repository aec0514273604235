"""V2, R5: every game of the family deals as PySolFC deals that game, number for number.

The oracle is built here, independently of the engine: the shuffle from the ``pysol_cards``
package (the generators PySolFC uses; Microsoft's below 32000, on the rank-major deck, the
Mersenne Twister from 32000 on, tested at 31999 and 32000 both), then each game's own
``startGame`` of PySolFC's current ``pysollib/games/spider.py`` written out as its calls:
``dealRow(rows=..., flip=...)`` takes the top card of the talon (the end of the shuffled
list) for each stack given, left to right, face up when ``flip`` is 1. What stays in the
talon is the stock, top card first.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pysolfc import talon

from scorpion.engine import (
    EMPTY_CELL,
    VARIANTS,
    UnknownVariantError,
    card_code,
    deal,
    shuffled_deck,
    start_reveals,
    start_shows,
    variant_by_id,
)

Stack = list[tuple[str, bool]]  # (card code, face up), bottom to top


class Table:
    """PySolFC's stacks for one deal: the talon, the rows and the reserves."""

    def __init__(self, number: int, ms: bool, rows: int, reserves: int) -> None:
        self.talon = talon(number, ms)
        self.rows: list[Stack] = [[] for _ in range(rows)]
        self.reserves: list[Stack] = [[] for _ in range(reserves)]

    def deal_row(self, rows: list[Stack] | None = None, flip: int = 1) -> None:
        for stack in self.rows if rows is None else rows:
            stack.append((self.talon.pop(), bool(flip)))


def scorpion(facedowns: tuple[int, ...]) -> Callable[[Table], None]:
    """Scorpion.startGame with its FACEDOWNS: for each i, a row face down on rows[:i] and
    face up on rows[i:]; then _startAndDealRow(): one more row face up."""
    def start(t: Table) -> None:
        for i in facedowns:
            t.deal_row(t.rows[:i], flip=0)
            t.deal_row(t.rows[i:], flip=1)
        t.deal_row()
    return start


def three_blind_mice(t: Table) -> None:
    """ThreeBlindMice.startGame (also Farmer's Wife and How They Run)."""
    for _ in range(3):
        t.deal_row(t.rows[:7], flip=1)
        t.deal_row(t.rows[7:], flip=0)
    t.deal_row()
    t.deal_row()
    t.deal_row(t.reserves)


def scorpion_head(t: Table) -> None:
    """ScorpionHead.startGame."""
    for i in (3, 3, 3, 3, 7, 7):
        t.deal_row(t.rows[:i], flip=1)
        t.deal_row(t.rows[i:], flip=0)
    t.deal_row()
    t.deal_row(t.rows[:3])


def chelicera(t: Table) -> None:
    """Chelicera.startGame: _startDealNumRows(4), then three rows onto rows[4:]."""
    for _ in range(4):
        t.deal_row()
    for _ in range(3):
        t.deal_row(t.rows[4:])


# PySolFC game id -> (its name, rows, reserves, its startGame)
PYSOL_GAMES: dict[int, tuple[str, int, int, Callable[[Table], None]]] = {
    29: ("Scorpion", 7, 0, scorpion((4, 4, 4, 0, 0, 0))),
    672: ("Scorpion II", 7, 0, scorpion((3, 3, 3, 0, 0, 0))),
    185: ("Wasp", 7, 0, scorpion((4, 4, 4, 0, 0, 0))),  # class Wasp(Scorpion)
    976: ("Wasp II", 7, 0, scorpion((3, 3, 3, 0, 0, 0))),  # class WaspII(ScorpionII)
    346: ("Scorpion Tail", 7, 0, scorpion((4, 4, 4, 0, 0, 0))),  # ScorpionTail(Scorpion)
    305: ("Three Blind Mice", 10, 2, three_blind_mice),
    543: ("Farmer's Wife", 10, 2, three_blind_mice),  # FarmersWife(ThreeBlindMice)
    544: ("How They Run", 10, 2, three_blind_mice),  # HowTheyRun(ThreeBlindMice)
    345: ("Scorpion Head", 7, 4, scorpion_head),  # four empty free cells
    344: ("Chelicera", 7, 0, chelicera),
}


def oracle(
    pysol_id: int, number: int, ms: bool = False
) -> tuple[list[Stack], list[Stack], list[str]]:
    """PySolFC's rows, reserves and talon (top card first) of game ``pysol_id``, deal
    ``number``."""
    _name, rows, reserves, start = PYSOL_GAMES[pysol_id]
    t = Table(number, ms, rows, reserves)
    start(t)
    return t.rows, t.reserves, list(reversed(t.talon))


def layout(number: int | str, variant_id: str) -> tuple[list[Stack], list[Stack], list[str]]:
    """The engine's deal in the oracle's form."""
    p = deal(number, variant_by_id(variant_id))
    rows = [
        [(card_code(c), k >= fd) for k, c in enumerate(col)]
        for col, fd in zip(p.columns, p.face_down, strict=True)
    ]
    # A reserve or cell holds its card face up; an empty free cell is an empty stack.
    reserves = [[(card_code(c), True)] if c != EMPTY_CELL else [] for c in p.cells]
    return rows, reserves, [card_code(c) for c in p.stock]


# 22 numbers: small ones, both sides of 32000 (where PySolFC changes generator), large ones.
NUMBERS = [
    1, 2, 3, 5, 8, 13, 100, 617, 1000, 11982, 20000, 31998, 31999, 32000, 32001, 40000,
    10**6, 2**31, 2**32 + 7, 987654321987, 12345678901234567890, 10**20,
]


def test_v2_every_game_records_its_pysolfc_id_and_name() -> None:
    """V2: each game of the family under PySolFC's id and name; the house rule as ours."""
    found = {v.id: (v.pysol_id, v.pysol_name, v.name, v.house_rule) for v in VARIANTS.values()}
    assert found == {
        "scorpion": (29, "Scorpion", "Scorpion", None),
        "scorpion-ii": (672, "Scorpion II", "Scorpion II", None),
        "wasp": (185, "Wasp", "Wasp", None),
        "wasp-ii": (976, "Wasp II", "Wasp II", None),
        "scorpion-strict": (
            29, "Scorpion", "Scorpion, strict stock",
            "ours: the stock may not be dealt while a column is empty",
        ),
        "scorpion-tail": (346, "Scorpion Tail", "Scorpion Tail", None),
        "three-blind-mice": (305, "Three Blind Mice", "Three Blind Mice", None),
        "farmers-wife": (543, "Farmer's Wife", "Farmer's Wife", None),
        "how-they-run": (544, "How They Run", "How They Run", None),
        "scorpion-head": (345, "Scorpion Head", "Scorpion Head", None),
        "chelicera": (344, "Chelicera", "Chelicera", None),
    }
    for v in VARIANTS.values():
        assert PYSOL_GAMES[v.pysol_id][0] == v.pysol_name
    # Every one-deck game of the family in PySolFC is here.
    assert {v.pysol_id for v in VARIANTS.values()} == set(PYSOL_GAMES)


@pytest.mark.parametrize("variant_id", list(VARIANTS))
@pytest.mark.parametrize("number", NUMBERS)
def test_v2_r5_every_game_deals_as_pysolfc(number: int, variant_id: str) -> None:
    """V2, R5: deal N of every game is PySolFC's game N of that game: the same cards in
    the same places, face up or down alike, the same reserves and stock."""
    assert layout(number, variant_id) == oracle(variant_by_id(variant_id).pysol_id, number)


@pytest.mark.parametrize("variant_id", list(VARIANTS))
@pytest.mark.parametrize("number", [32000, 40000, 2**32 + 7])
def test_v2_r5_ms_deals_of_every_game_as_pysolfc(number: int, variant_id: str) -> None:
    """V2, R5: 'ms' numbers use Microsoft's generator in every game, as in PySolFC."""
    pysol_id = variant_by_id(variant_id).pysol_id
    assert layout(f"ms{number}", variant_id) == oracle(pysol_id, number, ms=True)


def test_v2_the_generator_changes_at_32000_in_every_game() -> None:
    """R5: 31999 is Microsoft's, 32000 the Mersenne Twister's (not '<= 32000')."""
    for v in VARIANTS.values():
        assert layout(32000, v.id) != layout("ms32000", v.id)
        assert layout(31999, v.id) == layout("ms31999", v.id)


@pytest.mark.parametrize("number", [1, 30, 31999, 32000, 10**20])
def test_f10_v1_start_shows_is_what_the_oracle_deals_face_up(number: int) -> None:
    """F10, V1: the places that :func:`start_shows` gives are, on every deal number, the
    cards that PySolFC's deal of that game shows (face up in a row, or in a reserve); the
    other places are the face-down cards and the stock."""
    # The dealing pile, first card dealt first.
    pile = [card_code(c) for c in reversed(shuffled_deck(number))]
    for v in VARIANTS.values():
        rows, reserves, stock = oracle(v.pysol_id, number)
        shown = {code for stack in rows + reserves for code, up in stack if up}
        assert {pile[i] for i in start_shows(v)} == shown, v.id
        hidden = {code for stack in rows for code, up in stack if not up} | set(stock)
        assert {pile[i] for i in range(52)} - shown == hidden, v.id


def test_f10_v1_which_starts_show_cards_another_start_hides() -> None:
    """F10, V1: the games whose start shows a card that another game's start hides, on
    every deal (so that a deal dealt in the one marks a later game of it in the other).
    Scorpion, Wasp, the strict stock and Scorpion Tail deal alike; Scorpion II and Wasp II
    show Scorpion's fourth column too; the ten-column games show 43 cards, Scorpion Head 36
    of its own places, Chelicera 37."""
    like_scorpion = {"scorpion", "wasp", "scorpion-strict", "scorpion-tail"}
    like_mice = {"three-blind-mice", "farmers-wife", "how-they-run"}
    expected = {
        **{w: like_mice | {"scorpion-head", "chelicera"} for w in like_scorpion},
        **{w: set(VARIANTS) - {w} - {"wasp-ii", "scorpion-ii"} for w in
           ("scorpion-ii", "wasp-ii")},
        **{w: set(VARIANTS) - like_mice for w in like_mice},
        "scorpion-head": set(VARIANTS) - {"scorpion-head"},
        "chelicera": set(VARIANTS) - {"chelicera"},
    }
    found = {w: {v for v in VARIANTS if start_reveals(w, v)} for w in VARIANTS}
    assert found == expected
    assert [len(start_shows(v)) for v in VARIANTS.values()] == [
        37, 40, 37, 40, 37, 37, 43, 43, 43, 36, 37]
    assert not start_reveals("scorpion", "scorpion")
    with pytest.raises(UnknownVariantError, match="unknown variant 'spider'"):
        start_reveals("spider", "scorpion")
