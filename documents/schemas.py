"""JSON Schema validation of spec files, with errors a contributor can act on.

The schemas under schemas/ are the public contract; this module only loads them into a
`referencing` registry (so `common.schema.json` is shared, never copied) and turns jsonschema's
errors into located SpecErrors. Validator messages are rephrased for the common cases (unknown
field, missing field, wrong value) because "Additional properties are not allowed" does not tell
a contributor which key to fix.

Nearly every document checked is valid, and jsonschema takes milliseconds over one (most of what
loading the suite or answering a protocol message used to cost), so each is first offered to a
compiled validator (`documents.fast_schemas`); only a document it does not accept is checked by
jsonschema, which alone words the errors. The messages are therefore the same whether or not the
compiled validator is installed.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import TYPE_CHECKING, Any
from urllib.parse import urldefrag, urljoin

from . import fast_schemas
from .errors import SpecError, join_pointer
from .schema_files import schema_documents
from .yaml_loader import Document

if TYPE_CHECKING:  # jsonschema and referencing are imported when a document needs explaining, not at start-up
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError
    from referencing import Registry

BASE_URI = "https://euchre-spec.org/schemas/"


@cache
def registry() -> Registry:
    """Every schema under schemas/, addressable by its $id and by its file name."""
    from referencing import Registry, Resource

    return Registry().with_resources((uri, Resource.from_contents(contents)) for uri, contents in schema_documents())


def schema_uri(schema_name: str) -> str:
    """The URI of `schema_name` (a file name under schemas/, or already a $id or $id fragment URI)."""
    return schema_name if schema_name.startswith("http") else BASE_URI + schema_name


@cache
def validator(schema_name: str) -> Draft202012Validator:
    """A validator for `schema_name` (a file name under schemas/, or a $id fragment URI)."""
    from jsonschema import Draft202012Validator

    schema = {"$ref": schema_uri(schema_name)}
    return Draft202012Validator(schema, registry=registry())


class SchemaCheck:
    """One schema as the runner and the engine kit check messages by: `iter_errors` as jsonschema's.

    A message the compiled validator accepts has no errors, found in microseconds; any other is
    given to jsonschema (over the inlined schema, which it explains fastest), whose errors are
    the ones reported.
    """

    def __init__(self, uri: str) -> None:
        self.uri = uri

    def iter_errors(self, data: Any) -> Iterator[ValidationError]:
        if fast_schemas.accepts(self.uri, data):
            return iter(())
        errors: Iterator[ValidationError] = _explaining(self.uri).iter_errors(data)
        return errors


@cache
def _explaining(uri: str) -> Draft202012Validator:
    """jsonschema's validator over the inlined schema at `uri`, made when a message first needs it."""
    from jsonschema import Draft202012Validator

    return Draft202012Validator(inlined(uri))


@cache
def message_check(uri: str) -> SchemaCheck:
    """The check of one protocol message schema (a $id fragment URI), made once per process."""
    return SchemaCheck(uri)


@cache
def inlined(uri: str) -> dict[str, Any]:
    """The schema at `uri` with every $ref replaced by what it points to.

    For validating many messages quickly: resolving a $ref through the registry on every use
    dominates the cost of checking a protocol reply, and our message schemas are not recursive.
    """
    resolver = registry().resolver()

    def expand(node: Any, base: str) -> Any:
        if isinstance(node, dict):
            if "$ref" in node:
                resolved = resolver.lookup(urljoin(base, node["$ref"]))
                target = resolved.contents
                rest = {key: expand(value, base) for key, value in node.items() if key != "$ref"}
                return {**expand(target, urldefrag(urljoin(base, node["$ref"])).url), **rest}
            return {key: expand(value, base) for key, value in node.items() if key != "$id"}
        if isinstance(node, list):
            return [expand(item, base) for item in node]
        return node

    return dict(expand({"$ref": uri}, BASE_URI))


@cache
def optional_observation_fields() -> tuple[str, ...]:
    """The observation fields the protocol lets an engine leave out, in the schema's order."""
    observation = inlined(f"{BASE_URI}protocol.schema.json#/$defs/observation")
    return tuple(name for name in observation["properties"] if name not in observation.get("required", ()))


Locate = Callable[[str], tuple[str, int]]


def validate(data: Any, schema_name: str, locate: Locate) -> list[SpecError]:
    """All schema errors of `data`, located by `locate` (pointer -> file, line) and reworded."""
    if fast_schemas.accepts(schema_uri(schema_name), data):
        return []
    errors = validator(schema_name).iter_errors(data)
    return sorted(located for error in _leaves(errors) for located in _each_unknown_field(locate, error))


NAMED_UNKNOWN_FIELDS = 20
"""Unknown fields of one mapping named one by one; the rest are counted in one more error."""


def _each_unknown_field(locate: Locate, error: ValidationError) -> list[SpecError]:
    """One error per unknown field: jsonschema reports all of a mapping's unknown fields as one error."""
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        extras = _unexpected(error)
        if len(extras) > 1:
            found = [_located(locate, error, extra) for extra in extras[:NAMED_UNKNOWN_FIELDS]]
            if len(extras) > NAMED_UNKNOWN_FIELDS:
                first = _located(locate, error, extras[NAMED_UNKNOWN_FIELDS])
                more = f"unknown field {extras[NAMED_UNKNOWN_FIELDS]!r} and {len(extras) - NAMED_UNKNOWN_FIELDS - 1:,} more here"
                found.append(SpecError(first.file, first.line, first.pointer, more))
            return found
    return [_located(locate, error)]


def validate_document(document: Document, schema_name: str) -> list[SpecError]:
    """All schema errors of one loaded file."""
    return validate(document.data, schema_name, lambda pointer: (document.path, document.line_of(pointer)))


def _leaves(errors: Iterable[ValidationError]) -> Iterator[ValidationError]:
    """Replace an anyOf/oneOf failure by the errors of the branch the author meant.

    A branch whose failure is only that the value has another type (a mapping where the branch
    wants null) was not meant; if exactly one branch is left, its errors are the real ones.
    """
    for error in errors:
        if not (error.context and error.validator in ("anyOf", "oneOf")):
            yield error
            continue
        if all(e.validator == "required" and not e.relative_path for e in error.context):
            yield error
            continue
        branches: dict[Any, list[ValidationError]] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        meant = [
            found
            for found in branches.values()
            if not any(e.validator in ("type", "const") and not e.relative_path for e in found)
        ]
        if len(meant) == 1:
            yield from _leaves(meant[0])
        else:
            from jsonschema.exceptions import best_match

            yield from _leaves([best_match(error.context)])


def _located(locate: Locate, error: ValidationError, extra: str | None = None) -> SpecError:
    pointer = ""
    for key in error.absolute_path:
        pointer = join_pointer(pointer, key)
    message = _message(error, extra)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        extras = [extra] if extra else _unexpected(error)
        if extras:
            pointer = join_pointer(pointer, extras[0])
    if "propertyNames" in error.schema_path and isinstance(error.instance, str):
        pointer = join_pointer(pointer, error.instance)
    file, line = locate(pointer)
    return SpecError(file, line, pointer, message)


def _unexpected(error: ValidationError) -> list[str]:
    allowed = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
    return [key for key in error.instance if key not in allowed]


def _message(error: ValidationError, extra: str | None = None) -> str:
    """Words for one validation error (`extra`: which of several unknown fields it is about)."""
    kind = error.validator
    schema = error.schema if isinstance(error.schema, dict) else {}
    if kind == "additionalProperties" and isinstance(error.instance, dict):
        extras = [extra] if extra else _unexpected(error)
        allowed = ", ".join(sorted(schema.get("properties", {}))) or "none"
        if extras:
            return f"unknown field {extras[0]!r}; the fields allowed here are: {allowed}"
    if "propertyNames" in error.schema_path:
        return f"{json.dumps(error.instance)} is not a valid name here: {_form(schema)}"
    if isinstance(error.instance, (int, float)) and not isinstance(error.instance, bool) and kind in ("enum", "type", "const"):
        wanted = list(error.validator_value) if kind == "enum" else [error.validator_value]
        if str(error.instance) in [str(choice) for choice in wanted] or (kind == "type" and "string" in wanted):
            return f'{error.instance} is a number, not text; write it in quotes ("{error.instance}")'
    if kind == "not" and isinstance(error.validator_value, dict) and "description" in error.validator_value:
        return str(error.validator_value["description"])
    if kind == "anyOf" and error.context and all(e.validator == "required" for e in error.context):
        names = " or ".join(repr(e.message.split("'")[1]) for e in error.context if "'" in e.message)
        return f"needs one of the fields {names}"
    if kind == "dependentRequired":
        needed, _, owner = str(error.message).partition(" is a dependency of ")
        return f"missing required field {needed}, which goes with {owner}"
    if kind == "required":
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        return f"missing required field {missing!r}"
    if kind == "enum":
        choices = ", ".join(json.dumps(choice) for choice in error.validator_value)
        return f"{_shown(error.instance)} is not allowed here; expected one of: {choices}"
    if kind == "const":
        return f"{_shown(error.instance)} is not allowed here; expected {json.dumps(error.validator_value)}"
    if kind == "type" and error.instance is None and "else" in error.schema_path:
        # the file-level "else" applies the completeness rules to a variant that extends nothing
        return "null removes an inherited value, but this variant extends no other"
    if kind == "type":
        return f"expected {_a(error.validator_value)}, found {_describe(error.instance)}"
    if kind == "pattern":
        return f"{json.dumps(error.instance)} is not valid: {_form(schema)}"
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


def _form(schema: dict[str, Any]) -> str:
    """The first clause of a schema's description: what a valid value looks like."""
    description = schema.get("description", "not in the expected form")
    return str(description).split(":")[0].split(".")[0].lower()


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
    if isinstance(value, (datetime.date, datetime.datetime)):
        return f"a date ({value.isoformat()})"
    return f"the number {value}"


def _shown(value: Any) -> str:
    """A value as JSON, or described in words when JSON cannot show it (a date, say)."""
    try:
        return json.dumps(value)
    except TypeError:
        return _describe(value)
