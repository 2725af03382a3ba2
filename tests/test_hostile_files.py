"""Hostile input files, each run through the command line with the exact outcome it must get.

The cases are data (tests/hostile/files/cases.yaml): a spec file for `validate`, a scenario file
for `conform --scenario`, an EGN record for `audit`, a fuzzing summary for `fuzz-merge`, with the
exit code and a stable part of the message each must give. Small inputs are committed beside it;
huge or special ones (50 MB files, a FIFO, /dev/zero, symlink loops) are made at test time by the
makers below, named by `make:`.

Every case must end within the subprocess timeout, print no traceback, and keep the child's
peak memory under 200 MB; its time is recorded (tests/hostile/files/figures.json when
HOSTILE_FIGURES is set) but not asserted, since a loaded machine would make that flaky.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from documents.limits import MAX_DEPTH, MAX_EGN_DEALS, MAX_FILE_BYTES, MAX_KEY_CHARS, MAX_NUMBER_DIGITS, MAX_VALUES
from documents.yaml_loader import load_document
from tests import ROOT

HERE = ROOT / "tests" / "hostile" / "files"
TIMEOUT = 60
MEMORY_LIMIT = 200 * 1024 * 1024
COMMANDS: dict[str, list[str]] = {
    "validate": ["validate"],
    "conform": ["conform", "--engine", "reference", "--in-process", "--scenario"],
    "audit": ["audit"],
    "fuzz-merge": ["fuzz-merge", "--out", "{tmp}/merged"],
}
EGN_DEAL = json.loads((ROOT / "tests" / "egn" / "game-to-10.egn").read_text())["deals"][0]


@dataclass(frozen=True)
class Case:
    id: str
    command: str
    kind: str
    exit: int
    message: str
    file: str | None
    make: str | None


def _cases() -> list[Case]:
    document = load_document(HERE / "cases.yaml", "tests/hostile/files/cases.yaml")
    return [
        Case(item["id"], item["command"], item["class"], item["exit"], item["message"], item.get("file"), item.get("make"))
        for item in document.data["cases"]
    ]


CASES = _cases()


# --- makers: inputs too big or too odd to commit ------------------------------------------------


def _write(path: Path, text: str, repeat: str = "", times: int = 0, tail: str = "") -> Path:
    """Write `text`, then `repeat` `times` times a megabyte at a time (the test process stays small), then `tail`."""
    with path.open("w", encoding="utf-8") as file:
        file.write(text)
        chunk = 2**20 // max(len(repeat), 1)
        for start in range(0, times, chunk):
            file.write(repeat * min(chunk, times - start))
        file.write(tail)
    return path


def _unknown_fields(folder: Path, size: int, name: str = "unknown-fields.yaml") -> Path:
    """A house rule followed by `size` bytes of stray fields: the shape of a file that grew by mistake."""
    head = (HERE / "spec" / "unknown-field.yaml").read_text()
    line = "stray_field_{:08d}: some text that nobody asked for\n"
    count = size // len(line.format(0)) + 1
    with (folder / name).open("w", encoding="utf-8") as file:
        file.write(head)
        for index in range(count):
            file.write(line.format(index))
    return folder / name


def _fields(folder: Path, count: int) -> Path:
    return _write(folder / "many-fields.yaml", "".join(f"f{index}: {index}\n" for index in range(count)))


def _fifo(folder: Path, name: str = "fifo.yaml") -> Path:
    os.mkfifo(folder / name)
    return folder / name


def _loop(folder: Path, name: str = "loop.yaml") -> Path:
    (folder / name).symlink_to(folder / f"other-{name}")
    (folder / f"other-{name}").symlink_to(folder / name)
    return folder / name


def _loop_folder(folder: Path, suffix: str = ".yaml") -> Path:
    inner = folder / "with-loops"
    inner.mkdir()
    _loop(inner, f"a{suffix}")
    (inner / "parent").symlink_to(folder)
    return inner


def _dangling(folder: Path, name: str = "vanished.yaml") -> Path:
    (folder / name).symlink_to(folder / "deleted-a-moment-ago.yaml")
    return folder / name


def _folder_of(folder: Path, names: tuple[str, ...]) -> Path:
    inner = folder / "inner"
    inner.mkdir()
    for name in names:
        _write(inner / name, "not a spec file\n")
    return inner


def _deals(folder: Path, count: int, indent: int | None) -> Path:
    record = json.loads((ROOT / "tests" / "egn" / "game-to-10.egn").read_text())
    record["deals"] = [EGN_DEAL | {"dealNumber": index} for index in range(count)]
    return _write(folder / f"deals-{count}.egn", json.dumps(record, indent=indent))


def _one_line(folder: Path, size: int, suffix: str) -> Path:
    return _write(folder / f"one-line{suffix}", '{"fileType": "', "x", size, '"}')


MAKERS: dict[str, Callable[[Path], Path]] = {
    "unknown-fields-50mb": lambda d: _unknown_fields(d, 50 * 1024 * 1024),
    "unknown-fields-under-the-size-limit": lambda d: _unknown_fields(d, MAX_FILE_BYTES - 20_000),
    "one-byte-past-the-size-limit": lambda d: _write(d / "past.yaml", "", "#", MAX_FILE_BYTES, "\n"),
    "single-line-10mb": lambda d: _write(d / "line.yaml", "title: ", "x", 10 * 2**20, "\n"),
    "long-comment": lambda d: _write(d / "comment.yaml", "# ", "x", 500_000, "\n"),
    "values-past-the-limit": lambda d: _fields(d, MAX_VALUES),
    "key-100000-chars": lambda d: _write(d / "key.yaml", '"', "k", 100_000, '": 1\n'),
    "key-past-the-limit": lambda d: _write(d / "key.yaml", f'"{"k" * (MAX_KEY_CHARS + 1)}": 1\n'),
    "nested-past-the-limit": lambda d: _write(d / "deep.yaml", "a: " + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "\n"),
    "fifo": _fifo,
    "fifo-egn": lambda d: _fifo(d, "fifo.egn"),
    "dev-zero": lambda d: Path("/dev/zero"),
    "dev-null": lambda d: Path("/dev/null"),
    "symlink-loop": _loop,
    "symlink-loop-egn": lambda d: _loop(d, "loop.egn"),
    "folder-with-symlink-loops": _loop_folder,
    "vanished-file": _dangling,
    "vanished-egn": lambda d: _dangling(d, "vanished.egn"),
    "missing-file": lambda d: d / "never-written.yaml",
    "missing-egn": lambda d: d / "never-written.egn",
    "empty-folder": lambda d: _folder_of(d, ()),
    "folder-of-text-files": lambda d: _folder_of(d, ("notes.txt", "README.md")),
    "folder-named-like-a-file": lambda d: _folder_of(d, ()).rename(d / "looks-like-a-file.yaml") or d / "looks-like-a-file.yaml",
    "folder-for-egn": lambda d: _folder_of(d, ()),
    "scenario-50mb": lambda d: _write(
        d / "scenario.yaml", (HERE / "scenarios" / "unknown-field.yaml").read_text(), "#", 50 * 2**20
    ),
    "egn-30000-deals": lambda d: _deals(d, 30_000, 2),
    "egn-deals-past-the-limit": lambda d: _deals(d, MAX_EGN_DEALS + 1, None),
    "egn-single-line-10mb": lambda d: _one_line(d, 10 * 1024 * 1024, ".egn"),
    "summary-20mb": lambda d: _write(d / "summary.json", '{"format": 1, "junk": "', "x", 20 * 2**20 - 26, '"}\n'),
    "summary-values-past-the-limit": lambda d: _write(d / "summary.json", '{"format": 1, "junk": [0', ", 0", MAX_VALUES, "]}\n"),
    "fifo-summary": lambda d: _fifo(d, "summary.json"),
}


# --- running a case ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    code: int
    stdout: str
    stderr: str
    seconds: float
    peak_bytes: int


LAUNCHER = """
import os, subprocess, sys
child = subprocess.Popen(sys.argv[2:])
_, status, usage = os.wait4(child.pid, 0)
with open(sys.argv[1], "w") as out:
    out.write(str(usage.ru_maxrss))
sys.exit(os.waitstatus_to_exitcode(status))
"""
"""Runs the command and writes its peak memory (KiB). A child's peak counts the memory of the
process it was forked from, so the command is started from this small launcher, not from pytest."""


def _run(args: list[str], folder: Path) -> Outcome:
    """Run the command line as a user would, and measure its time and peak memory."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    peak = folder / "peak-kib.txt"
    command = [sys.executable, "-c", LAUNCHER, str(peak), sys.executable, "-m", "euchre_spec", *args]
    started = time.perf_counter()
    child = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        stdout, stderr = child.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        pytest.fail(f"still running after {TIMEOUT} s: {args}")
    seconds = time.perf_counter() - started
    text = (stdout.decode(errors="replace"), stderr.decode(errors="replace"))
    return Outcome(child.returncode, *text, seconds, int(peak.read_text()) * 1024)


FIGURES: dict[str, dict[str, Any]] = {}


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_hostile_file(case: Case, tmp_path: Path) -> None:
    if case.make is not None:
        path = MAKERS[case.make](tmp_path)
        shown = str(path)
    else:
        assert case.file is not None
        path = HERE / case.file
        shown = path.relative_to(ROOT).as_posix()
    outcome = _run([*(part.format(tmp=tmp_path) for part in COMMANDS[case.command]), shown], tmp_path)
    FIGURES[case.id] = {"class": case.kind, "seconds": round(outcome.seconds, 3), "peak_mb": round(outcome.peak_bytes / 2**20, 1)}
    assert "Traceback" not in outcome.stderr, outcome.stderr
    assert outcome.code == case.exit, outcome.stdout + outcome.stderr
    assert case.message.format(file=shown) in outcome.stdout + outcome.stderr
    assert outcome.peak_bytes < MEMORY_LIMIT, f"peak memory {outcome.peak_bytes / 2**20:.0f} MB"


def test_every_maker_and_file_is_used_by_a_case() -> None:
    committed = {path.relative_to(HERE).as_posix() for path in HERE.rglob("*") if path.is_file() and path.name != "cases.yaml"}
    assert committed == {case.file for case in CASES if case.file}
    assert set(MAKERS) == {case.make for case in CASES if case.make}
    assert len({case.id for case in CASES}) == len(CASES)


def teardown_module() -> None:
    target = os.environ.get("HOSTILE_FIGURES")
    if target and FIGURES:
        Path(target).write_text(json.dumps(FIGURES, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def _shape(node: yaml.Node, depth: int = 1) -> tuple[int, int, int, int]:
    """(depth, values, longest number, longest field name) of a composed YAML node."""
    if isinstance(node, yaml.ScalarNode):
        number = len(node.value) if node.tag.endswith((":int", ":float")) else 0
        return depth, 1, number, 0
    pairs = node.value if isinstance(node, yaml.MappingNode) else [(None, item) for item in node.value]
    shapes = [_shape(value, depth + 1) for _, value in pairs]
    keys = [len(key.value) for key, _ in pairs if isinstance(key, yaml.ScalarNode)]
    return (
        max([depth, *(s[0] for s in shapes)]),
        1 + sum(s[1] for s in shapes) + len(keys),
        max([0, *(s[2] for s in shapes)]),
        max([0, *keys, *(s[3] for s in shapes)]),
    )


def test_every_shipped_file_stays_far_inside_the_limits() -> None:
    """A quarter of each limit at most, so the limits never refuse a real file."""
    shipped = [*(ROOT / "spec").rglob("*.yaml"), *(ROOT / "conformance").rglob("*.yaml"), *(ROOT / "tests" / "egn").glob("*.egn")]
    assert len(shipped) > 100
    for path in shipped:
        text = path.read_text(encoding="utf-8")
        depth, values, number, key = _shape(yaml.compose(text, Loader=yaml.SafeLoader))
        assert len(text.encode()) * 4 < MAX_FILE_BYTES, path
        assert (depth * 4 < MAX_DEPTH, values * 4 < MAX_VALUES, number * 4 < MAX_NUMBER_DIGITS, key * 4 < MAX_KEY_CHARS) == (
            True,
            True,
            True,
            True,
        ), path
        if path.suffix == ".egn":
            assert len(json.loads(text)["deals"]) * 4 < MAX_EGN_DEALS, path
