"""OpenSpiel's Euchre under test: the adapter deals our cards, refuses what OpenSpiel refuses, and the
suite shows its deviations instead of hiding them. Skipped when pyspiel cannot be imported (CI
installs it through the `openspiel` extra)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

from jsonschema import Draft202012Validator

from conformance.engines.openspiel import HOUSE_RULES, InProcessOpenSpiel, OpenSpielHands, hello_reply
from conformance.engines.openspiel_hand import CARDS, OpenSpielHand, Refused, card_code, card_id
from conformance.fuzzing.play import Setup, fuzz
from conformance.running.runner import run_suite
from conformance.suite.expected import default_expected_file, load_expected_failures
from conformance.suite.requests import build_request
from conformance.suite.scenarios import suite
from documents.schemas import registry
from reference_impl.deal import deal_number
from ruleset.compiled.loading import load_rules
from tests import ROOT

NA = load_rules("north-american", ["stick-the-dealer"])
REVOKE_SCRIPT = ["1 order_up", "1 pass", "0 discard:9C", "1 play:9S", "2 play:9D"]
"""Hearts are trump, spades are led, and seat 3 holds four spades and the queen of diamonds."""
HANDS = [
    ["9C", "TC", "QC", "KC", "AC"],
    ["JD", "9H", "TH", "9S", "TS"],
    ["AH", "KH", "QH", "9D", "TD"],
    ["JS", "QS", "KS", "AS", "QD"],
]


def new_hand(dealer: int = 0, hands: list[list[str]] = HANDS, up_card: str = "JH", rules=NA) -> OpenSpielHand:
    return OpenSpielHands().new_hand(rules.document, {"dealer": dealer, "hands": hands, "up_card": up_card})


def by_id(*idents: str):
    chosen = [scenario for scenario in suite() if scenario.id in idents]
    assert len(chosen) == len(idents)
    return chosen


def test_card_ids_follow_openspiel_rank_times_four_plus_suit() -> None:
    assert [card_id(code) for code in ("9C", "9D", "JC", "JH", "JS", "AS")] == [0, 1, 8, 10, 11, 23]
    assert all(card_id(card_code(card)) == card for card in range(CARDS))


@pytest.mark.parametrize("dealer", range(4))
def test_numbered_deals_reach_openspiel_card_for_card(dealer: int) -> None:
    engine = OpenSpielHands()
    for number in [*range(60), 2**64 - 1]:
        ours = deal_number(NA, number, dealer)
        hand = engine.new_hand(NA.document, {"dealer": dealer, "number": number})
        holders = hand.state.card_holder()
        for seat, cards in enumerate(ours.hands):
            assert sorted(card_id(NA.card_code(card)) for card in cards) == [c for c in range(CARDS) if holders[c] == seat]
        assert ours.up_card is not None
        assert hand.state.upcard() == card_id(NA.card_code(ours.up_card))
        assert hand.state.dealer() == dealer
        assert sorted(map(sorted, hand.observe()["hands"])) == sorted(sorted(NA.card_code(c) for c in h) for h in ours.hands)


def test_explicit_deals_are_dealt_as_written() -> None:
    observed = new_hand(dealer=2).observe()
    assert [sorted(hand) for hand in observed["hands"]] == [sorted(hand) for hand in HANDS]
    assert (observed["dealer"], observed["up_card"], observed["to_act"]) == (2, "JH", 3)


def test_the_handshake_declares_only_what_openspiel_plays() -> None:
    hello = hello_reply()
    schema = {"$ref": "https://euchre-spec.org/schemas/protocol.schema.json#/$defs/hello_reply"}
    Draft202012Validator(schema, registry=registry()).validate(hello)
    assert hello["variants"] == ["north-american"]
    assert set(hello["house_rules"]) == {
        "stick-the-dealer",
        "defend-alone=never",
        "defend-alone=always",
        "no-up-card-discard",
        "dealer-picks-up-for-loner",
    }
    assert default_expected_file(hello["name"]) == ROOT / "conformance/expected-failures/openspiel-euchre.yaml"


def test_with_the_rules_openspiel_always_plays_the_fuzzer_finds_no_difference() -> None:
    """The strongest check of the declaration: on exactly OpenSpiel's rules the two engines agree."""
    rules = ("stick-the-dealer", "defend-alone=always", "no-up-card-discard", "dealer-picks-up-for-loner")
    result = fuzz(Setup(("reference", "openspiel"), "north-american", rules, seed=11), hands=300)
    assert result.disagreements == []


def test_undeclared_rules_and_games_are_not_applicable() -> None:
    engine = InProcessOpenSpiel()
    scenario = by_id("na-smoke-001")[0]
    request = build_request(scenario, 0)
    for change in (
        {"variant": "british"},
        {"house_rules": ["super-euchre"]},
        {"house_rules": ["defend-alone=against-lone-maker"]},
        {"start_scores": [3, 4]},
        {"deals": [*request["deals"], {"number": 5}]},
    ):
        assert engine.request(request | change)["type"] == "not_applicable", change
    assert engine.request(request | {"start_scores": [0, 0]})["type"] == "result"


def test_a_scenario_openspiel_gets_right_passes() -> None:
    result = run_suite(InProcessOpenSpiel(), by_id("na-smoke-001", "na-follow-001", "na-r2-001", "hr-noup-001", "hr-defend-006"))
    assert [outcome.status for outcome in result.outcomes] == ["pass"] * 5


def test_known_deviations_fail_and_are_not_hidden() -> None:
    result = run_suite(InProcessOpenSpiel(), by_id("na-r1-008", "na-alone-012", "fz-discard-up-card-001", "fz-loner-pickup-001"))
    assert [outcome.status for outcome in result.outcomes] == ["fail"] * 4
    messages = " ".join(outcome.message for outcome in result.outcomes)
    assert "cannot_discard_up_card" in messages and "to_act: expected 1, got 0" in messages


@pytest.mark.parametrize(
    ("script", "seat", "action", "reason"),
    [
        ([], 1, "play:JD", "wrong_phase"),
        ([], 2, "pass", "not_your_turn"),
        ([], 1, "shout", "unknown_action"),
        ([], 1, "name_trump:S", "wrong_phase"),
        (["1 pass", "2 pass", "3 pass", "0 pass"], 1, "name_trump:H", "turned_down_suit"),
        (["1 pass", "2 pass", "3 pass", "0 pass", "1 pass", "2 pass", "3 pass"], 0, "pass", "dealer_must_name_trump"),
        (["1 order_up", "1 pass"], 0, "discard:JH", "cannot_discard_up_card"),
        (["1 order_up", "1 pass"], 0, "discard:JD", "card_not_in_hand"),
        (["1 order_up", "1 pass"], 0, "leave_up_card", "pickup_compulsory"),
        (["1 order_up", "1 pass", "0 discard:9C", "1 play:9S"], 2, "play:JS", "card_not_in_hand"),
        (["1 order_up", "1 pass", "0 discard:9C", "1 play:9S"], 3, "play:QS", "not_your_turn"),
        (REVOKE_SCRIPT, 3, "play:QD", "must_follow_suit"),
    ],
)
def test_illegal_actions_are_refused_for_openspiel_s_reason(script: list[str], seat: int, action: str, reason: str) -> None:
    hand = new_hand()
    for step in script:
        hand.apply(int(step[0]), step[2:])
    history = list(hand.state.history())
    with pytest.raises(Refused) as refused:
        hand.apply(seat, action)
    assert refused.value.reason == reason
    assert list(hand.state.history()) == history, "a refused action must leave OpenSpiel's state alone"


def test_a_revoke_openspiel_itself_would_accept_is_refused() -> None:
    """pyspiel's apply_action takes any id; the adapter checks legal_actions() first."""
    hand = new_hand()
    for step in REVOKE_SCRIPT:
        hand.apply(int(step[0]), step[2:])
    loose = hand.state.clone()
    loose.apply_action(card_id("QD"))
    assert loose.num_cards_played() == hand.state.num_cards_played() + 1, "OpenSpiel itself took the revoke"
    with pytest.raises(Refused):
        hand.apply(3, "play:QD")


def test_the_maker_answers_before_the_discard_as_our_rules_ask() -> None:
    hand = new_hand()
    hand.apply(1, "order_up")
    assert (hand.to_act, sorted(hand.legal_actions())) == (1, ["go_alone", "pass"])
    assert hand.observe()["hands"][0] == HANDS[0], "the up-card waits on the table until the discard"
    hand.apply(1, "go_alone")
    observed = hand.observe()
    assert (observed["to_act"], observed["maker_alone"], observed["sitting_out"]) == (0, True, [3])
    hand.apply(0, "discard:9C")
    assert hand.state.declarer_go_alone() is True
    assert hand.to_act == 1


def test_a_full_conform_run_lists_every_failure_in_the_expected_failures_file() -> None:
    hello = hello_reply()
    path = default_expected_file(hello["name"])
    assert path is not None
    expected = load_expected_failures(path, suite())
    result = run_suite(InProcessOpenSpiel(), suite(), lambda hello: expected)
    unexplained = [f"{o.scenario.id}: {o.status}: {o.message}" for o in result.outcomes if o.status in ("fail", "error", "xpass")]
    assert not unexplained, "\n".join(unexplained)
    assert {o.scenario.id for o in result.outcomes if o.status == "xfail"} == set(expected)
    assert result.count("pass") >= 80
    for outcome in result.outcomes:
        if outcome.status == "skipped":
            assert "does not play" in outcome.message
        if outcome.status == "not_applicable":
            assert "one hand per game" in outcome.message or "no game score" in outcome.message
    for entry in expected.values():
        assert "euchre.cc line" in entry.reason or "euchre.cc lines" in entry.reason
        assert "clause" in entry.reason


def test_conform_openspiel_runs_the_adapter_as_its_own_process(tmp_path: Path) -> None:
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "euchre_spec",
            "conform",
            "--engine",
            "openspiel",
            "--quiet",
            "--report-dir",
            str(tmp_path),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    report = json.loads((tmp_path / "openspiel" / "report.json").read_text())
    assert report["engine"]["name"] == "OpenSpiel Euchre"
    assert report["summary"]["counts"]["fail"] == 0
    expected_file = default_expected_file("OpenSpiel Euchre")
    assert expected_file is not None
    assert report["summary"]["counts"]["xfail"] == len(load_expected_failures(expected_file, suite()))
    assert set(HOUSE_RULES) == set(report["engine"]["house_rules"])
