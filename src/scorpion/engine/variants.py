"""Variants of Scorpion (V1, V2): small sets of parameters over one set of rules.

A :class:`Variant` names only what it changes: how many columns start with face-down
cards, what an empty column accepts, and whether the stock may be dealt while a column is
empty. The rules themselves live once, in :mod:`scorpion.engine.position`.

Variants are singletons compared by identity (fast to hash inside positions); pickling
one gives back the registered instance, so positions survive a process pool.

On PySolFC's names: every variant here uses the same shuffle, so deal N puts the same
cards in the same places in all of them (R5); only which cards start face down differs.
PySolFC's own "Wasp" deals face down on the first three columns, which is what this
project calls Wasp II; this project's Wasp keeps Scorpion's four face-down columns, as the
specification (V2) defines it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, eq=False)
class Variant:
    """One variant of Scorpion.

    Attributes:
        id: stable identifier used in notation, URLs, saved games and statistics.
        name: name shown to players.
        face_down_columns: how many columns, from column 1, start with face-down cards (R3).
        face_down_rows: how many of the first rows dealt are face down on those columns.
        empty_column_takes_any: an empty column accepts any card or group, not only a
            King-led group (Wasp's rule, replacing R9).
        strict_stock: the stock may not be dealt while a column is empty (replacing R11's
            "also when some columns are empty").
    """

    id: str
    name: str
    face_down_columns: int = 4
    face_down_rows: int = 3
    empty_column_takes_any: bool = False
    strict_stock: bool = False

    def __repr__(self) -> str:
        return f"<Variant {self.id}>"

    def __lt__(self, other: Variant) -> bool:
        return self.id < other.id

    def __reduce__(self) -> Any:
        if VARIANTS.get(self.id) is self:
            return (variant_by_id, (self.id,))
        return super().__reduce__()


SCORPION = Variant("scorpion", "Scorpion")
SCORPION_II = Variant("scorpion-ii", "Scorpion II", face_down_columns=3)
WASP = Variant("wasp", "Wasp", empty_column_takes_any=True)
WASP_II = Variant("wasp-ii", "Wasp II", face_down_columns=3, empty_column_takes_any=True)
SCORPION_STRICT = Variant("scorpion-strict", "Scorpion, strict stock", strict_stock=True)

VARIANTS: dict[str, Variant] = {
    v.id: v for v in (SCORPION, SCORPION_II, WASP, WASP_II, SCORPION_STRICT)
}
"""The registered variants by id, Scorpion first."""


class UnknownVariantError(ValueError):
    """Raised for a variant id that is not registered."""


def variant_by_id(variant_id: str) -> Variant:
    """Return the registered variant with id ``variant_id``.

    Raises:
        UnknownVariantError: naming the id and the known ids.
    """
    try:
        return VARIANTS[variant_id]
    except KeyError:
        known = ", ".join(VARIANTS)
        raise UnknownVariantError(
            f"unknown variant {variant_id!r} (known variants: {known})"
        ) from None
