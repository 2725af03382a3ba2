"""Self-contained schema files for people who validate outside this package.

The shipped schemas refer to each other by their `$id`s (`https://euchre-spec.org/schemas/...`),
which no server answers, so a validator given one file alone cannot follow its `$ref`s. Each
bundle written here is a JSON Schema 2020-12 "compound schema document" (core specification,
section 9.3, "Compound Documents"): the schema itself, with every schema it needs, directly or
through another, embedded under `$defs` with its own `$id`. A validator resolves every `$ref`
against the embedded `$id`s, with no network and no base URI.

The root schema's `$ref`s are left as they are written. Inside each embedded schema, every
`$ref` is written as the absolute URI it stands for (`#/$defs/complete` in the variant schema
becomes `https://euchre-spec.org/schemas/variant.schema.json#/$defs/complete`). Under 2020-12
the two mean the same thing, since a `$ref` is resolved against the base URI its schema's `$id`
sets (sections 8.2.1 and 8.2.3.1), so python-jsonschema, check-jsonschema and ajv see no change.
The YAML language server (editors' YAML support) needs the absolute form: it finds a `$ref`
with an address part among the embedded `$id`s, but looks a fragment-only `$ref` up from the
root of the file, whichever embedded schema it sits in, and so reports it cannot be resolved.
Two other ways round that were weighed and left: pointers from the file's root into the
embedded schemas (`#/$defs/https:~1~1.../$defs/complete`), which 2020-12 says schemas SHOULD
NOT use (section 9.2.1) and which mean something else inside an embedded schema unless made
absolute as well; and a second, fully inlined export, which cannot write a recursive schema
and would give users two files to choose between.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urldefrag, urljoin

from .schemas import registry

if TYPE_CHECKING:
    from referencing import Registry

# Keywords whose values are instances, not schemas: a "$ref" key inside them is data.
_DATA_KEYWORDS = frozenset({"enum", "const", "examples", "default"})


def schema_registry() -> Registry:
    """A `referencing.Registry` holding every schema this package ships, by its `$id`.

    Hand it to python-jsonschema to validate against any of them with nothing fetched:

        >>> from jsonschema import Draft202012Validator
        >>> from documents import schema_registry
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
            definitions[uri] = _absolute_refs(embedded, uri)
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
    return {urldefrag(ref).url for ref in _refs_in(_absolute_refs(node, base))}


def _absolute_refs(node: Any, base: str) -> Any:
    """A copy of `node` with every `$ref` resolved against the base URI in force where it is written."""
    if isinstance(node, list):
        return [_absolute_refs(item, base) for item in node]
    if not isinstance(node, dict):
        return node
    if isinstance(node.get("$id"), str):
        base = urljoin(base, node["$id"])
    return {key: _absolute_value(key, value, base) for key, value in node.items()}


def _absolute_value(key: str, value: Any, base: str) -> Any:
    if key == "$ref" and isinstance(value, str):
        return urljoin(base, value)
    return value if key in _DATA_KEYWORDS else _absolute_refs(value, base)


def _refs_in(node: Any) -> list[str]:
    """Every `$ref` written under `node`, outside the keywords whose values are data."""
    if isinstance(node, list):
        return [ref for item in node for ref in _refs_in(item)]
    if not isinstance(node, dict):
        return []
    own = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
    return own + [ref for key, value in node.items() if key != "$ref" and key not in _DATA_KEYWORDS for ref in _refs_in(value)]


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
