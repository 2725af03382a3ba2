"""Everything the site is generated from, loaded once per build.

The site reads the same objects the tests read: the catalog and resolved variants from
`reference_impl.ruleset`, compiled rules from `reference_impl.loading`, the scenarios from
`conformance.scenarios.suite()`, and the reports the conformance runner writes. Variants and
house rules are discovered here, never listed by hand, so a new spec file gets its pages on
the next build.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from conformance import history
from conformance.expected import default_expected_file, load_expected_failures
from conformance.report import report_data
from conformance.runner import InProcessEngine, run_suite
from conformance.scenarios import Scenario, suite
from documents.paths import data_home
from documents.schemas import validator
from reference_impl.loading import load_rules
from reference_impl.rules import Rules
from reference_impl.ruleset import Catalog, builtin_catalog, resolve_checked

REPORTS_ENV = "EUCHRE_SPEC_REPORTS"
REFERENCE = "reference"
OPENSPIEL = "openspiel"


PROJECT = data_home().spec.parent
"""The checkout the site is built from: the site is built from a checkout (or EUCHRE_SPEC_HOME), not an install."""


@dataclass
class Report:
    """One engine's compliance report, where it came from, and what is wrong with it, if anything."""

    slug: str
    data: dict[str, Any]
    origin: str
    problems: list[str] = field(default_factory=list)

    @property
    def title(self) -> str:
        engine = self.data.get("engine", {})
        return f"{engine.get('name', self.slug)} {engine.get('version', '')}".strip()


@dataclass
class SiteData:
    """The spec, the suite, the schemas and the reports, as the generators need them."""

    catalog: Catalog
    variants: list[str]
    house_rules: list[str]
    resolved: dict[str, dict[str, Any]]
    rules: dict[str, Rules]
    scenarios: tuple[Scenario, ...]
    schemas: dict[str, dict[str, Any]]
    reports: list[Report]
    history: list[dict[str, Any]] = field(default_factory=list)
    """The results log's entries (conformance/history.jsonl), for the history plot."""

    def variant_title(self, variant_id: str) -> str:
        return str(self.resolved[variant_id]["title"])

    def house_rule_title(self, rule_id: str) -> str:
        return str(self.catalog.house_rules[rule_id].data["title"])


def load_site_data(reports_dir: Path | None = None, with_reports: bool = True) -> SiteData:
    """Load everything; `reports_dir` defaults to $EUCHRE_SPEC_REPORTS, else reports/.

    Without reports (`with_reports=False`) nothing is run: enough for the generated text kept in the guides.
    """
    catalog = builtin_catalog()
    variants = sorted(catalog.variants, key=lambda ident: (_depth(catalog, ident), ident))
    resolved = {ident: resolve_checked(catalog, ident).data for ident in variants}
    rules = {ident: load_rules(ident) for ident in variants}
    scenarios = suite()
    schemas = {
        path.name: json.loads(path.read_text(encoding="utf-8")) for path in sorted(data_home().schemas.glob("*.schema.json"))
    }
    folder = reports_dir or Path(os.environ.get(REPORTS_ENV, PROJECT / "reports"))
    return SiteData(
        catalog,
        variants,
        sorted(catalog.house_rules),
        resolved,
        rules,
        scenarios,
        schemas,
        load_reports(folder, scenarios) if with_reports else [],
        _history(PROJECT / history.HISTORY_FILE) if with_reports else [],
    )


def _history(path: Path) -> list[dict[str, Any]]:
    """The results log kept in the checkout; none yet is an empty history, a broken one stops the build."""
    return history.load(path) if path.exists() else []


def load_reports(folder: Path, scenarios: tuple[Scenario, ...]) -> list[Report]:
    """Every reports/*/report.json, the reference engine's first; run it in process if it has none.

    A fresh clone has no reports (they are build output), and the site must still show the
    reference engine's compliance, so the build runs the suite itself: it takes seconds.
    """
    reports = []
    for path in sorted(folder.glob("*/report.json")):
        slug = path.parent.name
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            reports.append(Report(slug, {}, _shown(path), [f"the file cannot be read: {exc}"]))
            continue
        reports.append(Report(slug, data, _shown(path), _problems(data, scenarios)))
    if not any(report.slug == REFERENCE for report in reports):
        result = run_suite(InProcessEngine(), scenarios)
        data = report_data(result, "reference (in process, run by the site build)")
        reports.append(Report(REFERENCE, data, "run by the site build, in process", _problems(data, scenarios)))
    if not any(report.slug == OPENSPIEL for report in reports):
        reports.extend(_openspiel_report(scenarios))
    return sorted(reports, key=lambda report: (report.slug != REFERENCE, report.slug))


def _openspiel_report(scenarios: tuple[Scenario, ...]) -> list[Report]:
    """OpenSpiel's report beside ours, run in process when the optional `open-spiel` is installed."""
    try:
        from conformance.adapters.openspiel import InProcessOpenSpiel
    except ImportError:
        return []
    expected = default_expected_file("openspiel-euchre")
    failures = load_expected_failures(expected, suite()) if expected else {}
    result = run_suite(InProcessOpenSpiel(), scenarios, lambda hello: failures)
    data = report_data(result, "openspiel (in process, run by the site build)")
    return [Report(OPENSPIEL, data, "run by the site build, in process", _problems(data, scenarios))]


def _problems(data: dict[str, Any], scenarios: tuple[Scenario, ...]) -> list[str]:
    """Why a report cannot be trusted as a picture of the current suite."""
    problems = [
        f"does not follow the report schema at /{'/'.join(str(p) for p in error.absolute_path)}: {error.message}"
        for error in validator("report.schema.json").iter_errors(data)
    ][:5]
    if problems:
        return problems
    known = {scenario.id for scenario in scenarios}
    reported = {result["id"] for result in data["results"]}
    if reported - known:
        problems.append(f"{len(reported - known)} scenario(s) in the report are no longer in the suite")
    if known - reported:
        problems.append(f"{len(known - reported)} scenario(s) of the suite are not in the report (an older or filtered run)")
    return problems


def _depth(catalog: Catalog, variant_id: str) -> int:
    depth, seen = 0, {variant_id}
    parent = catalog.variants[variant_id].data.get("extends")
    while isinstance(parent, str) and parent in catalog.variants and parent not in seen:
        seen.add(parent)
        depth += 1
        parent = catalog.variants[parent].data.get("extends")
    return depth


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(PROJECT))
    except ValueError:
        return str(path)
