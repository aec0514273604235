"""Routes that help a player finish a game and learn from it (F3, F4, F7, F10).

- ``GET /api/game/destinations``: where a face-up card may go now (a double-click).
- ``GET /api/game/outlook``: is the game stuck; once nothing is hidden, the solver's
  winning line from here (Finish).
- ``POST /api/game/give-up``: end the game without a win (a new deal takes its place).
- ``GET /api/deal/solution``: after a game on a deal has ended, whether the deal could
  have been won from its start, and the winning line drawn step by step (asked for apart,
  ``line=true``: once shown, the deal is recorded as seen, and a later game of it starts
  marked peeked).

None of them tells a hidden card of a game in progress: destinations name only face-up
cards and columns, the outlook asks the solver only when every card is face up, and a solution is
told only for a deal that no game of the player in progress is dealt from.
"""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, Field

from ..engine import (
    NOT_FACE_UP,
    DealNumber,
    IllegalMoveError,
    Move,
    Position,
    card_code,
    change_between,
    deal,
    parse_card,
    variant_by_id,
)
from ..engine.cards import run_code
from ..engine.deals import DEAL_PATTERN
from ..engine.hints import hint_moves, is_idle_cell_move
from ..solver import SolveResult, Verdict
from ..solver.winnable import known_winnable
from ..store import check_version
from ..store.endings import give_up, solution_allowed
from .app import (
    _ERRORS,
    HEAD_SCOPE_KEY,
    PlayerDep,
    ServiceDep,
    VariantQuery,
    VersionQuery,
)
from .insight import Insight
from .schemas import ColumnView, GameView, VariantInfo, VariantRequest, cell_codes
from .words import card_words, colour_hosts, other_colour, rank_word

closure = APIRouter(tags=["game"])

CardQuery = Annotated[
    str, Query(pattern=r"^[A2-9TJQKajqkt][CDHScdhs]$", description="A card code, e.g. 8D.")
]
DealQuery = Annotated[
    # The schema states the pattern; the route reads the number with the engine's parser,
    # whose 400 names what is wrong, as POST /api/game/new does.
    str, Query(description="The deal number.",
               json_schema_extra={"pattern": DEAL_PATTERN})
]
SolverStatus = Literal["winnable", "not winnable", "undecided", "unknown"]


class TooEarlyError(Exception):
    """A deal's solution asked for while a game on it may still be played (409)."""


class Destinations(BaseModel):
    """Where a face-up card may be moved now."""

    card: str = Field(examples=["8D"])
    moves: list[str] = Field(description="The legal moves of the card, in notation.")
    message: str | None = Field(
        default=None, description="When there is none: why, as a sentence for the player."
    )


class Outlook(BaseModel):
    """What the table may offer now: the game is stuck, or it can be finished."""

    moves_left: bool = Field(
        description="False when the game is not won and no move worth making is left "
        "(the page then offers Undo, or ending the game)."
    )
    hidden: bool = Field(description="True while a card is face down or in the stock.")
    finish: SolverStatus | None = Field(
        description="Once nothing is hidden: winnable (``line`` wins from here), not "
        "winnable, undecided (the search ran out of time) or unknown (still searching: "
        "ask again); None while cards are hidden or once the game is won."
    )
    line: list[str] = Field(description="Moves that win from here (finish winnable only).")


class Frame(BaseModel):
    """One step of a replay: the position after ``move`` as the player would see it."""

    move: str | None = Field(description="The move that led here (None for the start).")
    columns: list[ColumnView]
    cells: list[str | None] = Field(
        default_factory=list, description="The reserve's or free cells' cards, as in the view."
    )
    stock: int
    runs: list[str]
    revealed: list[str] = Field(description="Cards this move turned face up.")


class Solution(BaseModel):
    """Whether a deal could have been won from its first position, and how."""

    variant: VariantInfo
    deal: str
    status: SolverStatus
    message: str = Field(description="The answer as a sentence for the player.")
    frames: list[Frame] = Field(
        description="The winning line from the first position, one frame per move (winnable "
        "and asked for with line=true only; the first frame is the deal)."
    )
    line_moves: int | None = Field(
        default=None,
        description="How many moves the winning line has (winnable only, also without "
        "the line; null when the line was not found again in time).",
    )


class GaveUp(BaseModel):
    """The game given up, and the new game that took its place."""

    deal: str = Field(description="The deal number given up.")
    variant: VariantInfo
    game: GameView


def _status(result: SolveResult | None) -> SolverStatus:
    if result is None:
        return "unknown"
    if result.verdict is Verdict.WINNABLE:
        return "winnable"
    if result.verdict is Verdict.NOT_WINNABLE:
        return "not winnable"
    return "undecided"


def _frame(position: Position, move: Move | None, revealed: list[str]) -> Frame:
    return Frame(
        move=None if move is None else str(move),
        columns=[
            ColumnView(face_down=fd, cards=[card_code(c) for c in col[fd:]])
            for col, fd in zip(position.columns, position.face_down, strict=True)
        ],
        cells=cell_codes(position.cells),
        stock=len(position.stock),
        runs=[run_code(r) for r in position.runs],
        revealed=revealed,
    )


def nowhere_sentence(position: Position, card: int) -> str:
    """Why a card has no legal move, as a sentence naming only what the player can see
    (the cards it could go on follow from the card itself)."""
    where = position.locate(card)
    in_cell = where is None and card in position.cells
    if not in_cell and (where is None or where[1] < position.face_down[where[0]]):
        return "Only a face-up card can be moved."
    name = card_words(card_code(card))
    variant = position.variant
    if card % 13 == 12:
        if variant.empty_column_takes_any:
            return f"{name[0].upper()}{name[1:]} has nowhere to go: no column is empty."
        return f"{name[0].upper()}{name[1:]} has nowhere to go: a king can only go into an " \
            "empty column."
    if variant.build == "colour":
        hosts = " or ".join(card_words(card_code(h)) for h in colour_hosts(card))
        return f"{name[0].upper()}{name[1:]} has nowhere to go: it can only go on " \
            f"{other_colour(card)} {rank_word(card + 1)} ({hosts})."
    return f"{name[0].upper()}{name[1:]} has nowhere to go: it can only go on " \
        f"{card_words(card_code(card + 1))}."


@closure.get("/api/game/destinations", response_model=Destinations, responses=_ERRORS)
async def destinations(
    svc: ServiceDep, pid: PlayerDep, card: CardQuery, variant: VariantQuery = "scorpion",
    version: VersionQuery = None,
) -> Destinations:
    """The legal moves of one face-up card in the game in progress (for a double-click:
    the page plays the only one, or the first hinted one). A face-down card and a stock
    card get the same refusal (409, F10)."""
    state = svc.existing(pid, variant, lock=False)
    check_version(state.row.version, version)
    position = state.game.position
    number = parse_card(card)
    where = position.locate(number)
    in_cell = where is None and number in position.cells
    if (where is None and number in position.stock) or (
        where is not None and where[1] < position.face_down[where[0]]
    ):
        raise IllegalMoveError(Move(number, 0), NOT_FACE_UP)
    moves = [] if state.row.won else [
        str(m) for m in position.legal_moves()
        if m.card == number and not is_idle_cell_move(position, m)
    ]
    message = None if moves else nowhere_sentence(position, number)
    if state.row.won:  # Chelicera's won runs stay on the table: no card goes anywhere
        message = "This game is won: start a new game or replay it."
    elif where is None and not in_cell:
        message = f"{card_words(card_code(number)).capitalize()} is no longer on the table: " \
            "its run is complete."
    return Destinations(card=card_code(number), moves=moves, message=message)


@closure.get("/api/game/outlook", response_model=Outlook, responses=_ERRORS)
async def outlook(
    svc: ServiceDep, pid: PlayerDep, request: Request, variant: VariantQuery = "scorpion",
    version: VersionQuery = None,
) -> Outlook:
    """Is the game stuck (no move worth making left), and once every card is face up and
    the stock dealt, the solver's winning line from here (Finish). Nothing hidden is read:
    the solver is asked only when the player sees every card."""
    state = svc.existing(pid, variant, lock=False)
    check_version(state.row.version, version)
    position = state.game.position
    won = state.row.won
    hidden = bool(position.stock) or any(position.face_down)
    moves_left = won or bool(hint_moves(position))
    if won or hidden:
        return Outlook(moves_left=moves_left, hidden=hidden, finish=None, line=[])
    insight: Insight = request.app.state.insight
    result = insight.verdict(position)
    status = _status(result)
    line = [str(m) for m in result.line] if result is not None and status == "winnable" else []
    return Outlook(moves_left=moves_left, hidden=False, finish=status, line=line)


@closure.post("/api/game/give-up", response_model=GaveUp, responses=_ERRORS)
async def give_up_game(body: VariantRequest, svc: ServiceDep, pid: PlayerDep) -> GaveUp:
    """Give up the game in progress: it counts as started and not won, and a new random
    deal takes its place. Then ``/api/deal/solution`` tells whether it could have been won."""
    number, state = give_up(svc, pid, body.variant, body.version)
    view = GameView.of(state)
    svc.session.commit()
    variant = variant_by_id(body.variant, exact=True)
    return GaveUp(deal=number, variant=VariantInfo.of(variant), game=view)


_MESSAGES = {
    "winnable": "This deal could have been won from its start.",
    "not winnable": "No one could have won this deal: the solver proved it lost from its "
    "first position.",
    "undecided": "This deal could not be decided quickly: the solver ran out of time, so "
    "no one can say here whether it could have been won.",
    "unknown": "The solver is still working on it.",
}

_LISTED_NO_LINE = (
    "This deal could have been won from its start: the survey of every deal proved it "
    "winnable, but the solver did not find its winning line again here in time."
)


@closure.get("/api/deal/solution", response_model=Solution, responses=_ERRORS)
async def solution(
    svc: ServiceDep, pid: PlayerDep, request: Request, deal_number: Annotated[
        DealQuery, Query(alias="deal")
    ], variant: VariantQuery = "scorpion",
    line: Annotated[bool, Query(
        description="Also give the winning line as frames (winnable only). Seeing it marks "
        "the deal as seen: a game of it started later counts as peeked (F10)."
    )] = True,
) -> Solution:
    """Could the deal have been won from its first position, and how (the winning line as
    frames, from the deal on)? It reads the hidden cards, so it is told only once the
    player's game on the deal is over (given up, replaced by another game, or won) and no
    game of theirs in progress is dealt from it (409 otherwise). "unknown" while the
    solver searches: ask again. A deal of 1..31999 that the shipped survey decided gets
    its verdict from it ("not winnable" without a search; "winnable" even when the search
    here does not find the line again in time: ``line_moves`` is then null and there are no
    frames). With ``line=false`` only the verdict (and the line's length) is told; an
    answer with the line records the deal as seen (F10): a game of that deal the player
    starts later (a replay, a new game of that number, in any variant) starts marked
    peeked."""
    kind = variant_by_id(variant, exact=True)
    number = str(DealNumber.parse(deal_number))
    svc.hold_player(pid)  # a game dealt meanwhile waits, or is seen (GameService.hold_player)
    if not solution_allowed(svc, pid, variant, number):
        raise TooEarlyError("A deal's solution is told only once your game on it is over.")
    parsed = DealNumber.parse(number)
    start = deal(parsed, kind)
    # The shipped survey decides most deals of 1..31999 (not "ms" ones): a deal it proved
    # lost needs no search; one it proved winnable is searched for its line, and stays
    # "winnable" if the search runs out of time.
    known = None if parsed.ms else known_winnable(variant, parsed.number)
    result: SolveResult | None
    if known is False:
        result = SolveResult(Verdict.NOT_WINNABLE, (), 0, 0.0)
    else:
        insight: Insight = request.app.state.insight
        result = insight.verdict(start, retry=True)
    status = _status(result)
    message = _MESSAGES[status]
    if known and status == "undecided":
        status, message = "winnable", _LISTED_NO_LINE
    frames: list[Frame] = []
    found = result.line if result is not None and status == "winnable" else ()
    line_moves = len(found) if found else None
    head = request.scope.get(HEAD_SCOPE_KEY)
    if found and line and head is not None:
        head["withheld"] = True  # a HEAD shows no line, records nothing, tells no length
    elif found and line:
        svc.record_seen(pid, variant, number)
        position = start
        frames.append(_frame(position, None, []))
        for move in found:
            after = position.apply(move)
            change = change_between(position, after)
            frames.append(_frame(after, move, [card_code(c) for c in change.revealed]))
            position = after
    return Solution(
        variant=VariantInfo.of(kind), deal=number, status=status,
        message=message, frames=frames, line_moves=line_moves,
    )


__all__ = ["TooEarlyError", "closure", "nowhere_sentence"]
