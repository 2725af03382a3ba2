"""Every command line of tests/hostile/cli/cases.yaml ends as its case says, with no traceback and no hang.

A case ends with an exit code (1 a broken rule or file, 2 bad usage, 130 a signal, 141 a closed
output), a part of what it says, and no traceback on either stream. Cases about the process
itself (a closed output pipe, a signal) run as real `euchre-spec` processes with a deadline; the
others call the same `main` in this process, under a watchdog, since starting Python for each
would cost most of the run.
"""

from __future__ import annotations

import faulthandler
import io
import json
import os
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from euchre_spec.cli import main
from reference_impl.deal import deal_number
from reference_impl.engine import IllegalAction, apply, new_hand
from ruleset.compiled.loading import load_rules
from tests import ROOT
from tests.hostile_helpers import assert_no_traceback, cases

DEADLINE = 120.0
"""Seconds a case may take before it counts as hung."""

CASES = cases("cli")
Ended = tuple[int, str, str]
"""How a command ended: its exit code, standard output and standard error."""


def _arguments(case: dict[str, Any], tmp_path: Path) -> list[str]:
    places = {"tmp": tmp_path, "egn": ROOT / "tests" / "egn"}
    return [str(argument).format(**places) for argument in case["args"]]


def _write_files(case: dict[str, Any], tmp_path: Path) -> None:
    for name, content in case.get("files", {}).items():
        data = bytes.fromhex(content["hex"]) if isinstance(content, dict) else content.encode("utf-8")
        (tmp_path / name).write_bytes(data)
    for name in case.get("fifos", []):
        os.mkfifo(tmp_path / name)


def _needs_a_process(case: dict[str, Any]) -> bool:
    return bool(case.get("output_closed") or case.get("interrupt"))


def _in_process(case: dict[str, Any], tmp_path: Path) -> Ended:
    _write_files(case, tmp_path)
    out, err = io.StringIO(), io.StringIO()
    faulthandler.dump_traceback_later(DEADLINE, exit=True, file=sys.__stderr__)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main(_arguments(case, tmp_path))
            except SystemExit as exc:  # argparse's way out of a usage error
                code = exc.code if isinstance(exc.code, int) else 1
    finally:
        faulthandler.cancel_dump_traceback_later()
    return code, out.getvalue(), err.getvalue()


AT_START = """
import os, signal, sys
from euchre_spec import launch

SIGNAL = getattr(signal, sys.argv[1])

class SignalDuringImport:
    def find_spec(self, name, path=None, target=None):
        if name == "euchre_spec.cli":
            sys.meta_path.remove(self)
            os.kill(os.getpid(), SIGNAL)
        return None

sys.meta_path.insert(0, SignalDuringImport())
sys.argv = ["euchre-spec", *sys.argv[2:]]
sys.exit(launch.main())
"""
"""The command as `euchre-spec` starts it, the signal arriving while the command line is being imported."""


def _in_a_process(case: dict[str, Any], tmp_path: Path) -> Ended:
    _write_files(case, tmp_path)
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT)
    interrupt = case.get("interrupt") or {}
    command = [sys.executable, "-m", "euchre_spec", *_arguments(case, tmp_path)]
    if interrupt.get("after") == "start":
        command = [sys.executable, "-c", AT_START, interrupt["signal"], *_arguments(case, tmp_path)]
    stdout: int = subprocess.PIPE
    if case.get("output_closed"):
        reader, stdout = os.pipe()
        os.close(reader)  # the reader is gone before the command writes a byte
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=stdout, stderr=subprocess.PIPE, cwd=tmp_path, env=env, start_new_session=True
    )
    if case.get("output_closed"):
        os.close(stdout)
    first = b""
    try:
        if interrupt.get("after") in ("handshake", "output"):
            assert process.stdin is not None and process.stdout is not None
            if interrupt["after"] == "handshake":
                process.stdin.write(b'{"type": "hello", "protocol": 1}\n')
                process.stdin.flush()
            first = process.stdout.readline()
            assert first, "the command ended before it wrote a line"
            if interrupt["after"] == "handshake":
                assert json.loads(first)["type"] == "hello"
            # a terminal's Ctrl-C reaches every process of the command: its group
            os.killpg(process.pid, getattr(signal, interrupt["signal"]))
            if interrupt["after"] == "handshake":
                # serve's input stays open until it has ended: closing it at once (communicate does) races the
                # signal with the end of input, and a loaded machine may see the input end first and exit 0
                process.wait(timeout=DEADLINE)
        out, err = process.communicate(timeout=DEADLINE)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return process.returncode, (first + (out or b"")).decode("utf-8", "replace"), err.decode("utf-8", "replace")


@pytest.fixture(scope="module")
def ended(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Ended]:
    """Every case run, each in a folder of its own: the processes a few at a time, meanwhile the rest here."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        # tests started in the background inherit an ignored SIGINT, and so would every command they start: a case
        # interrupting a command must test the command, so its children get Python's own handler (reset on exec)
        signal.signal(signal.SIGINT, signal.default_int_handler)
    chosen = [param.values[0] for param in CASES]
    folders = {case["id"]: tmp_path_factory.mktemp(case["id"]) for case in chosen}
    processes = [case for case in chosen if _needs_a_process(case)]
    with ThreadPoolExecutor(max_workers=4) as pool:
        running = {case["id"]: pool.submit(_in_a_process, case, folders[case["id"]]) for case in processes}
        results = {case["id"]: _in_process(case, folders[case["id"]]) for case in chosen if not _needs_a_process(case)}
        results |= {ident: future.result() for ident, future in running.items()}
    return results


@pytest.mark.parametrize("case", CASES)
def test_a_hostile_command_line_ends_as_its_case_says(case: dict[str, Any], ended: dict[str, Ended]) -> None:
    code, out, err = ended[case["id"]]
    expect = case["expect"]
    assert_no_traceback(out, err)
    assert code == expect["exit"], err[-2000:]
    assert expect.get("stderr", "") in err
    assert expect.get("stdout", "") in out


@pytest.mark.parametrize("action", [7, None, 2.5, ["pass"], {"text": "pass"}, b"pass"], ids=repr)
def test_the_engine_refuses_an_action_that_is_not_text_as_unknown(action: Any) -> None:
    rules = load_rules("north-american")
    state = new_hand(rules, deal_number(rules, 1))
    with pytest.raises(IllegalAction) as refused:
        apply(state, action)
    assert refused.value.code == "unknown_action"
