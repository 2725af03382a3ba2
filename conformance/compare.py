"""The comparator: does an engine's reply satisfy a scenario?

One comparator, shipped with the suite, so that every engine is judged the same way. It checks
that each scripted action was taken by the seat the engine had to act, every checkpoint field
(legal actions and seat lists as sets, everything else exactly), and every refusal with its
reason. A failure says where (after which step) and what differed, expected against actual.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .scenarios import Scenario, Step

SET_FIELDS = {"legal": "legal_actions", "sitting_out": "sitting_out", "winners": "winners", "dummy": "dummy"}


@dataclass(frozen=True)
class Mismatch:
    """One difference between what a scenario expects and what the engine showed."""

    after: int
    step: str
    field: str
    expected: Any
    actual: Any

    def __str__(self) -> str:
        where = "right after the deal" if self.after == 0 else f"after step {self.after} ({self.step})"
        return f"{where}: {self.field}: expected {shown(self.expected)}, got {shown(self.actual)}"


def shown(value: Any) -> str:
    """A checkpoint value as messages print it: sets sorted, everything else as Python writes it."""
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(map(str, value))) + "}"
    return repr(value)


def compare(scenario: Scenario, reply: dict[str, Any]) -> list[Mismatch]:
    """Every mismatch between the scenario and an engine's result message (empty: a pass)."""
    observations = reply["observations"]
    stopped = reply.get("stopped")
    mismatches: list[Mismatch] = []

    def label(index: int) -> str:
        return str(scenario.actions[index - 1]) if index else ""

    for index, step in enumerate(scenario.actions):
        if index >= len(observations):
            break
        if observations[index].get("to_act") != step.seat:
            mismatches.append(
                Mismatch(
                    index,
                    label(index),
                    f"seat to act before step {index + 1} ({step})",
                    step.seat,
                    observations[index].get("to_act"),
                )
            )
            break
    if stopped is not None:
        at = stopped["at"]
        mismatches.append(
            Mismatch(
                at, label(at), f"step {at + 1} ({scenario.actions[at]}) was refused", "accepted", f"refused: {stopped['reason']}"
            )
        )
    probe_answers = iter(reply.get("probes", []))
    for check in scenario.checks:
        index = scenario.check_index(check)
        answer = next(probe_answers, None) if "refuse" in check else None
        if index >= len(observations):
            continue
        observed = observations[index]
        mismatches.extend(_check_fields(check, observed, index, label(index)))
        if "refuse" in check:
            mismatches.extend(_check_refusal(check["refuse"], answer, index, label(index)))
    return mismatches


def expected_value(key: str, value: Any) -> Any:
    """A checkpoint field's value in the form it is compared in (sets for set fields, sorted hands)."""
    if key in SET_FIELDS or key in ("legal_includes", "legal_excludes"):
        return set(value)
    if key == "hands":
        return [sorted(hand) for hand in value]
    return value


def observed_value(key: str, observed: dict[str, Any]) -> Any:
    """What an observation shows for a checkpoint field, in the form the checkpoint is compared in."""
    if key in SET_FIELDS:
        return set(observed.get(SET_FIELDS[key]) or [])
    if key in ("legal_includes", "legal_excludes"):
        return set(observed.get("legal_actions", []))
    if key == "hands":
        return [sorted(hand) for hand in observed.get("hands", [])]
    if key in ("thrown_in", "hand_points"):
        finished = observed.get("finished_hands") or []
        return finished[-1].get("thrown_in" if key == "thrown_in" else "points") if finished else None
    if key == "hands_finished":
        return len(observed.get("finished_hands") or [])
    return observed.get(key)


def checked_fields(check: dict[str, Any]) -> list[str]:
    """The observation fields a checkpoint checks (not its position, note or refusal)."""
    return [key for key in check if key not in ("after", "note", "refuse")]


def _check_fields(check: dict[str, Any], observed: dict[str, Any], index: int, step: str) -> list[Mismatch]:
    found = []
    for key in checked_fields(check):
        expected, actual = expected_value(key, check[key]), observed_value(key, observed)
        if key == "legal_includes":
            if expected - actual:
                found.append(Mismatch(index, step, "legal actions missing", expected - actual, actual))
        elif key == "legal_excludes":
            if expected & actual:
                found.append(Mismatch(index, step, "actions legal that must not be", set(), expected & actual))
        elif expected != actual:
            found.append(Mismatch(index, step, key, expected, actual))
    return found


def _check_refusal(refuse: dict[str, Any], answer: dict[str, Any] | None, index: int, step: str) -> list[Mismatch]:
    tried = str(Step.parse(refuse["step"]))
    if answer is None:
        return [Mismatch(index, step, f"refusal of {tried}", refuse["reason"], "no answer")]
    if not answer.get("refused"):
        return [Mismatch(index, step, f"refusal of {tried}", f"refused: {refuse['reason']}", "accepted")]
    if answer.get("reason") != refuse["reason"]:
        return [Mismatch(index, step, f"reason for refusing {tried}", refuse["reason"], answer.get("reason"))]
    return []
