"""The solver core compiled by mypyc (``hatch_build.py``) against its own Python source (B1).

A wheel built where a C compiler is found runs ``scorpion.solver.core``,
``scorpion.solver.proof``, ``scorpion.solver.colour_proof``, ``scorpion.solver.cell_proof``
and ``scorpion.solver.refill_proof`` compiled; the ``.py`` files beside them are the same
code. These tests load those sources as plain Python modules and check that both search
node for node alike. ``scripts/test.sh`` installs a compiler and sets
``SCORPION_REQUIRE_COMPILED``, so that there a silent fall-back to plain Python fails the
run.
"""

from __future__ import annotations

import importlib.util
import os
import random
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from scorpion import solver
from scorpion.engine import SCORPION, SCORPION_II, SCORPION_STRICT, VARIANTS, WASP, deal
from scorpion.solver import COMPILED, cell_proof, colour_proof, core, horn, proof, refill_proof

needs_compiled = pytest.mark.skipif(not COMPILED, reason="the solver core runs as plain Python")


def _plain(name: str) -> ModuleType:
    """Load ``scorpion/solver/<name>.py`` from the installed package as plain Python, with
    the clauses of ``scorpion.solver.horn`` it uses plain too."""
    source = Path(core.__file__).with_name(f"{name}.py")
    spec = importlib.util.spec_from_file_location(f"scorpion.solver._plain_{name}", source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if name != "horn":
        plain_horn = _plain("horn")
        for attribute, value in vars(module).copy().items():
            if getattr(value, "__module__", None) == horn.__name__:
                setattr(module, attribute, getattr(plain_horn, attribute))
    return module


def test_core_is_compiled_where_a_compiler_was_installed() -> None:
    if not os.environ.get("SCORPION_REQUIRE_COMPILED"):
        pytest.skip("SCORPION_REQUIRE_COMPILED is not set")
    assert COMPILED, "the wheel was built without the compiled solver core (see hatch_build.py)"
    assert not core.__file__.endswith(".py")
    assert not proof.__file__.endswith(".py")
    assert not colour_proof.__file__.endswith(".py")
    assert not cell_proof.__file__.endswith(".py")
    assert not refill_proof.__file__.endswith(".py")
    assert not horn.__file__.endswith(".py")


@needs_compiled
def test_compiled_search_equals_the_python_source_node_for_node() -> None:
    plain_proof = _plain("proof")
    plain_core = _plain("core")
    plain_core.cannot_win = plain_proof.cannot_win  # the plain core asks the plain proofs
    plain_core.colour_cannot_win = _plain("colour_proof").cannot_win
    plain_core.cell_cannot_win = _plain("cell_proof").cannot_win
    plain_core.refill_cannot_win = _plain("refill_proof").cannot_win
    assert not plain_core.COMPILED
    tail, wife = VARIANTS["scorpion-tail"], VARIANTS["farmers-wife"]
    cases = [(n, SCORPION, 20_000) for n in range(1, 41)] + [
        (n, v, 20_000) for v in (SCORPION_II, SCORPION_STRICT, WASP) for n in range(1, 11)
    ] + [(103, SCORPION, 5_000)] + [  # deal 103 needs 128,805 nodes
        (n, v, 5_000) for v in (tail, wife) for n in (1, 2, 3, 13, 27)
    ] + [(n, VARIANTS["how-they-run"], 5_000) for n in (1, 2, 38, 77)] + [
        (n, VARIANTS["chelicera"], 5_000) for n in (1, 2, 6, 12, 31)
    ]
    outcomes = set()
    for number, variant, nodes in cases:
        position = deal(number, variant)
        compiled = core.search(position, nodes, None)
        plain = plain_core.search(position, nodes, None)
        assert compiled == plain, f"deal {number} of {variant.id}"
        outcomes.add(compiled[0])
    assert outcomes == {"won", "lost", "out"}  # every way a search can end was compared


def _random_board(
    rng: random.Random, ncols: int
) -> tuple[list[list[int]], list[int], list[int]]:
    """A random board of ``ncols`` columns: 20 to 52 shuffled cards dealt at random onto
    them, some face down under each column's top; returns the columns, their face-down
    counts and the cards left over."""
    cards = list(range(52))
    rng.shuffle(cards)
    columns: list[list[int]] = [[] for _ in range(ncols)]
    dealt = rng.randint(20, 52)
    for card in cards[:dealt]:
        columns[rng.randrange(ncols)].append(card)
    face_down = [rng.randint(0, max(0, len(col) - 1)) for col in columns]
    return columns, face_down, cards[dealt:]


def _compare(
    name: str, seed: int, cases: Callable[[random.Random], list[tuple[Any, ...]]]
) -> None:
    """Ask ``cannot_win`` of the compiled module ``name`` and of its plain source the same
    questions, ``cases(rng)`` for 2,000 draws of a generator seeded ``seed``; both must
    answer alike, and both answers must be met."""
    compiled = getattr(solver, name).cannot_win
    plain = _plain(name).cannot_win
    rng = random.Random(seed)
    asked = proved = 0
    for _ in range(2_000):
        for arguments in cases(rng):
            answer = compiled(*arguments)
            assert answer == plain(*arguments), arguments
            asked += 1
            proved += answer
    assert 0 < proved < asked  # both answers were compared


@needs_compiled
def test_compiled_proof_equals_the_python_source() -> None:
    def cases(rng: random.Random) -> list[tuple[Any, ...]]:
        code = proof.board_code(*_random_board(rng, 7)[:2])
        return [(code, False), (code, True)]

    _compare("proof", 5, cases)


@needs_compiled
def test_compiled_colour_proof_equals_the_python_source() -> None:
    def cases(rng: random.Random) -> list[tuple[Any, ...]]:
        columns, face_down, rest = _random_board(rng, rng.choice((7, 10)))
        stock, reserve = (tuple(rest[:3]), []) if rng.random() < 0.5 else ((), rest[:2])
        return [(columns, face_down, stock, reserve)]

    _compare("colour_proof", 346, cases)


@needs_compiled
def test_compiled_cell_proof_equals_the_python_source() -> None:
    def cases(rng: random.Random) -> list[tuple[Any, ...]]:
        ncols, free = rng.choice(((10, 2), (7, 4)))
        columns, face_down, rest = _random_board(rng, ncols)
        return [(columns, face_down, rest[: rng.randint(0, free)], free)]

    _compare("cell_proof", 544, cases)


@needs_compiled
def test_compiled_refill_proof_equals_the_python_source() -> None:
    def cases(rng: random.Random) -> list[tuple[Any, ...]]:
        columns, _, rest = _random_board(rng, 7)
        return [(columns, tuple(rest[: rng.choice((0, 3, 6, 15))]), 3)]

    _compare("refill_proof", 344, cases)
