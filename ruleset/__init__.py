"""From spec files to compiled rules: strict load, schema, composition, semantic checks.

`load_rules("british", ("defend-alone=always",))` is the one call most users need; the steps
are separate modules so each can be tested and reused (validation of a user's own files runs
the same steps on more files).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from documents.errors import SpecError, SpecInvalid
from ruleset.catalog import Catalog, load_catalog
from ruleset.compose import Resolved, parse_house_rule_ref, resolve
from ruleset.defaults import fill_defaults
from ruleset.language import VERSION_FIELD, current_language
from ruleset.resolved_schema import FILE_NAME as RESOLVED_SCHEMA
from ruleset.section_check import SectionCheck
from ruleset.semantics import check

__all__ = [
    "RESOLVED_SCHEMA",
    "Catalog",
    "Resolved",
    "SpecError",
    "SpecInvalid",
    "builtin_catalog",
    "fill_defaults",
    "load_catalog",
    "parse_house_rule_ref",
    "resolve",
    "resolve_checked",
    "resolved_document",
]


_SCHEMA_CHECK = SectionCheck(RESOLVED_SCHEMA)


@lru_cache(maxsize=1)
def builtin_catalog() -> Catalog:
    """The project's own spec tree, loaded once per process."""
    return load_catalog()


def resolve_checked(catalog: Catalog, variant_id: str, house_rules: Iterable[str] = ()) -> Resolved:
    """Resolve, fill in the schema's defaults and run every check; raise SpecInvalid listing every error.

    The result is complete: it follows resolved-variant.schema.json, every setting present.
    """
    resolved = resolve(catalog, variant_id, tuple(house_rules))
    fill_defaults(resolved.data)
    resolved.data[VERSION_FIELD] = current_language()
    errors = _SCHEMA_CHECK.errors(resolved.data, resolved.locate)
    if not errors:
        errors = check(resolved, catalog.sources, catalog.retired_clauses)
    if errors:
        raise SpecInvalid(errors)
    return resolved


@lru_cache(maxsize=256)
def resolved_document(variant_id: str, house_rules: tuple[str, ...] = ()) -> Mapping[str, Any]:
    """The complete resolved rules of the built-in spec, read-only, as engines receive them; SpecInvalid if they do not compose.

    For everything that only reads or sends the rules (requests, fuzzing, the site): no compiled
    `Rules` is needed to know what the rules say.
    """
    return MappingProxyType(resolve_checked(builtin_catalog(), variant_id, house_rules).data)
