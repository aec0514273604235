"""The wheel build (``hatch_build.py``): without a working C compiler the install must still
succeed, as a pure-Python wheel (README set-up command; B1 speed comes from compiling).

The compiled case is covered by ``scripts/test.sh``, which installs the package as a wheel
with a compiler at hand and sets ``SCORPION_REQUIRE_COMPILED`` (tests/solver/test_compiled.py).
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_a_wheel_built_without_a_working_c_compiler_is_pure_python(tmp_path: Path) -> None:
    env = {**os.environ, "CC": "/bin/false"}  # setuptools compiles with $CC
    env.pop("SCORPION_PURE_PYTHON", None)
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check",
         "-v", "-w", str(tmp_path), str(ROOT)],
        env=env, capture_output=True, text=True, timeout=600, check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "could not compile the solver with mypyc" in done.stdout + done.stderr
    wheels = list(tmp_path.glob("*.whl"))
    assert len(wheels) == 1
    assert wheels[0].name.startswith("scorpion_solitaire-")
    assert wheels[0].name.endswith("-py3-none-any.whl")  # no platform tag: nothing compiled
    names = zipfile.ZipFile(wheels[0]).namelist()
    assert "scorpion/solver/core.py" in names
    assert "scorpion/solver/proof.py" in names
    assert not [n for n in names if n.endswith((".so", ".pyd"))]
