"""The rules diff: a change that changes nothing reports 0%, a real change a share and a witness
that tells the two rule sets apart, and the same seed gives the same answer."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from conformance.engines.in_process import InProcessEngine
from conformance.measuring.rule_edits import RuleSet, differing_pointers
from conformance.measuring.rules_diff import DiffError, as_json, diff, witness_yaml
from conformance.running.runner import run_suite
from conformance.suite.scenarios import load_scenarios
from ruleset.compiled.loading import load_rules

NA = RuleSet("north-american")
STICK = RuleSet("north-american", ("stick-the-dealer",))


def test_a_rule_set_is_written_with_plus_signs() -> None:
    assert RuleSet.parse("british+defend-alone=always+throw-in") == RuleSet("british", ("defend-alone=always", "throw-in"))
    assert str(RuleSet.parse("north-american+stick-the-dealer")) == "north-american+stick-the-dealer"


def test_a_house_rule_the_variant_already_plays_changes_nothing() -> None:
    result = diff(RuleSet("british"), RuleSet("british", ("throw-in",)), hands=200, seed=1)
    assert result.values == ()
    assert result.whole.changed == 0
    assert result.whole.share == 0.0
    assert result.witness_scenario is None


def test_a_rule_no_random_hand_reaches_reports_zero_for_its_value() -> None:
    # only the round in which trump is made counts, and the maker never passed in it
    result = diff(NA, RuleSet("north-american", ("passed-player-cannot-go-alone",)), hands=200, seed=1)
    assert [change.pointer for change in result.values] == ["/lone_play/passed_player"]
    assert result.whole.changed == 0


def test_stick_the_dealer_changes_some_hands_and_names_the_value() -> None:
    result = diff(NA, STICK, hands=400, seed=1)
    assert 0 < result.whole.changed < 400
    assert [change.pointer for change in result.values] == ["/bidding/all_pass"]
    alone = result.values[0].figure
    assert alone is not None and alone.changed == result.whole.changed


def test_the_witness_passes_under_b_and_fails_under_a(tmp_path: Path) -> None:
    result = diff(NA, STICK, hands=400, seed=1)
    assert result.witness_scenario is not None
    path = tmp_path / "witness.yaml"
    path.write_text(witness_yaml(result.witness_scenario), encoding="utf-8")
    [scenario] = load_scenarios([path])
    assert scenario.house_rules == ("stick-the-dealer",)
    under_b = run_suite(InProcessEngine(), [scenario]).outcomes[0]
    under_a = run_suite(InProcessEngine(), [dataclasses.replace(scenario, house_rules=())]).outcomes[0]
    assert under_b.status == "pass"
    assert under_a.status == "fail"


def test_the_same_seed_gives_the_same_diff_and_another_seed_other_hands() -> None:
    super_euchre = RuleSet("north-american", ("super-euchre",))
    first, again = as_json(diff(NA, super_euchre, hands=200, seed=4)), as_json(diff(NA, super_euchre, hands=200, seed=4))
    assert first["witness"] is not None
    assert first == again
    other = as_json(diff(NA, super_euchre, hands=200, seed=5))
    assert other["witness"] != first["witness"]


def test_each_differing_value_is_measured_alone_or_says_why_it_cannot_be() -> None:
    result = diff(NA, RuleSet("north-american", ("super-euchre",)), hands=200, seed=1)
    pointers = [change.pointer for change in result.values]
    assert "/scoring/rows/super-euchre" in pointers  # an added row is one value, not one per field
    refused = [change for change in result.values if change.figure is None]
    assert refused and all(change.alone_refused for change in refused)
    assert result.whole.changed > 0


def test_clause_ids_and_words_are_not_rule_values() -> None:
    a = load_rules("north-american").document
    b = load_rules("north-american", ("canadian-loner",)).document
    pointers = differing_pointers(a, b)
    assert "/bidding/round_one/dealer_partner_must_go_alone" in pointers
    assert not [p for p in pointers if p.endswith("clause") or p.startswith(("/labels", "/clauses", "/choices"))]


def test_rule_sets_for_different_tables_cannot_be_compared() -> None:
    with pytest.raises(DiffError, match="4 seats"):
        diff(NA, RuleSet("two-handed"), hands=10)


def test_the_command_writes_the_witness_and_refuses_unknown_rules_without_a_traceback(tmp_path: Path) -> None:
    out = tmp_path / "w.yaml"
    command = [sys.executable, "-m", "euchre_spec", "diff", "north-american", "north-american+stick-the-dealer"]
    done = subprocess.run([*command, "--hands", "200", "--out", str(out)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "/bidding/all_pass: 'throw_in' -> 'stick_the_dealer'" in done.stdout
    assert load_scenarios([out])
    bad = subprocess.run([*command[:-2], "north-americn", "british"], capture_output=True, text=True, check=False)
    assert bad.returncode == 2
    assert "unknown variant 'north-americn'" in bad.stderr
    assert "Traceback" not in bad.stderr
