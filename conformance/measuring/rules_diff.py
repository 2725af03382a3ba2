"""The rules diff: how often a change of rules changes a hand, and the smallest hand it changes.

    euchre-spec diff north-american north-american+stick-the-dealer --hands 1000 --seed 1

Two rule sets (a variant and optional house rules each) play the same random hands on the
reference engine, exactly as the fuzzer plays two engines (conformance/fuzzing/play.py): hand i is the
portable deal and dealer drawn from (seed, i), and every action is drawn at random among those
legal under both. A hand is changed when, at some step, the two disagree on who acts or on the
legal actions, or when they score it differently.

The figure is given for the whole change and for each rule value that differs between the two
resolved documents (by JSON pointer): the first rule set with only that value taken from the
second. A value that cannot change alone (the result would not be valid rules) is reported with
the reason. The smallest changed hand (fewest steps before the rule sets part, then the lowest
hand number) becomes a scenario that checks the second rule set's values, so it passes under B
and fails under A.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import shlex
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from tqdm import tqdm

from conformance.fuzzing.disagreement import Disagreement
from conformance.fuzzing.play import Setup, play_hand
from conformance.fuzzing.steppers import ReferenceStepper
from conformance.fuzzing.witnesses import SCHEMA, clauses_for
from conformance.measuring.rule_edits import MISSING, RuleSet, differing_pointers, value_at, with_value
from conformance.running.user_files import user_spec
from documents.paths import display_path
from documents.writing import write_text
from reference_impl.deal import deal_number
from reference_impl.engine import new_hand
from ruleset import Resolved, SpecInvalid
from ruleset.compiled.rules import Rules, compile_rules

DEFAULT_HANDS = 400
MAX_HANDS = 1_000_000
"""The most hands `diff` plays for one figure: it plays them again for each differing rule value, at a few
thousand hands a second, so a million already takes hours; a billion would never end."""


class FixedRulesStepper(ReferenceStepper):
    """The reference engine playing given rules, whatever variant the fuzzer's setup names."""

    def __init__(self, rules: Rules, name: str) -> None:
        super().__init__()
        self.rules = rules
        self.name = name

    def start(self, variant: str, house_rules: tuple[str, ...], deal: dict[str, Any]) -> None:
        self.state = new_hand(self.rules, deal_number(self.rules, deal["number"], deal["dealer"]))


@dataclass(frozen=True)
class Figure:
    """How many of the hands played a change alters, and the smallest one it alters."""

    hands: int
    changed: int
    witness: Disagreement | None

    @property
    def share(self) -> float:
        return self.changed / self.hands if self.hands else 0.0


@dataclass(frozen=True)
class ValueChange:
    """One rule value that differs: A's value, B's, and the figure of changing it alone (or why it cannot be)."""

    pointer: str
    before: Any
    after: Any
    figure: Figure | None
    alone_refused: str | None = None


@dataclass(frozen=True)
class RulesDiff:
    """The whole comparison of two rule sets."""

    first: RuleSet
    second: RuleSet
    seed: int
    whole: Figure
    values: tuple[ValueChange, ...]
    witness_scenario: dict[str, Any] | None


class DiffError(Exception):
    """Two rule sets that cannot be compared: unknown, not composing, or dealt for different tables."""


def measure(first: Rules, second: Rules, hands: int, seed: int, played: Callable[[int], object] | None = None) -> Figure:
    """Play hands 0..hands-1 under both rules; count those they play differently, keep the smallest such.
    `played(1)` is called after each hand (a progress bar's update)."""
    setup = Setup(("B", "A"), second.variant_id, second.house_rules, seed, names=("B", "A"))
    steppers = (FixedRulesStepper(second, "B"), FixedRulesStepper(first, "A"))

    def up_card_of(number: int, dealer: int) -> str | None:
        up = deal_number(second, number, dealer).up_card
        return None if up is None else second.card_code(up)

    changed = 0
    witness: Disagreement | None = None
    for hand in range(hands):
        found = play_hand(setup, steppers, hand, second.players, up_card_of)
        if played is not None:
            played(1)
        if not found:
            continue
        changed += 1
        first_found = min(found, key=lambda d: len(d.steps))
        if witness is None or len(first_found.steps) < len(witness.steps):
            witness = first_found
    return Figure(hands, changed, witness)


def diff(first: RuleSet, second: RuleSet, hands: int = DEFAULT_HANDS, seed: int = 1, progress: bool = False) -> RulesDiff:
    """Compare two rule sets over `hands` random hands drawn from `seed` (a progress bar on standard error if asked)."""
    try:
        resolved_a, resolved_b = first.resolved(), second.resolved()
    except SpecInvalid as exc:
        raise DiffError(str(exc.errors[0]) if exc.errors else str(exc)) from None
    rules_a = compile_rules(resolved_a.data, resolved_a.house_rules)
    rules_b = compile_rules(resolved_b.data, resolved_b.house_rules)
    if rules_a.players != rules_b.players:
        raise DiffError(f"{first} is dealt to {rules_a.players} seats and {second} to {rules_b.players}: no hand is the same")
    pointers = differing_pointers(resolved_a.data, resolved_b.data)
    # a value copied from B may cite B's clauses: lend them, since clauses cite rules without changing play
    lent = dataclasses.replace(
        resolved_a, data={**resolved_a.data, "clauses": {**resolved_a.data["clauses"], **resolved_b.data["clauses"]}}
    )
    total = hands * (1 + len(pointers))  # the whole change, then each value alone
    with tqdm(total=total, unit="hand", disable=not progress, file=sys.stderr, leave=False) as bar:
        whole = measure(rules_a, rules_b, hands, seed, bar.update)
        values = tuple(
            _value_change(
                lent, rules_a, pointer, value_at(resolved_a.data, pointer), value_at(resolved_b.data, pointer), hands, seed, bar
            )
            for pointer in pointers
        )
    scenario = witness_scenario(whole.witness, first, second, rules_b, seed) if whole.witness else None
    return RulesDiff(first, second, seed, whole, values, scenario)


def _value_change(
    resolved: Resolved, rules_a: Rules, pointer: str, before: Any, after: Any, hands: int, seed: int, bar: tqdm[Any]
) -> ValueChange:
    try:
        alone = with_value(resolved, pointer, after)
    except SpecInvalid as exc:
        reason = exc.errors[0].message if exc.errors else str(exc)
        bar.update(hands)  # nothing to play for this value
        return ValueChange(pointer, before, after, None, reason)
    return ValueChange(pointer, before, after, measure(rules_a, alone, hands, seed, bar.update))


def witness_scenario(witness: Disagreement, first: RuleSet, second: RuleSet, rules: Rules, seed: int) -> dict[str, Any]:
    """The witness hand as a scenario file (a dict of the scenario schema) checking the second rule set's values."""
    deal = deal_number(rules, witness.number, witness.dealer).to_codes(rules)
    steps = [f"{seat} {action}" for seat, action in witness.steps]
    check: dict[str, Any] = {"after": len(steps)}
    if witness.field == "legal":
        check["legal"] = list(witness.expected)
    elif witness.field == "to_act":
        check["to_act"] = witness.expected
    else:
        check["hand_points"] = list(witness.expected)
    check["note"] = f"under {first} this is {witness.actual!r}"
    scenario = {
        "id": f"diff-{_slug(str(second))}-h{witness.hand}-{len(steps):03d}",
        "title": f"The smallest hand {second} plays differently from {first}"[:100],
        "description": (
            f"Found by `euchre-spec diff {first} {second} --seed {seed}{_spec_options(second)}`: hand {witness.hand} "
            f"(deal number {witness.number}, dealer {witness.dealer}). {_field_words(witness.field)}"
        ),
        "clauses": _clauses(witness, first, rules),
        "level": "must",
        "variant": second.variant,
        "house_rules": list(second.house_rules),
        "deals": [{"dealer": witness.dealer, "hands": deal["hands"], "up_card": deal["up_card"]}],
        "actions": steps,
        "checks": [check],
    }
    if not second.house_rules:
        del scenario["house_rules"]
    return {"$schema": SCHEMA, "format": 1, "scenarios": [scenario]}


def _clauses(witness: Disagreement, first: RuleSet, rules: Rules) -> list[str]:
    """The clauses of the house rules only B plays, then those of the phase where the rule sets part."""
    catalog = first.catalog()
    own = {ref.partition("=")[0] for ref in first.house_rules}
    added = [
        clause
        for ref in rules.house_rules
        if ref.partition("=")[0] not in own
        for clause in catalog.house_rules[ref.partition("=")[0]].data.get("clauses", {})
    ]
    return list(dict.fromkeys([*added, *clauses_for(witness, rules)]))


def _spec_options(rule_set: RuleSet) -> str:
    """The --spec options that name the user's own files again, as a shell reads them."""
    return "".join(f" --spec {shlex.quote(display_path(path))}" for path in rule_set.spec)


def _field_words(field: str) -> str:
    return {
        "to_act": "The two rule sets part on who acts next.",
        "legal": "The two rule sets part on the legal actions.",
        "hand_points": "The two rule sets score the hand differently.",
    }.get(field, "The two rule sets part here.")


def _slug(text: str) -> str:
    return "-".join("".join(ch if ch.isalnum() else " " for ch in text.lower()).split())


def report_lines(result: RulesDiff, share: Callable[[Figure], str] | None = None) -> list[str]:
    """The diff as text: the whole change, then each differing value."""
    shown = share or (lambda f: f"{f.share:.1%} of {f.hands} hands ({f.changed})")
    lines = [f"{result.first} -> {result.second}, seed {result.seed}: changes {shown(result.whole)}"]
    if not result.values:
        lines.append("  the resolved rules are the same")
    for change in result.values:
        before = "(absent)" if change.before is MISSING else repr(change.before)
        after = "(absent)" if change.after is MISSING else repr(change.after)
        alone = shown(change.figure) if change.figure else f"cannot change alone: {change.alone_refused}"
        lines.append(f"  {change.pointer}: {before} -> {after}: {alone}")
    witness = result.whole.witness
    if witness:
        lines.append(f"  smallest witness: hand {witness.hand} ({len(witness.steps)} steps), {witness.label}")
    return lines


def as_json(result: RulesDiff) -> dict[str, Any]:
    """The diff as plain data (the shape `euchre-spec diff --json` prints)."""

    def figure(f: Figure | None) -> dict[str, Any] | None:
        if f is None:
            return None
        return {"hands": f.hands, "changed": f.changed, "share": round(f.share, 4)}

    def shown(value: Any) -> Any:
        return None if value is MISSING else value

    return {
        "first": str(result.first),
        "second": str(result.second),
        "seed": result.seed,
        "whole": figure(result.whole),
        "values": [
            {
                "pointer": c.pointer,
                "before": shown(c.before),
                "after": shown(c.after),
                "alone": figure(c.figure),
                "cannot_change_alone": c.alone_refused,
            }
            for c in result.values
        ],
        "witness": result.witness_scenario,
    }


def add_command(commands: Any) -> None:
    """Register `euchre-spec diff` on the main parser's subparsers."""
    parser = commands.add_parser(
        "diff",
        help="how often one rule set plays a hand differently from another, and the smallest such hand",
        description="A and B are rule sets: a variant and optional house rules, as british+defend-alone=always+throw-in.",
    )
    parser.add_argument("first", metavar="A", help="the rule set compared from, such as north-american")
    parser.add_argument("second", metavar="B", help="the rule set compared to, such as north-american+stick-the-dealer")
    parser.add_argument(
        "--hands", type=int, default=DEFAULT_HANDS, help=f"random hands to play (default {DEFAULT_HANDS}, at most {MAX_HANDS:,})"
    )
    parser.add_argument("--seed", type=int, default=1, help="the seed of the deals and of the random actions (default 1)")
    parser.add_argument("--out", type=Path, help="write the smallest witness here, as a scenario file checking B's values")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument(
        "--spec", action="append", default=[], type=Path, metavar="PATH", help="your own variant or house-rule files (repeatable)"
    )
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    if not 1 <= args.hands <= MAX_HANDS:
        print(f"error: --hands: from 1 to {MAX_HANDS:,} hands, not {args.hands:,}", file=sys.stderr)
        return 2
    spec = user_spec(args.spec)
    try:
        first, second = RuleSet.parse(args.first, spec), RuleSet.parse(args.second, spec)
        result = diff(first, second, args.hands, args.seed, sys.stderr.isatty())
    except DiffError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(as_json(result), indent=1) if args.json else "\n".join(report_lines(result)))
    if args.out:
        if result.witness_scenario is None:
            print(f"no hand of {args.hands} is played differently: no witness written", file=sys.stderr)
        else:
            args.out.parent.mkdir(parents=True, exist_ok=True)
            write_text(args.out, witness_yaml(result.witness_scenario))
            print(f"wrote the smallest witness to {args.out}", file=sys.stderr)
    return 0


def witness_yaml(scenario_file: dict[str, Any]) -> str:
    """A witness scenario file as the suite writes its YAML."""
    return yaml.safe_dump(scenario_file, sort_keys=False, default_flow_style=None, width=120)


__all__ = [
    "DiffError",
    "Figure",
    "RuleSet",
    "RulesDiff",
    "ValueChange",
    "as_json",
    "diff",
    "measure",
    "report_lines",
    "witness_yaml",
]
