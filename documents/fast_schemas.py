"""A compiled JSON Schema validator's yes, for the documents it can vouch for.

jsonschema, in pure Python, takes milliseconds over one scenario file or resolved variant;
jsonschema-rs, compiled, takes microseconds. It is used for one answer only, "this document is
valid": its errors are never shown (jsonschema words those, `documents.schemas`), so a document
it refuses is simply checked again by jsonschema, and where it is not installed (no wheel for
the platform) every document is.

It must therefore never accept what jsonschema refuses. The two read JSON data alike, but not
every Python value: jsonschema-rs takes a tuple for a list, and its patterns read `\\S` as
ECMA-262 does, which counts U+001C to U+001F and U+0085 as text where Python counts them as
spaces. So it is offered only plain JSON data (dicts with text keys, lists, text, numbers,
true, false, null), and, where the schema has a pattern with `\\s` or `\\S` (the protocol's
schemas have none), only strings holding none of those characters; anything else goes to
jsonschema alone. A schema with `\\w` or `\\b` (words, read apart in many scripts) is not
offered at all; none of ours has one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any
from urllib.parse import urldefrag, urljoin

from .schema_files import schema_documents

_SCALARS = frozenset({str, int, float, bool, type(None)})
_READ_APART = re.compile("[\x1c-\x1f\x85]")
"""Characters Python's patterns and the compiled validator's do not class alike (as spaces or not)."""
_SPACES = re.compile(r"\\[sS]")
_WORDS = re.compile(r"\\[wWbB]")
"""Pattern escapes whose classes the two read differently: spaces (apart in a few characters), words (in many)."""


def accepts(uri: str, data: Any) -> bool:
    """True if the compiled validator finds `data` valid against the schema at `uri`; False if it
    does not, cannot read the data, or is not installed."""
    is_valid = _compiled(uri)
    patterns = _pattern_classes(uri)
    if is_valid is None or patterns.words or not _plain_json(data, patterns.spaces):
        return False
    try:
        return is_valid(data)
    except (ValueError, TypeError, OverflowError, RecursionError):  # a value it cannot convert: jsonschema decides
        return False


@cache
def _compiled(uri: str) -> Callable[[Any], bool] | None:
    """The compiled validator's `is_valid` for the schema at `uri`, or None where it cannot be had."""
    try:
        import jsonschema_rs
    except ImportError:
        return None
    try:
        registry = _registry()
        validator = jsonschema_rs.Draft202012Validator({"$ref": uri}, registry=registry, validate_formats=False)
    except (ValueError, TypeError):  # a schema it cannot compile: jsonschema checks every document
        return None
    is_valid: Callable[[Any], bool] = validator.is_valid
    return is_valid


@cache
def _registry() -> Any:
    import jsonschema_rs

    return jsonschema_rs.Registry(list(schema_documents()))


@dataclass(frozen=True)
class _Classes:
    """Which classes read apart the patterns of a schema use (with every schema file it refers to)."""

    spaces: bool
    words: bool


@cache
def _pattern_classes(uri: str) -> _Classes:
    documents = dict(schema_documents())
    patterns: list[str] = []
    todo, seen = [urldefrag(uri).url], set()
    while todo:
        file_uri = todo.pop()
        if file_uri in seen:
            continue
        seen.add(file_uri)
        if file_uri not in documents:
            return _Classes(spaces=True, words=True)  # a schema not known here: assume the worst
        for key, value in _entries(documents[file_uri]):
            if key == "pattern" and isinstance(value, str):
                patterns.append(value)
            elif key == "patternProperties" and isinstance(value, dict):
                patterns.extend(value)
            elif key == "$ref" and isinstance(value, str):
                todo.append(urldefrag(urljoin(file_uri, value)).url)
    return _Classes(any(map(_SPACES.search, patterns)), any(map(_WORDS.search, patterns)))


def _entries(node: Any) -> Iterator[tuple[str, Any]]:
    """Every (key, value) of every mapping inside a schema document."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield key, value
            yield from _entries(value)
    elif isinstance(node, list):
        for item in node:
            yield from _entries(item)


def _plain_json(value: Any, check_strings: bool) -> bool:
    """Whether `value` is made only of JSON's own kinds, with (if `check_strings`) no string the two validators read apart."""
    stack = [value]
    pop, extend = stack.pop, stack.extend
    while stack:
        item = pop()
        kind = type(item)
        if kind is dict:
            extend(item.values())
        elif kind is list:
            extend(item)
        elif kind is str:
            if check_strings and _READ_APART.search(item):
                return False
        elif kind not in _SCALARS:
            return False
    return True
