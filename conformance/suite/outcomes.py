"""The outcomes a scenario can have, and a run's results: the vocabulary of every report.

A verdict is reached by the runner; reports, badges, coverage and the site only read it, so
the words live here, below all of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from conformance.suite.expected import ExpectedFailure
from conformance.suite.scenarios import Scenario

FAILING = ("fail", "error", "crash", "timeout")
UNEXPECTED = (*FAILING, "xpass")  # outcomes that fail a run: failures nobody listed, and listed ones that pass
STATUSES = ("pass", "fail", "error", "crash", "timeout", "skipped", "not_applicable", "invalid", "xfail", "xpass")
NOT_CHECKED = ("skipped", "not_applicable", "invalid")  # outcomes that say nothing about the engine


@dataclass
class Outcome:
    """The verdict on one scenario."""

    scenario: Scenario
    status: str
    message: str = ""
    details: list[str] = field(default_factory=list)
    seconds: float = 0.0
    expected_failure: ExpectedFailure | None = None
    reply: dict[str, Any] | None = field(default=None, repr=False, compare=False)
    """The engine's result, as the comparator saw it (for explaining a pass or a failure)."""


@dataclass
class RunResult:
    engine: dict[str, Any]
    outcomes: list[Outcome]
    seconds: float
    restarts: int
    interrupted: str | None = None
    """The signal that stopped the run before every scenario was run (SIGINT, SIGTERM), or None."""

    def count(self, status: str, level: str | None = None) -> int:
        return sum(1 for o in self.outcomes if o.status == status and (level is None or o.scenario.level == level))

    def compliance(self, level: str | None = "must", staging: bool = False) -> tuple[int, int]:
        """Passed and applicable scenarios (skipped, not-applicable and invalid ones are not applicable).

        Staging scenarios count only when `staging` asks for them (and then only they do): they are
        published to be tried, and promoted into the figures by a later release.
        """
        relevant = [o for o in self.outcomes if (level is None or o.scenario.level == level) and o.scenario.staging == staging]
        applicable = [o for o in relevant if o.status not in NOT_CHECKED]
        return sum(1 for o in applicable if o.status in ("pass", "xpass")), len(applicable)
