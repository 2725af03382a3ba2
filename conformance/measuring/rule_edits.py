"""Rule sets named on a command line, and resolved rules with one value changed.

Both the rules diff and the self-measuring suite need rules that no spec file writes: the rules
of one rule set with a single value taken from another, or set to a reading the spec rejects.
Such a document is checked exactly as a composed one is (the schema, then the semantic checks),
so an edit that the rules language cannot express is refused with the spec's own error instead
of reaching the engine.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from documents.errors import SpecError, join_pointer, split_pointer
from documents.schemas import validate
from ruleset import RESOLVED_SCHEMA, Catalog, Resolved, SpecInvalid, builtin_catalog, fill_defaults, load_catalog, resolve_checked
from ruleset.compiled.rules import Rules, compile_rules
from ruleset.semantics import check

NOT_RULES = frozenset(
    {"$schema", "format", "id", "extends", "title", "summary", "sources", "labels", "clauses", "choices", "errata"}
)
"""Top-level keys that name, cite or word the rules without changing how a hand is played."""

MISSING = object()
"""The value at a pointer a document does not have."""


@dataclass(frozen=True)
class RuleSet:
    """A variant and the house rules laid over it, as written `north-american+stick-the-dealer+defend-alone=always`."""

    variant: str
    house_rules: tuple[str, ...] = ()
    spec: tuple[Path, ...] = ()
    """A user's own spec files, whose variants and house rules the rule set may name (`diff --spec`)."""

    @classmethod
    def parse(cls, text: str, spec: tuple[Path, ...] = ()) -> RuleSet:
        variant, *rules = text.split("+")
        return cls(variant, tuple(rules), spec)

    def __str__(self) -> str:
        return "+".join((self.variant, *self.house_rules))

    def catalog(self) -> Catalog:
        """The built-in spec, with the user's own files where the rule set names some."""
        return load_catalog(self.spec) if self.spec else builtin_catalog()

    def resolved(self) -> Resolved:
        """The composed, checked document; SpecInvalid when the rule set is unknown or does not compose."""
        return resolve_checked(self.catalog(), self.variant, self.house_rules)


def value_at(document: Any, pointer: str) -> Any:
    """The value at a JSON pointer, or MISSING."""
    for token in split_pointer(pointer):
        if not isinstance(document, Mapping) or token not in document:
            return MISSING
        document = document[token]
    return document


def _plays(key: str, pointer: str) -> bool:
    """Whether a key holds rules: clause ids (`clause`, `*_clause`) and the names and words cite or word a rule."""
    return not ((not pointer and key in NOT_RULES) or key == "clause" or key.endswith("_clause"))


def differing_pointers(first: Mapping[str, Any], second: Mapping[str, Any], pointer: str = "") -> tuple[str, ...]:
    """The pointers of the rule values that differ between two resolved documents, in document order.

    A mapping only one side has (a scoring row a house rule adds) is one value, not one per leaf.
    """
    found: list[str] = []
    for key in [*first, *(k for k in second if k not in first)]:
        if not _plays(key, pointer):
            continue
        child = join_pointer(pointer, key)
        a, b = first.get(key, MISSING), second.get(key, MISSING)
        if isinstance(a, Mapping) and isinstance(b, Mapping):
            found.extend(differing_pointers(a, b, child))
        elif a != b:
            found.append(child)
    return tuple(found)


def with_value(resolved: Resolved, pointer: str, value: Any) -> Rules:
    """The rules of `resolved` with the value at `pointer` replaced (removed for MISSING), checked like any composition.

    Raises SpecInvalid when the edited document is not valid rules, such as a value the schema
    does not allow, or one that contradicts another value.
    """
    return with_values(resolved, {pointer: value})


def with_values(resolved: Resolved, edits: Mapping[str, Any]) -> Rules:
    """The rules of `resolved` with every value of `edits` (pointer: value) replaced, checked once for all of them."""
    data = copy.deepcopy(resolved.data)
    for pointer, value in edits.items():
        *parents, last = split_pointer(pointer)
        node: Any = data
        for token in parents:
            # A list is stepped into by index (a named bid's setting, /auction/named_bids/0/give_order).
            child = node[int(token)] if isinstance(node, list) and token.isdigit() and int(token) < len(node) else None
            child = node.get(token) if isinstance(node, dict) else child
            if not isinstance(child, dict | list):
                raise SpecInvalid([SpecError("<edit>", 0, pointer, f"the rules have no object at {pointer}")])
            node = child
        if value is MISSING:
            node.pop(last, None)
        else:
            node[last] = copy.deepcopy(value)
    fill_defaults(data)  # a value removed is back to its default, as in any composition
    edited = dataclasses.replace(resolved, data=data)
    catalog = builtin_catalog()
    errors = validate(data, RESOLVED_SCHEMA, edited.locate)
    if not errors:
        errors = check(edited, catalog.sources, catalog.retired_clauses)
    if errors:
        raise SpecInvalid(errors)
    return compile_rules(data, resolved.house_rules)
