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
import math
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path

from ..engine.deals import deal
from ..engine.variants import variant_by_id
from .search import Verdict, solve

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


def read_results(path: Path) -> dict[int, DealResult]:
    """Read the rows of an earlier survey file; a cut-off last line is dropped.

    Raises:
        ValueError: if the file is not a survey file (wrong header or a bad row that is
            not the last).
    """
    results: dict[int, DealResult] = {}
    if not path.exists() or path.stat().st_size == 0:
        return results
    with path.open(newline="", encoding="utf-8") as f:
        lines = f.read().splitlines()
    if not lines or tuple(lines[0].split(",")) != FIELDS:
        raise ValueError(f"{path} is not a survey file (its header is not {','.join(FIELDS)})")
    rows = list(csv.DictReader(lines))
    for i, row in enumerate(rows):
        try:
            r = DealResult(
                int(row["deal"]), Verdict(row["verdict"]), int(row["nodes"]),
                float(row["seconds"]), row["line"] or "",
            )
        except (TypeError, ValueError, KeyError):
            if i == len(rows) - 1:
                break  # the row being written when the survey was interrupted
            raise ValueError(f"{path}: row {i + 2} is not a survey row") from None
        results[r.deal] = r
    return results


def _rewrite(path: Path, results: dict[int, DealResult]) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    with tmp.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, FIELDS)
        writer.writeheader()
        for number in sorted(results):
            writer.writerow(results[number].row())
    os.replace(tmp, path)


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
    all_old = read_results(out)
    done = {n: r for n, r in all_old.items() if first <= n <= last}
    _rewrite(out, all_old)  # drop a cut-off last line before appending
    todo = [n for n in range(first, last + 1) if n not in done]
    own = executor is None
    pool = executor if executor is not None else ProcessPoolExecutor(max_workers=workers)
    try:
        with out.open("a", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, FIELDS)
            for result in _completed(pool, todo, variant_id, budget_seconds):
                writer.writerow(result.row())
                f.flush()
                done[result.deal] = result
                if on_result is not None:
                    on_result(result)
    finally:
        if own:
            pool.shutdown(cancel_futures=True)
    _rewrite(out, {**all_old, **done})
    return done


def _completed(
    pool: Executor, numbers: Iterable[int], variant_id: str, budget: float | None
) -> Iterator[DealResult]:
    pending: set[Future[DealResult]] = set()
    it = iter(numbers)
    window = 64
    for number in it:
        pending.add(pool.submit(decide_deal, number, variant_id, budget))
        if len(pending) >= window:
            break
    while pending:
        finished, pending = wait(pending, return_when=FIRST_COMPLETED)
        for future in finished:
            yield future.result()
            nxt = next(it, None)
            if nxt is not None:
                pending.add(pool.submit(decide_deal, nxt, variant_id, budget))


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
