"""`euchre-spec validate` on scenario files: every check `conform --scenario` makes before it sends one to an engine.

A scenario file is loaded as `conform --scenario` loads it (strict YAML, its schema, unique ids,
known variants, house rules and clauses, deals that fit the pack), and each scenario is then
played on the reference engine as the precheck plays it: a step of its script the rules refuse,
or a checkpoint the rules do not give, is an error at the line that writes it. A contributor
checks a new scenario in seconds this way, with no engine and no run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from conformance.running.precheck import Precheck
from conformance.running.user_files import load_user_scenarios
from conformance.suite.scenarios import scenario_files
from documents.paths import display_path
from documents.yaml_loader import Document, load_document
from ruleset import SpecError, SpecInvalid

SCENARIO_SCHEMA = "scenario.schema.json"


def is_scenario_file(path: Path) -> bool:
    """Whether a file is a scenario file: its $schema names the scenario schema, or, naming none, it lists `scenarios`.
    A file that cannot be read is not one (the spec's own reading says what is wrong with it)."""
    try:
        data = load_document(path, display_path(path)).data
    except (SpecInvalid, OSError):
        return False
    if not isinstance(data, dict):
        return False
    schema = data.get("$schema")
    if isinstance(schema, str):
        return schema.rsplit("/", 1)[-1] == SCENARIO_SCHEMA
    return "scenarios" in data


@dataclass
class ScenarioReport:
    files: int = 0
    scenarios: int = 0
    errors: list[SpecError] = field(default_factory=list)

    def summary(self) -> str:
        verdict = "all valid" if not self.errors else f"{len(self.errors)} error(s)"
        return f"{self.files} scenario file(s), {self.scenarios} scenario(s) played on the reference engine: {verdict}"


def check_scenario_files(paths: Sequence[Path], spec: tuple[Path, ...] = ()) -> ScenarioReport:
    """Every problem of the scenario files at `paths` (their rules resolved with the built-in spec and `spec`), located."""
    files = scenario_files(list(paths))
    report = ScenarioReport(files=len(files))
    try:
        scenarios = load_user_scenarios(paths, spec)
    except SpecInvalid as exc:
        report.errors = list(exc.errors)
        return report
    documents: dict[str, Document] = {}
    for path in files:
        document = load_document(path, display_path(path))
        documents[document.path] = document
    precheck = Precheck()
    for scenario in scenarios:
        report.scenarios += 1
        found = precheck.examine(scenario)
        if found is None:
            continue
        document = documents[scenario.file]
        for message, under in found.problems:
            pointer = scenario.pointer + under
            report.errors.append(SpecError(scenario.file, document.line_of(pointer), pointer, f"{scenario.id}: {message}"))
    return report
