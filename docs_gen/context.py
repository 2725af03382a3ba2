"""What every page generator shares: the loaded data, the schema docs and who checks which rule.

Generators are plain functions from this context to pages; none of them reads a file, so the
whole site can be generated (and scanned by the tests) without running MkDocs.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import PurePosixPath

from conformance.suite.scenarios import Scenario

from .data import SiteData
from .schema_docs import SchemaDocs

SCENARIO_ROOT = PurePosixPath("conformance/scenarios")


@dataclass
class Page:
    """A generated page: where it goes, its title for the navigation, its Markdown, and the
    anchors of rules and scenarios it shows (so citations on the page can stay on the page)."""

    path: str
    title: str
    markdown: str
    anchors: set[str] = field(default_factory=set)


@dataclass
class Context:
    data: SiteData

    @cached_property
    def variant_docs(self) -> SchemaDocs:
        return SchemaDocs(self.data.schemas, "variant.schema.json")

    @cached_property
    def examples(self) -> dict[tuple[str, str], list[Scenario]]:
        """Scenarios by (variant, clause): the worked examples shown under each rule."""
        found: dict[tuple[str, str], list[Scenario]] = defaultdict(list)
        for scenario in self.data.scenarios:
            for clause in scenario.clauses:
                found[(scenario.variant, clause)].append(scenario)
        return found

    @cached_property
    def examples_by_clause(self) -> dict[str, list[Scenario]]:
        found: dict[str, list[Scenario]] = defaultdict(list)
        for scenario in self.data.scenarios:
            for clause in scenario.clauses:
                found[clause].append(scenario)
        return found

    @cached_property
    def scenario_files(self) -> dict[str, list[Scenario]]:
        """Scenarios by the page that shows them, in suite order."""
        pages: dict[str, list[Scenario]] = defaultdict(list)
        for scenario in self.data.scenarios:
            pages[scenario_page(scenario)].append(scenario)
        return pages

    @cached_property
    def scenario_ids(self) -> frozenset[str]:
        return frozenset(scenario.id for scenario in self.data.scenarios)

    def house_rules_for(self, variant_id: str) -> list[str]:
        """The house rules that can be added to a variant."""
        return [
            rule_id
            for rule_id in self.data.house_rules
            if {"any", variant_id} & set(self.data.catalog.house_rules[rule_id].data["applies_to"])
        ]


def scenario_page(scenario: Scenario) -> str:
    """The page of a scenario: its file's path under conformance/scenarios/, under examples/."""
    path = PurePosixPath(scenario.file)
    try:
        relative = path.relative_to(SCENARIO_ROOT)
    except ValueError:
        relative = PurePosixPath("other") / path.name
    return str(PurePosixPath("examples") / relative.with_suffix(".md"))


def humanize(key: str) -> str:
    """A settings key as a heading: round_one -> Round one."""
    text = key.replace("_", " ").replace("-", " ").strip()
    return text[:1].upper() + text[1:]
