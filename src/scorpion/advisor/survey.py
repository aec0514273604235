"""Player surveys: how many deals a player who sees only the player's view wins (B5).

A deal that cannot be won with full knowledge cannot be won by any player, so a player
survey plays only the deals the full-knowledge solver calls winnable: those of the shipped
list where it covers the range (:mod:`scorpion.solver.winnable`), else each deal is solved
first (a node budget, so the same on every machine). The rest get a row saying so, without
a game. Rows go to a resumable CSV as each deal ends (the machinery of
:func:`scorpion.solver.survey.run_tasks`); seeds are the deal numbers, so a survey gives the
same rows on every machine.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path

from ..engine.deals import deal
from ..engine.variants import variant_by_id
from ..solver import Verdict, solve
from ..solver.survey import DEFAULT_NODES, read_rows, run_tasks, wilson_interval
from ..solver.winnable import known_winnable
from .players import PLAYERS, play

PLAY_FIELDS = ("deal", "player", "full", "outcome", "moves", "solves", "nodes", "seconds", "line")
"""The CSV columns of a player survey, in order."""

FULL_NODES = DEFAULT_NODES
"""Node budget of the full-knowledge solve of a deal the shipped list does not decide (the
full-knowledge survey's default, so both give the same verdicts)."""


@dataclass(frozen=True)
class PlayedDeal:
    """One deal of a player survey.

    Attributes:
        deal: the deal number.
        player: the player's name (``fair``, ``heuristic``, ``random``).
        full: the full-knowledge verdict of the deal (from the shipped list or a solve).
        outcome: ``won`` or ``lost``; ``-`` when the deal was not played (not winnable).
        moves: moves the player made.
        solves: solver calls the player made.
        nodes: positions those solves searched.
        seconds: wall-clock time of the game, in seconds.
        line: the moves played, in notation, separated by spaces.
    """

    deal: int
    player: str
    full: Verdict
    outcome: str
    moves: int
    solves: int
    nodes: int
    seconds: float
    line: str

    @property
    def won(self) -> bool:
        """True if the player won the deal."""
        return self.outcome == "won"

    @classmethod
    def parse(cls, row: dict[str, str]) -> PlayedDeal:
        """Read a CSV row written by :meth:`row`.

        Raises:
            ValueError, TypeError, KeyError: for a row that is not one.
        """
        if row["outcome"] not in ("won", "lost", "-") or row["player"] not in PLAYERS:
            raise ValueError("not a player survey row")
        return cls(
            int(row["deal"]), row["player"], Verdict(row["full"]), row["outcome"],
            int(row["moves"]), int(row["solves"]), int(row["nodes"]), float(row["seconds"]),
            row["line"] or "",
        )

    def row(self) -> dict[str, str]:
        """The CSV row of this result."""
        return {
            "deal": str(self.deal), "player": self.player, "full": self.full.value,
            "outcome": self.outcome, "moves": str(self.moves), "solves": str(self.solves),
            "nodes": str(self.nodes), "seconds": f"{self.seconds:.4f}", "line": self.line,
        }


def play_deal(number: int, variant_id: str, player: str) -> PlayedDeal:
    """Play deal ``number`` of ``variant_id`` with the player named ``player`` (seed: the
    deal number), if the full-knowledge solver calls it winnable. Runs in a worker.

    The full-knowledge verdict comes from the shipped list of winnable deals, else from a
    solve of at most ``FULL_NODES`` positions; the result's ``seconds`` are the player's
    wall-clock time (:class:`PlayedDeal`).

    Raises:
        ValueError: for an unknown player (before any solving).
        UnknownVariantError: if ``variant_id`` is no variant.
        DealNumberError: if ``number`` is no deal number.
    """
    if player not in PLAYERS:
        raise ValueError(f"unknown player {player!r} (players: {', '.join(PLAYERS)})")
    start = deal(number, variant_by_id(variant_id))
    known = known_winnable(variant_id, number)
    if known is None:
        full = solve(start, max_nodes=FULL_NODES).verdict
    else:
        full = Verdict.WINNABLE if known else Verdict.NOT_WINNABLE
    if full is Verdict.NOT_WINNABLE:
        return PlayedDeal(number, player, full, "-", 0, 0, 0, 0.0, "")
    result = play(start, PLAYERS[player](), seed=number)
    return PlayedDeal(
        number, player, full, "won" if result.won else "lost", len(result.line),
        result.solves, result.nodes, result.seconds, " ".join(map(str, result.line)),
    )


def run_play_survey(
    first: int,
    last: int,
    variant_id: str,
    player: str,
    out: Path,
    workers: int = 1,
    executor: Executor | None = None,
    on_result: Callable[[PlayedDeal], None] | None = None,
    in_flight: int | Callable[[], int] | None = None,
) -> dict[int, PlayedDeal]:
    """Play deals ``first``..``last`` (inclusive) with ``player``, resuming ``out``.

    Args:
        first, last: the range of deal numbers.
        variant_id: the variant.
        player: ``fair``, ``heuristic`` or ``random``.
        out: the CSV file; its rows are kept and their deals not played again.
        workers: processes of the standard library's pool (ignored with ``executor``).
        executor: any ``concurrent.futures.Executor``.
        on_result: called with each new result, in completion order.
        in_flight: most chunks of deals in flight (see
            :func:`scorpion.solver.survey.run_tasks`).

    Returns:
        Every result for the range, old and new, by deal number.

    Raises:
        ValueError: for an unknown player, or a file that holds another player's survey.
        UnknownVariantError: for an unknown variant.
        OSError: if ``out`` cannot be read or written (the rows written so far stay).
        Whatever the executor raises (for example when a cluster is lost): the rows
        written so far stay, and running the survey again resumes.
    """
    variant_by_id(variant_id)
    if player not in PLAYERS:
        raise ValueError(f"unknown player {player!r} (players: {', '.join(PLAYERS)})")
    task = functools.partial(play_deal, variant_id=variant_id, player=player)

    others = {r.player for r in read_rows(out, PLAY_FIELDS, PlayedDeal.parse).values()}
    others.discard(player)
    if others:
        raise ValueError(f"{out} holds a survey of another player ({', '.join(sorted(others))})")
    return run_tasks(
        range(first, last + 1), task, out, PLAY_FIELDS, PlayedDeal.parse,
        workers, executor, on_result, in_flight,
    )


@dataclass(frozen=True)
class PlaySummary:
    """Counts of a player survey and the 95% Wilson intervals of its shares.

    Attributes:
        player: the player's name.
        total: deals in the survey.
        winnable: deals the full-knowledge solver calls winnable (played).
        undecided: deals it left undecided (played too; counted as winnable in ``total``'s
            full-knowledge share only for its upper end).
        won: deals the player won.
    """

    player: str
    total: int
    winnable: int
    undecided: int
    won: int

    @classmethod
    def of(cls, player: str, results: Iterable[PlayedDeal]) -> PlaySummary:
        """Summarise ``results``."""
        rs = list(results)
        return cls(
            player,
            len(rs),
            sum(r.full is Verdict.WINNABLE for r in rs),
            sum(r.full is Verdict.UNDECIDED for r in rs),
            sum(r.won for r in rs),
        )

    @property
    def share(self) -> tuple[float, float, float]:
        """The player's win share of all deals: (share, low, high), 95% Wilson."""
        low, high = wilson_interval(self.won, self.total)
        return (self.won / self.total if self.total else 0.0), low, high

    @property
    def full_share(self) -> tuple[float, float, float]:
        """The full-knowledge win share of the same deals: (share, low, high)."""
        low, _ = wilson_interval(self.winnable, self.total)
        _, high = wilson_interval(self.winnable + self.undecided, self.total)
        return (self.winnable / self.total if self.total else 0.0), low, high

    @property
    def of_winnable(self) -> tuple[float, float, float]:
        """The share of the full-knowledge winnable deals the player won: (share, low, high)."""
        played = self.winnable + self.undecided
        low, high = wilson_interval(self.won, played)
        return (self.won / played if played else 0.0), low, high

    def __str__(self) -> str:
        share, low, high = self.share
        fshare, flow, fhigh = self.full_share
        wshare, wlow, whigh = self.of_winnable
        return (
            f"{self.total} deal{'' if self.total == 1 else 's'}, {self.winnable} winnable "
            "with full knowledge "
            f"({fshare:.1%}, 95% Wilson {flow:.1%} to {fhigh:.1%}); the {self.player} player, "
            f"seeing only the player's view, won {self.won}: {share:.1%} of the deals "
            f"(95% Wilson {low:.1%} to {high:.1%}), {wshare:.1%} of the winnable ones "
            f"({wlow:.1%} to {whigh:.1%})"
        )
