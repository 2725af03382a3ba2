"""A variant is held to its own scenarios: the clauses its rules apply, the refusals its players can meet
and its scoring rows, each covered by a scenario of that variant, for every game of the bidding family."""

from __future__ import annotations

import re
from typing import Any

import pytest

from conformance.engines.in_process import InProcessEngine
from conformance.engines.reference import ReferenceEngine
from conformance.reports.variant_coverage import ALWAYS_REACHABLE, clauses_in_force, reachable_reasons, variant_coverage
from conformance.running.runner import run_suite
from conformance.suite.outcomes import RunResult
from conformance.suite.scenarios import suite
from ruleset.compiled.loading import load_rules
from tests.cli_helpers import run_cli

FAMILY = ("bid-euchre", "bid-euchre-double", "six-hand-bid-euchre", "pepper", "buck-euchre", "railroad")


class _Silent:
    """The reference engine answering every probe as accepted: an engine that refuses nothing covers no reason."""

    def __init__(self) -> None:
        self._engine = ReferenceEngine(sessions=False)

    def handle(self, message: dict[str, Any]) -> dict[str, Any] | None:
        reply = self._engine.handle(message)
        if reply is not None and reply.get("type") == "result":
            reply["probes"] = [{"refused": False, "reason": "accepted"} for _ in reply["probes"]]
        return reply


@pytest.fixture(scope="module")
def family_run() -> RunResult:
    return run_suite(InProcessEngine(ReferenceEngine(sessions=False)), [s for s in suite() if s.variant in FAMILY])


@pytest.mark.parametrize("variant", FAMILY)
def test_each_game_of_the_family_is_covered_by_its_own_scenarios(family_run: RunResult, variant: str) -> None:
    view = variant_coverage(family_run, variant, load_rules(variant))
    assert (view.clauses.missing, view.reasons.missing, view.rows.missing) == ([], [], [])
    assert view.complete and view.scenarios > 0


def test_an_engine_that_refuses_nothing_covers_no_reason_but_the_clauses_still() -> None:
    scenarios = [s for s in suite() if s.variant == "pepper"]
    view = variant_coverage(run_suite(InProcessEngine(_Silent()), scenarios), "pepper", load_rules("pepper"))
    assert view.reasons.covered == frozenset()
    assert set(view.reasons.missing) == set(view.reasons.wanted) >= {"must_follow_suit", "bid_too_low"}
    assert view.clauses.missing == [] and not view.complete


def test_the_clauses_in_force_are_those_settings_cite_not_the_clause_texts_or_choices() -> None:
    document = {
        "auction": {"clause": "a.auction", "trump_clause": "a.trump", "named_bids": [{"name": "moon", "clause": "a.moon"}]},
        "clauses": {"a.unused": {"title": "x", "text": "y"}},
        "choices": {"/auction/min": {"clause": "a.choice"}},
    }
    assert clauses_in_force(document) == {"a.auction", "a.trump", "a.moon"}
    assert "bid.round-one" in clauses_in_force(load_rules("buck-euchre").document)
    assert "bid.round-one" not in clauses_in_force(load_rules("bid-euchre").document)


def test_the_reasons_a_variant_can_give_follow_its_rules() -> None:
    bid_euchre = reachable_reasons(load_rules("bid-euchre"), hands=20)
    assert {"bid_too_low", "must_follow_suit", "card_not_in_hand", *ALWAYS_REACHABLE} <= bid_euchre
    assert not {"turned_down_suit", "pickup_compulsory", "cannot_fold"} & bid_euchre, "no up-card, no fold"
    buck = reachable_reasons(load_rules("buck-euchre"), hands=20)
    assert {"turned_down_suit", "pickup_compulsory"} <= buck and "bid_too_low" not in buck
    # A turned club is played by everyone with nobody asked; only a dealer who makes it asks the others, refusing a fold.
    assert "cannot_fold" not in buck
    assert "cannot_fold" in reachable_reasons(load_rules("buck-euchre", ("clubs-dealer-maker",)), hands=20)


def test_the_command_holds_named_variants_to_their_own_scenarios() -> None:
    done = run_cli("scenarios", "coverage", "--variant", "pepper", "--variant", "buck-euchre")
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"^pepper: \d+ scenarios$", done.stdout, re.M) and re.search(
        r"^buck-euchre: \d+ scenarios$", done.stdout, re.M
    )
    shown = re.findall(r"refusal reasons it can give, shown by its scenarios: (\d+)/(\d+); missing: -", done.stdout)
    assert len(shown) == 2 and all(covered == wanted for covered, wanted in shown)
    wrong = run_cli("scenarios", "coverage", "--variant", "peper")
    assert wrong.returncode == 2
    assert "unknown variant 'peper' (did you mean 'pepper'?)" in wrong.stderr
