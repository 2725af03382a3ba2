"""`euchre-spec smoke`: the usual first-hour mistakes, each planted in a copy of the JavaScript engine, named.

Every case copies engines/javascript/ to a temporary folder, makes one mistake in the copy's
source with a string replacement (the way an engine author would make it), and runs the smoke
test on it: it must name exactly that mistake and exit 1. The engine as it is, and the
reference engine, must smoke clean. The node cases need node: without it they skip, except in
CI, where a missing node is a failure.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from tests import ROOT
from tests.cli_helpers import run_cli

ENGINE = ROOT / "engines" / "javascript"

PLANTS: dict[str, tuple[str, str, str]] = {
    "stdout-noise": (
        "engine.js",
        "serve(process.stdin, process.stdout);",
        'console.log("euchre engine ready");\nserve(process.stdin, process.stdout);',
    ),
    "seats-from-one": (
        "game/observe.js",
        "    to_act: hand.toAct,\n    legal_actions: legalActions(game),\n    dealer: hand.dealer,",
        "    to_act: hand.toAct === null ? null : hand.toAct + 1,\n"
        "    legal_actions: legalActions(game),\n"
        "    dealer: hand.dealer + 1,",
    ),
    "missing-fields": ("game/observe.js", "    trick_winners: [...hand.trickWinners],\n", ""),
    "wrong-deal": (
        "game/deal-number.js",
        "const seat = (dealer + turn) % rules.seatCount;",
        "const seat = (dealer + turn - 1) % rules.seatCount;",
    ),
    "card-codes": (
        "game/observe.js",
        "hands: hand.hands.map((held) => [...held]),",
        'hands: hand.hands.map((held) => held.map((card) => card.replace("T", "10"))),',
    ),
    "no-known-variant": (
        "protocol/handshake.js",
        'variants: ["north-american", "north-american-32"],',
        'variants: ["North American"],',
    ),
    "action-spelling": ("game/bidding.js", 'legal: () => ["pass", "order_up"],', 'legal: () => ["pass", "order-up"],'),
    "deal-number-precision": ("protocol/exact-json.js", "const SAFE_DIGITS = 15;", "const SAFE_DIGITS = 400;"),
}
"""Each mistake: the file of the engine it is made in, the text there, and the text that replaces it."""

EVIDENCE = {
    "stdout-noise": "before its hello reply it printed 'euchre engine ready'",
    "seats-from-one": "dealer is 2 where the seat is 1",
    "missing-fields": "every observation needs trick_winners (left out from deal #7 by seat 1, observation 0 on)",
    "wrong-deal": "deal #7 by seat 1: each seat holds the hand of the seat 1 to its left",
    "card-codes": "hands shows '10",
    "no-known-variant": "variant 'North American' is no id of the spec: the id is 'north-american'",
    "action-spelling": "legal_actions shows 'order-up': the id is 'order_up'",
    "deal-number-precision": "deal #7 by seat 1 is dealt right",
}
"""The first line of evidence each diagnosis must give (its start)."""


@pytest.fixture(scope="module")
def node() -> str:
    found = shutil.which("node")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("node is not installed: CI must test the smoke test on the JavaScript engine")
        pytest.skip("node is not installed")
    return found


def planted(folder: Path, mistake: str) -> Path:
    """A copy of the JavaScript engine with one mistake made in its source."""
    copy = folder / "engine"
    shutil.copytree(ENGINE, copy)
    file_name, old, new = PLANTS[mistake]
    source = copy / file_name
    text = source.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{file_name} no longer holds the text this mistake replaces"
    source.write_text(text.replace(old, new), encoding="utf-8")
    return copy / "engine.js"


def smoke_json(engine: str, *options: str) -> tuple[int, dict[str, Any]]:
    completed = run_cli("smoke", "--engine", engine, "--json", *options)
    assert "Traceback" not in completed.stderr, completed.stderr
    return completed.returncode, json.loads(completed.stdout)


@pytest.mark.parametrize("mistake", sorted(PLANTS))
def test_each_planted_mistake_is_named_alone_with_its_evidence(node: str, tmp_path: Path, mistake: str) -> None:
    code, result = smoke_json(shlex.join([node, str(planted(tmp_path, mistake))]), "--scenarios", "3")
    assert [problem["name"] for problem in result["problems"]] == [mistake], result["problems"]
    (problem,) = result["problems"]
    assert problem["evidence"][0].startswith(EVIDENCE[mistake]), problem["evidence"]
    assert problem["title"] and problem["fix"]
    assert code == 1 and result["clean"] is False


def test_the_engine_as_it_is_smokes_clean(node: str) -> None:
    command = shlex.join([node, str(ENGINE / "engine.js")])
    completed = run_cli("smoke", "--engine", command)
    assert completed.returncode == 0, completed.stdout + completed.stderr
    lines = completed.stdout.splitlines()
    assert lines[0] == f"Smoke test of euchre-spec-javascript 1.0.0 ({command})"
    assert lines[2].startswith(
        "  played on north-american: deal #7 by seat 1, deal #9223372036854775815 by seat 1, 6 scenario(s)"
    )
    assert lines[-1] == f"No problem found. Next, the whole suite: euchre-spec conform --engine {shlex.quote(command)}"


def test_the_reference_engine_smokes_clean_on_each_variant_it_is_asked_for() -> None:
    code, result = smoke_json("reference")
    assert code == 0 and result["clean"] and result["problems"] == []
    assert result["variant"] == "north-american" and len(result["scenarios"]) == 6 and len(result["deals"]) == 2
    code, result = smoke_json("reference", "--variant", "bid-euchre", "--scenarios", "3")
    assert code == 0 and result["variant"] == "bid-euchre" and len(result["scenarios"]) == 3, result


def test_a_python_adapter_started_by_a_python_without_euchre_spec_is_told_which_python_to_use(tmp_path: Path) -> None:
    adapter = tmp_path / "adapter.py"
    adapter.write_text("import sys\nfrom conformance import sdk\n", encoding="utf-8")
    # -I -S: a Python that sees no site-packages, as another interpreter on the PATH would
    code, result = smoke_json(shlex.join([sys.executable, "-I", "-S", str(adapter)]))
    assert code == 1
    (problem,) = result["problems"]
    assert problem["name"] == "wrong-interpreter"
    assert problem["evidence"][0].endswith("No module named 'conformance'")
    assert problem["evidence"][1].startswith(f"start it as: {shlex.quote(sys.executable)}")


def test_an_engine_printing_while_it_plays_is_caught_on_the_request(tmp_path: Path) -> None:
    engine = tmp_path / "chatty.py"
    engine.write_text(
        "import sys\n"
        "from conformance.engines.reference import ReferenceEngine\n"
        "engine = ReferenceEngine()\n"
        "original = engine.handle\n"
        "def handle(message):\n"
        "    if message.get('type') == 'run':\n"
        "        print('playing', message.get('scenario'), flush=True)\n"
        "    return original(message)\n"
        "engine.handle = handle\n"
        "sys.exit(engine.serve())\n",
        encoding="utf-8",
    )
    code, result = smoke_json(shlex.join([sys.executable, str(engine)]))
    assert code == 1
    assert [problem["name"] for problem in result["problems"]] == ["stdout-noise"]
    assert result["problems"][0]["evidence"] == ["where the reply to deal #7 by seat 1 was due it printed 'playing smoke-deal-7'"]


def test_a_command_line_that_cannot_be_split_is_a_usage_error() -> None:
    completed = run_cli("smoke", "--engine", "node 'engine.js")
    assert completed.returncode == 2
    assert completed.stderr.startswith("error: --engine: ")


def test_a_variant_asked_for_must_be_one_the_spec_has_and_the_engine_declares(tmp_path: Path) -> None:
    from tests.test_conform_command import engine_script

    misspelt = run_cli("smoke", "--engine", "reference", "--variant", "britsh")
    assert misspelt.returncode == 2 and misspelt.stderr == "error: unknown variant 'britsh' (did you mean 'british'?)\n"
    command = engine_script(tmp_path, "engine.py", "only-two-handed", ["two-handed"])
    undeclared = run_cli("smoke", "--engine", command, "--variant", "british")
    assert undeclared.returncode == 2
    assert undeclared.stderr == "error: the engine does not declare british (it declares two-handed)\n"
    code, result = smoke_json(command)
    assert code == 0 and result["variant"] == "two-handed" and result["problems"] == []
