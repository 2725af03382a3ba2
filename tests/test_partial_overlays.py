"""A house rule may set any part of a section: the overlay shape requires nothing, the composed rules everything.

Composition merges mappings key by key, so a rule that changes one setting of the auction (its
trumps, its rounds) need not restate the auction's required fields, and one rule can then apply to
variants whose auctions differ in everything else. The fields a section must have are listed once,
in the variant schema's `complete` layer, and checked on the resolved rules, where a missing one is
still an error at the line that wrote the section.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ruleset import SpecInvalid, load_catalog, resolve_checked
from tests import ROOT

VARIANT_SCHEMA = json.loads((ROOT / "schemas" / "variant.schema.json").read_text(encoding="utf-8"))
WHOLE_ENTRIES = ("clauses", "choices")
"""Sections whose entries are written whole: a clause is defined once, a choice replaces the one before."""


def _required_where_overlays_merge(node: Any, where: str, seen: frozenset[str]) -> list[str]:
    """Every `required` an overlay would meet where composition merges mappings key by key.

    List items are not searched (a list is replaced whole, so each item is written whole), nor the
    branches of a choice between two forms of object (their required fields say which form a value
    has), nor the entries of the sections written whole, nor a value the schema marks to be replaced whole.
    """
    if not isinstance(node, dict) or node.get("x-merge") == "replace":
        return []  # a value replaced whole is written whole, its required fields with it
    found = [where] if "required" in node else []
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/") and ref not in seen:
        target = VARIANT_SCHEMA["$defs"][ref.removeprefix("#/$defs/")]
        found += _required_where_overlays_merge(target, f"{where} -> {ref}", seen | {ref})
    branches = [branch for branch in node.get("anyOf", []) if branch.get("type") != "null"]
    if len(branches) == 1:
        found += _required_where_overlays_merge(branches[0], where, seen)
    for name, sub in node.get("properties", {}).items():
        if name not in WHOLE_ENTRIES:
            found += _required_where_overlays_merge(sub, f"{where}/{name}", seen)
    found += _required_where_overlays_merge(node.get("additionalProperties"), f"{where}/*", seen)
    return found


def test_no_section_of_the_overlay_shape_requires_a_field() -> None:
    assert _required_where_overlays_merge(VARIANT_SCHEMA["$defs"]["shape"], "", frozenset()) == []


def _house_rule(folder: Path, applies_to: str, settings: str) -> Path:
    path = folder / "mine.yaml"
    path.write_text(
        "$schema: ../../schemas/house-rule.schema.json\nformat: 1\nid: mine\ntitle: Mine\nsummary: A test rule.\n"
        f"applies_to: [{applies_to}]\nset:\n{settings}clauses: {{}}\n",
        encoding="utf-8",
    )
    return path


def test_an_overlay_sets_one_setting_of_an_auction_and_keeps_the_rest(tmp_path: Path) -> None:
    catalog = load_catalog([_house_rule(tmp_path, "six-hand-bid-euchre", "  auction:\n    rounds: until_passed\n")])
    auction = resolve_checked(catalog, "six-hand-bid-euchre", ("mine",)).data["auction"]
    assert (auction["min"], auction["max"], auction["rounds"], auction["clause"]) == (1, 8, "until_passed", "six-bid.auction")


def test_a_section_still_missing_a_field_once_composed_is_an_error_at_the_overlay(tmp_path: Path) -> None:
    path = _house_rule(tmp_path, "north-american", "  auction:\n    rounds: until_passed\n")
    with pytest.raises(SpecInvalid) as excinfo:
        resolve_checked(load_catalog([path]), "north-american", ("mine",))
    messages = {(error.file.rsplit("/", 1)[-1], error.line, error.pointer, error.message) for error in excinfo.value.errors}
    assert ("mine.yaml", 8, "/auction", "missing required field 'min'") in messages
