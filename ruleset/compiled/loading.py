"""Compiled rules from the spec: `load_rules("british", ["defend-alone=always"])`.

The one call most users need. Rules for the built-in spec are cached per process, since they
are frozen values and compiling them is the slow part of starting a hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from ruleset import builtin_catalog, load_catalog, resolve_checked
from ruleset.compiled.rules import Rules, compile_rules


@lru_cache(maxsize=256)
def _cached_rules(variant_id: str, house_rules: tuple[str, ...]) -> Rules:
    resolved = resolve_checked(builtin_catalog(), variant_id, house_rules)
    return compile_rules(resolved.data, resolved.house_rules)


def load_rules(variant_id: str, house_rules: Iterable[str] = (), extra: Iterable[Path] = ()) -> Rules:
    """Compiled rules for a variant and house rules, from the built-in spec plus `extra` files."""
    extra = tuple(extra)
    if not extra:
        return _cached_rules(variant_id, tuple(house_rules))
    catalog = load_catalog(extra)
    resolved = resolve_checked(catalog, variant_id, house_rules)
    return compile_rules(resolved.data, resolved.house_rules)
