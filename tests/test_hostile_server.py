"""`euchre-spec serve` answers every line of tests/hostile/server/cases.yaml as its case says, and keeps serving.

All the lines go to one server, in order, so a line that killed it or left it in a bad state
would fail every case after it. Every reply must be strict JSON (no NaN) and follow the
protocol schema for its type; the server must exit 0 on `bye` without a traceback. Beside the
lines, a server is given more sessions than it keeps, sessions of megabytes of rules, and a rule
file no game can be played with: it refuses what is past its limits, stays under its memory
bound, and offers only what it can play.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from conformance.engines import wire
from conformance.engines.sdk import MAX_RULES_BYTES, MAX_SESSION_BYTES, MAX_SESSIONS
from ruleset.compiled.loading import load_rules
from tests import ROOT
from tests.hostile_helpers import HOSTILE, assert_no_traceback, cases, schema_validator

REPLY_SCHEMAS = {
    "hello": "hello_reply",
    "result": "result",
    "not_applicable": "not_applicable",
    "error": "error",
    "observation": "observation_reply",
    "refused": "refused",
    "accepted": "accepted",
    "closed": "closed",
    "batch": "batch_reply",
}
CASES = cases("server")
SERVE_MEMORY = 200 * 2**20
"""The memory `serve` stays under whatever a client sends (README, docs/protocol.md)."""


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


def _serve(lines: Iterator[bytes], *options: str) -> tuple[list[dict[str, Any]], str, int, int]:
    """Lines written to one `serve` as fast as it reads them, then bye: its replies, standard error, exit code and
    peak memory (KiB, measured by a small launcher, so pytest's own memory is not counted)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    launcher = "import os, subprocess, sys\nchild = subprocess.Popen(sys.argv[1:])\n_, status, usage = os.wait4(child.pid, 0)\n"
    launcher += "sys.stderr.write(f'\\npeak {usage.ru_maxrss}\\n')\nsys.exit(os.waitstatus_to_exitcode(status))\n"
    command = [sys.executable, "-c", launcher, sys.executable, "-m", "euchre_spec", "serve", *options]
    server = subprocess.Popen(command, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert server.stdin is not None and server.stdout is not None and server.stderr is not None
    replies: list[dict[str, Any]] = []
    reader = threading.Thread(target=lambda: replies.extend(json.loads(line) for line in server.stdout or ()), daemon=True)
    reader.start()
    try:
        for line in lines:
            server.stdin.write(line + b"\n")
        server.stdin.write(b'{"type": "bye"}\n')
        server.stdin.close()
        stderr = server.stderr.read().decode("utf-8", "replace")
        code = server.wait(timeout=300)
        reader.join(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    return replies, stderr, code, int(stderr.rsplit("peak ", 1)[1])


def _open(ident: Any, rules: dict[str, Any], number: int = 1) -> bytes:
    message = {"type": "open", "seq": 1, "session": ident, "variant": "north-american", "house_rules": [], "rules": rules}
    return json.dumps(message | {"deals": [{"dealer": 0, "number": number}]}).encode()


def test_sessions_past_the_limit_are_refused_and_a_closed_one_makes_room() -> None:
    rules = dict(load_rules("north-american").document)
    lines = [_open(index, rules, index) for index in range(MAX_SESSIONS + 5)]
    lines += [json.dumps({"type": "close", "seq": 2, "session": 0}).encode(), _open("after a close", rules)]
    replies, stderr, code, peak = _serve(iter(lines))
    assert_no_traceback(stderr)
    assert code == 0
    kinds = [reply["type"] for reply in replies]
    assert kinds == ["observation"] * MAX_SESSIONS + ["error"] * 5 + ["closed", "observation"], kinds[-8:]
    assert f"{MAX_SESSIONS:,} sessions are open, as many as this engine keeps" in replies[MAX_SESSIONS]["message"]
    assert peak < SERVE_MEMORY // 1024, f"serve peaked at {peak / 1024:.0f} MB"


def test_sessions_holding_megabytes_of_rules_are_refused_past_the_budget() -> None:
    rules = dict(load_rules("north-american").document)
    each = [rules | {"title": "x" * 700_000 + str(index)} for index in range(16)]
    fit = MAX_SESSION_BYTES // (len(wire.dumps(each[0])) + len(wire.dumps([{"dealer": 0, "number": 1}])))
    replies, stderr, code, peak = _serve(_open(index, document) for index, document in enumerate(each))
    assert_no_traceback(stderr)
    assert code == 0
    assert 5 <= fit < 16 and [reply["type"] for reply in replies] == ["observation"] * fit + ["error"] * (16 - fit)
    assert "the open sessions hold" in replies[-1]["message"]
    huge = rules | {"title": "x" * (MAX_RULES_BYTES + 1)}
    replies, _, _, _ = _serve(iter([_open("huge", huge)]))
    assert replies[0]["type"] == "error" and "this engine reads rules of at most 1,048,576" in replies[0]["message"]
    assert peak < SERVE_MEMORY // 1024, f"serve peaked at {peak / 1024:.0f} MB"


def test_a_house_rule_no_game_can_be_played_with_is_not_offered() -> None:
    rule = HOSTILE / "server" / "impossible-bids.yaml"
    replies, stderr, code, _ = _serve(iter([b'{"type": "hello", "protocol": 1}']), "--spec", str(rule))
    assert code == 0 and replies[0]["type"] == "hello"
    assert "impossible-bids" not in replies[0]["house_rules"] and "stick-the-dealer" in replies[0]["house_rules"]
    assert "warning: impossible-bids is not offered: no game can be played with it" in stderr
    assert "the minimum bid 7 is above the highest bid 6 (/auction/min)" in stderr
