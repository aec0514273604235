"""Write the shipped winnable list of a game (``src/scorpion/solver/data/winnable-ID.txt``,
read by :mod:`scorpion.solver.winnable`) from its survey files.

Usage::

    python scripts/winnable_list.py VARIANT FIRST..LAST SURVEY.csv [RESOLVE.csv ...] > FILE

``SURVEY.csv`` must hold a row for every deal of FIRST..LAST; each ``RESOLVE.csv`` (the
undecided deals solved again with a larger budget, in the order given) may decide a deal
that the files before it left undecided. A re-solve that contradicts a verdict already
proved stops the script with an error (it would be a bug of the solver), and so does a
winning line of any file that does not win its deal of the game when replayed on the
engine (a damaged file, or an older one of another game's deals), and a file whose rows
name another game. The list names
every deal of the range that is still undecided (``# undecided:`` lines); every other deal
of the range that it does not list is proved not winnable.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

from scorpion.engine import VARIANTS
from scorpion.solver import Verdict
from scorpion.solver.survey import check_winning_lines, parse_range, read_results


def main(argv: list[str]) -> str:
    """The text of the list file for ``argv`` (see the module docstring).

    Raises:
        SystemExit: wrong arguments, a file that cannot be read or is not a survey of
            the game, a winning line that does not win, a deal missing from the survey,
            or a contradiction.
    """
    if len(argv) < 3 or argv[0] not in VARIANTS:
        raise SystemExit(__doc__)
    variant = VARIANTS[argv[0]]
    first, last = parse_range(argv[1])
    paths = [Path(a) for a in argv[2:]]
    files = {}
    for path in paths:
        try:
            results = read_results(path)
        except (OSError, ValueError) as exc:
            raise SystemExit(f"error: {exc}") from None
        games = {r.variant for r in results.values()} - {"", variant.id}
        if games:
            raise SystemExit(f"error: {path} is a survey of {', '.join(sorted(games))}, not "
                             f"{variant.id}")
        try:
            check_winning_lines(path, variant.id, results)
        except ValueError as exc:
            raise SystemExit(f"error: {exc}") from None
        files[path] = results
    survey = files[paths[0]]
    missing = [n for n in range(first, last + 1) if n not in survey]
    if missing:
        raise SystemExit(f"{paths[0]} has no row for {len(missing)} deals, from {missing[0]}")
    verdicts = {n: survey[n].verdict for n in range(first, last + 1)}
    for path in paths[1:]:
        for n, result in files[path].items():
            if n not in verdicts or result.verdict is Verdict.UNDECIDED:
                continue
            if verdicts[n] is Verdict.UNDECIDED:
                verdicts[n] = result.verdict
            elif verdicts[n] is not result.verdict:
                raise SystemExit(f"deal {n}: {path} says {result.verdict.value}, "
                                 f"an earlier file {verdicts[n].value}")
    won = [n for n, v in verdicts.items() if v is Verdict.WINNABLE]
    lost = sum(v is Verdict.NOT_WINNABLE for v in verdicts.values())
    undecided = [n for n, v in verdicts.items() if v is Verdict.UNDECIDED]
    lines = [f"# range: {first}..{last}"]
    lines += ["# undecided: " + chunk
              for chunk in textwrap.wrap(" ".join(map(str, undecided)), 76)]
    about = (
        f"{variant.name} (PySolFC {variant.pysol_id}) deals {first}..{last}: {len(won):,} "
        f"proved winnable by this package's solver (listed below), {lost:,} proved not "
        f"winnable, {len(undecided):,} undecided (on the '# undecided' lines: neither). "
        f"From the survey files {', '.join(p.name for p in paths)} (docs/win-shares.md "
        "gives their commands). New game draws from this list for \"winnable deals only\"; "
        "the tests solve a sample of them again; hints never rely on it."
    )
    lines += ["# " + line for line in textwrap.wrap(about, 88, break_on_hyphens=False)]
    lines += [str(n) for n in won]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(main(sys.argv[1:]))
