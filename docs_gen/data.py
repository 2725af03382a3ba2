"""Everything the site is generated from, loaded once per build.

The site reads the same objects the tests read: the catalog and resolved variants from
`ruleset`, compiled rules from `ruleset.compiled.loading`, the scenarios from
`conformance.suite.scenarios.suite()`, and the reports the conformance runner writes. Variants and
house rules are discovered here, never listed by hand, so a new spec file gets its pages on
the next build.

The build runs no engine: it reads the registry of engines (conformance/registry/, each entry a
run someone made and checked in) and the reports made beforehand by `euchre-spec conform`
(`python3 tasks.py site` runs it for the reference engine and OpenSpiel, then builds); a build
without the reference engine's report stops with an error that names the command making it.
"""

from __future__ import annotations

import json
import os
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from conformance.reports import history, registry
from conformance.reports.registry import Entry
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
    files: dict[str, str] = field(default_factory=dict)
    """The files a reader may download, name -> text (report.json, junit.xml, and an entry's manifest and expected failures)."""
    entry: Entry | None = None
    """The engine's registry entry, if it has one (its report may be the one shown, or an older run than it)."""
    entry_files: dict[str, str] = field(default_factory=dict)
    """The registry entry's files, name -> text, where the report shown is a newer run than the entry's."""

    @property
    def from_registry(self) -> bool:
        """Whether the report shown is the registry entry's."""
        return self.entry is not None and self.origin == f"{self.entry.shown}/{registry.REPORT}"

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


def load_site_data(reports_dir: Path | None = None, with_reports: bool = True, root: Path = PROJECT) -> SiteData:
    """Load everything; `reports_dir` defaults to $EUCHRE_SPEC_REPORTS, else reports/; the registry is `root`'s.

    Without reports (`with_reports=False`) nothing is run: enough for the generated text kept in the guides.
    """
    catalog = builtin_catalog()
    variants = main_game_first(catalog)
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
        with_registry(load_reports(folder, scenarios), registry.entries(root), root, scenarios) if with_reports else [],
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
        files = {name: path.parent / name for name in (registry.REPORT, registry.JUNIT) if (path.parent / name).is_file()}
        reports.append(Report(slug, data, _shown(path), _problems(data, scenarios), _texts(files)))
    if not any(report.slug == REFERENCE for report in reports):
        raise MissingReport(folder)
    return _ordered(reports)


def with_registry(reports: list[Report], entries: list[Entry], root: Path, scenarios: tuple[Scenario, ...]) -> list[Report]:
    """The reports of reports/ and the registry's, an engine once: a registry entry stands under its name, unless
    reports/ holds a newer run in a folder of the same name (the site task's own run of the engine, say)."""
    local = {report.slug: report for report in reports}
    for entry in entries:
        newer = local.get(entry.name)
        if newer is not None and newer.data.get("generated", "") > entry.report.get("generated", ""):
            newer.entry, newer.entry_files = entry, _texts(entry.files(root))
            continue
        problems = [str(problem) for problem in entry.problems]
        if entry.report:
            problems += _coverage(entry.report, scenarios)
        files = _texts(entry.files(root))
        local[entry.name] = Report(entry.name, entry.report, f"{entry.shown}/{registry.REPORT}", problems, files, entry)
    return _ordered(list(local.values()))


def _texts(files: dict[str, Path]) -> dict[str, str]:
    """Files to offer for download, by name, as they are (one that cannot be read as text is not offered)."""
    texts = {}
    for name, path in files.items():
        try:
            texts[name] = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
    return texts


def _ordered(reports: list[Report]) -> list[Report]:
    """The reference engine first, then by name."""
    return sorted(reports, key=lambda report: (report.slug != REFERENCE, report.slug))


def _problems(data: dict[str, Any], scenarios: tuple[Scenario, ...]) -> list[str]:
    """Why a report cannot be trusted as a picture of the current suite."""
    problems = [
        f"does not follow the report schema at /{'/'.join(str(p) for p in error.absolute_path)}: {error.message}"
        for error in validator("report.schema.json").iter_errors(data)
    ][:5]
    return problems or _coverage(data, scenarios)


def _coverage(data: dict[str, Any], scenarios: tuple[Scenario, ...]) -> list[str]:
    """Whether a report holds the suite as it is now, no more and no less."""
    problems = []
    known = {scenario.id for scenario in scenarios}
    reported = {result["id"] for result in data["results"]}
    if reported - known:
        problems.append(f"{len(reported - known)} scenario(s) in the report are no longer in the suite")
    if known - reported:
        problems.append(f"{len(known - reported)} scenario(s) of the suite are not in the report (an older or filtered run)")
    return problems


def main_game_first(catalog: Catalog) -> list[str]:
    """The variants in the order every page lists them: family by family, the main game's first.

    A family is a base variant and every variant that extends it, directly or not; the main game
    is the base most variants are written from (the four-hand game), so its family comes first
    and the others follow, largest first. Within a family a variant comes after the one it
    extends (by depth, then by id), so a reader meets a game before its offspring."""
    families: dict[str, int] = defaultdict(int)
    for ident in catalog.variants:
        families[_root(catalog, ident)] += 1
    return sorted(
        catalog.variants,
        key=lambda ident: (-families[_root(catalog, ident)], _root(catalog, ident), _depth(catalog, ident), ident),
    )


def _root(catalog: Catalog, variant_id: str) -> str:
    """The base variant at the top of `variant_id`'s line of `extends`."""
    root, seen = variant_id, {variant_id}
    parent = catalog.variants[variant_id].data.get("extends")
    while isinstance(parent, str) and parent in catalog.variants and parent not in seen:
        seen.add(parent)
        root = parent
        parent = catalog.variants[parent].data.get("extends")
    return root


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
