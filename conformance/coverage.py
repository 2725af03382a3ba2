"""What the suite covers: rule clauses cited, refusal reasons exercised, scoring rows reached.

A clause no scenario cites, a reason no refusal uses, or a scoring row no scenario reaches is a
rule an engine could get wrong without the suite noticing. The test suite requires all three
lists of gaps to be empty; `euchre-spec scenarios coverage` prints them for contributors.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reference_impl.engine import REASONS, IllegalAction
from reference_impl.engine.game import game_apply
from reference_impl.ruleset import builtin_catalog

from . import sdk
from .reference_engine import start_game
from .requests import build_request
from .scenarios import Scenario, scenario_rules
from .validation_helpers import all_clause_ids, scoring_rows_by_variant


@dataclass
class Coverage:
    clauses_missing: list[str] = field(default_factory=list)
    reasons_missing: list[str] = field(default_factory=list)
    rows_missing: list[str] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return not (self.clauses_missing or self.reasons_missing or self.rows_missing)

    def lines(self) -> list[str]:
        return [
            f"clauses not cited by any scenario ({len(self.clauses_missing)}): {', '.join(self.clauses_missing) or '-'}",
            f"reason codes no refusal exercises ({len(self.reasons_missing)}): {', '.join(self.reasons_missing) or '-'}",
            f"scoring rows no scenario reaches ({len(self.rows_missing)}): {', '.join(self.rows_missing) or '-'}",
        ]


def rows_reached(scenario: Scenario) -> list[str]:
    """The scoring rows of the hands the scenario plays to the end, by the reference engine."""
    rules = scenario_rules(scenario)
    request = build_request(scenario, 0, rules)
    game = start_game(rules, sdk.Setup.of(request))
    for step in scenario.actions:
        try:
            game = game_apply(game, step.action, step.seat)
        except IllegalAction:
            break
    return [result.row for result in game.results if result.row]


def coverage(scenarios: tuple[Scenario, ...] | list[Scenario]) -> Coverage:
    cited = {clause for scenario in scenarios for clause in scenario.clauses}
    reasons = {refusal["reason"] for scenario in scenarios for refusal in scenario.refusals}
    reached = {(scenario.variant, row) for scenario in scenarios for row in rows_reached(scenario)}
    wanted_rows = scoring_rows_by_variant(builtin_catalog())
    return Coverage(
        clauses_missing=sorted(all_clause_ids(builtin_catalog()) - cited),
        reasons_missing=sorted(set(REASONS) - reasons),
        rows_missing=sorted(f"{variant}:{row}" for variant, row in wanted_rows - reached),
    )
