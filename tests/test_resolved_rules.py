"""Resolved rules are complete: every default is in the schema, filled in once, read without fallbacks.

An engine that receives resolved rules (ours over the protocol, or any other) must find every
setting written in them, so what an absent value means is said once, by the schema.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from conformance.engines.reference import ReferenceEngine
from documents.schemas import validate
from ruleset import RESOLVED_SCHEMA, builtin_catalog, fill_defaults, resolve, resolve_checked
from ruleset.compiled.loading import load_rules
from ruleset.compiled.rules import compile_rules
from ruleset.resolved_schema import schema_text
from ruleset.validation import compositions
from tests import ROOT
from tests.cli_helpers import run_cli

SCHEMAS = ROOT / "schemas"
# Fields that may stay absent in resolved rules, each for its reason (see the resolved schema's description).
MAY_BE_ABSENT = {
    "language",  # written by composition, never by a spec file
    "label",  # a scoring row without a label is shown by its name
    "makers_tricks",  # a scoring row's conditions: one left out matches any value
    "maker_alone",
    "defender_alone",
    "predicted_alone",
    "role",  # a per-player row's conditions, likewise
    "score_at_least",  # a table condition names exactly one of these, with its parameter
    "called_last_hand",
    "suit_euchred",
    "led_rank",
    "up_card_seat",
    "not_last_trick_suit",
    "tricks",
    "made",  # a contract game's row conditions, likewise
    "bid",
    "makers",  # a side a contract row's award leaves out scores nothing
    "defenders",
    "default",  # the words of a label, by who says them
    "dealer",
    "dealer_partner",
    "round_two",
    "second",
    "$schema",  # a file's own bookkeeping, not merged into resolved rules
    "extends",
    "errata",  # always written by composition
    "parameter",  # a choice's notes for readers: the disputed point's name and the other readings
    "others",
}


def _complete_layer(variant: dict[str, Any]) -> dict[str, set[str]]:
    """The fields variant.schema.json's 'complete' layer requires, by section ('' for the top)."""
    layer = variant["$defs"]["complete"]
    found = {"": set(layer["required"])}

    def gather(properties: dict[str, Any]) -> None:
        for name, rules in properties.items():
            found[name] = set(rules.get("required", []))
            gather(rules.get("properties", {}))

    gather(layer["properties"])
    scoring = layer["properties"]["scoring"]["properties"]
    found["scoring_row"] = set(scoring["rows"]["additionalProperties"]["required"])
    found["player_row"] = set(scoring["player_rows"]["additionalProperties"]["required"])
    return found


def _optional_fields(node: Any, where: str, complete: dict[str, set[str]]) -> list[str]:
    """Every optional, non-citation field under `node` of the variant schema, as where/name."""
    found: list[str] = []
    if isinstance(node, dict):
        properties = node.get("properties")
        if isinstance(properties, dict) and "complete" not in where:
            section = where.split("/")[-1] if where.startswith("$defs/") else ""
            required = set(node.get("required", [])) | complete.get("" if section == "shape" else section, set())
            for name, sub in properties.items():
                citation = name == "clause" or name.endswith("_clause") or name == "rule_clauses"
                if name not in required and not citation and name not in MAY_BE_ABSENT and "default" not in sub:
                    found.append(f"{where}/{name}")
        for key, value in node.items():
            found.extend(_optional_fields(value, f"{where}/{key}" if where else key, complete))
    return found


def test_every_optional_setting_of_the_variant_schema_has_a_default() -> None:
    variant = json.loads((SCHEMAS / "variant.schema.json").read_text(encoding="utf-8"))
    assert _optional_fields(variant, "", _complete_layer(variant)) == []


def test_the_committed_resolved_schema_is_the_one_derived_from_the_variant_schema() -> None:
    committed = (SCHEMAS / RESOLVED_SCHEMA).read_text(encoding="utf-8")
    assert committed == schema_text(), "run: python -m ruleset.resolved_schema"


def test_every_composition_resolves_to_rules_that_follow_the_resolved_schema() -> None:
    catalog = builtin_catalog()
    for variant_id, house_rules in compositions(catalog):
        data = resolve_checked(catalog, variant_id, house_rules).data
        assert validate(data, RESOLVED_SCHEMA, lambda pointer: ("rules", 0)) == [], (variant_id, house_rules)


def test_composed_rules_without_their_defaults_do_not_follow_the_resolved_schema() -> None:
    composed = resolve(builtin_catalog(), "north-american").data
    missing = {error.pointer + " " + error.message for error in validate(composed, RESOLVED_SCHEMA, lambda p: ("rules", 0))}
    assert "/lone_play missing required field 'passed_player'" in missing
    assert "/play missing required field 'renege'" in missing


def test_filling_writes_the_schema_defaults_and_keeps_what_was_written() -> None:
    data = fill_defaults({"lone_play": {"maker": "choice", "passed_player": "not_if_passed"}, "bidding": {"round_one": {}}})
    assert data["lone_play"] == {
        "maker": "choice",
        "passed_player": "not_if_passed",
        "defender_order": "left_of_dealer",
        "partner_card": "none",
        "partner_card_order": "receive_first",
        "partner_card_defender": False,
        "partner_card_optional": False,
        "partner_card_up_card": False,
        "partner_card_returned": False,
        "partner_may_take": False,
        "abandon_points": None,
    }
    assert data["bidding"]["round_one"]["enabled"] is True
    assert data["bidding"]["prediction"] == {"enabled": False}  # a mapping default is filled in turn
    assert data["bidding"]["redeal"] is None
    assert data["bidding"]["going_under"] is None
    assert data["dummy"] == {"enabled": False, "merge": "optional"}


def test_filling_reaches_list_items_and_scoring_rows() -> None:
    data = fill_defaults({"trump": {"special_cards": [{"card": "JK", "name": "Benny"}]}, "scoring": {"rows": {"made": {}}}})
    assert data["trump"]["special_cards"] == [{"card": "JK", "name": "Benny", "equal_to_previous": False, "colour": None}]
    assert data["scoring"]["rows"] == {"made": {}}  # a row's label and conditions have no default


@pytest.mark.parametrize(
    "pointer", ["/lone_play/passed_player", "/play/renege", "/bidding/round_one/enabled", "/dummy", "/deck/copies"]
)
def test_the_compiler_supplies_no_default_of_its_own(pointer: str) -> None:
    data = copy.deepcopy(dict(load_rules("north-american").document))
    *parents, last = pointer.strip("/").split("/")
    node = data
    for token in parents:
        node = node[token]
    del node[last]
    with pytest.raises(KeyError, match=last):
        compile_rules(data)


def test_the_reference_engine_refuses_rules_without_their_defaults() -> None:
    rules = dict(resolve(builtin_catalog(), "north-american").data)
    reply = ReferenceEngine().handle(
        {
            "type": "run",
            "seq": 1,
            "scenario": "x",
            "variant": "north-american",
            "house_rules": [],
            "rules": rules,
            "deals": [{"dealer": 0, "number": 1}],
            "actions": [],
            "probes": [],
        }
    )
    assert reply["type"] == "error"
    assert "the rules do not follow resolved-variant.schema.json at /: missing required field 'auction'" in reply["message"]


def test_show_prints_the_filled_in_defaults() -> None:
    result = run_cli("show", "north-american")
    assert result.returncode == 0
    assert "  passed_player: may\n" in result.stdout
    assert "  renege: refused\n" in result.stdout
    assert "  redeal: null\n" in result.stdout
