"""Generated pieces for the hand-written pages: `[[block:NAME]]` on a line of its own.

The guides are prose, written once by hand; wherever they need a fact of the spec (an example
clause, a house-rule file, the card codes) they name a block instead of copying the fact, so the
guide stays right when the spec changes.
"""

from __future__ import annotations

from collections.abc import Callable

from conformance.suite.checkpoints import CHECKPOINTS
from ruleset.compiled.cards import RED_SUITS, SUIT_NAMES, SUIT_SYMBOLS
from ruleset.refusals import PHASE_OWN, REFUSALS

from .context import Context
from .data import PROJECT
from .markup import cards, cite, esc, one_line, suit, table
from .rule_text import clause_block
from .scenario_pages import scenario_section

Block = Callable[[Context], str]


def _card_codes(ctx: Context) -> str:
    common = ctx.data.schemas["common.schema.json"]["$defs"]
    rows = [
        (f"`{letter}`", suit(letter), SUIT_NAMES[letter], "red" if letter in RED_SUITS else "black") for letter in SUIT_SYMBOLS
    ]
    return (
        table(["Letter", "Symbol", "Suit", "Colour"], rows)
        + "\n"
        + "\n".join(
            f"- **{name}:** {one_line(common[name]['description'])}" for name in ("rank", "card", "joker") if name in common
        )
        + "\n\nFor example "
        + cards(["9C", "TD", "JH", "AS", "JK"])
        + " are `9C`, `TD`, `JH`, `AS` and `JK`.\n"
    )


def _levels(ctx: Context) -> str:
    level = ctx.data.schemas["scenario.schema.json"]["$defs"]["scenario"]["properties"]["level"]
    return one_line(level.get("description", "")) + "\n"


def _example_clause(ctx: Context) -> str:
    variant = ctx.data.variants[0]
    data = ctx.data.resolved[variant]
    clause_id = next(clause for clause in data["clauses"] if ctx.examples.get((variant, clause)))
    return clause_block(clause_id, data["clauses"][clause_id], ctx.examples[(variant, clause_id)][:3], level=4)


def _example_scenario(ctx: Context) -> str:
    """A must-level scenario of the first variant, with its cards written out and a refusal to show."""
    candidates = [s for s in ctx.data.scenarios if s.level == "must" and len(s.deals) == 1 and "hands" in s.deals[0]]
    first = [s for s in candidates if s.variant == ctx.data.variants[0]] or candidates or list(ctx.data.scenarios)
    scenario = next((s for s in first if s.refusals), first[0])
    return scenario_section(scenario).replace("## ", "#### ", 1)


def _house_rule_file(ctx: Context) -> str:
    """The shortest house-rule file with modes, whole, as a model to copy."""
    documents = [ctx.data.catalog.house_rules[r] for r in ctx.data.house_rules]
    with_modes = [d for d in documents if d.data.get("modes")] or documents
    document = min(with_modes, key=lambda d: len((PROJECT / d.path).read_text(encoding="utf-8")))
    text = (PROJECT / document.path).read_text(encoding="utf-8").rstrip()
    return f'```yaml title="{document.path}"\n{text}\n```\n\n(It is the {cite("house-rule", document.data["id"])} rule.)\n'


def _house_rule_fields(ctx: Context) -> str:
    schema = ctx.data.schemas["house-rule.schema.json"]
    required = set(schema.get("required", []))
    rows = [
        (f"`{name}`", "yes" if name in required else "", one_line(field.get("description", "")))
        for name, field in schema["properties"].items()
        if name != "$schema"
    ]
    return table(["Field", "Required", "What it says"], rows)


def _checkpoints(ctx: Context) -> str:
    """Every checkpoint kind from its record: where it reads in the observation, how it is compared, what it means."""
    rows = [
        (
            f"`{kind.name}`",
            f"`{kind.path.text}`" if kind.path else "the answer to a probe",
            kind.comparison.name,
            esc(kind.meaning),
        )
        for kind in CHECKPOINTS.values()
    ]
    return table(["Checkpoint", "Reads", "Compared", "Meaning"], rows)


def _refusal_reasons(ctx: Context) -> str:
    """The order in which reasons are given, from the one table of reasons (`ruleset.refusals`)."""
    rows = []
    for refusal in REFUSALS:
        order = str(refusal.precedence) if refusal.precedence < PHASE_OWN else f"{PHASE_OWN} (the phase's own)"
        when = esc(refusal.meaning) + (f" ({refusal.example})" if refusal.example else "")
        rows.append((order, f"`{refusal.code}`", when))
    return table(["Order", "Reason", "When"], rows)


def _engine_ids(ctx: Context) -> str:
    variants = ", ".join(f"`{v}`" for v in ctx.data.variants)
    rules = []
    for r in ctx.data.house_rules:
        modes = ctx.data.catalog.house_rules[r].data.get("modes", {})
        rules.append(f"`{r}`" + (" (" + ", ".join(f"`{r}={m}`" for m in modes) + ")" if modes else ""))
    return f"- Variants: {variants}\n- House rules: {', '.join(rules)}\n"


BLOCKS: dict[str, Block] = {
    "card-codes": _card_codes,
    "levels": _levels,
    "example-clause": _example_clause,
    "example-scenario": _example_scenario,
    "house-rule-file": _house_rule_file,
    "house-rule-fields": _house_rule_fields,
    "engine-ids": _engine_ids,
    "checkpoints": _checkpoints,
    "refusal-reasons": _refusal_reasons,
}
