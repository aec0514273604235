"""The games of the Scorpion family (V1, V2): each one data over one set of rules.

A :class:`Variant` describes a game as data: how many columns, how the deal lays the
cards out (which are face down), the stock, reserves or free cells, what builds on what
(same suit or alternate colours), what fills an empty column, what makes a run and how the
game is won. The rules themselves live once, each in one named function of
:mod:`scorpion.engine.position`.

Variants are singletons compared by identity (fast to hash inside positions); pickling
one gives back the registered instance, so positions survive a process pool.

On PySolFC's names (its current ``pysollib/games/spider.py`` is the reference): every game
records the id and name PySolFC gives it, and deal N of a game is PySolFC's game N of that
game: the same shuffle (R5), then that game's own order of dealing. Scorpion (29),
Scorpion II (672), Wasp (185) and Wasp II (976) deal alike and differ only in which cards
start face down (Scorpion II and Wasp II: columns 1-3 only) and in what fills an empty
column (Wasp and Wasp II: any card or group). Today's PySolFC Wasp keeps Scorpion's four
face-down columns, and its Wasp II is Scorpion II's deal with Wasp's empty columns, exactly
as they are played here. "Scorpion, strict stock" is a house rule of ours over PySolFC's
Scorpion (29): the stock may not be dealt while a column is empty.

Every game removes a completed run at once (R12; Chelicera keeps its runs), as PySolFC plays
with its Auto drop option on. With Auto drop off (PySolFC's default) a finished run waits in
its column until the player moves it to a foundation, and its cards may still be moved
meanwhile. In the same-suit games that changes nothing (a run's cards land only on one
another, into an empty column or a free cell, which gains nothing); in Scorpion Tail and
Farmer's Wife a run kept on the table offers places to land (each of its cards has a twin
of the same rank and colour elsewhere), so a deal lost here might be won there.

The deal is written as rows: one string per row dealt, one letter per column, left to
right: ``D`` a card face down, ``U`` a card face up, ``.`` no card in that column. The
cards left after the rows go one to each reserve (when the reserves are dealt), and the
rest make the stock, in the order they come off the pile.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Build = Literal["suit", "colour"]
"""What builds on what: ``"suit"`` the card of the same suit one rank lower (R7);
``"colour"`` a card one rank lower of the other colour (Scorpion Tail)."""

CellKind = Literal["reserve", "cells"]
"""``"reserve"``: cards may be played from it, never onto it (Three Blind Mice);
``"cells"``: free cells, one card each, playable from and onto (How They Run)."""


def _scorpion_rows(face_down_columns: int, face_down_rows: int) -> tuple[str, ...]:
    down = "D" * face_down_columns + "U" * (7 - face_down_columns)
    return (down,) * face_down_rows + ("U" * 7,) * (7 - face_down_rows)


@dataclass(frozen=True, eq=False)
class Variant:
    """One game of the Scorpion family.

    Attributes:
        id: stable identifier used in notation, URLs, saved games and statistics.
        name: name shown to players.
        pysol_id: PySolFC's game id of this game (or of the game a house rule changes).
        pysol_name: PySolFC's name of that game.
        house_rule: for a house rule of ours, what it changes (None for PySolFC's games).
        face_down_columns: for the 7-column deals of Scorpion, how many columns, from
            column 1, start with face-down cards (R3); ignored when ``rows`` is given.
        face_down_rows: for those deals, how many of the first rows are face down there.
        empty_column_takes_any: an empty column accepts any card or group, not only a
            King-led group (Wasp's rule, replacing R9).
        strict_stock: the stock may not be dealt while a column is empty (replacing R11's
            "also when some columns are empty"); a house rule.
        columns: how many columns (7, or 10 in Three Blind Mice and its kin).
        rows: the deal, one string per row (see the module docstring); by default
            Scorpion's seven rows with ``face_down_rows`` rows face down on
            ``face_down_columns`` columns.
        build: ``"suit"`` or ``"colour"``: what builds on what, and what a run is (13
            cards King to Ace of one suit, or in alternate colours).
        cells: how many reserves or free cells (0: none).
        cell_kind: ``"reserve"`` (play from, never onto) or ``"cells"`` (free cells).
        cells_dealt: the deal puts one card into each reserve or cell.
        stock_deal: the stock can be dealt by the player, one card onto each of the first
            columns (R11); False where the stock only refills empty columns.
        refill: how many cards from the stock refill a column that a move empties
            (Chelicera: 3; 0: none).
        removes_runs: completed runs leave the table (R12) and the game is won with four
            removed (R14); False: runs stay, the game is won when every column holding
            cards is one run and the stock is empty (Chelicera).

    Raises:
        ValueError: if a deal row is not ``columns`` letters of ``D``, ``U`` and ``.``, a
            face-down card would lie on a face-up one, or the deal needs more than 52 cards.
    """

    id: str
    name: str
    pysol_id: int
    pysol_name: str
    house_rule: str | None = None
    face_down_columns: int = 4
    face_down_rows: int = 3
    empty_column_takes_any: bool = False
    strict_stock: bool = False
    columns: int = 7
    rows: tuple[str, ...] = field(default=())
    build: Build = "suit"
    cells: int = 0
    cell_kind: CellKind = "reserve"
    cells_dealt: bool = False
    stock_deal: bool = True
    refill: int = 0
    removes_runs: bool = True

    def __post_init__(self) -> None:
        if not self.rows:
            object.__setattr__(
                self, "rows", _scorpion_rows(self.face_down_columns, self.face_down_rows)
            )
        for row in self.rows:
            if len(row) != self.columns or set(row) - set("DU."):
                raise ValueError(f"{self.id}: bad deal row {row!r}")
        for i in range(self.columns):
            letters = "".join(row[i] for row in self.rows if row[i] != ".")
            if "UD" in letters:
                raise ValueError(f"{self.id}: face-down cards must lie under face-up ones")
        if self.dealt > 52:
            raise ValueError(f"{self.id}: the deal needs more than 52 cards")

    @property
    def dealt(self) -> int:
        """How many cards the deal puts on the table (columns and reserves)."""
        on_rows = sum(len(row) - row.count(".") for row in self.rows)
        return on_rows + (self.cells if self.cells_dealt else 0)

    @property
    def stock_size(self) -> int:
        """How many cards the stock holds at the start (0: no stock)."""
        return 52 - self.dealt

    @property
    def face_down_start(self) -> tuple[int, ...]:
        """How many cards of each column start face down."""
        return tuple(sum(row[i] == "D" for row in self.rows) for i in range(self.columns))

    @property
    def free_cells(self) -> int:
        """How many free cells a card may be played onto (0 for reserves)."""
        return self.cells if self.cell_kind == "cells" else 0

    @property
    def is_classic(self) -> bool:
        """True for the 7-column same-suit games without reserves whose stock is dealt onto
        columns 1-3 (Scorpion, Scorpion II, Wasp, Wasp II, strict stock): the games the
        solver's fastest paths and the players' surveys cover (the compiled solver core
        plays every game of the family, the advisor too)."""
        return (
            self.columns == 7
            and self.build == "suit"
            and not self.cells
            and self.stock_size == 3
            and self.stock_deal
            and not self.refill
            and self.removes_runs
        )

    def __repr__(self) -> str:
        return f"<Variant {self.id}>"

    def __lt__(self, other: Variant) -> bool:
        return self.id < other.id

    def __reduce__(self) -> Any:
        if VARIANTS.get(self.id) is self:
            return (variant_by_id, (self.id,))
        return super().__reduce__()


SCORPION = Variant("scorpion", "Scorpion", 29, "Scorpion")
SCORPION_II = Variant("scorpion-ii", "Scorpion II", 672, "Scorpion II", face_down_columns=3)
WASP = Variant("wasp", "Wasp", 185, "Wasp", empty_column_takes_any=True)
WASP_II = Variant(
    "wasp-ii", "Wasp II", 976, "Wasp II", face_down_columns=3, empty_column_takes_any=True
)
SCORPION_STRICT = Variant(
    "scorpion-strict",
    "Scorpion, strict stock",
    29,
    "Scorpion",
    house_rule="ours: the stock may not be dealt while a column is empty",
    strict_stock=True,
)
SCORPION_TAIL = Variant("scorpion-tail", "Scorpion Tail", 346, "Scorpion Tail", build="colour")
_MICE_ROWS = ("UUUUUUUDDD",) * 3 + ("U" * 10,) * 2
THREE_BLIND_MICE = Variant(
    "three-blind-mice",
    "Three Blind Mice",
    305,
    "Three Blind Mice",
    columns=10,
    rows=_MICE_ROWS,
    cells=2,
    cells_dealt=True,
)
FARMERS_WIFE = Variant(
    "farmers-wife",
    "Farmer's Wife",
    543,
    "Farmer's Wife",
    columns=10,
    rows=_MICE_ROWS,
    build="colour",
    cells=2,
    cells_dealt=True,
)
HOW_THEY_RUN = Variant(
    "how-they-run",
    "How They Run",
    544,
    "How They Run",
    columns=10,
    rows=_MICE_ROWS,
    cells=2,
    cell_kind="cells",
    cells_dealt=True,
)
SCORPION_HEAD = Variant(
    "scorpion-head",
    "Scorpion Head",
    345,
    "Scorpion Head",
    rows=("UUUDDDD",) * 4 + ("UUUUUUU",) * 3 + ("UUU....",),
    cells=4,
    cell_kind="cells",
)
CHELICERA = Variant(
    "chelicera",
    "Chelicera",
    344,
    "Chelicera",
    rows=("UUUUUUU",) * 4 + ("....UUU",) * 3,
    stock_deal=False,
    refill=3,
    removes_runs=False,
)

VARIANTS: dict[str, Variant] = {
    v.id: v
    for v in (
        SCORPION, SCORPION_II, WASP, WASP_II, SCORPION_STRICT, SCORPION_TAIL,
        THREE_BLIND_MICE, FARMERS_WIFE, HOW_THEY_RUN, SCORPION_HEAD, CHELICERA,
    )
}
"""The registered variants by id, Scorpion first, today's five before the rest."""

CLASSIC_VARIANTS: dict[str, Variant] = {v.id: v for v in VARIANTS.values() if v.is_classic}
"""The 7-column same-suit games with Scorpion's stock (the first five)."""


class UnknownVariantError(ValueError):
    """Raised for a variant id that is not registered."""


def variant_by_id(variant_id: str, exact: bool = False) -> Variant:
    """Return the registered variant with id ``variant_id``.

    Ids are written in lower case; like card codes and moves, an id is read in any case of
    its ASCII letters (``Scorpion-II`` is ``scorpion-ii``), as ``--variant`` reads it,
    unless ``exact`` (the web API, whose ids are keys of stored games, takes them exactly).

    Raises:
        UnknownVariantError: naming the id and the known ids.
    """
    try:
        return VARIANTS[variant_id]
    except (KeyError, TypeError):
        pass
    try:
        if exact or not isinstance(variant_id, str) or not variant_id.isascii():
            raise KeyError(variant_id)
        return VARIANTS[variant_id.lower()]
    except KeyError:
        known = ", ".join(VARIANTS)
        raise UnknownVariantError(
            f"unknown variant {variant_id!r} (known variants: {known})"
        ) from None
