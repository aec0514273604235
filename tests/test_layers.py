"""The package's layers: each imports only the ones below it (engine < solver < advisor <
store < web and cli), so that the engine stays pure and nothing below the web and the
command line depends on them. Imports inside functions and under ``TYPE_CHECKING`` count
too."""

from __future__ import annotations

import ast
from pathlib import Path

import scorpion

PACKAGE = Path(scorpion.__file__).parent

RANKS = {
    "engine": 0,
    "solver": 1,
    "advisor": 2,
    "store": 3,
    "plots": 3,  # the survey plots, beside the store: read by the command line
    "web": 4,
    "cli": 5,  # `scorpion serve` starts the web server
    "__main__": 6,  # `python -m scorpion` runs the command line
}
"""The rank of each top-level module or subpackage; a module may import modules of its
own part and of parts of a lower rank. The package's own ``__init__`` (part "") stands
just above the engine and below the rest: importing ``scorpion.engine`` runs it first, so it
may import the engine and nothing else."""


def part(module: str) -> str:
    """The top-level part of a dotted module name of the package ("" for the root)."""
    parts = module.split(".")
    assert parts[0] == "scorpion", module
    return parts[1] if len(parts) > 1 else ""


def rank(name: str) -> float:
    return 0.5 if name == "" else RANKS[name]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(source: str, name: str, is_package: bool = False) -> list[tuple[int, str]]:
    """(line, module) of every import of the package's own modules in ``source``, the text
    of module ``name`` (a package's ``__init__`` if ``is_package``)."""
    package = name if is_package else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names
                      if a.name.split(".")[0] == "scorpion"]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            if target.split(".")[0] != "scorpion":
                continue
            if target.count(".") == 0:  # `from scorpion import engine`, `from .. import web`
                found += [(node.lineno, f"{target}.{a.name}" if a.name in RANKS else target)
                          for a in node.names]
            else:
                found.append((node.lineno, target))
    return found


def breaks(source: str, name: str, is_package: bool = False) -> list[str]:
    """The imports in ``source`` (module ``name``) of a layer not below its own."""
    here = part(name)
    return [
        f"{name}:{line} imports {target}"
        for line, target in imported(source, name, is_package)
        if part(target) != here and rank(part(target)) >= rank(here)
    ]


def sources() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "migrations" not in p.parts)


def test_every_module_has_a_layer() -> None:
    names = {part(module_name(p)) for p in sources()}
    assert names - {""} <= set(RANKS), names - set(RANKS)
    assert {"engine", "solver", "advisor", "store", "web", "cli"} <= names


def test_each_layer_imports_only_the_layers_below_it() -> None:
    broken = []
    for path in sources():
        broken += breaks(path.read_text(encoding="utf-8"), module_name(path),
                         path.name == "__init__.py")
    assert not broken, "\n".join(broken)


def test_the_check_sees_imports_of_every_kind() -> None:
    """Absolute, relative, package-relative, in-function and ``TYPE_CHECKING`` imports of a
    higher layer are each caught (else the test above could pass on a misread module)."""
    cases = {
        "import scorpion.web.app": "scorpion.web.app",
        "from scorpion.store import Database": "scorpion.store",
        "from scorpion import advisor": "scorpion.advisor",
        "from ..solver.search import solve": "scorpion.solver.search",
        "from .. import cli": "scorpion.cli",
        "def f():\n    from ..web import words": "scorpion.web",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..advisor import x":
            "scorpion.advisor",
    }
    for source, target in cases.items():
        assert [t for _, t in imported(source, "scorpion.engine.cards")] == [target], source
        assert breaks(source, "scorpion.engine.cards"), source
    # Within a layer, and downwards, all is well; a package's __init__ resolves from itself.
    assert not breaks("from .cards import Card\nfrom ..engine import deal", "scorpion.engine.game")
    assert not breaks("from .search import solve\nfrom ..engine import deal",
                      "scorpion.solver", is_package=True)
    assert breaks("from ..web import app", "scorpion.store", is_package=True)
    assert not breaks("from .web.server import run", "scorpion.cli")
    assert breaks("from .cli import main", "scorpion.web.app") == []  # relative to web: web.cli
    assert breaks("from ..cli import main", "scorpion.web.app")
    assert not breaks("from .engine import Card", "scorpion", is_package=True)
    assert breaks("from .solver import solve", "scorpion", is_package=True)
    assert breaks("from scorpion import Card", "scorpion.engine.cards")
