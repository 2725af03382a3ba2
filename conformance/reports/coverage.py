"""What a run of the suite covered: rule clauses checked, refusal reasons shown, scoring rows reached.

A clause no scenario checks, a reason no refusal shows, or a scoring row no hand reaches is a
rule an engine could get wrong without the suite noticing. Coverage is read from a run, from the
replies the runner recorded (the engine's observations and its answers to probes), so it says
what the engine under test showed, whichever engine it is: a clause counts once a scenario citing
it was answered, a reason once the engine refused a probe with it as the scenario expects, and a
scoring row once a finished hand showed it (`conformance.suite.observed_rows`). The test suite requires
all three lists of gaps to be empty on the reference engine; `euchre-spec scenarios coverage`
prints them for contributors.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from conformance.suite.observed_rows import rows_shown
from conformance.suite.outcomes import Outcome, RunResult
from conformance.suite.scenarios import Scenario, scenario_document
from conformance.suite.spec_ids import all_clause_ids, scoring_rows_by_variant
from documents.schemas import BASE_URI, inlined
from ruleset import builtin_catalog


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


def coverage(result: RunResult) -> Coverage:
    """The gaps of a run: every clause, reason code and scoring row the spec defines that it did not cover."""
    answered = [(outcome.scenario, reply) for outcome in result.outcomes if (reply := _result_reply(outcome)) is not None]
    cited = {clause for scenario, _ in answered for clause in scenario.clauses}
    reasons = {reason for scenario, reply in answered for reason in refusals_shown(scenario, reply)}
    reached = {(scenario.variant, row) for scenario, reply in answered for row in rows_reached(scenario, reply)}
    clauses, wanted_rows = _defined()
    return Coverage(
        clauses_missing=sorted(clauses - cited),
        reasons_missing=sorted(set(reason_codes()) - reasons),
        rows_missing=sorted(f"{variant}:{row}" for variant, row in wanted_rows - reached),
    )


@cache
def _defined() -> tuple[frozenset[str], frozenset[tuple[str, str]]]:
    """Every clause id and every (variant, scoring row) the spec defines: found once, resolving every composition is slow."""
    catalog = builtin_catalog()
    return frozenset(all_clause_ids(catalog)), frozenset(scoring_rows_by_variant(catalog))


def reason_codes() -> list[str]:
    """Every refusal reason the contract defines (scenario.schema.json, reason)."""
    codes: list[str] = inlined(f"{BASE_URI}scenario.schema.json#/$defs/reason")["enum"]
    return codes


def refusals_shown(scenario: Scenario, reply: dict[str, Any]) -> Iterator[str]:
    """The reasons the engine refused the scenario's probes with, where it gave the reason the scenario expects."""
    answers = iter(reply.get("probes", []))
    for check in scenario.checks:
        if "refuse" not in check:
            continue
        answer = next(answers, None) or {}
        if answer.get("refused") and answer.get("reason") == check["refuse"]["reason"]:
            yield check["refuse"]["reason"]


def rows_reached(scenario: Scenario, reply: dict[str, Any]) -> list[str]:
    """The scoring rows of the hands the engine showed finished in its reply to the scenario."""
    return rows_shown(dict(scenario_document(scenario)), reply["observations"])


def _result_reply(outcome: Outcome) -> dict[str, Any] | None:
    """The engine's result for the scenario, where the comparator judged one (pass or fail, listed or not)."""
    reply = outcome.reply
    return reply if reply is not None and reply.get("type") == "result" else None
