"""Compiled table conditions: what each `conditions` item bars, and the one named condition that bars it.

The rules language keeps conditions to a short list of names with one parameter each, so a club's
rule sheet reads as it is written (`bars: lone_hand, when: {score_at_least: 8}`). Compiling turns each
item into a frozen record the engine's conditions module asks, and never the YAML.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

BARS = ("lone_hand", "calling", "suit", "trumping", "passing", "partnered_hand")
"""What a condition may bar, in the order the schema lists them."""


@dataclass(frozen=True)
class ConditionRule:
    """One table rule: `bars` is barred while the condition `name` (with its `value`) holds."""

    bars: str
    name: str
    """score_at_least, called_last_hand, suit_euchred, not_last_trick_suit, led_rank or up_card_seat."""
    value: int | str | bool | tuple[tuple[str, str], ...]
    """The parameter; a mapping (up_card_seat's suit to seat) as its sorted pairs, so the rules stay hashable."""
    clause: str | None


def compile_conditions(data: dict[str, Any]) -> tuple[ConditionRule, ...]:
    """The `conditions` of a resolved document, in their order (absent, in a language before 4: none)."""
    rules = []
    for item in data.get("conditions", {}).values():
        ((name, value),) = item["when"].items()
        if isinstance(value, dict):
            value = tuple(sorted(value.items()))
        rules.append(ConditionRule(item["bars"], name, value, item.get("clause")))
    return tuple(rules)
