"""The memory of `euchre-spec serve` under clients that ask for too much, each against a fresh server.

Each way of asking sends its lines as fast as the server reads them, then `bye`; the server's
peak resident memory is read from the system when it exits (wait4), and its replies are counted
by kind. The bound the server is held to (docs/protocol.md) is 200 MB whatever a client sends:

* sessions N: N sessions opened, of north-american's rules (1,024 are kept, the rest refused);
* distinct-rules N: N run requests, each with rules of its own title (compiled rules are cached);
* big-sessions N: sessions opened with rules of 700 KB each (the open sessions hold 8 MiB at most);
* big-rules N: run requests with rules of 15 MiB each (rules of more than 1 MiB are refused);
* long-lines N: lines of 16 MiB (one string) each;
* many-values N: lines of 600,000 empty lists (refused before they are read).

    PYTHONPATH=. .venv/bin/python bench/serve_memory.py [sessions 10000] [big-rules 4] ...

With no arguments every way is run with the counts below. The script asserts nothing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from typing import Any

from ruleset.compiled.loading import load_rules

DEFAULTS = {
    "sessions": 10_000,
    "distinct-rules": 5_000,
    "big-sessions": 16,
    "big-rules": 4,
    "long-lines": 3,
    "many-values": 3,
}
LAUNCHER = """
import os, subprocess, sys
child = subprocess.Popen(sys.argv[1:])
_, status, usage = os.wait4(child.pid, 0)
sys.stderr.write(f"\\npeak-kib {usage.ru_maxrss}\\n")
sys.exit(os.waitstatus_to_exitcode(status))
"""
"""Starts the server and reports its peak memory (KiB): the server's own, not this script's."""


def lines(way: str, count: int) -> Iterator[str]:
    rules = dict(load_rules("north-american").document)
    setup = {"variant": "north-american", "house_rules": []}
    yield json.dumps({"type": "hello", "protocol": 1})
    for index in range(count):
        deals = [{"dealer": 0, "number": index}]
        if way == "sessions":
            yield json.dumps({"type": "open", "seq": index, "session": index, "rules": rules, "deals": deals} | setup)
        elif way == "big-sessions":
            big = rules | {"title": "x" * 700_000 + str(index)}
            yield json.dumps({"type": "open", "seq": index, "session": index, "rules": big, "deals": deals} | setup)
        elif way in ("distinct-rules", "big-rules"):
            title = f"North American {index}" if way == "distinct-rules" else "x" * 15 * 2**20 + str(index)
            run = {"type": "run", "seq": index, "scenario": "x", "rules": rules | {"title": title}, "deals": deals}
            yield json.dumps(run | setup | {"actions": [], "probes": []})
        elif way == "long-lines":
            yield '{"type": "close", "seq": 1, "session": "' + "x" * (16 * 2**20 - 100) + '"}'
        elif way == "many-values":
            yield '{"type": "close", "seq": 1, "session": 1, "junk": [' + "[]," * 600_000 + "[]]}"
    yield json.dumps({"type": "bye"})


def measure(way: str, count: int) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [os.getcwd(), os.environ.get("PYTHONPATH")])))
    command = [sys.executable, "-c", LAUNCHER, sys.executable, "-m", "euchre_spec", "serve"]
    server = subprocess.Popen(command, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert server.stdin is not None and server.stdout is not None and server.stderr is not None
    replies: Counter[str] = Counter()

    def read() -> None:
        for line in server.stdout or ():
            reply = json.loads(line)
            replies[reply["type"] + (f": {reply['message'][:60]}" if reply["type"] == "error" else "")] += 1

    reader = threading.Thread(target=read)
    reader.start()
    for line in lines(way, count):
        server.stdin.write(line.encode("utf-8") + b"\n")
    server.stdin.close()
    stderr = server.stderr.read().decode("utf-8", "replace")
    code = server.wait()
    reader.join()
    return {"way": way, "count": count, "exit": code, "peak_mb": round(int(stderr.rsplit("peak-kib ", 1)[1]) / 1024, 1)} | {
        "replies": dict(replies)
    }


def main(argv: list[str]) -> int:
    ways = dict(zip(argv[::2], (int(count) for count in argv[1::2]), strict=True)) if argv else DEFAULTS
    for way, count in ways.items():
        print(json.dumps(measure(way, count)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
