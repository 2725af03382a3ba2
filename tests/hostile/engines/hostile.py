"""What the hostile engines share: an honest handshake, an honest answer, and a note of their processes.

Each engine in this folder misbehaves in one way only, so that the runner's verdict on it can
be checked exactly: `serve(misbehave)` answers the handshake and `bye` as any engine would, and
hands each other request to `misbehave`, which either misbehaves or returns False for the honest
answer (`not_applicable`: these engines play no Euchre). Every process an engine starts is noted
in the file named by HOSTILE_PIDS, so a test can check that none outlives the run.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

HELLO: dict[str, Any] = {
    "type": "hello",
    "protocol": 1,
    "name": "hostile",
    "version": "1",
    "variants": ["north-american"],
    "house_rules": [],
}


def targeted(message: dict[str, Any]) -> bool:
    """Whether this request is the one to misbehave on: the scenario HOSTILE_ON (default na-alone-001).

    Chosen by scenario, not by count, so that an engine restarted after misbehaving is honest
    on the next scenario, and the runner's verdict on each can be told apart.
    """
    return bool(message.get("scenario") == os.environ.get("HOSTILE_ON", "na-alone-001"))


def note(pid: int) -> None:
    """Record a process of this engine for the test that checks nothing is left behind."""
    path = os.environ.get("HOSTILE_PIDS")
    if path:
        with open(path, "a", encoding="utf-8") as out:
            out.write(f"{pid}\n")


def write(data: bytes) -> None:
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def send(message: Any) -> None:
    write(json.dumps(message).encode() + b"\n")


def honest(message: dict[str, Any]) -> dict[str, Any]:
    return {"type": "not_applicable", "seq": message["seq"], "reason": "a hostile engine plays no Euchre"}


def child(*command: str) -> subprocess.Popen[bytes]:
    """Start a child process that inherits this engine's standard streams, and note it."""
    process = subprocess.Popen(list(command))
    note(process.pid)
    return process


def serve(misbehave: Callable[[dict[str, Any], int], bool], hello: Any = None) -> None:
    note(os.getpid())
    if os.environ.get("HOSTILE_SAY"):  # a line on standard error, to tell one run's log from another's
        sys.stderr.write(os.environ["HOSTILE_SAY"] + "\n")
        sys.stderr.flush()
    runs = 0
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            send(HELLO if hello is None else hello)
        elif kind == "bye":
            return
        else:
            if not misbehave(message, runs):
                send(honest(message))
            runs += 1


def sleep_forever() -> None:
    import time

    while True:
        time.sleep(60)
