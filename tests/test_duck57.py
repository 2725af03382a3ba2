"""duck57's euchre.py under test: the adapter deals our cards to the engine, takes legality from the
engine's own offers, and the suite shows its deviations, each listed with its reason. Skipped where
no checkout of github.com/duck57/euchre.py is found (DUCK57_EUCHRE, else build/duck57-euchre.py)."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests import ROOT

CHECKOUT = Path(os.environ.get("DUCK57_EUCHRE") or ROOT / "build" / "duck57-euchre.py")
if not (CHECKOUT / "euchre.py").is_file():
    pytest.skip(f"no checkout of github.com/duck57/euchre.py at {CHECKOUT}", allow_module_level=True)

from conformance.engines import sdk  # noqa: E402
from conformance.engines.duck57 import ALWAYS, VARIANTS, Duck57Engine, load  # noqa: E402
from conformance.engines.in_process import InProcessEngine  # noqa: E402
from conformance.running.runner import run_suite  # noqa: E402
from conformance.suite.expected import default_expected_file, load_expected_failures  # noqa: E402
from conformance.suite.scenarios import suite  # noqa: E402
from reference_impl.deal import deal_number  # noqa: E402
from ruleset.compiled.loading import load_rules  # noqa: E402

RULES = load_rules("bid-euchre-double", list(ALWAYS))
SUITS = "CDHS"


@pytest.fixture(scope="module")
def engine() -> Duck57Engine:
    return Duck57Engine(load(str(CHECKOUT)))


def one_suit_each() -> list[list[str]]:
    """Seat 0 holds the twelve clubs, seat 1 the diamonds, seat 2 the hearts, seat 3 the spades."""
    return [[f"{rank}{suit}#{copy}" for rank in "9TJQKA" for copy in (1, 2)] for suit in SUITS]


def start(engine: Duck57Engine, deal: dict[str, Any]) -> Any:
    return engine.start(sdk.Setup("bid-euchre-double", ALWAYS, RULES.document, (deal,)))


def play(engine: Duck57Engine, game: Any, *steps: str) -> Any:
    for step in steps:
        seat, action = step.split(" ")
        game = engine.apply(game, int(seat), action)
    return game


def refusal(engine: Duck57Engine, game: Any, step: str) -> str | None:
    seat, action = step.split(" ")
    try:
        engine.check(game, int(seat), action)
    except sdk.Refused as refused:
        return refused.reason
    return None


def test_the_handshake_declares_the_double_pack_and_the_authors_table_always(engine: Duck57Engine) -> None:
    hello = engine.identity.hello((sdk.SESSIONS,))
    table = ["low-no-trump-bids", "pass-not-final", "made-bid-plus-two", "shooter-and-loner"]
    assert (hello["variants"], hello["house_rules"], hello["always"]) == (["bid-euchre-double"], [], table)
    assert hello["rules_language"] == 4, "a dealer stuck with exactly six is said in rules language 4"
    assert hello["version"].startswith("838ef7b") or hello["version"].startswith("sha256:")
    assert VARIANTS == ("bid-euchre-double",)


@pytest.mark.parametrize("number", [0, 1, 17, 2**64 - 1])
def test_numbered_deals_reach_the_engine_card_for_card(engine: Duck57Engine, number: int) -> None:
    dealt = deal_number(RULES, number, 3)
    observed = engine.observe(start(engine, {"dealer": 3, "number": number}))
    assert [sorted(hand) for hand in observed["hands"]] == [sorted(RULES.card_code(c) for c in hand) for hand in dealt.hands]
    assert (observed["dealer"], observed["to_act"]) == (3, 0)


def test_bids_are_the_engines_valid_bids_in_every_trump_it_can_name(engine: Duck57Engine) -> None:
    game = start(engine, {"dealer": 0, "hands": one_suit_each()})
    legal = engine.observe(game)["legal_actions"]
    assert legal[0] == "pass"
    assert {action.split(":")[1] for action in legal[1:]} == {*map(str, range(6, 13)), "moon", "loner"}
    assert {action.rsplit(":", 1)[1] for action in legal[1:]} == {"C", "D", "H", "S", "N", "L"}
    assert refusal(engine, game, "1 bid:5:H") == "bid_too_low"
    assert refusal(engine, game, "2 pass") == "not_your_turn"
    assert refusal(engine, game, "1 play:9D#1") == "wrong_phase"
    assert refusal(engine, game, "1 bid:13:H") == "unknown_action"


def test_the_winners_trump_is_named_from_their_bid_and_play_follows_the_engine(engine: Duck57Engine) -> None:
    game = play(engine, start(engine, {"dealer": 0, "hands": one_suit_each()}), "1 pass", "2 bid:7:H", "3 pass", "0 pass")
    observed = engine.observe(game)
    assert (observed["to_act"], observed["contract"]) == (1, None), "euchre.py asks a player who passed again"
    game = play(engine, game, "1 pass")
    observed = engine.observe(game)
    assert observed["contract"] == {"bidder": 2, "bid": "bid:7:H", "tricks": 7, "trump": "H", "alone": False}
    assert observed["auction"] == [[1, "pass"], [2, "bid:7:H"], [3, "pass"], [0, "pass"], [1, "pass"]]
    game = play(engine, game, "2 play:JH#2", "3 play:9S#1", "0 play:9C#1")
    observed = engine.observe(game)
    assert observed["to_act"] == 1
    assert observed["legal_actions"] == ["play:JD#1", "play:JD#2"], "the left bowers follow a heart led"
    assert refusal(engine, game, "1 play:AD#1") == "must_follow_suit"
    assert refusal(engine, game, "1 play:AH#1") == "card_not_in_hand"
    game = play(engine, game, "1 play:JD#1")
    observed = engine.observe(game)
    assert (observed["trick_winners"], observed["tricks_won"], observed["trick"]) == ([2], [0, 0, 1, 0], [])
    assert "JH#2" not in observed["hands"][2] and "JH#1" in observed["hands"][2]


def test_a_stuck_dealer_names_trump_for_the_minimum_and_may_not_pass(engine: Duck57Engine) -> None:
    game = play(engine, start(engine, {"dealer": 0, "hands": one_suit_each()}), "1 pass", "2 pass", "3 pass")
    observed = engine.observe(game)
    assert (observed["to_act"], observed["legal_actions"]) == (0, [f"bid:6:{trump}" for trump in "CDHSNL"])
    assert refusal(engine, game, "0 pass") == "dealer_must_name_trump"
    assert refusal(engine, game, "0 bid:7:C") == refusal(engine, game, "0 bid:moon:C") == "stuck_at_minimum"
    assert refusal(engine, game, "0 bid:5:C") == "bid_too_low"
    observed = engine.observe(play(engine, game, "0 bid:6:C"))
    assert observed["contract"] == {"bidder": 0, "bid": "bid:6:C", "tricks": 6, "trump": "C", "alone": False}


def test_a_shooters_partner_passes_the_cards_called_which_the_shooter_keeps(engine: Duck57Engine) -> None:
    game = play(engine, start(engine, {"dealer": 0, "hands": one_suit_each()}), "1 pass", "2 bid:moon:H", "3 pass", "0 pass")
    game = play(engine, game, "1 pass")
    observed = engine.observe(game)
    assert (observed["to_act"], observed["sitting_out"], observed["maker_alone"]) == (0, [0], True)
    assert refusal(engine, game, "0 give:AH#1") == "card_not_in_hand"
    observed = engine.observe(play(engine, game, "0 give:AC#1", "0 give:AC#2"))
    assert observed["cards_passed"] == [{"from": 0, "to": 2, "cards": ["AC#1", "AC#2"]}], "two cards: the call of its shooter"
    assert len(observed["hands"][2]) == 14 and observed["to_act"] == 2, "the shooter discards none"


def test_a_loner_is_its_bid_of_twice_the_hand_and_ends_the_bidding(engine: Duck57Engine) -> None:
    game = play(engine, start(engine, {"dealer": 1, "hands": one_suit_each()}), "2 bid:moon:H")
    assert "bid:loner:S" in engine.observe(game)["legal_actions"]
    observed = engine.observe(play(engine, game, "3 bid:loner:S"))
    assert observed["contract"] == {"bidder": 3, "bid": "bid:loner:S", "tricks": 12, "trump": "S", "alone": True}
    assert (observed["to_act"], observed["sitting_out"], observed["cards_passed"]) == (3, [1], [])


def test_the_suite_fails_it_only_where_its_expected_failures_say_why() -> None:
    expected_file = default_expected_file("duck57 euchre.py")
    assert expected_file is not None
    scenarios = [scenario for scenario in suite() if scenario.variant in VARIANTS]
    expected = load_expected_failures(expected_file, scenarios)
    result = run_suite(InProcessEngine(sdk.Server(Duck57Engine(load(str(CHECKOUT))))), scenarios, lambda hello: expected)
    statuses = {outcome.scenario.id: outcome.status for outcome in result.outcomes}
    assert {ident for ident, status in statuses.items() if status == "xfail"} == set(expected)
    assert set(statuses.values()) <= {"pass", "xfail", "skipped", "not_applicable"}
    assert statuses["hr-low-bid-001"] == statuses["dbe-stuck-001"] == "pass"
    table = ("hr-pass-not-final-", "hr-plus-two-", "hr-shooter-")
    assert {status for ident, status in statuses.items() if ident.startswith(table)} == {"pass"}, "its own table passes"


def test_the_adapter_runs_as_a_process_and_says_what_it_needs(tmp_path: Path) -> None:
    adapter = [sys.executable, "-m", "conformance.engines.duck57"]
    missing = _run([*adapter], env={key: value for key, value in os.environ.items() if key != "DUCK57_EUCHRE"})
    assert missing.returncode == 2 and "usage:" in missing.stderr
    wrong = _run([*adapter, str(ROOT)])
    assert wrong.returncode == 2 and "is not a checkout of github.com/duck57/euchre.py" in wrong.stderr
    engine = shlex.join([*adapter, str(CHECKOUT)])
    options = ["--engine", engine, "--id", "hr-low-bid-001", "--report-to", str(tmp_path)]
    conform = _run([sys.executable, "-m", "euchre_spec", "conform", *options])
    assert conform.returncode == 0, conform.stdout + conform.stderr
    assert "1/1 = 100.0%" in conform.stdout


def _run(command: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, env=env, input="", capture_output=True, text=True, timeout=60, check=False)
