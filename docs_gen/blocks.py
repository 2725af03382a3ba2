"""Generated pieces for the hand-written pages: `[[block:NAME]]` on a line of its own.

The guides are prose, written once by hand; wherever they need a fact of the spec (an example
clause, a house-rule file, the card codes) they name a block instead of copying the fact, so the
guide stays right when the spec changes.
"""

from __future__ import annotations

from collections.abc import Callable

from conformance.running.diagnoses import DIAGNOSES
from conformance.suite.checkpoints import CHECKPOINTS
from conformance.suite.releases import came_in, changed_in, changelog
from ruleset.compiled.cards import RED_SUITS, SUIT_NAMES, SUIT_SYMBOLS
from ruleset.language import RESHAPINGS, additions, current_language
from ruleset.refusals import PHASE_OWN, REFUSALS

from .context import Context
from .data import PROJECT
from .markup import cards, cite, esc, one_line, prose, suit, table
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


def _fields(schema_file: str) -> Block:
    """The fields of a file format, from its schema: each one's name, whether it is required, and its description."""

    def block(ctx: Context) -> str:
        schema = ctx.data.schemas[schema_file]
        required = set(schema.get("required", []))
        rows = [
            (f"`{name}`", "yes" if name in required else "", prose(field.get("description", "")))
            for name, field in schema["properties"].items()
            if name != "$schema"
        ]
        return table(["Field", "Required", "What it says"], rows)

    return block


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
        rows.append((order, f"`{refusal.code}`", when, ", ".join(f"`{code}`" for code in refusal.before)))
    return table(["Order", "Reason", "When", "Given before"], rows)


def _smoke_diagnoses(ctx: Context) -> str:
    """The mistakes `euchre-spec smoke` names, from their one table (`conformance.running.diagnoses`)."""
    rows = [(f"`{d.name}`", esc(d.title), esc(d.fix)) for d in DIAGNOSES.values()]
    return table(["Name", "What it found", "What to do"], rows)


def _language_versions(ctx: Context) -> str:
    """Every addition and change of shape of the rules language, by the version it came in (`ruleset.language`)."""
    rows = [(str(a.since), f"`{a.pattern}`" + (f" = `{a.value}`" if a.is_value else ""), esc(a.description)) for a in additions()]
    rows += [(str(r.since), f"`{r.pattern}`", esc(r.description)) for r in RESHAPINGS]
    rows.sort(key=lambda row: int(row[0]))
    intro = (
        f"The current version is {current_language()}; version 1 is the language as it stood before versions were recorded.\n\n"
    )
    return intro + table(["Version", "Where", "What"], rows)


def _changelog(ctx: Context) -> str:
    """Each release, newest first: its versions, what changed, and the scenarios it added or changed (from their fields)."""
    parts = []
    for release in changelog():
        added = came_in(ctx.data.scenarios, release.suite)
        changed = changed_in(ctx.data.scenarios, release.suite)
        parts.append(
            f"### Suite {release.suite}\n\nRules language {release.language}, protocol {release.protocol}, "
            f"package {release.package}.\n"
        )
        parts.append("\n".join(f"- **{change.area}**: {prose(change.text)}" for change in release.changes) + "\n")
        counts = f"{len(added)} scenario{'s' if len(added) != 1 else ''} added"
        counts += f", {len(changed)} changed" if changed else ""
        shown = ", ".join(f"[[scenario:{s.id}]]" for s in added[:40]) + (", ..." if len(added) > 40 else "")
        parts.append(f"{counts}{': ' + shown if added and len(added) <= 40 else ''}.\n")
    return "\n".join(parts)


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
    "house-rule-fields": _fields("house-rule.schema.json"),
    "registry-fields": _fields("registry-manifest.schema.json"),
    "engine-ids": _engine_ids,
    "checkpoints": _checkpoints,
    "refusal-reasons": _refusal_reasons,
    "language-versions": _language_versions,
    "changelog": _changelog,
    "smoke-diagnoses": _smoke_diagnoses,
}
