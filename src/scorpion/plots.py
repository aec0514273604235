"""Pictures of survey results, drawn with matplotlib (an optional extra: ``[plot]``).

:func:`plot_blocks` draws a full-knowledge survey: the winnable share of each block of
deals with its 95% Wilson interval, and the histogram of solve times. :func:`plot_shares`
draws the win shares of a range of deals: with full knowledge (the solver, which sees every
card) and for each player who sees only the player's view, each with its 95% Wilson
interval.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path

from .advisor.survey import PLAY_FIELDS, PlayedDeal, PlaySummary
from .engine.variants import Variant
from .solver.survey import DealResult, Summary, read_rows

PLAYERS_DRAWN = ("fair", "heuristic", "random")
"""The players whose surveys are drawn, in this order."""


def survey_path(folder: Path, variant_id: str, player: str, first: int, last: int) -> Path:
    """The default CSV file of a survey (as ``scorpion survey`` names it)."""
    if player == "full":
        return folder / f"survey-{variant_id}-{first}-{last}.csv"
    return folder / f"survey-{variant_id}-{player}-{first}-{last}.csv"


def block_size(count: int) -> int:
    """The block of deals :func:`plot_blocks` uses for ``count`` deals: 100,000, or the
    largest smaller power of ten that cuts them into at least 5 blocks (at least 1)."""
    size = 100_000
    while size > 1 and count < 5 * size:
        size //= 10
    return size


def block_summaries(
    results: Mapping[int, DealResult], first: int, last: int, size: int
) -> list[tuple[int, int, Summary]]:
    """Cut deals ``first``..``last`` into blocks of ``size`` (the last may be shorter).

    Returns:
        (first deal, last deal, :class:`Summary`) of each block, in order.

    Raises:
        ValueError: if a deal of the range has no result, or ``size`` is below 1.
    """
    if size < 1:
        raise ValueError(f"a block holds at least 1 deal, not {size}")
    missing = [n for n in range(first, last + 1) if n not in results]
    if missing:
        raise ValueError(f"the survey holds {last - first + 1 - len(missing)} of the "
                         f"{last - first + 1} deals")
    return [
        (s, min(s + size - 1, last),
         Summary.of(results[n] for n in range(s, min(s + size - 1, last) + 1)))
        for s in range(first, last + 1, size)
    ]


def plot_blocks(
    variant: Variant,
    first: int,
    last: int,
    results: Mapping[int, DealResult],
    out: Path,
    block: int | None = None,
) -> None:
    """Draw a full-knowledge survey of deals ``first``..``last`` to ``out``.

    Left: the winnable share of each block of ``block`` deals (default :func:`block_size`;
    blocks start at ``first``, the last may be shorter) with its 95% Wilson interval
    (undecided deals counted both ways), and the share of the whole range. Right: the
    histogram of solve times, in seconds on a logarithmic scale.

    Args:
        variant: the variant surveyed.
        first, last: the range of deals.
        results: the survey's results by deal number (only those in the range are drawn).
        out: an ``.svg`` or ``.png`` file.
        block: deals per block.

    Raises:
        ImportError: without matplotlib.
        ValueError: if a deal of the range has no result, or ``block`` is below 1.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.fonttype"] = "none"
    size = block if block is not None else block_size(last - first + 1)
    cut = block_summaries(results, first, last, size)
    rows = [results[n] for n in range(first, last + 1)]
    whole = Summary.of(rows)
    blocks = [b for _, _, b in cut]
    centres = [(a + b) / 2 for a, b, _ in cut]
    shares = [b.won / b.total * 100 for b in blocks]
    errors = [[sh - b.low * 100 for sh, b in zip(shares, blocks, strict=True)],
              [b.high * 100 - sh for sh, b in zip(shares, blocks, strict=True)]]

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 3.8), layout="constrained")
    left.axhspan(whole.low * 100, whole.high * 100, color="#2a7ab0", alpha=0.15,
                 label=f"all {whole.total:,} deals: {whole.won / whole.total:.1%} "
                 f"({whole.low:.1%} to {whole.high:.1%})")
    left.errorbar(centres, shares, yerr=errors, fmt="o", color="#2a7ab0", capsize=3,
                  markersize=4, label=f"per block of {size:,} deals")
    left.set_xlabel("deal number")
    left.set_ylabel("winnable, per cent")
    left.set_ylim(0, max(b.high * 100 for b in blocks) * 1.3)
    left.legend(fontsize=8, loc="upper right")
    left.set_title("winnable share per block (bars: 95% Wilson intervals)", fontsize=10)

    seconds = [max(r.seconds, 1e-4) for r in rows]  # the CSV's 0.1 ms resolution
    low_exp = math.floor(math.log10(min(seconds)))
    high_exp = math.ceil(math.log10(max(seconds)))
    steps = max(1, (high_exp - low_exp) * 5)
    bins = [10 ** (low_exp + i * (high_exp - low_exp) / steps) for i in range(steps + 1)]
    right.hist(seconds, bins=bins, color="#555555")
    right.set_xscale("log")
    right.set_yscale("log")
    right.set_xlabel("seconds per deal (the first bar: 0.1 ms or less)")
    right.set_ylabel("deals")
    total = sum(r.seconds for r in rows)
    right.set_title(f"solve times (total {total:,.0f} s, slowest {max(seconds):.1f} s)",
                    fontsize=10)
    budgets = sorted({r.budget for r in rows})
    fig.suptitle(f"{variant.name} deals {first:,}..{last:,}, solved with full knowledge "
                 f"(budget per deal: {'; '.join(budgets)})")
    fig.savefig(out, metadata={"Date": None} if out.suffix.lower() == ".svg" else None)
    plt.close(fig)


def plot_shares(
    variant: Variant,
    first: int,
    last: int,
    out: Path,
    folder: Path = Path(),
    surveys: Mapping[str, Path] | None = None,
) -> None:
    """Draw the win shares of deals ``first``..``last`` of ``variant`` to ``out``.

    Reads every player survey of that range found in ``folder`` under its default name
    (:func:`survey_path`), or where ``surveys`` says; the full-knowledge share comes from
    the first of them (each records the solver's verdict of every deal). Left: the share
    of all the deals won; right: the share of the full-knowledge winnable deals won.

    Args:
        variant: the variant surveyed.
        first, last: the range of deals.
        out: an ``.svg`` or ``.png`` file.
        folder: where the survey files are.
        surveys: the file of a player's survey (``{"fair": Path("mine.csv")}``) where it
            is not under its default name (``scorpion survey --out``).

    Raises:
        ImportError: without matplotlib.
        ValueError: when no player survey of the range is found, or one is incomplete.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.fonttype"] = "none"  # text stays text in an SVG (smaller, greppable)

    summaries: list[PlaySummary] = []
    for player in PLAYERS_DRAWN:
        path = (surveys or {}).get(player) or survey_path(folder, variant.id, player, first, last)
        if not path.exists():
            continue
        rows = [r for n, r in read_rows(path, PLAY_FIELDS, PlayedDeal.parse).items()
                if first <= n <= last]
        if len(rows) != last - first + 1:
            raise ValueError(f"{path} holds {len(rows)} of the {last - first + 1} deals")
        summaries.append(PlaySummary.of(player, rows))
    if not summaries:
        raise ValueError(f"no player survey of {variant.id} {first}..{last} in {folder}")

    full = summaries[0]
    labels = ["full knowledge", *(f"{s.player} player" for s in summaries)]
    shares = [full.full_share, *(s.share for s in summaries)]
    of_winnable = [s.of_winnable for s in summaries]
    colours = ["#555555", "#2a7ab0", "#e0a030", "#b04a4a"][: len(labels)]

    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.6), layout="constrained")
    _bars(left, labels, shares, colours, f"share of all {full.total} deals won")
    _bars(right, labels[1:], of_winnable, colours[1:],
          f"share of the {full.winnable + full.undecided} winnable deals won")
    fig.suptitle(f"{variant.name} deals {first}..{last}: who wins, seeing what "
                 "(bars: 95% Wilson intervals)")
    fig.savefig(out, metadata={"Date": None} if out.suffix.lower() == ".svg" else None)
    plt.close(fig)


def _bars(
    ax: object,
    labels: list[str],
    values: list[tuple[float, float, float]],
    colours: list[str],
    title: str,
) -> None:
    import matplotlib.axes

    assert isinstance(ax, matplotlib.axes.Axes)
    ys = list(range(len(labels)))[::-1]
    shares = [v[0] * 100 for v in values]
    errors = [[(v[0] - v[1]) * 100 for v in values], [(v[2] - v[0]) * 100 for v in values]]
    ax.barh(ys, shares, xerr=errors, color=colours, capsize=4)
    ax.set_yticks(ys, labels)
    ax.set_xlabel("per cent")
    ax.set_xlim(0, 100 if max(shares) > 30 else max(30.0, max(v[2] for v in values) * 110))
    ax.set_title(title, fontsize=10)
    for y, (share, _, high) in zip(ys, values, strict=True):
        ax.text(high * 100 + 1, y, f"{share:.1%}", va="center", fontsize=9)

