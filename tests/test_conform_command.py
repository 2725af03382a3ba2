"""The conform command as a new user meets it: where reports go, runs that check nothing, misspelt ids."""

from __future__ import annotations

import json
import shlex
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from conformance.commands.conform import reference_in_process
from conformance.reports.report import report_data
from conformance.running.precheck import Precheck
from conformance.running.runner import run_suite
from conformance.running.user_files import load_user_scenarios, user_spec
from conformance.suite.scenarios import suite
from tests.cli_helpers import run_cli
from tests.test_conformance import schema_validator

ENGINE_SCRIPT = """
import json
import sys

from conformance.engines.reference import ReferenceEngine

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
    assert sorted(p.name for p in target.iterdir()) == ["badges", "engine-stderr.log", "junit.xml", "report.json"]
    assert "gamma got hello" in (target / "engine-stderr.log").read_text()


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


USER_FILES = Path(__file__).resolve().parent / "user_files"


def user_folder(tmp_path: Path) -> tuple[Path, Path]:
    """A user's own house rule and a folder of scenarios using it, outside the project."""
    rule = tmp_path / "stuck-any-suit.yaml"
    rule.write_text((USER_FILES / "stuck-any-suit.yaml").read_text())
    scenarios = tmp_path / "my-scenarios"
    scenarios.mkdir()
    (scenarios / "stuck.yaml").write_text((USER_FILES / "stuck-any-suit-scenarios.yaml").read_text())
    return rule, scenarios


def test_a_users_scenarios_run_with_their_own_house_rule_and_broken_ones_are_invalid_not_failures(tmp_path: Path) -> None:
    rule, scenarios = user_folder(tmp_path)
    target = tmp_path / "report"
    completed = run_cli(
        "conform", "--engine", "reference", "--scenario", str(scenarios), "--spec", str(rule), "--report-to", str(target)
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    report = json.loads((target / "report.json").read_text())
    statuses = {result["id"]: (result["status"], result.get("message", "")) for result in report["results"]}
    assert statuses == {
        "my-stuck-001": ("pass", ""),
        "my-stuck-002": (
            "invalid",
            "invalid scenario: the rules refuse step 2 of its own script, 1 pass: seat 1 cannot 'pass' during bid_round_one: "
            "it is another player's turn (seat 2 is to act) (not_your_turn)",
        ),
        "my-stuck-003": (
            "invalid",
            "invalid scenario: its checkpoints fail on the reference engine: after step 1 (1 pass): to_act: expected 3, got 2",
        ),
    }
    assert report["summary"]["must"] == {"passed": 1, "applicable": 1}
    assert "Invalid scenarios (not counted against the engine; fix the scenario):" in completed.stdout
    skipped = [case.find("skipped") for case in ET.parse(target / "junit.xml").iter("testcase")]
    messages = [element.get("message", "")[:8] if element is not None else None for element in skipped]
    assert messages == [None, "invalid:", "invalid:"]


def test_a_run_of_only_invalid_scenarios_checks_nothing_and_fails(tmp_path: Path) -> None:
    rule, scenarios = user_folder(tmp_path)
    completed = run_cli(
        "conform", "--engine", "reference", "--in-process", "--scenario", str(scenarios), "--spec", str(rule),
        "--id", "my-stuck-00[23]", "--report-to", str(tmp_path / "r"),
    )  # fmt: skip
    assert completed.returncode == 2
    assert "nothing was checked: none of the 2 selected scenario(s) was sent and answered (2 invalid)" in completed.stderr


def test_a_users_scenario_without_the_spec_file_it_needs_is_a_located_error(tmp_path: Path) -> None:
    _, scenarios = user_folder(tmp_path)
    completed = run_cli("scenarios", "list", "--scenario", str(scenarios))
    assert completed.returncode == 1
    first = completed.stderr.splitlines()[0]
    assert first.startswith(f"{scenarios / 'stuck.yaml'}:4: its variant and house rules do not resolve: unknown house rule")
    assert first.endswith("(/house_rules)")
    assert "Traceback" not in completed.stderr


def test_scenarios_list_shows_a_users_scenarios_only(tmp_path: Path) -> None:
    rule, scenarios = user_folder(tmp_path)
    completed = run_cli("scenarios", "list", "--scenario", str(scenarios / "stuck.yaml"), "--spec", str(rule))
    assert completed.returncode == 0, completed.stderr
    assert [line.split()[0] for line in completed.stdout.splitlines()] == ["my-stuck-001", "my-stuck-002", "my-stuck-003"]


def test_a_users_scenario_may_not_take_an_id_of_the_suite(tmp_path: Path) -> None:
    rule, scenarios = user_folder(tmp_path)
    path = scenarios / "stuck.yaml"
    path.write_text(path.read_text().replace("my-stuck-003", "na-smoke-001"))
    completed = run_cli("conform", "--engine", "reference", "--scenario", str(path), "--spec", str(rule))
    assert completed.returncode == 1
    assert completed.stderr.strip() == (
        f"{path}:38: scenario id 'na-smoke-001' is already used by the suite at "
        "conformance/scenarios/north-american/smoke.yaml:5 (/scenarios/2/id)"
    )


def test_a_users_file_is_loaded_as_strictly_as_the_suites_own(tmp_path: Path) -> None:
    rule, scenarios = user_folder(tmp_path)
    path = scenarios / "stuck.yaml"
    path.write_text(path.read_text().replace("    level: must\n", "    level: must\n    colour: blue\n", 1))
    completed = run_cli("scenarios", "list", "--scenario", str(path), "--spec", str(rule))
    assert completed.returncode == 1
    assert completed.stderr.startswith(f"{path}:10: ")
    assert "colour" in completed.stderr


def test_missing_user_files_and_empty_folders_are_named(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    completed = run_cli("scenarios", "list", "--scenario", str(tmp_path / "empty"), "--scenario", str(tmp_path / "gone.yaml"))
    assert completed.returncode == 1
    assert sorted(completed.stderr.splitlines()) == [
        f"{tmp_path / 'empty'}: the folder holds no .yaml scenario file (/)",
        f"{tmp_path / 'gone.yaml'}: no such file or folder (/)",
    ]
    completed = run_cli("conform", "--engine", "reference", "--spec", str(tmp_path / "nope.yaml"))
    assert completed.returncode == 1
    assert completed.stderr.strip() == f"{tmp_path / 'nope.yaml'}: no such file or folder (/)"


def test_a_misspelt_filter_knows_the_users_own_house_rule(tmp_path: Path) -> None:
    rule, scenarios = user_folder(tmp_path)
    completed = run_cli("scenarios", "list", "--scenario", str(scenarios), "--spec", str(rule), "--house-rule", "stuck-any-suite")
    assert completed.returncode == 2
    assert completed.stderr.strip() == "error: unknown house rule 'stuck-any-suite' (did you mean 'stuck-any-suit'?)"


def test_a_report_with_invalid_scenarios_follows_the_report_schema(tmp_path: Path) -> None:
    rule, scenarios = user_folder(tmp_path)
    spec = user_spec([rule])
    result = run_suite(reference_in_process(spec), load_user_scenarios([scenarios], spec), precheck=Precheck())
    report = report_data(result, "reference (in process)")
    assert report["summary"]["counts"]["invalid"] == 2
    assert report["by_variant"]["north-american"] == {"invalid": 2, "pass": 1}
    errors = list(schema_validator("report.schema.json").iter_errors(json.loads(json.dumps(report))))
    assert not errors, errors[0].message


def test_the_suites_own_scenarios_are_all_sound_on_the_precheck() -> None:
    check = Precheck()
    assert [scenario.id for scenario in suite()[:40] if check(scenario) is not None] == []
