"""Everything the site is generated from, loaded once per build.

The site reads the same objects the tests read: the catalog and resolved variants from
`ruleset`, compiled rules from `ruleset.compiled.loading`, the scenarios from
`conformance.suite.scenarios.suite()`, and the reports the conformance runner writes. Variants and
house rules are discovered here, never listed by hand, so a new spec file gets its pages on
the next build.

The build runs no engine: reports are made beforehand by `euchre-spec conform` (`python3
tasks.py site` runs it for every engine the site shows, then builds), and a build without the
reference engine's report stops with an error that names the command making it.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from conformance.reports import history
from conformance.suite.scenarios import Scenario, suite
from documents.paths import data_home
from documents.schemas import validator
from ruleset import Catalog, builtin_catalog, resolve_checked
from ruleset.compiled.loading import load_rules
from ruleset.compiled.rules import Rules

REPORTS_ENV = "EUCHRE_SPEC_REPORTS"
REFERENCE = "reference"


PROJECT = data_home().spec.parent
"""The checkout the site is built from: the site is built from a checkout (or EUCHRE_SPEC_HOME), not an install."""


class MissingReport(Exception):
    """The reports folder has no report of the reference engine, which every build shows."""

    def __init__(self, folder: Path) -> None:
        path = folder / REFERENCE / "report.json"
        super().__init__(
            f"{_shown(path)}: no report of the reference engine; make it with "
            f"`euchre-spec conform --engine reference --report-dir {_shown(folder)}` "
            "(`python3 tasks.py site` runs every engine the site shows, then builds)"
        )


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
    """Every reports/*/report.json, the reference engine's first; MissingReport if it has none.

    Reports are what `euchre-spec conform` wrote; the build reads them and runs nothing, so a
    page never shows a run nobody asked for, and building takes no engine's time.
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
        raise MissingReport(folder)
    return sorted(reports, key=lambda report: (report.slug != REFERENCE, report.slug))


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
