"""The versions of the rules language, and a resolved document as an engine of an older version reads it.

The language grows: a setting, a value or a section is added, and every resolved document then
carries it. An engine written before that would meet a setting it does not know. So each
addition is dated in the variant schema itself: a property carries `"x-since": N` (the language
version it came in; none: version 1), and a property that gained values carries
`"x-values-since": {"value": N}`. The current version is the highest N. A change of shape that is
no addition (a list that became a mapping) is written here, with the function that writes it the
old way.

An engine says in its handshake which version it reads (`rules_language`, 1 when it says
nothing). `lower` gives it the document as of that version: an addition still holding its
default is left out, since the rules then mean exactly what they meant before it came; one
holding another value cannot be said in the engine's language, and `NotInLanguage` names where,
so the runner reports the scenario not applicable instead of sending rules the engine would
misread.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from documents.errors import join_pointer
from documents.paths import data_home

SINCE = "x-since"
VALUES_SINCE = "x-values-since"
VERSION_FIELD = "language"
"""The root field of a resolved document that names the version it is written in (itself an addition of version 2)."""
FIRST = 1
ANY_KEY = "*"


@dataclass(frozen=True)
class Addition:
    """A setting, section or value added to the language: where, in which version, and its default."""

    pattern: str
    """A JSON pointer into a resolved document; `*` stands for any key of a mapping or item of a list."""
    since: int
    description: str
    has_default: bool = False
    default: Any = None
    value: Any = None
    """For an added value of an existing setting: the value (the setting's pointer is `pattern`)."""
    is_value: bool = False


@dataclass(frozen=True)
class Reshaping:
    """A change of shape in a version: how a document of that version is written for the version before it."""

    since: int
    pattern: str
    description: str
    lower: Callable[[dict[str, Any]], None]


def _others_as_texts(document: dict[str, Any]) -> None:
    """Version 1 wrote a choice's other readings as a list of texts, with no reading ids."""
    for choice in (document.get("choices") or {}).values():
        others = choice.get("others") if isinstance(choice, dict) else None
        if isinstance(others, Mapping):
            choice["others"] = list(others.values())


RESHAPINGS: tuple[Reshaping, ...] = (
    Reshaping(
        2,
        "/choices/*/others",
        "a choice's other readings are a mapping from a stable reading id to the reading (a list of texts before)",
        _others_as_texts,
    ),
)


class NotInLanguage(ValueError):
    """A document holds a value that an older version of the language cannot say."""

    def __init__(self, pointer: str, value: Any, since: int, version: int) -> None:
        self.pointer = pointer
        self.since = since
        said = json.dumps(value)
        super().__init__(
            f"the rules set {pointer} = {said}, which rules language {since} added; the engine reads version {version}"
        )


@cache
def additions() -> tuple[Addition, ...]:
    """Every dated addition of the variant schema, in the order the schema lists them."""
    schemas = data_home().schemas
    variant = json.loads((schemas / "variant.schema.json").read_text(encoding="utf-8"))
    common = json.loads((schemas / "common.schema.json").read_text(encoding="utf-8"))
    return tuple(_walk(variant, "", variant, {"variant.schema.json": variant, "common.schema.json": common}, set()))


def current_language() -> int:
    """The version of the language the schema is written in: its newest addition's."""
    return max([FIRST, *(a.since for a in additions()), *(r.since for r in RESHAPINGS)])


def lower(document: Mapping[str, Any], version: int) -> dict[str, Any]:
    """The resolved document as an engine reading language `version` reads it; NotInLanguage if it cannot be said."""
    if version >= current_language():
        return dict(document)  # nothing to take out: no copy of the whole document on every request
    lowered = copy.deepcopy(dict(document))
    for addition in additions():
        if addition.since <= version or addition.pattern == f"/{VERSION_FIELD}":
            continue
        for pointer, parent, key in _locations(lowered, addition.pattern):
            value = parent[key]
            if addition.is_value:
                if value == addition.value:
                    raise NotInLanguage(pointer, value, addition.since, version)
            elif addition.has_default and value == addition.default:
                del parent[key]
            else:
                raise NotInLanguage(pointer, value, addition.since, version)
    for reshaping in sorted(RESHAPINGS, key=lambda r: -r.since):
        if reshaping.since > version:
            reshaping.lower(lowered)
    if version < 2:
        lowered.pop(VERSION_FIELD, None)
    else:
        lowered[VERSION_FIELD] = version
    return lowered


def _walk(
    node: Any, pattern: str, root: dict[str, Any], files: dict[str, dict[str, Any]], seen: set[tuple[str, str]]
) -> Iterator[Addition]:
    """The dated additions under one schema node, found through $ref, combinators, properties, maps and lists."""
    if not isinstance(node, dict):
        return
    reference = node.get("$ref")
    if isinstance(reference, str):
        target_file, _, fragment = reference.partition("#")
        target_root = files.get(target_file, root) if target_file else root
        key = (reference if target_file else f"{id(root)}{reference}", pattern)
        if key not in seen:
            seen.add(key)
            yield from _walk(_resolve(target_root, fragment), pattern, target_root, files, seen)
    for combinator in ("allOf", "anyOf", "oneOf"):
        for sub in node.get(combinator, ()):
            yield from _walk(sub, pattern, root, files, seen)
    for branch in ("if", "then", "else"):
        yield from _walk(node.get(branch), pattern, root, files, seen)
    for name, sub in (node.get("properties") or {}).items():
        here = join_pointer(pattern, name)
        if isinstance(sub, dict):
            if SINCE in sub:
                yield Addition(here, int(sub[SINCE]), sub.get("description", ""), "default" in sub, sub.get("default"))
            for value, since in (sub.get(VALUES_SINCE) or {}).items():
                yield Addition(here, int(since), f"the value {value!r} of {name}", value=value, is_value=True)
        yield from _walk(sub, here, root, files, seen)
    extra = node.get("additionalProperties")
    if isinstance(extra, dict):
        yield from _walk(extra, f"{pattern}/{ANY_KEY}", root, files, seen)
    items = node.get("items")
    if isinstance(items, dict):
        yield from _walk(items, f"{pattern}/{ANY_KEY}", root, files, seen)


def _resolve(root: dict[str, Any], fragment: str) -> Any:
    node: Any = root
    for token in fragment.strip("/").split("/") if fragment.strip("/") else ():
        node = node[token.replace("~1", "/").replace("~0", "~")]
    return node


def _locations(document: Any, pattern: str) -> Iterator[tuple[str, Any, Any]]:
    """(pointer, parent, key) of every place of the document the pattern matches that holds a value."""
    tokens = [t.replace("~1", "/").replace("~0", "~") for t in pattern.strip("/").split("/")]

    def visit(node: Any, index: int, pointer: str) -> Iterator[tuple[str, Any, Any]]:
        token = tokens[index]
        last = index == len(tokens) - 1
        if isinstance(node, dict):
            keys = list(node) if token == ANY_KEY else [token] if token in node else []
        elif isinstance(node, list):
            keys = list(range(len(node))) if token == ANY_KEY else []
        else:
            return
        for key in keys:
            here = join_pointer(pointer, str(key))
            if last:
                yield here, node, key
            else:
                yield from visit(node[key], index + 1, here)

    yield from visit(document, 0, "")
