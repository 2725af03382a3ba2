"""The JSON-lines loop an engine runs on its standard input and output.

Shared by every engine this project serves over the harness protocol (the reference engine and
the OpenSpiel adapter), so they read and answer messages the same way: one reply line per
request line, a line that is not JSON answered with an error, until 'bye' or end of input.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import IO, Any

Handler = Callable[[dict[str, Any]], "dict[str, Any] | None"]


def serve_lines(handle: Handler, stdin: IO[str], stdout: IO[str]) -> int:
    for line in stdin:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except json.JSONDecodeError as exc:
            reply: dict[str, Any] | None = {"type": "error", "seq": -1, "message": f"not JSON: {exc}"}
        else:
            reply = handle(message)
            if reply is None:
                break
        stdout.write(json.dumps(reply) + "\n")
        stdout.flush()
    return 0
