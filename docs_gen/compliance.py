"""Compliance pages: each engine's report as the conformance runner wrote it, with its registry entry and files.

The pages read the JSON report (schemas/report.schema.json) and nothing else, so what they say
is what `euchre-spec conform` said. A report that no longer matches the suite (an older run, a
filtered one) says so at the top instead of passing for the current state.
"""

from __future__ import annotations

from typing import Any

from conformance.reports.badges import share
from conformance.suite.outcomes import STATUSES, UNEXPECTED
from conformance.suite.spec_ids import all_clause_ids

from .context import Context, Page
from .data import Report
from .marks import grade
from .markup import cite, code, esc, prose, table
from .registry_text import downloads, entry_section


def compliance_pages(ctx: Context) -> list[Page]:
    pages = [_index(ctx)]
    pages += [_engine_page(ctx, report) for report in ctx.data.reports]
    return pages


def entry_anchor(scenario_id: str) -> str:
    """The anchor of a scenario's row on an engine's compliance page (the results matrix links to it)."""
    return f"r-{esc(scenario_id)}"


def status(name: str) -> str:
    return f'<span class="status status-{name}">{name.replace("_", " ")}</span>'


def _must(report: Report) -> str:
    must = report.data.get("summary", {}).get("must", {})
    passed, applicable = must.get("passed", 0), must.get("applicable", 0)
    share = 100.0 * passed / applicable if applicable else 0.0
    return f"{passed}/{applicable} ({share:.1f}%)"


def _graded(report: Report) -> str:
    """The must-level share as a bar coloured by grade: 85% must not look like 100%."""
    if not report.data.get("results"):
        return _must(report)
    return grade(share(report.data["results"]))


def _index(ctx: Context) -> Page:
    rows = []
    for report in ctx.data.reports:
        counts = report.data.get("summary", {}).get("counts", {})
        shown = ", ".join(f"{counts[s]} {s.replace('_', ' ')}" for s in STATUSES if counts.get(s))
        engine = report.data.get("engine", {})
        note = "; ".join(esc(p) for p in report.problems) or "—"
        rows.append(
            (
                f"[{esc(report.title)}]({report.slug}.md)",
                ", ".join(engine.get("variants", [])) or "—",
                _graded(report),
                shown,
                note,
            )
        )
    parts = [
        "# Compliance\n",
        "How each engine that has been run against the conformance suite fares. The site shows every entry of the "
        "registry of engines (`conformance/registry/ENGINE/`, [submit yours](../guides/registry.md)) and every report "
        "`euchre-spec conform --engine ...` wrote to `reports/ENGINE/report.json`; where both hold a run of the same "
        "engine, the newer. The site task runs the reference engine itself, so this page is never empty.\n",
        table(["Engine", "Variants", "Must pass", "Outcomes", "Notes"], rows),
        "Every engine side by side, per variant, rule clause and scenario: the [results matrix](../results/index.md); "
        "badges to show an engine's compliance: [badges](../results/badges.md); compliance over the suite's versions: "
        "[history](../results/history.md).\n",
        "To add your engine, see [implement an adapter for your engine](../guides/adapter.md), then "
        "[submit it to the registry](../guides/registry.md).\n",
    ]
    return Page("compliance/index.md", "Engines", "\n".join(parts))


def _engine_page(ctx: Context, report: Report) -> Page:
    data = report.data
    page = Page(f"compliance/{report.slug}.md", report.title, "")
    parts = [f"# Compliance: {esc(report.title)}\n"]
    for problem in report.problems:
        parts.append(f'!!! warning "This report may not match the current suite"\n\n    {esc(problem)}\n')
    if not data.get("results"):
        page.markdown = "\n".join(parts)
        return page
    engine = data["engine"]
    bad = sum(data["summary"]["counts"].get(s, 0) for s in UNEXPECTED)
    kind = "success" if not bad else "failure"
    parts.append(f'!!! {kind} "Must-level scenarios passed: {_must(report)}"\n')
    facts = [
        ("Scenarios run", str(data["summary"]["total"])),
        ("Report", code(report.origin)),
        ("Command", code(engine.get("command", ""))),
        ("Generated", esc(data.get("generated", ""))),
        ("Machine", esc(data.get("machine", ""))),
        ("Run time", f"{data.get('seconds', 0):.2f} s"),
        ("Suite version / protocol", f"{esc(data.get('suite_version', ''))} / {data.get('protocol', '')}"),
        ("Plays", ", ".join(_variant(ctx, v) for v in engine.get("variants", [])) or "—"),
        ("House rules", ", ".join(code(r) for r in engine.get("house_rules", [])) or "—"),
        ("Files", downloads(report, page.path)),
    ]
    parts.append("\n".join(f"- **{name}:** {text}" for name, text in facts) + "\n")
    parts.append(entry_section(report, page.path))
    parts.append("## By variant { #by-variant }\n\n" + _counts_table(ctx, data["by_variant"], "Variant", _variant))
    clauses = all_clause_ids(ctx.data.catalog)
    parts.append(
        "## By rule clause { #by-clause }\n\n"
        + _counts_table(
            ctx, data["by_clause"], "Clause", lambda c, ident: cite("clause", ident) if ident in clauses else code(ident)
        )
    )
    problems = [r for r in data["results"] if r["status"] not in ("pass",)]
    if problems:
        rows: list[tuple[str, ...]] = [
            (_scenario(ctx, r["id"]), status(r["status"]), prose(r.get("message", ""))) for r in problems
        ]
        parts.append("## Not passed { #not-passed }\n\n" + table(["Scenario", "Outcome", "Why"], rows))
    rows = [
        (f'<a id="{entry_anchor(r["id"])}"></a>' + _scenario(ctx, r["id"]), esc(r["title"]), r["level"], status(r["status"]))
        for r in data["results"]
    ]
    parts.append("## Every scenario { #every-scenario }\n\n" + table(["Scenario", "Title", "Level", "Outcome"], rows))
    page.markdown = "\n".join(parts)
    return page


def _counts_table(ctx: Context, groups: dict[str, dict[str, int]], head: str, name: Any) -> str:
    shown = [s for s in STATUSES if any(counts.get(s) for counts in groups.values())]
    rows = [(name(ctx, key), *[str(counts.get(s, 0)) for s in shown]) for key, counts in groups.items()]
    return table([head, *[s.replace("_", " ") for s in shown]], rows, ["left", *["right"] * len(shown)])


def _variant(ctx: Context, variant_id: str) -> str:
    return cite("variant", variant_id) if variant_id in ctx.data.resolved else code(variant_id)


def _scenario(ctx: Context, ident: str) -> str:
    known = ident in ctx.scenario_ids
    return cite("scenario", ident) if known else f"`{esc(ident)}` (no longer in the suite)"
