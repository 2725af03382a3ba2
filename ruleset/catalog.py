"""The set of spec files: base variants, house rules and the sources table.

A catalog is built from the project's own spec/ tree plus any files a user names (their own house
rules or variants). Each file is loaded strictly and checked against its schema here; whether
files fit together (extends, overlays, clause ids) is checked when they are composed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from documents.errors import SpecError, SpecInvalid
from documents.paths import data_home, display_path
from documents.reading import files_in, same_file_key
from documents.schemas import Locate, validate
from documents.yaml_loader import Document, load_document

SCHEMA_OF_KIND = {
    "variant": "variant.schema.json",
    "house-rule": "house-rule.schema.json",
    "sources": "sources.schema.json",
    "retired-clauses": "retired-clauses.schema.json",
    "deal-numbers": "deal-numbers.schema.json",
    "decisions": "decisions.schema.json",
}
FOLDER_KIND = {"variants": "variant", "house-rules": "house-rule"}


@dataclass
class Catalog:
    """Loaded, schema-valid spec files by id."""

    variants: dict[str, Document] = field(default_factory=dict)
    house_rules: dict[str, Document] = field(default_factory=dict)
    sources: dict[str, dict[str, str]] = field(default_factory=dict)
    retired_clauses: dict[str, str] = field(default_factory=dict)
    deal_numbers: dict[str, Any] = field(default_factory=dict)


def spec_files(paths: Iterable[Path]) -> list[Path]:
    """The YAML files named by `paths`, directories searched recursively."""
    found: list[Path] = []
    seen: set[Path] = set()
    for file in files_in(paths, (".yaml", ".yml")):
        key = same_file_key(file)
        if key not in seen:
            seen.add(key)
            found.append(file)
    return found


def kind_of(document: Document, path: Path) -> str | None:
    """What kind of spec file this is: from its $schema, else from its folder."""
    data = document.data
    if isinstance(data, dict) and isinstance(data.get("$schema"), str):
        name = data["$schema"].rsplit("/", 1)[-1]
        for kind, schema in SCHEMA_OF_KIND.items():
            if name == schema:
                return kind
    return FOLDER_KIND.get(path.parent.name)


def load_catalog(extra: Iterable[Path] = (), include_builtin: bool = True) -> Catalog:
    """Load the built-in spec tree plus `extra` files; raise SpecInvalid listing every error."""
    paths = spec_files([data_home().spec] if include_builtin else [])
    builtin = {same_file_key(p) for p in paths}
    paths += [p for p in spec_files(extra) if same_file_key(p) not in builtin]
    catalog = Catalog()
    errors: list[SpecError] = []
    origin: dict[tuple[str, str], str] = {}
    for path in paths:
        name = display_path(path)
        try:
            document = load_document(path, name)
        except SpecInvalid as exc:
            errors.extend(exc.errors)
            continue
        kind = kind_of(document, path)
        if kind is None:
            errors.append(
                SpecError(
                    name,
                    1,
                    "",
                    "cannot tell what kind of spec file this is; set $schema to the variant, house-rule or sources schema",
                )
            )
            continue
        problems = validate(_without_unsets(document.data, kind), SCHEMA_OF_KIND[kind], _locator(document))
        if problems:
            errors.extend(problems)
            continue
        _add(catalog, kind, document, path, origin, errors)
    if errors:
        raise SpecInvalid(errors)
    return catalog


def _add(
    catalog: Catalog, kind: str, document: Document, path: Path, origin: dict[tuple[str, str], str], errors: list[SpecError]
) -> None:
    data = document.data
    if kind == "sources":
        catalog.sources.update(data["sources"])
        return
    if kind == "retired-clauses":
        catalog.retired_clauses.update(data["retired"])
        return
    if kind == "deal-numbers":
        catalog.deal_numbers = data
        return
    if kind == "decisions":
        return  # checked against its schema like every file; it is read by people, and the engine has no use for it
    ident = data["id"]
    if path.stem != ident:
        errors.append(
            SpecError(document.path, document.line_of("/id"), "/id", f"the id {ident!r} must match the file name {path.stem!r}")
        )
        return
    table = catalog.variants if kind == "variant" else catalog.house_rules
    if (kind, ident) in origin:
        errors.append(
            SpecError(
                document.path, document.line_of("/id"), "/id", f"{kind} {ident!r} is already defined in {origin[(kind, ident)]}"
            )
        )
        return
    origin[(kind, ident)] = document.path
    table[ident] = document


def _locator(document: Document) -> Locate:
    return lambda pointer: (document.path, document.line_of(pointer))


def _without_unsets(data: Any, kind: str | None) -> Any:
    """A house rule's settings as the schema checks them: a null unsets what it overlays (back to the default).

    Composition deletes a value an overlay sets to null, and the defaults then fill it in, so null
    is allowed for any setting a house rule writes; everything else is checked as written.
    """
    if kind != "house-rule" or not isinstance(data, dict):
        return data
    checked = dict(data)
    if isinstance(checked.get("set"), dict):
        checked["set"] = _drop_nulls(checked["set"])
    if isinstance(checked.get("modes"), dict):
        checked["modes"] = {name: _mode_without_unsets(mode) for name, mode in checked["modes"].items()}
    return checked


def _mode_without_unsets(mode: Any) -> Any:
    return {**mode, "set": _drop_nulls(mode["set"])} if isinstance(mode, dict) and isinstance(mode.get("set"), dict) else mode


def _drop_nulls(fragment: dict[str, Any]) -> dict[str, Any]:
    return {key: _drop_nulls(value) if isinstance(value, dict) else value for key, value in fragment.items() if value is not None}
