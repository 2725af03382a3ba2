"""The comparison matrix: every variant side by side, one column each.

The first table picks the questions players ask first (how many players, which cards, what a
march pays); the second lists every setting any variant has, so a setting added to the language
shows up in the comparison without anyone touching this file.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ruleset.comparison import comparison_rows, render_table

from .award_text import award_words, player_points_words
from .context import Context, Page
from .markup import cards, cite, esc, table
from .rule_text import setting_value
from .schema_docs import leaves, value_at

Cell = Callable[[Context, str], str]


def _setting(pointer: str) -> Cell:
    def cell(ctx: Context, variant_id: str) -> str:
        found = value_at(ctx.data.resolved[variant_id], pointer)
        if isinstance(found, str) and found.isidentifier():
            return found.replace("_", " ")
        if isinstance(found, list) and all(isinstance(item, int) for item in found):
            return ", ".join(str(item) for item in found)
        return "—" if found is None else setting_value(found)

    return cell


def _deck(ctx: Context, variant_id: str) -> str:
    rules = ctx.data.rules[variant_id]
    extra = [c.face for c in rules.deck if c.suit is None]
    return f"{len(rules.deck)}" + (f" (with {cards(list(dict.fromkeys(extra)))})" if extra else "")


def _teams(ctx: Context, variant_id: str) -> str:
    rules = ctx.data.rules[variant_id]
    return " v ".join("&".join(str(seat) for seat in team) for team in rules.teams)


def _specials(ctx: Context, variant_id: str) -> str:
    specials = ctx.data.resolved[variant_id]["trump"].get("special_cards", [])
    return " ".join(cards([s["card"]], {s["card"]: s.get("name", s["card"])}) for s in specials) or "—"


def _examples(ctx: Context, variant_id: str) -> str:
    return str(sum(1 for s in ctx.data.scenarios if s.variant == variant_id))


def _house_rules(ctx: Context, variant_id: str) -> str:
    count = len(ctx.house_rules_for(variant_id))
    return f"[{count}](variants/{variant_id}.md#house-rules)" if count else "—"


SUMMARY: list[tuple[str, Cell]] = [
    ("Players", _setting("/seats/count")),
    ("Seats (partners joined by &)", _teams),
    ("Cards in the deck", _deck),
    ("Ranks of each suit", _setting("/deck/ranks")),
    ("Above the bowers", _specials),
    ("Cards per hand", _setting("/deal/hand_size")),
    ("Dealt in rounds of", _setting("/deal/packets")),
    ("Up-card turned", _setting("/deal/up_card")),
    ("Dealer's partner must go alone to accept", _setting("/bidding/round_one/dealer_partner_must_go_alone")),
    ("Dealer's pick-up", _setting("/bidding/round_one/dealer_pickup")),
    ("Everybody passes twice", _setting("/bidding/all_pass")),
    ("Maker alone", _setting("/lone_play/maker")),
    ("Defender alone", _setting("/lone_play/defender")),
    ("First lead with a lone player", _setting("/play/first_lead")),
    ("Game to", _setting("/game/target")),
    ("Two reach the target together", _setting("/game/tie")),
    ("House rules", _house_rules),
    ("Worked examples", _examples),
]


def compare_page(ctx: Context) -> Page:
    variants = ctx.data.variants
    header = ["", *[cite("variant", v) for v in variants]]
    summary = [(label, *[cell(ctx, v) for v in variants]) for label, cell in SUMMARY]
    parts = [
        "---\nhide:\n  - navigation\n  - toc\n---\n",
        "# Compare the variants\n",
        "Every base variant side by side. Each column links to the variant's page, where every value is explained "
        "with the rule that sets it.\n",
        "## At a glance { #at-a-glance }\n\n" + table(header, summary),
        "## The rules in short { #in-short }\n\nThe same matrix `euchre-spec variants --table` prints, one row per "
        "variant (trump orders are shown for spades).\n\n" + render_table(comparison_rows()).rstrip("\n") + "\n",
        "## Scoring { #scoring }\n\n" + _scoring(ctx),
        "## Every setting { #every-setting }\n\nEvery setting any variant has, as the spec writes it. "
        "A row marked ≠ differs between variants.\n\n" + _every_setting(ctx),
    ]
    return Page("compare.md", "Compare the variants", "\n".join(parts))


def _scoring(ctx: Context) -> str:
    """One row per scoring row name across the variants (side rows, then per-player rows): who scores and how much."""
    rows = []
    for table_name in ("rows", "player_rows"):
        names = list(dict.fromkeys(name for v in ctx.data.variants for name in ctx.data.resolved[v]["scoring"][table_name]))
        for name in names:
            cells = []
            label = ""
            for v in ctx.data.variants:
                row: dict[str, Any] | None = ctx.data.resolved[v]["scoring"][table_name].get(name)
                if row is None:
                    cells.append("—")
                    continue
                label = label or row.get("label", name)
                cells.append(
                    player_points_words(row["award"]) + " to the player"
                    if table_name == "player_rows"
                    else esc(award_words(row["award"]))
                )
            rows.append((f"{esc(label)} (`{name}`)", *cells))
    return table(["Outcome", *[cite("variant", v) for v in ctx.data.variants]], rows)


def _every_setting(ctx: Context) -> str:
    skip = ("clauses", "choices", "errata", "summary", "title", "sources", "labels", "$schema", "format", "id", "extends")
    values = {v: dict(leaves(ctx.data.resolved[v], "", skip)) for v in ctx.data.variants}
    pointers = list(dict.fromkeys(p for v in ctx.data.variants for p in values[v]))
    rows = []
    for pointer in pointers:
        seen = [values[v].get(pointer) for v in ctx.data.variants]
        differs = "≠" if any(item != seen[0] for item in seen) else ""
        cells = ["—" if pointer not in values[v] else setting_value(values[v][pointer]) for v in ctx.data.variants]
        rows.append((differs, f"`{pointer.lstrip('/').replace('/', '.')}`", *cells))
    return table(["", "Setting", *[cite("variant", v) for v in ctx.data.variants]], rows)
