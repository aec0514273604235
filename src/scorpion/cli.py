"""The ``scorpion`` command line (B3): show deals, list and apply moves, play in a terminal.

Exit codes: 0 success, 1 an illegal move, 2 bad input (unreadable file, malformed
position, unknown variant, bad deal number or move text).
"""

from __future__ import annotations

import errno
import importlib.util
import json
import math
import os
import re
import secrets
import sys
import time
from contextlib import AbstractContextManager, nullcontext, suppress
from importlib.metadata import version as package_version
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from .advisor import Advice, PlayerView, advise, advises, format_view, parse_view
from .advisor.advise import DEFAULT_NODES, DEFAULT_SAMPLES, TABLE_BUDGETS
from .engine import (
    EMPTY_CELL,
    VARIANTS,
    DealNumber,
    Game,
    HistoryError,
    IllegalMoveError,
    Move,
    Position,
    Variant,
    card_code,
    deal,
    format_position,
    parse_position,
    place_refusal,
    position_from_json,
    position_to_json,
    variant_by_id,
)
from .engine.deals import MS_LIMIT
from .engine.hints import hint_moves

app = typer.Typer(
    name="scorpion",
    help="Scorpion patience: deals, moves, a terminal table and (with serve) a browser table.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # Help texts are plain: "[default: ...]" and "[postgres]" must print as written.
    rich_markup_mode=None,
)

EXIT_ILLEGAL = 1
EXIT_BAD_INPUT = 2


def _print_version(asked: bool) -> None:
    """``--version``: print the installed package's name and version, and exit 0."""
    if asked:
        typer.echo(f"scorpion-solitaire {package_version('scorpion-solitaire')}")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_print_version, is_eager=True,
                     help="Print the version and exit."),
    ] = False,
) -> None:
    """Scorpion patience: deals, moves, a terminal table and (with serve) a browser table."""

POSITION_HELP = "Position file (the text notation or JSON), or - for stdin."
"""The help of the FILE|- argument of the commands that read a position."""

VariantOption = Annotated[
    str | None,
    typer.Option(
        "--variant",
        "-v",
        help=f"Variant id: {', '.join(VARIANTS)} "
        "[default: scorpion, or the file's variant: line].",
        show_default=False,
    ),
]
"""``--variant`` of the commands that read a position, whose ``variant:`` line counts."""

DealVariantOption = Annotated[
    str | None,
    typer.Option(
        "--variant",
        "-v",
        help=f"Variant id: {', '.join(VARIANTS)} [default: scorpion].",
        show_default=False,
    ),
]
"""``--variant`` of the commands that read no position (deal, play, survey)."""

ProbesOption = Annotated[
    int | None,
    typer.Option(
        help="Percentage of the budget that the randomized probes may take before the "
        "exhaustive search (the games without Scorpion's safe moves: Wasp, Wasp II, "
        "Scorpion Tail, Farmer's Wife, How They Run, Scorpion Head, Chelicera; 100: probes "
        "alone; survey: full only, recorded in the CSV's budget) [default: the game's own, "
        "10, or 75 in the games that build in alternate colours, which with a node budget "
        "is the same solve as giving it; without one the default probes also stop at "
        "500,000 positions].",
        min=1,
        max=100,
        show_default=False,
    ),
]
"""``--probes`` of solve and survey."""


def _probes_share(probes: int | None, variant: Variant, nodes: int | None) -> int | None:
    """``probes`` checked for ``variant``, and None when it is the game's default share
    under a node budget (the same solve, so the same budget in a survey's file).

    Raises:
        typer.Exit: for a game without probes.
    """
    from .solver import default_probes, has_probes

    if probes is None:
        return None
    if not has_probes(variant):
        raise _fail(f"error: {variant.name} has no probes (its search has safe moves and a "
                    "proof of loss instead): leave out --probes")
    return None if nodes is not None and probes == default_probes(variant) else probes


def _check_seconds(budget: float | None) -> None:
    """Refuse a time budget that is not a positive, finite number of seconds."""
    if budget is not None and not (budget > 0 and math.isfinite(budget)):
        raise _fail("error: the budget must be a positive, finite number of seconds")


def _fail(message: str, code: int = EXIT_BAD_INPUT) -> typer.Exit:
    """Print ``message`` on stderr (stdout keeps only what a command gives: a position
    written to a file stays a position) and return the exit with ``code``."""
    typer.echo(message, err=True)
    return typer.Exit(code)


ECHO_LIMIT = 40
"""The most characters of a text the user gave that a message says back (then "…")."""

_LONG_QUOTED = re.compile(
    rf"'([^'\s]{{{ECHO_LIMIT + 1},}})'|\"([^\"\s]{{{ECHO_LIMIT + 1},}})\""
)
"""A quoted text of more than :data:`ECHO_LIMIT` characters without a space: what the
engine's messages quote of a move, a card or a line (``repr``), never their own words."""


def _clip(text: str) -> str:
    """``text`` cut to :data:`ECHO_LIMIT` characters, with "…" when it was longer."""
    return text if len(text) <= ECHO_LIMIT else text[:ECHO_LIMIT] + "\u2026"


def _short_echo(message: str, given: str | None = None) -> str:
    """``message`` with the texts it says back of the user's input cut to a readable
    length: ``given`` (a move as typed, which may hold spaces) wherever it appears, quoted
    or not, and any other long quoted word (a card, a part of the move, a line's key).

    A 100,000-character move made a message of 100 KB; now it is one short line.
    """
    if given is not None and len(given) > ECHO_LIMIT:
        message = message.replace(repr(given), repr(_clip(given))).replace(given, _clip(given))

    def cut(match: re.Match[str]) -> str:
        quote = "'" if match.group(1) is not None else '"'
        return quote + _clip(match.group(1) or match.group(2)) + quote

    return _LONG_QUOTED.sub(cut, message)


def _variant(variant_id: str | None) -> Variant | None:
    """The variant named by ``--variant`` (its id in any case: ``How-They-Run``), or None
    (exit 2 for an id no variant has)."""
    if variant_id is None:
        return None
    try:
        return variant_by_id(variant_id.strip().lower())
    except ValueError as exc:
        raise _fail(f"error: {_short_echo(str(exc))}") from None


def _read_position(source: str, variant_id: str | None) -> Position:
    """The position of a file or stdin: the text notation, or the JSON form that ``deal
    --json`` prints (exit 2, naming the problem, for anything else)."""
    text = _read_text(source)
    try:
        if _is_json(text):
            return _json_position(text, variant_id)
        return parse_position(text, _variant(variant_id))
    except ValueError as exc:
        hint = ""
        if "unknown card '?'" in str(exc) and not _is_json(text):
            hint = ("; a player's view ('?' for hidden cards) is read by 'scorpion advise': "
                    "this command needs every card")
        raise _fail(f"error: {source}: {_short_echo(str(exc))}{hint}") from None


def _is_json(text: str) -> bool:
    """True for a text that is meant as JSON (not the text notation)."""
    return text.lstrip().startswith(("{", "["))


def _json_position(text: str, variant_id: str | None) -> Position:
    """The position of the JSON form that ``deal --json`` prints.

    Raises:
        ValueError: naming the problem (not JSON, not a position).
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not a position in JSON: {exc}") from None
    except RecursionError:
        raise ValueError("not a position in JSON: nested too deeply") from None
    return position_from_json(data, _variant(variant_id))


def _variant_and_deal(variant_id: str | None, number: str) -> tuple[Variant, DealNumber]:
    """The variant (default Scorpion) and deal number named on the command line (exit 2)."""
    v = _variant("scorpion" if variant_id is None else variant_id)
    assert v is not None
    try:
        return v, DealNumber.parse(number)
    except ValueError as exc:
        raise _fail(f"error: {_short_echo(str(exc), number)}") from None


def _deal_title(variant: Variant, number: DealNumber) -> str:
    return f"{variant.name} deal {number}"


@app.command("variants")
def variants_command(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List the games (the ids that --variant takes), with PySolFC's id and name of each."""
    games = list(VARIANTS.values())
    if as_json:
        typer.echo(json.dumps([
            {"id": v.id, "name": v.name, "pysol_id": v.pysol_id, "pysol_name": v.pysol_name,
             "house_rule": v.house_rule, "columns": v.columns, "advised": advises(v)}
            for v in games
        ], indent=2))
        return
    width = max(len(v.id) for v in games)
    name_width = max(len(v.name) for v in games)
    for v in games:
        origin = (f"PySolFC {v.pysol_id}" if v.house_rule is None
                  else f"PySolFC {v.pysol_id} {v.pysol_name} with our house rule: "
                  f"{v.house_rule.removeprefix('ours: ')}")
        typer.echo(f"{v.id:<{width}}  {v.name:<{name_width}}  {origin}")


class _NegativeNumber(typer.core.TyperCommand):
    """A command whose argument may be written as a negative number (``deal -5``), which
    click would take for an unknown option: it is read as the argument, to be told that deal
    numbers start at 1 (other unknown options are still refused by name)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:  # click's Context
        for i, arg in enumerate(args):
            if arg == "--":  # the rest is arguments already
                break
            if re.fullmatch(r"-[0-9][0-9_, ]*", arg):  # to the end, after "--": the options stay
                args = [*args[:i], *args[i + 1:], "--", arg]
                break
        return super().parse_args(ctx, args)


@app.command("deal", cls=_NegativeNumber)
def deal_command(
    number: Annotated[str, typer.Argument(
        metavar="NUMBER", help="Deal number: 1 and up, or 'ms' + digits.")],
    variant: DealVariantOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the JSON form.")] = False,
) -> None:
    """Print deal NUMBER in the text notation (or JSON), the same deal as PySolFC's."""
    v, dn = _variant_and_deal(variant, number)
    position = deal(dn, v)
    if as_json:
        data = position_to_json(position)
        data["deal"] = str(dn)
        typer.echo(json.dumps(data, indent=2))
    else:
        typer.echo(format_position(position, _deal_title(v, dn)), nl=False)


@app.command("moves")
def moves_command(
    source: Annotated[str, typer.Argument(metavar="FILE|-", help=POSITION_HELP)],
    variant: VariantOption = None,
) -> None:
    """Print the legal moves of a position, one per line."""
    position = _read_position(source, variant)
    for move in position.legal_moves():
        typer.echo(str(move))


@app.command("apply")
def apply_command(
    source: Annotated[str, typer.Argument(metavar="FILE|-", help=POSITION_HELP)],
    moves: Annotated[
        list[str],
        typer.Argument(metavar="MOVE...", help="Moves: 7H-5, 7H-f1 (a free cell) or deal."),
    ],
    variant: VariantOption = None,
) -> None:
    """Apply MOVEs in order and print the resulting position.

    Stops at the first illegal move with 'illegal: <move>: <reason>' on stderr and exit
    code 1 (nothing on stdout).
    """
    position = _read_position(source, variant)
    for text in moves:
        try:
            move = Move.parse(text, position.variant)
            position = position.apply(move)
        except IllegalMoveError as exc:
            raise _fail(f"illegal: {exc.move}: {exc.reason}", EXIT_ILLEGAL) from None
        except ValueError as exc:
            # A column or free cell of another game of the family is an illegal move
            # (exit 1), as at the table; anything else is not a move (exit 2).
            refusal = place_refusal(text, position.variant)
            if refusal is not None:
                raise _fail(_short_echo(f"illegal: {refusal.move}: {refusal.reason}", text),
                            EXIT_ILLEGAL) from None
            raise _fail(f"error: {_short_echo(str(exc), text)}") from None
    typer.echo(format_position(position), nl=False)


NO_STDIN = "error: cannot read -: there is no standard input"
"""The error of a command that reads stdin when it was started with stdin closed."""


def _read_text(source: str) -> str:
    """The text of a file, or of stdin for ``-``, without the byte order mark that some
    editors put first (exit 2 when it cannot be read, or is not UTF-8: the same error from
    a file and from stdin, naming the first byte that is not)."""
    if source == "-" and sys.stdin is None:  # started with its standard input closed
        raise _fail(NO_STDIN)
    try:
        if source == "-":
            # Bytes, decoded here: the text layer of stdin may turn bytes that are not
            # UTF-8 into stand-ins (surrogateescape) that would read as unknown cards.
            # Line ends as the text layer reads them (universal newlines).
            raw = getattr(sys.stdin, "buffer", None)
            text = sys.stdin.read() if raw is None else (
                raw.read().decode("utf-8").replace("\r\n", "\n").replace("\r", "\n"))
        else:
            text = Path(source).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise _fail(f"error: cannot read {source}: {_not_utf8(exc)}") from None
    except OSError as exc:
        raise _fail(f"error: cannot read {source}: {exc}") from None
    return text.removeprefix("\ufeff")


def _not_utf8(exc: UnicodeDecodeError) -> str:
    """What a decoding error says in a message: ``not UTF-8 text (byte 0xe9 at position 3)``
    (the position counted in bytes from 0)."""
    return f"not UTF-8 text (byte 0x{exc.object[exc.start]:02x} at position {exc.start})"


def advice_lines(advice: Advice) -> list[str]:
    """The advice as lines for the terminal: each move with its chance, best first."""
    lines = []
    for a in advice.moves:
        if advice.exact:
            undecided = a.undecided > 0
            chance = "not decided" if undecided else ("wins" if a.wins else "cannot win")
            lines.append(f"{a.move!s:6} {chance} (exact: nothing is hidden)")
            continue
        low, high = a.interval
        note = f", {a.undecided} undecided" if a.undecided else ""
        lines.append(
            f"{a.move!s:6} chance to win about {a.chance:.0%} "
            f"(95% interval {low:.0%} to {high:.0%}; {a.wins} of {a.samples} samples{note})"
        )
    return lines


FAIR_NOTE = "The chances use only the cards the player can see (no peeking)."

ADVISE_WON = "the position is won: no move is needed"
"""What ``advise`` says of a won position (every run removed: nothing to advise)."""

PLAY_WON = "the game is won: type 'new' for another deal or 'restart' to play it again"
"""What ``hint`` says at the terminal table once the game is won."""

PLAY_STUCK = "no moves left: try undo, restart or new"
"""What ``hint`` says at the terminal table when no move can change a game not won."""


@app.command("advise")
def advise_command(
    source: Annotated[
        str, typer.Argument(
            metavar="FILE|-",
            help="A position (text or JSON) or a player's view, or - for stdin.",
        )
    ],
    variant: VariantOption = None,
    samples: Annotated[int, typer.Option(help="Samples at most.", min=1)] = DEFAULT_SAMPLES,
    nodes: Annotated[int, typer.Option(help="Node budget of each solve.", min=1)] = DEFAULT_NODES,
    seed: Annotated[int, typer.Option(help="Seed of the sampler.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Print each move with its chance to win, from what the player sees alone.

    A position's face-down and stock cards are dropped first: the advice is the same as
    for its view (hidden cards written '?'). The same input and seed give the same advice.
    """
    text = _read_text(source)
    try:
        if _is_json(text):
            view = PlayerView.of(_json_position(text, variant))
        else:
            view = parse_view(text, _variant(variant))
    except ValueError as exc:
        raise _fail(f"error: {source}: {_short_echo(str(exc))}") from None
    advice = advise(view, seed=seed, max_samples=samples, nodes=nodes)
    if as_json:
        typer.echo(json.dumps({
            "view": format_view(view), "hidden": view.hidden, "samples": advice.samples,
            "exact": advice.exact, "separated": advice.separated, "solves": advice.solves,
            "nodes": advice.nodes,
            "moves": [
                {"move": str(a.move), "chance": a.chance, "low": a.interval[0],
                 "high": a.interval[1], "wins": a.wins, "samples": a.samples,
                 "undecided": a.undecided}
                for a in advice.moves
            ],
        }))
        return
    if not advice.moves:
        won = view.hidden == 0 and view.realize(()).is_won
        typer.echo(ADVISE_WON if won else "no moves left")
        return
    for line in advice_lines(advice):
        typer.echo(line)
    typer.echo(FAIR_NOTE)


# --- the terminal table -----------------------------------------------------------------

_RED_SUITS = "DH"
def _play_help(variant: Variant) -> str:
    """What ``scorpion play`` understands in ``variant``: a free cell's move and 'deal'
    only where the game has them."""
    if variant.free_cells:
        cell = "; 7H-f1 onto a free cell"
    elif variant.cells:
        cell = "; reserve cards too"
    else:
        cell = ""
    deal_word = "'deal', " if variant.stock_deal and variant.stock_size else ""
    # Two short lines: a terminal of 80 columns would break one inside 'new [N]'.
    return (
        f"Type a move (7H-5, or 7H 5{cell}),\n"
        f"or {deal_word}'undo', 'redo', 'hint', 'restart', 'new [N]', 'help' or 'quit'."
    )


def render_table(game: Game, title: str) -> Text:
    """Return the terminal picture of ``game``: columns as rows of cards, ``##`` face down,
    then the reserve or free cells (``--`` for an empty one), if the game has them."""
    p = game.position
    v = p.variant
    out = Text()
    runs = f"runs {len(p.runs)}/4   " if v.removes_runs else ""
    stock = f"stock {len(p.stock)}" if v.stock_size else ""
    out.append(f"{title}   moves {len(game.moves)}   {runs}{stock}".rstrip() + "\n", style="bold")

    def card(code: str) -> None:
        out.append(code + " ", style="red" if code[1] in _RED_SUITS else "")

    for i, (col, fd) in enumerate(zip(p.columns, p.face_down, strict=True)):
        out.append(f"{i + 1:>2}: " if v.columns > 9 else f"{i + 1}: ")
        for k, c in enumerate(col):
            if k < fd:
                out.append("## ", style="dim")
            else:
                card(card_code(c))
        out.append("\n")
    if v.cells:
        out.append(f"{v.cell_kind}: ")
        for k, c in enumerate(p.cells):
            if v.free_cells:
                out.append(f"f{k + 1}=")
            if c == EMPTY_CELL:
                out.append("-- ", style="dim")
            else:
                card(card_code(c))
        out.append("\n")
    return out


def _random_deal() -> DealNumber:
    return DealNumber(secrets.randbelow(MS_LIMIT - 1) + 1)


@app.command("play")
def play_command(
    deal_number: Annotated[
        str | None, typer.Option("--deal", "-d", help="Deal number [default: a random deal].")
    ] = None,
    variant: DealVariantOption = None,
) -> None:
    """Play in the terminal: type moves, deal, undo, redo, hint, restart, new [N], help, quit.

    The table is printed at the start and again whenever the game has changed (not after
    'help', 'hint' or a refusal). Reads the moves from stdin (exit 2 when there is none);
    a line that is not UTF-8 text is refused, and the game goes on."""
    v = _variant("scorpion" if variant is None else variant)
    assert v is not None
    try:
        dn = DealNumber.parse(deal_number) if deal_number is not None else _random_deal()
    except ValueError as exc:
        raise _fail(f"error: {_short_echo(str(exc), deal_number)}") from None
    if sys.stdin is None:  # started with its standard input closed: input() would fail
        raise _fail(NO_STDIN)
    _escape_undecodable(sys.stdin)
    console = Console(highlight=False)
    game = Game.from_deal(dn, v)
    title = _deal_title(v, dn)
    console.print(_play_help(v))
    shown: tuple[object, ...] | None = None  # the table last printed: printed again on change
    while True:
        now = (title, game.position, len(game.moves))
        if now != shown:
            console.print(render_table(game, title))
            shown = now
            if game.is_won:
                console.print(f"[bold green]You won in {len(game.moves)} moves![/] "
                              "Type 'restart', 'new' or 'quit'.")
        try:
            line = input("> ").strip()
        except EOFError:
            console.print()
            return
        except UnicodeDecodeError as exc:  # a stdin that kept strict decoding
            console.print(_not_utf8(exc), style="yellow", markup=False)
            continue
        if not line:
            continue
        if _undecodable(line):
            bad = line.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
            console.print(f"not UTF-8 text: {_clip(bad)}", style="yellow", markup=False)
            continue
        word, _, rest = line.partition(" ")
        word = word.lower()
        if word in _BARE_COMMANDS and rest.strip():
            console.print(f"'{word}' takes nothing after it", style="yellow", markup=False)
            continue
        if word in ("quit", "q", "exit"):
            return
        if word in ("help", "?"):
            console.print(_play_help(v))
        elif word in ("undo", "u"):
            try:
                console.print(f"undid {game.undo()}")
            except HistoryError as exc:
                console.print(str(exc), style="yellow", markup=False)
        elif word in ("redo", "r"):
            try:
                console.print(f"redid {game.redo()}")
            except HistoryError as exc:
                console.print(str(exc), style="yellow", markup=False)
        elif word in ("hint", "h"):
            if game.is_won:
                console.print(PLAY_WON, markup=False)
                continue
            if not advises(v):
                listed = hint_moves(game.position, game.positions)
                if not listed:
                    console.print(PLAY_STUCK, markup=False)
                    continue
                console.print(f"hints with chances are not available in {v.name}; "
                              f"moves: {' '.join(str(m) for m in listed)}", markup=False)
                continue
            # The table's refined budget for the game, 32 samples of 5,000 nodes at most.
            refined = TABLE_BUDGETS[v.id][1]
            advice = advise(PlayerView.of(game.position), max_samples=min(32, refined.samples),
                            nodes=min(5000, refined.nodes))
            if not advice.moves:
                console.print(PLAY_STUCK, markup=False)
            for hint in advice_lines(advice):
                console.print(hint, markup=False)
            if advice.moves:
                console.print(FAIR_NOTE)
        elif word == "restart":
            game.restart()
            shown = None  # shown again, even where nothing had moved
        elif word == "new":
            try:
                dn = DealNumber.parse(rest) if rest.strip() else _random_deal()
            except ValueError as exc:
                console.print(_short_echo(str(exc), rest), style="yellow", markup=False)
                continue
            game = Game.from_deal(dn, v)
            title = _deal_title(v, dn)
            shown = None
        else:
            text = "-".join(line.split()) if "-" not in line and word != "deal" else line
            try:
                change = game.push(Move.parse(text, v))
            except ValueError as exc:
                # A column or free cell of another game of the family: its rule, as at
                # the table.
                refusal = None if isinstance(exc, IllegalMoveError) else place_refusal(text, v)
                console.print(_short_echo(str(refusal or exc), text), style="yellow",
                              markup=False)
                continue
            if change.runs:
                console.print(f"[green]run removed: {len(change.runs)}[/]")


def _escape_undecodable(stream: object) -> None:
    """Have ``stream`` (stdin) give bytes that are not UTF-8 as stand-ins (surrogateescape)
    instead of failing, so that ``play`` can refuse such a line and go on; a stream that
    cannot be reconfigured is left as it is."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        with suppress(OSError, ValueError):
            reconfigure(errors="surrogateescape")


def _undecodable(line: str) -> bool:
    """True if ``line`` holds the stand-ins (lone surrogates) of bytes that are not UTF-8."""
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


_BARE_COMMANDS = frozenset(
    ("quit", "q", "exit", "help", "?", "undo", "u", "redo", "r", "hint", "h", "restart")
)
"""The commands of ``scorpion play`` that take no argument."""


PEEKING_NOTE = "peeking: the solver reads the face-down cards and the stock"
"""The last line of ``solve``'s answer: it is no help a player could have (F10)."""


@app.command(
    "solve",
    short_help="Peeking: decide whether a deal or position can be won, reading the face-down "
    "cards and the stock.",
)
def solve_command(
    source: Annotated[
        str | None, typer.Argument(metavar="[FILE|-]", help=POSITION_HELP)
    ] = None,
    deal_number: Annotated[
        str | None, typer.Option("--deal", "-d", help="Solve this deal's first position.")
    ] = None,
    variant: VariantOption = None,
    budget: Annotated[
        float | None,
        typer.Option(
            help="Time budget in seconds; past it the answer is undecided "
            "[default: 10, or none with --nodes].",
            show_default=False,
        ),
    ] = None,
    nodes: Annotated[
        int | None,
        typer.Option(
            help="Node budget: positions searched; past it the answer is undecided. Alone "
            "(without --budget) the answer is the same on every machine.",
            min=1,
        ),
    ] = None,
    probes: ProbesOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Peeking: decide whether a deal or position can be won, reading the face-down cards
    and the stock, and print a winning line.

    The solver sees every card, as no player does: its answer is peeking (F10), and says
    so. Every winning line is replayed on the engine before it is printed. While it
    searches, a terminal shows what it solves on stderr. Exit code 0 whatever the verdict;
    2 for bad input.
    """
    from .solver import solve

    if (source is None) == (deal_number is None):
        raise _fail("error: give either a position FILE (or -) or --deal N")
    if deal_number is not None:
        v, dn = _variant_and_deal(variant, deal_number)
        position, title = deal(dn, v), _deal_title(v, dn)
        what = f"deal {dn} ({v.name})"
    else:
        assert source is not None
        if source != "-" and not Path(source).exists() and source.strip().isdigit():
            # 'scorpion solve 617': a deal number where a file was expected.
            raise _fail(f"error: cannot read {_clip(source)}: there is no such file (to solve "
                        f"deal {_clip(source.strip())}, write --deal {_clip(source.strip())})")
        position = _read_position(source, variant)
        title = source
        what = f"{'the position of stdin' if source == '-' else source} ({position.variant.name})"
    _check_seconds(budget)
    share = _probes_share(probes, position.variant, nodes)
    if budget is None and nodes is None:
        budget = 10.0
    limits = ([] if budget is None else [f"{budget:g} s"]) + (
        [] if nodes is None else [f"{nodes:,} positions"])
    with _working(f"solving {what}, up to {' or '.join(limits)}\u2026"):
        result = solve(position, max_nodes=nodes, max_seconds=budget, probes=share)
    line = [str(m) for m in result.line]
    if as_json:
        typer.echo(json.dumps({
            "position": title, "variant": position.variant.id, "verdict": result.verdict.value,
            "nodes": result.nodes, "seconds": round(result.seconds, 4), "line": line,
            "budget": {"nodes": nodes, "seconds": budget, "probes": share},
        }))
        return
    typer.echo(f"{title}: {result.verdict}")
    typer.echo(f"nodes: {result.nodes}, time: {result.seconds:.3f} s")
    if line:
        typer.echo(f"winning line ({len(line)} moves): {' '.join(line)}")
    elif position.is_won:
        typer.echo("the position is already won: no move is needed")
    typer.echo(PEEKING_NOTE)


def _working(message: str) -> AbstractContextManager[object]:
    """A spinner with ``message`` on stderr while a slow step runs, if stderr is a
    terminal (rich's test: ``FORCE_COLOR`` or ``TTY_COMPATIBLE=1`` count as one); nothing
    otherwise, so that a log or a pipe gets no spinner. stdout is never written."""
    console = Console(stderr=True, highlight=False)
    if not console.is_terminal:
        return nullcontext()
    return console.status(Text(message))


PLAYER_CHOICES = ("full", "fair", "heuristic", "random")


_DASK_PACKAGES = ("distributed", "tornado", "dask")


def _from_dask(exc: BaseException) -> bool:
    """True for an error raised by Dask or its network layer: the cluster stopped, not the
    survey's own file or arguments at fault.

    A lost scheduler shows as Dask's ``CommClosedError`` (an OSError) or, when the client
    fails to reconnect, as a plain ``OSError`` ("Timed out trying to connect ...") raised
    inside Dask's code; so the exception's type and every frame it passed through are
    looked at.
    """
    if type(exc).__module__.partition(".")[0] in _DASK_PACKAGES:
        return True
    frame = exc.__traceback__
    while frame is not None:
        module = frame.tb_frame.f_globals.get("__name__", "")
        if isinstance(module, str) and module.partition(".")[0] in _DASK_PACKAGES:
            return True
        frame = frame.tb_next
    return False


@app.command("survey")
def survey_command(
    deals: Annotated[
        str,
        typer.Argument(metavar="FIRST..LAST", help="Range of deals, e.g. 1..1000, or one deal."),
    ],
    variant: DealVariantOption = None,
    player: Annotated[
        str,
        typer.Option(
            help="full: decide each deal with the solver, which sees every card. fair, "
            "heuristic, random: play each deal the solver calls winnable, seeing only what "
            "a player sees (fair: with the advisor; the others are baselines).",
        ),
    ] = "full",
    nodes: Annotated[
        int | None,
        typer.Option(
            help="Node budget per deal: positions searched (full only); the verdicts are the "
            "same on every machine. Recorded in the CSV, which is resumed only with the same "
            "budget [default: 5000000, or none with --budget alone].",
            min=1,
            show_default=False,
        ),
    ] = None,
    budget: Annotated[
        float | None,
        typer.Option(
            help="Time budget per deal, in seconds (full only; also with --nodes: whichever "
            "ends first). Verdicts then depend on the machine's speed [default: none].",
            show_default=False,
        ),
    ] = None,
    probes: ProbesOption = None,
    undecided: Annotated[
        bool,
        typer.Option(
            "--undecided",
            help="Solve only the deals of the range that this package's shipped list of the "
            "game's winnable deals leaves undecided, typically with a larger budget than its "
            "survey's (full only); the summary counts those deals alone.",
        ),
    ] = False,
    workers: Annotated[
        int, typer.Option(
            help="Worker processes (0: one per CPU; never more than deals to do).",
            min=0, max=256,
        )
    ] = 0,
    scheduler: Annotated[
        str | None,
        typer.Option(
            help="Run on the Dask cluster whose scheduler is at this address "
            "(tcp://HOST:8786) instead of local processes; needs "
            "pip install '.[distributed]' here and on every worker.",
            show_default=False,
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            help="CSV file [default: survey-VARIANT-FIRST-LAST.csv, "
            "survey-VARIANT-PLAYER-FIRST-LAST.csv with --player, or "
            "survey-VARIANT-undecided-FIRST-LAST.csv with --undecided]; resumed if it exists "
            "(with the same budget)."
        ),
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option(
            help="Also draw a plot (.svg or .png). Full: the winnable share per block of deals "
            "with its interval, and the histogram of solve times. A player: the win shares "
            "of this survey's player and every other player's survey of the same range found "
            "under its default name, beside the full-knowledge share. Needs matplotlib "
            "(pip install '.[plot]').",
        ),
    ] = None,
) -> None:
    """Decide or play a range of deals in parallel; print the win share with its 95% interval."""
    from contextlib import ExitStack

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from .advisor.survey import PLAY_FIELDS, PlayedDeal, PlaySummary, run_play_survey
    from .plots import plot_blocks, plot_shares, survey_path
    from .solver.cluster import ClusterError, dask_pool
    from .solver.survey import (
        DEFAULT_NODES,
        Budget,
        Summary,
        check_resumable,
        parse_range,
        read_results,
        read_rows,
        run_survey,
    )
    from .solver.winnable import shipped_range, shipped_undecided

    v = _variant("scorpion" if variant is None else variant)
    assert v is not None
    if player not in PLAYER_CHOICES:
        raise _fail(f"error: unknown player {player!r} (choose from {', '.join(PLAYER_CHOICES)})")
    try:
        first, last = parse_range(deals)
    except ValueError as exc:
        raise _fail(f"error: {exc}") from None
    if player != "full" and not v.is_classic:
        raise _fail("error: the players' surveys play Scorpion, Scorpion II, Wasp, Wasp II "
                    f"and the strict stock only so far (not {v.name}); "
                    "--player full decides the deals of every game")
    if player != "full" and (nodes is not None or budget is not None or probes is not None):
        raise _fail("error: --nodes, --budget and --probes are for --player full (the players' "
                    "budgets are fixed, so their surveys are the same on every machine)")
    _check_seconds(budget)
    probes = _probes_share(probes, v, nodes if nodes is not None or budget is not None
                           else DEFAULT_NODES)
    only: frozenset[int] | None = None
    if undecided:
        if player != "full":
            raise _fail("error: --undecided is for --player full (the players play the deals "
                        "the solver calls winnable)")
        if plot is not None:
            raise _fail("error: --plot draws a whole range of deals: leave it out with "
                        "--undecided")
        covered = shipped_range(v.id)
        if covered is None:
            raise _fail(f"error: {v.name} ships no list of decided deals: leave out "
                        "--undecided")
        if not (covered[0] <= first and last <= covered[1]):
            raise _fail(f"error: {v.name}'s shipped list covers deals {covered[0]}.."
                        f"{covered[1]} only: give a range within it")
        only = frozenset(n for n in shipped_undecided(v.id) if first <= n <= last)
        if not only:
            typer.echo(f"{v.name}: the shipped list leaves no deal of {first}..{last} "
                       "undecided; nothing to solve.")
            return
    solve_budget = Budget(
        nodes if nodes is not None or budget is not None else DEFAULT_NODES, budget, probes
    )
    path = out or survey_path(Path(), v.id, player if only is None else "undecided", first,
                              last)
    if plot is not None and plot.suffix.lower() not in (".svg", ".png"):
        raise _fail("error: --plot writes an .svg or a .png file")
    if plot is not None and importlib.util.find_spec("matplotlib") is None:
        raise _fail("error: --plot needs matplotlib (pip install '.[plot]'); leave it out to "
                    "survey without a plot")
    if path.exists() and not path.is_file():
        raise _fail(f"error: {path} is not a regular file: give --out a file to write the "
                    "rows to")
    unwritable = _unwritable(path)
    if unwritable is not None:  # said before any progress is drawn
        raise _fail(f"error: cannot write {path}: {unwritable}")
    console = Console(stderr=True)
    columns = (
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
        TextColumn("{task.fields[counts]}"), TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
    )
    started = time.perf_counter()
    counts = {"won": 0, "lost": 0, "other": 0}
    new = 0
    if player != "full":
        console.print(
            f"Playing, as the {player} player sees it, only the deals the full-knowledge "
            "solver calls winnable (no player can win the others)."
        )

    def label() -> str:
        other = "undecided" if player == "full" else "not winnable"
        return f"won {counts['won']}  lost {counts['lost']}  {other} {counts['other']}"

    keys = {"winnable": "won", "not winnable": "lost", "undecided": "other", "won": "won",
            "lost": "lost", "-": "other"}
    try:
        if player == "full":
            check_resumable(path, v.id, solve_budget)
            old = [r.verdict.value for r in read_results(path).values()
                   if first <= r.deal <= last and (only is None or r.deal in only)]
        else:
            old = [r.outcome for r in read_rows(path, PLAY_FIELDS, PlayedDeal.parse).values()
                   if first <= r.deal <= last]
    except (OSError, ValueError) as exc:
        raise _fail(f"error: {exc}") from None
    for key in old:
        counts[keys[key]] += 1
    if player == "full":
        console.print(f"Budget per deal: {solve_budget}"
                      + ("" if solve_budget.reproducible else " (depends on this machine's speed)"))
    with ExitStack() as stack:
        executor = None
        in_flight = None
        if scheduler is not None:
            # Said first: the connection may take up to dask_pool's timeout (30 s).
            console.print(f"connecting to the Dask scheduler at {scheduler}\u2026",
                          markup=False, highlight=False)
            try:
                executor, in_flight = stack.enter_context(dask_pool(scheduler))
            except ClusterError as exc:
                raise _fail(f"error: {exc}") from None
        progress = stack.enter_context(Progress(*columns, console=console, transient=False))
        total = last - first + 1 if only is None else len(only)
        task = progress.add_task(
            f"{v.name} {first}..{last}" + ("" if only is None else ", its undecided deals"),
            total=total,
            completed=len(old),
            counts=label(), rate="",
        )

        def count(key: str) -> None:
            nonlocal new
            counts[key] += 1
            new += 1
            rate = new / max(1e-9, time.perf_counter() - started)
            progress.update(task, advance=1, counts=label(), rate=f"{rate:.2f} deals/s")

        try:
            if player == "full":
                results = run_survey(
                    first, last, v.id, solve_budget, path,
                    workers=workers or os.cpu_count() or 1, executor=executor,
                    on_result=lambda r: count(keys[r.verdict.value]), in_flight=in_flight,
                    only=only,
                )
                summary: object = Summary.of(results.values())
            else:
                played = run_play_survey(
                    first, last, v.id, player, path, workers=workers or os.cpu_count() or 1,
                    executor=executor, on_result=lambda r: count(keys[r.outcome]),
                    in_flight=in_flight,
                )
                summary = PlaySummary.of(player, played.values())
        except Exception as exc:
            if isinstance(exc, (OSError, ValueError)) and not _from_dask(exc):
                raise _fail(f"error: {exc}") from None
            if scheduler is None:
                raise
            first_line = str(exc).strip().partition("\n")[0]
            cause = f"{type(exc).__name__}: {first_line}" if first_line else type(exc).__name__
            raise _fail(
                f"error: the survey on the Dask cluster at {scheduler} stopped ({cause}); "
                f"the rows written are kept in {path}: run the same command again to resume"
            ) from None
    typer.echo(str(summary))
    if new:
        took = time.perf_counter() - started
        typer.echo(f"time: {took:.1f} s for {new} deal{'' if new == 1 else 's'} "
                   f"({new / took:.2f} deals/s)")
    typer.echo(f"results: {path}")
    if plot is not None:
        try:
            if player == "full":
                plot_blocks(v, first, last, results, plot)
            else:
                plot_shares(v, first, last, plot, folder=path.parent, surveys={player: path})
        except (ImportError, OSError, ValueError) as exc:
            raise _fail(f"error: cannot draw {plot}: {exc}") from None
        typer.echo(f"plot: {plot}")


def _unwritable(path: Path) -> str | None:
    """Why the survey's file ``path`` cannot be written (its folder is missing, is not a
    folder, or may not be written to; or the file may not be), or None if it can."""
    folder = path.parent
    if not folder.exists():
        return os.strerror(errno.ENOENT)
    if not folder.is_dir():
        return os.strerror(errno.ENOTDIR)
    if not os.access(path if path.exists() else folder, os.W_OK):
        return os.strerror(errno.EACCES)
    return None


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port.", min=1, max=65535)] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            help="SQLAlchemy database URL [default: an SQLite file in your data directory].",
            show_default=False,
        ),
    ] = None,
    open_browser: Annotated[
        bool, typer.Option("--open/--no-open", help="Open the page in your browser.")
    ] = True,
    workers: Annotated[
        int, typer.Option(help="Server processes (they share the database).", min=1, max=64)
    ] = 1,
    secure_cookies: Annotated[
        bool,
        typer.Option(
            "--secure-cookies",
            help="Mark the player cookie Secure: the site is served over HTTPS (a proxy in "
            "front). Requests that came over HTTPS get it anyway.",
        ),
    ] = False,
    allowed_hosts: Annotated[
        str | None,
        typer.Option(
            help="Comma-separated host names the site answers to, e.g. "
            "scorpion.example.org (others get 400) [default: any].",
            show_default=False,
        ),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            help="Comma-separated proxy addresses whose X-Forwarded-Proto/-For are "
            "trusted, as uvicorn's option [default: $FORWARDED_ALLOW_IPS or 127.0.0.1].",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Serve the browser table: play Scorpion at http://127.0.0.1:8000/.

    The database is migrated on start. PostgreSQL: --database
    postgresql+psycopg://user:password@host/dbname (pip install 'scorpion-solitaire[postgres]').
    Exit codes: 0 stopped (Ctrl+C or SIGTERM), 2 the database cannot be used or the
    address cannot be listened on (the port is in use, say), with one line naming it.
    """
    from .store import DatabaseError
    from .web.server import ServeError, run

    try:
        run(host=host, port=port, database=database, open_browser=open_browser,
            workers=workers, secure_cookies=secure_cookies, allowed_hosts=allowed_hosts,
            forwarded_allow_ips=forwarded_allow_ips)
    except DatabaseError as exc:
        raise _fail(f"error: database: {exc}") from None
    except ServeError as exc:
        raise _fail(f"error: {exc}") from None


_OUTPUT_ERRORS = frozenset((errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO))
"""The errors of writing that no command handles itself: its output cannot be written
(``scorpion deal 1 > /dev/full``). A broken pipe (``| head -c1``) ends quietly already
(Typer's own handling: exit 1, nothing said)."""


def main() -> None:
    """Entry point of the ``scorpion`` console script.

    An output that cannot be written (a full disk) ends with one line on stderr,
    ``error: cannot write the output: No space left on device``, and exit code 2.
    """
    try:
        app()
    except OSError as exc:
        if exc.errno not in _OUTPUT_ERRORS:
            raise
        # What stayed in stdout's buffer would fail again as Python exits: drop it.
        with suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        with suppress(OSError):
            typer.echo(f"error: cannot write the output: {exc.strerror}", err=True)
        sys.exit(EXIT_BAD_INPUT)


if __name__ == "__main__":
    main()
