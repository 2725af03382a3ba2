"""From spec files to compiled rules: strict load, schema, composition, semantic checks.

`load_rules("british", ("defend-alone=always",))` is the one call most users need; the steps
are separate modules so each can be tested and reused (validation of a user's own files runs
the same steps on more files).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from documents.errors import SpecError, SpecInvalid
from documents.schemas import validate

from .catalog import Catalog, load_catalog
from .compose import Resolved, parse_house_rule_ref, resolve
from .semantics import check

__all__ = [
    "Catalog",
    "Resolved",
    "SpecError",
    "SpecInvalid",
    "builtin_catalog",
    "load_catalog",
    "parse_house_rule_ref",
    "resolve",
    "resolve_checked",
]


@lru_cache(maxsize=1)
def builtin_catalog() -> Catalog:
    """The project's own spec tree, loaded once per process."""
    return load_catalog()


def resolve_checked(catalog: Catalog, variant_id: str, house_rules: Iterable[str] = ()) -> Resolved:
    """Resolve and run every check on the result; raise SpecInvalid listing every error."""
    resolved = resolve(catalog, variant_id, tuple(house_rules))
    errors = validate(resolved.data, "variant.schema.json", resolved.locate)
    if not errors:
        errors = check(resolved, catalog.sources, catalog.retired_clauses)
    if errors:
        raise SpecInvalid(errors)
    return resolved
