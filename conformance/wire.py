"""JSON on the wire: how protocol messages are written and read, on both ends.

The harness protocol is plain JSON lines; this module only chooses the codec. It is orjson, a
well-kept compiled codec that reads and writes protocol-sized messages several times faster
than the standard library, which is most of what a protocol step costs once the engine is
fast. It also refuses what JSON does not have: NaN, Infinity and numbers too large for a double are
not read, and nesting is bounded. An integer beyond 64 bits is read as a float, which every
schema that wants an integer then refuses.
"""

from __future__ import annotations

from typing import Any

import orjson

DecodeError = orjson.JSONDecodeError
"""Raised by `loads` for text that is not one JSON value (a ValueError)."""


def dumps(message: Any) -> str:
    """One message as a line of JSON text, without the newline."""
    return orjson.dumps(message).decode("utf-8")


def loads(line: str | bytes) -> Any:
    """The JSON value of one line."""
    return orjson.loads(line)
