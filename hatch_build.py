"""Wheel build hook: compile the solver's inner loop with mypyc when the machine can.

``scorpion.solver.core`` (the search) and ``scorpion.solver.proof``,
``scorpion.solver.colour_proof``, ``scorpion.solver.cell_proof`` and
``scorpion.solver.refill_proof`` (the lost-position tests, with ``scorpion.solver.horn``, the
clauses they share) are plain, strictly typed Python.
When a wheel is built (``pip install .``) this hook compiles those modules with mypyc, the
compiler that comes with mypy, into C extensions that run the same code about twice as
fast; the ``.py`` files stay in the wheel beside them. If compiling fails (no C compiler,
no Python headers) the hook prints why and the wheel stays pure Python, which behaves the
same, only slower. Editable installs and
``SCORPION_PURE_PYTHON=1`` always give pure Python.

Our own hook rather than the ``hatch-mypyc`` plugin only for that fallback: a newcomer
without a C compiler must still be able to install and play.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

COMPILED_MODULES = (
    "scorpion/solver/core.py",
    "scorpion/solver/horn.py",
    "scorpion/solver/proof.py",
    "scorpion/solver/colour_proof.py",
    "scorpion/solver/cell_proof.py",
    "scorpion/solver/refill_proof.py",
)
"""The modules compiled, as paths under ``src``."""


class MypycBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Adds the compiled solver modules to a standard wheel, or nothing if they fail."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile in a scratch copy of the sources and add the extensions to the wheel."""
        self._scratch: str | None = None
        if self.target_name != "wheel" or version == "editable":
            return
        if os.environ.get("SCORPION_PURE_PYTHON", "").strip() not in ("", "0"):
            self.app.display_info("scorpion: SCORPION_PURE_PYTHON is set; solver stays pure Python")
            return
        self._scratch = tempfile.mkdtemp(prefix="scorpion-mypyc-")
        work = Path(self._scratch)
        try:
            shutil.copytree(Path(self.root, "src", "scorpion"), work / "scorpion")
            done = subprocess.run(
                [sys.executable, "-m", "mypyc", *COMPILED_MODULES],
                cwd=work, capture_output=True, text=True, timeout=900, check=False,
            )
        except (OSError, subprocess.TimeoutExpired) as error:
            self._fall_back([str(error)])
            return
        except BaseException:  # interrupted: leave no scratch copy behind
            self._remove_scratch()
            raise
        if done.returncode != 0:
            self._fall_back((done.stdout + done.stderr).splitlines())
            return
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        built = [
            path for path in work.rglob(f"*{suffix}")
            if path.relative_to(work).parts[0] != "build"
        ]
        for path in built:
            build_data["force_include"][str(path)] = path.relative_to(work).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        self.app.display_info(f"scorpion: solver compiled with mypyc ({len(built)} extensions)")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the scratch copy."""
        self._remove_scratch()

    def _remove_scratch(self) -> None:
        if self._scratch is not None:
            shutil.rmtree(self._scratch, ignore_errors=True)
            self._scratch = None

    def _fall_back(self, output: list[str]) -> None:
        """Say why compiling failed (the last lines of its output), and build pure Python."""
        self._remove_scratch()
        # pip's build environment makes every Python started inside it print these two
        # harmless lines; they say nothing about the failure.
        noise = ("Error in sitecustomize", "AssertionError:")
        lines = [line for line in output if line.strip() and not line.startswith(noise)]
        self.app.display_warning(
            "scorpion: could not compile the solver with mypyc; it stays pure Python "
            "(same answers, about half the speed). Why:\n  " + "\n  ".join(lines[-8:])
        )
