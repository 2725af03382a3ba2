"""The exported suite bundle: valid against its schema, every rule set once, and every request rebuilt exactly."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.exceptions import NoSuchResource

from conformance import SUITE_VERSION, __version__
from conformance.suite.bundle import request_from_bundle, rule_set_key
from conformance.suite.requests import build_request
from conformance.suite.scenarios import suite
from documents.bundles import bundle as schema_bundle
from documents.schemas import validator
from euchre_spec.cli import main


def export(folder: Path, *options: str) -> dict[str, Any]:
    out = folder / "suite.json"
    assert main(["scenarios", "export", "-o", str(out), *options]) == 0
    data: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return export(tmp_path_factory.mktemp("suite"))


def test_the_bundle_is_valid_against_its_schema(exported: dict[str, Any]) -> None:
    assert exported["$schema"] == "https://euchre-spec.org/schemas/suite-bundle.schema.json"
    errors = [
        f"{list(error.absolute_path)}: {error.message}" for error in validator("suite-bundle.schema.json").iter_errors(exported)
    ]
    assert errors == []


def test_the_bundle_validates_with_only_the_exported_schema_file(exported: dict[str, Any]) -> None:
    """What a grader in another language has: the bundle, and the one self-contained schema file, offline."""

    def refuse(uri: str) -> Resource[Any]:
        raise NoSuchResource(uri)

    checker = Draft202012Validator(schema_bundle("suite-bundle.schema.json"), registry=Registry(retrieve=refuse))
    assert checker.is_valid(exported)
    broken = exported | {
        "scenarios": [{**exported["scenarios"][0], "request": {**exported["scenarios"][0]["request"], "rules": {}}}]
    }
    assert not checker.is_valid(broken)


def test_the_bundle_names_its_versions(exported: dict[str, Any]) -> None:
    assert exported["suite_version"] == SUITE_VERSION
    assert exported["package_version"] == __version__
    assert (exported["format"], exported["protocol"]) == (2, 1)


def test_each_distinct_rule_set_appears_once_and_every_reference_resolves(exported: dict[str, Any]) -> None:
    rule_sets = exported["rule_sets"]
    used = {entry["request"]["rule_set"] for entry in exported["scenarios"]}
    assert used == set(rule_sets)  # every reference resolves, and no rule set is carried for nothing
    canonical = [json.dumps(rules, sort_keys=True) for rules in rule_sets.values()]
    assert len(set(canonical)) == len(canonical)
    assert all(key == rule_set_key(rules) for key, rules in rule_sets.items())
    distinct = {json.dumps(build_request(s, 0)["rules"], sort_keys=True) for s in suite()}
    assert len(rule_sets) == len(distinct)


def test_rebuilding_each_request_gives_exactly_what_the_runner_sends(exported: dict[str, Any]) -> None:
    entries = exported["scenarios"]
    assert [entry["scenario"]["id"] for entry in entries] == [s.id for s in suite()]
    for seq, (scenario, entry) in enumerate(zip(suite(), entries, strict=True)):
        assert request_from_bundle(exported, entry) == build_request(scenario, seq), scenario.id
        assert entry["scenario"]["variant"] == scenario.variant
        assert entry["scenario"]["house_rules"] == list(scenario.house_rules)


def test_the_rule_set_key_depends_on_the_rules_not_on_the_order_of_their_keys() -> None:
    rules = dict(build_request(suite()[0], 0)["rules"])
    reordered = dict(reversed(list(rules.items())))
    assert rule_set_key(rules) == rule_set_key(reordered)
    assert rule_set_key(rules) != rule_set_key(rules | {"title": rules["title"] + "!"})
    assert rule_set_key(rules).startswith(f"{rules['id']}-")


def test_a_filtered_bundle_carries_only_the_rule_sets_it_uses(tmp_path: Path) -> None:
    data = export(tmp_path, "--variant", "british")
    assert data["scenarios"] and {entry["scenario"]["variant"] for entry in data["scenarios"]} == {"british"}
    assert {rules["id"] for rules in data["rule_sets"].values()} == {"british"}
    assert {entry["request"]["rule_set"] for entry in data["scenarios"]} == set(data["rule_sets"])
