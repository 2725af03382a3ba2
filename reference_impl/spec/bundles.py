"""Self-contained schema files for people who validate outside this package.

The shipped schemas refer to each other by their `$id`s (`https://euchre-spec.org/schemas/...`),
which no server answers, so a validator given one file alone cannot follow its `$ref`s. Each
bundle written here is a JSON Schema 2020-12 "compound schema document" (core specification,
section 9.3, "Compound Documents"): the schema itself, with every schema it needs, directly or
through another, embedded under `$defs` with its own `$id`. Every `$ref` is left exactly as it is
written; a validator resolves it against the embedded `$id`s, with no network and no base URI.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag, urljoin

from referencing import Registry

from .schemas import registry

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def schema_registry() -> Registry:
    """A `referencing.Registry` holding every schema this package ships, by its `$id`.

    Hand it to python-jsonschema to validate against any of them with nothing fetched:

        >>> from jsonschema import Draft202012Validator
        >>> from reference_impl.spec import schema_registry
        >>> schema = {"$ref": "https://euchre-spec.org/schemas/house-rule.schema.json"}
        >>> validator = Draft202012Validator(schema, registry=schema_registry())
        >>> validator.is_valid({"id": "my-rule"})
        False
    """
    return registry()


@dataclass(frozen=True)
class WrittenBundle:
    """One bundle on disk: which schema, where, and which other schemas it carries."""

    name: str
    path: Path
    embedded: tuple[str, ...]


def schema_names() -> list[str]:
    """The file name of every shipped schema (the last segment of its `$id`), sorted."""
    return sorted(_name(uri) for uri in schema_registry())


def bundle(name: str) -> dict[str, Any]:
    """The schema `name` (a file name such as `house-rule.schema.json`) as one self-contained document."""
    root_uri = _uri(name)
    root = copy.deepcopy(_contents(root_uri))
    needed = sorted(_needed(root_uri) - {root_uri})
    if needed:
        definitions = root.setdefault("$defs", {})
        for uri in needed:
            embedded = copy.deepcopy(_contents(uri))
            embedded.pop("$schema", None)  # the dialect is the root's; $schema belongs at a document's root
            definitions[uri] = embedded
    return root


def embedded_ids(document: dict[str, Any]) -> list[str]:
    """The `$id`s a bundle embeds under its `$defs` (the schemas it carries besides its own)."""
    return [key for key, value in document.get("$defs", {}).items() if isinstance(value, dict) and value.get("$id") == key]


def export_bundles(folder: Path) -> list[WrittenBundle]:
    """Write every shipped schema as a bundle into `folder` (made if missing), one file each, same names."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in schema_names():
        document = bundle(name)
        path = folder / name
        path.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(WrittenBundle(name, path, tuple(_name(uri) for uri in embedded_ids(document))))
    return written


def _needed(uri: str) -> set[str]:
    """`uri` and every schema reachable from it through `$ref`s, as `$id`s."""
    found = {uri}
    pending = [uri]
    while pending:
        current = pending.pop()
        for target in _references(_contents(current), current):
            if target not in found:
                found.add(target)
                pending.append(target)
    return found


def _references(node: Any, base: str) -> set[str]:
    """The documents (fragment removed) that the `$ref`s under `node` point to, resolved against `base`."""
    if isinstance(node, list):
        return set().union(*(_references(item, base) for item in node)) if node else set()
    if not isinstance(node, dict):
        return set()
    if isinstance(node.get("$id"), str):
        base = urljoin(base, node["$id"])
    targets = {urldefrag(urljoin(base, node["$ref"])).url} if isinstance(node.get("$ref"), str) else set()
    for key, value in node.items():
        if key not in ("$ref", "enum", "const", "examples", "default"):
            targets |= _references(value, base)
    return targets


def _contents(uri: str) -> dict[str, Any]:
    contents: dict[str, Any] = schema_registry().contents(uri)
    return contents


def _uri(name: str) -> str:
    by_name = {_name(uri): uri for uri in schema_registry()}
    if name not in by_name:
        raise KeyError(f"no shipped schema named {name!r}; the schemas are: {', '.join(sorted(by_name))}")
    return by_name[name]


def _name(uri: str) -> str:
    return uri.rstrip("/").rsplit("/", 1)[-1]
