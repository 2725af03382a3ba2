"""Choosing scenarios on the command line: the filters, and a clear word when a filter names nothing.

A misspelt variant or clause id would otherwise select no scenario, or fewer than meant, and look
like a clean run. So every exact id a filter names is checked against what the spec and the
scenarios define before anything runs, and the nearest known id is suggested.
"""

from __future__ import annotations

import argparse
import difflib
import fnmatch
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from conformance.suite.scenarios import Scenario
from conformance.suite.spec_ids import all_clause_ids
from ruleset import Catalog

GLOB_CHARACTERS = frozenset("*?[")


def add_filters(parser: argparse.ArgumentParser) -> None:
    """The filter options shared by conform, scenarios list and scenarios export."""
    parser.add_argument("--variant", action="append", default=[], help="only these variants (repeatable)")
    parser.add_argument(
        "--house-rule", action="append", default=[], dest="house_rule", help="only scenarios using this house rule (repeatable)"
    )
    parser.add_argument("--clause", action="append", default=[], help="only scenarios citing this clause (repeatable)")
    parser.add_argument("--level", action="append", default=[], choices=("must", "should", "may"), help="only these levels")
    parser.add_argument(
        "--id", action="append", default=[], dest="ids", help="only this id, or ids matching this glob pattern (repeatable)"
    )


@dataclass(frozen=True)
class Filters:
    """What the command line asks for; an empty tuple lets everything through."""

    variants: tuple[str, ...] = ()
    house_rules: tuple[str, ...] = ()
    clauses: tuple[str, ...] = ()
    levels: tuple[str, ...] = ()
    ids: tuple[str, ...] = ()

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> Filters:
        return cls(tuple(args.variant), tuple(args.house_rule), tuple(args.clause), tuple(args.level), tuple(args.ids))

    def matches(self, scenario: Scenario) -> bool:
        rules = {ref.partition("=")[0] for ref in scenario.house_rules} | set(scenario.house_rules)
        return (
            (not self.variants or scenario.variant in self.variants)
            and (not self.house_rules or bool(rules & set(self.house_rules)))
            and (not self.clauses or bool(set(scenario.clauses) & set(self.clauses)))
            and (not self.levels or scenario.level in self.levels)
            and (not self.ids or any(fnmatch.fnmatchcase(scenario.id, pattern) for pattern in self.ids))
        )

    def describe(self) -> str:
        """The filters as they were given, for messages."""
        options = (
            ("--variant", self.variants),
            ("--house-rule", self.house_rules),
            ("--clause", self.clauses),
            ("--level", self.levels),
            ("--id", self.ids),
        )
        return " ".join(f"{option} {value}" for option, values in options for value in values)


@dataclass(frozen=True)
class UnknownId:
    """A filter naming an id that nothing defines: an error value, with the nearest known id if any is close."""

    kind: str
    given: str
    suggestion: str | None = None

    @property
    def code(self) -> str:
        return "unknown_" + self.kind.replace(" ", "_")

    def __str__(self) -> str:
        hint = f" (did you mean {self.suggestion!r}?)" if self.suggestion else ""
        return f"unknown {self.kind} {self.given!r}{hint}"


def select(scenarios: Iterable[Scenario], filters: Filters) -> list[Scenario]:
    """The scenarios passing every filter, in order."""
    return [scenario for scenario in scenarios if filters.matches(scenario)]


def unknown_ids(filters: Filters, catalog: Catalog, scenarios: Sequence[Scenario]) -> list[UnknownId]:
    """Every exact id a filter names that the catalog or the scenarios do not know (glob patterns are not checked)."""
    house_rules = set(catalog.house_rules)
    for rule_id, document in catalog.house_rules.items():
        house_rules |= {f"{rule_id}={mode}" for mode in document.data.get("modes", {})}
    known = (
        ("variant", filters.variants, set(catalog.variants)),
        ("house rule", filters.house_rules, house_rules),
        ("clause", filters.clauses, all_clause_ids(catalog)),
        ("scenario id", tuple(i for i in filters.ids if not GLOB_CHARACTERS & set(i)), {s.id for s in scenarios}),
    )
    return [
        UnknownId(kind, given, nearest(given, names)) for kind, wanted, names in known for given in wanted if given not in names
    ]


def nearest(given: str, names: Iterable[str]) -> str | None:
    """The known name closest to a misspelt one, if any is close enough to be what was meant."""
    close = difflib.get_close_matches(given, sorted(names), n=1)
    return close[0] if close else None
