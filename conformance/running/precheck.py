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

from typing import Any

from conformance.engines.in_process import InProcessEngine
from conformance.engines.reference import ReferenceEngine, ReferenceGames
from conformance.engines.sdk import Refused, Setup
from conformance.running.completions import CompletionMismatch, explore
from conformance.suite.compare import Mismatch, compare
from conformance.suite.outcomes import Outcome
from conformance.suite.requests import build_request
from conformance.suite.scenarios import Scenario
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
        request = build_request(scenario, 0)
        reply = self.engine.handle(request)
        assert reply is not None
        if reply.get("type") != "result":
            return _invalid(scenario, f"the reference engine cannot run it: {reply.get('message', reply.get('reason', ''))}")
        stopped = reply.get("stopped")
        if stopped is not None:
            at = stopped["at"]
            words = _refusal(request, at) or "refused"
            return _invalid(
                scenario,
                f"the rules refuse step {at + 1} of its own script, {scenario.actions[at]}: {words} ({stopped['reason']})",
            )
        mismatches: list[Mismatch | CompletionMismatch] = [*compare(scenario, reply)]
        if not mismatches and scenario.explores:
            mismatches += explore(InProcessEngine(self.engine).exchange, build_request(scenario, 0), scenario, sessions=True)
        if mismatches:
            details = [str(mismatch) for mismatch in mismatches]
            return _invalid(scenario, f"its checkpoints fail on the reference engine: {details[0]}", details)
        return None


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
