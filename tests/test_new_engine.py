"""`euchre-spec new-engine` writes a skeleton that works as written, named as asked, and never over someone's files.

The skeletons are the engines of engines/: the Python one is run here on the whole suite from the
checkout (the JavaScript one by tests/test_javascript_engine.py); tests/test_installed_package.py
runs both again as the installed command writes them.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conformance.commands.new_engine import SKELETONS
from conformance.engines.process import EngineProcess
from conformance.running.runner import run_suite
from conformance.suite.scenarios import suite
from tests import ROOT
from tests.cli_helpers import run_cli

PYTHON_PASSES = 116
"""The plain north-american scenarios the Python skeleton passes (those checking only optional fields it does not
report are skipped): fewer is a regression."""


def hello(command: list[str]) -> dict[str, object]:
    messages = json.dumps({"type": "hello", "protocol": 1}) + "\n" + json.dumps({"type": "bye"}) + "\n"
    completed = subprocess.run(command, input=messages, capture_output=True, text=True, timeout=60, check=True)
    reply: dict[str, object] = json.loads(completed.stdout.splitlines()[0])
    return reply


def test_each_skeleton_names_itself_where_new_engine_renames_it() -> None:
    for skeleton in SKELETONS.values():
        text = (ROOT / "engines" / skeleton.folder / skeleton.name_file).read_text(encoding="utf-8")
        assert text.count(json.dumps(skeleton.name)) == 1, skeleton.language
        assert (ROOT / "engines" / skeleton.folder / skeleton.entry).is_file()
        assert (ROOT / "engines" / skeleton.folder / "README.md").is_file()


def test_the_python_skeleton_passes_every_scenario_it_declares() -> None:
    result = run_suite(EngineProcess([sys.executable, str(ROOT / "engines" / "python" / "engine.py")], timeout=30), suite())
    assert result.count("pass") >= PYTHON_PASSES
    unexpected = [f"{o.scenario.id}: {o.status}: {o.message}" for o in result.outcomes if o.status in ("fail", "error", "crash")]
    assert unexpected == []
    assert {o.scenario.variant for o in result.outcomes if o.status == "pass"} == {"north-american"}


@pytest.mark.parametrize("language", sorted(SKELETONS))
def test_new_engine_writes_the_skeleton_named_after_its_folder(tmp_path: Path, language: str) -> None:
    skeleton = SKELETONS[language]
    written = run_cli("new-engine", str(tmp_path / "table-engine"), "--language", language)
    assert written.returncode == 0, written.stderr
    assert "euchre-spec conform --engine" in written.stdout
    source = ROOT / "engines" / skeleton.folder
    expected = {p.relative_to(source).as_posix() for p in source.rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    copied = {p.relative_to(tmp_path / "table-engine").as_posix() for p in (tmp_path / "table-engine").rglob("*") if p.is_file()}
    assert copied == expected
    named = (tmp_path / "table-engine" / skeleton.name_file).read_text(encoding="utf-8")
    assert '"table-engine"' in named and json.dumps(skeleton.name) not in named


def test_the_name_given_is_the_name_in_the_handshake(tmp_path: Path) -> None:
    written = run_cli("new-engine", str(tmp_path / "mine"), "--language", "python", "--name", 'Our "club" engine')
    assert written.returncode == 0, written.stderr
    assert hello([sys.executable, str(tmp_path / "mine" / "engine.py")])["name"] == 'Our "club" engine'


def test_new_engine_writes_only_into_a_new_or_empty_folder(tmp_path: Path) -> None:
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "engine.py").write_text("# someone's own engine\n", encoding="utf-8")
    refused = run_cli("new-engine", str(tmp_path / "busy"), "--language", "python")
    assert refused.returncode == 2
    busy = tmp_path / "busy"
    assert refused.stderr == f"error: {busy} is not an empty folder: new-engine writes only into a new or empty one\n"
    assert (tmp_path / "busy" / "engine.py").read_text(encoding="utf-8") == "# someone's own engine\n"
    (tmp_path / "file").write_text("x", encoding="utf-8")
    assert run_cli("new-engine", str(tmp_path / "file"), "--language", "javascript").returncode == 2
    (tmp_path / "empty").mkdir()
    assert run_cli("new-engine", str(tmp_path / "empty"), "--language", "python").returncode == 0
    unknown = run_cli("new-engine", str(tmp_path / "other"), "--language", "rust")
    assert unknown.returncode == 2 and "invalid choice: 'rust'" in unknown.stderr
