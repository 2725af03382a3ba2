"""The checkpoint records: the schema agrees with them, and they read, compare and word values as they say."""

from __future__ import annotations

import json
import typing

import pytest

from conformance.suite.checkpoints import AS_A_SET, CHECKPOINTS, EXACTLY, EXCLUDES, HANDS, INCLUDES, NOT_CHECKED, Path, ValueKind
from conformance.suite.scenarios import scenario_rules, suite
from docs_gen import checkpoint_text
from docs_gen.hands import special_names
from ruleset.compiled.loading import load_rules
from tests import ROOT


def schema(name: str) -> dict:
    return json.loads((ROOT / "schemas" / name).read_text())


CHECK = schema("scenario.schema.json")["$defs"]["check"]["properties"]
OBSERVATION = schema("protocol.schema.json")["$defs"]["observation"]["properties"]


def test_the_records_are_the_checkpoint_properties_of_the_scenario_schema_in_its_order() -> None:
    assert list(CHECKPOINTS) == [name for name in CHECK if name not in NOT_CHECKED]
    assert set(NOT_CHECKED) <= set(CHECK)


@pytest.mark.parametrize("name", list(CHECKPOINTS))
def test_the_schema_describes_each_kind_as_its_record_does(name: str) -> None:
    kind, description = CHECKPOINTS[name], CHECK[name]["description"]
    assert description.startswith(kind.meaning), "the description must open with the record's meaning"
    assert not description[len(kind.meaning)].isalnum(), "the meaning must be whole words of the description"
    assert kind.comparison.phrase in description, f"the description must say it is {kind.comparison.phrase!r}"
    if kind.path is None:
        assert "probe" in description
        return
    assert f"the observation's {kind.path.field}" in description
    if kind.path.text != kind.path.field:
        assert kind.path.text in description


@pytest.mark.parametrize("name", [name for name, kind in CHECKPOINTS.items() if kind.path is not None])
def test_each_kind_reads_a_field_of_the_protocols_observation(name: str) -> None:
    path = CHECKPOINTS[name].path
    assert path is not None and path.field in OBSERVATION


@pytest.mark.parametrize("name", list(CHECKPOINTS))
def test_a_kind_is_worded_as_yes_or_no_exactly_when_the_schema_makes_it_a_boolean(name: str) -> None:
    words = CHECKPOINTS[name].words
    is_flag = CHECK[name].get("type") == "boolean"
    assert (words.value == "yes_no") == is_flag
    assert (words.false is not None) == is_flag


def test_every_kind_of_value_but_a_flag_has_a_way_to_be_drawn() -> None:
    assert set(checkpoint_text.DRAWN_VALUES) == set(typing.get_args(ValueKind)) - {"yes_no"}


def test_paths_read_a_field_the_last_entry_of_a_list_or_its_length() -> None:
    observed = {"to_act": 2, "finished_hands": [{"points": [1, 0]}, {"points": [0, 2], "thrown_in": False}]}
    assert Path("to_act").read(observed) == 2
    assert Path("finished_hands[-1].points").read(observed) == [0, 2]
    assert Path("finished_hands[-1].thrown_in").read(observed) is False
    assert Path("len(finished_hands)").read(observed) == 2
    assert Path("finished_hands[-1].points").read({"finished_hands": []}) is None
    assert Path("len(finished_hands)").read({"finished_hands": None}) == 0
    assert Path("maker").read(observed) is None
    assert Path("len(finished_hands)").field == "finished_hands"


@pytest.mark.parametrize("text", ["", "Finished", "finished_hands[0].points", "len(finished_hands", "a.b"])
def test_a_path_outside_the_three_forms_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="not an observation path"):
        Path(text)


def test_comparisons_hold_values_as_their_names_say() -> None:
    assert not AS_A_SET.differs(AS_A_SET.expected(["pass", "order_up"]), AS_A_SET.observed(["order_up", "pass", "pass"]))
    assert AS_A_SET.observed(None) == set()
    assert EXACTLY.differs(EXACTLY.expected([1, 2]), EXACTLY.observed([2, 1]))
    assert not HANDS.differs(HANDS.expected([["9C", "JH"]]), HANDS.observed([["JH", "9C"]]))
    assert HANDS.differs(HANDS.expected([["9C", "9C"]]), HANDS.observed([["9C"]]))
    assert not INCLUDES.differs(INCLUDES.expected(["pass"]), INCLUDES.observed(["pass", "order_up"]))
    assert INCLUDES.differs(INCLUDES.expected(["go_alone"]), INCLUDES.observed(["pass"]))
    assert EXCLUDES.differs(EXCLUDES.expected(["pass"]), EXCLUDES.observed(["pass", "order_up"]))
    assert INCLUDES.expected_text({"pass"}) == "includes {pass}"


def test_every_checkpoint_of_the_suite_is_worded_with_its_value_in_place() -> None:
    seen = set()
    for scenario in suite():
        rules = scenario_rules(scenario)
        names = special_names(dict(rules.document))
        for check in scenario.checks:
            for sentence in checkpoint_text.expectations(rules, check, names):
                assert "{value}" not in sentence, (scenario.id, check)
            seen |= set(check) - set(NOT_CHECKED)
    assert seen <= set(CHECKPOINTS)


def test_the_words_for_nothing_for_an_empty_list_and_for_a_false_flag() -> None:
    rules = load_rules("north-american")

    def said(name: str, wanted: object) -> str:
        return checkpoint_text.expectation(rules, CHECKPOINTS[name], wanted, {})

    assert said("to_act", None) == "nobody is to act"
    assert said("to_act", 1) == "**seat 1** to act"
    assert said("sitting_out", []) == "nobody sits out"
    assert said("trick_winners", []) == "tricks won by: <em>no trick yet</em>"
    assert said("game_over", False) == "the game is not over"
    assert said("scores", [3, 10]) == "scores: seat 0 & seat 2: **3**, seat 1 & seat 3: **10**"
    assert said("refuse", {"step": "1 go_alone", "reason": "not_your_turn"}).endswith("as `not_your_turn`")
    assert said("dummy", []) == "dummy: <em>nothing</em>"
