"""The rules language grows without changing what older engines are sent or how they are graded.

A setting added to the variant schema carries the language version it came in (`x-since`); an
engine says which version it reads, and the runner sends it the rules as of that version. The
decisive test adds a dummy defaulted setting to a copy of the data (as the spec will keep doing)
and runs engines that know nothing of it: the JavaScript engine (language 1), OpenSpiel's
adapter and a strict engine frozen at language 2 keep their counts.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conformance.engines.reference import ReferenceEngine
from conformance.running.runner import check_handshake, engine_language
from documents.paths import HOME_VARIABLE
from ruleset import resolved_document
from ruleset.language import additions, current_language, lower
from ruleset.resolved_schema import FILE_NAME as RESOLVED
from ruleset.resolved_schema import resolved_variant_schema
from tests import ROOT

DUMMY = "stuck_dealer_may_go_alone"
JAVASCRIPT = f"node {ROOT / 'engines' / 'javascript' / 'engine.js'}"
FROZEN = f"{sys.executable} {ROOT / 'tests' / 'engines' / 'language_2' / 'engine.py'}"


def test_the_language_version_is_the_newest_addition_and_resolved_rules_carry_it() -> None:
    assert current_language() >= 2
    assert max(addition.since for addition in additions()) <= current_language()
    assert resolved_document("north-american")["language"] == current_language()


def test_version_1_is_sent_without_the_version_field_and_with_readings_as_a_list_of_texts() -> None:
    document = resolved_document("north-american", ("stick-the-dealer",))
    old = lower(document, 1)
    assert "language" not in old
    choice = old["choices"]["/bidding/stuck_dealer_may_name_turned_down"]
    assert isinstance(choice["others"], list) and all(isinstance(text, str) for text in choice["others"])
    assert isinstance(document["choices"]["/bidding/stuck_dealer_may_name_turned_down"]["others"], dict)
    assert lower(document, current_language()) == json.loads(json.dumps(dict(document)))


def test_a_handshake_says_its_version_and_one_that_says_nothing_reads_version_1() -> None:
    hello = ReferenceEngine().handle({"type": "hello", "seq": 0, "protocol": 1}) or {}
    assert engine_language(hello) == current_language()
    assert engine_language({key: value for key, value in hello.items() if key != "rules_language"}) == 1
    with pytest.raises(Exception, match="reads rules language"):
        check_handshake(hello | {"rules_language": current_language() + 1})


def _data_home_with_a_dummy_setting(folder: Path) -> Path:
    """A copy of the data with one setting added to the language, defaulted, as the spec keeps gaining them."""
    for name in ("spec", "schemas"):
        shutil.copytree(ROOT / name, folder / name)
    for name in ("scenarios", "expected-failures"):
        shutil.copytree(ROOT / "conformance" / name, folder / "conformance" / name)
    shutil.copy(ROOT / "conformance" / "retired-scenarios.yaml", folder / "conformance" / "retired-scenarios.yaml")
    variant_file = folder / "schemas" / "variant.schema.json"
    variant = json.loads(variant_file.read_text(encoding="utf-8"))
    variant["$defs"]["bidding"]["properties"][DUMMY] = {
        "description": "Whether a dealer stuck with trump may go alone (a dummy setting of the test).",
        "type": "boolean",
        "default": True,
        "x-since": current_language() + 1,
    }
    variant_file.write_text(json.dumps(variant, indent=2), encoding="utf-8")
    (folder / "schemas" / RESOLVED).write_text(json.dumps(resolved_variant_schema(variant), indent=2), encoding="utf-8")
    return folder


def _counts(engine: str, home: Path | None, report: Path) -> dict[str, Any]:
    env = {key: value for key, value in os.environ.items() if key != HOME_VARIABLE}
    if home is not None:
        env[HOME_VARIABLE] = str(home)
    command = [sys.executable, "-m", "euchre_spec", "conform", "--engine", engine, "--variant", "north-american"]
    completed = subprocess.run(
        [*command, "--quiet", "--report-to", str(report)], capture_output=True, text=True, env=env, cwd=ROOT, timeout=900
    )
    assert completed.returncode in (0, 1), completed.stderr
    data = json.loads((report / "report.json").read_text(encoding="utf-8"))
    return {"summary": data["summary"], "outcomes": {r["id"]: r["status"] for r in data["results"]}}


@pytest.fixture(scope="module")
def grown(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = _data_home_with_a_dummy_setting(tmp_path_factory.mktemp("grown"))
    shown = subprocess.run(
        [sys.executable, "-m", "euchre_spec", "show", "north-american", "--format", "json"],
        capture_output=True,
        text=True,
        env={**os.environ, HOME_VARIABLE: str(home)},
        cwd=ROOT,
        check=True,
    )
    rules = json.loads(shown.stdout)
    assert rules["bidding"][DUMMY] is True and rules["language"] == current_language() + 1, "the dummy setting is in the rules"
    return home


@pytest.mark.parametrize(
    "engine",
    [pytest.param(JAVASCRIPT, id="javascript"), pytest.param("openspiel", id="openspiel"), pytest.param(FROZEN, id="frozen-2")],
)
def test_a_setting_added_to_the_language_leaves_older_engines_counts_as_they_were(
    engine: str, grown: Path, tmp_path: Path
) -> None:
    if engine == JAVASCRIPT and shutil.which("node") is None:
        pytest.skip("node is not installed")
    if engine == "openspiel":
        pytest.importorskip("pyspiel")
    before = _counts(engine, None, tmp_path / "before")
    after = _counts(engine, grown, tmp_path / "after")
    assert before["summary"]["counts"]["pass"] > 0
    assert after == before


HOUSE_RULE = """$schema: ../../schemas/house-rule.schema.json
format: 1
id: stuck-dealer-stays-home
title: A stuck dealer may not go alone
summary: The dummy setting of the test at its other value.
applies_to: [north-american]
requires: [stick-the-dealer]
sources: [S1]
set: {bidding: {DUMMY_SETTING: false}}
clauses:
  house.stuck-dealer-stays-home:
    title: A stuck dealer may not go alone
    text: A dealer stuck with naming trump plays with the partner.
    sources: [S1]
""".replace("DUMMY_SETTING", DUMMY)

SCENARIO = """$schema: ../../../schemas/scenario.schema.json
format: 1
variant: north-american
house_rules: [stick-the-dealer, stuck-dealer-stays-home]
scenarios:
  - id: hr-stays-home-001
    title: The seat left of the dealer acts first
    clauses: [house.stuck-dealer-stays-home]
    level: must
    deals:
      - {dealer: 0, number: 7}
    actions: []
    checks:
      - {after: 0, to_act: 1}
"""


def test_a_scenario_needing_a_new_setting_at_another_value_is_not_applicable_naming_it(grown: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    shutil.copytree(grown, home)
    (home / "spec" / "house-rules" / "stuck-dealer-stays-home.yaml").write_text(HOUSE_RULE, encoding="utf-8")
    (home / "conformance" / "scenarios" / "house-rules" / "stuck-dealer-stays-home.yaml").write_text(SCENARIO, encoding="utf-8")
    env = {**os.environ, HOME_VARIABLE: str(home)}
    for engine, status in ((FROZEN, "not_applicable"), ("reference", "pass")):
        report = tmp_path / engine.split()[-1].replace("/", "_")
        command = [sys.executable, "-m", "euchre_spec", "conform", "--engine", engine, "--variant", "north-american"]
        completed = subprocess.run(
            [*command, "--house-rule", "stuck-dealer-stays-home", "--quiet", "--report-to", str(report)],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            timeout=600,
        )
        assert completed.returncode in (0, 2), completed.stderr  # 2: nothing applicable was checked
        results = json.loads((report / "report.json").read_text(encoding="utf-8"))["results"]
        [outcome] = [r for r in results if r["id"] == "hr-stays-home-001"]
        assert outcome["status"] == status, outcome
        if status == "not_applicable":
            assert f"/bidding/{DUMMY} = false" in outcome["message"] and "the engine reads version 2" in outcome["message"]
