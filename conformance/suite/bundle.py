"""The suite as one JSON file that an engine's authors can grade with, in any language.

`euchre-spec scenarios export` writes it (schema: `schemas/suite-bundle.schema.json`). Each entry
holds the scenario as written and the protocol request built from it. The resolved rules are the
bulk of a request and most scenarios share them, so each distinct rule set is stored once under
`rule_sets`, keyed by a hash of its canonical JSON; a request names its rule set by that key
(`rule_set`) in place of the `rules` field, and `request_from_bundle` puts it back.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from conformance import SUITE_VERSION, __version__
from conformance.suite.requests import build_request
from conformance.suite.scenarios import Scenario, scenario_of
from documents.errors import SpecError, SpecInvalid
from documents.limits import MAX_BUNDLE_BYTES
from documents.paths import display_path
from documents.reading import read_text
from documents.schemas import validate

SCHEMA_ID = "https://euchre-spec.org/schemas/suite-bundle.schema.json"
FORMAT = 2
PROTOCOL = 1
DESCRIPTION = (
    "The euchre-spec conformance suite as one file: each entry is a scenario and the protocol request built from it. "
    "A request names its resolved rules by a key of rule_sets; put them back as the request's rules field before "
    "sending it to an engine."
)


def suite_bundle(scenarios: Iterable[Scenario]) -> dict[str, Any]:
    """The bundle of `scenarios`, in their order; the requests are numbered from 0 as the runner numbers them."""
    rule_sets: dict[str, dict[str, Any]] = {}
    entries = []
    for seq, scenario in enumerate(scenarios):
        request = build_request(scenario, seq)
        rules = request.pop("rules")
        key = rule_set_key(rules)
        if rule_sets.setdefault(key, rules) != rules:
            raise ValueError(f"two different rule sets share the key {key}")  # a hash collision: make the key longer
        entries.append({"scenario": _scenario_data(scenario), "request": request | {"rule_set": key}})
    return {
        "$schema": SCHEMA_ID,
        "format": FORMAT,
        "protocol": PROTOCOL,
        "suite_version": SUITE_VERSION,
        "package_version": __version__,
        "description": DESCRIPTION,
        "rule_sets": dict(sorted(rule_sets.items())),
        "scenarios": entries,
    }


def rule_set_key(rules: dict[str, Any]) -> str:
    """A stable key for a resolved rule set: its variant id and a short hash of its canonical JSON."""
    canonical = json.dumps(rules, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return f"{rules.get('id', 'rules')}-{hashlib.sha256(canonical.encode('utf-8')).hexdigest()[:12]}"


def request_from_bundle(bundle: dict[str, Any], entry: dict[str, Any]) -> dict[str, Any]:
    """The protocol request of one bundle entry, exactly as the runner sends it (what any grader does)."""
    request = {key: value for key, value in entry["request"].items() if key != "rule_set"}
    return request | {"rules": bundle["rule_sets"][entry["request"]["rule_set"]]}


def load_bundle(path: Path) -> list[Scenario]:
    """The scenarios of an exported bundle, each to be played with the rules the bundle holds for it.

    So a project can pin the release it passed: `conform --bundle suite-1.5.0.json` grades an engine
    against exactly that release's scenarios and resolved rules, whatever the installed spec says now.
    SpecInvalid (naming the file, and the field where one is wrong) for anything else.
    """
    name = display_path(path)
    text = read_text(path, name, MAX_BUNDLE_BYTES)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise SpecInvalid([SpecError(name, 0, "", f"not a suite bundle: the file is not JSON ({exc})")]) from None
    errors = validate(data, "suite-bundle.schema.json", lambda pointer: (name, 0))
    if errors:
        raise SpecInvalid(errors)
    scenarios = []
    for index, entry in enumerate(data["scenarios"]):
        key = entry["request"]["rule_set"]
        if key not in data["rule_sets"]:
            raise SpecInvalid([SpecError(name, 0, f"/scenarios/{index}/request/rule_set", f"no rule set {key!r} in the bundle")])
        scenario = scenario_of(entry["scenario"], {}, name, 0, f"/scenarios/{index}/scenario")
        scenarios.append(replace(scenario, pinned_rules=MappingProxyType(data["rule_sets"][key])))
    return scenarios


def _scenario_data(scenario: Scenario) -> dict[str, Any]:
    """The scenario as written, with the variant and house rules it may have taken from its file made explicit."""
    return dict(scenario.data) | {"variant": scenario.variant, "house_rules": list(scenario.house_rules)}
