"""What the spec defines that the suite must cover: every clause id and every scoring row."""

from __future__ import annotations

from ruleset import Catalog, SpecInvalid, resolve_checked
from ruleset.validation import compositions


def all_clause_ids(catalog: Catalog) -> set[str]:
    """Every clause id the spec defines: in variants, house rules and the deal-number algorithm."""
    ids = {clause for document in catalog.variants.values() for clause in document.data.get("clauses", {})}
    ids |= {clause for document in catalog.house_rules.values() for clause in document.data.get("clauses", {})}
    ids |= {step["id"] for step in catalog.deal_numbers.get("algorithm", [])}
    return ids


def deal_number_clause_ids(catalog: Catalog) -> set[str]:
    return {step["id"] for step in catalog.deal_numbers.get("algorithm", [])}


def scoring_rows_by_variant(catalog: Catalog) -> set[tuple[str, str]]:
    """(variant, row) for every row of every variant's table, with every house-rule mode applied."""
    rows: set[tuple[str, str]] = set()
    for variant_id, house_rules in compositions(catalog):
        try:
            resolved = resolve_checked(catalog, variant_id, house_rules)
        except SpecInvalid:
            continue
        rows |= {(variant_id, name) for name in resolved.data["scoring"]["rows"]}
        rows |= {(variant_id, name) for name in resolved.data["scoring"]["player_rows"]}
    return rows
