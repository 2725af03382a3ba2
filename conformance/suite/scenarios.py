"""Loading the scenario suite: strict YAML, its schema, and the checks a schema cannot make.

Scenarios are data any engine can be checked against, so they get the same care as the spec:
duplicate keys and unknown fields are refused, every error names its file and line, ids are
unique and never taken from the retired list, and every variant, house rule and clause a
scenario names must exist.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from conformance.suite.spec_ids import deal_number_clause_ids
from documents.paths import data_home, display_path
from documents.reading import files_in
from documents.schemas import validate_document
from documents.yaml_loader import Document, load_document
from reference_impl.deal import DealError, explicit_deal
from ruleset import Catalog, SpecError, SpecInvalid, builtin_catalog, load_catalog, resolve_checked, resolved_document
from ruleset.compiled.loading import load_rules
from ruleset.compiled.rules import Rules, compile_rules

LEVELS = ("must", "should", "may")


OUT_OF_TURN = "out_of_turn"
"""The word after a step's action that marks it as taken out of turn: the seat to act before it is another."""


@dataclass(frozen=True)
class Step:
    """One scripted action: who acts and what they do."""

    seat: int
    action: str
    out_of_turn: bool = False
    """Whether the seat acts while another is to act (a lead out of turn the rules accept), written `2 play:AS out_of_turn`."""

    @classmethod
    def parse(cls, text: str) -> Step:
        seat, _, action = text.partition(" ")
        action, _, marker = action.partition(" ")
        return cls(int(seat), action, marker == OUT_OF_TURN)

    def __str__(self) -> str:
        return f"{self.seat} {self.action}" + (f" {OUT_OF_TURN}" if self.out_of_turn else "")


@dataclass(frozen=True)
class Scenario:
    """One conformance scenario, with where it was written."""

    id: str
    title: str
    clauses: tuple[str, ...]
    level: str
    variant: str
    house_rules: tuple[str, ...]
    start_scores: tuple[int, ...] | None
    deals: tuple[dict[str, Any], ...]
    actions: tuple[Step, ...]
    checks: tuple[dict[str, Any], ...]
    file: str
    line: int
    description: str = ""
    pointer: str = ""
    """Where the scenario is written in its file, as a JSON pointer (/scenarios/3)."""
    data: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    spec: tuple[Path, ...] = ()
    """A user's own spec files its variant and house rules are resolved with (besides the built-in spec)."""
    start_games_won: tuple[int, ...] | None = None
    """Games each team has won before the first deal, for a variant played as a match."""
    since: str | None = None
    """The suite release the scenario came in (None: a user's own scenario that does not say)."""
    changed: str | None = None
    """The release in which it last changed what it checks, where that is a later one."""
    staging: bool = False
    """Reported, but not counted in compliance until a release promotes it."""
    pinned_rules: Mapping[str, Any] | None = field(default=None, compare=False, repr=False)
    """The resolved rules of a release's bundle (`conform --bundle`): played as that release wrote them."""

    def check_index(self, check: dict[str, Any]) -> int:
        """The number of actions applied before a checkpoint."""
        after = check["after"]
        return len(self.actions) if after == "end" else int(after)

    @property
    def explores(self) -> bool:
        """Whether a checkpoint plays the hand on in many ways (`completions`), besides following the script."""
        return any("completions" in check for check in self.checks)

    @property
    def refusals(self) -> list[dict[str, Any]]:
        return [check["refuse"] for check in self.checks if "refuse" in check]


def scenario_files(paths: list[Path] | None = None) -> list[Path]:
    """The scenario files of the suite, or of `paths` (files, and folders searched for .yaml files)."""
    return files_in(paths or [data_home().scenarios], (".yaml",))


def retired_ids() -> dict[str, str]:
    """Scenario ids that were published and withdrawn: never to be used again."""
    path = data_home().retired_scenarios
    document = load_document(path, display_path(path))
    errors = validate_document(document, "retired-scenarios.schema.json")
    if errors:
        raise SpecInvalid(errors)
    retired: dict[str, str] = document.data["retired"]
    return retired


def load_scenarios(paths: list[Path] | None = None, spec: tuple[Path, ...] = ()) -> list[Scenario]:
    """Every scenario of the suite (or of `paths`), its rules resolved with the built-in spec plus
    `spec` files; raise SpecInvalid listing every problem."""
    errors: list[SpecError] = []
    scenarios: list[Scenario] = []
    documents: dict[str, Document] = {}
    for path in scenario_files(paths):
        try:
            document = load_document(path, display_path(path))
        except SpecInvalid as exc:
            errors.extend(exc.errors)
            continue
        problems = validate_document(document, "scenario.schema.json")
        if problems:
            errors.extend(problems)
            continue
        documents[document.path] = document
        scenarios.extend(_scenarios_of(document, spec))
    if not errors:
        errors.extend(_cross_checks(scenarios, retired_ids(), documents))
    if errors:
        raise SpecInvalid(errors)
    return scenarios


@cache
def suite() -> tuple[Scenario, ...]:
    """The built-in suite, loaded once per process."""
    return tuple(load_scenarios())


def _scenarios_of(document: Document, spec: tuple[Path, ...]) -> list[Scenario]:
    data = document.data
    return [
        scenario_of(item, data, document.path, document.line_of(f"/scenarios/{index}"), f"/scenarios/{index}", spec)
        for index, item in enumerate(data["scenarios"])
    ]


def scenario_of(
    item: dict[str, Any], defaults: dict[str, Any], file: str, line: int, pointer: str, spec: tuple[Path, ...] = ()
) -> Scenario:
    """One scenario as written (`item`), its variant and house rules taken from `defaults` (its file) where it names none."""
    return Scenario(
        id=item["id"],
        title=item["title"],
        clauses=tuple(item["clauses"]),
        level=item["level"],
        variant=item.get("variant", defaults.get("variant", "")),
        house_rules=tuple(item.get("house_rules", defaults.get("house_rules", []))),
        start_scores=tuple(item["start_scores"]) if "start_scores" in item else None,
        deals=tuple(item["deals"]),
        actions=tuple(Step.parse(text) for text in item["actions"]),
        checks=tuple(item["checks"]),
        file=file,
        line=line,
        description=item.get("description", ""),
        pointer=pointer,
        data=item,
        spec=spec,
        start_games_won=tuple(item["start_games_won"]) if "start_games_won" in item else None,
        since=item.get("since"),
        changed=item.get("changed"),
        staging=bool(item.get("staging", False)),
    )


def scenario_rules(scenario: Scenario) -> Rules:
    return _rules(scenario.variant, scenario.house_rules, scenario.spec)


@lru_cache(maxsize=256)
def _rules(variant: str, house_rules: tuple[str, ...], spec: tuple[Path, ...]) -> Rules:
    """Compiled once per combination: a user's spec files are loaded again for every call otherwise."""
    if not spec:
        return load_rules(variant, house_rules)
    resolved = resolve_checked(catalog_with(spec), variant, house_rules)
    return compile_rules(resolved.data, resolved.house_rules)


def scenario_document(scenario: Scenario) -> Mapping[str, Any]:
    """The resolved rules a scenario is played under, as they are sent to an engine."""
    if scenario.pinned_rules is not None:
        return scenario.pinned_rules
    return _document(scenario.variant, scenario.house_rules, scenario.spec)


@lru_cache(maxsize=256)
def _document(variant: str, house_rules: tuple[str, ...], spec: tuple[Path, ...]) -> Mapping[str, Any]:
    if not spec:
        return resolved_document(variant, house_rules)
    return MappingProxyType(resolve_checked(catalog_with(spec), variant, house_rules).data)


@lru_cache(maxsize=8)
def catalog_with(spec: tuple[Path, ...] = ()) -> Catalog:
    """The built-in spec plus a user's own files, loaded once per run."""
    return load_catalog(spec) if spec else builtin_catalog()


def _cross_checks(scenarios: list[Scenario], retired: dict[str, str], documents: dict[str, Document]) -> list[SpecError]:
    """The checks a schema cannot make, each error placed at the field it is about (/scenarios/3/clauses/1)."""
    errors: list[SpecError] = []
    first_seen: dict[str, Scenario] = {}
    for scenario in scenarios:

        def error(message: str, at: str = "", pointer: str | None = None, scenario: Scenario = scenario) -> None:
            """Report at `pointer`, or at the field `at` under the scenario."""
            pointer = scenario.pointer + at if pointer is None else pointer
            errors.append(SpecError(scenario.file, documents[scenario.file].line_of(pointer), pointer, message))

        if scenario.id in first_seen:
            other = first_seen[scenario.id]
            error(f"scenario id {scenario.id!r} is already used at {other.file}:{other.line}", "/id")
        first_seen.setdefault(scenario.id, scenario)
        if scenario.id in retired:
            error(f"scenario id {scenario.id!r} was retired ({retired[scenario.id]}) and may not be reused", "/id")
        if not scenario.variant:
            error("the scenario names no variant, and neither does its file")
            continue
        try:
            rules = scenario_rules(scenario)
        except SpecInvalid as exc:
            message = "its variant and house rules do not resolve: " + "; ".join(e.message for e in exc.errors)
            error(message, pointer=_rules_pointer(scenario, documents[scenario.file]))
            continue
        for index, clause in enumerate(scenario.clauses):
            if clause not in rules.clause_ids and clause not in deal_number_clause_ids(builtin_catalog()):
                error(
                    f"cites clause {clause!r}, which {scenario.variant} with {list(scenario.house_rules)} does not define",
                    f"/clauses/{index}",
                )
        for at, message in _deal_problems(scenario, rules):
            error(message, at)
        for index, check in enumerate(scenario.checks):
            if check["after"] != "end" and check["after"] > len(scenario.actions):
                error(
                    f"a checkpoint comes after {check['after']} actions, but the script has {len(scenario.actions)}",
                    f"/checks/{index}/after",
                )
        if scenario.start_scores is not None and len(scenario.start_scores) != len(rules.teams):
            error(
                f"start_scores lists {len(scenario.start_scores)} scores; the variant has {len(rules.teams)} teams",
                "/start_scores",
            )
        for at, message in _match_problems(scenario, rules):
            error(message, at)
    return errors


def _match_problems(scenario: Scenario, rules: Rules) -> list[tuple[str, str]]:
    """Games already won make sense only in a match, one count per team: each problem, with its field."""
    if scenario.start_games_won is None:
        return []
    if rules.match is None:
        return [("/start_games_won", f"start_games_won is for a match, but {scenario.variant} is played as a single game")]
    if len(scenario.start_games_won) != len(rules.teams):
        count = len(scenario.start_games_won)
        return [("/start_games_won", f"start_games_won lists {count} counts; the variant has {len(rules.teams)} teams")]
    return []


def _rules_pointer(scenario: Scenario, document: Document) -> str:
    """The field naming a scenario's rules: its own house_rules or variant, else the file's."""
    for name in ("house_rules", "variant"):
        if name in scenario.data:
            return f"{scenario.pointer}/{name}"
        if name in document.data:
            return f"/{name}"
    return scenario.pointer


def _deal_problems(scenario: Scenario, rules: Rules) -> list[tuple[str, str]]:
    """Each problem with the scenario's deals, with the field (under the scenario) it is about."""
    problems = []
    if "dealer" not in scenario.deals[0]:
        problems.append(("/deals/0", "the first deal must name its dealer"))
    for index, deal in enumerate(scenario.deals):
        if index and "dealer" in deal:
            problems.append(
                (
                    f"/deals/{index}/dealer",
                    f"deal {index + 1} names a dealer; only the first deal does (the rules decide who deals next)",
                )
            )
        if "hands" in deal:
            dealer = deal.get("dealer", 0)
            try:
                explicit_deal(rules, dealer, deal["hands"], deal.get("up_card"))
            except DealError as exc:
                problems.append((f"/deals/{index}/hands", f"deal {index + 1}: {exc}"))
                continue
            if "kitty" in deal:  # the hands fit, so what is wrong is the kitty: a card twice, unknown, or left out
                try:
                    explicit_deal(rules, dealer, deal["hands"], deal.get("up_card"), deal["kitty"])
                except DealError as exc:
                    problems.append((f"/deals/{index}/kitty", f"deal {index + 1}: the kitty does not fit: {exc}"))
    return problems
