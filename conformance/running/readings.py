"""House-rule readings an engine always plays, and the scenarios they leave standing.

Some engines play one reading of a disputed rule whatever they are asked (OpenSpiel-like
engines always let the dealer pick up for a lone partner). Such an engine lists the reading in
its handshake under `always`. A scenario is then judged under its own house rules *plus* those
readings: if the reference engine still passes it there, the reading does not touch what it
checks and it runs, sent with the readings added; if the reference engine fails it there, the
scenario checks exactly what the engine reads differently and is not applicable to it. So an
engine is never failed for a reading it declared, and never excused from anything else.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from conformance.engines.reference import ReferenceEngine
from conformance.running.completions import explore
from conformance.suite.compare import compare
from conformance.suite.requests import build_request
from conformance.suite.scenarios import Scenario, scenario_document
from ruleset import SpecInvalid, builtin_catalog, resolved_document


@dataclass(frozen=True)
class Plan:
    """How a scenario is sent to an engine: its house rules and rules, or why it is not applicable."""

    house_rules: tuple[str, ...]
    document: Mapping[str, Any] | None = None
    not_applicable: str | None = None


def unknown_readings(always: tuple[str, ...]) -> list[str]:
    """The `always` entries that name no house rule (or no mode of it) in the catalog."""
    catalog = builtin_catalog()
    unknown = []
    for ref in always:
        rule_id, _, mode = ref.partition("=")
        document = catalog.house_rules.get(rule_id)
        if document is None or (mode and mode not in (document.data.get("modes") or {})):
            unknown.append(ref)
    return unknown


def plan(scenario: Scenario, always: tuple[str, ...]) -> Plan:
    """The house rules to send `scenario` with to an engine that always plays `always`."""
    if not always:
        return Plan(scenario.house_rules)
    key = (scenario.id, scenario.file, always)
    if key not in _PLANS:
        _PLANS[key] = _plan(scenario, always)
    return _PLANS[key]


_PLANS: dict[tuple[str, str, tuple[str, ...]], Plan] = {}
"""Plans already made in this process: deciding one may play the scenario on the reference engine."""


def _plan(scenario: Scenario, always: tuple[str, ...]) -> Plan:
    added = []
    for ref in always:
        rule_id = ref.partition("=")[0]
        if not applies_to(ref, scenario.variant):
            continue
        own = [r for r in scenario.house_rules if r.partition("=")[0] == rule_id]
        if own and spelt_out(own[0]) != spelt_out(ref):
            return Plan(scenario.house_rules, not_applicable=f"the scenario plays {own[0]}; the engine always plays {ref}")
        if not own:
            added.append(ref)
    if not added:
        return Plan(scenario.house_rules)
    house_rules = (*scenario.house_rules, *added)
    readings = ", ".join(added)
    try:
        document = resolved_document(scenario.variant, house_rules)
    except SpecInvalid as exc:
        first = str(exc.errors[0]) if exc.errors else "they do not compose"
        return Plan(
            scenario.house_rules,
            not_applicable=f"the engine always plays {readings}, which this scenario's rules exclude: {first}",
        )
    if document == scenario_document(scenario):
        return Plan(scenario.house_rules)
    engine = ReferenceEngine()
    request = build_request(scenario, 0, document, house_rules)
    reply = engine.handle(request)
    if (
        reply is None
        or reply.get("type") != "result"
        or compare(scenario, reply)
        or _completions_differ(engine, request, scenario)
    ):
        return Plan(
            scenario.house_rules,
            not_applicable=f"the scenario checks a reading the engine does not play: it always plays {readings}",
        )
    return Plan(house_rules, document)


def _completions_differ(engine: ReferenceEngine, request: dict[str, Any], scenario: Scenario) -> bool:
    """Whether a check over completions fails under the readings (so the scenario checks what they change)."""
    if not scenario.explores:
        return False

    def exchange(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [engine.handle(message | {"seq": seq}) or {} for seq, message in enumerate(messages)]

    return bool(explore(exchange, request, scenario, sessions=True))


def applies_to(ref: str, variant: str) -> bool:
    """Whether the house rule of a reading can be played on `variant` at all (its `applies_to`)."""
    targets = builtin_catalog().house_rules[ref.partition("=")[0]].data["applies_to"]
    return "any" in targets or variant in targets


def spelt_out(ref: str) -> str:
    """A house-rule reference with its mode spelt out (the rule's default mode when none is given)."""
    rule_id, _, mode = ref.partition("=")
    if mode:
        return ref
    default = builtin_catalog().house_rules[rule_id].data.get("default_mode")
    return f"{rule_id}={default}" if default else rule_id
