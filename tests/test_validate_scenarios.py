"""`euchre-spec validate` checks scenario files as `conform --scenario` would, with file:line errors and no engine;
`play` gives a hand in the scenario notation to copy; `diff --spec` measures a rule of one's own.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import yaml

from tests import ROOT
from tests.cli_helpers import run_cli

USER = ROOT / "tests" / "user_files"
TARGET = ROOT / "conformance" / "scenarios" / "house-rules" / "target.yaml"


def first_scenario_of(path: Path, new_id: str) -> str:
    """The file's header and first scenario, renamed: a user's own copy of a suite scenario."""
    text = path.read_text(encoding="utf-8")
    head = text.split("\n  - id: ", 2)
    return (head[0] + "\n  - id: " + head[1]).replace(head[1].split("\n", 1)[0], new_id, 1)


def validate(tmp_path: Path, text: str, *extra: Path) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "mine.yaml"
    path.write_text(text, encoding="utf-8")
    return run_cli("validate", str(path), *map(str, extra))


def test_a_sound_scenario_file_is_valid_and_a_suite_file_holds_its_own_ids() -> None:
    checked = run_cli("validate", str(TARGET))
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout == "1 scenario file(s), 14 scenario(s) played on the reference engine: all valid\n"
    folder = run_cli("validate", str(USER))  # a house rule and scenarios of it, two of them written wrong on purpose
    assert folder.returncode == 1
    assert "1 file(s), " in folder.stdout and "1 scenario file(s), 3 scenario(s) played" in folder.stdout
    assert [line.split(": ")[1] for line in folder.stderr.splitlines()] == ["my-stuck-002", "my-stuck-003"]


def test_a_checkpoint_the_rules_do_not_give_is_an_error_at_its_line(tmp_path: Path) -> None:
    text = first_scenario_of(TARGET, "my-target-001").replace("scores: [2, 7]", "scores: [2, 8]")
    checked = validate(tmp_path, text)
    assert checked.returncode == 1
    line = text.splitlines().index("        scores: [2, 8]") + 1
    assert checked.stderr == (
        f"{tmp_path / 'mine.yaml'}:{line}: my-target-001: fails on the reference engine: after step 18 (1 play:9D): "
        "scores: expected [2, 8], got [2, 7] (/scenarios/0/checks/0/scores)\n"
    )


def test_a_step_the_rules_refuse_and_a_wrong_refusal_are_errors_at_their_lines(tmp_path: Path) -> None:
    refused = validate(tmp_path, first_scenario_of(TARGET, "my-target-002").replace('"1 go_alone"', '"2 go_alone"'))
    assert refused.returncode == 1
    assert ":21: my-target-002: the rules refuse step 2 of its own script, 2 go_alone: " in refused.stderr
    assert refused.stderr.endswith("(not_your_turn) (/scenarios/0/actions/1)\n")
    probe = '      - after: 1\n        refuse: {step: "2 play:9C", reason: card_not_in_hand}\n      - after: end\n'
    wrong = validate(tmp_path, first_scenario_of(TARGET, "my-target-003").replace("      - after: end\n", probe, 1))
    assert wrong.returncode == 1
    assert (
        "my-target-003: fails on the reference engine: after step 1 (1 order_up): reason for refusing 2 play:9C: "
        "expected 'card_not_in_hand', got 'not_your_turn' (/scenarios/0/checks/0/refuse)" in wrong.stderr
    )


def test_a_scenario_reusing_a_suite_id_or_an_unknown_house_rule_is_refused_as_conform_refuses_it(tmp_path: Path) -> None:
    clash = validate(tmp_path, first_scenario_of(TARGET, "hr-target-001"))
    assert clash.returncode == 1
    assert "scenario id 'hr-target-001' is already used by the suite at conformance/scenarios/house-rules/target.yaml" in (
        clash.stderr
    )
    own_rule = first_scenario_of(USER / "stuck-any-suit-scenarios.yaml", "my-stuck-101")
    alone = validate(tmp_path, own_rule)
    assert alone.returncode == 1 and "stuck-any-suit" in alone.stderr
    with_spec = validate(tmp_path, own_rule, USER / "stuck-any-suit.yaml")
    assert with_spec.returncode == 0, with_spec.stderr
    assert with_spec.stdout.splitlines()[-1].endswith("played on the reference engine: all valid")


def test_play_writes_the_hand_in_the_scenario_notation_which_validates_as_it_is(tmp_path: Path) -> None:
    played = run_cli("play", "north-american", "--deal", "7")
    assert played.returncode == 0, played.stderr
    log, copied = played.stdout.split("As a scenario writes it (card codes, seats from 0), to copy into a scenario file:\n")
    assert "10♥" in log and "10♥" not in copied and "TH" in copied
    header = "$schema: ../schemas/scenario.schema.json\nformat: 1\nscenarios:\n  - id: my-copied-001\n"
    header += "    title: A hand copied from the hand log\n    clauses: [score.lone-euchred]\n    level: must\n"
    header += "    variant: north-american\n"
    text = header + copied + "    checks:\n      - after: end\n        hand_points: [2, 0]\n"
    assert yaml.safe_load(text)["scenarios"][0]["deals"][0]["hands"][0] == ["KS", "KD", "TH", "JS", "QH"]
    checked = validate(tmp_path, text)
    assert checked.returncode == 0, checked.stderr


def test_diff_takes_a_rule_of_ones_own_and_its_witness_validates_with_it(tmp_path: Path) -> None:
    spec = USER / "stuck-any-suit.yaml"
    out = tmp_path / "witness.yaml"
    found = run_cli(
        "diff", "north-american", "north-american+stuck-any-suit", "--spec", str(spec), "--hands", "300", "--out", str(out)
    )
    assert found.returncode == 0, found.stderr
    assert found.stdout.startswith("north-american -> north-american+stuck-any-suit, seed 1: changes ")
    witness = yaml.safe_load(out.read_text(encoding="utf-8"))["scenarios"][0]
    assert witness["house_rules"] == ["stuck-any-suit"] and "house.stuck-any-suit" in witness["clauses"]
    assert f"--spec {spec.relative_to(ROOT)}" in witness["description"]
    assert run_cli("validate", str(out), str(spec)).returncode == 0
    unknown = run_cli("diff", "north-american", "north-american+stuck-any-suit", "--hands", "10")
    assert unknown.returncode == 2 and "stuck-any-suit" in unknown.stderr
