"""Is a scenario itself right? Checked on the reference engine before any engine is blamed.

A scenario from outside the suite (a fuzz finding, a user's own file) may script an action the
rules refuse, or expect what the rules do not give. Sent to an engine, that would read as the
engine's failure. So such a scenario is first played on the reference engine, in process: if the
rules refuse a step of its script, or its own checkpoints fail there, it is reported as `invalid`
with the reference engine's reason, and never sent. The suite's own scenarios are not prechecked:
the suite's tests already prove the reference engine passes every one of them.
"""

from __future__ import annotations

from conformance.engines.in_process import InProcessEngine
from conformance.engines.reference import ReferenceEngine
from conformance.running.completions import CompletionMismatch, explore
from conformance.suite.compare import Mismatch, compare
from conformance.suite.outcomes import Outcome
from conformance.suite.requests import build_request
from conformance.suite.scenarios import Scenario


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
        reply = self.engine.handle(build_request(scenario, 0))
        assert reply is not None
        if reply.get("type") != "result":
            return _invalid(scenario, f"the reference engine cannot run it: {reply.get('message', reply.get('reason', ''))}")
        stopped = reply.get("stopped")
        if stopped is not None:
            at = stopped["at"]
            step = scenario.actions[at]
            return _invalid(scenario, f"the rules refuse step {at + 1} ({step}) of its own script: {stopped['reason']}")
        mismatches: list[Mismatch | CompletionMismatch] = [*compare(scenario, reply)]
        if not mismatches and scenario.explores:
            mismatches += explore(InProcessEngine(self.engine).exchange, build_request(scenario, 0), scenario, sessions=True)
        if mismatches:
            details = [str(mismatch) for mismatch in mismatches]
            return _invalid(scenario, f"its checkpoints fail on the reference engine: {details[0]}", details)
        return None


def _invalid(scenario: Scenario, message: str, details: list[str] | None = None) -> Outcome:
    return Outcome(scenario, "invalid", f"invalid scenario: {message}", details or [])
