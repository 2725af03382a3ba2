"""Our side of a translation: a variant and house rules, normalized so that two ways of saying the
same rules compare equal.

A platform's value may name a house rule by its default mode (`defend-alone`) or by mode
(`defend-alone=against-lone-maker`), and may name one that changes nothing for the variant chosen
(`target=10` for a game already to 10). Both directions of the Rosetta compare normalized rules:
default modes spelt out, and house rules that change nothing left out. "Changes nothing" is judged
on what the rules say, not on how they are cited: the resolved rules with every clause reference,
label, title and source taken out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ruleset import builtin_catalog, parse_house_rule_ref, resolved_document

PRESENTATION = frozenset({"id", "title", "summary", "sources", "clauses", "choices", "labels", "label", "rule_clauses", "clause"})
"""Keys of a resolved document that name or cite a rule rather than say it."""


def spelt_out(ref: str) -> str:
    """`ID` as `ID=MODE` when the house rule has modes (its default mode); anything else as it is."""
    rule, mode = parse_house_rule_ref(ref)
    document = builtin_catalog().house_rules.get(rule)
    if mode is not None or document is None:
        return ref
    default = document.data.get("default_mode")
    return f"{rule}={default}" if default is not None else ref


def meaning(variant: str, house_rules: Iterable[str]) -> Any:
    """What the rules say, without how they are cited; SpecInvalid when they do not compose."""
    return _said(resolved_document(variant, tuple(house_rules)))


def normalized(variant: str, house_rules: Iterable[str]) -> tuple[str, ...]:
    """The house rules spelt out, without repeats and without those that change nothing; SpecInvalid if they do not compose."""
    refs = tuple(dict.fromkeys(spelt_out(ref) for ref in house_rules))
    whole = meaning(variant, refs)
    kept = list(refs)
    for ref in refs:
        trial = [other for other in kept if other != ref]
        if meaning(variant, trial) == whole:
            kept = trial
    return tuple(kept)


def same_rules(variant: str, house_rules: Iterable[str], other_variant: str, other_rules: Iterable[str]) -> bool:
    """Whether two variants-with-house-rules are the same rules (SpecInvalid if either does not compose)."""
    return variant == other_variant and meaning(variant, tuple(house_rules)) == meaning(other_variant, tuple(other_rules))


def command_words(variant: str, house_rules: Iterable[str]) -> str:
    """The rules as euchre-spec's commands take them: `north-american -r stick-the-dealer`."""
    return variant + "".join(f" -r {ref}" for ref in house_rules)


def _said(node: Any) -> Any:
    if isinstance(node, Mapping):
        return {key: _said(value) for key, value in node.items() if key not in PRESENTATION and not key.endswith("_clause")}
    if isinstance(node, list | tuple):
        return [_said(item) for item in node]
    return node
