"""Text and JSON notation of positions (B4), round-tripping exactly.

Text form, one line per part::

    # Scorpion deal 1
    1: [JD 5H KH] AS 4H TH 8D
    2: [2D KD 3H] AH AC 8H QS
    ...
    7: 3S 6C 4D 5C 9S 2C 6D
    stock: 9C 2H 6H
    runs: -

* ``N:`` lines, one per column 1-7 (1-10 in the games of ten columns; an empty column is
  ``N:`` alone): cards bottom to top, the face-down cards at the bottom inside one pair of
  brackets.
* ``stock:`` the undealt cards in dealing order (the first goes onto column 1), or ``-``;
  left out in games without a stock (Three Blind Mice, Scorpion Head, ...).
* ``runs:`` the removed runs in removal order, or ``-``: a same-suit run as its suit
  letter (``H``), a run in alternate colours (Scorpion Tail, Farmer's Wife) as its 13 card
  codes joined by dots (``KH.QS.JD.TC.9H.8S.7D.6C.5H.4S.3D.2C.AH``); left out in Chelicera,
  whose runs stay on the table.
* ``reserve:`` (Three Blind Mice, Farmer's Wife) or ``cells:`` (free cells: How They Run,
  Scorpion Head): one card code per reserve or cell in order, ``-`` for an empty one;
  only in games that have them.
* ``variant:`` the variant id; optional, left out for Scorpion (the default).
* ``#`` starts a comment line; blank lines are ignored.

``parse_position(format_position(p)) == p`` for every valid position ``p``. Parsing
checks everything (see :meth:`Position.check`) and every error names the line.

JSON form (:func:`position_to_json` / :func:`position_from_json`)::

    {"variant": "scorpion",
     "columns": [{"face_down": ["JD", "5H", "KH"], "face_up": ["AS", "4H", "TH", "8D"]}, ...],
     "stock": ["9C", "2H", "6H"], "runs": []}

and in games with reserves or free cells a ``"reserve"`` or ``"cells"`` key: a list of
card codes, ``null`` for an empty one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from .cards import Card, RunId, card_code, parse_card, parse_run, run_code
from .position import EMPTY_CELL, Position, PositionError
from .variants import SCORPION, VARIANTS, Variant, variant_by_id


class NotationError(ValueError):
    """Raised for text or JSON that is not a valid position.

    Attributes:
        line: the 1-based line number the problem is on, or None (JSON, or the whole text).
    """

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.line = line


_DIGITS = re.compile("[0-9]+")
_MAX_COLUMNS = max(v.columns for v in VARIANTS.values())


def _cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(card_code(c) for c in cards)


def format_position(position: Position, title: str | None = None) -> str:
    """Return the text notation of ``position``, ending with a newline.

    Args:
        position: the position to write.
        title: an optional comment for the first line (``"Scorpion deal 1"``); each of
            its lines becomes a comment line.
    """
    # A comment line each: a title of several lines reads back as comments too.
    lines = [f"# {part}" for part in title.splitlines()] if title else []
    variant = position.variant
    if variant is not SCORPION:
        lines.append(f"variant: {variant.id}")
    for i, (col, fd) in enumerate(zip(position.columns, position.face_down, strict=True)):
        parts = []
        if fd:
            parts.append(f"[{_cards(col[:fd])}]")
        if col[fd:]:
            parts.append(_cards(col[fd:]))
        lines.append(f"{i + 1}: {' '.join(parts)}".rstrip())
    if variant.cells:
        slots = " ".join(card_code(c) if c != EMPTY_CELL else "-" for c in position.cells)
        lines.append(f"{variant.cell_kind}: {slots}")
    if variant.stock_size:
        lines.append(f"stock: {_cards(position.stock) or '-'}")
    if variant.removes_runs:
        lines.append(f"runs: {' '.join(run_code(r) for r in position.runs) or '-'}")
    return "\n".join(lines) + "\n"


def _parse_card_list(text: str, line: int) -> list[Card]:
    try:
        return [parse_card(tok) for tok in text.split()]
    except ValueError as exc:
        raise NotationError(str(exc), line) from None


def _parse_column(text: str, line: int) -> tuple[tuple[Card, ...], int]:
    text = text.strip()
    if text.startswith("["):
        close = text.find("]")
        if close < 0:
            raise NotationError("'[' without a closing ']'", line)
        down = _parse_card_list(text[1:close], line)
        rest = text[close + 1:]
        if not down:
            raise NotationError("empty brackets: leave them out when no card is face down", line)
    else:
        down, rest = [], text
    if "[" in rest or "]" in rest:
        raise NotationError(
            "face-down cards must all be at the bottom, inside one pair of brackets", line
        )
    up = _parse_card_list(rest, line)
    return tuple(down + up), len(down)


def column_key(key: str) -> int:
    """The column number a line's key of ASCII digits names (``"7"`` for column 7), or 0
    for none: a leading zero (``"07"``, as a move's ``7H-07`` is refused too) or more than
    three digits (which ``int`` would refuse to read past 4,300)."""
    return int(key) if len(key) <= 3 and not key.startswith("0") else 0


def shown_key(key: str) -> str:
    """``key`` as an error message says it: at most 12 characters, then an ellipsis."""
    return key if len(key) <= 12 else f"{key[:12]}…"


def notation_lines(text: str) -> Iterator[tuple[int, str, str]]:
    """Yield ``(line number, key, value)`` for each line of ``text`` that is neither blank
    nor a ``#`` comment: the key is the text before the first colon, stripped and in lower
    case (``"1"``, ``"stock"``), the value the text after it. Position and view texts
    share this layout. A byte order mark at the start (a file saved so) is skipped.

    Raises:
        NotationError: for a line without a colon, naming the line.
    """
    text = text.removeprefix("\ufeff")
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        key, sep, value = stripped.partition(":")
        if not sep:
            raise NotationError(
                "expected 'N:', 'stock:', 'runs:', 'reserve:', 'cells:' or 'variant:' "
                f"at the start, got {stripped!r}",
                number,
            )
        yield number, key.strip().lower(), value


def parse_position(text: str, variant: Variant | str | None = None) -> Position:
    """Read a position written in the text notation.

    Args:
        text: the notation (see the module docstring).
        variant: the variant (or its id) to use when the text has no ``variant:`` line
            (default Scorpion). If the text names a different variant, that is an error.

    Raises:
        NotationError: naming the line and the problem (unknown card, duplicate, missing
            or repeated line, cards not accounted for, ...).
        UnknownVariantError: if ``variant`` is an id no variant has.
        TypeError: if ``text`` is not a ``str`` (``None``, bytes).
    """
    if not isinstance(text, str):
        raise TypeError(f"a position is read from text (str), not from {type(text).__name__}")
    if isinstance(variant, str):
        variant = variant_by_id(variant)
    columns: dict[int, tuple[tuple[Card, ...], int, int]] = {}
    stock: tuple[tuple[Card, ...], int] | None = None
    runs: tuple[tuple[RunId, ...], int] | None = None
    cells: tuple[tuple[Card, ...], int, str] | None = None
    named: tuple[Variant, int] | None = None
    for number, key, value in notation_lines(text):
        if _DIGITS.fullmatch(key):
            index = column_key(key)
            if not 1 <= index <= _MAX_COLUMNS:
                raise NotationError(
                    f"there is no column {shown_key(key)} (columns are 1-{_MAX_COLUMNS} at most)",
                    number,
                )
            if index in columns:
                raise NotationError(f"column {index} is given twice", number)
            col, fd = _parse_column(value, number)
            columns[index] = (col, fd, number)
        elif key == "stock":
            if stock is not None:
                raise NotationError("'stock:' is given twice", number)
            value = value.strip()
            stock = (tuple(_parse_card_list(value, number)) if value != "-" else (), number)
        elif key == "runs":
            if runs is not None:
                raise NotationError("'runs:' is given twice", number)
            value = value.strip()
            try:
                found = tuple(parse_run(t) for t in value.split()) if value != "-" else ()
            except ValueError as exc:
                raise NotationError(str(exc), number) from None
            runs = (found, number)
        elif key in ("reserve", "cells"):
            if cells is not None:
                raise NotationError("'reserve:' or 'cells:' is given twice", number)
            try:
                slots = tuple(
                    EMPTY_CELL if t == "-" else parse_card(t) for t in value.split()
                )
            except ValueError as exc:
                raise NotationError(str(exc), number) from None
            cells = (slots, number, key)
        elif key == "variant":
            if named is not None:
                raise NotationError("'variant:' is given twice", number)
            try:
                named = (variant_by_id(value.strip()), number)
            except ValueError as exc:
                raise NotationError(str(exc), number) from None
        else:
            raise NotationError(
                f"unknown line {key!r}: expected a column number, stock, runs, reserve, "
                "cells or variant",
                number,
            )

    unnamed = named is None and variant is None
    if named is not None:
        if variant is not None and variant is not named[0]:
            raise NotationError(
                f"the text is for variant {named[0].id!r}, not {variant.id!r}", named[1]
            )
        variant = named[0]
    variant = variant or SCORPION
    n = variant.columns
    extra = [i for i in columns if i > n]
    if extra:
        # Read as Scorpion for want of a 'variant:' line: say how to name a wider game.
        hint = "; a game of ten columns needs its 'variant:' line" if unnamed else ""
        raise NotationError(
            f"there is no column {extra[0]} (columns are 1-{n}{hint})", columns[extra[0]][2]
        )
    missing = [str(i) for i in range(1, n + 1) if i not in columns]
    if missing:
        raise NotationError(f"missing column line(s): {', '.join(m + ':' for m in missing)}")
    if stock is None:
        if variant.stock_size:
            raise NotationError("missing the 'stock:' line (write 'stock: -' for no stock)")
        stock = ((), 0)
    elif not variant.stock_size:  # written back without it: the text would not round-trip
        raise NotationError(f"{variant.name} has no stock: leave out the 'stock:' line", stock[1])
    if runs is None:
        if variant.removes_runs:
            raise NotationError("missing the 'runs:' line (write 'runs: -' for none)")
        runs = ((), 0)
    elif not variant.removes_runs:
        raise NotationError(
            f"{variant.name} keeps its runs on the table: leave out the 'runs:' line", runs[1]
        )
    if cells is None:
        if variant.cells:
            raise NotationError(f"missing the '{variant.cell_kind}:' line")
        cells = ((), 0, variant.cell_kind)
    elif not variant.cells:
        raise NotationError(
            f"{variant.name} has no reserve or free cells: leave out the '{cells[2]}:' line",
            cells[1],
        )
    elif cells[2] != variant.cell_kind:
        raise NotationError(
            f"{variant.name} has a '{variant.cell_kind}:' line, not '{cells[2]}:'", cells[1]
        )
    position = Position(
        tuple(columns[i][0] for i in range(1, n + 1)),
        tuple(columns[i][1] for i in range(1, n + 1)),
        stock[0],
        runs[0],
        variant,
        cells[0],
    )
    try:
        position.check()
    except PositionError as exc:
        line: int | None = None
        if exc.part == "column" and exc.column is not None:
            line = columns[exc.column + 1][2]
        elif exc.part == "stock":
            line = stock[1] or None
        elif exc.part == "runs":
            line = runs[1] or None
        elif exc.part == "cells":
            line = cells[1] or None
        raise NotationError(str(exc), line) from None
    return position


def position_to_json(position: Position) -> dict[str, Any]:
    """Return the JSON form of ``position`` (a dict of lists and strings)."""
    return {
        "variant": position.variant.id,
        "columns": [
            {
                "face_down": [card_code(c) for c in col[:fd]],
                "face_up": [card_code(c) for c in col[fd:]],
            }
            for col, fd in zip(position.columns, position.face_down, strict=True)
        ],
        "stock": [card_code(c) for c in position.stock],
        "runs": [run_code(r) for r in position.runs],
        **(
            {position.variant.cell_kind: [
                card_code(c) if c != EMPTY_CELL else None for c in position.cells
            ]}
            if position.variant.cells
            else {}
        ),
    }


def position_from_json(data: Any, variant: Variant | str | None = None) -> Position:
    """Read the JSON form written by :func:`position_to_json` (already decoded).

    Args:
        data: the decoded JSON object.
        variant: the variant (or its id) used when ``data`` has no ``"variant"`` key
            (default Scorpion); a different variant in ``data`` is an error.

    Raises:
        NotationError: naming the key and the problem.
        UnknownVariantError: if ``variant`` is an id no variant has.
    """
    if isinstance(variant, str):
        variant = variant_by_id(variant)
    if not isinstance(data, dict):
        raise NotationError("a position in JSON is an object")
    unnamed = variant is None and "variant" not in data
    try:
        if "variant" in data:
            named = variant_by_id(str(data["variant"]))
            if variant is not None and variant is not named:
                raise NotationError(f"the JSON is for variant {named.id!r}, not {variant.id!r}")
            variant = named
        variant = variant or SCORPION
        n = variant.columns
        cols = data.get("columns")
        if "columns" in data and (not isinstance(cols, list) or len(cols) != n):
            hint = " (with no 'variant' key, the position is Scorpion's)" if unnamed else ""
            raise NotationError(f"'columns' must be a list of {n} columns{hint}")
        _check_json_keys(data, variant)
        cols = data["columns"]
        columns = []
        face_down = []
        for i, col in enumerate(cols, start=1):
            if not isinstance(col, dict):
                raise NotationError(f"column {i} must be an object with face_down and face_up")
            for key in col:
                if key not in ("face_down", "face_up"):
                    raise NotationError(
                        f"column {i}: unknown key {key!r}: expected 'face_down', 'face_up'"
                    )
            down = [parse_card(str(c)) for c in _list(col.get("face_down", []), f"column {i}")]
            up = [parse_card(str(c)) for c in _list(col.get("face_up", []), f"column {i}")]
            columns.append(tuple(down + up))
            face_down.append(len(down))
        stock = tuple(parse_card(str(c)) for c in _list(data.get("stock", []), "stock"))
        runs = tuple(parse_run(str(r)) for r in _list(data.get("runs", []), "runs"))
        cells: tuple[Card, ...] = ()
        if variant.cells:
            kind = variant.cell_kind
            cells = tuple(
                EMPTY_CELL if c is None else parse_card(str(c))
                for c in _list(data.get(kind, [None] * variant.cells), kind)
            )
    except KeyError as exc:
        raise NotationError(f"missing key {exc}") from None
    except NotationError:
        raise
    except ValueError as exc:
        raise NotationError(str(exc)) from None
    position = Position(tuple(columns), tuple(face_down), stock, runs, variant, cells)
    try:
        position.check()
    except PositionError as exc:
        raise NotationError(str(exc)) from None
    return position


_JSON_KEYS = ("variant", "columns", "stock", "runs")
_CELL_KINDS = ("cells", "reserve")


def _check_json_keys(data: dict[Any, Any], variant: Variant) -> None:
    """Refuse a key the JSON form of ``variant`` does not have, and a missing one that it
    needs (``columns``; ``stock`` in a game with a stock; its ``cells`` or ``reserve``),
    as the text form refuses its lines. ``deal``, which ``scorpion deal --json`` adds, is
    let through."""
    kind = variant.cell_kind if variant.cells else None
    for key in data:
        if key in _JSON_KEYS or key == kind or key == "deal":
            continue
        if key in _CELL_KINDS:
            if kind is None:
                raise NotationError(f"{variant.name} has no reserve or free cells: "
                                    f"leave out the key {key!r}")
            raise NotationError(f"{variant.name} has the key {kind!r}, not {key!r}")
        known = ", ".join(repr(k) for k in (*_JSON_KEYS, *((kind,) if kind else ()), "deal"))
        raise NotationError(f"unknown key {key!r}: expected {known} (the deal number, which "
                            "'scorpion deal --json' writes, is read and left aside)")
    needed = ["columns"]
    if variant.stock_size:
        needed.append("stock")
    if kind is not None:
        needed.append(kind)
    for key in needed:
        if key not in data:
            raise NotationError(f"missing key {key!r} ({variant.name})")


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise NotationError(f"{where}: expected a list of card codes")
    return value
