"""Every misbehaving engine of tests/hostile/engines/ gets exactly the verdict its case names.

Each case runs `euchre-spec conform` on one hostile engine, in this process (the suite is
loaded once), and checks the exit code, each scenario's outcome and message, that nothing
printed a traceback, and that no process the engine started is still running afterwards. A
hang would stop the whole test run, so a watchdog ends it with a dump of every thread instead.
"""

from __future__ import annotations

import contextlib
import faulthandler
import json
import os
import signal
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from euchre_spec.cli import main
from tests.hostile_helpers import HOSTILE, assert_no_traceback, cases, schema_validator, still_running

ENGINES = HOSTILE / "engines"
DEFAULT_IDS = ("na-alone-001", "na-alone-002")
WATCHDOG = 120.0
"""Seconds after which a case counts as hung (each case waits 1 s per reply at most)."""


def _command(case: dict[str, Any]) -> str:
    if "command" in case:
        return str(case["command"]).format(engines=ENGINES)
    return f"{sys.executable} {ENGINES / case['engine']}"


@contextlib.contextmanager
def _interrupt_when_hanging(mark: Path | None, name: str) -> Iterator[None]:
    """Within the block, send the signal to this process once the engine says it hangs on its scenario; never after
    the block, where it would interrupt whatever this process runs next (another test, or its own shutdown)."""
    if mark is None:
        yield
        return
    ended = threading.Event()

    def wait_and_signal() -> None:
        while not mark.exists():
            if ended.wait(0.02):
                return
        os.kill(os.getpid(), getattr(signal, name))

    thread = threading.Thread(target=wait_and_signal, daemon=True)
    thread.start()
    try:
        yield
    finally:
        ended.set()
        thread.join()


@pytest.mark.parametrize("case", cases("engines"))
def test_a_hostile_engine_gets_exactly_its_verdict(
    case: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pids, mark, report_dir = tmp_path / "pids", tmp_path / "hanging", tmp_path / "report"
    monkeypatch.setenv("HOSTILE_PIDS", str(pids))
    monkeypatch.setenv("PYTHONPATH", str(ENGINES))
    for key, value in case.get("env", {}).items():
        monkeypatch.setenv(key, value)
    if "interrupt" in case:
        monkeypatch.setenv("HOSTILE_HANGING", str(mark))
    ids = [argument for ident in case.get("ids", DEFAULT_IDS) for argument in ("--id", ident)]
    where = ["--report-dir", str(tmp_path / "reports")] if case.get("report_dir") else ["--report-to", str(report_dir)]
    arguments = ["conform", "--engine", _command(case), *ids, "--timeout", str(case.get("timeout", 1)), *where, "--quiet"]

    faulthandler.dump_traceback_later(WATCHDOG, exit=True, file=sys.__stderr__)
    try:
        with _interrupt_when_hanging(mark if "interrupt" in case else None, case.get("interrupt", "SIGINT")):
            code = main(arguments)
    finally:
        faulthandler.cancel_dump_traceback_later()
    out, err = capsys.readouterr()

    expect = case["expect"]
    assert_no_traceback(out, err)
    assert code == expect["exit"], err
    assert expect.get("stderr", "") in err
    noted = [int(line) for line in pids.read_text().split()] if pids.exists() else []
    assert not still_running(noted), f"left running: {still_running(noted)}"
    if case.get("report_dir"):
        folders = [path for path in (tmp_path / "reports").iterdir() if not path.name.startswith(".")]
        assert len(folders) == 1 and folders[0].name.startswith(expect["folder"]) and len(folders[0].name) <= 80, folders
        report_dir = folders[0]
    report_file = report_dir / "report.json"
    if "outcomes" not in expect:
        assert not report_file.exists(), "a run that never started wrote a report"
        return
    report = json.loads(report_file.read_text(encoding="utf-8"))
    problems = list(schema_validator("https://euchre-spec.org/schemas/report.schema.json").iter_errors(report))
    assert not problems, problems[0].message
    assert report["interrupted"] is expect.get("interrupted", False)
    got = [(result["status"], result.get("message", "")) for result in report["results"]]
    assert [status for status, _ in got] == [outcome["status"] for outcome in expect["outcomes"]], got
    for (_, message), outcome in zip(got, expect["outcomes"], strict=True):
        assert outcome.get("message", "") in message
    if "stderr_log" in case:
        log = (report_dir / "engine-stderr.log").read_bytes()
        assert len(log) <= case["stderr_log"]["at_most"]
        assert log.endswith(case["stderr_log"]["ends_with"].encode())
