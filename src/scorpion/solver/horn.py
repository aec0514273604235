"""Horn clauses over numbered events, and the least set of possible events: the common
part of the lost-position tests of the family's games (:mod:`scorpion.solver.colour_proof`,
:mod:`scorpion.solver.cell_proof`, :mod:`scorpion.solver.refill_proof`).

Each of those tests lists events that a winning line must contain and, for each event,
lists of events of which at least one must come before it (its *clauses*). An event is
*possible* if each of its clauses has a possible event in it; the least such set is found
by propagation as in unit resolution over Horn clauses (W. F. Dowling and J. H. Gallier,
"Linear-time algorithms for testing the satisfiability of propositional Horn formulae",
J. Logic Programming 1 (1984) 267-284). Scorpion's own test (:mod:`scorpion.solver.proof`)
keeps a store of its own: its clauses of order are added and taken back per order tried.
"""

from __future__ import annotations

from typing import Final

NOWHERE: Final = -1
"""In :func:`locate`'s ``where``: a card in no column."""


class Clauses:
    """A set of clauses "one of these events comes before that one", over the events
    ``0 .. events - 1`` (ints), and the events they leave possible.

    Args:
        events: how many events there are.
    """

    def __init__(self, events: int) -> None:
        # The clauses, threaded through flat arrays: clause n is of event ``owner[n]``;
        # ``head[e]`` is the first entry of the clauses that list event e, ``link`` the next
        # entry, ``told`` the clause of each entry; ``open_clauses[e]`` counts e's clauses
        # with no possible event yet.
        self.owner: list[int] = []
        self.head: list[int] = [-1] * events
        self.link: list[int] = []
        self.told: list[int] = []
        self.open_clauses: list[int] = [0] * events

    def add(self, event: int, before: list[int]) -> None:
        """Add the clause "one of ``before`` comes before ``event``" (an empty ``before``:
        ``event`` is never possible).

        Raises:
            IndexError: an event is not below ``events``.
        """
        n = len(self.owner)
        self.open_clauses[event] += 1
        self.owner.append(event)
        for e in before:
            self.link.append(self.head[e])
            self.head[e] = len(self.told)
            self.told.append(n)

    def possible(self) -> list[bool]:
        """The possible events (``possible[e]`` for event ``e``): the least set in which
        each event has a possible event in each of its clauses, by unit propagation.
        Asked once: it uses up the count of open clauses."""
        open_clauses = self.open_clauses
        head, link, told, owner = self.head, self.link, self.told, self.owner
        possible = [False] * len(open_clauses)
        queue = [e for e in range(len(open_clauses)) if open_clauses[e] == 0]
        for e in queue:
            possible[e] = True
        done = [False] * len(owner)
        while queue:
            entry = head[queue.pop()]
            while entry >= 0:
                n = told[entry]
                entry = link[entry]
                if done[n]:
                    continue
                done[n] = True
                o = owner[n]
                open_clauses[o] -= 1
                if open_clauses[o] == 0:
                    possible[o] = True
                    queue.append(o)
        return possible


def locate(columns: list[list[int]]) -> tuple[list[int], list[int]]:
    """Where each card (0-51) lies in ``columns`` (lists, bottom to top): ``where[c]``, the
    index of its column or :data:`NOWHERE`, and ``height[c]``, its place in it counted from
    0 at the bottom (0 for a card in no column)."""
    where = [NOWHERE] * 52
    height = [0] * 52
    for i, column in enumerate(columns):
        for k, c in enumerate(column):
            where[c] = i
            height[c] = k
    return where, height
