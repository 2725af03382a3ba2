"""Turning a scenario into a protocol request.

The request carries everything an engine needs and nothing it must remember: the variant and
house rules by id, the fully resolved rules for engines that read rules as data, the deals, the
script, and the probes (the actions the scenario says must be refused).
"""

from __future__ import annotations

from typing import Any

from conformance.suite.scenarios import Scenario, Step, scenario_rules
from ruleset.compiled.rules import Rules


def build_request(
    scenario: Scenario, seq: int, rules: Rules | None = None, house_rules: tuple[str, ...] | None = None
) -> dict[str, Any]:
    """The run request of a scenario; `rules` and `house_rules` replace its own (an engine's `always` readings)."""
    rules = rules or scenario_rules(scenario)
    request: dict[str, Any] = {
        "type": "run",
        "seq": seq,
        "scenario": scenario.id,
        "variant": scenario.variant,
        "house_rules": list(scenario.house_rules if house_rules is None else house_rules),
        "rules": dict(rules.document),
        "deals": [dict(deal) for deal in scenario.deals],
        "actions": [{"seat": step.seat, "action": step.action} for step in scenario.actions],
        "probes": [],
    }
    if scenario.start_scores is not None:
        request["start_scores"] = list(scenario.start_scores)
    if scenario.start_games_won is not None:
        request["start_games_won"] = list(scenario.start_games_won)
    for check in scenario.checks:
        if "refuse" in check:
            step = Step.parse(check["refuse"]["step"])
            request["probes"].append({"after": scenario.check_index(check), "seat": step.seat, "action": step.action})
    return request
