"""Optional observation fields: an engine that does not report one is never failed on it.

The protocol lets an engine leave some observation fields out (`phase`, `out_of_play`,
`deck_size`, ...). A checkpoint on such a field is skipped for an engine that neither lists the
field under `observes` in its handshake nor shows it in its replies, and a scenario checking
nothing else is skipped with that reason; an engine that lists the field is held to it.
"""

from __future__ import annotations

from typing import Any

import pytest

from conformance.engines.in_process import InProcessEngine
from conformance.engines.reference import ReferenceEngine
from conformance.running.runner import run_suite
from conformance.suite.outcomes import RunResult
from conformance.suite.scenarios import Scenario, suite
from documents.schemas import optional_observation_fields

LEFT_OUT = ("phase", "out_of_play", "deck_size")


class _Quieter:
    """The reference engine reporting none of LEFT_OUT, declaring what it reports as `observes` (or nothing)."""

    def __init__(self, declared: tuple[str, ...] | None) -> None:
        self._engine = ReferenceEngine(sessions=False)
        self._declared = declared

    def handle(self, message: dict[str, Any]) -> dict[str, Any] | None:
        reply = self._engine.handle(message)
        if reply is None:
            return None
        if reply.get("type") == "hello":
            reply.pop("observes", None)
            if self._declared is not None:
                reply["observes"] = list(self._declared)
        if reply.get("type") == "result":
            for observation in reply["observations"]:
                for name in LEFT_OUT:
                    observation.pop(name, None)
        return reply


def _checking(field: str) -> list[Scenario]:
    return [s for s in suite() if any(field in check for check in s.checks)]


@pytest.fixture(scope="module")
def checking_left_out() -> list[Scenario]:
    found = [s for field in LEFT_OUT for s in _checking(field)]
    assert found, "the suite checks the optional fields"
    return list({s.id: s for s in found}.values())


def _run(scenarios: list[Scenario], declared: tuple[str, ...] | None) -> RunResult:
    return run_suite(InProcessEngine(_Quieter(declared)), scenarios)


def test_the_optional_fields_are_those_the_protocol_does_not_require() -> None:
    optional = optional_observation_fields()
    assert set(LEFT_OUT) <= set(optional) and "to_act" not in optional and "legal_actions" not in optional


def test_an_engine_that_does_not_report_a_field_is_not_failed_on_it(checking_left_out: list[Scenario]) -> None:
    result = _run(checking_left_out, None)
    statuses = {o.status for o in result.outcomes}
    assert statuses <= {"pass", "skipped"}, [
        (o.scenario.id, o.status, o.message) for o in result.outcomes if o.status not in ("pass", "skipped")
    ]
    noted = [o for o in result.outcomes if o.status == "pass" and o.message.startswith("not checked:")]
    skipped = [o for o in result.outcomes if o.status == "skipped"]
    assert noted or skipped
    for outcome in skipped:
        assert "which the engine does not report" in outcome.message


def test_an_engine_that_declares_a_field_is_held_to_it(checking_left_out: list[Scenario]) -> None:
    result = _run(checking_left_out, LEFT_OUT)
    assert any(o.status == "fail" for o in result.outcomes)


def test_an_engine_reporting_every_field_is_judged_as_before(checking_left_out: list[Scenario]) -> None:
    result = run_suite(InProcessEngine(ReferenceEngine(sessions=False)), checking_left_out)
    assert {o.status for o in result.outcomes} == {"pass"}
    assert all(not o.message for o in result.outcomes)
