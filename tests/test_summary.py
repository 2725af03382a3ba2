"""`euchre-spec summary`: a run's failures as Markdown, made from reports that real conform runs wrote."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

from tests.cli_helpers import run_cli
from tests.test_conform_command import user_folder
from tests.test_explain import CRASHING, wrong_engine

ANGRY = """
import json
import sys

from conformance.engines.reference import ReferenceEngine

engine = ReferenceEngine()
for line in sys.stdin:
    message = json.loads(line)
    reply = engine.handle(message)
    if reply is None:
        break
    if reply["type"] != "hello":
        reply = {"type": "error", "seq": message["seq"], "message": "<script>alert(1)</script> | `x` *y* [z](http://e)"}
    print(json.dumps(reply), flush=True)
"""


def conform(tmp_path: Path, name: str, engine: str, *options: str) -> Path:
    folder = tmp_path / name
    completed = run_cli("conform", "--engine", engine, "--report-to", str(folder), "--quiet", *options)
    assert completed.returncode in (0, 1), completed.stdout + completed.stderr
    return folder / "report.json"


def summary(*arguments: str) -> str:
    completed = run_cli("summary", *arguments)
    assert completed.returncode == 0, completed.stdout + completed.stderr
    return completed.stdout


def explain_commands(text: str) -> list[str]:
    lines = text.splitlines()
    return [lines[index + 1] for index, line in enumerate(lines) if line == "```sh"]


def test_a_failing_run_lists_each_failure_with_the_command_that_explains_it(tmp_path: Path) -> None:
    engine = wrong_engine(tmp_path)
    report = conform(tmp_path, "wrong", engine, "--id", "na-smoke-00*", "--id", "na-r1-*")
    data = json.loads(report.read_text())
    failing = [result for result in data["results"] if result["status"] == "fail"]
    assert failing, "the engine that shows the wrong trump must fail some of these"
    text = summary(str(report))
    lines = text.splitlines()
    assert lines[0] == "## euchre-spec conformance: euchre-spec reference engine " + data["engine"]["version"]
    passed, applicable = data["summary"]["must"]["passed"], data["summary"]["must"]["applicable"]
    assert lines[2] == f"**Compliance (must): {passed}/{applicable} = {100 * passed / applicable:.1f}%**"
    assert lines[4].split(" | ")[:3] == ["| pass", "fail", "error"]
    assert lines[6].split(" | ")[:2] == [f"| {data['summary']['counts']['pass']}", str(len(failing))]
    assert f"### {len(failing)} scenarios fail the run" in lines
    for result in failing:
        assert f"#### FAIL `{result['id']}`: " in text
        assert "- clauses: " + ", ".join(f"`{clause}`" for clause in result["clauses"]) in lines
    commands = explain_commands(text)
    assert "--spec" not in text
    assert commands == [shlex.join(["euchre-spec", "explain", r["id"], "--engine", engine]) for r in failing]
    replay = run_cli(*shlex.split(commands[0])[1:])
    assert replay.returncode == 1 and replay.stdout.splitlines()[-1].startswith("Outcome: fail: "), replay.stdout


def test_a_crashing_engine_is_listed_as_crashed_and_a_limit_cuts_the_list(tmp_path: Path) -> None:
    path = tmp_path / "crashing.py"
    path.write_text(CRASHING, encoding="utf-8")
    engine = shlex.join([sys.executable, str(path)])
    report = conform(tmp_path, "crash", engine, "--id", "na-smoke-001", "--id", "na-r1-001")
    text = summary(str(report), "--limit", "1")
    assert text.count("#### CRASH `") == 1 and text.count("#### ") == 1
    assert "- the engine exited with code 3 before replying" in text.splitlines()
    assert text.rstrip().endswith("... and 1 more: see the JSON report.")


def test_a_clean_run_says_nothing_fails_and_a_users_scenario_is_explained_from_its_file(tmp_path: Path) -> None:
    rule, scenarios = user_folder(tmp_path)
    report = conform(tmp_path, "mine", "reference", "--scenario", str(scenarios), "--spec", str(rule))
    text = summary(str(report))
    assert "No scenario fails the run." in text
    assert "2 more scenarios were not run because invalid" in text
    data = json.loads(report.read_text())
    data["results"][0]["status"] = "fail"  # as if the engine had failed the user's own scenario
    data["results"][0]["message"] = "after step 1: trump: expected 'H', got 'D'"
    report.write_text(json.dumps(data))
    text = summary(str(report))
    assert "add `--spec FILE` for each file the run was given" in text
    (command,) = explain_commands(text)
    scenario_file = shlex.quote(str(scenarios / "stuck.yaml"))
    assert command == f"euchre-spec explain my-stuck-001 --engine reference --scenario {scenario_file}"


def test_what_the_engine_says_is_escaped_and_the_markdown_goes_to_a_file(tmp_path: Path) -> None:
    path = tmp_path / "angry.py"
    path.write_text(ANGRY, encoding="utf-8")
    report = conform(tmp_path, "angry", shlex.join([sys.executable, str(path)]), "--id", "na-smoke-001")
    out = tmp_path / "summary.md"
    completed = run_cli("summary", str(report), "-o", str(out))
    assert completed.returncode == 0, completed.stderr
    text = out.read_text()
    assert "<script>" not in text
    message = r"the engine reported an error: \<script\>alert(1)\</script\> \| \`x\` \*y\* \[z\](http://e)"
    assert f"- {message}" in text.splitlines()


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ('{\n  "format": 1,\n', ":3: not valid JSON"),
        ('{\n  "format": 1\n}\n', ":1: not a conformance report: "),
    ],
)
def test_a_file_that_is_not_a_report_is_named_with_its_line(tmp_path: Path, content: str, expected: str) -> None:
    path = tmp_path / "report.json"
    path.write_text(content, encoding="utf-8")
    completed = run_cli("summary", str(path))
    assert completed.returncode == 1
    assert completed.stderr.startswith(f"{path}{expected}"), completed.stderr
    assert "Traceback" not in completed.stderr
