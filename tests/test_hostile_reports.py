"""A run's reports are one set: nothing a run does, or fails to do, leaves one run's file beside another's.

Each case is a way the set could come apart. A run killed with SIGKILL (which nothing can catch)
while the engine hangs must leave the last run's set whole, and only a private folder of its
own, which the next run removes. A run whose writing fails half-way changes nothing. A second
run into a folder another run is writing refuses and says so, instead of both exiting 0 with one
report lost. A folder that holds a user's own files is never replaced. The engines are those of
tests/hostile/engines/.
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from euchre_spec.cli import main
from tests import ROOT
from tests.hostile_helpers import HOSTILE, assert_no_traceback, still_running

ENGINE = f"{sys.executable} {HOSTILE / 'engines' / 'hangs.py'}"
IDS = ["--id", "na-alone-001", "--id", "na-alone-002"]
SET = ["badges", "engine-stderr.log", "junit.xml", "report.json"]


def _conform(where: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """An honest run of the engine (it hangs on no scenario), in this process."""
    code = main(["conform", "--engine", ENGINE, *IDS, "--timeout", "5", *where, "--quiet"])
    out, err = capsys.readouterr()
    assert_no_traceback(out, err)
    return code, err


def _contents(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def _hanging_run(where: list[str], mark: Path) -> subprocess.Popen[bytes]:
    """A run as a process of its own, once its engine hangs on its second scenario (its engine says so on
    standard error, which the run keeps)."""
    env = dict(os.environ, HOSTILE_ON="na-alone-002", HOSTILE_HANGING=str(mark), PYTHONPATH=str(ROOT), HOSTILE_SAY="the run")
    command = [sys.executable, "-m", "euchre_spec", "conform", "--engine", ENGINE, *IDS, "--timeout", "60", *where]
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 60
    while not mark.exists():
        assert process.poll() is None and time.monotonic() < deadline, "the run ended before its engine hung"
        time.sleep(0.05)
    return process


@pytest.fixture(autouse=True)
def _honest(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """The engine hangs on no scenario; the engine of a run killed here (which could not end it) is ended after."""
    pids = tmp_path / "pids"
    monkeypatch.setenv("PYTHONPATH", str(HOSTILE / "engines"))
    monkeypatch.setenv("HOSTILE_ON", "no-scenario")
    monkeypatch.setenv("HOSTILE_PIDS", str(pids))
    monkeypatch.setenv("HOSTILE_SAY", "a finished run")
    yield
    for pid in still_running([int(line) for line in pids.read_text().split()] if pids.exists() else [], patience=0):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize("option", ["--report-to", "--report-dir"])
def test_a_run_killed_midway_leaves_the_last_set_whole_and_the_next_run_clears_its_leftovers(
    option: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    parent = tmp_path / "reports"
    where = [option, str(parent / "hostile" if option == "--report-to" else parent)]
    folder = parent / "hostile"
    assert _conform(where, capsys)[0] == 2  # nothing checked: a hostile engine plays no Euchre, but the set is written
    before = _contents(folder)
    assert sorted(path.name for path in folder.iterdir()) == SET

    killed = _hanging_run(where, tmp_path / "hanging")
    os.killpg(killed.pid, signal.SIGKILL)
    killed.wait()
    assert _contents(folder) == before, "a killed run changed the last run's reports"
    assert b"a finished run" in before["engine-stderr.log"]

    assert _conform(where, capsys)[0] == 2
    after = _contents(folder)
    assert sorted(path.name for path in folder.iterdir()) == SET and after["report.json"] != before["report.json"]
    assert sorted(path.name for path in parent.iterdir()) == ["hostile"], "leftovers"


def test_a_run_whose_writing_fails_halfway_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "reports" / "hostile"
    _conform(["--report-to", str(folder)], capsys)
    before = _contents(folder)

    def disk_full(report: dict[str, Any], where: Path) -> Path:
        raise OSError(errno.ENOSPC, "No space left on device", str(where / "badges" / "compliance.json"))

    monkeypatch.setattr("conformance.commands.conform.write_badges", disk_full)
    code, err = _conform(["--report-to", str(folder)], capsys)
    assert code == 1 and "compliance.json: No space left on device" in err
    assert _contents(folder) == before
    assert sorted(path.name for path in folder.parent.iterdir()) == ["hostile"]


def test_a_second_run_into_a_folder_being_written_refuses_and_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "reports" / "hostile"
    first = _hanging_run(["--report-to", str(folder)], tmp_path / "hanging")
    try:
        code, err = _conform(["--report-to", str(folder)], capsys)
    finally:
        os.killpg(first.pid, signal.SIGKILL)
        first.wait()
    assert code == 2
    assert f"error: {folder}: another run is writing its reports there" in err
    assert not folder.exists()


def test_a_folder_holding_other_files_is_never_replaced(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "notes.txt").write_text("my own notes\n", encoding="utf-8")
    code, err = _conform(["--report-to", str(folder)], capsys)
    assert code == 2
    assert f"error: {folder} holds files that are not a run's reports (notes.txt)" in err
    assert sorted(path.name for path in folder.iterdir()) == ["notes.txt"]
