"""The figure on each house-rule page: how often the rule changes a random hand, and the smallest one.

Computed at build time with the rules diff (conformance/measuring/rules_diff.py): the first variant the
rule applies to, with and without the rule (its default mode), over a few hundred hands from a
fixed seed, so every build shows the same figure and the build stays quick. The smallest hand the
rule changes is shown as a scenario file, ready for `euchre-spec conform --scenario FILE`, and
as a table to step through.
"""

from __future__ import annotations

import yaml

from conformance.measuring.rule_edits import RuleSet
from conformance.measuring.rules_diff import measure, witness_scenario, witness_yaml
from ruleset import SpecInvalid
from ruleset.compiled.loading import load_rules

from .markup import esc
from .table_view import table_view

HANDS = 300
SEED = 1


def rule_figure(rule_id: str, variant: str) -> str:
    """The page section: the share of hands changed on `variant`, and the witness."""
    before, after = RuleSet(variant), RuleSet(variant, (rule_id,))
    try:
        rules_a, rules_b = load_rules(variant), load_rules(variant, (rule_id,))
    except SpecInvalid:
        return ""
    figure = measure(rules_a, rules_b, HANDS, SEED)
    command = f"euchre-spec diff {before} {after} --seed {SEED} --hands {HANDS}"
    parts = ["## How often it changes a hand { #diff }\n"]
    lead = (
        f"On {esc(variant)}, this rule **changes {figure.share:.1%} of hands** ({figure.changed} of {figure.hands} random "
        "hands: the same deals and the same random choices, with and without the rule, differ in who acts, the legal "
        f"actions or the score). Measured with `{command}`."
    )
    if figure.witness is None:
        parts.append(lead + " No hand of these is played differently.\n")
        return "\n".join(parts)
    scenario_file = witness_scenario(figure.witness, before, after, rules_b, SEED)
    scenario = scenario_file["scenarios"][0]
    parts.append(lead + f" Here is the smallest one, {len(scenario['actions'])} actions long:\n")
    parts.append(f"> {esc(scenario['description'])}\n")
    parts.append(table_view(scenario["id"], rules_b, scenario["deals"], scenario["actions"]))
    text = witness_yaml(scenario_file)
    assert yaml.safe_load(text) == scenario_file
    indented = "\n".join(f"    {line}" if line else "" for line in text.splitlines())
    parts.append(
        '??? example "The witness as a scenario file"\n\n'
        f"    Save it as `witness.yaml` and run `euchre-spec conform --engine ENGINE --scenario witness.yaml`: it "
        f"passes under {esc(str(after))} and fails without the rule.\n\n    ```yaml\n{indented}\n    ```\n"
    )
    return "\n".join(parts)
