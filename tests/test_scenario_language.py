"""The scenario language's newer parts: a deal naming its kitty, checks over completions, and written-out deals to play."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.engines.in_process import InProcessEngine
from conformance.engines.reference import ReferenceEngine
from conformance.running.completions import choose, explore, generator
from conformance.running.runner import run_suite
from conformance.suite.requests import build_request
from conformance.suite.scenarios import Scenario, load_scenarios, suite
from euchre_spec.cli import main
from reference_impl.deal import SplitMix64
from ruleset import SpecInvalid
from tests import ROOT
from tests.mutants import MUTANTS

HANDS = """
      - dealer: 0
        hands:
          - [9C, TC, QC, KC, AC]
          - [JH, JD, AH, KH, QH]
          - [AS, KS, 9D, TD, QD]
          - [JS, QS, 9S, TS, KD]
        up_card: 9H
"""


def scenario_file(tmp_path: Path, deal_extra: str = "", checks: str = "      - {after: 0, to_act: 1}\n") -> Path:
    path = tmp_path / "mine.yaml"
    path.write_text(
        f"$schema: {ROOT / 'schemas' / 'scenario.schema.json'}\nformat: 1\nvariant: north-american\nscenarios:\n"
        "  - id: mine-kitty-001\n    title: A scenario of my own\n    clauses: [deal.five-each-up-card]\n    level: must\n"
        f"    deals:{HANDS}{deal_extra}    actions: ['1 order_up', '1 go_alone']\n    checks:\n{checks}"
    )
    return path


def only(path: Path) -> Scenario:
    [scenario] = load_scenarios([path])
    return scenario


def test_a_kitty_that_leaves_out_a_card_is_refused_at_its_line(tmp_path: Path) -> None:
    path = scenario_file(tmp_path, "        kitty: [JC, AD]\n")
    with pytest.raises(SpecInvalid) as caught:
        load_scenarios([path])
    [error] = caught.value.errors
    assert (error.line, error.pointer) == (17, "/scenarios/0/deals/0/kitty")
    assert error.message == "deal 1: the kitty does not fit: the deal leaves out TH"


def test_a_kitty_holding_a_dealt_card_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SpecInvalid, match=r"deal 1: the kitty does not fit: 9H is dealt twice \(/scenarios/0/deals/0/kitty\)"):
        load_scenarios([scenario_file(tmp_path, "        kitty: [JC, AD, 9H]\n")])


def test_a_numbered_deal_cannot_name_a_kitty(tmp_path: Path) -> None:
    path = tmp_path / "numbered.yaml"
    path.write_text(scenario_file(tmp_path).read_text().replace(HANDS, "\n      - {dealer: 0, number: 3, kitty: [JC]}\n"))
    with pytest.raises(SpecInvalid, match="/scenarios/0/deals/0"):
        load_scenarios([path])


def test_the_engine_deals_the_kitty_in_the_order_written(tmp_path: Path) -> None:
    scenario = only(scenario_file(tmp_path, "        kitty: [TH, AD, JC]\n"))
    reply = ReferenceEngine().handle(build_request(scenario, 0))
    assert reply is not None
    assert reply["observations"][0]["kitty"] == ["TH", "AD", "JC"]
    assert reply["observations"][0]["deck_size"] == 24


def test_a_completion_draws_with_splitmix64_seeded_with_seed_plus_index_among_sorted_actions() -> None:
    assert generator(7, 3).next() == SplitMix64(10).next()
    assert generator(2**64 - 1, 1).next() == SplitMix64(0).next()
    rng, twin = generator(5, 0), SplitMix64(5)
    legal = ["play:QH", "play:AH", "play:JD"]
    assert choose(legal, rng) == sorted(legal)[twin.below(3)]


def completions_check(points: str) -> str:
    return f"      - after: 2\n        completions: {{seed: 7, count: 12}}\n        at_end: {{hand_points: {points}}}\n"


def test_a_failing_completion_is_named_so_that_its_actions_replay_it(tmp_path: Path) -> None:
    scenario = only(scenario_file(tmp_path, checks=completions_check("[0, 2]")))
    engine = InProcessEngine()
    found = explore(engine.exchange, build_request(scenario, 0), scenario, sessions=True)
    assert [mismatch.index for mismatch in found] == list(range(12))
    first = found[0]
    assert str(first).startswith(f"completion 0 of seed 7 after step 2 (then {first.actions[0]}, ")
    assert str(first).endswith("hand_points: expected [0, 2], got [0, 4]")
    script = [{"seat": step.seat, "action": step.action} for step in (*scenario.actions, *first.actions)]
    replayed = ReferenceEngine().handle(build_request(scenario, 1) | {"actions": script})
    assert replayed is not None and replayed["observations"][-1]["finished_hands"][-1]["points"] == [0, 4]


def test_completions_are_the_same_played_in_sessions_or_by_run_requests(tmp_path: Path) -> None:
    scenario = only(scenario_file(tmp_path, checks=completions_check("[0, 1]")))
    request = build_request(scenario, 0)
    in_sessions = explore(InProcessEngine().exchange, request, scenario, sessions=True)
    replayed = explore(InProcessEngine(ReferenceEngine(sessions=False)).exchange, request, scenario, sessions=False)
    assert [m.actions for m in in_sessions] == [m.actions for m in replayed]
    assert len({m.actions for m in in_sessions}) > 1, "different completions take different ways"


def test_only_a_check_over_completions_catches_a_lone_march_miscounted_in_some_plays() -> None:
    [mutant] = [mutant for mutant in MUTANTS if mutant.name == "lone-march-by-the-left-bower-scores-two"]
    with mutant.installed():
        result = run_suite(InProcessEngine(), suite())
    failing = [outcome for outcome in result.outcomes if outcome.status == "fail"]
    assert [outcome.scenario.id for outcome in failing] == ["na-completions-001"]
    assert failing[0].message.startswith("completion ")


DEAL_FILE = """dealer: 0
hands:
  - [9C, TC, QC, KC, AC]
  - [JH, JD, AH, KH, QH]
  - [AS, KS, 9D, TD, QD]
  - [JS, QS, 9S, TS, KD]
up_card: 9H
"""


def test_play_takes_a_deal_written_out_in_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deal, script = tmp_path / "deal.yaml", tmp_path / "script.txt"
    deal.write_text(DEAL_FILE)
    script.write_text("order_up\ngo_alone\n")
    assert main(["play", "north-american", "--hands", str(deal), "--script", str(script)]) == 0
    log = capsys.readouterr().out
    assert log.startswith(f"North American Euchre: the deal written out in {deal}\n")
    assert "  seat 1: J♥ J♦ A♥ K♥ Q♥" in log
    assert "lone-march [score.lone-march]; 4 to seats 1 & 3" in log


def test_play_takes_a_deal_written_inline(capsys: pytest.CaptureFixture[str]) -> None:
    inline = "{hands: [[9C, TC, QC, KC, AC], [JH, JD, AH, KH, QH], [AS, KS, 9D, TD, QD], [JS, QS, 9S, TS, KD]], up_card: 9H}"
    assert main(["play", "north-american", "--hands", inline, "--dealer", "3"]) == 0
    assert "Dealer: seat 3" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("variant", "deal", "message"),
    [
        (
            "cutthroat",
            DEAL_FILE,
            "deal.yaml:2: the deal does not fit cutthroat: the deal has 4 hands; this variant deals 3 players (/hands)",
        ),
        (
            "north-american",
            DEAL_FILE.replace("AC]", "7C]"),
            "deal.yaml:2: the deal does not fit north-american: 7C is not a card of this variant's deck (/hands)",
        ),
        (
            "north-american",
            DEAL_FILE + "kitty: [JC]\n",
            "deal.yaml:8: the kitty does not fit north-american: the deal leaves out",
        ),
        ("north-american", DEAL_FILE + "number: 4\n", "deal.yaml:1:"),
    ],
)
def test_play_refuses_a_deal_that_does_not_fit_the_variant(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], variant: str, deal: str, message: str
) -> None:
    path = tmp_path / "deal.yaml"
    path.write_text(deal)
    assert main(["play", variant, "--hands", str(path)]) == 1
    assert message in capsys.readouterr().err


class _RefusesTheAceOfClubs:
    """The reference engine, except that it refuses the ace of clubs in a session while listing it as legal."""

    def __init__(self) -> None:
        self.engine = ReferenceEngine()

    def handle(self, message: dict[str, object]) -> dict[str, object] | None:
        if message.get("type") == "act" and message.get("action") == "play:AC":
            return {"type": "refused", "seq": message["seq"], "reason": "must_follow_suit"}
        return self.engine.handle(message)


def test_a_completion_the_engine_cannot_finish_fails_saying_why(tmp_path: Path) -> None:
    scenario = only(scenario_file(tmp_path, checks=completions_check("[0, 4]")))
    found = explore(InProcessEngine(_RefusesTheAceOfClubs()).exchange, build_request(scenario, 0), scenario, sessions=True)
    assert found, "seat 0 holds the ace of clubs, and some completion plays it"
    for mismatch in found:
        assert str(mismatch.actions[-1]) == "0 play:AC"
        assert str(mismatch).endswith(": the engine refused 0 play:AC, one of its own legal actions: must_follow_suit")
