"""The suite asserts only what a clause states: a scenario that depends on a parameter cites it.

Where the sources leave a choice open, the spec makes it a parameter with a default and a house
rule for the other reading. Every scenario is run again with that house rule added; a scenario
whose outcome changes depends on the default, so it must cite the clause that states the default.
A scenario that does not cite it must give the same outcome under either reading.
"""

from __future__ import annotations

import dataclasses

import pytest

from conformance.runner import InProcessEngine, run_suite
from conformance.scenarios import Scenario, suite
from reference_impl.spec import builtin_catalog

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
