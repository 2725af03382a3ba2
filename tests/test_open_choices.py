"""The suite asserts only what a clause states: a scenario that depends on a reading cites it.

Where the sources leave a choice open, the spec makes it a parameter with a default and a house
rule for the other reading. Every scenario is run again with that house rule added; a scenario
whose outcome changes depends on the default, so it must cite the clause that states the default.
A scenario that does not cite it must give the same outcome under either reading.

Two orders are stated by a clause rather than offered as parameters: the order of the decisions
between the make and the first lead, and who leads when someone plays alone. A scenario that
goes through either must cite the clause, so an engine that reads it otherwise is told why.
"""

from __future__ import annotations

import dataclasses

import pytest

from conformance import sdk
from conformance.engines.in_process import InProcessEngine
from conformance.engines.reference import start_game
from conformance.running.runner import run_suite
from conformance.suite.requests import build_request
from conformance.suite.scenarios import Scenario, scenario_rules, suite
from reference_impl.engine.game import game_apply
from ruleset import builtin_catalog

# (the house rule giving the other reading, the clause that states the default)
OTHER_READINGS = [
    pytest.param("defender-order=maker-left", "alone.defender-order", id="defender-order"),
]


def with_rule(ref: str) -> list[Scenario]:
    """Every scenario the house rule can be added to (its variant is listed and it is not named yet)."""
    rule_id = ref.partition("=")[0]
    targets = builtin_catalog().house_rules[rule_id].data["applies_to"]
    return [
        dataclasses.replace(scenario, house_rules=(*scenario.house_rules, ref))
        for scenario in suite()
        if scenario.variant in targets and all(named.partition("=")[0] != rule_id for named in scenario.house_rules)
    ]


@pytest.mark.parametrize(("other", "default_clause"), OTHER_READINGS)
def test_a_scenario_that_depends_on_a_default_cites_its_clause(other: str, default_clause: str) -> None:
    changed = [o.scenario for o in run_suite(InProcessEngine(), with_rule(other)).outcomes if o.status != "pass"]
    uncited = sorted(scenario.id for scenario in changed if default_clause not in scenario.clauses)
    assert not uncited, f"these scenarios change under {other} but do not cite {default_clause}"
    assert changed, f"no scenario shows what {default_clause} decides"


@pytest.mark.parametrize(("other", "default_clause"), OTHER_READINGS)
def test_a_scenario_citing_a_default_is_one_that_depends_on_it(other: str, default_clause: str) -> None:
    rule_id = other.partition("=")[0]
    outcomes = run_suite(InProcessEngine(), with_rule(other)).outcomes
    unchanged = sorted(o.scenario.id for o in outcomes if o.status == "pass" and default_clause in o.scenario.clauses)
    assert not unchanged, f"these scenarios cite {default_clause} but give the same outcome with {rule_id}"


DECLARATIONS = {
    "declare_alone",
    "partner_ask",
    "lone_discard_first",
    "partner_give",
    "lone_discard",
    "dealer_discard",
    "dummy_discard",
    "defend_alone",
    "defender_discard_first",
    "defender_give",
    "defender_discard",
}


def what_it_goes_through(scenario: Scenario) -> tuple[bool, bool]:
    """Whether some hand of the scenario meets two declaration phases, and whether a first lead is made with someone alone."""
    rules = scenario_rules(scenario)
    game = start_game(rules, sdk.Setup.of(build_request(scenario, 0)))
    several, lone_lead, seen = False, False, set()
    for index in range(len(scenario.actions) + 1):
        hand = game.hand
        if hand.history == ():
            seen = set()
        if hand.phase in DECLARATIONS:
            seen.add(hand.phase)
            if hand.phase == "declare_alone" and hand.taker is not None:
                seen.add("dealer_discard")  # still to come: asking it first would change the next seat
            several |= len(seen) >= 2
        if hand.phase == "play" and not hand.trick and not hand.tricks and (hand.maker_alone or hand.defender_alone is not None):
            lone_lead = True
        if index < len(scenario.actions):
            step = scenario.actions[index]
            game = game_apply(game, step.action, step.seat)
    return several, lone_lead


def _order_clauses(scenario: Scenario) -> set[str]:
    """The clauses that state the order of the declarations: the general one, and in a contract game each named bid's own."""
    auction = scenario_rules(scenario).document["auction"]
    named = {bid["clause"] for bid in auction["named_bids"] if "clause" in bid} if auction is not None else set()
    return {"alone.declaration-order", *named}


def test_a_scenario_going_through_several_declarations_cites_their_order() -> None:
    uncited = [s.id for s in suite() if what_it_goes_through(s)[0] and not _order_clauses(s) & set(s.clauses)]
    assert not uncited


def test_a_scenario_with_a_lone_first_lead_cites_its_variants_lead_rule() -> None:
    uncited = [
        s.id for s in suite() if what_it_goes_through(s)[1] and scenario_rules(s).document["play"]["clause"] not in s.clauses
    ]
    assert not uncited
