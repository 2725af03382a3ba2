"""`euchre-spec serve` answers every line of tests/hostile/server/cases.yaml as its case says, and keeps serving.

All the lines go to one server, in order, so a line that killed it or left it in a bad state
would fail every case after it. Every reply must be strict JSON (no NaN) and follow the
protocol schema for its type; the server must exit 0 on `bye` without a traceback.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from typing import Any

import pytest

from ruleset.compiled.loading import load_rules
from tests import ROOT
from tests.hostile_helpers import assert_no_traceback, cases, schema_validator

REPLY_SCHEMAS = {
    "hello": "hello_reply",
    "result": "result",
    "not_applicable": "not_applicable",
    "error": "error",
    "observation": "observation_reply",
    "refused": "refused",
    "accepted": "accepted",
    "closed": "closed",
}
CASES = cases("server")


def _line(case: dict[str, Any]) -> bytes:
    if "hex" in case:
        return bytes.fromhex(case["hex"])
    pieces = case["parts"] if "parts" in case else [case["line"]]
    text = "".join(piece if isinstance(piece, str) else piece["repeat"] * piece["times"] for piece in pieces)
    rules = dict(load_rules("north-american").document)
    seats_as_text = rules | {"seats": rules["seats"] | {"count": "four"}}
    text = text.replace("$RULES", json.dumps(rules)).replace("$SEATS_AS_TEXT", json.dumps(seats_as_text))
    return text.encode("utf-8")


def _refuse(name: str) -> None:
    raise ValueError(f"{name} in a reply")


@cache
def _replies() -> tuple[list[str], str, int]:
    """Every case's line sent to one server, then bye: its reply lines, its standard error, its exit code."""
    data = b"".join(_line(case.values[0]) + b"\n" for case in CASES) + b'{"type": "bye"}\n'
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-m", "euchre_spec", "serve"], input=data, capture_output=True, timeout=300, check=False, env=env
    )
    return done.stdout.decode("utf-8").splitlines(), done.stderr.decode("utf-8", "replace"), done.returncode


def test_the_server_answers_every_line_once_and_exits_cleanly_on_bye() -> None:
    lines, stderr, code = _replies()
    assert_no_traceback(stderr)
    assert code == 0, stderr
    assert len(lines) == len(CASES), lines[-3:]


@pytest.mark.parametrize("case", CASES)
def test_each_line_gets_the_reply_its_case_names(case: dict[str, Any]) -> None:
    lines, _, _ = _replies()
    index = [param.values[0]["id"] for param in CASES].index(case["id"])
    assert index < len(lines), "the server stopped answering before this line"
    reply = json.loads(lines[index], parse_constant=_refuse)
    expect = case["expect"]
    assert reply["type"] == expect["type"], reply
    problems = list(
        schema_validator(
            f"https://euchre-spec.org/schemas/protocol.schema.json#/$defs/{REPLY_SCHEMAS[reply['type']]}"
        ).iter_errors(reply)
    )
    assert not problems, problems[0].message
    if "seq" in expect:
        assert reply["seq"] == expect["seq"]
    said = reply.get("reason") if reply["type"] == "refused" else reply.get("message", "")
    assert expect.get("message", "") in said, said
