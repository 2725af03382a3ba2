"""Invalid spec files, each with the exact errors `euchre-spec validate` must print for it.

A case is a YAML file under tests/invalid/, or a folder there whose files are validated together
(an extends cycle needs two files). The leading comments of a case's file(s) give the expected
errors, one per line, exactly as the CLI prints them:

    # expect: tests/invalid/deck-too-small.yaml:7: the deck has 9 cards but ... (/deck)

A case that shows a loader bug also has an `# xfail: <reason>` line. Its expect lines say what the
loader *should* print; the test is a strict xfail, so it starts failing (and must be unmarked)
once the bug is fixed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from ruleset.validation import validate_paths
from tests.cli_helpers import run_cli

ROOT = Path(__file__).resolve().parent.parent
INVALID = ROOT / "tests" / "invalid"

EXPECT = "# expect: "
XFAIL = "# xfail: "
ERROR_LINE = re.compile(r"^\S+?(?::\d+)?: .+ \((?:/[^)]*)\)$")

# Cases also run through the command line, to check the exit code and what goes to stderr.
CLI_CASES = (
    "yaml-syntax-error",
    "empty",
    "unknown-field-nested",
    "deck-too-small",
    "extends-cycle",
    "house-rule-requires-cycle",
    "house-rule-breaks-scoring",
)


@dataclass(frozen=True)
class Case:
    name: str
    path: Path
    expected: tuple[str, ...]
    xfail: str | None


def _header(path: Path) -> list[str]:
    """The leading comment lines of a file (blank lines allowed among them)."""
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            lines.append(line)
        elif line.strip():
            break
    return lines


def _case(path: Path) -> Case:
    files = sorted(path.rglob("*.yaml")) if path.is_dir() else [path]
    expected: list[str] = []
    reasons: list[str] = []
    for file in files:
        for line in _header(file):
            if line.startswith(EXPECT):
                expected.append(line[len(EXPECT) :])
            elif line.startswith(XFAIL):
                reasons.append(line[len(XFAIL) :])
    return Case(path.stem if path.is_file() else path.name, path, tuple(sorted(expected)), " ".join(reasons) or None)


def _cases() -> list[Case]:
    return [_case(p) for p in sorted(INVALID.iterdir()) if p.is_dir() or p.suffix == ".yaml"]


CASES = _cases()


def _params(cases: list[Case]) -> list[object]:
    return [
        pytest.param(case, id=case.name, marks=[pytest.mark.xfail(strict=True, reason=case.xfail)] if case.xfail else [])
        for case in cases
    ]


@pytest.mark.parametrize("case", _params(CASES))
def test_validate_paths(case: Case) -> None:
    report = validate_paths([case.path])
    assert sorted(str(error) for error in report.errors) == list(case.expected)


@pytest.mark.parametrize("case", _params([c for c in CASES if c.name in CLI_CASES]))
def test_cli(case: Case) -> None:
    result = run_cli("validate", str(case.path.relative_to(ROOT)))
    assert result.returncode == 1
    assert sorted(result.stderr.splitlines()) == list(case.expected)
    assert result.stdout.strip().endswith(f"checked: {len(case.expected)} error(s)")


def test_cli_never_prints_a_traceback() -> None:
    result = run_cli("validate", "tests/invalid/null-row-in-base-variant.yaml")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert sorted(result.stderr.splitlines()) == list(_case(INVALID / "null-row-in-base-variant.yaml").expected)


def test_every_case_is_collected() -> None:
    assert set(CLI_CASES) <= {case.name for case in CASES}
    assert len(CASES) >= 25


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_case_is_well_formed(case: Case) -> None:
    """Every case expects at least one error, each written as the CLI prints it."""
    assert case.expected, f"{case.path}: no '{EXPECT.strip()}' lines"
    for line in case.expected:
        assert ERROR_LINE.match(line), line
    assert len(set(case.expected)) == len(case.expected), "an expected error is listed twice"


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_ids_match_file_names(case: Case) -> None:
    """A case fails only for the reason it is about: its ids match its file names unless that is the point."""
    if any("must match the file name" in line for line in case.expected):
        return
    files = sorted(case.path.rglob("*.yaml")) if case.path.is_dir() else [case.path]
    for file in files:
        found = re.search(r"^id: *(\S+)", file.read_text(encoding="utf-8"), re.MULTILINE)
        if found:
            assert found.group(1).strip("\"'") == file.stem, file
