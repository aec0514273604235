"""The deals a full survey proved winnable, shipped with the package (B2).

``data/winnable-VARIANT.txt`` holds one deal number a line; ``#`` starts a comment. A
comment line ``# range: FIRST..LAST`` says which deals the survey covered, and comment
lines ``# undecided: N N ...`` name the deals of it that the survey and its re-solves
left undecided: every other deal of that range not listed is proved not winnable.
``scripts/winnable_list.py`` writes such a file from the survey files.
"""

from __future__ import annotations

import functools
from importlib import resources


@functools.cache
def _read(
    variant_id: str,
) -> tuple[tuple[int, ...], tuple[int, int] | None, frozenset[int]]:
    path = resources.files("scorpion.solver") / "data" / f"winnable-{variant_id}.txt"
    if not path.is_file():
        return (), None, frozenset()
    deals: list[int] = []
    covered: tuple[int, int] | None = None
    undecided: set[int] = set()
    for line in path.read_text().splitlines():
        text, _, comment = line.partition("#")
        key, sep, value = comment.partition(":")
        if sep and key.strip() == "range":
            first, _, last = value.strip().partition("..")
            covered = (int(first), int(last))
        elif sep and key.strip() == "undecided":
            undecided.update(int(n) for n in value.split())
        if text.strip():
            deals.append(int(text))
    return tuple(deals), covered, frozenset(undecided)


def shipped_winnable_deals(variant_id: str) -> tuple[int, ...]:
    """Deal numbers the survey proved winnable, shipped with the package (may be empty).

    The file is read once per variant.
    """
    return _read(variant_id)[0]


def shipped_range(variant_id: str) -> tuple[int, int] | None:
    """The range of deals (first, last) that the shipped list covers, or None.

    A deal of that range that is not :func:`shipped_undecided` is winnable exactly when
    :func:`shipped_winnable_deals` lists it.
    """
    return _read(variant_id)[1]


def shipped_undecided(variant_id: str) -> frozenset[int]:
    """The deals of :func:`shipped_range` that the survey left undecided (often empty)."""
    return _read(variant_id)[2]


def known_winnable(variant_id: str, number: int) -> bool | None:
    """True or False when the shipped list decides deal ``number``, else None."""
    covered = shipped_range(variant_id)
    if covered is None or not covered[0] <= number <= covered[1]:
        return None
    if number in shipped_undecided(variant_id):
        return None
    return number in _winnable_set(variant_id)


@functools.cache
def _winnable_set(variant_id: str) -> frozenset[int]:
    return frozenset(shipped_winnable_deals(variant_id))
