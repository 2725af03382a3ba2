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
true, false, null) whose strings hold none of those characters; anything else goes to
jsonschema alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

from .schema_files import schema_documents

_SCALARS = frozenset({str, int, float, bool, type(None)})
_READ_APART = re.compile("[\x1c-\x1f\x85]")
"""Characters Python's patterns and the compiled validator's do not class alike (as spaces or not)."""


def accepts(uri: str, data: Any) -> bool:
    """True if the compiled validator finds `data` valid against the schema at `uri`; False if it
    does not, cannot read the data, or is not installed."""
    is_valid = _compiled(uri)
    if is_valid is None or not _plain_json(data):
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


def _plain_json(value: Any) -> bool:
    """Whether `value` is made only of JSON's own kinds, with no string the two validators read apart."""
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
            if _READ_APART.search(item):
                return False
        elif kind not in _SCALARS:
            return False
    return True
