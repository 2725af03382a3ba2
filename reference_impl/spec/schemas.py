"""JSON Schema validation of spec files, with errors a contributor can act on.

The schemas under schemas/ are the public contract; this module only loads them into a
`referencing` registry (so `common.schema.json` is shared, never copied) and turns jsonschema's
errors into located SpecErrors. Validator messages are rephrased for the common cases (unknown
field, missing field, wrong value) because "Additional properties are not allowed" does not tell
a contributor which key to fix.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource

from ..paths import SCHEMA_DIR
from .errors import SpecError, join_pointer
from .yaml_loader import Document

BASE_URI = "https://euchre-spec.org/schemas/"


@cache
def registry() -> Registry:
    """Every schema under schemas/, addressable by its $id and by its file name."""
    resources = []
    for path in sorted(SCHEMA_DIR.glob("*.schema.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        resource = Resource.from_contents(contents)
        resources.append((contents["$id"], resource))
    return Registry().with_resources(resources)


@cache
def validator(schema_name: str) -> Draft202012Validator:
    """A validator for `schema_name` (a file name under schemas/, or a $id fragment URI)."""
    uri = schema_name if schema_name.startswith("http") else BASE_URI + schema_name
    schema = {"$ref": uri}
    return Draft202012Validator(schema, registry=registry())


Locate = Callable[[str], tuple[str, int]]


def validate(data: Any, schema_name: str, locate: Locate) -> list[SpecError]:
    """All schema errors of `data`, located by `locate` (pointer -> file, line) and reworded."""
    errors = validator(schema_name).iter_errors(data)
    return sorted(_located(locate, error) for error in _leaves(errors))


def validate_document(document: Document, schema_name: str) -> list[SpecError]:
    """All schema errors of one loaded file."""
    return validate(document.data, schema_name, lambda pointer: (document.path, document.line_of(pointer)))


def _leaves(errors: Iterable[ValidationError]) -> Iterator[ValidationError]:
    """Replace an anyOf/oneOf failure by the most relevant of its branch errors."""
    for error in errors:
        if error.context and error.validator in ("anyOf", "oneOf"):
            yield from _leaves([best_match(error.context)])
        else:
            yield error


def _located(locate: Locate, error: ValidationError) -> SpecError:
    pointer = ""
    for key in error.absolute_path:
        pointer = join_pointer(pointer, key)
    message = _message(error)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        extras = _unexpected(error)
        if extras:
            pointer = join_pointer(pointer, extras[0])
    file, line = locate(pointer)
    return SpecError(file, line, pointer, message)


def _unexpected(error: ValidationError) -> list[str]:
    allowed = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
    return [key for key in error.instance if key not in allowed]


def _message(error: ValidationError) -> str:
    """Words for one validation error."""
    kind = error.validator
    schema = error.schema if isinstance(error.schema, dict) else {}
    if kind == "additionalProperties" and isinstance(error.instance, dict):
        extras = _unexpected(error)
        allowed = ", ".join(sorted(schema.get("properties", {}))) or "none"
        if extras:
            return f"unknown field {extras[0]!r}; the fields allowed here are: {allowed}"
    if kind == "required":
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        return f"missing required field {missing!r}"
    if kind == "enum":
        choices = ", ".join(json.dumps(choice) for choice in error.validator_value)
        return f"{json.dumps(error.instance)} is not allowed here; expected one of: {choices}"
    if kind == "const":
        return f"{json.dumps(error.instance)} is not allowed here; expected {json.dumps(error.validator_value)}"
    if kind == "type":
        return f"expected {_a(error.validator_value)}, found {_describe(error.instance)}"
    if kind == "pattern":
        what = schema.get("description", "the expected form").split(":")[0].split(".")[0]
        return f"{json.dumps(error.instance)} is not valid: {what.lower()}"
    if kind == "uniqueItems":
        return "the list repeats an item; each may appear once"
    if kind in ("minimum", "maximum"):
        bound = "at least" if kind == "minimum" else "at most"
        return f"{json.dumps(error.instance)} is out of range; it must be {bound} {error.validator_value}"
    if kind == "minItems":
        return f"the list needs at least {error.validator_value} item(s)"
    if kind == "minLength":
        return "the text must not be empty"
    return str(error.message)


def _a(kind: Any) -> str:
    names = {
        "object": "a mapping",
        "array": "a list",
        "string": "text",
        "integer": "a whole number",
        "boolean": "true or false",
        "number": "a number",
        "null": "nothing",
    }
    if isinstance(kind, list):
        return " or ".join(names.get(k, str(k)) for k in kind)
    return names.get(kind, str(kind))


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return f"{str(value).lower()} (true or false)"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing (null)"
    if isinstance(value, str):
        return f"text {json.dumps(value)}"
    return f"the number {value}"
