"""Where the project's data lives: the spec, the schemas and the conformance suite.

The data travels inside the installed package, so `pip install euchre-spec` works from any
folder: the wheel carries `spec/` and `schemas/` under `documents/data/`, and the scenarios
and expected-failures files inside the `conformance` package; both are found with
`importlib.resources`. Any folder laid out like a checkout of the project (`spec/`, `schemas/`,
`conformance/scenarios/`, ...) can be used instead, a contributor's checkout above all: name it
with `euchre-spec --data DIR` or the environment variable `EUCHRE_SPEC_HOME`. An editable install
has no copy of its own, so it reads the checkout it was installed from.

Messages name every file by its place in that layout (`spec/variants/british.yaml`,
`conformance/scenarios/...`), whichever folder it was read from, so a report reads the same on
every machine.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

HOME_VARIABLE = "EUCHRE_SPEC_HOME"
"""The environment variable naming a folder laid out like a checkout, to read the data from."""


@dataclass(frozen=True)
class DataHome:
    """The folders the data is read from, each with the name it has in a checkout."""

    spec: Path
    schemas: Path
    scenarios: Path
    expected_failures: Path
    retired_scenarios: Path
    changelog: Path

    @classmethod
    def checkout(cls, root: Path) -> DataHome:
        """The layout of a checkout (or of any folder arranged like one) at `root`."""
        conformance = root / "conformance"
        return cls(
            root / "spec",
            root / "schemas",
            conformance / "scenarios",
            conformance / "expected-failures",
            conformance / "retired-scenarios.yaml",
            conformance / "changelog.yaml",
        )

    def names(self) -> tuple[tuple[Path, str], ...]:
        """Each folder with its checkout name, deepest first so the most specific one matches."""
        return (
            (self.retired_scenarios, "conformance/retired-scenarios.yaml"),
            (self.changelog, "conformance/changelog.yaml"),
            (self.expected_failures, "conformance/expected-failures"),
            (self.scenarios, "conformance/scenarios"),
            (self.schemas, "schemas"),
            (self.spec, "spec"),
        )


def _installed() -> DataHome | None:
    """The copy inside an installed (non-editable) package, if there is one."""
    package = _as_path(resources.files("documents")) / "data"
    conformance = _as_path(resources.files("conformance"))
    if not (package / "spec").is_dir():
        return None
    return DataHome(
        package / "spec",
        package / "schemas",
        conformance / "scenarios",
        conformance / "expected-failures",
        conformance / "retired-scenarios.yaml",
        conformance / "changelog.yaml",
    )


def _as_path(traversable: object) -> Path:
    if not isinstance(traversable, Path):
        raise RuntimeError("euchre-spec reads its data as files: install it unpacked, not as a zip archive")
    return traversable


@cache
def data_home() -> DataHome:
    """Where the data is read from: EUCHRE_SPEC_HOME, else the installed copy, else the checkout."""
    chosen = os.environ.get(HOME_VARIABLE)
    if chosen:
        return DataHome.checkout(Path(chosen).expanduser().resolve())
    installed = _installed()
    if installed is not None:
        return installed
    return DataHome.checkout(_as_path(resources.files("documents")).parent)


def check_home(folder: Path) -> str | None:
    """Why `folder` cannot serve as a data home (None if it can): it must hold spec/ and schemas/."""
    missing = [name for name in ("spec", "schemas") if not (folder / name).is_dir()]
    if missing:
        return f"{folder} is not laid out like a euchre-spec checkout: it has no {' and no '.join(f'{m}/' for m in missing)}"
    return None


def display_path(path: Path) -> str:
    """A file as messages name it: its place in the data layout, else relative to the working folder."""
    try:
        resolved = path.resolve()
    except (OSError, RuntimeError):  # a symlink loop: reading the file will say so
        return str(path)
    for folder, name in data_home().names():
        try:
            inner = resolved.relative_to(folder.resolve())
        except ValueError:
            continue
        return name if not inner.parts else f"{name}/{inner.as_posix()}"
    try:
        return resolved.relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return str(path)


def engine_skeletons() -> Path:
    """The folder of the engine skeletons `euchre-spec new-engine` writes out, one folder per language.

    They travel inside the package (documents/data/engines/) and are the engines of the checkout's
    engines/ folder, which the tests run; a data folder (`--data`) holds rules, not engines, so it
    does not change where they are read from.
    """
    package = _as_path(resources.files("documents"))
    installed = package / "data" / "engines"
    return installed if installed.is_dir() else package.parent / "engines"
