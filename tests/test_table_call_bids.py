"""The guide's worked example of a table's own rule (Call 1 and Call 2) validates and plays.

The example lives in the docs, not in the spec: no source read gives these bids' scores. So that
it cannot rot, the guide must show the file exactly as it is, the file must pass `validate`, and
a hand played with it must pass cards both ways and score the rows the file writes.
"""

from __future__ import annotations

from reference_impl.deal import explicit_deal
from reference_impl.engine import apply, legal_actions, new_hand, observe
from ruleset.compiled.loading import load_rules
from tests import ROOT
from tests.cli_helpers import run_cli
from tests.engine_helpers import run

EXAMPLE = ROOT / "docs" / "guides" / "examples" / "table-call-bids.yaml"
GUIDE = ROOT / "docs" / "guides" / "house-rule.md"
HANDS = [
    ["9H#1", "9H#2", "AD#1", "AD#2", "KD#1", "KD#2", "QD#1", "QD#2", "TD#1", "TD#2", "9D#1", "9D#2"],
    ["JH#1", "JH#2", "JD#1", "JD#2", "AH#1", "AH#2", "KH#1", "KH#2", "QH#1", "9C#1", "9C#2", "9S#1"],
    ["AC#1", "AC#2", "KC#1", "KC#2", "QC#1", "QC#2", "JC#1", "JC#2", "TC#1", "TC#2", "TS#2", "9S#2"],
    ["QH#2", "TH#1", "TH#2", "AS#1", "AS#2", "KS#1", "KS#2", "QS#1", "QS#2", "JS#1", "JS#2", "TS#1"],
]


def test_the_guide_shows_the_example_file_as_it_is() -> None:
    guide = GUIDE.read_text(encoding="utf-8")
    block = f'```yaml title="docs/guides/examples/table-call-bids.yaml"\n{EXAMPLE.read_text(encoding="utf-8")}```'
    assert block in guide


def test_the_example_validates() -> None:
    completed = run_cli("validate", str(EXAMPLE))
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "all valid" in completed.stdout


def test_a_call_1_passes_a_card_both_ways_and_scores_the_tables_own_rows() -> None:
    rules = load_rules("bid-euchre-double", ("table-call-bids",), extra=(EXAMPLE,))
    state = run(new_hand(rules, explicit_deal(rules, 0, HANDS, None)), "bid:call-1:H")
    legal = {action.text for action in legal_actions(state)}
    assert "bid:moon:S" in legal and not any(text.startswith(("bid:call-1", "bid:call-2", "bid:12")) for text in legal)
    state = run(state, "pass", "pass", "pass")
    assert (state.phase, state.to_act) == ("call_hand_over", 1)
    state = run(state, "give:9C#1")
    assert (state.phase, state.to_act) == ("call_pass_back", 3)
    state = run(state, "give:9C#1")
    observation = observe(state)
    assert observation["cards_passed"] == [{"from": 1, "to": 3, "cards": ["9C#1"]}, {"from": 3, "to": 1, "cards": ["9C#1"]}]
    assert sorted(observation["hands"][1]) == sorted(HANDS[1]) and observation["sitting_out"] == [3]
    while not state.is_over:
        state = apply(state, legal_actions(state)[0].text, state.to_act)
    result = state.result
    assert result is not None
    made = result.makers_tricks == 12
    assert result.row == ("call-1" if made else "call-1-set")
    assert result.points == ((0, 20) if made else (12 - result.makers_tricks, -20))
