"""Request and response models of the HTTP API (they make the OpenAPI schema)."""

from __future__ import annotations

import functools
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    JsonValue,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from ..advisor import advises
from ..engine import VARIANTS, Variant, card_code
from ..engine.cards import run_code
from ..engine.deals import DEAL_PATTERN, MAX_DEAL
from ..engine.position import EMPTY_CELL
from ..store import GameState, VariantStats

MOST_COLUMNS = max(v.columns for v in VARIANTS.values())
"""The most columns a game of the family has (10)."""

MOST_FREE_CELLS = max(v.free_cells for v in VARIANTS.values())
"""The most free cells a game of the family has (4, Scorpion Head)."""

_SPACE = "[ \\t\\n\\r\\f\\v]*"
FAMILY_MOVE_PATTERN = (
    f"^{_SPACE}(?:[dD][eE][aA][lL]|[aA2-9tTjJqQkK][cCdDhHsS]{_SPACE}-{_SPACE}"
    f"(?:[1-9]|10|[fF][1-{MOST_FREE_CELLS}])){_SPACE}$"
)
"""A regular expression (Python and JSON Schema alike) matching the move texts of every
game of the family: ``deal``, ``<card>-<column>`` with a column 1 to 10, or
``<card>-f<cell>`` with a free cell 1 to 4, in any case, with ASCII white space. A text it
matches that names a column or free cell the game does not have is an illegal move of
that game (409, rule R2 or V2), not a malformed one."""


class VariantInfo(BaseModel):
    """A variant: its stable id and the name shown to players."""

    id: str = Field(examples=["scorpion"])
    name: str = Field(examples=["Scorpion"])

    @classmethod
    @functools.cache
    def of(cls, variant: Variant) -> VariantInfo:
        """The id and name of ``variant`` (one instance per variant: do not change it)."""
        return cls(id=variant.id, name=variant.name)


class VariantRules(BaseModel):
    """What the table draws for a game, and how its rules differ from Scorpion's: public
    facts of the game, never a card. The page draws from them; the server alone judges
    every move."""

    columns: int = Field(default=7, description="How many columns (7 or 10).", ge=1)
    build: Literal["suit", "colour"] = Field(
        default="suit",
        description="What builds on what: the card one rank lower of the same suit, or of "
        "the other colour (then a run is King to Ace in alternate colours).",
    )
    cells: int = Field(default=0, description="How many reserve places or free cells.", ge=0)
    cell_kind: Literal["reserve", "cells"] | None = Field(
        default=None,
        description="reserve: cards are played from it, never onto it; cells: free cells, "
        "one card each, played from and onto; null without either.",
    )
    stock_deal: bool = Field(
        default=True,
        description="The player deals the stock (one card onto each of the first columns); "
        "false where the stock only refills emptied columns or there is none.",
    )
    refill: int = Field(
        default=0, description="Cards from the stock that refill an emptied column (0: none).",
        ge=0,
    )
    removes_runs: bool = Field(
        default=True,
        description="Completed runs leave the table and four win; false: runs stay, and the "
        "game is won when every column holding cards is one run and the stock is empty.",
    )
    empty_column_takes_any: bool = Field(
        default=False, description="Any card or group fills an empty column (not only a King)."
    )
    advised: bool = Field(
        default=True,
        description="The hints give each move's chance to win; false (Scorpion Head, How "
        "They Run): the hints list the legal moves without chances.",
    )

    @classmethod
    @functools.cache
    def of(cls, variant: Variant) -> VariantRules:
        """The public description of ``variant``'s table and rules (one instance per
        variant: do not change it)."""
        return cls(
            columns=variant.columns,
            build=variant.build,
            cells=variant.cells,
            cell_kind=variant.cell_kind if variant.cells else None,
            stock_deal=variant.stock_deal and variant.stock_size > 0,
            refill=variant.refill,
            removes_runs=variant.removes_runs,
            empty_column_takes_any=variant.empty_column_takes_any,
            advised=advises(variant),
        )


class ColumnView(BaseModel):
    """One tableau column as the player sees it."""

    face_down: int = Field(description="How many face-down cards lie at the bottom.", ge=0)
    cards: list[str] = Field(description="The face-up cards, bottom to top (card codes).")


class LastMove(BaseModel):
    """The move this answer played and what it changed."""

    move: str = Field(examples=["7H-5"])
    revealed: list[str] = Field(description="Cards the move turned face up.")
    runs: list[str] = Field(
        description="The runs it removed: a suit (C, D, H, S), or in the games that build "
        "in alternate colours the run's 13 cards from the King joined by dots."
    )
    dealt: list[str] = Field(
        default_factory=list,
        description="Cards the move dealt from the stock onto the table, face up, in the "
        "order they came off it: the stock deal, or the cards that refill an emptied column "
        "(Chelicera).",
    )


DEAL_SEEN_REASON = (
    "This game counts as peeked: you were shown this deal's hidden cards before (its "
    "solution, peeking help in a game of it, or another game of it that deals them face "
    "up), so its win will not be a win without peeking."
)
"""The reason of a game that started marked peeked (F10): its deal was seen before."""

PEEKED_REASON = (
    "This game counts as peeked: peeking help was shown in it, so its win will not be a "
    "win without peeking."
)
"""The reason of a game marked peeked by peeking help shown in it (F10)."""


def peeked_reason(peeked: bool, deal_seen: bool) -> str | None:
    """Why a game counts as peeked (F10), as a sentence for the player: its deal's hidden
    cards were shown before it began (``deal_seen``), or peeking help was shown in it;
    None when it is not peeked. The sentence names no card."""
    if not peeked:
        return None
    return DEAL_SEEN_REASON if deal_seen else PEEKED_REASON


class GameView(BaseModel):
    """The player's view of a game: no face-down card is ever named in it."""

    variant: VariantInfo
    rules: VariantRules = Field(
        default_factory=VariantRules,
        description="The game's table (columns, reserve or free cells, stock) and how its "
        "rules differ from Scorpion's.",
    )
    deal: str = Field(description="The deal number (PySolFC numbering).", examples=["617"])
    columns: list[ColumnView]
    cells: list[str | None] = Field(
        default_factory=list,
        description="The reserve's or the free cells' cards, in order (null: an empty "
        "place); every card there is face up. Empty in games without them.",
    )
    stock: int = Field(description="Cards left in the stock (face down: only the count).")
    runs: list[str] = Field(
        description="The removed runs, in removal order: a suit letter, or for a run in "
        "alternate colours its 13 cards from the King joined by dots."
    )
    moves: int = Field(description="Moves made (the stock deal counts as one).")
    elapsed_ms: int = Field(
        description="Playing time in milliseconds: while the page was open and visible, "
        "from the first move to now or to the win."
    )
    started: bool = Field(description="True once the first move is made.")
    clock_running: bool = Field(
        description="True while the clock counts (between the first move and the win, "
        "and not paused by a hidden page)."
    )
    won: bool
    can_undo: bool
    can_redo: bool
    version: int = Field(description="Changes with every change; sent back to detect stale tabs.")
    last: LastMove | None = None
    peeked: bool = Field(
        default=False,
        description="The game counts as peeked (F10): peeking help was shown in it, or its "
        "deal's hidden cards were shown to the player before it began. Its win is not a "
        "win without peeking.",
    )
    peeked_reason: str | None = Field(
        default=None,
        description="Why the game counts as peeked, as a sentence for the player (null "
        "when it does not).",
        examples=[DEAL_SEEN_REASON],
    )
    counted: bool = Field(
        default=True,
        description="The game counts in the statistics: false for the game that was in "
        "progress when the player deleted their results (it counts nowhere, won or not).",
    )

    @classmethod
    def of(cls, state: GameState) -> GameView:
        """Build the view of ``state``, hiding every face-down card.

        Built without validation (``model_construct``): every value comes from the engine
        and the store with the field's type, and validating them again on every move
        cost more than the rest of the view (``tests/web`` check the answers against the
        schema)."""
        game, row = state.game, state.row
        p = game.position
        last = None
        if state.last_move is not None and state.last_change is not None:
            last = LastMove.model_construct(
                move=str(state.last_move),
                revealed=[card_code(c) for c in state.last_change.revealed],
                runs=[run_code(r) for r in state.last_change.runs],
                dealt=[card_code(c) for c in state.last_change.dealt],
            )
        column = ColumnView.model_construct
        return cls.model_construct(
            variant=VariantInfo.of(p.variant),
            rules=VariantRules.of(p.variant),
            deal=row.deal,
            columns=[
                column(face_down=fd, cards=[card_code(c) for c in col[fd:]])
                for col, fd in zip(p.columns, p.face_down, strict=True)
            ],
            cells=cell_codes(p.cells),
            stock=len(p.stock),
            runs=[run_code(r) for r in p.runs],
            moves=len(game.moves),
            elapsed_ms=state.elapsed_ms,
            started=row.started_at is not None,
            clock_running=state.clock_running,
            won=row.won,
            can_undo=game.can_undo and not row.won,
            can_redo=game.can_redo and not row.won,
            version=row.version,
            last=last,
            peeked=bool(row.peeked),
            peeked_reason=peeked_reason(bool(row.peeked), bool(row.deal_seen)),
            counted=bool(row.counted),
        )


def cell_codes(cells: tuple[int, ...]) -> list[str | None]:
    """The card codes of a position's reserve or free cells (None for an empty one)."""
    return [None if c == EMPTY_CELL else card_code(c) for c in cells]


STRICT = ConfigDict(extra="forbid", strict=True)
"""Request bodies: no unknown fields, and no guessing of types ("false" is not False)."""

WEB_VARIANTS: dict[str, Variant] = dict(VARIANTS)
"""The variants the web table offers: every game of the family."""

VARIANT_IDS: dict[str, JsonValue] = {"enum": list(WEB_VARIANTS)}
"""The schema's list of variant ids. The server itself answers an unknown id with 400."""


def _variant_field() -> str:
    return Field(
        default="scorpion", max_length=32, examples=["scorpion"], json_schema_extra=VARIANT_IDS
    )


DealText = Annotated[
    str,
    Field(
        description="Digits (ASCII 0-9, optionally after '#' and grouped by spaces, commas "
        "or underscores), or 'ms' + digits; 1 to 10**20 (ms: to 2**33 - 1).",
        examples=["617"],
        json_schema_extra={"pattern": DEAL_PATTERN},
    ),
]
def _whole_number(value: object) -> object:
    """JSON has one number type: 7.0 is the integer 7 (JSON Schema says so too); 7.5, a
    string or a boolean stays what it is and is refused."""
    if type(value) is float and value.is_integer():
        return int(value)
    return value


JsonInt = Annotated[int, BeforeValidator(_whole_number)]
"""An integer of a request body: a JSON number with no fraction (``7`` or ``7.0``)."""

DealInt = Annotated[JsonInt, Field(json_schema_extra={"minimum": 1, "maximum": MAX_DEAL})]
# The patterns and bounds are the engine's own (tests check that they agree with its
# parsers): the schema states what the server accepts, and the engine's errors (400)
# still say what is wrong with the rest.


class VariantRequest(BaseModel):
    """A request naming the variant whose game it acts on."""

    model_config = STRICT

    variant: str = _variant_field()
    version: JsonInt | None = Field(
        default=None, description="The version of the view the page last saw."
    )


class VisitRequest(BaseModel):
    """The page has just been opened in a browser tab."""

    model_config = STRICT

    variant: str = _variant_field()


class MoveRequest(VariantRequest):
    """A move in notation: ``<card>-<column>`` (``7H-5``), ``<card>-f<cell>`` (``7H-f1``,
    onto a free cell) or ``deal``."""

    move: str = Field(
        max_length=16, examples=["7H-5", "7H-f1", "deal"],
        json_schema_extra={"pattern": FAMILY_MOVE_PATTERN},
    )


class NewGameRequest(VariantRequest):
    """Start a new game: a deal number, or none for a random deal (``winnable_only``: a
    random deal the solver proved winnable; not with a number). With ``version``, the
    game of the variant it replaces must still be the one the page saw (409 otherwise)."""

    # STRICT, and the schema says it too: a number and winnable_only true are refused.
    model_config = STRICT | ConfigDict(json_schema_extra={"not": {
        "required": ["deal", "winnable_only"],
        "properties": {"deal": {"not": {"type": "null"}}, "winnable_only": {"const": True}},
    }})

    deal: DealText | DealInt | None = Field(
        default=None, description="Deal number (1 and up, or 'ms' + digits); null for random."
    )
    winnable_only: bool = Field(
        default=False, description="With no deal number: a deal the solver proved winnable."
    )

    @model_validator(mode="after")
    def _random_if_winnable_only(self) -> NewGameRequest:
        if self.winnable_only and self.deal is not None:
            raise ValueError(
                "winnable_only picks a random deal: give it without a deal number, or give "
                "the number alone"
            )
        return self


class MoveChance(BaseModel):
    """A hinted move's chance to win, estimated from the player's view alone (F10, B5)."""

    move: str = Field(examples=["7H-5"])
    chance: float = Field(description="Estimated chance to win after the move, 0 to 1.", ge=0, le=1)
    low: float = Field(description="Low end of the 95% Wilson interval of the chance.", ge=0, le=1)
    high: float = Field(description="High end of the 95% Wilson interval.", ge=0, le=1)
    wins: int = Field(description="Samples in which the move was proved to win.", ge=0)
    samples: int = Field(
        description="Arrangements of the unseen cards judged (1 when exact).", ge=0
    )
    undecided: int = Field(
        description="Samples the solver left undecided within its budget (not won).", ge=0
    )


class Hints(BaseModel):
    """Moves worth trying (F3), with their chances to win (F10), and a message when there
    are none. See ``docs/web-api.md``.

    ``chances`` come from the advisor, which sees only what the player sees; they are
    empty until its first answer, and ``refining`` is true while a better one is coming.
    ``winning`` is peeking: null unless the player switched peeking on; then it lists the
    moves the solver has proved to keep the deal winnable (often empty: a move is never
    called winning before that proof).
    """

    moves: list[str] = Field(
        description="The hinted moves in the order to show them: best chance first once "
        "the chances are known (with peeking on, a proved winning move first)."
    )
    chances: list[MoveChance] = Field(
        default_factory=list, description="Each hinted move's chance to win, best first."
    )
    exact: bool = Field(
        default=False,
        description="True when nothing is hidden any more: each chance is then 1 or 0, "
        "the solver's verdict.",
    )
    refining: bool = Field(
        default=False, description="True while better chances are being computed: ask again."
    )
    peeking: bool = Field(default=False, description="The player's peeking setting.")
    winning: list[str] | None = Field(
        default=None, description="Peeking only (null when peeking is off)."
    )
    message: str | None = None
    peeked_reason: str | None = Field(
        default=None,
        description="Why the game counts as peeked, once this answer is given (as in the "
        "game's view: peeking help in these hints marks it), or null when it does not.",
    )


class Status(BaseModel):
    """Whether the current position can still be won, as far as the solver knows. This
    is peeking: it is given only when the player switched peeking on."""

    status: str = Field(description="winnable, not winnable or unknown.")
    message: str = Field(examples=["this deal can still be won"])
    peeked_reason: str | None = Field(
        default=None,
        description="Why the game counts as peeked once this answer is given (this help "
        "marks it; null for a game already won, which it did not help to win).",
    )


class ErrorDetail(BaseModel):
    """An error: what is wrong, in words; for an illegal move also the rule it breaks."""

    detail: str
    rule: str | None = Field(
        default=None,
        description="Illegal moves only: the SPEC id of the rule the move breaks (R2, "
        "R6-R11, or V2 for a rule of another game of the family: docs/rule-codes.md).",
        examples=["R7"],
    )
    reason: str | None = Field(
        default=None,
        description="Illegal moves only: the rules engine's reason, in the words of the "
        "specification (``detail`` says it for the player).",
        examples=["8D-2: 8D may only be placed on 9D, not on QS (R7)"],
    )


class ClockRequest(BaseModel):
    """Run (the page is visible: also the heartbeat) or pause (hidden) the game clock."""

    model_config = STRICT

    variant: str = _variant_field()
    running: bool


class ClockView(BaseModel):
    """The game clock after a :class:`ClockRequest`."""

    elapsed_ms: int = Field(description="Playing time in milliseconds.")
    clock_running: bool


class RecentView(BaseModel):
    """A finished game in the recent results."""

    deal: str
    won: bool
    peeked: bool = Field(default=False, description="Peeking help was shown for this game.")
    moves: int = Field(description="Moves of the win (0 if not won).")
    time_ms: int = Field(description="Playing time of the win in milliseconds (0 if not won).")
    started_at: str = Field(description="The first move, ISO 8601 UTC.")


class StatsView(BaseModel):
    """The statistics of one variant (F7). See ``docs/web-api.md`` for what counts."""

    variant: VariantInfo
    started: int = Field(description="Games started: a first move was made.")
    won: int
    win_rate: float | None = Field(description="won / started, 0 to 1; null before a start.")
    best_time_ms: int | None = Field(description="The fastest win, in milliseconds.")
    fewest_moves: int | None
    current_streak: int = Field(description="Wins in a row up to the latest finished game.")
    longest_streak: int
    in_progress: bool = Field(description="A started game of this variant is being played.")
    recent: list[RecentView] = Field(description="The latest finished games, oldest first.")
    won_without_peeking: int = Field(
        default=0, description="Games won for which no peeking help was shown."
    )
    current_streak_without_peeking: int = Field(
        default=0,
        description="Wins without peeking in a row up to the latest finished game.",
    )
    longest_streak_without_peeking: int = 0
    best_time_ms_without_peeking: int | None = Field(
        default=None,
        description="The fastest win without peeking, in milliseconds; null before one.",
    )
    fewest_moves_without_peeking: int | None = Field(
        default=None, description="The win without peeking with the fewest moves."
    )

    @classmethod
    def of(cls, stats: VariantStats) -> StatsView:
        """Build the view of one variant's statistics."""
        return cls(
            variant=VariantInfo.of(VARIANTS[stats.variant]),
            started=stats.started,
            won=stats.won,
            win_rate=stats.win_rate,
            best_time_ms=stats.best_time_ms,
            fewest_moves=stats.fewest_moves,
            current_streak=stats.current_streak,
            longest_streak=stats.longest_streak,
            in_progress=stats.in_progress,
            won_without_peeking=stats.won_without_peeking,
            current_streak_without_peeking=stats.current_streak_without_peeking,
            longest_streak_without_peeking=stats.longest_streak_without_peeking,
            best_time_ms_without_peeking=stats.best_time_ms_without_peeking,
            fewest_moves_without_peeking=stats.fewest_moves_without_peeking,
            recent=[
                RecentView(
                    deal=r.deal,
                    won=r.won,
                    peeked=r.peeked,
                    moves=r.moves,
                    time_ms=r.time_ms,
                    started_at=r.started_at.isoformat(timespec="seconds") + "Z",
                )
                for r in stats.recent
            ],
        )


class Settings(BaseModel):
    """The player's settings."""

    model_config = STRICT

    saving: bool = Field(
        description="Keep the game in progress between visits (F6). Switching it off "
        "deletes the saved games."
    )
    peeking: bool = Field(
        default=False,
        description="Peek: let hints use the hidden cards (the solver's winning-move mark "
        "and the can-this-deal-still-be-won status). Off for a new player (F10).",
    )


class SettingsChange(BaseModel):
    """A change of settings: each field given is set, each one left out is unchanged
    (at least one must be given; ``null`` is not a value)."""

    model_config = ConfigDict(extra="forbid", strict=True, json_schema_extra={"minProperties": 1})

    saving: Annotated[
        bool | None,
        WithJsonSchema({
            "type": "boolean",
            "description": "Keep the game between visits; false deletes the saved games.",
        }),
    ] = None
    peeking: Annotated[
        bool | None,
        WithJsonSchema({
            "type": "boolean", "description": "Peek: let hints use the hidden cards."
        }),
    ] = None

    @field_validator("saving", "peeking", mode="before")
    @classmethod
    def _not_null(cls, value: object) -> object:
        if value is None:
            raise ValueError("must be true or false, not null")
        return value

    @model_validator(mode="after")
    def _something(self) -> SettingsChange:
        if self.saving is None and self.peeking is None:
            raise ValueError("give saving, peeking or both, as true or false")
        return self


class Deleted(BaseModel):
    """The answer to a deletion: how many rows were deleted."""

    deleted: int = Field(ge=0)
    message: str
