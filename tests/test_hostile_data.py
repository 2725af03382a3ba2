"""A data folder (`--data`) laid out like a checkout may hold a suite of someone else's: a broken scenario there is
the scenario's fault, never the engine's.

The folder is a copy of the spec, the schemas and the suite, with one scenario of the suite made
to script a card its player does not hold, or a step by the wrong seat: the reference engine,
which plays the rules exactly, served over the protocol as any engine is, must not be charged
with a failure for either; the scenario is reported `invalid`, saying which step the rules
refuse and why.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests import ROOT
from tests.hostile_helpers import assert_no_traceback

SCRIPT = '["1 order_up", "1 go_alone", "0 discard:9C", "1 play:JD", "2 play:AH", "0 play:JH"]'
BROKEN = {
    "a-card-not-held": (
        '["1 order_up", "1 go_alone", "0 discard:9C", "1 play:AS", "2 play:AH", "0 play:JH"]',
        "the rules refuse step 4 of its own script, 1 play:AS: seat 1 cannot 'play:AS'",
    ),
    "a-wrong-seat": (
        '["1 order_up", "1 go_alone", "0 discard:9C", "2 play:JD", "2 play:AH", "0 play:JH"]',
        "the rules refuse step 4 of its own script, 2 play:JD: seat 2 cannot 'play:JD'",
    ),
}


@pytest.mark.parametrize("broken", sorted(BROKEN))
def test_a_broken_suite_scenario_in_a_data_folder_is_invalid_not_the_engines_failure(broken: str, tmp_path: Path) -> None:
    home = tmp_path / "data"
    for folder in ("spec", "schemas", "conformance/scenarios"):
        shutil.copytree(ROOT / folder, home / folder)
    shutil.copy(ROOT / "conformance" / "retired-scenarios.yaml", home / "conformance" / "retired-scenarios.yaml")
    scenarios = home / "conformance" / "scenarios" / "north-american" / "alone.yaml"
    text = scenarios.read_text(encoding="utf-8")
    assert text.count(SCRIPT) == 1
    script, said = BROKEN[broken]
    scenarios.write_text(text.replace(SCRIPT, script), encoding="utf-8")

    reports = tmp_path / "reports"
    command = ["--data", str(home), "conform", "--engine", "reference", "--id", "na-alone-001", "--report-to", str(reports)]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "euchre_spec", *command], env=env, capture_output=True, text=True, timeout=300)
    assert_no_traceback(done.stdout, done.stderr)
    assert done.returncode == 2, done.stdout + done.stderr  # nothing was checked: the one scenario is invalid
    (result,) = json.loads((reports / "report.json").read_text(encoding="utf-8"))["results"]
    assert result["status"] == "invalid"
    assert said in result["message"]
