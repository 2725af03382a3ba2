"""The JavaScript engine in engines/javascript/, checked over the harness protocol like any engine.

It is a second engine written from the rules and the protocol page alone, so a pass here is
evidence that those are enough to build an engine on. The tests need node: without it they
skip, except in CI (the CI variable set), where a missing node is a failure.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

from conformance.engines.process import EngineProcess
from conformance.running.runner import run_suite
from conformance.suite.outcomes import RunResult
from conformance.suite.scenarios import suite
from reference_impl.deal import deal_number
from ruleset import builtin_catalog
from ruleset.compiled.loading import load_rules
from ruleset.language import lower
from tests import ROOT

ENGINE = ROOT / "engines" / "javascript" / "engine.js"
NA_VECTORS = [vector for vector in builtin_catalog().deal_numbers["vectors"]["deals"] if vector["variant"] == "north-american"]
MIN_PASSES = 172
"""Scenarios the engine passes today (north-american 153, north-american-32 16): fewer is a regression."""


@pytest.fixture(scope="module")
def command() -> list[str]:
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI"):
            pytest.fail("node is not installed: CI must test the JavaScript engine (install the Debian package nodejs)")
        pytest.skip("node is not installed")
    return [node, str(ENGINE)]


@pytest.fixture(scope="module")
def suite_result(command: list[str]) -> RunResult:
    return run_suite(EngineProcess(command, timeout=30, cwd=ROOT), suite())


def exchange(command: list[str], *messages: dict[str, object] | str) -> list[dict[str, object]]:
    """Send lines to a fresh engine process and return its replies, one JSON object per line."""
    lines = [message if isinstance(message, str) else json.dumps(message) for message in messages]
    completed = subprocess.run(command, input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=30, check=True)
    return [json.loads(line) for line in completed.stdout.splitlines()]


def run_request(seq: int, deals: list[dict[str, object]], variant: str = "north-american") -> dict[str, object]:
    return {
        "type": "run",
        "seq": seq,
        "scenario": f"deal-{seq}",
        "variant": variant,
        "house_rules": [],
        "rules": lower(load_rules(variant).document, 1),  # the language the engine reads, as the runner sends it
        "deals": deals,
        "actions": [],
        "probes": [],
    }


def test_no_declared_scenario_fails(suite_result: RunResult) -> None:
    bad = [f"{o.scenario.id}: {o.status} {o.message}" for o in suite_result.outcomes if o.status not in ("pass", "skipped")]
    assert not bad, "\n".join(bad)
    assert suite_result.restarts == 0


def test_it_passes_at_least_the_stated_number_of_scenarios(suite_result: RunResult) -> None:
    assert suite_result.count("pass") >= MIN_PASSES
    assert {"north-american", "north-american-32"} <= set(suite_result.engine["variants"])


def test_games_of_several_hands_and_starting_scores_are_played(suite_result: RunResult) -> None:
    games = [o for o in suite_result.outcomes if len(o.scenario.deals) > 1 or o.scenario.start_scores is not None]
    assert games
    assert {o.status for o in games} <= {"pass", "skipped"}
    assert any(o.status == "pass" for o in games)


@pytest.mark.parametrize("vector", NA_VECTORS, ids=lambda v: f"number-{v['number']}")
def test_deal_numbers_match_the_published_vectors(command: list[str], vector: dict[str, object]) -> None:
    [result] = exchange(command, run_request(0, [{"dealer": vector["dealer"], "number": vector["number"]}]))
    first = result["observations"][0]
    assert (first["hands"], first["up_card"], first["dealer"]) == (vector["hands"], vector["up_card"], vector["dealer"])


def test_deal_numbers_match_the_python_dealer(command: list[str]) -> None:
    """Every seat dealing, small and huge numbers, both packs: the same cards as reference_impl's dealer."""
    cases = [("north-american", seq % 4, number) for seq, number in enumerate([*range(40), 2**53 + 1, 2**63, 2**64 - 2])]
    cases += [("north-american-32", number % 4, number) for number in range(8)]
    requests = [run_request(seq, [{"dealer": dealer, "number": n}], variant) for seq, (variant, dealer, n) in enumerate(cases)]
    for (variant, dealer, number), result in zip(cases, exchange(command, *requests), strict=True):
        rules = load_rules(variant)
        expected = deal_number(rules, number, dealer).to_codes(rules)
        first = result["observations"][0]
        assert (first["hands"], first["up_card"]) == (expected["hands"], expected["up_card"]), (variant, number)


def test_a_bad_line_is_answered_with_an_error_and_the_engine_goes_on(command: list[str]) -> None:
    replies = exchange(command, {"type": "hello", "protocol": 1}, "not json", {"type": "shout", "seq": 3}, {"type": "bye"})
    assert [reply["type"] for reply in replies] == ["hello", "error", "error"]
    assert replies[2]["seq"] == 3


def test_rules_it_does_not_play_are_not_applicable(command: list[str]) -> None:
    request = run_request(5, [{"dealer": 0, "number": 1}], "british")
    [reply] = exchange(command, request)
    assert reply["type"] == "not_applicable"
    assert "/" in str(reply["reason"])


def test_a_deal_with_a_card_outside_the_pack_is_an_error(command: list[str]) -> None:
    hands = [
        ["9C", "TC", "QC", "KC", "AC"],
        ["JD", "9H", "TH", "9S", "TS"],
        ["AH", "KH", "QH", "9D", "TD"],
        ["JS", "QS", "KS", "AS", "7D"],
    ]
    [reply] = exchange(command, run_request(6, [{"dealer": 0, "hands": hands, "up_card": "JH"}]))
    assert reply == {"type": "error", "seq": 6, "message": "deal 0: 7D not in this pack"}


@pytest.mark.parametrize("number", [-1, 2**64, 1.5, "seven"], ids=["negative", "too-large", "fraction", "text"])
def test_a_deal_number_out_of_range_is_an_error(command: list[str], number: object) -> None:
    [reply] = exchange(command, run_request(7, [{"dealer": 0, "number": number}]))
    assert reply["type"] == "error"
    assert "a deal number is a whole number from 0 to 2^64 - 1" in str(reply["message"])


def test_an_incomplete_rules_document_is_an_error_naming_the_missing_setting(command: list[str]) -> None:
    request = run_request(8, [{"dealer": 0, "number": 1}])
    rules = json.loads(json.dumps(request["rules"]))
    del rules["game"]["target"]
    [reply] = exchange(command, {**request, "rules": rules})
    assert reply == {"type": "error", "seq": 8, "message": "the rules document has no /game/target"}
