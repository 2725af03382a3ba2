"""A suite that lets a wrong engine pass is a defect: every deliberately wrong engine must fail."""

from __future__ import annotations

import pytest

from conformance.reference_engine import ReferenceEngine
from conformance.runner import FAILING, InProcessEngine, run_suite
from conformance.scenarios import suite
from tests.mutants import MUTANTS, Mutant


def test_there_are_at_least_twelve_mutants() -> None:
    assert len(MUTANTS) >= 12


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name)
def test_the_suite_catches(mutant: Mutant) -> None:
    engine = InProcessEngine(ReferenceEngine(rules_hook=mutant.rules_hook))
    with mutant.installed():
        result = run_suite(engine, suite())
    caught = [outcome.scenario.id for outcome in result.outcomes if outcome.status in FAILING]
    assert caught, f"no scenario catches an engine where {mutant.wrong_rule}"
    print(f"{mutant.name}: caught by {len(caught)} scenario(s), first {caught[:5]}")
