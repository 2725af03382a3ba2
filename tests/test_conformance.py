"""The conformance suite itself: its data, the reference engine's compliance, reports, robustness."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from conformance.engines.in_process import InProcessEngine
from conformance.engines.process import EngineProcess
from conformance.reports.coverage import coverage
from conformance.reports.report import report_data, write_junit
from conformance.running.runner import run_suite
from conformance.suite.requests import build_request
from conformance.suite.scenarios import retired_ids, suite
from documents.schemas import registry
from tests import ROOT

SERVE = [sys.executable, "-m", "euchre_spec", "serve"]


def schema_validator(name: str) -> Draft202012Validator:
    return Draft202012Validator({"$ref": f"https://euchre-spec.org/schemas/{name}"}, registry=registry())


@pytest.fixture(scope="module")
def in_process_result():
    return run_suite(InProcessEngine(), suite())


def test_the_suite_has_at_least_250_scenarios_over_every_base_variant() -> None:
    variants = Counter(scenario.variant for scenario in suite())
    assert len(suite()) >= 250
    assert set(variants) >= {"north-american", "british", "cutthroat", "two-handed"}


def test_scenario_ids_are_unique_and_none_is_retired() -> None:
    ids = [scenario.id for scenario in suite()]
    assert len(ids) == len(set(ids))
    assert not set(ids) & set(retired_ids())


def test_the_reference_engines_run_covers_every_clause_reason_code_and_scoring_row(in_process_result) -> None:
    report = coverage(in_process_result)
    assert report.complete, "\n".join(report.lines())


def test_the_reference_engine_passes_every_scenario_in_process(in_process_result) -> None:
    failures = [f"{o.scenario.id}: {o.message}" for o in in_process_result.outcomes if o.status != "pass"]
    assert not failures, "\n".join(failures)


def test_the_reference_engine_passes_every_scenario_over_the_protocol() -> None:
    result = run_suite(EngineProcess(SERVE, timeout=30), suite())
    failures = [f"{o.scenario.id}: {o.status} {o.message}" for o in result.outcomes if o.status != "pass"]
    assert not failures, "\n".join(failures)
    assert result.restarts == 0


def test_reports_follow_their_schema_and_junit_parses(in_process_result, tmp_path: Path) -> None:
    report = report_data(in_process_result, "reference (in process)")
    errors = list(schema_validator("report.schema.json").iter_errors(json.loads(json.dumps(report))))
    assert not errors, errors[0].message
    write_junit(report, tmp_path / "junit.xml")
    root = ET.parse(tmp_path / "junit.xml").getroot()
    assert sum(int(suite.get("tests", 0)) for suite in root) == len(suite())
    assert report["summary"]["must"]["passed"] == report["summary"]["must"]["applicable"]


def test_every_request_follows_the_protocol_schema() -> None:
    validator = schema_validator("protocol.schema.json#/$defs/run")
    for seq, scenario in enumerate(suite()):
        errors = list(validator.iter_errors(build_request(scenario, seq)))
        assert not errors, f"{scenario.id}: {errors[0].message}"


def test_a_crashing_hanging_or_garbling_engine_still_yields_a_complete_report(tmp_path: Path) -> None:
    chosen = [s for s in suite() if s.variant == "north-american"][:8]
    crash, hang, garbage = chosen[1].id, chosen[3].id, chosen[5].id
    command = [sys.executable, str(ROOT / "tests" / "engines" / "flaky_engine.py")]
    env = {**os.environ, "FLAKY_CRASH": crash, "FLAKY_HANG": hang, "FLAKY_GARBAGE": garbage}
    engine = EngineProcess(command, timeout=6, stderr_log=tmp_path / "stderr.log", env=env)
    result = run_suite(engine, chosen)
    statuses = {o.scenario.id: o.status for o in result.outcomes}
    assert statuses[crash] == "crash"
    assert statuses[hang] == "timeout"
    assert statuses[garbage] == "error"
    assert [o.status for o in result.outcomes].count("pass") == len(chosen) - 3
    assert result.restarts == 3
    assert "flaky engine got" in (tmp_path / "stderr.log").read_text()


def test_expected_failures_turn_into_xfail_and_a_passing_one_is_flagged() -> None:
    chosen = list(suite()[:3])

    class Broken(InProcessEngine):
        def request(self, message):
            return {"type": "error", "seq": message["seq"], "message": "not implemented"}

    broken = run_suite(Broken(), chosen, lambda hello: {chosen[0].id: "known gap"})
    assert [o.status for o in broken.outcomes] == ["xfail", "error", "error"]
    plain = run_suite(InProcessEngine(), chosen, lambda hello: {chosen[0].id: "listed by mistake"})
    assert [o.status for o in plain.outcomes] == ["xpass", "pass", "pass"]


def test_unsupported_variants_are_skipped_never_sent() -> None:
    class OnlyNorthAmerican(InProcessEngine):
        def __init__(self) -> None:
            super().__init__()
            self.sent: list[str] = []

        def start(self):
            hello = super().start()
            return {**hello, "variants": ["north-american"], "house_rules": []}

        def request(self, message):
            if "scenario" in message:
                self.sent.append(message["scenario"])
            return super().request(message)

    engine = OnlyNorthAmerican()
    result = run_suite(engine, suite())
    skipped = [o for o in result.outcomes if o.status == "skipped"]
    assert skipped and all(o.scenario.variant != "north-american" or o.scenario.house_rules for o in skipped)
    assert not {o.scenario.id for o in skipped} & set(engine.sent)
    _, applicable = result.compliance("must")
    assert applicable < len([s for s in suite() if s.level == "must"])


def test_conform_command_prints_full_compliance_and_writes_reports(tmp_path: Path) -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "euchre_spec", "conform", "--engine", "reference", "--report-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "= 100.0%" in completed.stdout
    assert (tmp_path / "reference" / "report.json").exists()
    assert (tmp_path / "reference" / "junit.xml").exists()


def test_export_bundle_holds_every_scenario(tmp_path: Path) -> None:
    out = tmp_path / "bundle.json"
    subprocess.run(
        [sys.executable, "-m", "euchre_spec", "scenarios", "export", "-o", str(out)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    bundle = json.loads(out.read_text())
    assert [entry["scenario"]["id"] for entry in bundle["scenarios"]] == [s.id for s in suite()]


def test_list_filters_by_variant_clause_and_level() -> None:
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "euchre_spec",
            "scenarios",
            "list",
            "--variant",
            "cutthroat",
            "--clause",
            "cutthroat.score.euchred",
            "--level",
            "must",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    lines = completed.stdout.strip().splitlines()
    expected = [s for s in suite() if s.variant == "cutthroat" and "cutthroat.score.euchred" in s.clauses and s.level == "must"]
    assert len(lines) == len(expected) > 0


def test_pytest_plugin_runs_each_scenario_as_a_test(tmp_path: Path) -> None:
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--euchre-engine",
            "reference",
            "--euchre-variant",
            "two-handed",
            "-q",
            "-p",
            "no:cacheprovider",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    count = sum(1 for s in suite() if s.variant == "two-handed")
    assert completed.returncode == 0, completed.stdout[-2000:]
    assert f"{count} passed" in completed.stdout


def test_scenario_titles_state_facts_and_are_unique_within_a_variant() -> None:
    """Titles say what holds, not what a test does (no 'should', no 'test that'), and tell scenarios apart."""
    import re

    seen: dict[tuple[str, str], str] = {}
    for scenario in suite():
        assert not re.search(r"\b(should|tests? that)\b", scenario.title, re.IGNORECASE), scenario.id
        key = (scenario.variant, scenario.title)
        assert key not in seen, f"{scenario.id} has the same title as {seen.get(key)}"
        seen[key] = scenario.id
