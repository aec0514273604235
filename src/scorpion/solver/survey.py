"""Surveys: decide a range of deals in parallel and estimate the share that can be won.

Results go to a CSV file, one row per deal, written as each deal is decided, so an
interrupted survey resumes where it stopped: a row counts only once its line is ended, so
a row cut off by a crash is dropped (and the file repaired) on resume, and no deal is ever
written twice. Work goes to the pool (the standard library's, or any
``concurrent.futures.Executor``, such as a Dask cluster's: :mod:`scorpion.solver.cluster`)
in chunks of deals sized to take about :data:`CHUNK_SECONDS` each, with a bounded number of
chunks in flight.

Each row records the budget its deal was solved with (:class:`Budget`). A node budget, the
default (:data:`DEFAULT_NODES`), gives the same verdicts on every machine; a time budget
does not, as a slower or busier machine searches fewer positions in the same time. A survey
file is never resumed with another budget than its rows'.

The share of winnable deals comes with a 95% Wilson score interval that counts undecided
deals both ways (all lost for the lower bound, all won for the upper).

Source of the interval: E. B. Wilson, "Probable inference, the law of succession, and
statistical inference", JASA 22 (1927) 209-212.
"""

from __future__ import annotations

import contextlib
import csv
import functools
import math
import os
import time
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, TypeVar

from ..engine.deals import MAX_DEAL, DealNumberError, deal
from ..engine.position import Move, MoveError
from ..engine.variants import Variant, variant_by_id
from .search import SolverError, Verdict, check_line, default_probes, solve


class Row(Protocol):
    """A survey result: its deal number, and its CSV row."""

    @property
    def deal(self) -> int:
        """The deal number."""
        ...

    def row(self) -> dict[str, str]:
        """The CSV row, by field."""
        ...


T = TypeVar("T", bound=Row)

FIELDS = ("deal", "verdict", "nodes", "seconds", "budget", "line", "variant")
"""The CSV columns, in order (``variant``: the id of the game, since 2026-12-04)."""

BUDGET_FIELDS = ("deal", "verdict", "nodes", "seconds", "budget", "line")
"""The columns of survey files made before the game was recorded (read, and resumed once
their winning lines replay on the game's deals: :func:`check_resumable`)."""

OLD_FIELDS = ("deal", "verdict", "nodes", "seconds", "line")
"""The columns of survey files made before the budget was recorded (not resumed)."""

DEFAULT_NODES = 5_000_000
"""The default node budget of a survey's solve: positions searched per deal.

At about 200,000-450,000 positions a second (the compiled solver on one core of a shared
2-core machine) that is 11-25 s, more than the 10 s time budget surveys had. With the
proofs of loss of today it decides every deal of 1..31999 of Scorpion, Scorpion II and the
strict stock, none taking more than 600,000 positions. It is the node budget the player
surveys use for their full-knowledge solves (``scorpion.advisor.survey.FULL_NODES``), so
both give the same verdicts."""

CHUNK_SECONDS = 2.0
"""Target duration of one chunk of work sent to the pool, in seconds (Dask's advice: tasks
of a second or more)."""

MAX_CHUNK = 1000
"""Most deals in one chunk."""


@dataclass(frozen=True)
class Budget:
    """What a solve may spend: positions searched and/or seconds (None: no limit), and the
    percentage of it that the randomized probes may take (None: the game's own; see
    :func:`scorpion.solver.search.solve`).

    Its text form, as in the CSV's ``budget`` column: ``5000000 nodes``, ``10 seconds``,
    ``5000000 nodes or 10 seconds`` or ``none``, followed by ``, 90% probes`` when the
    probes' share is given (``300000 nodes, 90% probes``).

    Raises:
        ValueError: if ``nodes`` is below 1, ``seconds`` is not a positive, finite number,
            or ``probes`` is not a percentage from 1 to 100.
    """

    nodes: int | None = DEFAULT_NODES
    seconds: float | None = None
    probes: int | None = None

    def __post_init__(self) -> None:
        if self.nodes is not None and self.nodes < 1:
            raise ValueError(f"a node budget must be at least 1, not {self.nodes}")
        if self.seconds is not None and not (self.seconds > 0 and math.isfinite(self.seconds)):
            raise ValueError(f"a time budget must be a positive, finite number of seconds, "
                             f"not {self.seconds}")
        if self.probes is not None and not 1 <= self.probes <= 100:
            raise ValueError(f"the probes' share is a percentage from 1 to 100, "
                             f"not {self.probes}")

    def canonical(self, variant: Variant) -> Budget:
        """This budget, with the probes' share left out where it is ``variant``'s own under
        a node budget (:func:`scorpion.solver.search.default_probes`): the same solve, so
        the same budget in a survey file."""
        if self.nodes is not None and self.probes == default_probes(variant):
            return Budget(self.nodes, self.seconds, None)
        return self

    @property
    def reproducible(self) -> bool:
        """True if the verdicts depend on nothing but the budget (no time limit)."""
        return self.seconds is None

    def __str__(self) -> str:
        parts = []
        if self.nodes is not None:
            parts.append(f"{self.nodes} nodes")
        if self.seconds is not None:
            parts.append(f"{self.seconds:g} seconds")
        text = " or ".join(parts) or "none"
        return text if self.probes is None else f"{text}, {self.probes}% probes"

    @classmethod
    def parse(cls, text: str) -> Budget:
        """Read the text form (:meth:`__str__`).

        Raises:
            ValueError: for anything else.
        """
        given = text
        probes: int | None = None
        head, comma, tail = text.rpartition(", ")
        if comma:
            share = tail.removesuffix("% probes")
            if share == tail or not (share.isascii() and share.isdigit()):
                raise ValueError(f"not a budget: {given!r}")
            probes, text = int(share), head
        if text == "none":
            return cls(None, None, probes)
        nodes: int | None = None
        seconds: float | None = None
        parts = text.split(" or ")
        for i, part in enumerate(parts):
            value, _, unit = part.partition(" ")
            if unit == "nodes" and i == 0 and value.isascii() and value.isdigit():
                nodes = int(value)
            elif unit == "seconds" and i == len(parts) - 1 and len(parts) <= 2:
                try:
                    seconds = float(value)
                except ValueError:
                    raise ValueError(f"not a budget: {given!r}") from None
            else:
                raise ValueError(f"not a budget: {given!r}")
        return cls(nodes, seconds, probes)


@dataclass(frozen=True)
class DealResult:
    """One surveyed deal: number, verdict, positions searched, seconds, budget, winning
    line, game.

    ``budget`` is the :class:`Budget` the deal was solved with, in its text form;
    ``variant`` the id of the game, or "" in the rows of files from before it was recorded
    (:data:`BUDGET_FIELDS`).
    """

    deal: int
    verdict: Verdict
    nodes: int
    seconds: float
    line: str
    budget: str = str(Budget())
    variant: str = ""

    @classmethod
    def parse(cls, row: dict[str, str]) -> DealResult:
        """Read a CSV row written by :meth:`row`.

        Raises:
            ValueError, TypeError, KeyError: for a row that is not one.
        """
        result = cls(
            int(row["deal"]), Verdict(row["verdict"]), int(row["nodes"]),
            float(row["seconds"]), row["line"] or "", str(Budget.parse(row["budget"])),
            row.get("variant") or "",
        )
        if result.verdict is Verdict.WINNABLE and not result.line.strip():
            raise ValueError(f"deal {result.deal} is winnable without a winning line")
        if result.verdict is not Verdict.WINNABLE and result.line.strip():
            raise ValueError(f"deal {result.deal} is {result.verdict.value} with a winning line")
        if result.deal < 1:
            raise ValueError(f"no deal {result.deal} (deal numbers start at 1)")
        if result.nodes < 1 or not (math.isfinite(result.seconds) and result.seconds >= 0):
            raise ValueError(f"deal {result.deal}: {result.nodes} positions in "
                             f"{row['seconds']} s is not a search's count and time")
        return result

    def row(self) -> dict[str, str]:
        """The CSV row of this result."""
        return {
            "deal": str(self.deal),
            "verdict": self.verdict.value,
            "nodes": str(self.nodes),
            "seconds": f"{self.seconds:.4f}",
            "budget": self.budget,
            "line": self.line,
            "variant": self.variant,
        }


def decide_deal(number: int, variant_id: str, budget: Budget) -> DealResult:
    """Solve deal ``number`` of ``variant_id`` within ``budget``.

    Runs in a worker process of the survey. The result's ``nodes`` are the positions
    searched, its ``seconds`` the solve's wall-clock time (:class:`DealResult`).

    Raises:
        UnknownVariantError: if ``variant_id`` is no variant.
        DealNumberError: if ``number`` is no deal number.
        ValueError: if ``budget`` gives a probes' share to a game without probes.
        SolverError: if a winning line found does not win on the engine (never expected).
    """
    result = solve(
        deal(number, variant_by_id(variant_id)), max_nodes=budget.nodes,
        max_seconds=budget.seconds, probes=budget.probes,
    )
    return DealResult(
        number, result.verdict, result.nodes, result.seconds, " ".join(map(str, result.line)),
        str(budget), variant_id,
    )


MAX_SURVEY = 10_000_000
"""The most deals one survey takes (its deal numbers are listed in memory; a range of a
thousand million would fill this machine's; a survey of ten million takes days anyway)."""


def parse_range(text: str) -> tuple[int, int]:
    """Read ``FIRST..LAST`` (or a single number) as an inclusive range of deal numbers.

    Raises:
        ValueError: for anything else, or LAST < FIRST, numbers below 1 or above
            :data:`~scorpion.engine.deals.MAX_DEAL`, or more than :data:`MAX_SURVEY` deals.
    """
    first_text, sep, last_text = text.partition("..")
    ascii_digits = [t.isascii() and t.isdigit() for t in (first_text, last_text if sep else "1")]
    if not all(ascii_digits):
        raise ValueError(
            f"not a range of deals: {text!r} (write FIRST..LAST, e.g. 1..1000, digits 0-9)"
        )
    if max(len(first_text.lstrip("0")), len(last_text.lstrip("0"))) > len(str(MAX_DEAL)):
        shown = text if len(text) <= 40 else f"{text[:40]}…"  # and no int() of 4,300 digits
        raise ValueError(f"not a range of deals: {shown!r} (deal numbers go up to {MAX_DEAL:,})")
    first = int(first_text)
    last = int(last_text) if sep else first
    if first < 1 or last < first:
        raise ValueError(f"not a range of deals: {text!r} (1 <= FIRST <= LAST)")
    if last > MAX_DEAL:
        raise ValueError(f"not a range of deals: {text!r} (deal numbers go up to {MAX_DEAL:,})")
    if last - first + 1 > MAX_SURVEY:
        raise ValueError(f"{last - first + 1:,} deals in {text!r}: a survey takes at most "
                         f"{MAX_SURVEY:,}; survey the range in parts")
    return first, last


def read_rows(
    path: Path,
    fields: tuple[str, ...],
    parse: Callable[[dict[str, str]], T],
    older: Sequence[tuple[str, ...]] = (),
) -> dict[int, T]:
    """Read the rows of an earlier survey file by deal number; a cut-off last line is dropped.

    A row counts only if its line is ended: the last line of a file that does not end with
    a line break was being written when the survey was stopped, and is dropped even if it
    reads as a row (its winning line could be cut short).

    Args:
        path: the CSV file (missing or empty: no rows).
        fields: the header the file must have, or one of ``older`` (columns of earlier
            versions, which ``parse`` must also read).
        parse: makes a result of a row (a dict by field); raises ValueError, TypeError or
            KeyError for a bad row.
        older: the earlier headers that are still read.

    Raises:
        ValueError: if the file is not such a survey file (wrong header, a bad row that is
            not the last, or a deal in two rows that differ).
    """
    results: dict[int, T] = {}
    if not path.exists() or path.stat().st_size == 0:
        return results
    try:
        with path.open(newline="", encoding="utf-8") as f:
            text = f.read()
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not a survey file (it is not UTF-8 text)") from None
    lines = text.splitlines()
    if lines and not text.endswith(("\n", "\r")):
        lines.pop()  # the row being written when the survey was interrupted
    if not lines or tuple(lines[0].split(",")) not in (fields, *older):
        if lines and tuple(lines[0].split(",")) == OLD_FIELDS and fields == FIELDS:
            raise ValueError(f"{path} was made before surveys recorded their budget (it has no "
                             "budget column); survey into another file")
        if not lines and ",".join(fields).startswith(text):
            return results  # only a cut-off header
        raise ValueError(f"{path} is not a survey file of this kind (its header is not "
                         f"{','.join(fields)})")
    for i, row in enumerate(csv.DictReader(lines)):
        try:
            if None in row or None in row.values():
                raise ValueError("wrong number of fields")
            r = parse(row)
            number = int(row["deal"])
        except (TypeError, ValueError, KeyError) as exc:
            reason = f" ({exc})" if isinstance(exc, ValueError) and str(exc) else ""
            raise ValueError(f"{path}: row {i + 2} is not a survey row{reason}") from None
        if number in results and results[number].row() != r.row():
            raise ValueError(f"{path}: deal {number} has two different rows")
        results[number] = r
    return results


def read_results(path: Path) -> dict[int, DealResult]:
    """Read the rows of an earlier survey file; a cut-off last line is dropped.

    Raises:
        ValueError: if the file is not a survey file (wrong header or a bad row that is
            not the last).
    """
    return read_rows(path, FIELDS, DealResult.parse, (BUDGET_FIELDS,))


def _rewrite(path: Path, fields: tuple[str, ...], results: Mapping[int, Row]) -> None:
    """Write ``results`` to ``path`` sorted, through a temporary file beside it.

    Raises:
        OSError: naming ``path`` (not the temporary file) when it cannot be written.
    """
    path = path.resolve()  # a symbolic link's file is written, the link kept
    tmp = path.with_suffix(path.suffix + ".tmp")
    try:
        with tmp.open("w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fields)
            writer.writeheader()
            for number in sorted(results):
                writer.writerow(results[number].row())
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise OSError(f"cannot write {path}: {exc.strerror or exc}") from None


def run_chunk(task: Callable[[int], T], numbers: Sequence[int]) -> tuple[list[T], float]:
    """Run ``task`` on each of ``numbers`` in turn: the unit of work sent to the pool.

    Returns:
        The results, in the order of ``numbers``, and the seconds the chunk took.
    """
    started = time.perf_counter()
    results = [task(n) for n in numbers]
    return results, time.perf_counter() - started


def run_tasks(
    numbers: Iterable[int],
    task: Callable[[int], T],
    out: Path,
    fields: tuple[str, ...],
    parse: Callable[[dict[str, str]], T],
    workers: int = 1,
    executor: Executor | None = None,
    on_result: Callable[[T], None] | None = None,
    in_flight: int | Callable[[], int] | None = None,
    chunk_seconds: float = CHUNK_SECONDS,
    max_chunk: int = MAX_CHUNK,
    older: Sequence[tuple[str, ...]] = (),
) -> dict[int, T]:
    """Run ``task`` on each deal number not yet in ``out``, appending a row as each ends.

    The machinery of every survey: rows already in ``out`` are kept and not done again
    (a cut-off last row is dropped and the file rewritten first), deals go to the pool in
    chunks (:func:`run_chunk`) sized from the time the chunks so far took to last about
    ``chunk_seconds`` each (the first ones are single deals; none is longer than
    ``max_chunk``, nor, near the end, than a fair share of what is left), with at most
    ``in_flight`` chunks submitted and not yet done. Each chunk's rows are written and
    flushed as soon as it is done, so a stopped survey loses at most its chunks in flight;
    a chunk the pool runs twice (say, after a worker died) is written once. The file is
    rewritten sorted at the end.

    Args:
        numbers: the deal numbers of the survey.
        task: a picklable function of a deal number, run in the pool; its result has a
            ``deal`` and a ``row()`` giving the CSV row.
        out: the CSV file.
        fields, parse: its header and row reader (see :func:`read_rows`).
        workers: processes of the standard library's pool, at most one per deal to do
            (ignored with ``executor``).
        executor: any ``concurrent.futures.Executor`` (for example a Dask cluster's).
        on_result: called with each new result, in completion order.
        in_flight: most chunks in flight, or a function giving it (asked before each
            submission, so a cluster that grows gets more); default twice ``workers``.
        chunk_seconds: target seconds of work per chunk.
        max_chunk: most deals per chunk.
        older: earlier headers still read (:func:`read_rows`); such a file is rewritten
            with ``fields``.

    Returns:
        Every result for ``numbers``, old and new, keyed and ordered by deal number.

    Raises:
        ValueError: if ``out`` is not a survey file of this kind.
        OSError: if it cannot be read or written.
        Whatever ``task`` raises, or the executor (for example when a cluster is lost):
        the rows written so far stay, and running the survey again resumes.
    """
    wanted = list(dict.fromkeys(numbers))
    all_old = read_rows(out, fields, parse, older)
    done = {n: all_old[n] for n in wanted if n in all_old}
    _rewrite(out, fields, all_old)  # drop a cut-off last line before appending
    todo = [n for n in wanted if n not in done]
    own = executor is None
    if own:  # no more processes than deals to do
        workers = max(1, min(workers, len(todo)))
    fixed = 2 * max(1, workers) if in_flight is None or callable(in_flight) else in_flight
    slots = in_flight if callable(in_flight) else (lambda: fixed)
    pool = executor if executor is not None else ProcessPoolExecutor(max_workers=workers)
    try:
        with out.open("a", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fields)
            for results in _completed(pool, todo, task, slots, chunk_seconds, max_chunk):
                new = [r for r in results if r.deal not in done]
                try:
                    for result in new:
                        writer.writerow(result.row())
                    f.flush()
                except OSError as exc:
                    raise OSError(f"cannot write {out}: {exc.strerror or exc} (the rows "
                                  "written before are kept)") from None
                for result in new:
                    done[result.deal] = result
                    if on_result is not None:
                        on_result(result)
    finally:
        if own:
            pool.shutdown(cancel_futures=True)
    _rewrite(out, fields, {**all_old, **done})
    return dict(sorted(done.items()))  # chunks finishing together come in any order


REPLAYED_ROWS = 32
"""How many winnable rows of a survey file :func:`check_resumable` replays (spread evenly)."""


def check_resumable(out: Path, variant_id: str, budget: Budget) -> Budget:
    """Check that survey file ``out`` (if any) may be resumed for ``variant_id`` with
    ``budget``, and return the budget to write in its new rows.

    Its rows must name that game (rows of files from before the game was recorded name
    none), and be made with that budget (verdicts of two budgets are never mixed in one
    file; a budget that gives the game's own probes' share is the same as one that gives
    none, :meth:`Budget.canonical`); the winning lines of up to :data:`REPLAYED_ROWS` of
    its winnable rows, spread evenly, must win their deals of that game when replayed on
    the engine (a damaged file, or an older file of another game's deals, is not resumed).

    Returns:
        ``budget``, spelled as the file's rows spell it (or canonical for a new file).

    Raises:
        ValueError: naming the game or the budgets ``out`` holds, or the deal whose line
            does not win, or if it is not a survey file.
        OSError: if it cannot be read.
        UnknownVariantError: for an unknown variant.
    """
    variant = variant_by_id(variant_id)
    results = read_results(out)
    games = {r.variant for r in results.values()} - {"", variant_id}
    if games:
        names = "; ".join(sorted(_game_name(g) for g in games))
        raise ValueError(f"{out} is a survey of {names}, not {variant.name}: survey into "
                         "another file")
    spelled = {r.budget for r in results.values()}
    held = {str(Budget.parse(b).canonical(variant)) for b in spelled}
    wanted = budget.canonical(variant)
    if len(held) > 1:
        raise ValueError(
            f"{out} holds deals solved with several budgets ({'; '.join(sorted(spelled))}): "
            "survey into another file"
        )
    if held - {str(wanted)}:
        raise ValueError(
            f"{out} holds deals solved with another budget ({'; '.join(sorted(spelled))}), not "
            f"{budget}: give that budget to resume it, or survey into another file"
        )
    check_winning_lines(out, variant_id, results, REPLAYED_ROWS)
    return Budget.parse(min(spelled)) if spelled else wanted


def _game_name(variant_id: str) -> str:
    """The game's name for an id read from a file (the id itself if no game has it)."""
    try:
        return variant_by_id(variant_id).name
    except ValueError:
        return variant_id


def check_winning_lines(
    path: Path, variant_id: str, results: Mapping[int, DealResult], most: int | None = None
) -> None:
    """Replay on the engine the winning lines of the winnable ``results`` read from survey
    file ``path`` (all of them, or ``most`` spread evenly), each from its deal of
    ``variant_id``.

    Raises:
        ValueError: naming ``path`` and the first deal whose line does not win (or whose
            number is not a deal's), or if ``most`` is below 1.
        UnknownVariantError: for an unknown variant.
    """
    if most is not None and most < 1:
        raise ValueError(f"replay at least one line, not {most}")
    variant = variant_by_id(variant_id)
    won = [r for _, r in sorted(results.items()) if r.verdict is Verdict.WINNABLE]
    step = 1 if most is None else max(1, math.ceil(len(won) / most))
    for r in won[::step]:
        try:
            check_line(deal(r.deal, variant), [Move.parse(m, variant) for m in r.line.split()])
        except (MoveError, SolverError, DealNumberError) as exc:
            raise ValueError(
                f"{path}: the winning line of deal {r.deal} does not win {variant.name}'s "
                f"deal {r.deal} ({exc}): a survey of another game, or a damaged file"
            ) from None


def run_survey(
    first: int,
    last: int,
    variant_id: str,
    budget: Budget,
    out: Path,
    workers: int = 1,
    executor: Executor | None = None,
    on_result: Callable[[DealResult], None] | None = None,
    in_flight: int | Callable[[], int] | None = None,
    only: Collection[int] | None = None,
) -> dict[int, DealResult]:
    """Decide deals ``first``..``last`` (inclusive), skipping those already in ``out``.

    Args:
        first, last: the range of deal numbers.
        variant_id: the variant.
        budget: what each deal's solve may spend (:class:`Budget`; recorded in each row).
        out: the CSV file; rows already in it are kept and their deals not solved again.
        workers: processes of the standard library's pool, at most one per deal to do
            (ignored with ``executor``).
        executor: any ``concurrent.futures.Executor`` (for example a Dask cluster's).
        on_result: called with each new result, in completion order.
        in_flight: most chunks of deals in flight (see :func:`run_tasks`).
        only: if given, decide only these deals of the range (for instance those an
            earlier survey left undecided, :func:`scorpion.solver.winnable.shipped_undecided`),
            in increasing order; numbers outside the range are ignored, and none left
            means nothing is done (``out`` is not even created).

    Returns:
        Every result for the range (or for ``only``'s deals of it), old and new, by deal
        number.

    Raises:
        ValueError: if ``out`` is not a survey file, or holds rows made with another budget
            (verdicts of two budgets are not mixed in one file), or of another game
            (:func:`check_resumable`).
        OSError: if ``out`` cannot be read or written (the rows written so far stay).
        Whatever the executor raises (for example when a cluster is lost).
        UnknownVariantError: for an unknown variant.
    """
    budget = check_resumable(out, variant_id, budget)
    task = functools.partial(decide_deal, variant_id=variant_id, budget=budget)
    numbers: Iterable[int] = range(first, last + 1)
    if only is not None:
        numbers = sorted(n for n in set(only) if first <= n <= last)
        if not numbers:
            return {}
    return run_tasks(
        numbers, task, out, FIELDS, DealResult.parse, workers, executor, on_result, in_flight,
        older=(BUDGET_FIELDS,),
    )


def _completed(
    pool: Executor,
    numbers: list[int],
    task: Callable[[int], T],
    slots: Callable[[], int],
    chunk_seconds: float,
    max_chunk: int,
) -> Iterator[list[T]]:
    """Yield the results of each chunk of ``numbers`` as it is done (see :func:`run_tasks`)."""
    pending: set[Future[tuple[list[T], float]]] = set()
    given = 0
    seconds = 0.0
    measured = 0

    def submit_more() -> None:
        nonlocal given
        most = max(1, slots())
        while len(pending) < most and given < len(numbers):
            if measured == 0 or seconds <= 0:
                size = 1
            else:
                size = max(1, min(max_chunk, round(chunk_seconds * measured / seconds)))
            size = min(size, max(1, math.ceil((len(numbers) - given) / most)))
            chunk = numbers[given:given + size]
            pending.add(pool.submit(run_chunk, task, chunk))
            given += size

    submit_more()
    while pending:
        finished, _ = wait(pending, return_when=FIRST_COMPLETED)
        for future in finished:
            pending.discard(future)
            results, took = future.result()
            seconds += took
            measured += len(results)
            yield results
        submit_more()


def wilson_interval(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """Return the Wilson score interval (low, high) for ``successes`` out of ``trials``.

    ``z`` = 1.959964 gives 95%. For no trials, (0, 1). Source: E. B. Wilson, "Probable
    inference, the law of succession, and statistical inference", JASA 22 (1927) 209-212.

    Raises:
        ValueError: if ``trials`` is negative or ``successes`` is not from 0 to ``trials``.
    """
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be from 0 to the trials ({trials}), not {successes}")
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Summary:
    """Counts of a survey and the 95% interval of the winnable share."""

    total: int
    won: int
    lost: int
    undecided: int
    low: float
    high: float

    @classmethod
    def of(cls, results: Iterable[DealResult]) -> Summary:
        """Summarise ``results``; undecided deals count as lost for ``low``, won for ``high``."""
        rs = list(results)
        won = sum(r.verdict is Verdict.WINNABLE for r in rs)
        lost = sum(r.verdict is Verdict.NOT_WINNABLE for r in rs)
        undecided = len(rs) - won - lost
        low, _ = wilson_interval(won, len(rs))
        _, high = wilson_interval(won + undecided, len(rs))
        return cls(len(rs), won, lost, undecided, low, high)

    def __str__(self) -> str:
        share = self.won / self.total if self.total else 0.0
        return (
            f"{self.total} deal{'' if self.total == 1 else 's'}: {self.won} winnable, "
            f"{self.lost} not winnable, "
            f"{self.undecided} undecided; winnable share {share:.1%} "
            f"(95% Wilson interval {self.low:.1%} to {self.high:.1%}, "
            f"undecided counted both ways)"
        )
