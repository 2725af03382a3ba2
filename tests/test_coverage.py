"""Coverage is read from what an engine showed in a run, so an engine that shows less covers less."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from conformance.engines.in_process import InProcessEngine
from conformance.engines.reference import ReferenceEngine
from conformance.reports.coverage import coverage, reason_codes, rows_reached
from conformance.running.runner import run_suite
from conformance.suite.observed_rows import finished_hands, rows_shown
from conformance.suite.outcomes import RunResult
from conformance.suite.scenarios import Scenario, scenario_rules, suite

Edit = Callable[[dict[str, Any]], None]


class _Edited:
    """The reference engine with each result reply edited before the runner sees it: an engine showing something else."""

    def __init__(self, edit: Edit) -> None:
        self._engine = ReferenceEngine(sessions=False)
        self._edit = edit

    def handle(self, message: dict[str, Any]) -> dict[str, Any] | None:
        reply = self._engine.handle(message)
        if reply is not None and reply.get("type") == "result":
            self._edit(reply)
        return reply


def _scenarios(variant: str) -> list[Scenario]:
    return [scenario for scenario in suite() if scenario.variant == variant]


def _run(scenarios: list[Scenario], edit: Edit | None = None) -> RunResult:
    return run_suite(InProcessEngine(_Edited(edit) if edit else ReferenceEngine(sessions=False)), scenarios)


@pytest.fixture(scope="module")
def two_handed() -> list[Scenario]:
    return _scenarios("two-handed")


@pytest.fixture(scope="module")
def two_handed_run(two_handed: list[Scenario]) -> RunResult:
    return _run(two_handed)


def _missing_rows(run: RunResult, variant: str) -> set[str]:
    return {row.partition(":")[2] for row in coverage(run).rows_missing if row.startswith(f"{variant}:")}


def test_a_run_reaches_the_scoring_rows_its_finished_hands_show(two_handed_run: RunResult) -> None:
    rules = scenario_rules(two_handed_run.outcomes[0].scenario).document
    assert _missing_rows(two_handed_run, "two-handed") == set()
    reached = {row for outcome in two_handed_run.outcomes for row in rows_reached(outcome.scenario, outcome.reply or {})}
    assert reached == set(rules["scoring"]["rows"])


def test_points_that_fit_no_row_reach_none(two_handed: list[Scenario]) -> None:
    def doubled(reply: dict[str, Any]) -> None:
        for observed in reply["observations"]:
            for hand in observed.get("finished_hands") or []:
                hand["points"] = [2 * points + 1 for points in hand["points"]]

    rules = scenario_rules(two_handed[0]).document
    assert _missing_rows(_run(two_handed, doubled), "two-handed") == set(rules["scoring"]["rows"])


def test_refusals_count_only_with_the_reason_the_scenario_expects(two_handed: list[Scenario], two_handed_run: RunResult) -> None:
    def wrong_reason(reply: dict[str, Any]) -> None:
        for answer in reply.get("probes", []):
            answer["reason"] = "not_your_turn"

    shown = set(reason_codes()) - set(coverage(two_handed_run).reasons_missing)
    assert len(shown) > 1
    after = set(reason_codes()) - set(coverage(_run(two_handed, wrong_reason)).reasons_missing)
    assert after <= {"not_your_turn"}


def test_a_scenario_the_engine_does_not_answer_covers_nothing(two_handed_run: RunResult) -> None:
    unanswered = RunResult(two_handed_run.engine, [], 0.0, 0)
    gaps = coverage(unanswered)
    assert set(gaps.reasons_missing) == set(reason_codes())
    assert {clause for outcome in two_handed_run.outcomes for clause in outcome.scenario.clauses} <= set(gaps.clauses_missing)


def test_a_hand_shown_finished_finds_its_row_from_the_last_look_and_the_points() -> None:
    rules = dict(scenario_rules(_scenarios("north-american")[0]).document)
    playing = {"maker": 1, "maker_alone": False, "defender_alone": None, "tricks_won": [0, 2, 0, 2], "finished_hands": []}
    next_hand = {"hand_over": False, "finished_hands": [{"thrown_in": False, "points": [0, 1]}], "tricks_won": [0, 0, 0, 0]}
    assert rows_shown(rules, [playing, next_hand]) == ["made"]
    next_hand["finished_hands"] = [{"thrown_in": False, "points": [0, 2]}]
    assert rows_shown(rules, [playing, next_hand]) == ["march"]
    assert rows_shown(rules, [playing | {"maker_alone": True}, next_hand]) == []
    next_hand["finished_hands"] = [{"thrown_in": True, "points": [0, 0]}]
    assert rows_shown(rules, [playing, next_hand]) == []


def test_the_hand_that_ends_a_game_of_a_match_is_seen_too() -> None:
    """The next game's finished_hands starts afresh, so that hand is read from finished_games: its points close the game."""
    run = _run([s for s in _scenarios("railroad") if s.id.startswith("rr-match")])
    for outcome in run.outcomes:
        observations = (outcome.reply or {}).get("observations") or []
        games = observations[-1].get("finished_games") or []
        closing = [
            hand
            for hand in finished_hands(observations)
            if len(hand.closing.get("finished_games") or []) > len(hand.last_seen.get("finished_games") or [])
        ]
        assert len(closing) == len(games) > 0, outcome.scenario.id
        for hand, game in zip(closing, games, strict=True):
            assert [a + b for a, b in zip(hand.last_seen["scores"], hand.points, strict=True)] == game["scores"]
