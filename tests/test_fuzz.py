"""Differential fuzzing: it finds the known disagreements with OpenSpiel, writes scenarios the suite can
load (passing on our engine, failing on the other), and is reproducible from its seed."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from conformance.engines.in_process import InProcessEngine
from conformance.fuzzing.campaign_rules import CampaignRules, NoCommonRules, campaign_rules
from conformance.fuzzing.play import Setup, fuzz, hand_deal
from conformance.fuzzing.steppers import handshake
from conformance.fuzzing.witnesses import write_scenarios
from conformance.running.runner import run_suite
from conformance.suite.scenarios import load_scenarios
from tests import ROOT

DISCARD = "legal actions in dealer_discard: only reference: discard of the up-card; only openspiel: nothing"
LONER = "to_act after go_alone by dealer+2: reference dealer+1, openspiel dealer"
SERVED_REFERENCE = f"{sys.executable} -m euchre_spec serve"


def test_hand_deals_depend_only_on_seed_and_hand() -> None:
    assert hand_deal(1, 17, 4) == hand_deal(1, 17, 4)
    assert hand_deal(1, 17, 4) != hand_deal(2, 17, 4)
    assert len({hand_deal(1, hand, 4) for hand in range(100)}) == 100


def test_the_reference_engine_agrees_with_itself_over_the_protocol() -> None:
    setup = Setup(("reference", SERVED_REFERENCE), "north-american", ("stick-the-dealer",), seed=3)
    result = fuzz(setup, hands=15)
    assert result.hands == 15
    assert result.disagreements == []


def test_the_fuzzer_only_uses_rules_both_engines_declare() -> None:
    hellos = [handshake("reference"), {"name": "narrow", "variants": ["north-american"], "house_rules": ["stick-the-dealer"]}]
    assert campaign_rules(hellos, None, ["stick-the-dealer"]) == CampaignRules("north-american", ("stick-the-dealer",))
    with pytest.raises(NoCommonRules, match="narrow does not declare the house rule super-euchre"):
        campaign_rules(hellos, None, ["super-euchre"])
    with pytest.raises(NoCommonRules, match="british is not played by both engines"):
        campaign_rules(hellos, "british", [])


@pytest.fixture(scope="module")
def openspiel_run():
    pytest.importorskip("pyspiel")
    setup = Setup(("reference", "openspiel"), "north-american", ("stick-the-dealer",), seed=1)
    return setup, fuzz(setup, hands=300)


def test_a_short_run_finds_the_known_disagreements_with_openspiel(openspiel_run) -> None:
    _, result = openspiel_run
    assert set(result.classes) == {DISCARD, LONER}
    first = next(d for d in result.disagreements if d.label == LONER)
    assert first.field == "to_act" and (first.expected, first.actual) == ((first.dealer + 1) % 4, first.dealer)
    assert first.steps[-1] == ((first.dealer + 2) % 4, "go_alone")


def test_disagreements_become_scenarios_that_pass_on_ours_and_fail_on_openspiel(openspiel_run, tmp_path: Path) -> None:
    from conformance.engines.openspiel import InProcessOpenSpiel

    setup, result = openspiel_run
    written = write_scenarios(result.disagreements, setup, ("reference", "openspiel"), tmp_path, keep=3)
    assert sorted(len(files) for files in written.values()) == [3, 3]
    scenarios = load_scenarios([tmp_path])
    assert len(scenarios) == 6
    assert all(s.level == "must" and s.house_rules == ("stick-the-dealer",) and "hands" in s.deals[0] for s in scenarios)
    assert {o.status for o in run_suite(InProcessEngine(), scenarios).outcomes} == {"pass"}
    assert {o.status for o in run_suite(InProcessOpenSpiel(), scenarios).outcomes} == {"fail"}


def test_fuzz_results_do_not_depend_on_the_number_of_processes(openspiel_run) -> None:
    setup, result = openspiel_run
    again = fuzz(setup, hands=300, jobs=2)
    assert again.disagreements == result.disagreements


def test_the_fuzz_command_reports_classes_and_writes_scenarios(tmp_path: Path) -> None:
    pytest.importorskip("pyspiel")
    command = [sys.executable, "-m", "euchre_spec", "fuzz", "--engine", "reference", "--engine", "openspiel"]
    command += ["--hands", "200", "--seed", "1", "-r", "stick-the-dealer", "--jobs", "1", "--keep", "1", "--out", str(tmp_path)]
    completed = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert completed.returncode == 1, completed.stdout + completed.stderr
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["hands"] == 200
    assert {entry["class"] for entry in summary["classes"]} == {DISCARD, LONER}
    # the first of each class, and its smallest witness when that is another hand
    assert all(entry["witness_scenario"] in entry["scenarios"] and len(entry["scenarios"]) <= 2 for entry in summary["classes"])
    assert len(load_scenarios([tmp_path])) == sum(len(entry["scenarios"]) for entry in summary["classes"])


def test_an_engine_that_refuses_a_hand_stops_the_campaign_with_its_words(tmp_path: Path) -> None:
    # the reference engine behind a filter that hides the rules from every hand it is sent
    engine = tmp_path / "no_rules.py"
    engine.write_text(
        "import subprocess, sys\n"
        "child = subprocess.Popen([sys.executable, '-m', 'euchre_spec', 'serve'], stdin=subprocess.PIPE, bufsize=0)\n"
        "for line in sys.stdin.buffer:\n"
        "    child.stdin.write(line.replace(b'\"rules\":', b'\"no_rules\":'))\n"
        "child.stdin.close()\n"
        "sys.exit(child.wait())\n"
    )
    command = [sys.executable, "-m", "euchre_spec", "fuzz", "--engine", "reference", "--engine", f"{sys.executable} {engine}"]
    command += ["--hands", "3", "--jobs", "1", "--quiet", "--out", str(tmp_path / "out")]
    completed = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert completed.returncode == 2, completed.stdout + completed.stderr
    assert "Traceback" not in completed.stderr
    assert completed.stderr.startswith("error: ") and " answered error: " in completed.stderr, completed.stderr


def test_a_witness_quotes_its_command_and_a_variant_without_an_up_card_writes_none(tmp_path: Path) -> None:
    from tests.test_fuzz_always import forcing_engine

    # an engine that plays two bidding rounds in Bid Euchre whatever it is asked, started from a folder with a space
    engine = forcing_engine(tmp_path / "my engines", "two-bidding-rounds", declared=False)
    command = [sys.executable, "-m", "euchre_spec", "fuzz", "--engine", "reference", "--engine", engine]
    command += ["--variant", "bid-euchre", "--hands", "20", "--seed", "4", "--jobs", "1", "--keep", "1"]
    first = subprocess.run([*command, "--out", str(tmp_path / "a")], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert first.returncode == 1, first.stdout + first.stderr
    witness = sorted((tmp_path / "a").rglob("fz-*.yaml"))[0]
    document = yaml.safe_load(witness.read_text())
    (scenario,) = document["scenarios"]
    assert scenario["variant"] == "bid-euchre" and set(scenario["deals"][0]) == {"dealer", "hands"}
    found_by = shlex.split(scenario["description"].split("`")[1])
    hand = int(scenario["description"].split(", hand ")[1].split(" ")[0])
    assert found_by == [
        "euchre-spec", "fuzz", "--engine", "reference", "--engine", engine,
        "--variant", "bid-euchre", "--seed", "4", "--hands", str(hand + 1),
    ]  # fmt: skip
    assert {o.status for o in run_suite(InProcessEngine(), load_scenarios([witness])).outcomes} == {"pass"}
    again = [sys.executable, "-m", "euchre_spec", *found_by[1:], "--jobs", "1", "--out", str(tmp_path / "b")]
    replayed = subprocess.run(again, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert replayed.returncode == 1, replayed.stdout + replayed.stderr
    assert (tmp_path / "b" / witness.relative_to(tmp_path / "a")).read_text() == witness.read_text()


@pytest.mark.parametrize("second", ["reference", SERVED_REFERENCE])
def test_hands_played_in_this_process_are_reported_as_each_ends(second: str) -> None:
    """The progress bar of a run played here (one job, or engines run as processes on two cores) moves hand by hand."""
    from conformance.fuzzing.play import _run_chunk

    ends: list[int] = []
    done, found = _run_chunk((Setup(("reference", second), "north-american", (), seed=3), 0, 30), ends.append)
    assert (done, found) == (30, []) and ends == [1] * 30
