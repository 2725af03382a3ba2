"""The suite is released like a specification: each scenario says the release it came in; the changelog agrees with the code."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from conformance import SUITE_VERSION, __version__
from conformance.engines.in_process import InProcessEngine
from conformance.engines.reference import ReferenceEngine
from conformance.engines.sdk import PROTOCOL
from conformance.reports.badges import badges
from conformance.reports.headline import headline
from conformance.reports.report import report_data
from conformance.running.runner import run_suite
from conformance.suite.releases import changelog, version_key
from conformance.suite.scenarios import suite
from ruleset.language import current_language
from tests.cli_helpers import run_cli


def test_the_newest_release_is_the_one_the_code_declares() -> None:
    newest = changelog()[0]
    assert newest.suite == SUITE_VERSION
    assert newest.language == current_language()
    assert newest.protocol == PROTOCOL
    assert newest.package == __version__ or __version__ == "0+unknown"


def test_releases_are_newest_first_and_never_go_back_in_language_or_protocol() -> None:
    releases = changelog()
    assert [version_key(r.suite) for r in releases] == sorted((version_key(r.suite) for r in releases), reverse=True)
    assert [r.language for r in releases] == sorted((r.language for r in releases), reverse=True)
    assert [r.protocol for r in releases] == sorted((r.protocol for r in releases), reverse=True)


def test_every_scenario_names_a_release_it_came_in_and_one_it_changed_in_after_that() -> None:
    released = {r.suite for r in changelog()}
    for scenario in suite():
        assert scenario.since in released, f"{scenario.id}: give it `since: {SUITE_VERSION}` (the release it comes in)"
        if scenario.changed is not None:
            assert scenario.changed in released and version_key(scenario.changed) > version_key(scenario.since), scenario.id


def _export(tmp_path: Path, variant: str) -> Path:
    bundle = tmp_path / "bundle.json"
    assert run_cli("scenarios", "export", "--variant", variant, "-o", str(bundle)).returncode == 0
    return bundle


def _conform(bundle: Path, report: Path) -> dict[str, Any]:
    completed = run_cli("conform", "--engine", "reference", "--bundle", str(bundle), "--quiet", "--report-to", str(report))
    assert completed.returncode in (0, 1), completed.stderr
    data: dict[str, Any] = json.loads((report / "report.json").read_text(encoding="utf-8"))
    return data


def test_conform_grades_against_a_bundle_with_the_rules_the_bundle_holds(tmp_path: Path) -> None:
    bundle = _export(tmp_path, "two-handed")
    graded = _conform(bundle, tmp_path / "as-released")
    assert graded["summary"]["counts"]["pass"] == graded["summary"]["total"] > 0
    data = json.loads(bundle.read_text(encoding="utf-8"))
    for rules in data["rule_sets"].values():
        rules["game"]["target"] = 1  # a release whose rules differ from the installed spec's
    bundle.write_text(json.dumps(data), encoding="utf-8")
    regraded = _conform(bundle, tmp_path / "pinned")
    assert regraded["summary"]["counts"]["fail"] > 0, "the bundle's own rules were played, not the installed spec's"


def test_a_bundle_that_is_not_one_is_refused_naming_the_file(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"scenarios": [' * 5000, encoding="utf-8")
    completed = run_cli(
        "conform", "--engine", "reference", "--bundle", str(broken), "--quiet", "--report-to", str(tmp_path / "r")
    )
    assert completed.returncode != 0 and "broken.json" in completed.stderr and "Traceback" not in completed.stderr


def test_a_staging_scenario_is_reported_but_counts_in_no_figure_and_fails_no_run() -> None:
    chosen = [s for s in suite() if s.variant == "two-handed"][:6]
    staged = [replace(s, staging=True) for s in chosen[:3]] + chosen[3:]
    result = run_suite(InProcessEngine(_Failing(staged[0].id)), staged)
    statuses = {o.scenario.id: o.status for o in result.outcomes}
    assert statuses[staged[0].id] == "fail"
    assert result.compliance("must") == (3, 3)
    assert result.compliance("must", staging=True) == (2, 3)
    report = report_data(result, "in process")
    assert report["summary"]["staging"] == {"passed": 2, "applicable": 3}
    assert badges(report)["compliance.json"]["message"].endswith("(3/3)")
    assert headline(report).startswith("Compliance (must): 3/3 = 100.0%") and "staging scenarios, not counted: 2/3" in headline(
        report
    )


class _Failing:
    """The reference engine, answering one scenario with a wrong seat to act."""

    def __init__(self, scenario_id: str) -> None:
        self._engine = ReferenceEngine(sessions=False)
        self._id = scenario_id

    def handle(self, message: dict[str, Any]) -> dict[str, Any] | None:
        reply = self._engine.handle(message)
        if reply is not None and reply.get("type") == "result" and message.get("scenario") == self._id:
            for observation in reply["observations"]:
                if isinstance(observation["to_act"], int):
                    observation["to_act"] = 1 - observation["to_act"]  # the other of two-handed's seats
        return reply
