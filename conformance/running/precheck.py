"""Is a scenario itself right? Checked on the reference engine before any engine is blamed.

A scenario from outside the suite (a fuzz finding, a user's own file) may script an action the
rules refuse, or expect what the rules do not give. Sent to an engine, that would read as the
engine's failure. So such a scenario is first played on the reference engine, in process: if the
rules refuse a step of its script, or its own checkpoints fail there, it is reported as `invalid`
with the reference engine's reason, and never sent. The suite's own scenarios are not prechecked
(the suite's tests prove the reference engine passes every one of them), but one an engine fails
is checked the same way before the engine is blamed: the suite may come from a data folder
(`--data`) holding a scenario that is itself wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from conformance.engines.in_process import InProcessEngine
from conformance.engines.reference import ReferenceEngine, ReferenceGames
from conformance.engines.sdk import Refused, Setup
from conformance.running.completions import CompletionMismatch, explore
from conformance.suite.compare import Mismatch, compare
from conformance.suite.outcomes import Outcome
from conformance.suite.requests import build_request
from conformance.suite.scenarios import Scenario, Step
from reference_impl.engine import IllegalAction
from reference_impl.engine.game import game_apply
from reference_impl.engine.match import MatchState, match_apply


class Precheck:
    """Plays scenarios on one reference engine (its compiled rules cached across scenarios)."""

    def __init__(self) -> None:
        self.engine = ReferenceEngine()

    def __call__(self, scenario: Scenario) -> Outcome | None:
        """An `invalid` outcome for a scenario the reference engine does not pass; None for a sound one.

        A scenario of a release's bundle is not checked again: it was sound when released, and the
        reference engine of today need not read an older release's rules.
        """
        if scenario.pinned_rules is not None:
            return None
        found = self.examine(scenario)
        if found is None:
            return None
        return _invalid(scenario, found.headline, list(found.details))

    def examine(self, scenario: Scenario) -> Unsound | None:
        """What the reference engine finds wrong with the scenario as written (None: nothing), each problem placed."""
        request = build_request(scenario, 0)
        reply = self.engine.handle(request)
        assert reply is not None
        if reply.get("type") != "result":
            problem = f"the reference engine cannot run it: {reply.get('message', reply.get('reason', ''))}"
            return Unsound(problem, ((problem, ""),))
        stopped = reply.get("stopped")
        if stopped is not None:
            at = stopped["at"]
            words = _refusal(request, at) or "refused"
            problem = f"the rules refuse step {at + 1} of its own script, {scenario.actions[at]}: {words} ({stopped['reason']})"
            return Unsound(problem, ((problem, f"/actions/{at}"),))
        mismatches: list[Mismatch | CompletionMismatch] = [*compare(scenario, reply)]
        if not mismatches and scenario.explores:
            mismatches += explore(InProcessEngine(self.engine).exchange, build_request(scenario, 0), scenario, sessions=True)
        if not mismatches:
            return None
        details = tuple(str(mismatch) for mismatch in mismatches)
        placed = tuple(
            (f"fails on the reference engine: {mismatch}", where_checked(scenario, mismatch)) for mismatch in mismatches
        )
        return Unsound(f"its checkpoints fail on the reference engine: {details[0]}", placed, details)


@dataclass(frozen=True)
class Unsound:
    """Why a scenario is itself wrong: the headline a report gives, and each problem with where the scenario writes it
    (a JSON pointer under the scenario, so `euchre-spec validate` can name the line)."""

    headline: str
    problems: tuple[tuple[str, str], ...]
    details: tuple[str, ...] = ()
    """Every checkpoint that fails, as a report lists them."""


_FIELD_KEYS = {"legal actions missing": "legal_includes", "actions legal that must not be": "legal_excludes"}
"""The checkpoint keys of the comparisons a mismatch names in words."""


def where_checked(scenario: Scenario, mismatch: Mismatch | CompletionMismatch) -> str:
    """The pointer, under the scenario, of the checkpoint (or the step) a mismatch is about."""
    field = mismatch.field
    if field.startswith("seat to act before step"):
        return f"/actions/{mismatch.after}"
    key = _FIELD_KEYS.get(field, field)
    for index, check in enumerate(scenario.checks):
        if scenario.check_index(check) != mismatch.after:
            continue
        refuse = check.get("refuse")
        if refuse is not None and field.endswith(f" {Step.parse(refuse['step'])}"):
            return f"/checks/{index}/refuse"
        if isinstance(mismatch, CompletionMismatch) and "completions" in check:
            return f"/checks/{index}/at_end/{key}" if key in check.get("at_end", {}) else f"/checks/{index}/completions"
        if key in check:
            return f"/checks/{index}/{key}"
    return "/checks"


def _refusal(request: dict[str, Any], at: int) -> str | None:
    """The rules' own words for refusing step `at` (a reply carries only the reason code): the reference engine's
    state machine played to that step, and the step tried."""
    games = ReferenceGames()
    game = games.start(Setup.of(request))
    steps = request["actions"]
    try:
        for step in steps[:at]:
            game = games.apply(game, step["seat"], step["action"])
        if isinstance(game, MatchState):
            match_apply(game, steps[at]["action"], steps[at]["seat"])
        else:
            game_apply(game, steps[at]["action"], steps[at]["seat"])
    except (IllegalAction, Refused) as exc:
        return str(exc) if isinstance(exc, IllegalAction) else None
    return None


def _invalid(scenario: Scenario, message: str, details: list[str] | None = None) -> Outcome:
    return Outcome(scenario, "invalid", f"invalid scenario: {message}", details or [])
