"""The suite measures itself: every reading the spec rejects that the rules can express is a wrong
engine, and some scenario must fail it. A reading recorded in a spec file but not written as rules
(or written as rules but no longer recorded) fails here, so the list cannot fall behind the spec."""

from __future__ import annotations

import json

import pytest

from conformance.measuring.choice_mutants import READINGS, ChoiceMutant, choice_mutants, measure, recorded_choices
from conformance.suite.scenarios import scenario_rules, suite
from ruleset.compiled.loading import load_rules
from ruleset.semantics import named_house_rule, other_readings
from tests import ROOT

MUTANTS = choice_mutants()
EXPRESSIBLE = [mutant for mutant in MUTANTS if mutant.reading.edit is not None]
SCORE = ROOT / "bench" / "mutation-score.json"


def test_every_recorded_reading_is_written_as_rules_or_says_why_not() -> None:
    texts = {
        (ident, pointer, reading_id): text
        for _, ident, pointer, choice in recorded_choices()
        for reading_id, text in other_readings(choice)
    }
    assert None not in {key[2] for key in texts}, "every reading the spec records has an id"
    recorded = set(texts)
    by_house_rule = {key for key, text in texts.items() if named_house_rule(text)}
    assert set(READINGS) <= recorded, "READINGS lists readings no spec file records any more"
    assert recorded - by_house_rule <= set(READINGS), "a recorded reading is neither in READINGS nor names its house rule"
    assert all((reading.edit is None) != (reading.why_not is None) for reading in READINGS.values())


def test_a_reading_naming_a_house_rule_plays_exactly_what_that_rule_sets() -> None:
    [mutant] = [m for m in MUTANTS if m.document == "cutthroat" and "cutthroat-march-two" in m.text]
    assert mutant.edits(load_rules("cutthroat")) == {"/scoring/rows/march/award/points": 2}
    [replacing] = [m for m in MUTANTS if m.document == "renege-penalty" and "renege-three" in m.text]
    assert replacing.edits(load_rules("north-american", ("renege-penalty",))) == {
        "/play/renege_penalty/points": 3,
        "/play/renege_penalty/against_lone": 5,
    }


def test_most_readings_are_expressible() -> None:
    assert len(EXPRESSIBLE) >= 20


@pytest.mark.parametrize("mutant", EXPRESSIBLE, ids=lambda m: f"{m.document}{m.pointer}:{m.reading_id}")
def test_the_reading_changes_the_rules_it_governs(mutant: ChoiceMutant) -> None:
    governed = [s for s in suite() if mutant.governs(scenario_rules(s))]
    assert governed, f"no scenario plays rules recording the choice at {mutant.pointer}"
    rules = scenario_rules(governed[0])
    assert mutant.mutate(rules).document != rules.document


@pytest.mark.parametrize("mutant", EXPRESSIBLE, ids=lambda m: f"{m.document}{m.pointer}:{m.reading_id}")
def test_the_suite_catches_the_reading(mutant: ChoiceMutant) -> None:
    result = measure(mutant, first_only=True)
    assert result.status == "caught", f"no scenario fails an engine reading {mutant.name} ({result.invalid or 'all pass'})"


def test_the_committed_score_covers_every_reading_as_it_stands() -> None:
    data = json.loads(SCORE.read_text(encoding="utf-8"))
    committed = {(row["file"], row["pointer"], row["reading_id"], row["reading"]): row["status"] for row in data["mutants"]}
    expected = {
        (m.document, m.pointer, m.reading_id, m.text): "not expressible" if m.reading.edit is None else "caught" for m in MUTANTS
    }
    assert committed == expected, "run `euchre-spec scenarios mutants --json bench/mutation-score.json`"
    assert data["caught"] == data["expressible"] == len(EXPRESSIBLE)
