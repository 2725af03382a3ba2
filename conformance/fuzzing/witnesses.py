"""A fuzzing disagreement written out as a ready-to-run conformance scenario.

The scenario is minimal: the deal written out card by card (not as a deal number, so a reader
sees the cards), the actions up to the first step where the engines part, and one checkpoint on
the field that differed, holding the first engine's value. It cites the clauses of the phase
where the engines part, read from the resolved rules, so it loads with the suite's own checks
(`conformance.suite.scenarios.load_scenarios`) and can be moved into conformance/scenarios/ as is.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from conformance.fuzzing.disagreement import first_of_each
from documents.writing import write_text
from reference_impl.deal import deal_number
from ruleset.compiled.loading import load_rules
from ruleset.compiled.rules import Rules

if TYPE_CHECKING:
    from conformance.fuzzing.disagreement import Disagreement
    from conformance.fuzzing.play import Setup

SCHEMA = "https://euchre-spec.org/schemas/scenario.schema.json"

PHASE_CLAUSES: dict[str, tuple[tuple[str, ...], ...]] = {
    "bid_round_one": (("bidding", "round_one", "clause"),),
    "bid_round_two": (("bidding", "round_two", "clause"),),
    "declare_alone": (("lone_play", "clause"),),
    "dealer_discard": (("bidding", "round_one", "pickup_clause"),),
    "defend_alone": (("lone_play", "defender_clause"),),
    "go_under_call": (("bidding", "going_under", "clause"),),
    "go_under_discard": (("bidding", "going_under", "clause"),),
    "lone_discard_first": (("lone_play", "partner_card_clause"),),
    "defender_discard_first": (("lone_play", "partner_card_defender_clause"),),
    "defender_give": (("lone_play", "partner_card_defender_clause"),),
    "defender_discard": (("lone_play", "partner_card_defender_clause"),),
    "play": (("play", "follow_clause"),),
}
"""Where in a resolved variant each phase's clause id is written."""


def _lookup(document: Any, path: tuple[str, ...]) -> str | None:
    for key in path:
        if not isinstance(document, dict) or key not in document:
            return None
        document = document[key]
    return document if isinstance(document, str) else None


def clauses_for(disagreement: Disagreement, rules: Rules) -> list[str]:
    """The rule clauses a disagreement is about, by the phase where it happened."""
    document = dict(rules.document)
    found: list[str] = []
    if disagreement.field == "hand_points":
        if disagreement.clause:
            found.append(disagreement.clause)
        else:
            found.extend(row["clause"] for row in document["scoring"]["rows"].values())
    else:
        paths = list(PHASE_CLAUSES.get(disagreement.phase or "", ()))
        if disagreement.field != "legal":
            # who acts next follows from the decision just taken, and in play from the lead rule
            paths = list(PHASE_CLAUSES.get(disagreement.previous_phase or "", ()))
            paths += [("play", "clause")] if disagreement.phase == "play" else PHASE_CLAUSES.get(disagreement.phase or "", ())
        found.extend(clause for clause in (_lookup(document, path) for path in paths) if clause)
    kept = [clause for clause in dict.fromkeys(found) if clause in rules.clause_ids]
    return kept or [_lookup(document, ("bidding", "clause")) or sorted(rules.clause_ids)[0]]


def scenario_for(disagreement: Disagreement, setup: Setup, names: tuple[str, str], ident: str) -> dict[str, Any]:
    """The scenario (as a dict of the scenario schema) reproducing one disagreement."""
    rules = load_rules(setup.variant, setup.house_rules)
    deal = deal_number(rules, disagreement.number, disagreement.dealer).to_codes(rules)
    steps = [f"{seat} {action}" for seat, action in disagreement.steps]
    after = len(steps)
    check: dict[str, Any] = {"after": after}
    if disagreement.field == "legal":
        check["legal"] = list(disagreement.expected)
    elif disagreement.field == "to_act":
        check["to_act"] = disagreement.expected
    elif disagreement.field == "hand_points":
        check["hand_points"] = list(disagreement.expected)
    else:
        check["after"] = after - 1
        check["legal_includes"] = [disagreement.steps[-1][1]]
    check["note"] = f"{names[1]} shows {disagreement.actual!r} here"
    command = reproduce_command(setup, disagreement.hand)
    title = f"{names[1]} and {names[0]} differ: {disagreement.field} in {disagreement.phase or 'a phase'}"
    written = {"dealer": disagreement.dealer, "hands": deal["hands"]}
    if deal["up_card"] is not None:  # a variant without an up-card refuses the key, even as null
        written["up_card"] = deal["up_card"]
    return {
        "id": ident,
        "title": title[:100],
        "description": (
            f"Found by `{command}`, hand {disagreement.hand} (deal number {disagreement.number}, dealer "
            f"{disagreement.dealer}). Class: {disagreement.label}."
        ),
        "clauses": clauses_for(disagreement, rules),
        "level": "must",
        "variant": setup.variant,
        "house_rules": list(setup.house_rules),
        "deals": [written],
        "actions": steps,
        "checks": [check],
    }


def reproduce_command(setup: Setup, hand: int) -> str:
    """The fuzz command that plays the campaign up to `hand` again, every word quoted for a shell."""
    words = ["euchre-spec", "fuzz", "--engine", setup.engines[0], "--engine", setup.engines[1]]
    words += ["--variant", setup.variant, "--seed", str(setup.seed), "--hands", str(hand + 1)]
    for rule in setup.house_rules:
        words += ["-r", rule]
    return shlex.join(words)


def write_scenarios(
    disagreements: Iterable[Disagreement],
    setup: Setup,
    names: tuple[str, str],
    out: Path,
    keep: int,
    witnesses: Iterable[Disagreement] = (),
) -> dict[str, list[Path]]:
    """Write the first `keep` disagreements of each class (all if keep is 0) and every witness; the files, by class."""
    chosen = list(first_of_each(disagreements, keep))
    chosen += [witness for witness in witnesses if witness not in chosen]
    written: dict[str, list[Path]] = {}
    for disagreement in sorted(chosen, key=lambda d: (d.hand, d.label)):
        ident = scenario_id(disagreement)
        document = {"$schema": SCHEMA, "format": 1, "scenarios": [scenario_for(disagreement, setup, names, ident)]}
        path = scenario_path(disagreement, out)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text(path, yaml.safe_dump(document, sort_keys=False, default_flow_style=None, width=120))
        written.setdefault(disagreement.label, []).append(path)
    return written


def scenario_id(disagreement: Disagreement) -> str:
    """The scenario id of a disagreement, from it alone: its hand and how many steps led to it.

    That pair is unique: play stops at every difference but one in legal actions, and a step
    shows at most one of those.
    """
    return f"fz-{_slug(disagreement.topic)}-h{disagreement.hand}-{len(disagreement.steps):03d}"


def scenario_path(disagreement: Disagreement, out: Path) -> Path:
    """Where write_scenarios puts the scenario of a disagreement under `out`."""
    return out / _slug(disagreement.topic) / f"{scenario_id(disagreement)}.yaml"


def _slug(text: str) -> str:
    return "-".join("".join(ch if ch.isalnum() else " " for ch in text.lower()).split())
