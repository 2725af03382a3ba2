"""Reading JSON files strictly, within the limits every file we read is held to, with `file:line` errors.

EGN records and fuzzing summaries are JSON, and may come from someone else as a spec file may,
so they are read through the same limits (`documents.limits`): the file itself through
`documents.reading` (its size, a FIFO, a device), then one pass over the text refuses nesting past
MAX_DEPTH and numbers past MAX_NUMBER_DIGITS before json reads it (json's reader recurses once
per level, and ends in RecursionError near a thousand; it refuses integers of more than 4,300
digits with a ValueError), and the values read are counted against MAX_VALUES. Duplicate keys are
refused, since json would silently keep the last. Each value's line comes from composing the
same text with the YAML loader the spec files use (JSON is YAML), so errors read like those of
`euchre-spec validate`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from .errors import SpecError, SpecInvalid
from .limits import MAX_DEPTH, MAX_NUMBER_DIGITS, MAX_VALUES
from .reading import read_text
from .yaml_loader import line_map, parse_document

_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]|[-+0-9.eE]{' + str(MAX_NUMBER_DIGITS + 1) + ",}")
"""A string (skipped whole, so brackets and digits inside it do not count), a bracket, or a number too long."""


def load_json(path: Path | str, name: str) -> tuple[Any, dict[str, int]]:
    """The JSON value of a file, and the line of each JSON pointer in it; SpecInvalid, located, if it cannot be read."""
    return parse_json(read_text(path, name), name)


def parse_json(text: str, name: str, with_lines: bool = True) -> tuple[Any, dict[str, int]]:
    """The JSON value of a text, and the line of each JSON pointer in it (none asked: an empty map); SpecInvalid,
    located, if it cannot be read."""
    too_big = _past_limits(text, name)
    if too_big is not None:
        raise SpecInvalid([too_big])
    duplicates: list[str] = []

    def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key, value in pairs:
            if key in result:
                duplicates.append(key)
            result[key] = value
        return result

    try:
        data = json.loads(text, object_pairs_hook=no_duplicates)
    except json.JSONDecodeError as exc:
        raise SpecInvalid([SpecError(name, exc.lineno, "", f"not valid JSON: {exc.msg} (column {exc.colno})")]) from exc
    if duplicates:
        raise SpecInvalid(_duplicates(text, name, duplicates))
    if _values(data) > MAX_VALUES:  # the file as a whole is too big: no line is more to blame than another
        raise SpecInvalid([SpecError(name, 1, "", f"more than {MAX_VALUES:,} values in one file")])
    return data, line_map(text, name) if with_lines else {}


def _past_limits(text: str, name: str) -> SpecError | None:
    """Nesting too deep or a number too long, found by one pass over the text before json reads it."""
    depth = 0
    for token in _JSON_TOKEN.finditer(text):
        first = token.group()[0]
        if first in "[{":
            depth += 1
        elif first in "]}":
            depth -= 1
        elif first != '"':
            line = text.count("\n", 0, token.start()) + 1
            return SpecError(
                name,
                line,
                "",
                f"a number of {len(token.group()):,} characters; numbers of more than {MAX_NUMBER_DIGITS} are not read",
            )
        if depth > MAX_DEPTH:
            return SpecError(name, text.count("\n", 0, token.start()) + 1, "", f"values nested more than {MAX_DEPTH} deep")
    return None


def _values(data: Any) -> int:
    """How many values `data` holds (itself included), counting no further than one past MAX_VALUES."""
    count = 0
    waiting: list[Any] = [data]
    while waiting and count <= MAX_VALUES:
        value = waiting.pop()
        count += 1
        if isinstance(value, dict):
            waiting.extend(value.values())
        elif isinstance(value, list):
            waiting.extend(value)
    return count


def _duplicates(text: str, name: str, keys: list[str]) -> list[SpecError]:
    """Each duplicate key at its line, as the YAML loader finds it; without a line if that loader cannot read the text."""
    try:
        parse_document(text, name)
    except SpecInvalid as exc:
        located = [error for error in exc.errors if error.message.startswith("duplicate field")]
        if located:
            return located
    return [SpecError(name, 0, "", f"duplicate field {key!r}") for key in keys]
