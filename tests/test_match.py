"""The match layer: laps carried, slams counted twice, one winner, over random matches and chosen settings."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conformance.engines.in_process import InProcessEngine
from conformance.engines.reference import ReferenceEngine
from conformance.running.runner import run_suite
from conformance.sdk import MATCHES
from conformance.suite.scenarios import suite
from egn import audit, map_ruleset, parse_egn
from egn.export import ExportError, export_game
from reference_impl.engine import MatchState, match_apply, match_legal_actions, new_match, observe, observe_game, observe_match
from reference_impl.engine.game import new_game, numbered_deals
from ruleset.compiled.loading import load_rules
from ruleset.compiled.match_rules import MatchRules
from ruleset.compiled.rules import Rules
from tests.cli_helpers import run_cli

RAILROAD = load_rules("railroad", ())


def _played(rules: Rules, deal: int, seed: int) -> tuple[MatchState, list[tuple[int, ...]]]:
    """A whole match of random legal actions, and the points each game after the first started with."""
    rng = random.Random(seed)
    match = new_match(rules, numbered_deals(rules, deal))
    starts = []
    while not match.is_over:
        games = len(match.games)
        match = match_apply(match, rng.choice(match_legal_actions(match)))
        if len(match.games) > games and not match.is_over:
            starts.append(match.game.scores)
    return match, starts


matches = given(deal=st.integers(0, 2**32), seed=st.integers(0, 2**16))


@matches
@settings(max_examples=40, deadline=None)
def test_carried_points_are_the_excess_over_the_target(deal: int, seed: int) -> None:
    match, starts = _played(RAILROAD, deal, seed)
    target = RAILROAD.target
    for game, start in zip(match.games, starts, strict=False):
        expected = tuple(score - target if team in game.winners else 0 for team, score in enumerate(game.scores))
        assert start == expected
    assert match.carried == (starts[-1] if starts else (0, 0))


@matches
@settings(max_examples=40, deadline=None)
def test_games_won_count_slams_twice(deal: int, seed: int) -> None:
    match, _ = _played(RAILROAD, deal, seed)
    for game in match.games:
        losers = [score for team, score in enumerate(game.scores) if team not in game.winners]
        assert game.slam == all(score == 0 for score in losers)
        assert game.counted == (2 if game.slam else 1)
    for team in range(len(RAILROAD.teams)):
        assert match.games_won[team] == sum(game.counted for game in match.games if team in game.winners)


@matches
@settings(max_examples=40, deadline=None)
def test_exactly_one_team_wins_the_match(deal: int, seed: int) -> None:
    match, _ = _played(RAILROAD, deal, seed)
    assert len(match.winners) == 1
    (winner,) = match.winners
    assert match.games_won[winner] >= 2
    assert all(won < 2 for team, won in enumerate(match.games_won) if team != winner)
    assert match_legal_actions(match) == ()
    assert match.to_act is None


@matches
@settings(max_examples=20, deadline=None)
def test_without_laps_every_game_starts_from_nothing(deal: int, seed: int) -> None:
    rules = replace(RAILROAD, match=MatchRules(games_to_win=2, laps=False, slam_games=1, rubber_points=0))
    match, starts = _played(rules, deal, seed)
    assert all(start == (0, 0) for start in starts)
    assert not any(game.slam for game in match.games)
    assert len(match.games) in (2, 3)


def test_the_rubber_points_go_to_the_match_winner() -> None:
    rules = replace(RAILROAD, match=MatchRules(games_to_win=2, laps=True, slam_games=2, rubber_points=2))
    match, _ = _played(rules, 7, 1)
    (winner,) = match.winners
    assert match.match_points[winner] == match.games_won[winner] + 2
    assert match.match_points[1 - winner] == match.games_won[1 - winner]


def test_a_match_observation_shows_the_match_and_a_game_shows_nulls() -> None:
    match, _ = _played(RAILROAD, 3, 3)
    seen = observe_match(match)
    assert seen["match_over"] is True
    assert seen["match_winners"] == list(match.winners)
    assert seen["games_won"] == list(match.games_won)
    assert len(seen["finished_games"]) == len(match.games)
    game = observe_game(new_game(load_rules("north-american", ()), numbered_deals(load_rules("north-american", ()), 1)))
    assert {key: game[key] for key in ("games_won", "carried", "finished_games", "match_over", "match_winners")} == dict.fromkeys(
        ("games_won", "carried", "finished_games", "match_over", "match_winners")
    )
    assert set(observe_match(new_match(RAILROAD, numbered_deals(RAILROAD, 1)))) == set(game)
    assert set(observe(match.game.hand)) < set(game)


def test_a_match_rests_when_its_deals_run_out() -> None:
    rules = RAILROAD
    match = new_match(rules, lambda hand, dealer: numbered_deals(rules, 5)(hand, dealer) if hand == 0 else None)
    rng = random.Random(2)
    while match.to_act is not None:
        match = match_apply(match, rng.choice(match_legal_actions(match)))
    assert match.game.hand.is_over  # one hand is worth at most 4 points: the game goes on, with no deal to play
    assert not match.game.is_over and not match.is_over
    assert match_legal_actions(match) == ()


def test_a_single_game_variant_is_no_match() -> None:
    rules = load_rules("north-american", ())
    with pytest.raises(ValueError, match="single game"):
        new_match(rules, numbered_deals(rules, 1))


def test_games_already_won_are_counted_from_the_start() -> None:
    match = new_match(RAILROAD, numbered_deals(RAILROAD, 1), games_won=(2, 0))
    assert match.is_over and match.winners == (0,)
    with pytest.raises(ValueError, match="counts of games won"):
        new_match(RAILROAD, numbered_deals(RAILROAD, 1), games_won=(1,))


class _SingleGamesOnly:
    """The reference engine with the `matches` capability left out of its handshake, as an engine that plays no match."""

    def __init__(self) -> None:
        self.engine = ReferenceEngine()

    def handle(self, message: dict[str, Any]) -> dict[str, Any] | None:
        reply = self.engine.handle(message)
        if reply is not None and reply.get("type") == "hello":
            reply["capabilities"] = [name for name in reply.get("capabilities", []) if name != MATCHES]
        return reply


def test_an_engine_that_plays_no_matches_is_not_sent_match_scenarios() -> None:
    chosen = [scenario for scenario in suite() if scenario.id in ("rr-match-001", "na-game-001")]
    result = run_suite(InProcessEngine(_SingleGamesOnly()), chosen)
    status = {outcome.scenario.id: (outcome.status, outcome.message) for outcome in result.outcomes}
    assert status["na-game-001"][0] == "pass"
    assert status["rr-match-001"] == (
        "skipped",
        "railroad is played as a match, and the engine does not offer the 'matches' capability",
    )
    assert MATCHES in ReferenceEngine().handle({"type": "hello", "protocol": 1})["capabilities"]  # type: ignore[index]


@pytest.mark.parametrize("deal", [1, 2])
def test_play_plays_a_whole_match_from_the_command_line(deal: int) -> None:
    result = run_cli("play", "railroad", "--deal", str(deal), "--match")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == f"Railroad Euchre: a match from deal #{deal}, games to 10, 2 games to win"
    assert lines[-1].startswith("Match over: seats ") and lines[-1].count(" win (") == 1
    games = [line for line in lines if line.startswith("Game ") and " won by " in line]
    assert len(games) in (1, 2, 3)  # a slam can win the match in one game


def test_a_single_game_variant_has_no_match_to_play() -> None:
    result = run_cli("play", "north-american", "--deal", "1", "--match")
    assert result.returncode == 2
    assert result.stderr == "error: --match: north-american is played as a single game; use --game\n"


def test_a_railroad_game_written_as_egn_audits_only_under_railroad_named() -> None:
    """EGN has no notation for Railroad's call for the best card (a discard before the card, a lone
    defender's call), so export stops at the first lone hand; with the call taken out of the compiled
    rules on both sides, what is left to check is that the match is never chosen by the flags."""
    with pytest.raises(ExportError, match="EGN has no notation for lone discard first"):
        export_game(RAILROAD, first_deal=4, seed=4, allow_unexpressed=True)
    without_call = replace(RAILROAD, lone_play=replace(RAILROAD.lone_play, partner_card=False))
    exported = export_game(without_call, first_deal=4, seed=4, allow_unexpressed=True)
    assert any(text.startswith("match:") for text in exported.unexpressed)
    record = parse_egn(json.dumps(exported.record), "railroad.egn")
    assert map_ruleset(record.ruleset).variant != "railroad"  # the flags never choose a variant played as a match
    mapping = map_ruleset(record.ruleset, "railroad")
    report = audit(record, replace(mapping, rules=without_call))
    assert [hand.points for hand in report.hands] == [list(hand.result.points) for hand in exported.hands if hand.result]
    assert (report.score, report.violations, report.exit_code) == (list(exported.scores), [], 0)
