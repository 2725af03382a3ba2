"""JSON on the wire: how protocol messages are written and read, on both ends.

The harness protocol is plain JSON lines; this module only chooses the codec. It is orjson, a
well-kept compiled codec that reads and writes protocol-sized messages several times faster
than the standard library, which is most of what a protocol step costs once the engine is
fast. What orjson refuses is read again by the standard library, with NaN, Infinity and
numbers too large for a double refused there too, so a bad line is refused with the plainest
message either can give ("NaN is not a JSON value") and no valid line is lost. A line with a
number of 20 digits or more is read by the standard library alone, since orjson would read an
integer beyond 64 bits as a float; deal numbers reach 20 digits, other fields never do.

Both ends also cut their input into lines the same way (`decode_line`): a line too long to hold,
or one that is not UTF-8, is found by one function here and worded by each end for its reader;
and a line of more values than any message holds is refused before it is read (`MAX_VALUES`),
since what a line costs once read depends on how many values it holds, not on its length alone.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any

import orjson

_LONG_NUMBER = re.compile(r"\d{20}")

MAX_LINE = 16 * 2**20
"""The longest protocol line either side reads (16 MiB), far above the largest reply of the suite;
a longer one is refused as an error instead of being held in memory."""

MAX_VALUES = 500_000
"""The most values one line may hold, counted by its brackets and commas before it is read: 25 times
the largest reply of the suite (19,414, a game of twelve hands), while a 16 MiB line of empty lists
would hold five million, and take a gigabyte once read."""


class TooManyValues(ValueError):
    """A line holding more than MAX_VALUES values: refused before it is read."""


@dataclass(frozen=True)
class BadLine:
    """Why a line read from the other end is no text to parse: too long, or a byte that is not UTF-8 (and where)."""

    too_long: bool
    byte: bytes = b""
    at: int = 0


def decode_line(raw: bytes) -> str | BadLine:
    """The text of one line as read (its newline taken off), or why it has none."""
    if len(raw.rstrip(b"\r")) > MAX_LINE:
        return BadLine(too_long=True)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return BadLine(too_long=False, byte=raw[exc.start : exc.start + 1], at=exc.start)


def dumps(message: Any) -> str:
    """One message as a line of JSON text, without the newline (an integer beyond 64 bits by the standard library)."""
    try:
        return orjson.dumps(message).decode("utf-8")
    except orjson.JSONEncodeError:
        return json.dumps(message, allow_nan=False)


def loads(line: str | bytes) -> Any:
    """The JSON value of one line; ValueError, saying why, for anything JSON does not allow, and TooManyValues for
    a line past MAX_VALUES (a string's commas count too: no real message comes near the limit either way)."""
    text = line.decode("utf-8") if isinstance(line, bytes) else line
    if text.count(",") + text.count("[") + text.count("{") > MAX_VALUES:
        raise TooManyValues(f"a line of more than {MAX_VALUES:,} values")
    if not _LONG_NUMBER.search(text):
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass  # read again below, for the plainest reason
    return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:40]} is too large for a finite value")
    return value
