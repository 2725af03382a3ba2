"""Which settings an overlay replaces whole rather than merging key by key, as the variant schema marks them.

Composition merges mappings key by key, so a file can change one setting of a section and keep
the rest. For a value that is one formula (a scoring row's award), keeping part of the old value
gives a figure nobody wrote: a failed contract set to `points: -6` over an inherited `bid: -1`
would cost the bid as well. Such a setting carries `"x-merge": "replace"` in
schemas/variant.schema.json, and composition then replaces it whole.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from documents.errors import split_pointer
from documents.schemas import BASE_URI, inlined

MERGE = "x-merge"
REPLACE = "replace"


@cache
def replaces_whole(pointer: str) -> bool:
    """Whether the setting at `pointer` (a resolved document's) is marked to be replaced whole."""
    nodes: list[Any] = [inlined(BASE_URI + "variant.schema.json")]
    for token in split_pointer(pointer):
        nodes = [child for node in nodes for child in _children(node, token)]
        if not nodes:
            return False
    return any(node.get(MERGE) == REPLACE for node in nodes)


def _children(node: Any, token: str) -> list[Any]:
    """The schema nodes a key of a value of `node` may be checked against (through anyOf, oneOf, allOf, if/then/else)."""
    if not isinstance(node, dict):
        return []
    found: list[Any] = []
    for branch in (node, *node.get("anyOf", ()), *node.get("oneOf", ()), *node.get("allOf", ())):
        if not isinstance(branch, dict):
            continue
        properties = branch.get("properties", {})
        if token in properties:
            found.append(properties[token])
        elif isinstance(branch.get("additionalProperties"), dict):
            found.append(branch["additionalProperties"])
    for key in ("then", "else"):
        found.extend(_children(node.get(key), token))
    return found
