"""Fuzzing an engine that always plays a reading: the reference plays it too, so it is no disagreement.

The engine here is the reference engine with `dealer-picks-up-for-loner` forced on whatever a
request says, declaring it in its handshake under `always` (and not under `house_rules`), as
OpenSpiel-like engines would. Played on the rules as asked, the reading shows up as a
disagreement in every hand where the dealer's partner goes alone; played on the campaign's
rules, which add the reading for both engines, nothing differs.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conformance.fuzzing.campaign_rules import CampaignRules, NoCommonRules, Reading, campaign_rules
from conformance.fuzzing.play import Setup, fuzz
from conformance.fuzzing.steppers import handshake
from tests import ROOT

READING = "dealer-picks-up-for-loner"
FORCING = """
import sys
from dataclasses import replace

from conformance.engines.reference import ReferenceEngine
from ruleset.compiled.loading import load_rules

READING = {reading!r}


def hook(rules):
    own = tuple(ref for ref in rules.house_rules if ref.partition("=")[0] != READING.partition("=")[0])
    return load_rules(rules.variant_id, (*own, READING))


server = ReferenceEngine(rules_hook=hook)
always = (READING,) if {declared!r} else ()
identity = replace(server.engine.identity, name="always-engine", house_rules=("stick-the-dealer",), always=always)
server.engine.identity = identity
sys.exit(server.serve())
"""


def forcing_engine(folder: Path, reading: str = READING, declared: bool = True) -> str:
    """The command line of an engine that always plays `reading`, declaring it under `always` only (or nowhere)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "always_engine.py"
    path.write_text(FORCING.format(reading=reading, declared=declared), encoding="utf-8")
    return shlex.join([sys.executable, str(path)])


def fuzz_command(*arguments: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "euchre_spec", "fuzz", "--jobs", "1", "--quiet", *arguments]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)


def always_hello(reading: str) -> dict[str, Any]:
    return {"name": "always-engine", "variants": ["north-american"], "house_rules": ["stick-the-dealer"], "always": [reading]}


def test_the_campaign_adds_a_reading_an_engine_always_plays_for_both_engines() -> None:
    hellos = [handshake("reference"), always_hello(READING)]
    assert campaign_rules(hellos, None, []) == CampaignRules("north-american", (READING,), (Reading(READING, "always-engine"),))
    with_rule = campaign_rules(hellos, None, ["stick-the-dealer"])
    assert with_rule.house_rules == ("stick-the-dealer", READING)
    # a rule listed only under always may be asked for, and is then not added twice
    assert campaign_rules(hellos, None, [READING]) == CampaignRules("north-american", (READING,))


def test_a_reading_that_contradicts_the_rules_asked_or_the_other_engine_is_refused() -> None:
    reference, defends = handshake("reference"), always_hello("defend-alone=always")
    with pytest.raises(NoCommonRules, match="-r defend-alone=never asks for what always-engine never plays"):
        campaign_rules([reference, defends], None, ["defend-alone=never"])
    narrow = {"name": "narrow", "variants": ["north-american"], "house_rules": []}
    with pytest.raises(NoCommonRules, match="always-engine always plays defend-alone=always, which narrow does not declare"):
        campaign_rules([narrow, defends], None, [])
    with pytest.raises(NoCommonRules, match=r"always plays defender-order=maker-left and .* always plays defender-order=dealer"):
        campaign_rules([always_hello("defender-order=maker-left"), always_hello("defender-order=dealer-left")], None, [])
    with pytest.raises(NoCommonRules, match="always plays readings the spec does not have: dealer-picks-up"):
        campaign_rules([reference, always_hello("dealer-picks-up")], None, [])


def test_the_declared_reading_is_no_disagreement_and_without_it_every_hand_it_touches_would_be(tmp_path: Path) -> None:
    engine = forcing_engine(tmp_path)
    as_asked = fuzz(Setup(("reference", engine), "north-american", (), seed=0, names=("reference", "always-engine")), hands=120)
    assert {d.label for d in as_asked.disagreements} == {
        "to_act after go_alone by dealer+2: reference dealer+1, always-engine dealer"
    }
    completed = fuzz_command("--engine", "reference", "--engine", engine, "--hands", "120", "--out", str(tmp_path / "out"))
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert f"on north-american + {READING} ({READING}: always-engine always plays it)" in completed.stdout
    assert "120 hands in " in completed.stdout and "; 0 with a disagreement" in completed.stdout


def test_a_rule_listed_only_under_always_is_accepted_with_r(tmp_path: Path) -> None:
    engine = forcing_engine(tmp_path)
    completed = fuzz_command("--engine", engine, "--engine", "reference", "--hands", "30", "-r", READING, "--out", str(tmp_path))
    assert completed.returncode == 0, completed.stdout + completed.stderr
    refused = fuzz_command(
        "--engine", engine, "--engine", "reference", "--hands", "3", "-r", "super-euchre", "--out", str(tmp_path)
    )
    assert refused.returncode == 2
    assert refused.stderr == "error: always-engine does not declare the house rule super-euchre\n"
