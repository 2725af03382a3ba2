"""The whole site as data: every generated page, the files beside them, the navigation, and
the index that resolves citations. MkDocs only receives what this module returns.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from .badge_pages import badge_files, badges_page
from .citations import Index, Target, expand
from .committed_blocks import UnknownBlock as UnknownBlock  # raised by render; callers catch it from here
from .committed_blocks import block_text, check_fresh
from .compare import compare_page
from .compliance import compliance_pages
from .context import Context, Page, humanize, scenario_page
from .data import SiteData
from .history_plot import history_page
from .house_rule_page import house_rule_page
from .markup import code, esc, plain
from .mutation_page import mutation_page
from .performance import performance_page
from .platforms_page import platforms_page
from .reference_pages import deal_numbers_page, house_rules_index, overview_page, sources_page
from .registry_text import site_files
from .results import results_pages
from .scenario_pages import examples_index, scenario_pages
from .schema_pages import schema_pages
from .source_links import SourceMap, source_map
from .variant_page import variant_page

# The pages written by hand, in docs/, and their place in the navigation.
HOW_TO_READ = "how-to-read.md"
ADAPTER_GUIDE = "guides/adapter.md"
HOUSE_RULE_GUIDE = "guides/house-rule.md"
VALIDATE_GUIDE = "guides/validate.md"
REGISTRY_GUIDE = "guides/registry.md"
SIMULATOR_GUIDE = "guides/simulator.md"
PROTOCOL = "protocol.md"
GLOSSARY = "glossary.md"
CHANGELOG = "changelog.md"


@dataclass
class Site:
    context: Context
    pages: dict[str, Page]
    files: dict[str, str]
    index: Index
    nav: list[Any]
    sources: SourceMap

    def render(self, path: str, markdown: str) -> str:
        """A page's final Markdown: its blocks checked against the spec, links to source files made
        links to the pages built from them, then every citation turned into a link."""
        check_fresh(markdown, path, lambda name: block_text(name, self.context, self.index, self.sources, path))
        return expand(self.sources.to_site(markdown, path), path, self.index)


def generate(data: SiteData) -> Site:
    ctx = Context(data)
    pages = [overview_page(ctx), compare_page(ctx)]
    pages += [variant_page(ctx, v) for v in data.variants]
    pages += [house_rules_index(ctx)] + [house_rule_page(ctx, r) for r in data.house_rules]
    pages += [sources_page(ctx), platforms_page(ctx), deal_numbers_page(ctx), examples_index(ctx), *scenario_pages(ctx)]
    pages += [*compliance_pages(ctx), mutation_page(ctx), performance_page(ctx)]
    pages += [*results_pages(ctx), badges_page(ctx), history_page(ctx)]
    schemas, files = schema_pages(ctx)
    pages += schemas
    files |= badge_files(ctx) | site_files(ctx)
    by_path = {page.path: page for page in pages}
    return Site(ctx, by_path, files, build_index(ctx, pages), navigation(ctx, by_path), source_map(ctx))


def build_index(ctx: Context, pages: list[Page]) -> Index:
    """Every citable id and its home page."""
    data = ctx.data
    index = Index(local={page.path: page.anchors for page in pages})
    for v in data.variants:
        index.add("variant", v, Target(f"variants/{v}.md", "", data.variant_title(v), esc(data.variant_title(v))))
        for clause_id, clause in data.catalog.variants[v].data.get("clauses", {}).items():
            index.add("clause", clause_id, Target(f"variants/{v}.md", clause_id, clause["title"], code(clause_id)))
    for r in data.house_rules:
        index.add("house-rule", r, Target(f"house-rules/{r}.md", "", data.house_rule_title(r), esc(data.house_rule_title(r))))
        for clause_id, clause in data.catalog.house_rules[r].data.get("clauses", {}).items():
            index.add("clause", clause_id, Target(f"house-rules/{r}.md", clause_id, clause["title"], code(clause_id)))
    for step in data.catalog.deal_numbers.get("algorithm", []):
        index.add("clause", step["id"], Target("deal-numbers.md", step["id"], "deal numbers", code(step["id"])))
    for key, source in data.catalog.sources.items():
        shown = source.get("cite_as", source.get("title", key))
        index.add(
            "source",
            key,
            Target("sources.md", f"source-{key}", f"{source.get('title', key)}. {source.get('published', '')}", esc(shown)),
        )
    for scenario in data.scenarios:
        index.add("scenario", scenario.id, Target(scenario_page(scenario), scenario.id, scenario.title, code(scenario.id)))
    return index


def navigation(ctx: Context, pages: dict[str, Page]) -> list[Any]:
    """The navigation: one tab per audience, generated pages listed as the catalog has them."""

    def entry(path: str) -> dict[str, str]:
        return {plain(pages[path].title): path}  # the theme writes navigation titles into the page as they are

    examples: dict[str, list[dict[str, str]]] = defaultdict(list)
    for path in ctx.scenario_files:
        parts = PurePosixPath(path).parts
        folder = parts[1] if len(parts) > 2 else "other"
        examples[folder].append({plain(pages[path].title.split(": ", 1)[-1]): path})
    titles = {v: plain(ctx.data.variant_title(v)) for v in ctx.data.variants} | {"house-rules": "House rules"}
    grouped = [{titles.get(folder, humanize(folder)): entries} for folder, entries in examples.items()]
    reports = [p for p in pages if p.startswith("compliance/") and p != "compliance/index.md"]
    results = [entry("results/index.md"), *[entry(f"results/{v}.md") for v in ctx.data.variants]]
    results += [entry("results/badges.md"), entry("results/history.md")]
    schemas = [p for p in pages if p.startswith("schemas/") and p != "schemas/index.md"]
    return [
        {"Home": [entry("index.md"), {"How to read these rules": HOW_TO_READ}]},
        {
            "Rules": [
                entry("compare.md"),
                *[entry(f"variants/{v}.md") for v in ctx.data.variants],
                entry("sources.md"),
                entry("platforms.md"),
                {"Glossary": GLOSSARY},
                entry("deal-numbers.md"),
            ]
        },
        {"House rules": [entry("house-rules/index.md"), *[entry(f"house-rules/{r}.md") for r in ctx.data.house_rules]]},
        {"Worked examples": [entry("examples/index.md"), *grouped]},
        {
            "Compliance": [
                entry("compliance/index.md"),
                *[entry(p) for p in reports],
                entry("mutation-score.md"),
                entry("performance.md"),
            ]
        },
        {"Results": results},
        {"Simulator": [{"Bots and learning agents": SIMULATOR_GUIDE}]},
        {
            "For engine authors": [
                {"Implement an adapter": ADAPTER_GUIDE},
                {"Submit an engine": REGISTRY_GUIDE},
                {"Harness protocol": PROTOCOL},
                {"Changelog": CHANGELOG},
                {"Contribute a house rule": HOUSE_RULE_GUIDE},
                {"Validate your own files": VALIDATE_GUIDE},
                {"Schemas": [entry("schemas/index.md"), *[entry(p) for p in schemas]]},
            ]
        },
    ]
