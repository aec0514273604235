"""Pictures of survey results, drawn with matplotlib (an optional extra: ``[plot]``).

:func:`plot_shares` draws the win shares of a range of deals: with full knowledge (the
solver, which sees every card) and for each player who sees only the player's view, each
with its 95% Wilson interval.
"""

from __future__ import annotations

from pathlib import Path

from .advisor.survey import PLAY_FIELDS, PlayedDeal, PlaySummary
from .engine.variants import Variant
from .solver.survey import read_rows

PLAYERS_DRAWN = ("fair", "heuristic", "random")
"""The players whose surveys are drawn, in this order."""


def survey_path(folder: Path, variant_id: str, player: str, first: int, last: int) -> Path:
    """The default CSV file of a survey (as ``scorpion survey`` names it)."""
    if player == "full":
        return folder / f"survey-{variant_id}-{first}-{last}.csv"
    return folder / f"survey-{variant_id}-{player}-{first}-{last}.csv"


def plot_shares(variant: Variant, first: int, last: int, out: Path, folder: Path = Path()) -> None:
    """Draw the win shares of deals ``first``..``last`` of ``variant`` to ``out``.

    Reads every player survey of that range found in ``folder`` under its default name
    (:func:`survey_path`); the full-knowledge share comes from the first of them (each
    records the solver's verdict of every deal). Left: the share of all the deals won;
    right: the share of the full-knowledge winnable deals won.

    Args:
        variant: the variant surveyed.
        first, last: the range of deals.
        out: an ``.svg`` or ``.png`` file.
        folder: where the survey files are.

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
        path = survey_path(folder, variant.id, player, first, last)
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

