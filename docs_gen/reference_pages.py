"""The pages around the rules: the overview, the house-rule catalogue, sources and deal numbers.

Each is a view of one spec file or of the catalog as a whole; the variant and house-rule lists
are whatever the catalog holds at build time.
"""

from __future__ import annotations

from typing import Any

from reference_impl.deal import deal_number
from ruleset.compiled.loading import load_rules

from .context import Context, Page
from .hands import deal_table, dealt_codes
from .house_rule_page import applies_to
from .markup import cite, esc, one_line, plural, table
from .rule_text import clause_block


def overview_page(ctx: Context) -> Page:
    data = ctx.data
    rows = []
    for v in data.variants:
        rules = data.rules[v]
        rows.append(
            (
                cite("variant", v),
                one_line(data.resolved[v]["summary"]),
                str(rules.players),
                str(len(rules.deck)),
                str(rules.target),
            )
        )
    rules_rows = [
        (
            cite("house-rule", r),
            one_line(data.catalog.house_rules[r].data["summary"]),
            ", ".join(cite("variant", v) for v in applies_to(ctx, data.catalog.house_rules[r].data)),
        )
        for r in data.house_rules
    ]
    reports = ", ".join(f"[{esc(r.title)}](compliance/{r.slug}.md)" for r in data.reports)
    clauses = {c for v in data.variants for c in data.resolved[v]["clauses"]} | {
        c for r in data.house_rules for c in data.catalog.house_rules[r].data["clauses"]
    }
    parts = [
        "# Euchre rules, as data\n",
        "Euchre is played in dozens of forms, and every engine hard-codes one reading of the rules. This site is the "
        "readable side of **euchre-spec**: the rules of each variant and house rule, written as data in `spec/`, checked "
        "by the scenarios in `conformance/`, and published here with the compliance of each engine that has been run. "
        "Every page is generated from those files when the site is built, so the site and the tests cannot disagree.\n",
        f"The spec has **{plural(len(data.variants), 'base variant')}**, **{plural(len(data.house_rules), 'house rule')}** "
        f"and **{plural(len(clauses), 'rule clause')}**; the suite has **{plural(len(data.scenarios), 'scenario')}**. "
        f"New here? Read [how to read these rules](how-to-read.md) first.\n",
        "## Base variants { #variants }\n\n" + table(["Variant", "What it is", "Players", "Cards", "Game to"], rows),
        "Side by side: [compare the variants](compare.md).\n",
        "## House rules { #house-rules }\n\n" + table(["House rule", "What it does", "Applies to"], rules_rows),
        "## Engines { #engines }\n\n"
        f"Compliance reports: {reports}. To check your own engine, [implement an adapter](guides/adapter.md); "
        "to add a rule, [contribute a house rule](guides/house-rule.md).\n",
    ]
    return Page("index.md", "Overview", "\n".join(parts))


def house_rules_index(ctx: Context) -> Page:
    data = ctx.data
    rows = []
    for r in data.house_rules:
        rule = data.catalog.house_rules[r].data
        modes = (
            ", ".join(f"`{m}`" + (" (default)" if m == rule.get("default_mode") else "") for m in rule.get("modes", {})) or "—"
        )
        conflicts = ", ".join(cite("house-rule", c.partition("=")[0]) for c in rule.get("conflicts_with", [])) or "—"
        rows.append((cite("house-rule", r), one_line(rule["summary"]), modes, conflicts))
    matrix = []
    for r in data.house_rules:
        targets = applies_to(ctx, data.catalog.house_rules[r].data)
        matrix.append((cite("house-rule", r), *["✓" if v in targets else "" for v in data.variants]))
    parts = [
        "# House rules\n",
        "A house rule is an overlay: it sets some of a base variant's settings, says which variants it applies to and "
        "which rules it cannot be combined with. Name one on the command line as `-r ID` or `-r ID=MODE`.\n",
        table(["House rule", "What it does", "Modes", "Conflicts with"], rows),
        "## Which variant takes which rule { #matrix }\n\n" + table(["", *[cite("variant", v) for v in data.variants]], matrix),
        "Writing your own: [contribute a house rule](../guides/house-rule.md).\n",
    ]
    return Page("house-rules/index.md", "Catalogue", "\n".join(parts))


def sources_page(ctx: Context) -> Page:
    data = ctx.data
    page = Page("sources.md", "Sources", "")
    parts = [
        "# Sources\n",
        "The rules sources the spec is built from (`spec/sources.yaml`). Every clause, disputed parameter and erratum "
        "cites one of these keys.\n",
    ]
    for key, source in data.catalog.sources.items():
        users = [cite("variant", v) for v in data.variants if key in data.resolved[v].get("sources", [])]
        users += [cite("house-rule", r) for r in data.house_rules if key in data.catalog.house_rules[r].data.get("sources", [])]
        page.anchors.add(f"source-{key}")
        title = esc(source.get("title", ""))
        read = f" [{esc(source['url'])}]({source['url']})" if source.get("url") else ""
        parts.append(
            f"### `{key}` {title} {{ #source-{key} }}\n\n*{title}*. {esc(source.get('published', ''))}{read}\n\n"
            f"{one_line(source.get('covers', ''))}" + (" Cited by " + ", ".join(users) + "." if users else "") + "\n"
        )
    page.markdown = "\n".join(parts)
    return page


def deal_numbers_page(ctx: Context) -> Page:
    spec: dict[str, Any] = ctx.data.catalog.deal_numbers
    page = Page("deal-numbers.md", "Deal numbers", "")
    parts = [
        "# Deal numbers\n",
        "A deal number names a deal portably: any engine, in any language, deals exactly the same cards for deal #N. "
        "The algorithm is written down in `spec/deal-numbers.yaml`, step by step, with test vectors.\n",
        "## The algorithm { #algorithm }\n",
    ]
    for step in spec.get("algorithm", []):
        page.anchors.add(step["id"])
        clause = {"title": step["id"].rsplit(".", 1)[-1].replace("-", " ").capitalize(), "text": step["text"]}
        parts.append(clause_block(step["id"], clause, ctx.examples_by_clause.get(step["id"], [])))
    vectors = spec.get("vectors", {})
    if vectors.get("splitmix64"):
        seeds = [(str(v["seed"]), ", ".join(f"`{o}`" for o in v["outputs"])) for v in vectors["splitmix64"]]
        parts.append("## Test vectors { #vectors }\n\n### SplitMix64\n\n" + table(["Seed", "First outputs"], seeds))
    if vectors.get("shuffles"):
        shuffles = [(str(v["deck_size"]), str(v["number"]), " ".join(str(i) for i in v["order"])) for v in vectors["shuffles"]]
        parts.append("### Shuffles\n\n" + table(["Deck size", "Deal number", "Canonical positions, top first"], shuffles))
    for vector in vectors.get("deals", []):
        if vector["variant"] not in ctx.data.resolved:
            continue
        rules = load_rules(vector["variant"])
        hands, up_card, _ = dealt_codes(rules, deal_number(rules, vector["number"], vector["dealer"]))
        same = hands == vector["hands"] and up_card == vector.get("up_card")
        verdict = "the reference engine deals the same" if same else "**the reference engine deals differently**"
        parts.append(
            f"### Deal #{vector['number']} of {cite('variant', vector['variant'])}, dealt by seat {vector['dealer']}\n\n"
            + deal_table(rules, vector["hands"], vector["dealer"], vector.get("up_card"), vector.get("kitty"))
            + f"\n({verdict})\n"
        )
    page.markdown = "\n".join(parts)
    return page
