"""The resolved schema checks each top-level section on its own, which lets `validate` skip sections seen valid.

ruleset/section_check.py relies on it: were a constraint to relate two sections (an
`if` at the root, a `dependentRequired` between sections), a section valid in one document might
not be in another, and these tests fail first.
"""

from __future__ import annotations

import json

from ruleset import RESOLVED_SCHEMA, builtin_catalog, resolve, resolve_checked
from ruleset.section_check import SectionCheck
from tests import ROOT

SCHEMA = json.loads((ROOT / "schemas" / RESOLVED_SCHEMA).read_text(encoding="utf-8"))
NAMING_ONLY = {"type", "additionalProperties", "properties", "required", "description"}


def test_the_root_only_names_and_requires_the_sections() -> None:
    assert set(SCHEMA) - {"$schema", "$id", "title", "description", "$defs"} == {"$ref", "allOf"}
    assert SCHEMA["$ref"] == "#/$defs/shape" and SCHEMA["allOf"] == [{"$ref": "#/$defs/complete"}]
    assert set(SCHEMA["$defs"]["shape"]) <= NAMING_ONLY
    assert set(SCHEMA["$defs"]["complete"]) <= NAMING_ONLY
    for section in SCHEMA["$defs"]["shape"]["properties"].values():
        assert set(section) <= {"$ref", "description", "default", "anyOf", "type", "items", "uniqueItems", "const"} | {
            "propertyNames",
            "additionalProperties",
            "minLength",
            "minimum",
            "x-since",  # the language version a section came in: an annotation, no constraint
        }


def test_a_document_is_checked_whole_until_its_sections_are_known_valid() -> None:
    catalog = builtin_catalog()
    check = SectionCheck(RESOLVED_SCHEMA)
    valid = resolve_checked(catalog, "north-american")
    assert check.errors(valid.data, valid.locate) == []
    broken = resolve(catalog, "north-american")  # composed, its defaults not filled in
    errors = check.errors(broken.data, broken.locate)
    assert "missing required field 'passed_player'" in {error.message for error in errors}
    assert check.errors(valid.data, valid.locate) == []


def test_a_section_seen_valid_does_not_hide_a_missing_section() -> None:
    catalog = builtin_catalog()
    check = SectionCheck(RESOLVED_SCHEMA)
    valid = resolve_checked(catalog, "north-american")
    assert check.errors(valid.data, valid.locate) == []
    without_game = {name: value for name, value in valid.data.items() if name != "game"}
    assert [error.message for error in check.errors(without_game, valid.locate)] == ["missing required field 'game'"]
