"""A scenario's checkpoints as sentences for the worked examples, worded by their records.

Each checkpoint kind's words live in its record (`conformance.suite.checkpoints`): the sentence, what
stands for nothing, and what kind of value it holds. This module only knows how to draw each
kind of value (a seat, a suit, cards, points per team), so a new checkpoint kind needs a record,
not a new branch here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from conformance.suite.checkpoints import CHECKPOINTS, NOT_CHECKED, Checkpoint, ValueKind
from conformance.suite.scenarios import Step
from ruleset.compiled.rules import Rules

from .markup import action, cards, code, esc, one_line, plural, suit

Names = dict[str, str]
"""The variant's names for its special cards, by card code."""


def expectations(rules: Rules, check: dict[str, Any], names: Names) -> list[str]:
    """A checkpoint's fields as sentences, in the order written, its note last."""
    out = [expectation(rules, CHECKPOINTS[key], wanted, names) for key, wanted in check.items() if key not in NOT_CHECKED]
    if "completions" in check:
        settings = check["completions"]
        at_end = [expectation(rules, CHECKPOINTS[key], wanted, names) for key, wanted in check["at_end"].items()]
        played = f"played on from here in {plural(settings['count'], 'way')} (seed {settings['seed']}), every end shows"
        out.append(f"{played}: {'; '.join(at_end)}")
    if check.get("note"):
        out.append(f"<em>{one_line(check['note'])}</em>")
    return out


def expectation(rules: Rules, kind: Checkpoint, wanted: Any, names: Names) -> str:
    """One checkpoint field as its record words it."""
    words = kind.words
    if words.nothing is not None and (wanted is None or wanted == []):
        return words.nothing
    if words.value == "yes_no":
        return words.sentence if wanted or words.false is None else words.false
    if wanted == [] and words.empty is not None:
        return words.sentence.format(value=f"<em>{words.empty}</em>")
    return words.sentence.format(value=DRAWN_VALUES[words.value](rules, wanted, names))


def per_team(rules: Rules, values: Sequence[int]) -> str:
    """Numbers per team, each named by its seats: `seat 0 & seat 2: **6**`."""
    return ", ".join(f"{team(rules, number)}: **{points}**" for number, points in enumerate(values))


def team(rules: Rules, number: int) -> str:
    if number >= len(rules.teams):
        return f"team {number}"
    return " & ".join(f"seat {seat}" for seat in rules.teams[number])


def _seats(seats: Sequence[int]) -> str:
    return ", ".join(f"seat {seat}" for seat in seats)


def _refusal(refuse: dict[str, str], names: Names) -> str:
    step = Step.parse(refuse["step"]) if refuse["step"].partition(" ")[0].isdigit() else None
    tried = f"seat {step.seat} {action(step.action, names)}" if step else code(refuse["step"])
    return f"{tried} as `{refuse['reason']}`"


def _place(place: int | str) -> str:
    return f"seat {place}" if isinstance(place, int) else {"kitty": "the kitty", "out": "out of play"}.get(place, esc(place))


def _passed(move: dict[str, Any], names: Names) -> str:
    """One exchange: `seat 2 to seat 0: J♥`."""
    return f"{_place(move['from'])} to {_place(move['to'])}: {cards(move['cards'], names)}"


def _contract(contract: dict[str, Any], names: Names) -> str:
    trump = "no trump named yet" if contract["trump"] is None else f"trump {suit(contract['trump'], name=True)}"
    alone = ", alone" if contract["alone"] else ""
    return f"seat {contract['bidder']} {action(contract['bid'], names)}: {plural(contract['tricks'], 'trick')}, {trump}{alone}"


DRAWN_VALUES: dict[ValueKind, Callable[[Rules, Any, Names], str]] = {
    "seat": lambda rules, wanted, names: f"seat {wanted}",
    "seats": lambda rules, wanted, names: _seats(wanted),
    "suit": lambda rules, wanted, names: suit(wanted, name=True),
    "card": lambda rules, wanted, names: cards([wanted], names),
    "cards": lambda rules, wanted, names: cards(wanted, names),
    "actions": lambda rules, wanted, names: ", ".join(action(text, names) for text in wanted),
    "hands": lambda rules, wanted, names: "; ".join(f"seat {seat} {cards(hand, names)}" for seat, hand in enumerate(wanted)),
    "trick": lambda rules, wanted, names: ", ".join(f"seat {seat} {cards([code], names)}" for seat, code in wanted),
    "per_seat": lambda rules, wanted, names: ", ".join(f"seat {seat} {count}" for seat, count in enumerate(wanted)),
    "per_team": lambda rules, wanted, names: per_team(rules, wanted),
    "teams": lambda rules, wanted, names: ", ".join(team(rules, number) for number in wanted),
    "number": lambda rules, wanted, names: str(wanted),
    "refusal": lambda rules, wanted, names: _refusal(wanted, names),
    "phase": lambda rules, wanted, names: code(wanted),
    "passes": lambda rules, wanted, names: "; ".join(_passed(move, names) for move in wanted),
    "calls": lambda rules, wanted, names: ", ".join(f"seat {seat} {action(text, names)}" for seat, text in wanted),
    "contract": lambda rules, wanted, names: _contract(wanted, names),
}
"""How each kind of value is drawn ("yes_no" has no value to draw: its words are whole sentences)."""
