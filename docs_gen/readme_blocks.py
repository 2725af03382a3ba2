"""The README's generated lists: every variant and every house rule, from the spec.

The README is read in the repository and on the package index, not on the site, so its blocks
are plain Markdown with no links to site pages; they are kept between the same markers as the
guides' blocks and written by the same command (`python3 tasks.py blocks`), and a test fails
while they are out of date, so a new variant or house rule cannot be missing from the README.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from .context import Context

README_BLOCKS: dict[str, Callable[[Context], str]] = {}
"""The README's blocks, by name (filled in below)."""

_FIRST_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def readme_text(text: object) -> str:
    """Spec text in a README table cell: one line, the table's bar and HTML's specials written as text."""
    line = " ".join(str(text).split())
    return line.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("|", "\\|")


def first_sentence(text: object) -> str:
    return _FIRST_SENTENCE.split(" ".join(str(text).split()), maxsplit=1)[0]


def family_order(variants: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """Each variant right after the one it extends; the largest family first, then by id, so the order never
    depends on the order files are read in."""
    children: dict[str | None, list[str]] = {}
    for ident, data in variants.items():
        children.setdefault(data.get("extends"), []).append(ident)

    def family(ident: str) -> list[str]:
        return [ident, *(member for child in sorted(children.get(ident, [])) for member in family(child))]

    roots = [family(root) for root in sorted(children.get(None, []))]
    return [ident for members in sorted(roots, key=lambda members: -len(members)) for ident in members]


def _variants(ctx: Context) -> str:
    catalog = ctx.data.catalog
    rows = [
        f"| `{ident}` | {readme_text(catalog.variants[ident].data['title'])} "
        f"| {readme_text(first_sentence(catalog.variants[ident].data['summary']))} |"
        for ident in family_order({ident: document.data for ident, document in catalog.variants.items()})
    ]
    return "\n".join(["| id | variant | what it is |", "| --- | --- | --- |", *rows]) + "\n"


def _house_rules(ctx: Context) -> str:
    catalog = ctx.data.catalog
    every = set(catalog.variants)
    rows = []
    for ident in sorted(catalog.house_rules):
        data = catalog.house_rules[ident].data
        default = data.get("default_mode")
        modes = ", ".join(f"`{mode}`" + (" (default)" if mode == default else "") for mode in data.get("modes", {}))
        targets = data["applies_to"]
        plays_on = "any" if "any" in targets or set(targets) == every else ", ".join(f"`{target}`" for target in targets)
        brings = ", ".join(f"`{required}`" for required in data.get("requires", []))
        name = readme_text(data["title"]) + (f" (brings in {brings})" if brings else "")
        rows.append(f"| `{ident}` | {name} | {modes} | {plays_on} |")
    return "\n".join(["| id | house rule | modes | variants |", "| --- | --- | --- | --- |", *rows]) + "\n"


README_BLOCKS.update({"readme-variants": _variants, "readme-house-rules": _house_rules})
