"""The figure on each house-rule page: how often the rule changes a random hand, and the smallest one.

Computed at build time with the rules diff (conformance/measuring/rules_diff.py): the first variant the
rule applies to, with and without the rule (its default mode), over a few hundred hands from a
fixed seed, so every build shows the same figure and the build stays quick. The page says what
that share measures (random play, not real tables), then shows the smallest hand the rule
changes under both rule sets side by side, stepping together, each step saying what the player
to act may do, and says where the two part: who acts next, what that player may do, or the
points of the hand, with and without the rule. The hand is also given as a scenario file, ready
for `euchre-spec conform --scenario FILE`.
"""

from __future__ import annotations

import json
from typing import Any

import yaml

from conformance.fuzzing.disagreement import Disagreement
from conformance.measuring.rule_edits import RuleSet
from conformance.measuring.rules_diff import Figure, measure, witness_scenario, witness_yaml
from ruleset import SpecInvalid
from ruleset.compiled.loading import load_rules

from .markup import code, esc, plural, prose, table
from .table_view import table_view

HANDS = 300
SEED = 1


def rule_figure(rule_id: str, variant: str) -> str:
    """The page section: the share of hands changed on `variant`, what it measures, and the witness under both rule sets."""
    before, after = RuleSet(variant), RuleSet(variant, (rule_id,))
    try:
        rules_a, rules_b = load_rules(variant), load_rules(variant, (rule_id,))
    except SpecInvalid:
        return ""
    figure = measure(rules_a, rules_b, HANDS, SEED)
    parts = ["## How often it changes a hand { #diff }\n", _share(figure, variant, before, after)]
    if figure.witness is None:
        parts.append("None of these hands is played or scored differently.\n")
        return "\n".join(parts)
    scenario_file = witness_scenario(figure.witness, before, after, rules_b, SEED)
    scenario = scenario_file["scenarios"][0]
    steps = len(scenario["actions"])
    parts.append(
        f"The smallest of them, side by side: the same deal and the same actions ({plural(steps, 'action')}) under both "
        f"rule sets (the two tables step together). They part after the last action: {_part_words(figure.witness)}\n"
    )
    parts.append(f"> {prose(scenario['description'])}\n")
    deals, actions = scenario["deals"], scenario["actions"]
    views = [
        (f"Without the rule: {esc(str(before))}", table_view(f"{scenario['id']}-without", rules_a, deals, actions, legal=True)),
        (f"With the rule: {esc(str(after))}", table_view(f"{scenario['id']}-with", rules_b, deals, actions, legal=True)),
    ]
    if all(view for _, view in views):
        columns = "".join(f'<div class="tv-side"><p class="tv-side-title">{title}</p>{view}</div>' for title, view in views)
        parts.append(f'<div class="tv-pair" markdown="0">{columns}</div>\n')
    parts.append("### Where they part { #diff-part }\n")
    parts.append(_part_table(figure.witness, before, after, steps))
    text = witness_yaml(scenario_file)
    assert yaml.safe_load(text) == scenario_file
    indented = "\n".join(f"    {line}" if line else "" for line in text.splitlines())
    parts.append(
        '??? example "The witness as a scenario file"\n\n'
        f"    Save it as `witness.yaml` and run `euchre-spec conform --engine ENGINE --scenario witness.yaml`: it "
        f"passes under {esc(str(after))} and fails without the rule.\n\n    ```yaml\n{indented}\n    ```\n"
    )
    return "\n".join(parts)


def _share(figure: Figure, variant: str, before: RuleSet, after: RuleSet) -> str:
    """The share of hands changed, and what it measures."""
    command = f"euchre-spec diff {before} {after} --seed {SEED} --hands {HANDS}"
    return (
        f"On {esc(variant)}, this rule **changes {figure.share:.1%} of hands**: {figure.changed} of {figure.hands} random "
        f"hands (`{command}`).\n\n"
        "What the share measures: each hand is dealt from a portable deal number and played twice, without and with "
        "the rule, by players who choose at random among the actions both rule sets allow, the same choices both "
        "times. A hand counts as changed when, at some step, the two rule sets disagree on who acts next or on what "
        "that player may do, or when they score the finished hand differently. It says how much of the game the rule "
        "reaches, not how often a real table meets it: random players bid, go alone and play far more loosely than "
        "people do.\n"
    )


_FIELDS = {"to_act": "who acts next", "legal": "what the player to act may do", "hand_points": "the points of the hand"}


def _part_words(witness: Disagreement) -> str:
    return f"the two rule sets disagree on {_FIELDS.get(witness.field, witness.field)}."


def _part_table(witness: Disagreement, before: RuleSet, after: RuleSet, steps: int) -> str:
    """The value the rule sets part on, each side's, after the witness's last action."""
    without, with_rule = witness.actual, witness.expected  # the diff checks the second rule set: its value is expected
    if witness.field == "legal":
        only_a, only_b = set(without) - set(with_rule), set(with_rule) - set(without)
        cells = (_actions(without, only_a), _actions(with_rule, only_b))
        note = "Actions in bold are allowed under one rule set only."
    else:
        cells = (_value(witness.field, without), _value(witness.field, with_rule))
        note = ""
    rows = [(f"{_FIELDS.get(witness.field, esc(witness.field)).capitalize()}, after action {steps}", *cells)]
    return table(["", f"Without the rule ({esc(str(before))})", f"With the rule ({esc(str(after))})"], rows) + (
        f"\n{note}\n" if note else ""
    )


def _actions(actions: Any, only_here: set[Any]) -> str:
    shown = [f"**{code(action)}**" if action in only_here else code(action) for action in actions]
    return ", ".join(shown) or "nothing"


def _value(field: str, value: Any) -> str:
    if field == "to_act":
        return "nobody: the hand is over" if value is None else f"seat {esc(value)}"
    if field == "hand_points" and isinstance(value, list):
        return ", ".join(f"side {side}: {esc(points)}" for side, points in enumerate(value))
    return code(json.dumps(value))
