"""What a run covered of one variant, held to that variant's own scenarios.

The suite-wide coverage (`coverage`) asks that some scenario, anywhere, cites each clause, shows
each refusal reason and reaches each scoring row. A variant can pass that and still be thin: a
clause it inherits checked only under its parent, a refusal its players meet probed only in
another game. This view counts, for one variant, only the scenarios of that variant (with any
house rules):

- the clauses in force: every clause id its resolved rules cite (each `clause` and `..._clause`
  setting, inherited ones included), against the clauses its scenarios cite;
- the refusal reasons it can give: found on the reference engine by playing seeded random hands
  of the variant and trying, at every step, every action of its vocabulary that is not legal
  there (plus an action from a seat not to act, one after the hand and one it does not know),
  against the reasons its scenarios' probes were refused with as they expect;
- the rows of its scoring table, against the rows its scenarios' finished hands showed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from conformance.reports.coverage import _result_reply, refusals_shown, rows_reached
from conformance.suite.outcomes import RunResult
from reference_impl.deal import deal_number
from reference_impl.engine import apply, legal_actions, new_hand, refusal_reason
from ruleset.compiled.rules import Rules

ALWAYS_REACHABLE = ("unknown_action", "not_your_turn", "hand_over")
"""Reasons every variant can give: an action it does not know, a seat not to act, anything after the hand."""

HANDS = 60
"""Random hands played to find the reasons a variant can give (a few seconds for the largest)."""


@dataclass(frozen=True)
class Share:
    """What a variant has of one kind (clauses, reasons, rows), and what its scenarios covered of it."""

    wanted: frozenset[str]
    covered: frozenset[str]

    @property
    def missing(self) -> list[str]:
        return sorted(self.wanted - self.covered)

    def line(self, label: str) -> str:
        done = len(self.wanted & self.covered)
        return f"  {label}: {done}/{len(self.wanted)}; missing: {', '.join(self.missing) or '-'}"


@dataclass(frozen=True)
class VariantCoverage:
    variant: str
    scenarios: int
    clauses: Share
    reasons: Share
    rows: Share

    @property
    def complete(self) -> bool:
        return not (self.clauses.missing or self.reasons.missing or self.rows.missing)

    def lines(self) -> list[str]:
        return [
            f"{self.variant}: {self.scenarios} scenarios",
            self.clauses.line("clauses in force cited by its scenarios"),
            self.reasons.line("refusal reasons it can give, shown by its scenarios"),
            self.rows.line("scoring rows reached by its scenarios"),
        ]


def variant_coverage(result: RunResult, variant: str, rules: Rules) -> VariantCoverage:
    """The coverage of `variant` (its base `rules`, no house rule) by its own scenarios in `result`."""
    answered = [
        (outcome.scenario, reply)
        for outcome in result.outcomes
        if outcome.scenario.variant == variant and (reply := _result_reply(outcome)) is not None
    ]
    document = rules.document
    table = document["scoring"]
    return VariantCoverage(
        variant,
        sum(1 for outcome in result.outcomes if outcome.scenario.variant == variant),
        Share(frozenset(clauses_in_force(document)), frozenset(c for scenario, _ in answered for c in scenario.clauses)),
        Share(
            frozenset(reachable_reasons(rules)),
            frozenset(r for scenario, reply in answered for r in refusals_shown(scenario, reply)),
        ),
        Share(
            frozenset([*table["rows"], *table["player_rows"]]),
            frozenset(row for scenario, reply in answered for row in rows_reached(scenario, reply)),
        ),
    )


def clauses_in_force(document: Mapping[str, Any]) -> set[str]:
    """Every clause id the resolved rules cite from a setting (`clause`, `..._clause`), the clause texts and choices aside."""
    return set(_cited(document))


def _cited(node: Any) -> Iterator[str]:
    if isinstance(node, Mapping):
        for key, value in node.items():
            if key in ("clauses", "choices"):
                continue
            if (key == "clause" or key.endswith("_clause")) and isinstance(value, str):
                yield value
            else:
                yield from _cited(value)
    elif isinstance(node, list):
        for item in node:
            yield from _cited(item)


def reachable_reasons(rules: Rules, hands: int = HANDS, seed: int = 0) -> set[str]:
    """The refusal reasons the reference engine gives in seeded random hands of these rules, tried with every action.

    Play passes half the time where a pass is legal, so auctions and bidding rounds also end with
    everyone passing (a stuck dealer, a hand thrown in) and not only with the first call.
    """
    reasons = set(ALWAYS_REACHABLE)
    vocabulary = tuple(rules.actions.values())
    chooser = random.Random(seed)
    for number in range(hands):
        state = new_hand(rules, deal_number(rules, number, number % rules.players))
        while not state.is_over:
            legal = legal_actions(state)
            reasons.update(refusal_reason(state, action) for action in vocabulary if action not in legal)
            passes = [action for action in legal if action.text == "pass"]
            state = apply(state, passes[0] if passes and chooser.random() < 0.5 else chooser.choice(legal))
    return reasons
