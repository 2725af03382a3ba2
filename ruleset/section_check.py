"""Schema errors of resolved rules, with the sections already found valid not checked again.

Compositions share most of their sections: north-american with any one house rule differs from
north-american alone in a section or two, and `validate` composes two hundred of them. Every
constraint of the resolved schema lies within one top-level section (its root only names the
sections and requires them; tests/test_resolved_rules.py holds it to that), so a document with the
same section names as a valid one, each section's value seen before in a valid document, is valid
itself. The sections that gather entries (clauses, choices, labels, errata) grow with every house
rule, so each of their entries counts as a part of its own: their schemas constrain an entry alone.
Anything else is validated whole, so every error is reported exactly as without the cache.
"""

from __future__ import annotations

import json
from typing import Any

from documents.errors import SpecError
from documents.schemas import Locate, validate

_MOST_REMEMBERED = 16384  # a long-lived engine meets many documents; a bounded memory is enough
ENTRY_SECTIONS = ("clauses", "choices", "labels", "errata")


class SectionCheck:
    """`errors(data, locate)` is `validate(data, schema_name, locate)`, skipping what was seen valid."""

    def __init__(self, schema_name: str) -> None:
        self.schema_name = schema_name
        self._valid_sections: set[tuple[str, str]] = set()
        self._valid_names: set[frozenset[str]] = set()

    def errors(self, data: dict[str, Any], locate: Locate) -> list[SpecError]:
        sections = _sections(data)
        names = frozenset(data)
        if sections is not None and names in self._valid_names and sections <= self._valid_sections:
            return []
        errors = validate(data, self.schema_name, locate)
        if not errors and sections is not None:
            if len(self._valid_sections) > _MOST_REMEMBERED:
                self._valid_sections.clear()
            self._valid_sections |= sections
            self._valid_names.add(names)
        return errors


def _sections(data: dict[str, Any]) -> set[tuple[str, str]] | None:
    """Each part as (where, canonical JSON), or None if a value is not plain JSON data (then it is never cached).

    A part is a section, or an entry of a section that gathers entries (with the section's type, so
    that a mapping and a list of the same entries are not taken for each other).
    """
    parts: set[tuple[str, str]] = set()
    try:
        for name, value in data.items():
            if name in ENTRY_SECTIONS and isinstance(value, (dict, list)):
                entries = value.items() if isinstance(value, dict) else enumerate(value)
                parts.add((name, type(value).__name__))
                parts.update((f"{name}/{key}", _canonical(entry)) for key, entry in entries)
            else:
                parts.add((name, _canonical(value)))
    except (TypeError, ValueError):
        return None
    return parts


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, allow_nan=False, default=_not_json)


def _not_json(value: object) -> object:
    raise TypeError(f"{type(value).__name__} is not JSON data")
