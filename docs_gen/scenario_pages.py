"""The conformance scenarios as worked examples: the deal drawn, the actions, what must follow.

A page per scenario file; each scenario is a section anchored at its permanent id, so a report,
a rule or a report can link to `examples/.../#na-smoke-001`. Expectations are the scenario's
own checkpoints, worded for a reader by their records (`docs_gen.checkpoint_text`): the engine's
answers are compared with exactly these.
"""

from __future__ import annotations

import posixpath
from pathlib import PurePosixPath
from typing import Any

from conformance.suite.scenarios import LEVELS, Scenario, Step, scenario_rules
from reference_impl.deal import DealError, deal_number
from ruleset.compiled.rules import Rules

from .checkpoint_text import expectations, per_team
from .context import Context, Page, humanize
from .hands import deal_table, dealt_codes, position, special_names
from .markup import action, cite, esc, one_line, plural, prose, table
from .table_view import table_view


def scenario_pages(ctx: Context) -> list[Page]:
    pages = []
    for path, scenarios in ctx.scenario_files.items():
        page = Page(path, page_title(ctx, path), "")
        intro = (
            f"# {esc(page.title)}\n\nWorked examples from `{scenarios[0].file}`. Each one is a scenario of the conformance "
            "suite: a deal, a script of actions, and checkpoints that every engine must show. The engine under test is "
            "given exactly this; see [how to read these rules](../../how-to-read.md#worked-examples).\n"
        )
        parts = [intro]
        for scenario in scenarios:
            page.anchors.add(scenario.id)
            parts.append(scenario_section(scenario) + stepped_example(scenario))
        page.markdown = "\n".join(parts)
        pages.append(page)
    return pages


def page_title(ctx: Context, path: str) -> str:
    parts = PurePosixPath(path).with_suffix("").parts[1:]
    folder = parts[0] if len(parts) > 1 else ""
    if folder in ctx.data.resolved:
        folder = ctx.data.variant_title(folder)
    return (f"{humanize(folder)}: " if folder else "") + humanize(parts[-1])


def stepped_example(scenario: Scenario) -> str:
    """The scenario at a table, one action per step (nothing for a scenario without actions)."""
    if not scenario.actions:
        return ""
    actions = [str(step) for step in scenario.actions]
    rules = scenario_rules(scenario)
    stepped = table_view(scenario.id, rules, scenario.deals, actions, scenario.start_scores, scenario.start_games_won)
    return "\n**Step through it** (the arrow keys once the table is selected, or the buttons):\n\n" + stepped if stepped else ""


def scenario_section(scenario: Scenario) -> str:
    rules = scenario_rules(scenario)
    names = special_names(dict(rules.document))
    header = [f'<span class="level level-{scenario.level}">{scenario.level}</span>', cite("variant", scenario.variant)]
    header += [cite("house-rule", ref.partition("=")[0]) + f" `{ref}`" for ref in scenario.house_rules]
    header.append("checks " + ", ".join(cite("clause", clause) for clause in scenario.clauses))
    parts = [f"## `{scenario.id}` {esc(scenario.title)} {{ #{scenario.id} }}\n", " · ".join(header) + "\n"]
    if scenario.description:
        parts.append(prose(scenario.description) + "\n")
    if scenario.start_scores is not None:
        parts.append("**Scores before the deal:** " + per_team(rules, scenario.start_scores) + "\n")
    if scenario.start_games_won is not None:
        parts.append("**Games of the match already won:** " + per_team(rules, scenario.start_games_won) + "\n")
    for index, deal in enumerate(scenario.deals):
        parts.append(_deal(rules, deal, index, len(scenario.deals), scenario.deals[0].get("dealer"), names))
    parts.append(_script(rules, scenario, names))
    parts.append(f'<span class="scenario-source">`{scenario.file}:{scenario.line}`</span>\n')
    return "\n".join(parts)


def _deal(rules: Rules, deal: dict[str, Any], index: int, count: int, first_dealer: int | None, names: dict[str, str]) -> str:
    title = "**The deal**" if count == 1 else f"**Hand {index + 1}**"
    dealer = deal.get("dealer")
    if "number" in deal:
        if dealer is None:
            return f"{title}: deal number {deal['number']}, dealt by whoever deals next.\n"
        try:
            hands, up_card, _ = dealt_codes(rules, deal_number(rules, deal["number"], dealer))
        except DealError as exc:
            return f"{title}: deal number {deal['number']} ({esc(exc)}).\n"
        return f"{title}: deal number {deal['number']}, dealt by seat {dealer}:\n\n" + deal_table(
            rules, hands, dealer, up_card, None, names
        )
    caption = f"{title}, dealt by seat {dealer}:" if dealer is not None else f"{title}, dealt by whoever deals next:"
    return f"{caption}\n\n" + deal_table(rules, deal["hands"], dealer, deal.get("up_card"), deal.get("kitty"), names)


def _script(rules: Rules, scenario: Scenario, names: dict[str, str]) -> str:
    """The actions in order, each with what must hold once it is applied."""
    by_step: dict[int, list[str]] = {}
    for check in scenario.checks:
        by_step.setdefault(scenario.check_index(check), []).extend(expectations(rules, check, names))
    dealer = scenario.deals[0].get("dealer") if len(scenario.deals) == 1 else None
    rows = []
    if by_step.get(0):
        rows.append(("", "", "<em>before any action</em>", "<br>".join(by_step[0])))
    for number, step in enumerate(scenario.actions, start=1):
        where = position(rules, step.seat, dealer)
        who = f"seat {step.seat}" + (f" ({where})" if where else "")
        rows.append((str(number), who, _step(rules, step, dealer, names), "<br>".join(by_step.get(number, []))))
    return "**Step by step** (what must hold after each action):\n\n" + table(["#", "Who", "Action", "Then"], rows)


def _step(rules: Rules, step: Step, dealer: int | None, names: dict[str, str]) -> str:
    text = action(step.action, names)
    words = _spoken(rules, step, dealer)
    return f"{text} <q>{esc(words)}</q>" if words else text


def _spoken(rules: Rules, step: Step, dealer: int | None) -> str:
    """The variant's words for an action whose words do not depend on the phase of the hand."""
    kind = step.action.partition(":")[0]
    if dealer is None or kind not in ("order_up", "go_alone", "defend_alone"):
        return ""
    words = rules.labels.get(kind, {})
    role = "default"
    if step.seat == dealer:
        role = "dealer"
    elif rules.is_partnership() and step.seat < rules.players and rules.team_of[step.seat] == rules.team_of[dealer]:
        role = "dealer_partner"
    return words.get(role, words.get("default", ""))


def examples_index(ctx: Context) -> Page:
    """Every scenario page, the levels, and every scenario by rule clause and by id."""
    page = Page("examples/index.md", "All examples", "")
    level_docs = {level: "" for level in LEVELS}
    description = ctx.data.schemas["scenario.schema.json"]["$defs"]["scenario"]["properties"]["level"].get("description", "")
    parts = [
        "# Worked examples\n",
        f"The {plural(len(ctx.data.scenarios), 'scenario')} of the conformance suite, drawn as worked examples. "
        "Every rule clause page links to the examples that check it, and every example links back to its rules. Levels: "
        + one_line(description)
        + "\n",
    ]
    rows = []
    for path, scenarios in ctx.scenario_files.items():
        counts = ", ".join(
            f"{sum(1 for s in scenarios if s.level == lv)} {lv}" for lv in level_docs if any(s.level == lv for s in scenarios)
        )
        rows.append((f"[{esc(page_title(ctx, path))}]({posixpath.relpath(path, 'examples')})", str(len(scenarios)), counts))
    parts.append("## By page\n\n" + table(["Page", "Scenarios", "Levels"], rows))
    clause_rows = [
        (cite("clause", clause), ", ".join(cite("scenario", s.id) for s in scenarios))
        for clause, scenarios in sorted(ctx.examples_by_clause.items())
    ]
    parts.append("## By rule clause { #by-clause }\n\n" + table(["Clause", "Scenarios"], clause_rows))
    id_rows = [
        (cite("scenario", s.id), esc(s.title), cite("variant", s.variant), s.level)
        for s in sorted(ctx.data.scenarios, key=lambda s: s.id)
    ]
    parts.append("## By id { #by-id }\n\n" + table(["Id", "Title", "Variant", "Level"], id_rows))
    page.markdown = "\n".join(parts)
    return page
