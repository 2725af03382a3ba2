"""Filling in what a composed variant leaves out, from the `default`s its schema states.

A spec file writes only what it means to say; the schema says what every setting it leaves out
means (`"default": ...` beside the setting's description). After composition this pass writes
those defaults into the document, so the resolved rules are complete: an engine reading them,
ours or another, finds every setting present and needs no table of its own. The schema is the
only table; nothing here names a setting.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from documents.schemas import BASE_URI, inlined


@dataclass
class _Plan:
    """The defaults of one object schema, and the plans of the values below it."""

    defaults: list[tuple[str, Any]] = field(default_factory=list)
    declared: set[str] = field(default_factory=set)
    properties: dict[str, _Plan] = field(default_factory=dict)
    others: _Plan | None = None  # additionalProperties
    items: _Plan | None = None

    def is_empty(self) -> bool:
        return not (self.defaults or self.properties or self.others or self.items)


def fill_defaults(data: dict[str, Any], schema_name: str = "variant.schema.json") -> dict[str, Any]:
    """Write every default `schema_name` states for a field `data` leaves out, at any depth, in place.

    A default that is itself a mapping is filled in turn (an absent `prediction` becomes
    `{"enabled": false}`). Returns `data`.
    """
    _fill(data, _plan(schema_name))
    return data


@cache
def _plan(schema_name: str) -> _Plan:
    return _compile(inlined(BASE_URI + schema_name)) or _Plan()


def _compile(schema: Any) -> _Plan | None:
    """The plan of a schema, or None if nothing at or below it has a default."""
    if not isinstance(schema, dict):
        return None
    objects = [schema, *(branch for branch in schema.get("anyOf", []) if isinstance(branch, dict))]
    plan = _Plan()
    for node in objects:
        for key, sub in node.get("properties", {}).items():
            plan.declared.add(key)
            if isinstance(sub, dict) and "default" in sub:
                plan.defaults.append((key, sub["default"]))
            child = _compile(sub)
            if child is not None:
                plan.properties[key] = child
        plan.others = plan.others or _compile(node.get("additionalProperties"))
        plan.items = plan.items or _compile(node.get("items"))
    return None if plan.is_empty() else plan


def _fill(value: Any, plan: _Plan) -> None:
    if isinstance(value, dict):
        for key, default in plan.defaults:
            if key not in value:
                value[key] = copy.deepcopy(default)
        for key, child in value.items():
            sub = plan.properties.get(key) if key in plan.declared else plan.others
            if sub is not None:
                _fill(child, sub)
    elif isinstance(value, list) and plan.items is not None:
        for item in value:
            _fill(item, plan.items)
