"""The public contract says things once: the schemas and the engine agree on codes and action ids."""

from __future__ import annotations

import json
import re

from ruleset import builtin_catalog
from ruleset.compiled.loading import load_rules
from ruleset.refusals import REFUSALS, scenario_schema_text
from tests import ROOT

SCHEMA_DIR = ROOT / "schemas"


def schema(name: str) -> dict:
    return json.loads((SCHEMA_DIR / name).read_text())


def test_the_scenario_schema_lists_the_refusal_reasons_of_the_one_table_in_its_order() -> None:
    committed = (SCHEMA_DIR / "scenario.schema.json").read_text(encoding="utf-8")
    assert committed == scenario_schema_text(), "the reason enum is stale: run `python3 tasks.py blocks`"
    assert schema("scenario.schema.json")["$defs"]["reason"]["enum"] == [refusal.code for refusal in REFUSALS]


def test_the_reasons_any_action_can_meet_come_before_those_of_a_phase() -> None:
    order = [refusal.precedence for refusal in REFUSALS]
    assert order == sorted(order) and order[:4] == [1, 2, 3, 4] and set(order[4:]) == {5}
    assert len({refusal.code for refusal in REFUSALS}) == len(REFUSALS)


def test_every_action_of_every_variant_matches_the_action_pattern() -> None:
    action = re.compile(schema("common.schema.json")["$defs"]["action"]["pattern"])
    step = re.compile(schema("scenario.schema.json")["$defs"]["step"]["pattern"])
    for variant_id in builtin_catalog().variants:
        for text in load_rules(variant_id).actions:
            assert action.match(text), text
            assert step.match(f"0 {text}"), text


def test_a_scenario_step_is_a_seat_and_exactly_the_action_pattern() -> None:
    """The action grammar is written twice (a step cannot reference another pattern); this keeps them one."""
    action = schema("common.schema.json")["$defs"]["action"]["pattern"]
    step = schema("scenario.schema.json")["$defs"]["step"]["pattern"]
    # A step may be marked as taken out of turn (a lead out of turn under the laws that allow one).
    assert action.startswith("^") and action.endswith("$")
    assert step == "^[0-7] " + action[1:-1] + "(?: out_of_turn)?$"


def test_every_card_code_matches_the_card_pattern() -> None:
    card = re.compile(schema("common.schema.json")["$defs"]["card"]["pattern"])
    for variant_id in builtin_catalog().variants:
        for face in load_rules(variant_id).deck:
            assert card.match(face.code), face.code


def test_every_schema_property_has_a_description() -> None:
    def walk(node: object, where: str) -> None:
        if isinstance(node, dict):
            for name, sub in node.get("properties", {}).items():
                # A layer that only adds constraints (variant.schema.json's "complete") is described where the shape is.
                layer = isinstance(sub, dict) and not set(sub) & {"type", "enum", "const", "anyOf", "oneOf", "items"}
                assert isinstance(sub, dict) and ("description" in sub or "$ref" in sub or layer), f"{where}/properties/{name}"
            for key, value in node.items():
                walk(value, f"{where}/{key}")
        elif isinstance(node, list):
            for index, item in enumerate(node):
                walk(item, f"{where}/{index}")

    for path in sorted(SCHEMA_DIR.glob("*.schema.json")):
        data = json.loads(path.read_text())
        assert data["$id"].endswith(path.name)
        walk(data, path.name)
