"""The rules engine: cards, numbered deals, positions, moves, notation and games.

Pure: no input or output. Everything else in the package builds on it::

    >>> from scorpion.engine import Game, Move
    >>> game = Game.from_deal(1)
    >>> game.legal_moves()[0] in game.legal_moves()
    True
"""

from .cards import Card, CardError, Suit, card_code, card_name, parse_card, parse_suit
from .deals import (
    DealNumber,
    DealNumberError,
    deal,
    shuffled_deck,
    start_reveals,
    start_shows,
)
from .game import Change, Game, HistoryError, change_between
from .notation import (
    NotationError,
    format_position,
    parse_position,
    position_from_json,
    position_to_json,
)
from .position import (
    CELL_BASE,
    COLUMNS,
    DEAL,
    EMPTY_CELL,
    NOT_FACE_UP,
    IllegalMoveError,
    Move,
    MoveError,
    Position,
    PositionError,
    cell_refusal,
    completes_run,
    enters_empty_column,
    game_won,
    lands_on,
    place_refusal,
    refill_column,
    settle_column,
    stock_deal_refusal,
)
from .variants import (
    CHELICERA,
    CLASSIC_VARIANTS,
    FARMERS_WIFE,
    HOW_THEY_RUN,
    SCORPION,
    SCORPION_HEAD,
    SCORPION_II,
    SCORPION_STRICT,
    SCORPION_TAIL,
    THREE_BLIND_MICE,
    VARIANTS,
    WASP,
    WASP_II,
    UnknownVariantError,
    Variant,
    variant_by_id,
)

__all__ = [
    "CELL_BASE", "CHELICERA", "CLASSIC_VARIANTS", "EMPTY_CELL", "FARMERS_WIFE",
    "HOW_THEY_RUN", "SCORPION_HEAD", "SCORPION_TAIL", "THREE_BLIND_MICE", "cell_refusal",
    "completes_run", "game_won", "refill_column",
    "COLUMNS", "DEAL", "NOT_FACE_UP", "SCORPION", "SCORPION_II", "SCORPION_STRICT", "VARIANTS",
    "WASP",
    "WASP_II", "Card", "CardError", "Change", "DealNumber", "DealNumberError", "Game",
    "HistoryError", "IllegalMoveError", "Move", "MoveError", "NotationError", "Position",
    "PositionError", "Suit", "UnknownVariantError", "Variant", "card_code", "card_name",
    "change_between", "deal", "enters_empty_column", "format_position", "lands_on", "place_refusal",
    "parse_card", "parse_position", "parse_suit", "position_from_json", "position_to_json",
    "settle_column", "shuffled_deck", "start_reveals", "start_shows", "stock_deal_refusal",
    "variant_by_id",
]
