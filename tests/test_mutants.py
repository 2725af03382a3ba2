"""A suite that lets a wrong engine pass is a defect: every deliberately wrong engine must fail."""

from __future__ import annotations

import pytest

from conformance.engines.in_process import InProcessEngine
from conformance.engines.reference import ReferenceEngine
from conformance.running.runner import run_suite
from conformance.suite.outcomes import FAILING
from conformance.suite.scenarios import suite
from tests.mutants import MUTANTS, Mutant


def test_there_are_at_least_twelve_mutants() -> None:
    assert len(MUTANTS) >= 12


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name)
def test_the_suite_catches(mutant: Mutant) -> None:
    """One failing scenario is proof enough, so the run stops there rather than playing the whole suite."""
    engine = InProcessEngine(ReferenceEngine(rules_hook=mutant.rules_hook))
    with mutant.installed():
        caught = next((s.id for s in suite() if run_suite(engine, [s]).outcomes[0].status in FAILING), None)
    assert caught, f"no scenario catches an engine where {mutant.wrong_rule}"
