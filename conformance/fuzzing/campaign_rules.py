"""The rules a fuzzing campaign plays: what both engines declare, and the readings either always plays.

An engine that lists a house-rule reading under `always` in its handshake plays it whatever a
request says (OpenSpiel-like engines always let the dealer pick up for a lone partner). Played
against an engine that follows the request, every hand the reading touches would show up as a
disagreement: the very reading the engine declared. So the campaign adds each such reading to
the rules both engines are sent, and the other engine plays it too, as `conform` judges such an
engine under the readings it declares (conformance/running/readings.py). A reading the other
engine does not play, or one that contradicts a house rule asked for with `-r`, leaves nothing
to compare, and the campaign is refused with the reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from conformance.running.readings import applies_to, spelt_out, unknown_readings
from ruleset import SpecInvalid, resolved_document


class NoCommonRules(ValueError):
    """The two engines cannot be played on the same rules: the message says why."""


@dataclass(frozen=True)
class Reading:
    """A reading added to a campaign's rules, and the engine that always plays it."""

    ref: str
    engine: str


@dataclass(frozen=True)
class CampaignRules:
    """The variant and house rules both engines are sent; `readings` are those among them an engine always plays."""

    variant: str
    house_rules: tuple[str, ...]
    readings: tuple[Reading, ...] = ()

    def describe(self) -> str:
        """The rules in words, for the command's first line."""
        text = self.variant + (" + " + ", ".join(self.house_rules) if self.house_rules else "")
        for reading in self.readings:
            text += f" ({reading.ref}: {reading.engine} always plays it)"
        return text


def campaign_rules(hellos: Sequence[dict[str, Any]], variant: str | None, house_rules: Sequence[str]) -> CampaignRules:
    """The rules to fuzz under: a variant both engines play, the house rules asked for, each declared by
    both (under `house_rules` or `always`), and every reading either always plays; else NoCommonRules."""
    variants = [v for v in hellos[0].get("variants", []) if all(v in hello.get("variants", []) for hello in hellos[1:])]
    if not variants:
        raise NoCommonRules("the two engines play no variant in common")
    chosen = variant or ("north-american" if "north-american" in variants else variants[0])
    if chosen not in variants:
        raise NoCommonRules(f"{chosen} is not played by both engines (common: {', '.join(variants)})")
    for ref in house_rules:
        for hello in hellos:
            clash = next((own for own in hello.get("always", []) if _other_mode(own, ref)), None)
            if clash is not None:
                raise NoCommonRules(f"-r {ref} asks for what {_name(hello)} never plays: it always plays {clash}")
            if not _declares(hello, ref):
                raise NoCommonRules(f"{_name(hello)} does not declare the house rule {ref}")
    asked = tuple(house_rules)
    readings: list[Reading] = []
    for index, hello in enumerate(hellos):
        unknown = unknown_readings(tuple(hello.get("always", [])))
        if unknown:
            raise NoCommonRules(f"{_name(hello)} always plays readings the spec does not have: {', '.join(unknown)}")
        for ref in hello.get("always", []):
            if not applies_to(ref, chosen) or any(spelt_out(ref) == spelt_out(r.ref) for r in readings):
                continue
            _check_reading(ref, hello, hellos[1 - index])
            if not any(spelt_out(own) == spelt_out(ref) for own in asked):
                readings.append(Reading(ref, _name(hello)))
    rules = CampaignRules(chosen, (*asked, *(reading.ref for reading in readings)), tuple(readings))
    try:
        resolved_document(rules.variant, rules.house_rules)
    except SpecInvalid as exc:
        first = str(exc.errors[0]) if exc.errors else "they do not compose"
        raise NoCommonRules(f"the rules {rules.describe()} cannot be played: {first}") from exc
    return rules


def _check_reading(ref: str, hello: dict[str, Any], other: dict[str, Any]) -> None:
    """Refuse a reading that contradicts what the other engine always plays, or that it cannot play."""
    clash = next((own for own in other.get("always", []) if _other_mode(own, ref)), None)
    if clash is not None:
        raise NoCommonRules(f"{_name(hello)} always plays {ref} and {_name(other)} always plays {clash}")
    if not _declares(other, ref):
        raise NoCommonRules(
            f"{_name(hello)} always plays {ref}, which {_name(other)} does not declare: the two cannot play the same rules"
        )


def _other_mode(ref: str, other: str) -> bool:
    """Whether two references name the same house rule in different modes."""
    return ref.partition("=")[0] == other.partition("=")[0] and not _same(ref, other)


def _declares(hello: dict[str, Any], ref: str) -> bool:
    """Whether a handshake declares a house rule (by id, covering every mode, or this very mode), here or under always."""
    declared = [*hello.get("house_rules", []), *hello.get("always", [])]
    return ref in declared or ref.partition("=")[0] in declared or any(_same(ref, other) for other in declared)


def _same(ref: str, other: str) -> bool:
    """Whether two references name the same reading (`defend-alone` and its default mode spelt out), for known rules."""
    try:
        return spelt_out(ref) == spelt_out(other)
    except KeyError:  # a rule the catalog does not have: only the same words name it
        return ref == other


def _name(hello: dict[str, Any]) -> str:
    return str(hello.get("name", "an engine"))
