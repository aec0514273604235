"""Surveys: decide a range of deals in parallel and estimate the share that can be won.

Results go to a CSV file, one row per deal, written as each deal is decided, so an
interrupted survey resumes where it stopped. The share of winnable deals comes with a 95%
Wilson score interval that counts undecided deals both ways (all lost for the lower bound,
all won for the upper).

Source of the interval: E. B. Wilson, "Probable inference, the law of succession, and
statistical inference", JASA 22 (1927) 209-212.
"""

from __future__ import annotations

import csv
import functools
import math
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, TypeVar

from ..engine.deals import deal
from ..engine.variants import variant_by_id
from .search import Verdict, solve


class Row(Protocol):
    """A survey result: it gives its CSV row."""

    def row(self) -> dict[str, str]:
        """The CSV row, by field."""
        ...


T = TypeVar("T", bound=Row)

FIELDS = ("deal", "verdict", "nodes", "seconds", "line")
"""The CSV columns, in order."""


@dataclass(frozen=True)
class DealResult:
    """One surveyed deal: number, verdict, positions searched, seconds, winning line."""

    deal: int
    verdict: Verdict
    nodes: int
    seconds: float
    line: str

    @classmethod
    def parse(cls, row: dict[str, str]) -> DealResult:
        """Read a CSV row written by :meth:`row`.

        Raises:
            ValueError, TypeError, KeyError: for a row that is not one.
        """
        return cls(
            int(row["deal"]), Verdict(row["verdict"]), int(row["nodes"]),
            float(row["seconds"]), row["line"] or "",
        )

    def row(self) -> dict[str, str]:
        """The CSV row of this result."""
        return {
            "deal": str(self.deal),
            "verdict": self.verdict.value,
            "nodes": str(self.nodes),
            "seconds": f"{self.seconds:.4f}",
            "line": self.line,
        }


def decide_deal(number: int, variant_id: str, budget_seconds: float | None) -> DealResult:
    """Solve deal ``number`` of ``variant_id`` within ``budget_seconds`` (None: no limit).

    Runs in a worker process of the survey.
    """
    result = solve(deal(number, variant_by_id(variant_id)), max_seconds=budget_seconds)
    return DealResult(
        number, result.verdict, result.nodes, result.seconds, " ".join(map(str, result.line))
    )


def parse_range(text: str) -> tuple[int, int]:
    """Read ``FIRST..LAST`` (or a single number) as an inclusive range of deal numbers.

    Raises:
        ValueError: for anything else, or LAST < FIRST, or numbers below 1.
    """
    first_text, sep, last_text = text.partition("..")
    ascii_digits = [t.isascii() and t.isdigit() for t in (first_text, last_text if sep else "1")]
    if not all(ascii_digits):
        raise ValueError(
            f"not a range of deals: {text!r} (write FIRST..LAST, e.g. 1..1000, digits 0-9)"
        )
    first = int(first_text)
    last = int(last_text) if sep else first
    if first < 1 or last < first:
        raise ValueError(f"not a range of deals: {text!r} (1 <= FIRST <= LAST)")
    return first, last


def read_rows(
    path: Path, fields: tuple[str, ...], parse: Callable[[dict[str, str]], T]
) -> dict[int, T]:
    """Read the rows of an earlier survey file by deal number; a cut-off last line is dropped.

    Args:
        path: the CSV file (missing or empty: no rows).
        fields: the header the file must have.
        parse: makes a result of a row (a dict by field); raises ValueError, TypeError or
            KeyError for a bad row.

    Raises:
        ValueError: if the file is not such a survey file (wrong header, or a bad row that
            is not the last).
    """
    results: dict[int, T] = {}
    if not path.exists() or path.stat().st_size == 0:
        return results
    with path.open(newline="", encoding="utf-8") as f:
        lines = f.read().splitlines()
    if not lines or tuple(lines[0].split(",")) != fields:
        raise ValueError(f"{path} is not a survey file of this kind (its header is not "
                         f"{','.join(fields)})")
    rows = list(csv.DictReader(lines))
    for i, row in enumerate(rows):
        try:
            r = parse(row)
            number = int(row["deal"])
        except (TypeError, ValueError, KeyError):
            if i == len(rows) - 1:
                break  # the row being written when the survey was interrupted
            raise ValueError(f"{path}: row {i + 2} is not a survey row") from None
        results[number] = r
    return results


def read_results(path: Path) -> dict[int, DealResult]:
    """Read the rows of an earlier survey file; a cut-off last line is dropped.

    Raises:
        ValueError: if the file is not a survey file (wrong header or a bad row that is
            not the last).
    """
    return read_rows(path, FIELDS, DealResult.parse)


def _rewrite(path: Path, fields: tuple[str, ...], results: Mapping[int, Row]) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    with tmp.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fields)
        writer.writeheader()
        for number in sorted(results):
            writer.writerow(results[number].row())
    os.replace(tmp, path)


def run_tasks(
    numbers: Iterable[int],
    task: Callable[[int], T],
    out: Path,
    fields: tuple[str, ...],
    parse: Callable[[dict[str, str]], T],
    workers: int = 1,
    executor: Executor | None = None,
    on_result: Callable[[T], None] | None = None,
) -> dict[int, T]:
    """Run ``task`` on each deal number not yet in ``out``, appending a row as each ends.

    The machinery of every survey: rows already in ``out`` are kept and not done again
    (a cut-off last row is dropped first), each new result is written and flushed as it
    finishes, and the file is rewritten sorted at the end.

    Args:
        numbers: the deal numbers of the survey.
        task: a picklable function of a deal number, run in the pool; its result has a
            ``deal`` and a ``row()`` giving the CSV row.
        out: the CSV file.
        fields, parse: its header and row reader (see :func:`read_rows`).
        workers: processes of the standard library's pool (ignored with ``executor``).
        executor: any ``concurrent.futures.Executor`` (for example a Dask cluster's).
        on_result: called with each new result, in completion order.

    Returns:
        Every result for ``numbers``, old and new, by deal number.
    """
    wanted = list(numbers)
    all_old = read_rows(out, fields, parse)
    done = {n: all_old[n] for n in wanted if n in all_old}
    _rewrite(out, fields, all_old)  # drop a cut-off last line before appending
    todo = [n for n in wanted if n not in done]
    own = executor is None
    pool = executor if executor is not None else ProcessPoolExecutor(max_workers=workers)
    try:
        with out.open("a", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fields)
            for number, result in _completed(pool, todo, task):
                writer.writerow(result.row())
                f.flush()
                done[number] = result
                if on_result is not None:
                    on_result(result)
    finally:
        if own:
            pool.shutdown(cancel_futures=True)
    _rewrite(out, fields, {**all_old, **done})
    return done


def run_survey(
    first: int,
    last: int,
    variant_id: str,
    budget_seconds: float | None,
    out: Path,
    workers: int = 1,
    executor: Executor | None = None,
    on_result: Callable[[DealResult], None] | None = None,
) -> dict[int, DealResult]:
    """Decide deals ``first``..``last`` (inclusive), skipping those already in ``out``.

    Args:
        first, last: the range of deal numbers.
        variant_id: the variant.
        budget_seconds: time budget per deal, in seconds (None: no limit).
        out: the CSV file; rows already in it are kept and their deals not solved again.
        workers: processes of the standard library's pool (ignored with ``executor``).
        executor: any ``concurrent.futures.Executor`` (for example a Dask cluster's).
        on_result: called with each new result, in completion order.

    Returns:
        Every result for the range, old and new, by deal number.
    """
    variant_by_id(variant_id)
    task = functools.partial(decide_deal, variant_id=variant_id, budget_seconds=budget_seconds)
    return run_tasks(
        range(first, last + 1), task, out, FIELDS, DealResult.parse, workers, executor, on_result
    )


def _completed(
    pool: Executor, numbers: Iterable[int], task: Callable[[int], T]
) -> Iterator[tuple[int, T]]:
    pending: dict[Future[T], int] = {}
    it = iter(numbers)
    window = 64
    for number in it:
        pending[pool.submit(task, number)] = number
        if len(pending) >= window:
            break
    while pending:
        finished, _ = wait(pending, return_when=FIRST_COMPLETED)
        for future in finished:
            yield pending.pop(future), future.result()
            nxt = next(it, None)
            if nxt is not None:
                pending[pool.submit(task, nxt)] = nxt


def wilson_interval(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """Return the Wilson score interval (low, high) for ``successes`` out of ``trials``.

    ``z`` = 1.959964 gives 95%. For no trials, (0, 1).
    """
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
            f"{self.total} deals: {self.won} winnable, {self.lost} not winnable, "
            f"{self.undecided} undecided; winnable share {share:.1%} "
            f"(95% Wilson interval {self.low:.1%} to {self.high:.1%}, "
            f"undecided counted both ways)"
        )
