"""Build the package, compiling the engine's runs of actions to C where this machine can.

Everything else about the package is declared in pyproject.toml. This file adds one optional
extension: `reference_impl/engine/runs.py` (a recorded hand replayed, a hand played out by a
policy) compiled by mypyc. The source is copied to `_runs_native.py` with the sha256 of its text
and the copy is compiled; `reference_impl/engine/fast.py` loads the compiled copy only while
runs.py still reads as it was compiled from, so a checkout edited after its install runs its
own source, never a stale build. Where mypyc or a C compiler is missing, or the build fails,
the package is built without the extension and the engine runs runs.py as Python: the same
actions, the same results, at the interpreter's speed.

Set EUCHRE_SPEC_PURE=1 to build without it.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ENGINE = Path("reference_impl") / "engine"
SOURCE = ENGINE / "runs.py"
TWIN = ENGINE / "_runs_native.py"
BUILDS = {"bdist_wheel", "build", "build_ext", "editable_wheel", "develop", "install"}
"""The commands that build code: an sdist, or the metadata pip asks for first, never compiles."""


class OptionalBuildExt(build_ext):
    """Build the extension if the compiler can; else say so and go on, the package then pure Python."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as failure:  # any failure of an optional build leaves the pure package
            _skip(f"the C compiler failed ({failure})")

    def build_extension(self, ext: Any) -> None:
        try:
            super().build_extension(ext)
        except Exception as failure:
            _skip(f"{ext.name} did not compile ({failure})")


def _skip(reason: str) -> None:
    print(f"euchre-spec: building without the compiled engine runs: {reason}", file=sys.stderr)


def _extensions() -> list[Any]:
    if os.environ.get("EUCHRE_SPEC_PURE") == "1" or not BUILDS & set(sys.argv[1:]):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _skip("mypyc is not installed")
        return []
    text = SOURCE.read_text(encoding="utf-8")
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    TWIN.write_text(f'{text}\n\nSOURCE_SHA256 = "{digest}"\n"""The sha256 of the runs.py this was compiled from."""\n')
    try:
        return list(mypycify([str(TWIN)], opt_level="3"))
    except BaseException as failure:  # mypy exits with SystemExit on a type error
        _skip(f"mypyc could not compile {SOURCE} ({failure!r})")
        return []
    finally:
        TWIN.unlink()


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
