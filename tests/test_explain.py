"""`euchre-spec explain`: one scenario laid out step by step, expected beside what the engine showed."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from tests.cli_helpers import run_cli

WRONG_TRUMP = """
import json
import sys

from conformance.engines.reference import ReferenceEngine

engine = ReferenceEngine()
for line in sys.stdin:
    reply = engine.handle(json.loads(line))
    if reply is None:
        break
    for observed in [*reply.get("observations", []), reply.get("observation") or {}]:
        if observed.get("trump") == "H":
            observed["trump"] = "D"
    print(json.dumps(reply), flush=True)
"""


def wrong_engine(tmp_path: Path) -> str:
    """A protocol engine that plays correctly but shows diamonds whenever hearts are trump."""
    path = tmp_path / "wrong_trump.py"
    path.write_text(WRONG_TRUMP, encoding="utf-8")
    return shlex.join([sys.executable, str(path)])


def test_the_reference_engine_passes_and_every_checkpoint_is_shown_beside_its_value() -> None:
    completed = run_cli("explain", "na-smoke-001", "--engine", "reference")
    assert completed.returncode == 0, completed.stdout + completed.stderr
    lines = completed.stdout.splitlines()
    assert "Deal 1: dealer seat 0, up-card JH" in lines
    assert "  seat 2  AH KH QH 9D TD" in lines
    assert any(line.split() == ["1", "1", "order_up"] for line in lines)
    assert any(
        line.split() == ["refuses", "2", "play:9D", "refused:", "must_follow_suit", "refused:", "must_follow_suit"]
        for line in lines
    )
    assert "Every checkpoint matches." in lines
    assert not any(line.startswith(">>") for line in lines)


def test_a_wrong_engine_fails_and_the_first_differing_step_is_marked(tmp_path: Path) -> None:
    completed = run_cli("explain", "na-smoke-001", "--engine", wrong_engine(tmp_path))
    assert completed.returncode == 1, completed.stdout + completed.stderr
    lines = completed.stdout.splitlines()
    marked = [line for line in lines if line.startswith(">> ")]
    assert marked[0].split() == [">>", "trump", "'H'", "'D'", "differs"]
    assert marked[1] == ">> first difference, after step 1 (1 order_up): trump: expected 'H', got 'D'"
    step_one = next(i for i, line in enumerate(lines) if line.split() == ["1", "1", "order_up"])
    assert lines.index(marked[0]) == step_one + 1
    assert lines[-1] == "Outcome: fail: after step 1 (1 order_up): trump: expected 'H', got 'D'"


def test_a_later_deal_by_number_is_drawn_with_the_dealer_the_rules_choose() -> None:
    completed = run_cli("explain", "br-game-001", "--engine", "reference")
    assert completed.returncode == 0, completed.stdout + completed.stderr
    lines = completed.stdout.splitlines()
    assert "Deal 1: dealer seat 1, up-card 9D" in lines
    assert "Deal 2 (deal #5): dealer seat 2, up-card TD" in lines
    assert sum(1 for line in lines if line.startswith("  seat ")) == 8


def test_an_unknown_id_gets_the_nearest_one() -> None:
    completed = run_cli("explain", "na-smoke-01", "--engine", "reference")
    assert completed.returncode == 2
    assert completed.stderr.strip() == "error: unknown scenario id 'na-smoke-01' (did you mean 'na-smoke-001'?)"


def test_a_users_invalid_scenario_is_explained_as_invalid(tmp_path: Path) -> None:
    from tests.test_conform_command import user_folder

    rule, scenarios = user_folder(tmp_path)
    completed = run_cli("explain", "my-stuck-002", "--engine", "reference", "--scenario", str(scenarios), "--spec", str(rule))
    assert completed.returncode == 2
    assert completed.stdout.splitlines()[-1] == (
        "Outcome: invalid: invalid scenario: the rules refuse step 2 of its own script, 1 pass: seat 1 cannot 'pass' during "
        "bid_round_one: it is another player's turn (seat 2 is to act) (not_your_turn)"
    )
    passing = run_cli("explain", "my-stuck-001", "--engine", "reference", "--scenario", str(scenarios), "--spec", str(rule))
    assert passing.returncode == 0, passing.stdout + passing.stderr


CRASHING = """
import json
import sys

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] != "hello":
        print("Traceback (most recent call last): my engine broke on", message["type"], file=sys.stderr, flush=True)
        sys.exit(3)
    hello = {"type": "hello", "protocol": 1, "name": "crashing", "version": "1", "variants": ["north-american"]}
    print(json.dumps(hello | {"house_rules": []}), flush=True)
"""


def test_a_crash_shows_what_was_asked_and_the_engines_own_last_words(tmp_path: Path) -> None:
    path = tmp_path / "crashing.py"
    path.write_text(CRASHING, encoding="utf-8")
    completed = run_cli("explain", "na-smoke-001", "--engine", shlex.join([sys.executable, str(path)]))
    assert completed.returncode == 1, completed.stdout + completed.stderr
    lines = completed.stdout.splitlines()
    assert "Not compared: the engine exited, or closed its output, before it replied: nothing was compared." in lines
    assert any(line.split() == ["trump", "'H'", "(no", "reply)"] for line in lines)
    assert any(line.split() == ["refuses", "2", "play:9D", "refused:", "must_follow_suit", "(no", "reply)"] for line in lines)
    assert "  | Traceback (most recent call last): my engine broke on run" in lines
    assert lines[-1] == "Outcome: crash: the engine exited with code 3 before replying"


def test_a_skipped_scenario_shows_its_reason_and_the_script_it_would_have_run(tmp_path: Path) -> None:
    from tests.test_conform_command import engine_script

    completed = run_cli("explain", "br-benny-001", "--engine", engine_script(tmp_path, "engine.py", "two", ["two-handed"]))
    assert completed.returncode == 2, completed.stdout + completed.stderr
    lines = completed.stdout.splitlines()
    assert "Not compared: the engine's handshake does not declare what it needs, so it was never sent." in lines
    assert sum(1 for line in lines if line.endswith("(not sent)")) >= 3
    assert not any(line.startswith("The engine's standard error") for line in lines)
    assert lines[-1] == "Outcome: skipped: the engine does not play british"
