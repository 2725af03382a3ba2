"""Engines that always play one reading of a disputed rule are judged only on what the rules say.

Each engine here is the reference engine with one reading forced on, whatever a request asks
(the way OpenSpiel always lets the dealer pick up for a lone partner), declaring it in its
handshake under `always`. The whole suite must then show no failure: the scenarios that check
the other reading are not applicable, every other scenario runs and passes. Without the
declaration the same engine fails, so the declaration is what saves it.
"""

from __future__ import annotations

from typing import Any

import pytest

from conformance.engines.in_process import InProcessEngine
from conformance.engines.reference import ReferenceEngine
from conformance.running.runner import run_suite
from conformance.suite.outcomes import FAILING
from conformance.suite.scenarios import suite
from ruleset import SpecInvalid, builtin_catalog
from ruleset.compiled.loading import load_rules
from ruleset.compiled.rules import Rules

READINGS = ("dealer-picks-up-for-loner", "defender-order=maker-left", "defend-alone=always")


def forcing(reading: str) -> Any:
    """A rules hook that plays `reading` on every variant it applies to, whatever was asked."""
    rule_id = reading.partition("=")[0]
    applies_to = builtin_catalog().house_rules[rule_id].data["applies_to"]

    def hook(rules: Rules) -> Rules:
        if "any" not in applies_to and rules.variant_id not in applies_to:
            return rules
        own = tuple(ref for ref in rules.house_rules if ref.partition("=")[0] != rule_id)
        try:
            return load_rules(rules.variant_id, (*own, reading))
        except SpecInvalid:  # the reading cannot be played with these rules: the scenario is excluded anyway
            return rules

    return hook


class AlwaysPlaying(InProcessEngine):
    def __init__(self, reading: str, declared: bool) -> None:
        super().__init__(ReferenceEngine(rules_hook=forcing(reading)))
        self.reading, self.declared = reading, declared

    def start(self) -> dict[str, Any]:
        hello = super().start()
        return hello | {"always": [self.reading]} if self.declared else hello


@pytest.mark.parametrize("reading", READINGS)
def test_a_declared_reading_costs_no_failure_and_excuses_only_what_it_changes(reading: str) -> None:
    result = run_suite(AlwaysPlaying(reading, declared=True), suite())
    failures = [(o.scenario.id, o.message) for o in result.outcomes if o.status in FAILING]
    assert failures == []
    excused = [o for o in result.outcomes if o.status == "not_applicable"]
    assert excused, "a reading that changes nothing in the suite would not need declaring"
    assert all("always plays" in o.message or "the scenario plays" in o.message for o in excused)
    assert result.count("pass") > len(suite()) // 2


@pytest.mark.parametrize("reading", READINGS)
def test_the_same_engine_fails_without_the_declaration(reading: str) -> None:
    result = run_suite(AlwaysPlaying(reading, declared=False), suite())
    assert any(o.status == "fail" for o in result.outcomes)


def test_scenarios_that_need_a_declared_reading_run_with_it() -> None:
    result = run_suite(AlwaysPlaying("dealer-picks-up-for-loner", declared=True), suite())
    needing = [o for o in result.outcomes if "dealer-picks-up-for-loner" in o.scenario.house_rules]
    assert needing and all(o.status == "pass" for o in needing)


def test_an_unknown_reading_stops_the_run() -> None:
    class Inventing(InProcessEngine):
        def start(self) -> dict[str, Any]:
            return super().start() | {"always": ["dealer-picks-up-for-loner=never-heard-of"]}

    from conformance.engines.process import EngineFailure

    with pytest.raises(EngineFailure, match="readings the spec does not have"):
        run_suite(Inventing(), suite()[:1])


def test_another_protocol_version_stops_the_run_with_a_clear_message() -> None:
    class Future(InProcessEngine):
        def start(self) -> dict[str, Any]:
            return super().start() | {"protocol": 2}

    from conformance.engines.process import EngineFailure

    with pytest.raises(EngineFailure, match="speaks harness protocol 2; this runner speaks 1"):
        run_suite(Future(), suite()[:1])
