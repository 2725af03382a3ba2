"""Compliance reports: JSON (with its own schema), JUnit XML, and a terminal summary.

The JSON report is the record; the other two are views of it. Counts are given per variant and
per rule clause, because an engine author wants to know which rules they get wrong, not only
how many scenarios failed. A skip is never counted as a pass.
"""

from __future__ import annotations

import json
import platform
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from conformance import SUITE_VERSION, __version__
from conformance.reports.headline import headline
from conformance.suite.outcomes import STATUSES, UNEXPECTED, Outcome, RunResult
from documents.errors import SpecError, SpecInvalid
from documents.schemas import validate
from documents.writing import write_text
from documents.yaml_loader import Document, parse_document

REPORT_SCHEMA = "report.schema.json"


def report_data(result: RunResult, command: str) -> dict[str, Any]:
    """The JSON report (schemas/report.schema.json)."""
    passed, applicable = result.compliance("must")
    summary: dict[str, Any] = {
        "total": len(result.outcomes),
        "counts": {status: result.count(status) for status in STATUSES},
        "must": {"passed": passed, "applicable": applicable},
    }
    if any(outcome.scenario.staging for outcome in result.outcomes):
        staged, tried = result.compliance("must", staging=True)
        summary["staging"] = {"passed": staged, "applicable": tried}
    return {
        "$schema": "https://euchre-spec.org/schemas/report.schema.json",
        "format": 1,
        "suite_version": SUITE_VERSION,
        "package_version": __version__,
        "protocol": 1,
        "engine": {
            "name": result.engine.get("name", "?"),
            "version": result.engine.get("version", "?"),
            "command": command,
            "variants": result.engine.get("variants", []),
            "house_rules": result.engine.get("house_rules", []),
        },
        "generated": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "machine": f"{platform.system()} {platform.machine()}, Python {platform.python_version()}",
        "seconds": round(result.seconds, 3),
        "restarts": result.restarts,
        "interrupted": result.interrupted is not None,
        "summary": summary,
        "by_variant": _grouped(result.outcomes, lambda o: [o.scenario.variant]),
        "by_clause": _grouped(result.outcomes, lambda o: list(o.scenario.clauses)),
        "results": [_outcome_data(outcome) for outcome in result.outcomes],
    }


def _grouped(outcomes: list[Outcome], keys: Any) -> dict[str, dict[str, int]]:
    groups: dict[str, Counter[str]] = defaultdict(Counter)
    for outcome in outcomes:
        for key in keys(outcome):
            groups[key][outcome.status] += 1
    return {key: dict(sorted(counter.items())) for key, counter in sorted(groups.items())}


def _outcome_data(outcome: Outcome) -> dict[str, Any]:
    scenario = outcome.scenario
    data: dict[str, Any] = {
        "id": scenario.id,
        "title": scenario.title,
        "variant": scenario.variant,
        "house_rules": list(scenario.house_rules),
        "level": scenario.level,
        "clauses": list(scenario.clauses),
        "status": outcome.status,
        "seconds": round(outcome.seconds, 6),
        "source": f"{scenario.file}:{scenario.line}",
    }
    if scenario.since:
        data["since"] = scenario.since
    if scenario.changed:
        data["changed"] = scenario.changed
    if scenario.staging:
        data["staging"] = True
    if outcome.message:
        data["message"] = outcome.message
    if outcome.details:
        data["details"] = outcome.details
    expected = outcome.expected_failure
    if expected:
        data["expected_failure"] = expected.reason
        if expected.engine_version:
            data["expected_failure_version"] = expected.engine_version
        if expected.bug:
            data["expected_failure_bug"] = expected.bug
    return data


def write_json(report: dict[str, Any], path: Path) -> None:
    """The JSON report, into a run's private folder (the set is put in place whole: conformance.reports.report_folder)."""
    write_text(path, json.dumps(report, indent=2) + "\n")


JUNIT_KINDS = {
    "failures": ("fail", "xpass"),
    "errors": ("error", "crash", "timeout"),
    "skipped": ("skipped", "not_applicable", "invalid", "xfail"),
}
"""How JUnit counts each outcome: a pass is none of these; an expected failure is skipped, as pytest's xfail is."""


def junit_counts(counts: Mapping[str, int]) -> dict[str, int]:
    """A JUnit test suite's counts (tests, failures, errors, skipped) from outcome counts."""
    found = {kind: sum(counts.get(status, 0) for status in statuses) for kind, statuses in JUNIT_KINDS.items()}
    return {"tests": sum(counts.values()), **found}


def read_report(path: Path) -> dict[str, Any]:
    """A report.json as `write_json` wrote it; SpecInvalid, each error at its file:line and JSON pointer, if it is not one."""
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8")  # not read_text's 1 MiB cap: a failing run's report is larger
    except (OSError, UnicodeDecodeError) as exc:
        raise SpecInvalid([SpecError(name, 0, "", f"cannot read the file: {exc}")]) from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SpecInvalid([SpecError(name, exc.lineno, "", f"not valid JSON: {exc.msg} (column {exc.colno})")]) from exc
    errors = validate(data, REPORT_SCHEMA, lambda pointer: (name, _lines(text, name).line_of(pointer)))
    if errors:
        raise SpecInvalid([replace(error, message=f"not a conformance report: {error.message}") for error in errors])
    report: dict[str, Any] = data
    return report


def _lines(text: str, name: str) -> Document:
    """Where each JSON pointer of the file is (read only when an error needs a line)."""
    try:
        return parse_document(text, name)
    except SpecInvalid:
        return Document(name, None)


def write_junit(report: dict[str, Any], path: Path) -> None:
    """JUnit XML: a test suite per variant, a test case per scenario."""
    suites = ET.Element("testsuites", name=f"euchre-spec conformance: {report['engine']['name']}")
    by_variant: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for result in report["results"]:
        by_variant[result["variant"]].append(result)
    for variant, results in sorted(by_variant.items()):
        counts = junit_counts(Counter(r["status"] for r in results))
        attributes = {kind: str(count) for kind, count in counts.items()}
        time = f"{sum(r['seconds'] for r in results):.3f}"
        suite = ET.SubElement(suites, "testsuite", {"name": variant, **attributes, "time": time})
        for result in results:
            case = ET.SubElement(
                suite,
                "testcase",
                classname=f"{variant}.{result['level']}",
                name=f"{result['id']}: {result['title']}",
                time=f"{result['seconds']:.4f}",
            )
            status = result["status"]
            text = "\n".join(
                [
                    result.get("message", ""),
                    *result.get("details", []),
                    f"clauses: {', '.join(result['clauses'])}",
                    f"scenario: {result['source']}",
                ]
            )
            if status in JUNIT_KINDS["failures"]:
                ET.SubElement(case, "failure", message=result.get("message", status), type=status).text = text
            elif status in JUNIT_KINDS["errors"]:
                ET.SubElement(case, "error", message=result.get("message", status), type=status).text = text
            elif status in JUNIT_KINDS["skipped"]:
                ET.SubElement(case, "skipped", message=f"{status}: {result.get('message', '')}").text = text
    write_text(path, "<?xml version='1.0' encoding='utf-8'?>\n" + ET.tostring(suites, encoding="unicode"))


def summary_lines(report: dict[str, Any], failures_shown: int = 20) -> list[str]:
    """The terminal summary: per variant, failing clauses, the first failures, the verdict."""
    engine = report["engine"]
    counts = report["summary"]["counts"]
    lines = [f"Engine: {engine['name']} {engine['version']}  ({report['summary']['total']} scenarios, {report['seconds']:.2f} s)"]
    lines.append("")
    shown_when_any = tuple(status for status in ("invalid",) if counts.get(status))
    columns = ("pass", "fail", "error", "crash", "timeout", "skipped", "n/a", "xfail", *shown_when_any)
    keys = {"n/a": "not_applicable"}
    width = max([len("variant"), *(len(variant) for variant in report["by_variant"])]) + 2
    lines.append("  " + "variant".ljust(width) + "".join(f"{column:>9}" for column in columns))
    for variant, by_status in report["by_variant"].items():
        lines.append("  " + variant.ljust(width) + "".join(f"{by_status.get(keys.get(c, c), 0):>9}" for c in columns))
    failing_clauses = {clause: c for clause, c in report["by_clause"].items() if any(c.get(s, 0) for s in UNEXPECTED)}
    if failing_clauses:
        lines.append("")
        lines.append("Rule clauses with failures:")
        for clause, c in failing_clauses.items():
            bad = sum(c.get(s, 0) for s in UNEXPECTED)
            lines.append(f"  {clause:<44} {bad} failing of {sum(c.values())}")
    problems = [r for r in report["results"] if r["status"] in UNEXPECTED]
    if problems:
        lines.append("")
        lines.append("Failures:")
        for result in problems[:failures_shown]:
            lines.append(f"  {result['status'].upper():<8} {result['id']} {result['title']}")
            lines.append(f"           {result.get('message', '')}")
        if len(problems) > failures_shown:
            lines.append(f"  ... and {len(problems) - failures_shown} more (see the JSON report)")
    invalid = [r for r in report["results"] if r["status"] == "invalid"]
    if invalid:
        lines.append("")
        lines.append("Invalid scenarios (not counted against the engine; fix the scenario):")
        for result in invalid[:failures_shown]:
            lines.append(f"  {result['id']} ({result['source']})")
            lines.append(f"           {result.get('message', '')}")
    if report.get("interrupted"):
        lines.append("")
        total = report["summary"]["total"]
        lines.append(f"Interrupted: the run was stopped after {total} scenario(s); the report holds only those.")
    lines.append("")
    lines.append(headline(report))
    return lines
