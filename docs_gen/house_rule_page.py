"""A page per house rule: what it changes, on which variants, what it cannot be combined with.

"What it changes" is computed, not described: each mode is laid over each variant it applies
to with the same resolver the engine uses, and the settings that differ are listed before and
after. The overlay itself is shown too, with the schema's words for each setting.
"""

from __future__ import annotations

from typing import Any

from ruleset import SpecInvalid, fill_defaults, resolve
from ruleset.semantics import other_readings

from .condition_text import conditions_block
from .context import Context, Page
from .markup import cite, cite_source, code, esc, one_line, table
from .rule_figures import rule_figure
from .rule_text import clause_block, setting_value, settings_table
from .schema_docs import leaves


def house_rule_page(ctx: Context, rule_id: str) -> Page:
    document = ctx.data.catalog.house_rules[rule_id]
    rule = document.data
    page = Page(f"house-rules/{rule_id}.md", rule["title"], "")
    parts = [f'# {esc(rule["title"])}\n\n!!! abstract "In short"\n\n    {one_line(rule["summary"])}\n']
    facts = [f"id `{rule_id}`", f"written in `{document.path}`"]
    if rule.get("sources"):
        facts.append("sources: " + ", ".join(cite("source", key) for key in rule["sources"]))
    parts.append(" · ".join(facts) + "\n")
    parts.append(_relations(ctx, rule))
    parts.append(_usage(ctx, rule))
    modes = rule.get("modes") or {None: {"summary": "", "set": rule.get("set", {})}}
    parts.append("## What it changes { #changes }\n")
    if rule.get("modes"):
        parts.append(f"Name the rule as `{rule_id}=MODE`; `{rule_id}` alone means `{rule_id}={rule['default_mode']}`.\n")
    for mode, body in modes.items():
        parts.append(_mode(ctx, rule_id, rule, mode, body))
    parts.append(rule_figure(rule_id, applies_to(ctx, rule)[0]))
    if rule.get("choices"):
        rows = [
            (
                esc(choice.get("parameter", pointer)),
                code(pointer),
                cite_source(choice["source"]),
                "; ".join(esc(text) for _ident, text in other_readings(choice)),
            )
            for pointer, choice in rule["choices"].items()
            if choice is not None  # null drops a variant's choice the rule makes moot (a row it removes)
        ]
        parts.append(
            "## Parameters and sources { #parameters }\n\n" + table(["Parameter", "Setting", "Follows", "Other readings"], rows)
        )
    parts.append("## Rule clauses { #clauses }\n")
    for clause_id, clause in rule.get("clauses", {}).items():
        page.anchors.add(clause_id)
        parts.append(clause_block(clause_id, clause, ctx.examples_by_clause.get(clause_id, [])))
    parts.append(_examples(ctx, rule_id))
    page.markdown = "\n".join(part for part in parts if part)
    return page


def _usage(ctx: Context, rule: dict[str, Any]) -> str:
    """The option that adds the rule, on the command line, for each of its modes."""
    variants = applies_to(ctx, rule)
    if not variants:
        return ""
    rule_id, variant = rule["id"], variants[0]
    refs = [rule_id, *(f"{rule_id}={mode}" for mode in rule.get("modes", {}))]
    needed = "".join(f" -r {required}" for required in rule.get("requires", []))  # a rule it cannot be played without
    lines = [f"euchre-spec show {variant}{needed} -r {ref}" for ref in refs]
    lines += [
        f"euchre-spec play {variant}{needed} -r {rule_id} --deal 7",
        f"euchre-spec conform --engine ENGINE --house-rule {rule_id}",
    ]
    return (
        f"## Play it {{ #use }}\n\nAdd the rule to a variant with `-r {rule_id}`"
        + (f" (or `-r {rule_id}=MODE` for one of its modes)" if rule.get("modes") else "")
        + "; an engine declares it in its handshake the same way.\n\n```sh\n"
        + "\n".join(lines)
        + "\n```\n"
    )


def applies_to(ctx: Context, rule: dict[str, Any]) -> list[str]:
    """The variants a rule applies to, `any` spelled out."""
    targets = rule["applies_to"]
    return list(ctx.data.variants) if "any" in targets else [t for t in ctx.data.variants if t in targets]


def _relations(ctx: Context, rule: dict[str, Any]) -> str:
    variants = ", ".join(cite("variant", v) for v in applies_to(ctx, rule)) or "no variant of this spec"
    if "any" in rule["applies_to"]:
        variants = "any variant: " + variants
    conflicts = ", ".join(cite("house-rule", r.partition("=")[0]) for r in rule.get("conflicts_with", [])) or "nothing"
    rows = [("Applies to", variants), ("Conflicts with", conflicts)]
    if rule.get("requires"):
        rows.append(("Requires", ", ".join(cite("house-rule", r.partition("=")[0]) + f" (`{r}`)" for r in rule["requires"])))
    clashing = [
        other
        for other in ctx.data.house_rules
        if rule["id"] in ctx.data.catalog.house_rules[other].data.get("conflicts_with", [])
        and other not in rule.get("conflicts_with", [])
    ]
    if clashing:
        rows.append(("Named as a conflict by", ", ".join(cite("house-rule", other) for other in clashing)))
    return "\n".join(f"- **{name}:** {text}" for name, text in rows) + "\n"


def _mode(ctx: Context, rule_id: str, rule: dict[str, Any], mode: str | None, body: dict[str, Any]) -> str:
    parts = []
    if mode is not None:
        default = " (the default)" if mode == rule.get("default_mode") else ""
        parts.append(f"### `{rule_id}={mode}`{default} {{ #mode-{mode} }}\n\n{one_line(body['summary'])}\n")
    parts.append("The settings it writes:\n\n" + settings_table(ctx.variant_docs, body["set"], ""))
    parts.append(conditions_block(body["set"].get("conditions", {})))
    ref = rule_id if mode is None else f"{rule_id}={mode}"
    groups: dict[tuple[tuple[str, str, str], ...], list[str]] = {}
    for variant_id in applies_to(ctx, rule):
        groups.setdefault(tuple(_effect(ctx, variant_id, ref)), []).append(variant_id)
    rows = []
    for changes, variants in groups.items():
        named = ", ".join(cite("variant", v) for v in variants)
        if not changes:
            rows.append((named, "—", "", "no change: already played this way"))
        for setting, before, after in changes:
            rows.append((named, code(setting) if setting else "—", before, after))
            named = ""
    if rows:
        parts.append("What that changes on each variant:\n\n" + table(["Variants", "Setting", "Before", "After"], rows))
    return "\n".join(parts)


def _effect(ctx: Context, variant_id: str, ref: str) -> list[tuple[str, str, str]]:
    """The settings of a variant that differ once the rule is added: (setting, before, after)."""
    try:
        after_data = fill_defaults(resolve(ctx.data.catalog, variant_id, (ref,)).data)
    except SpecInvalid as exc:
        return [("", "", "does not compose: " + esc("; ".join(e.message for e in exc.errors)))]
    skip = ("clauses", "choices", "errata", "summary", "title", "sources", "language")  # the version, not a rule
    before = dict(leaves(ctx.data.resolved[variant_id], "", skip))
    after = dict(leaves(after_data, "", skip))
    changed = []
    for pointer in dict.fromkeys([*before, *after]):
        if before.get(pointer) != after.get(pointer):
            old = setting_value(before[pointer]) if pointer in before else "<em>none</em>"
            new = setting_value(after[pointer]) if pointer in after else "<em>removed</em>"
            changed.append((pointer.lstrip("/").replace("/", "."), old, new))
    return changed


def _examples(ctx: Context, rule_id: str) -> str:
    using = [s for s in ctx.data.scenarios if any(ref.partition("=")[0] == rule_id for ref in s.house_rules)]
    if not using:
        return ""
    rows = [
        (cite("scenario", s.id), esc(s.title), cite("variant", s.variant), ", ".join(f"`{r}`" for r in s.house_rules))
        for s in using
    ]
    return "## Worked examples { #examples }\n\n" + table(["Scenario", "What it shows", "Variant", "House rules"], rows)
