"""JSON on the wire: how protocol messages are written and read, on both ends.

The harness protocol is plain JSON lines; this module only chooses the codec. It is orjson, a
well-kept compiled codec that reads and writes protocol-sized messages several times faster
than the standard library, which is most of what a protocol step costs once the engine is
fast. What orjson refuses is read again by the standard library, with NaN, Infinity and
numbers too large for a double refused there too, so a bad line is refused with the plainest
message either can give ("NaN is not a JSON value") and no valid line is lost. orjson reads every
integer from -2**63 to 2**64 - 1 exactly but one beyond them as a float, so a line holding such an
integer is read by the standard library alone (only a run of 19 digits or more can be one, and
each is checked). A line
longer than any real message is read by the standard library too (`FAST_LINE`), for its memory.

Both ends also cut their input into lines the same way (`decode_line`): a line too long to hold,
or one that is not UTF-8, is found by one function here and worded by each end for its reader;
and a line of more values than any message holds is refused before it is read (`MAX_VALUES`),
since what a line costs once read depends on how many values it holds, not on its length alone.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

import orjson

_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
_LONG_RUN = b"0" * 19
"""A run of 19 digits, looked for in a line's bytes with every digit turned to 0: a plain search, where a regular
expression would scan a batch's line of kilobytes several times slower than orjson reads it (a digit of UTF-8 is
always the one byte of its ASCII code). orjson reads every integer from -2**63 to 2**64 - 1 exactly, and those
have 20 digits at most, 19 with a minus; deal numbers reach 20 digits, other fields never come near."""
_ZERO, _MINUS = ord("0"), ord("-")

MAX_LINE = 16 * 2**20
"""The longest protocol line either side reads (16 MiB), far above the largest reply of the suite;
a longer one is refused as an error instead of being held in memory."""

MAX_VALUES = 500_000
"""The most values one line may hold, counted by its brackets and commas before it is read: 25 times
the largest reply of the suite (19,414, a game of twelve hands), while a 16 MiB line of empty lists
would hold five million, and take a gigabyte once read."""


FAST_LINE = 2**20
"""Lines up to this length (1 MiB; the largest reply of the suite is 165 KB) are read by orjson, which sets
aside memory for a line by its length, a dozen times it; a longer line by the standard library, whose
memory follows what the line holds."""


class TooManyValues(ValueError):
    """A line holding more than MAX_VALUES values: refused before it is read."""


@dataclass(frozen=True)
class BadLine:
    """Why a line read from the other end is no text to parse: too long, or a byte that is not UTF-8 (and where)."""

    too_long: bool
    byte: bytes = b""
    at: int = 0


def take_line(pending: bytearray, end: int) -> bytes:
    """The line that ends at `end` (a newline) in what has been read, taken out of it with its newline.

    A line may be megabytes long, so it is copied once (a slice of a bytearray would copy it twice).
    """
    with memoryview(pending) as view:
        line = bytes(view[:end])
    del pending[: end + 1]
    return line


def decode_line(raw: bytes) -> str | BadLine:
    """The text of one line as read (its newline taken off), or why it has none."""
    if len(raw) - raw.endswith(b"\r") > MAX_LINE:
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
    # a value takes a character at least, so only a line longer than the limit can pass it
    if len(text) > MAX_VALUES and text.count(",") + text.count("[") + text.count("{") > MAX_VALUES:
        raise TooManyValues(f"a line of more than {MAX_VALUES:,} values")
    if len(text) <= FAST_LINE and not _long_numbers(text):
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass  # read again below, for the plainest reason
    return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)


def _long_numbers(text: str) -> bool:
    """Whether the line may hold an integer orjson would read as a float: one beyond 64 bits, 2**64 or more, or below
    -2**63. Only a run of 19 digits or more can be, so each such run is read as a whole number and checked (a run
    in a string or a fraction may be counted too, which only sends the line to the slower reader)."""
    raw = text.encode("utf-8")
    digits = raw.translate(_DIGITS_AS_ZERO)
    found = digits.find(_LONG_RUN)
    while found != -1:
        end = found + len(_LONG_RUN)
        while end < len(digits) and digits[end] == _ZERO:
            end += 1
        start = found - 1 if found and raw[found - 1] == _MINUS else found
        if not -(2**63) <= int(raw[start:end]) < 2**64:
            return True
        found = digits.find(_LONG_RUN, end)
    return False


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:40]} is too large for a finite value")
    return value
