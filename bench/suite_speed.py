"""How fast the conformance suite runs, in process and over the protocol, and how long validation takes.

The protocol adds process start-up, JSON encoding and a pipe round trip to every scenario; the
goal is that it costs no more than twice the in-process run, so engines in other languages are
not checked more slowly than ours. Validation is timed because contributors run it on every
edit of a spec file.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from time import perf_counter

from conformance.engine_process import EngineProcess
from conformance.runner import InProcessEngine, run_suite
from conformance.scenarios import suite
from reference_impl.validation import validate_paths

SERVE = [sys.executable, "-m", "euchre_spec", "serve"]


@dataclass
class SuiteFigures:
    scenarios: int
    in_process_seconds: float
    protocol_seconds: float
    validation_seconds: float
    compositions_validated: int

    @property
    def protocol_cost(self) -> float:
        """Protocol run time divided by in-process run time."""
        return self.protocol_seconds / self.in_process_seconds


def measure_suite() -> SuiteFigures:
    """Run the whole suite both ways (the best of two runs each) and validate the whole spec once."""
    scenarios = suite()
    in_process = min(_timed(lambda: run_suite(InProcessEngine(), scenarios)) for _ in range(2))
    protocol = min(_timed(lambda: run_suite(EngineProcess(SERVE, timeout=60), scenarios)) for _ in range(2))
    started = perf_counter()
    report = validate_paths([])
    validation = perf_counter() - started
    return SuiteFigures(len(scenarios), in_process, protocol, validation, report.compositions)


def _timed(run: object) -> float:
    started = perf_counter()
    run()  # type: ignore[operator]
    return perf_counter() - started


def suite_lines(figures: SuiteFigures) -> list[str]:
    n = figures.scenarios
    return [
        f"conformance suite: {n} scenarios",
        f"  in process:        {figures.in_process_seconds:7.2f} s  ({n / figures.in_process_seconds:,.0f} scenarios/s)",
        f"  over the protocol: {figures.protocol_seconds:7.2f} s  ({n / figures.protocol_seconds:,.0f} scenarios/s)",
        f"  protocol / in-process: {figures.protocol_cost:.2f}x (goal: at most 2x)",
        f"validating every spec file and {figures.compositions_validated} compositions: {figures.validation_seconds:.2f} s",
    ]
