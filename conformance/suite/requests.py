"""Turning a scenario into a protocol request.

The request carries everything an engine needs and nothing it must remember: the variant and
house rules by id, the fully resolved rules for engines that read rules as data, the deals, the
script, and the probes (the actions the scenario says must be refused).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from conformance.suite.scenarios import Scenario, Step, scenario_document


def run_request(
    ident: str,
    variant: str,
    house_rules: Sequence[str],
    document: Mapping[str, Any],
    deals: Sequence[Mapping[str, Any]],
    actions: Sequence[tuple[int, str]],
    start_scores: Sequence[int] | None = None,
    start_games_won: Sequence[int] | None = None,
) -> dict[str, Any]:
    """A run request: the rules by id and in full, the deals and the script, with no probes yet."""
    request: dict[str, Any] = {
        "type": "run",
        "seq": 0,
        "scenario": ident,
        "variant": variant,
        "house_rules": list(house_rules),
        "rules": dict(document),
        "deals": [dict(deal) for deal in deals],
        "actions": [{"seat": seat, "action": action} for seat, action in actions],
        "probes": [],
    }
    if start_scores is not None:
        request["start_scores"] = list(start_scores)
    if start_games_won is not None:
        request["start_games_won"] = list(start_games_won)
    return request


def build_request(
    scenario: Scenario, seq: int, document: Mapping[str, Any] | None = None, house_rules: tuple[str, ...] | None = None
) -> dict[str, Any]:
    """The run request of a scenario; `document` and `house_rules` replace its own (an engine's `always` readings)."""
    request = run_request(
        scenario.id,
        scenario.variant,
        scenario.house_rules if house_rules is None else house_rules,
        document if document is not None else scenario_document(scenario),
        scenario.deals,
        [(step.seat, step.action) for step in scenario.actions],
        scenario.start_scores,
        scenario.start_games_won,
    )
    request["seq"] = seq
    for check in scenario.checks:
        if "refuse" in check:
            step = Step.parse(check["refuse"]["step"])
            request["probes"].append({"after": scenario.check_index(check), "seat": step.seat, "action": step.action})
    return request
