"""The comparator: does an engine's reply satisfy a scenario?

One comparator, shipped with the suite, so that every engine is judged the same way. It checks
that each scripted action was taken by the seat the engine had to act, every checkpoint field
(read and compared as its record in `conformance.suite.checkpoints` says), and every refusal with its
reason. A failure says where (after which step) and what differed, expected against actual.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from conformance.suite.checkpoints import Checkpoint, observed_kinds, shown
from conformance.suite.scenarios import Scenario, Step
from documents.schemas import optional_observation_fields


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


@dataclass(frozen=True)
class Verdict:
    """What comparing a reply found: mismatches, and the optional fields not checked because the engine does not report them."""

    mismatches: list[Mismatch]
    unreported: tuple[str, ...] = ()
    """Optional observation fields a checkpoint reads that the engine neither declared nor showed."""
    checked: int = 0
    """Checkpoint fields and refusals actually compared."""


def compare(scenario: Scenario, reply: dict[str, Any]) -> list[Mismatch]:
    """Every mismatch between the scenario and an engine's result message (empty: a pass), every field held to."""
    return judge(scenario, reply, None).mismatches


def reported_fields(reply: dict[str, Any], declared: Iterable[str]) -> frozenset[str]:
    """The optional fields an engine reports: those its handshake lists, and those its observations show."""
    shown = {name for observation in reply.get("observations", ()) for name in observation}
    return frozenset(declared) | (shown & set(optional_observation_fields()))


def judge(scenario: Scenario, reply: dict[str, Any], reported: frozenset[str] | None) -> Verdict:
    """Compare the reply with the scenario; a checkpoint on an optional field outside `reported` (None: all) is skipped."""
    optional = set(optional_observation_fields())
    unreported: list[str] = []
    checked = 0
    observations = reply["observations"]
    stopped = reply.get("stopped")
    mismatches: list[Mismatch] = []

    def label(index: int) -> str:
        return str(scenario.actions[index - 1]) if index else ""

    for index, step in enumerate(scenario.actions):
        if index >= len(observations):
            break
        if observations[index].get("to_act") != step.seat and not step.out_of_turn:
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
        for kind in observed_kinds(check):
            assert kind.path is not None
            field = kind.path.field
            if reported is not None and field in optional and field not in reported and field not in observed:
                unreported.append(field)
                continue
            checked += 1
            mismatches.extend(_check_field(kind, check, observed, index, label(index)))
        if "refuse" in check:
            checked += 1
            mismatches.extend(_check_refusal(check["refuse"], answer, index, label(index)))
    return Verdict(mismatches, tuple(dict.fromkeys(unreported)), checked)


def _check_field(kind: Checkpoint, check: dict[str, Any], observed: dict[str, Any], index: int, step: str) -> list[Mismatch]:
    expected, actual = expected_and_observed(kind, check[kind.name], observed)
    return [_mismatch(kind, expected, actual, index, step)] if kind.comparison.differs(expected, actual) else []


def expected_and_observed(kind: Checkpoint, wanted: Any, observed: dict[str, Any]) -> tuple[Any, Any]:
    """A checkpoint's value and what the observation shows for it, both in the form they are compared in."""
    assert kind.path is not None, f"{kind.name} is not read from the observation"
    return kind.comparison.expected(wanted), kind.comparison.observed(kind.path.read(observed))


def _mismatch(kind: Checkpoint, expected: Any, actual: Any, index: int, step: str) -> Mismatch:
    if kind.comparison.name == "all included":
        return Mismatch(index, step, "legal actions missing", expected - actual, actual)
    if kind.comparison.name == "none included":
        return Mismatch(index, step, "actions legal that must not be", set(), expected & actual)
    return Mismatch(index, step, kind.name, expected, actual)


def _check_refusal(refuse: dict[str, Any], answer: dict[str, Any] | None, index: int, step: str) -> list[Mismatch]:
    tried = str(Step.parse(refuse["step"]))
    if answer is None:
        return [Mismatch(index, step, f"refusal of {tried}", refuse["reason"], "no answer")]
    if not answer.get("refused"):
        return [Mismatch(index, step, f"refusal of {tried}", f"refused: {refuse['reason']}", "accepted")]
    if answer.get("reason") != refuse["reason"]:
        return [Mismatch(index, step, f"reason for refusing {tried}", refuse["reason"], answer.get("reason"))]
    return []
