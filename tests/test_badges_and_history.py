"""Badges, the results log and expected failures with their engine version and bug: what conform
writes beside a report, checked against the formats they claim to follow."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conformance import SUITE_VERSION
from conformance.engines.in_process import InProcessEngine
from conformance.reports import history
from conformance.reports.badges import Share, badges, share
from conformance.reports.report import report_data
from conformance.running.runner import run_suite
from conformance.suite.expected import ExpectedFailure, load_expected_failures
from conformance.suite.scenarios import suite
from ruleset import SpecInvalid
from tests import ROOT
from tests.cli_helpers import run_cli
from tests.test_conformance import schema_validator

NAMED_COLOURS = {"brightgreen", "green", "yellowgreen", "yellow", "orange", "red", "lightgrey"}


def endpoint_problems(data: dict[str, object]) -> list[str]:
    """The rules of shields.io's endpoint badge, written out apart from our schema so each checks the other."""
    problems = []
    if data.get("schemaVersion") != 1:
        problems.append("schemaVersion is not the number 1")
    if not isinstance(data.get("label"), str):
        problems.append("label is not a string")
    if not isinstance(data.get("message"), str) or not data["message"]:
        problems.append("message is missing or empty")
    colour = data.get("color")
    if colour is not None and colour not in NAMED_COLOURS and not re.fullmatch(r"#?[0-9a-fA-F]{3}([0-9a-fA-F]{3})?", str(colour)):
        problems.append(f"color {colour!r} is neither a named colour nor hex")
    return problems


@pytest.fixture(scope="module")
def two_handed_report() -> dict[str, object]:
    chosen = [s for s in suite() if s.variant == "two-handed"]
    return report_data(run_suite(InProcessEngine(), chosen), "reference (in process)")


def test_grades_tell_85_percent_from_100_percent() -> None:
    assert Share(556, 556).color == "brightgreen"
    assert Share(85, 100).color == "yellowgreen"
    assert Share(84, 100).color == "yellow"
    assert Share(10, 100).color == "red"
    assert Share(0, 0).color == "lightgrey" and Share(0, 0).text == "nothing checked"
    assert Share(851, 1000).text == "85.1% (851/1000)"
    assert Share(3, 3).text == "100% (3/3)"


def test_conform_writes_endpoint_badges_per_engine_and_variant_and_appends_history(tmp_path: Path) -> None:
    log = tmp_path / "log" / "history.jsonl"
    for _ in range(2):
        completed = run_cli(
            "conform", "--engine", "reference", "--variant", "two-handed", "--report-to", str(tmp_path / "r"),
            "--history", str(log), "--quiet",
        )  # fmt: skip
        assert completed.returncode == 0, completed.stdout + completed.stderr
    folder = tmp_path / "r" / "badges"
    report = json.loads((tmp_path / "r" / "report.json").read_text())
    names = sorted(p.name for p in folder.glob("*.json"))
    assert names == sorted(["compliance.json", *(f"{v}.json" for v in report["engine"]["variants"])])
    for path in folder.glob("*.json"):
        data = json.loads(path.read_text())
        assert endpoint_problems(data) == [], path.name
        assert not list(schema_validator("badge.schema.json").iter_errors(data)), path.name
    total = json.loads((folder / "compliance.json").read_text())
    must = report["summary"]["must"]
    assert total["label"] == f"euchre-spec {SUITE_VERSION}"
    assert total["message"] == f"100% ({must['passed']}/{must['applicable']})" and total["color"] == "brightgreen"
    assert json.loads((folder / "british.json").read_text())["message"] == "nothing checked"  # filtered out of this run
    entries = history.load(log)
    assert len(entries) == 2
    assert entries[-1]["engine"] == {"name": report["engine"]["name"], "version": report["engine"]["version"]}
    assert entries[-1]["must"] == must and entries[-1]["suite_version"] == SUITE_VERSION


def test_a_badge_of_a_failing_variant_is_not_green(two_handed_report: dict[str, object]) -> None:
    report = json.loads(json.dumps(two_handed_report))
    first = next(r for r in report["results"] if r["level"] == "must")
    first["status"] = "fail"
    made = badges(report)
    found = share(report["results"], "two-handed")
    assert made["two-handed.json"]["message"] == found.text and found.passed == found.applicable - 1
    assert made["two-handed.json"]["color"] != "brightgreen"
    assert all(endpoint_problems(data) == [] for data in made.values())


def test_a_broken_history_line_is_reported_with_its_file_and_line(tmp_path: Path) -> None:
    log = tmp_path / "history.jsonl"
    good = {
        "format": 1, "date": "2026-01-01T00:00:00Z", "suite_version": "1.0.0", "package_version": "0.1.0",
        "engine": {"name": "x", "version": "1"}, "total": 1, "counts": {"pass": 1}, "must": {"passed": 1, "applicable": 1},
    }  # fmt: skip
    log.write_text(json.dumps(good) + "\n{not json\n" + json.dumps({**good, "total": -1}) + "\n")
    with pytest.raises(SpecInvalid) as raised:
        history.load(log)
    shown = [str(error) for error in raised.value.errors]
    assert any(":2: not valid JSON" in line for line in shown), shown
    assert any(":3:" in line and "/total" in line for line in shown), shown


def test_the_kept_results_log_follows_its_schema_and_has_every_engine_we_run() -> None:
    entries = history.load(ROOT / history.HISTORY_FILE)
    current = {e["engine"]["name"] for e in entries if e["suite_version"] == SUITE_VERSION}
    assert {"euchre-spec reference engine", "OpenSpiel Euchre"} <= current
    assert any("javascript" in name.lower() for name in current), current


def test_an_expected_failure_may_carry_the_engine_version_and_its_bug(tmp_path: Path) -> None:
    chosen = list(suite()[:2])
    path = tmp_path / "engine.yaml"
    path.write_text(
        "format: 1\nengine: broken\nfailures:\n"
        f"  {chosen[0].id}: just a reason\n"
        f"  {chosen[1].id}:\n    reason: with its bug\n    engine_version: '2.0'\n    bug: https://example.org/bugs/7\n"
    )
    failures = load_expected_failures(path, chosen)
    assert failures == {
        chosen[0].id: ExpectedFailure("just a reason"),
        chosen[1].id: ExpectedFailure("with its bug", "2.0", "https://example.org/bugs/7"),
    }

    class Broken(InProcessEngine):
        def request(self, message):  # type: ignore[no-untyped-def]
            return {"type": "error", "seq": message["seq"], "message": "not implemented"}

    report = report_data(run_suite(Broken(), chosen, lambda hello: failures), "broken")
    assert not list(schema_validator("report.schema.json").iter_errors(report))
    second = report["results"][1]
    assert second["status"] == "xfail"
    assert (second["expected_failure"], second["expected_failure_version"], second["expected_failure_bug"]) == (
        "with its bug",
        "2.0",
        "https://example.org/bugs/7",
    )
    assert "expected_failure_bug" not in report["results"][0]


def test_an_expected_failure_without_a_reason_is_refused_with_its_line(tmp_path: Path) -> None:
    ident = suite()[0].id
    path = tmp_path / "engine.yaml"
    path.write_text(f"format: 1\nengine: broken\nfailures:\n  {ident}:\n    bug: https://example.org/bugs/7\n")
    with pytest.raises(SpecInvalid) as raised:
        load_expected_failures(path, suite())
    assert any(":5:" in str(e) or ":4:" in str(e) for e in raised.value.errors), [str(e) for e in raised.value.errors]
