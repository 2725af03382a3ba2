"""What a setting means, read from the JSON Schema that defines it.

Every setting of a variant has a description in schemas/variant.schema.json. The site shows
that description next to the value instead of explaining the setting again in its own words,
so a setting added to the language is documented on the site by its schema alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from documents.errors import join_pointer, split_pointer


class SchemaDocs:
    """Looks up the schema (and so the description) of a JSON pointer into a document."""

    def __init__(self, schemas: dict[str, dict[str, Any]], root: str) -> None:
        self.schemas = schemas
        self.root = root

    def describe(self, pointer: str) -> str:
        """The description of the value at `pointer`, or '' when the schema gives none."""
        for schema in self._at(self.schemas[self.root], self.root, split_pointer(pointer)):
            text = schema.get("description")
            if isinstance(text, str):
                return " ".join(text.split())
        return ""

    def _at(self, schema: Any, file: str, tokens: list[str]) -> Iterator[dict[str, Any]]:
        """Every subschema that may describe the value `tokens` lead to (a $ref's own description first)."""
        if not isinstance(schema, dict):
            return
        if not tokens:
            yield schema
        if "$ref" in schema:
            target, target_file = self._resolve(schema["$ref"], file)
            yield from self._at(target, target_file, tokens)
        for keyword in ("allOf", "anyOf", "oneOf"):
            for branch in schema.get(keyword, []):
                yield from self._at(branch, file, tokens)
        for keyword in ("then", "else"):
            yield from self._at(schema.get(keyword), file, tokens)
        if not tokens:
            return
        head, rest = tokens[0], tokens[1:]
        properties = schema.get("properties", {})
        if head in properties:
            yield from self._at(properties[head], file, rest)
        elif isinstance(schema.get("additionalProperties"), dict):
            yield from self._at(schema["additionalProperties"], file, rest)
        if head.isdigit():
            prefix = schema.get("prefixItems", [])
            yield from self._at(prefix[int(head)] if int(head) < len(prefix) else schema.get("items"), file, rest)

    def _resolve(self, ref: str, file: str) -> tuple[Any, str]:
        name, _, fragment = ref.partition("#")
        name = name.rsplit("/", 1)[-1] or file
        target: Any = self.schemas.get(name, {})
        for token in split_pointer(fragment):
            target = target.get(token, {}) if isinstance(target, dict) else {}
        return target, name


def leaves(data: Any, pointer: str = "", skip: tuple[str, ...] = ()) -> Iterator[tuple[str, Any]]:
    """Every setting under `data` as (pointer, value): mappings and lists of mappings are walked,
    a list of plain values is one setting. Keys that cite clauses and keys in `skip` are left out."""
    if isinstance(data, dict):
        for key, item in data.items():
            if key == "clause" or key.endswith("_clause") or key in skip:
                continue
            yield from leaves(item, join_pointer(pointer, key), skip)
    elif isinstance(data, list) and data and all(isinstance(item, dict) for item in data):
        for index, item in enumerate(data):
            yield from leaves(item, join_pointer(pointer, index), skip)
    else:
        yield pointer, data


def value_at(data: Any, pointer: str) -> Any:
    """The value at `pointer`, or None when there is none."""
    for token in split_pointer(pointer):
        if isinstance(data, dict):
            data = data.get(token)
        elif isinstance(data, list) and token.isdigit() and int(token) < len(data):
            data = data[int(token)]
        else:
            return None
    return data
