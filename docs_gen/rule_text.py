"""Rule clauses and settings as they appear on variant and house-rule pages.

A clause is shown with its id as the anchor, its own words from the spec, its sources and the
worked examples that check it, so a reader can go from a rule to the scenarios that test it,
and a scenario's citation lands on the rule's words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from conformance.suite.scenarios import Scenario

from .markup import cards, cite, cite_source, code, esc, one_line, suit, table, value
from .schema_docs import SchemaDocs, leaves

CARD = re.compile(r"^(?:[2-9TJQKA][CDHS]|J[KRB])(?:#[1-9])?$")
RANK_NAMES = {"T": "10"}
FOLD_EXAMPLES = 6
"""More worked examples than this under a clause are folded: the rule's words come first."""


def clause_block(clause_id: str, clause: dict[str, Any], examples: Iterable[Scenario] = (), level: int = 3) -> str:
    """One clause: its title as a heading anchored at its id, its text, sources and examples."""
    lines = [f"{'#' * level} {esc(clause['title'])} {{ #{clause_id} }}", "", one_line(clause["text"]), ""]
    meta = [f"`{clause_id}`"]
    sources = clause.get("sources", [])
    if sources:
        meta.append("sources: " + ", ".join(cite_source(source) for source in sources))
    shown = list(dict.fromkeys(scenario.id for scenario in examples))
    folded = len(shown) > FOLD_EXAMPLES
    if shown and not folded:
        meta.append("worked examples: " + ", ".join(cite("scenario", ident) for ident in shown))
    lines += ['<span class="clause-meta">' + " · ".join(meta) + "</span>", ""]
    if folded:
        listed = ", ".join(cite("scenario", ident) for ident in shown)
        summary = f"<summary>{len(shown)} worked examples</summary>"
        lines += [f'<details class="clause-examples" markdown="1">{summary}', "", listed, "", "</details>", ""]
    return "\n".join(lines) + "\n"


def setting_value(data: Any) -> str:
    """A setting's value for a reader: cards drawn, suits as symbols, ranks as printed."""
    if isinstance(data, str) and CARD.match(data):
        return cards([data])
    if isinstance(data, list) and data and all(isinstance(item, str) for item in data):
        if all(CARD.match(item) for item in data):
            return cards(data)
        if all(item in ("C", "D", "H", "S") for item in data):
            return " ".join(suit(item) for item in data)
        if all(item in "23456789TJQKA" and len(item) == 1 for item in data):
            return " ".join(RANK_NAMES.get(item) or item for item in data)
    if isinstance(data, list) and data and all(isinstance(item, list) and all(isinstance(i, int) for i in item) for item in data):
        return " v ".join(" & ".join(str(i) for i in item) for item in data)
    return value(data)


def settings_table(docs: SchemaDocs, section: Any, pointer: str, disputed: Iterable[str] = (), skip: tuple[str, ...] = ()) -> str:
    """Every setting of a section: its name, value and the schema's description of it."""
    disputed = set(disputed)
    rows = []
    for leaf, item in leaves(section, pointer, skip):
        name = leaf[len(pointer) :].lstrip("/").replace("/", ".") or pointer.lstrip("/")
        mark = ' <a class="disputed" href="#parameters" title="sources disagree on this: see Parameters">disputed</a>'
        rows.append((code(name), setting_value(item) + (mark if leaf in disputed else ""), esc(docs.describe(leaf))))
    if not rows:
        return ""
    return table(["Setting", "Value", "What it means"], rows)
