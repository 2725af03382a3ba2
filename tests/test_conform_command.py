"""The conform command as a new user meets it: where reports go, runs that check nothing, misspelt ids."""

from __future__ import annotations

import json
import shlex
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from conformance.scenarios import suite
from tests.cli_helpers import run_cli

ENGINE_SCRIPT = """
import json
import sys

from conformance.reference_engine import ReferenceEngine

engine = ReferenceEngine()
for line in sys.stdin:
    message = json.loads(line)
    print(f"{NAME} got {message['type']}", file=sys.stderr, flush=True)
    reply = engine.handle(message)
    if reply is None:
        break
    if reply["type"] == "hello":
        reply["name"] = NAME
        reply["variants"] = VARIANTS or reply["variants"]
    print(json.dumps(reply), flush=True)
"""


def engine_script(folder: Path, file_name: str, name: str, variants: list[str] | None = None) -> str:
    """A protocol engine answering like the reference engine, under its own name and declaring `variants`."""
    path = folder / file_name
    path.write_text(f"NAME = {name!r}\nVARIANTS = {variants!r}\n" + ENGINE_SCRIPT, encoding="utf-8")
    return shlex.join([sys.executable, str(path)])


def test_two_engines_started_by_the_same_program_report_into_folders_named_by_their_handshakes(tmp_path: Path) -> None:
    reports = tmp_path / "reports"
    for file_name, name in (("a.py", "Alpha Engine 2"), ("b.py", "beta")):
        command = engine_script(tmp_path, file_name, name)
        completed = run_cli("conform", "--engine", command, "--variant", "two-handed", "--report-dir", str(reports), "--quiet")
        assert completed.returncode == 0, completed.stdout + completed.stderr
    assert sorted(p.name for p in reports.iterdir()) == ["alpha-engine-2", "beta"]
    for folder, name in (("alpha-engine-2", "Alpha Engine 2"), ("beta", "beta")):
        report = json.loads((reports / folder / "report.json").read_text())
        assert report["engine"]["name"] == name
        assert f"{name} got hello" in (reports / folder / "engine-stderr.log").read_text()
        ET.parse(reports / folder / "junit.xml")


def test_report_to_names_the_exact_folder(tmp_path: Path) -> None:
    command = engine_script(tmp_path, "engine.py", "gamma")
    target = tmp_path / "exactly-here"
    completed = run_cli("conform", "--engine", command, "--variant", "two-handed", "--report-to", str(target), "--quiet")
    assert completed.returncode == 0, completed.stderr
    assert sorted(p.name for p in target.iterdir()) == ["engine-stderr.log", "junit.xml", "report.json"]
    assert "gamma got run" in (target / "engine-stderr.log").read_text()


def test_an_engine_that_plays_none_of_the_selected_variants_fails_the_run_and_says_why(tmp_path: Path) -> None:
    command = engine_script(tmp_path, "engine.py", "only-two-handed", ["two-handed"])
    completed = run_cli("conform", "--engine", command, "--variant", "british", "--report-dir", str(tmp_path / "r"), "--quiet")
    assert completed.returncode == 2
    assert "nothing was checked: the engine declares none of the selected variants and house rules" in completed.stderr
    assert "it plays two-handed" in completed.stderr
    report = json.loads((tmp_path / "r" / "only-two-handed" / "report.json").read_text())
    assert report["summary"]["counts"]["skipped"] == sum(1 for s in suite() if s.variant == "british")


def test_a_filter_matching_nothing_fails_before_the_engine_starts(tmp_path: Path) -> None:
    completed = run_cli("conform", "--engine", "no-such-engine-program", "--id", "na-zz*", "--report-dir", str(tmp_path))
    assert completed.returncode == 2
    assert "error: no scenario of the suite matches the filters (--id na-zz*)" in completed.stderr
    assert not list(tmp_path.iterdir())


def test_a_misspelt_variant_is_refused_with_the_nearest_id() -> None:
    completed = run_cli("conform", "--engine", "reference", "--variant", "britsh")
    assert completed.returncode == 2
    assert completed.stderr.strip() == "error: unknown variant 'britsh' (did you mean 'british'?)"


def test_every_misspelt_filter_is_named_at_once_in_list_and_export() -> None:
    arguments = ("--house-rule", "stick-the-deal", "--clause", "trump.left-bower-is-trum", "--id", "na-smok-001", "--id", "na-*")
    for command in (("scenarios", "list"), ("scenarios", "export"), ("conform", "--engine", "reference")):
        completed = run_cli(*command, *arguments)
        assert completed.returncode == 2, command
        assert completed.stderr.splitlines() == [
            "error: unknown house rule 'stick-the-deal' (did you mean 'stick-the-dealer'?)",
            "error: unknown clause 'trump.left-bower-is-trum' (did you mean 'trump.left-bower-is-trump'?)",
            "error: unknown scenario id 'na-smok-001' (did you mean 'na-smoke-001'?)",
        ]


def test_an_unknown_id_far_from_every_known_one_gets_no_suggestion() -> None:
    completed = run_cli("scenarios", "list", "--variant", "pinochle")
    assert completed.returncode == 2
    assert completed.stderr.strip() == "error: unknown variant 'pinochle'"


def test_house_rule_modes_and_exact_ids_are_known() -> None:
    completed = run_cli("scenarios", "list", "--house-rule", "defend-alone=always", "--id", "na-smoke-001")
    assert completed.returncode == 2
    assert "no scenario of the suite matches the filters (--house-rule defend-alone=always --id na-smoke-001)" in completed.stderr
    assert "unknown" not in completed.stderr
