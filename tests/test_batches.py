"""Batches: many session messages in one line must mean exactly what they mean one line each.

The engine kit answers a batch message by message, as it would answer each on its own line; the
fuzzer sends each step of its hands to an engine that offers batches as one batch, and to an
engine that does not the same messages one per line, as it always did. These tests hold the two
paths against each other: the replies, and what a fuzz run finds, a planted disagreement included.
"""

from __future__ import annotations

import dataclasses
import json
import random
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from conformance.engines import wire
from conformance.engines.process import EngineFailure, EngineProcess
from conformance.engines.reference import ReferenceEngine
from conformance.fuzzing.play import FuzzResult, Setup, fuzz
from ruleset.compiled.loading import load_rules

SERVE = f"{sys.executable} -m euchre_spec serve"
VIEW = ["to_act", "legal_actions", "hand_over", "finished_hands", "phase"]
PLANTED_LABEL = "legal actions in dealer_discard: only reference: discard of the up-card; only planted: nothing"

PLANTED = """
import argparse
import sys

from conformance.engines.reference import ReferenceEngine
from conformance.engines.sdk import serve_messages
from ruleset.compiled.loading import load_rules

parser = argparse.ArgumentParser()
parser.add_argument("--no-batches", action="store_true")
parser.add_argument("--no-playouts", action="store_true")
parser.add_argument("--no-traces", action="store_true")
parser.add_argument("--log")
args = parser.parse_args()


def hook(rules):  # the dealer may not discard the up-card, whatever the request says: one rule apart from ours
    return load_rules(rules.variant_id, (*rules.house_rules, "no-up-card-discard"))


engine = ReferenceEngine(
    rules_hook=hook, batches=not args.no_batches, playouts=not args.no_playouts, traces=not args.no_traces
)


def logged(message):  # the type of every line received (+trace for a traced playout), and its session, into the log;
    if args.log and isinstance(message, dict):  # a batch's messages after it
        with open(args.log, "a", encoding="utf-8") as log:
            for each in [message, *message.get("messages", [])]:
                traced = "+trace" if each.get("trace") else ""
                log.write(f"{each.get('type')}{traced} {each.get('session')}\\n")
    return engine.handle(message)


sys.exit(serve_messages(logged, sys.stdin, sys.stdout))
"""


def _opening(session: Any, number: int, view: list[str] | None = None) -> dict[str, Any]:
    message = {
        "type": "open",
        "session": session,
        "variant": "north-american",
        "house_rules": [],
        "rules": dict(load_rules("north-american").document),
        "deals": [{"dealer": 0, "number": number}],
    }
    return message if view is None else message | {"view": view}


def _numbered(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [message | {"seq": seq} for seq, message in enumerate(messages, start=1)]


def _one_by_one_and_batched(messages: list[dict[str, Any]]) -> tuple[list[Any], dict[str, Any] | None]:
    """The replies of a fresh server to each message on its own, and of another to them all as one batch."""
    alone = ReferenceEngine()
    batched = ReferenceEngine()
    return [alone.handle(message) for message in messages], batched.handle({"type": "batch", "seq": 0, "messages": messages})


def test_a_batch_is_answered_as_its_messages_are_one_by_one() -> None:
    messages = _numbered(
        [
            _opening("a", 5, VIEW),
            _opening(7, 6),
            {"type": "act", "session": "a", "seat": 1, "action": "pass"},
            {"type": "act", "session": "a", "seat": 3, "action": "pass"},  # not its turn
            {"type": "act", "session": 7, "seat": 1, "action": "fly"},  # no such action
            {"type": "probe", "session": "a", "seat": 2, "action": "order_up"},
            {"type": "act", "session": "a", "seat": "two", "action": "pass"},  # malformed
            {"type": "act", "session": True, "seat": 1, "action": "pass"},  # not a session id
            {"type": "act", "session": "7", "seat": 1, "action": "pass"},  # the text "7" is another session
            {"type": "restart", "session": 7, "deals": [{"dealer": 2, "number": 9}]},
            {"type": "act", "session": 7, "seat": 3, "action": "order_up"},
            _opening("a", 8),  # open already
            {"type": "close", "session": "a"},
            {"type": "act", "session": "a", "seat": 2, "action": "pass"},  # closed
        ]
    )
    alone, batched = _one_by_one_and_batched(messages)
    assert batched == {"type": "batch", "seq": 0, "replies": alone}
    kinds = [reply["type"] for reply in alone]
    assert kinds[2:10] == ["observation", "refused", "refused", "accepted", "error", "error", "error", "observation"]


def test_hands_played_in_batches_are_played_as_one_message_at_a_time() -> None:
    """Random play on many sessions at once, as the fuzzer plays: every reply the same either way."""
    rng = random.Random(11)
    alone, batched = ReferenceEngine(), ReferenceEngine()
    seq = 0

    def both(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        nonlocal seq
        numbered = []
        for message in messages:
            seq += 1
            numbered.append(message | {"seq": seq})
        replies = [alone.handle(message) for message in numbered]
        seq += 1
        assert batched.handle({"type": "batch", "seq": seq, "messages": numbered}) == {
            "type": "batch",
            "seq": seq,
            "replies": replies,
        }
        return [reply for reply in replies if reply is not None]

    seen = dict(enumerate(reply["observation"] for reply in both([_opening(slot, slot, VIEW) for slot in range(8)])))
    for _ in range(400):
        moves = []
        for slot, observation in seen.items():
            if observation["hand_over"]:
                deal = {"dealer": rng.randrange(4), "number": rng.getrandbits(64)}
                moves.append({"type": "restart", "session": slot, "deals": [deal]})
            else:  # now and then a seat out of turn, or an action nobody may take
                seat = observation["to_act"] if rng.random() < 0.9 else rng.randrange(4)
                legal = observation["legal_actions"]
                moves.append({"type": "act", "session": slot, "seat": seat, "action": rng.choice([*legal, "play:2C"])})
        for move, reply in zip(moves, both(moves), strict=True):
            if reply["type"] == "observation":
                seen[move["session"]] = reply["observation"]


def test_a_batch_holds_session_messages_only_and_the_server_goes_on() -> None:
    messages: list[Any] = [
        {"type": "hello", "protocol": 1},
        {"type": "bye"},
        {"type": "batch", "seq": 3, "messages": []},
        {"type": "run", "seq": 4},
        [1, 2],
        {"type": "open", "seq": 5, **{key: value for key, value in _opening("s", 1).items() if key != "type"}},
    ]
    server = ReferenceEngine()
    reply = server.handle({"type": "batch", "seq": 9, "messages": messages})
    assert reply is not None and reply["type"] == "batch" and reply["seq"] == 9
    replies = reply["replies"]
    assert [(answer["type"], answer["seq"]) for answer in replies] == [
        ("error", -1),
        ("error", -1),
        ("error", 3),
        ("error", 4),
        ("error", -1),
        ("observation", 5),
    ]
    assert all("a batch holds session messages" in answer["message"] for answer in replies[:5])
    still = server.handle({"type": "act", "seq": 10, "session": "s", "seat": 1, "action": "pass"})
    assert still is not None and still["type"] == "observation"


def test_an_engine_without_batches_says_so_and_is_refused_one() -> None:
    server = ReferenceEngine(batches=False)
    hello = server.handle({"type": "hello", "protocol": 1})
    assert hello is not None and hello["capabilities"] == ["sessions", "matches"]
    refused = server.handle({"type": "batch", "seq": 1, "messages": []})
    assert refused == {"type": "error", "seq": 1, "message": "unknown message type 'batch'"}
    offered = ReferenceEngine().handle({"type": "hello", "protocol": 1, "package_version": "0.10.0"})
    assert offered is not None and offered["capabilities"] == ["sessions", "batches", "matches"]


@pytest.mark.parametrize("runner", [{"package_version": "0.9.0"}, {"package_version": "0+unknown"}, {}])
def test_batches_are_listed_only_to_a_runner_that_knows_them(runner: dict[str, str]) -> None:
    """A runner older than batches checks the hello against a schema without them: it is not offered them."""
    hello = ReferenceEngine().handle({"type": "hello", "protocol": 1, **runner})
    assert hello is not None and hello["capabilities"] == ["sessions", "matches"]


@pytest.mark.parametrize(
    ("version", "offered"),
    [
        ("0.10.0", ["sessions", "batches", "matches"]),
        ("0.11.0", ["sessions", "batches", "playouts", "matches"]),
        ("0.12.0", ["sessions", "batches", "playouts", "traces", "matches"]),
    ],
)
def test_playouts_and_traces_are_listed_only_to_a_runner_that_knows_them(version: str, offered: list[str]) -> None:
    hello = ReferenceEngine().handle({"type": "hello", "protocol": 1, "package_version": version})
    assert hello is not None and hello["capabilities"] == offered


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("planted") / "planted_engine.py"
    path.write_text(PLANTED, encoding="utf-8")
    return path


def _found(result: FuzzResult) -> list[Any]:
    """What a run found, but the scoring clause, which only our engine called in process names."""
    return [dataclasses.replace(d, clause=None) for d in result.disagreements]


def test_the_fuzzer_finds_a_planted_disagreement_alike_by_traces_playouts_batches_sessions_and_in_process(
    planted: Path, tmp_path: Path
) -> None:
    def run(first: str, *options: str) -> tuple[FuzzResult, list[list[str]]]:
        log = tmp_path / f"{len(list(tmp_path.iterdir()))}.log"
        second = shlex.join([sys.executable, str(planted), "--log", str(log), *options])
        result = fuzz(Setup((first, second), "north-american", (), seed=2, names=("reference", "planted")), 200)
        return result, [line.split() for line in log.read_text(encoding="utf-8").splitlines()]

    in_process, _ = run("reference")
    old, old_messages = run(f"{SERVE} --no-batches --no-playouts", "--no-batches", "--no-playouts")
    batched, batched_messages = run(f"{SERVE} --no-playouts", "--no-playouts")
    new, new_messages = run(f"{SERVE} --no-traces", "--no-traces")
    traced, traced_messages = run(SERVE)
    assert set(in_process.classes) == {PLANTED_LABEL}
    assert _found(old) == _found(batched) == _found(new) == _found(traced) == _found(in_process)
    # what an engine without batches always got: these messages, on 64 sessions at most
    assert {kind for kind, _ in old_messages} == {"hello", "open", "act", "restart", "bye"}
    assert len({session for kind, session in old_messages if kind == "open"}) == 64
    assert {kind for kind, _ in batched_messages} == {"hello", "batch", "open", "act", "restart", "bye"}
    # with playouts, each hand is played out, and only a hand the two engines played apart is played a step at a time
    assert {kind for kind, _ in new_messages} == {"hello", "batch", "open", "playout", "act", "restart", "bye"}
    acted = {session for kind, session in new_messages if kind == "act"}
    assert len(acted) > 0 and sum(kind == "playout" for kind, _ in new_messages) == 200
    # with traces too, every playout asks for its trace
    assert {kind for kind, _ in traced_messages} == {"hello", "batch", "open", "playout+trace", "act", "restart", "bye"}
    assert sum(kind == "playout+trace" for kind, _ in traced_messages) == 200


def test_a_fuzz_over_the_protocol_finds_the_same_on_any_number_of_processes(planted: Path) -> None:
    setup = Setup((SERVE, shlex.join([sys.executable, str(planted)])), "north-american", (), seed=5)
    alone = fuzz(setup, 600, jobs=1)
    spread = fuzz(setup, 600, jobs=4)  # two fuzz processes, each driving its own two engines
    assert alone.disagreements and spread.disagreements == alone.disagreements


GARBLING = """
import sys
from conformance.engines.reference import ReferenceEngine

GARBLE = {garble!r}


class Garbled(ReferenceEngine):
    def handle(self, message):
        reply = super().handle(message)
        if reply is not None and reply["type"] == "batch":
            if GARBLE == "short":
                reply["replies"] = reply["replies"][:-1]
            elif GARBLE == "seq":
                reply["replies"][0]["seq"] += 1
            else:
                reply = {{"type": "observation", "seq": reply["seq"], "observation": {{}}}}
        return reply


sys.exit(Garbled().serve())
"""


@pytest.mark.parametrize(
    ("garble", "said"),
    [
        ("short", "the engine answered a batch of 1 messages with 0 replies"),
        ("seq", "reply carries seq"),
        ("kind", "the engine answered a batch with 'observation', not a batch of replies"),
    ],
)
def test_a_batch_reply_that_does_not_answer_its_batch_is_an_engine_failure(garble: str, said: str, tmp_path: Path) -> None:
    script = tmp_path / "garbled.py"
    script.write_text(GARBLING.format(garble=garble), encoding="utf-8")
    engine = EngineProcess([sys.executable, str(script)], timeout=30)
    try:
        engine.start()
        sent = engine.send_batch([_opening("s", 1, VIEW)])
        with pytest.raises(EngineFailure, match=said) as failed:
            engine.receive_batch(sent)
        assert failed.value.kind == "error"
    finally:
        engine.close()


@given(st.lists(st.integers(min_value=-(2**70), max_value=2**70) | st.text(max_size=30), max_size=40))
@example([2**64 - 1, -(2**63), 10**19, "12345678901234567890123"])  # the edges orjson reads itself
@example([2**64 - 1, 2**64])  # one past them, beside one inside
@example([-(2**63) - 1, 10**19])
def test_every_integer_of_a_line_is_read_exactly_however_long(values: list[Any]) -> None:
    """orjson reads an integer beyond 64 bits as a float: a line with one is read by the standard library instead."""
    line = json.dumps({"values": values})
    assert wire.loads(line) == {"values": values}
    assert all(type(read) is type(value) for read, value in zip(wire.loads(line)["values"], values, strict=True))
