"""Sessions: a game kept open and played one message at a time must mean exactly what a run request means.

The runner, the fuzzer and the engine kit each have a session path beside the run-request
path; these tests hold the two against each other on the whole suite and on fuzzed hands.
"""

from __future__ import annotations

import dataclasses
import random
import sys
from typing import Any

import pytest

from conformance.engines.in_process import InProcessEngine
from conformance.engines.reference import ReferenceEngine, ReferenceGames
from conformance.engines.sessions import run_in_session
from conformance.fuzzing.play import Setup, fuzz
from conformance.running.runner import run_suite
from conformance.sdk import Setup as GameSetup
from conformance.suite.scenarios import suite
from ruleset.compiled.loading import load_rules
from ruleset.compiled.rules import Rules

SERVE = f"{sys.executable} -m euchre_spec serve"


def _statuses(engine: InProcessEngine) -> list[tuple[str, str]]:
    return [(o.scenario.id, o.status) for o in run_suite(engine, suite()).outcomes]


def test_the_whole_suite_judges_sessions_and_run_requests_alike() -> None:
    with_sessions = _statuses(InProcessEngine(ReferenceEngine()))
    without = _statuses(InProcessEngine(ReferenceEngine(sessions=False)))
    assert with_sessions == without
    assert {status for _, status in with_sessions} == {"pass"}


def test_a_scenario_played_in_a_session_gives_the_run_requests_result() -> None:
    from conformance.suite.requests import build_request

    engine = InProcessEngine(ReferenceEngine())
    for seq, scenario in enumerate(suite()[::25]):
        request = build_request(scenario, seq)
        assert run_in_session(engine.exchange, request) == engine.request(request), scenario.id


def _server() -> ReferenceEngine:
    return ReferenceEngine()


def _open(server: ReferenceEngine, session: Any = "s", view: list[str] | None = None) -> dict[str, Any]:
    rules = load_rules("north-american")
    message = {
        "type": "open",
        "seq": 1,
        "session": session,
        "variant": "north-american",
        "house_rules": [],
        "rules": dict(rules.document),
        "deals": [{"dealer": 0, "number": 5}],
    }
    if view is not None:
        message["view"] = view
    reply = server.handle(message)
    assert reply is not None
    return reply


def test_a_refused_act_leaves_the_session_as_it_was() -> None:
    server = _server()
    opened = _open(server)
    assert opened["type"] == "observation" and opened["observation"]["to_act"] == 1
    refused = server.handle({"type": "act", "seq": 2, "session": "s", "seat": 2, "action": "order_up"})
    assert refused == {"type": "refused", "seq": 2, "reason": "not_your_turn"}
    probe = server.handle({"type": "probe", "seq": 3, "session": "s", "seat": 1, "action": "pass"})
    assert probe == {"type": "accepted", "seq": 3}
    after = server.handle({"type": "act", "seq": 4, "session": "s", "seat": 1, "action": "pass"})
    assert after is not None and after["observation"]["to_act"] == 2
    assert server.handle({"type": "close", "seq": 5, "session": "s"}) == {"type": "closed", "seq": 5}
    gone = server.handle({"type": "act", "seq": 6, "session": "s", "seat": 2, "action": "pass"})
    assert gone is not None and gone["type"] == "error" and "no open session" in gone["message"]


def test_restart_deals_anew_under_the_sessions_rules() -> None:
    server = _server()
    first = _open(server, view=["hands", "dealer"])
    assert set(first["observation"]) == {"hands", "dealer"}
    again = server.handle({"type": "restart", "seq": 2, "session": "s", "deals": [{"dealer": 2, "number": 6}]})
    assert again is not None and again["observation"]["dealer"] == 2
    assert again["observation"]["hands"] != first["observation"]["hands"]


@pytest.mark.parametrize(
    "message",
    [
        [1, 2, 3],
        None,
        "x",
        7,
        {"type": "act", "seq": 1, "session": "nope", "seat": 0, "action": "pass"},
        {"type": "act", "seq": 1, "session": "s", "seat": "one", "action": "pass"},
        {"type": "act", "seq": 1, "session": "s", "seat": 0, "action": 5},
        {"type": "open", "seq": 1, "session": True},
        {"type": "teleport", "seq": 1},
    ],
)
def test_a_malformed_message_gets_an_error_reply_and_the_server_goes_on(message: Any) -> None:
    server = _server()
    _open(server)
    reply = server.handle(message)
    assert reply is not None and reply["type"] == "error" and reply["message"]
    still = server.handle({"type": "probe", "seq": 9, "session": "s", "seat": 1, "action": "pass"})
    assert still == {"type": "accepted", "seq": 9}


def test_an_engine_without_sessions_refuses_session_messages() -> None:
    server = ReferenceEngine(sessions=False)
    hello = server.handle({"type": "hello", "protocol": 1})
    assert hello is not None and "sessions" not in hello.get("capabilities", [])
    reply = _open(server)
    assert reply["type"] == "error"


def test_the_reference_engines_quick_view_is_the_full_observation_cut_down() -> None:
    games = ReferenceGames()
    fields = ("phase", "to_act", "legal_actions", "hand_over", "finished_hands", "scores", "game_over")
    rng = random.Random(3)
    rules: Rules = load_rules("british")
    setup = GameSetup("british", (), dict(rules.document), ({"dealer": 1, "number": 11}, {"number": 12}))
    game = games.start(setup)
    hand_fields = ("to_act", "legal_actions", "hand_over", "finished_hands", "phase")  # the fuzzer's, read in one go
    while True:
        full = games.observe(game)
        assert games.observe_view(game, fields) == {name: full[name] for name in fields}
        assert games.observe_view(game, hand_fields) == {name: full[name] for name in hand_fields}
        if not full["legal_actions"]:
            break
        game = games.apply(game, full["to_act"], rng.choice(full["legal_actions"]))


@pytest.mark.parametrize("house_rules", [(), ("stick-the-dealer",)])
def test_fuzzing_a_served_engine_finds_what_fuzzing_it_in_process_finds(house_rules: tuple[str, ...]) -> None:
    names = ("reference", "openspiel")
    in_process = fuzz(Setup(("reference", "openspiel"), "north-american", house_rules, seed=4, names=names), 300)
    served = fuzz(Setup((SERVE, "openspiel"), "north-american", house_rules, seed=4, names=names), 300)

    def found(result: Any) -> list[Any]:  # a served engine does not name the scoring clause of a hand
        return [dataclasses.replace(d, clause=None) for d in result.disagreements]

    assert in_process.disagreements and found(served) == found(in_process)
