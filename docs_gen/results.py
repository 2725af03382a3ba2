"""The results matrix: every engine with a report side by side, per variant, per rule clause and
per scenario, the way conformance suites of other languages show their implementations.

Everything comes from the reports (schemas/report.schema.json), as the compliance pages do; this
module only lays them out across engines. The per-scenario matrix has a page per variant, its
scenario files folded (opened where some engine does not pass), each cell linking to that
engine's entry on its compliance page and, when the engine did not pass, showing the first
difference the runner found.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from conformance.reports.badges import share
from conformance.suite.outcomes import FAILING, NOT_CHECKED, UNEXPECTED
from conformance.suite.scenarios import Scenario
from conformance.suite.spec_ids import all_clause_ids

from .compliance import entry_anchor
from .context import Context, Page, humanize, scenario_page
from .data import Report
from .marks import counts, grade, legend, mark
from .markup import cite, code, esc, plural, table
from .registry_text import registry_table

ROOT = "results/index.md"
NOT_PASSED = (*UNEXPECTED, "xfail", "invalid")
SHOWN_DIFFERENCE = 220
"""Characters of a first difference shown in a matrix cell; the whole text is on the engine's page."""


def results_pages(ctx: Context) -> list[Page]:
    reports = engines(ctx)
    return [_index(ctx, reports), *[_variant_page(ctx, reports, v) for v in ctx.data.variants]]


def engines(ctx: Context) -> list[Report]:
    """The reports that have results, in the site's order (the reference engine first)."""
    return [report for report in ctx.data.reports if report.data.get("results")]


def variant_path(variant_id: str) -> str:
    return f"results/{variant_id}.md"


def _name(report: Report) -> str:
    return esc(report.data["engine"]["name"])


def _index(ctx: Context, reports: list[Report]) -> Page:
    parts = [
        "# Results matrix\n",
        "Every engine with a report, side by side: first per variant, then per rule clause, then (a page per variant) "
        "per scenario. The bar is the share of must-level scenarios passed, coloured by grade; the marks count every "
        "outcome. A skipped scenario is one the engine does not play (never sent); one not applicable is one it "
        "declined. Neither counts as a pass.\n",
        f'<p class="legend">{legend()}</p>\n',
        "## By variant { #by-variant }\n",
        _variant_matrix(ctx, reports),
        "## The registry { #registry }\n",
        registry_table(reports, ROOT),
        "## Known deviations { #expected-failures }\n",
        _expected_failures(ctx, reports),
        "## By rule clause { #by-clause }\n",
        _clause_matrix(ctx, reports),
    ]
    return Page(ROOT, "Results matrix", "\n".join(parts))


def _variant_matrix(ctx: Context, reports: list[Report]) -> str:
    rows = []
    for variant in ctx.data.variants:
        cells = [f"[{esc(ctx.data.variant_title(variant))}]({variant}.md)"]
        for report in reports:
            found = report.data["by_variant"].get(variant, {})
            checked = share(report.data["results"], variant)
            bar = grade(checked) + "<br>" if checked.applicable else ""
            cells.append(bar + counts(found))
        rows.append(cells)
    total = ["**All variants**"] + [
        grade(share(r.data["results"])) + "<br>" + counts(r.data["summary"]["counts"]) for r in reports
    ]
    rows.append(total)
    return _matrix_table(["Variant", *[_engine_head(r) for r in reports]], rows)


def _engine_head(report: Report) -> str:
    return f"[{_name(report)}](../compliance/{report.slug}.md)"


def _matrix_table(headers: list[str], rows: Iterable[list[str]]) -> str:
    return '<div class="matrix" markdown>\n\n' + table(headers, rows) + "\n</div>\n"


def _clause_matrix(ctx: Context, reports: list[Report]) -> str:
    known = all_clause_ids(ctx.data.catalog)
    clauses = sorted({clause for report in reports for clause in report.data["by_clause"]})

    def row(clause: str) -> list[str]:
        shown = cite("clause", clause) if clause in known else code(clause)
        return [shown, *[counts(report.data["by_clause"].get(clause, {})) for report in reports]]

    headers = ["Rule clause", *[_engine_head(r) for r in reports]]
    troubled = [c for c in clauses if any(_not_passed(r.data["by_clause"].get(c, {})) for r in reports)]
    parts = []
    if troubled:
        parts.append(f"Clauses some engine does not pass ({len(troubled)} of {len(clauses)}):\n")
        parts.append(_matrix_table(headers, [row(c) for c in troubled]))
    body = _matrix_table(headers, [row(c) for c in clauses])
    parts.append(f'??? note "Every rule clause ({len(clauses)})"\n\n' + _indent(body))
    return "\n".join(parts)


def _not_passed(found: dict[str, int]) -> bool:
    return any(found.get(status) for status in NOT_PASSED)


def _expected_failures(ctx: Context, reports: list[Report]) -> str:
    rows = []
    for report in reports:
        version = str(report.data["engine"].get("version", ""))
        for result in report.data["results"]:
            if "expected_failure" not in result:
                continue
            seen = result.get("expected_failure_version")
            if seen is None:
                seen_in = "—"
            elif seen in version:
                seen_in = esc(seen)
            else:
                seen_in = f"{esc(seen)} (the engine now says {esc(version)})"
            bug = result.get("expected_failure_bug")
            rows.append(
                (
                    _name(report),
                    _scenario(ctx, result["id"]),
                    mark(result["status"]),
                    seen_in,
                    f"[link]({bug})" if bug else "—",
                    esc(result["expected_failure"]),
                )
            )
    if not rows:
        return "No engine lists an expected failure.\n"
    intro = (
        "Each engine lists the scenarios it is known to fail, with why (`conformance/expected-failures/ENGINE.yaml`, "
        "or the file its registry entry names), "
        "the engine version it was seen in and a link to the engine's bug or to the line of its source that shows it. "
        "A listed scenario that starts passing is reported as an unexpected pass, so the list cannot go stale unnoticed.\n"
    )
    return intro + "\n" + table(["Engine", "Scenario", "Now", "Seen in", "Bug", "Why"], rows)


def _variant_page(ctx: Context, reports: list[Report], variant: str) -> Page:
    title = ctx.data.variant_title(variant)
    scenarios = [s for s in ctx.data.scenarios if s.variant == variant]
    outcomes = {r.slug: {result["id"]: result for result in r.data["results"]} for r in reports}
    parts = [
        f"# Results: {esc(title)}\n",
        f"Every scenario of {cite('variant', variant)} on every engine with a report. Each mark links to the engine's "
        "entry on its compliance page; where an engine does not pass, the cell also shows the first difference. "
        "Sections where every engine passes (or does not play the rules) are folded.\n",
        f'<p class="legend">{legend()}</p>\n',
    ]
    groups: dict[str, list[Scenario]] = {}
    for scenario in scenarios:
        groups.setdefault(scenario_page(scenario), []).append(scenario)
    for path, members in groups.items():
        rows = [[_scenario(ctx, s.id), *[_cell(r, outcomes[r.slug].get(s.id), s.id) for r in reports]] for s in members]
        tally = Counter(outcomes[r.slug][s.id]["status"] for r in reports for s in members if s.id in outcomes[r.slug])
        opened = "+" if any(tally[status] for status in NOT_PASSED) else ""
        heading = f"{humanize(path.rsplit('/', 1)[-1].removesuffix('.md'))}: {plural(len(members), 'scenario')}"
        body = _matrix_table(["Scenario", *[_engine_head(r) for r in reports]], rows)
        parts.append(f'???{opened} note "{esc(heading)}"\n\n' + _indent(body))
    if not scenarios:
        parts.append("The suite has no scenario for this variant yet.\n")
    return Page(variant_path(variant), title, "\n".join(parts))


def _cell(report: Report, result: dict[str, Any] | None, scenario_id: str) -> str:
    if result is None:
        return "not in this report"
    status = result["status"]
    link = f"[{mark(status, _difference(result))}](../compliance/{report.slug}.md#{entry_anchor(scenario_id)})"
    if status in ("pass", *NOT_CHECKED) and status != "invalid":
        return link
    shown = _difference(result)
    if len(shown) > SHOWN_DIFFERENCE:
        shown = shown[: SHOWN_DIFFERENCE - 1].rstrip() + "…"
    return f'{link} <small class="difference">{esc(shown)}</small>'


def _difference(result: dict[str, Any]) -> str:
    """The first difference found: for an expected failure, the failure behind it, not the listed reason."""
    if result["status"] == "xfail" and result.get("details"):
        first = str(result["details"][0])
        for status in FAILING:
            first = first.removeprefix(f"({status}) ")
        return first
    return str(result.get("message", ""))


def _scenario(ctx: Context, ident: str) -> str:
    return cite("scenario", ident) if ident in ctx.scenario_ids else code(ident)


def _indent(text: str) -> str:
    return "\n".join(f"    {line}" if line else "" for line in text.splitlines()) + "\n"
