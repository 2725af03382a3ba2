"""Engines as the fuzzer drives them: one hand, stepped one action at a time.

The fuzzer needs, after every action, what each engine says: who acts, which actions are legal,
whether the hand is over and what it scored. Our engine and the OpenSpiel adapter are called
directly (a random hand costs microseconds that way); any other engine is driven through the
harness protocol: one message per step in a session when the engine offers sessions (and a step
of many hands in one `batch` line when it offers batches: conformance/fuzzing/tables.py), else
replaying the hand so far in one request per step, which is slow but needs nothing from the
engine beyond what the conformance suite already asks. Engine processes are launched side by
side before the first handshake, so their start-ups overlap (`make_steppers`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from conformance.engines.process import EngineProcess
from conformance.engines.reference import hello_reply as reference_hello
from conformance.engines.sdk import BATCHES, PLAYOUTS, SESSIONS, TRACES
from conformance.running.runner import engine_language
from reference_impl.deal import deal_number
from reference_impl.engine import IllegalAction, legal_actions, new_hand
from reference_impl.engine.state import HandState
from ruleset import resolved_document
from ruleset.compiled.loading import load_rules
from ruleset.language import lower

IN_PROCESS = ("reference", "openspiel")


@dataclass(frozen=True)
class View:
    """What one engine shows between two actions."""

    to_act: int | None
    legal: frozenset[str]
    hand_over: bool
    points: tuple[int, ...] | None = None
    phase: str | None = None
    clause: str | None = None
    """The scoring clause of a finished hand, when the engine can say (ours can)."""


class Stepper(Protocol):
    """One engine playing one hand at a time."""

    name: str

    def start(self, variant: str, house_rules: tuple[str, ...], deal: dict[str, Any]) -> None: ...

    def view(self) -> View: ...

    def apply(self, seat: int, action: str) -> str | None:
        """Take the action; return the refusal reason if the engine refused it (and changed nothing)."""
        ...

    def close(self) -> None: ...


class ReferenceStepper:
    """Our engine, called directly."""

    name = "reference"

    def __init__(self) -> None:
        self.state: HandState | None = None

    def start(self, variant: str, house_rules: tuple[str, ...], deal: dict[str, Any]) -> None:
        rules = load_rules(variant, house_rules)
        self.state = new_hand(rules, deal_number(rules, deal["number"], deal["dealer"]))

    def view(self) -> View:
        state = self.state
        assert state is not None
        if state.is_over:
            assert state.result is not None
            return View(None, frozenset(), True, tuple(state.result.points), state.phase, state.result.clause)
        return View(state.to_act, frozenset(action.text for action in legal_actions(state)), False, None, state.phase)

    def apply(self, seat: int, action: str) -> str | None:
        assert self.state is not None
        try:
            self.state.do(action, seat)  # in place: a refused action leaves the hand as it was
        except IllegalAction as exc:
            return exc.code
        return None

    def close(self) -> None:
        return None


class OpenSpielStepper:
    """OpenSpiel's Euchre through its adapter, called directly."""

    name = "openspiel"

    def __init__(self) -> None:
        self.engine = _openspiel().OpenSpielHands()
        self.hand: Any = None

    def start(self, variant: str, house_rules: tuple[str, ...], deal: dict[str, Any]) -> None:
        self.hand = self.engine.new_hand(resolved_document(variant, house_rules), deal)

    def view(self) -> View:
        hand = self.hand
        if hand.is_over:
            return View(None, frozenset(), True, tuple(hand.team_points()), hand.phase)
        return View(hand.to_act, frozenset(hand.legal_actions()), False, None, hand.phase)

    def apply(self, seat: int, action: str) -> str | None:
        from conformance.engines.openspiel_hand import Refused

        try:
            self.hand.apply(seat, action)
        except Refused as exc:
            return exc.reason
        return None

    def close(self) -> None:
        return None


class ProtocolStepper:
    """Any engine speaking the harness protocol: in a session when it offers them, else by replaying.

    In a session each step is one `act` message answered with only the fields the fuzzer reads.
    Without sessions each step replays the hand so far in one run request, which needs nothing
    of the engine beyond what the conformance suite asks, but grows with the hand.
    """

    VIEW = ("to_act", "legal_actions", "hand_over", "finished_hands", "phase")

    def __init__(self, command: str, timeout: float = 10.0, process: EngineProcess | None = None) -> None:
        """`process`: the engine's process if it was launched already (`make_steppers`)."""
        self.name = command
        self.process = process or EngineProcess(command, timeout=timeout)
        hello = self.process.start()
        self.sessions = SESSIONS in hello.get("capabilities", ())
        self.batches = self.sessions and BATCHES in hello.get("capabilities", ())
        """Whether the engine takes a step of many sessions as one `batch` line."""
        self.playouts = self.sessions and PLAYOUTS in hello.get("capabilities", ())
        """Whether the engine plays a hand on by itself, choosing by numbers it is sent (`playout`)."""
        self.traces = self.playouts and TRACES in hello.get("capabilities", ())
        """Whether it also says what a playout did as a trace (`playout` with `trace`)."""
        self.language = engine_language(hello)
        """The rules language the engine reads: it is sent the rules as of that version."""
        self.request: dict[str, Any] = {}
        self.last: dict[str, Any] = {}
        self.seq = 0
        self.hands = 0
        self.opened: tuple[str, tuple[str, ...]] | None = None
        """The variant and house rules of the open session, whose hands start again by `restart`."""

    def start(self, variant: str, house_rules: tuple[str, ...], deal: dict[str, Any]) -> None:
        if self.sessions and self.opened == (variant, house_rules):
            # The same rules as the session's: a new game under them, without sending the rules again.
            (reply,) = self.process.exchange([{"type": "restart", "session": self.hands, "deals": [deal]}])
            self.last = observation_of(reply, self.name)
            return
        document = lower(resolved_document(variant, house_rules), self.language)
        setup = {"variant": variant, "house_rules": list(house_rules), "rules": document, "deals": [deal]}
        if self.sessions:
            self.opened = (variant, house_rules)
            messages = [{"type": "close", "session": self.hands}] if self.hands else []
            self.hands += 1
            opening = {"type": "open", "session": self.hands, "view": list(self.VIEW)} | setup
            self.last = observation_of(self.process.exchange([*messages, opening])[-1], self.name)
            return
        self.request = {"type": "run", "scenario": "fuzz", **setup, "actions": [], "probes": []}
        self.last = self._send(self.request["actions"])["observations"][-1]

    def _send(self, actions: list[dict[str, Any]]) -> dict[str, Any]:
        self.seq += 1
        reply = self.process.request(self.request | {"seq": self.seq, "actions": actions})
        if reply.get("type") != "result":
            raise EngineRefused(f"{self.name} answered {reply.get('type')}: {reply.get('message') or reply.get('reason')}")
        return reply

    def view(self) -> View:
        return self.view_of(self.last)

    @staticmethod
    def view_of(seen: dict[str, Any]) -> View:
        """What the fuzzer reads of a protocol observation."""
        finished = seen.get("finished_hands") or []
        points = tuple(finished[-1]["points"]) if seen.get("hand_over") and finished else None
        return View(
            seen.get("to_act"), frozenset(seen.get("legal_actions", [])), bool(seen.get("hand_over")), points, seen.get("phase")
        )

    def apply(self, seat: int, action: str) -> str | None:
        if self.sessions:
            (reply,) = self.process.exchange([{"type": "act", "session": self.hands, "seat": seat, "action": action}])
            if reply.get("type") == "refused":
                return str(reply.get("reason"))
            self.last = observation_of(reply, self.name)
            return None
        actions = [*self.request["actions"], {"seat": seat, "action": action}]
        reply = self._send(actions)
        if "stopped" in reply:
            return str(reply["stopped"]["reason"])
        self.request["actions"] = actions
        self.last = reply["observations"][-1]
        return None

    def close(self) -> None:
        self.process.close()


class EngineRefused(Exception):
    """An engine answered a hand's request with an error instead of playing it (rules it cannot take, say).

    The campaign cannot go on without that engine's side of the hand, so the command stops with
    the engine's own words. It carries one message only, so it crosses process pools intact.
    """


def observation_of(reply: dict[str, Any], name: str) -> dict[str, Any]:
    """The observation of a session reply, or a clear error naming the engine."""
    if reply.get("type") != "observation" or not isinstance(reply.get("observation"), dict):
        raise EngineRefused(f"{name} answered {reply.get('type')}: {reply.get('message') or reply.get('reason')}")
    observation: dict[str, Any] = reply["observation"]
    return observation


def _openspiel() -> Any:
    """The OpenSpiel adapter module, or a clear exit if pyspiel is not installed."""
    try:
        from conformance.engines import openspiel
    except ImportError as exc:
        raise SystemExit(f"error: --engine openspiel needs OpenSpiel (pip install -e '.[openspiel]'): {exc}") from exc
    return openspiel


def make_stepper(spec: str, timeout: float = 10.0) -> Stepper:
    """'reference', 'openspiel', or an engine's command line."""
    if spec == "reference":
        return ReferenceStepper()
    if spec == "openspiel":
        return OpenSpielStepper()
    return ProtocolStepper(spec, timeout)


def make_steppers(specs: tuple[str, str], timeout: float = 10.0) -> tuple[Stepper, Stepper]:
    """A stepper for each engine, every engine process launched before the first handshake, so they start up side by side."""
    launched = [None if spec in IN_PROCESS else EngineProcess(spec, timeout=timeout) for spec in specs]
    for process in launched:
        if process is not None:
            process.launch()
    first, second = (
        make_stepper(spec, timeout) if process is None else ProtocolStepper(spec, timeout, process)
        for spec, process in zip(specs, launched, strict=True)
    )
    return first, second


def handshake(spec: str, timeout: float = 10.0) -> dict[str, Any]:
    """The engine's hello reply: what it calls itself and what it plays."""
    if spec == "reference":
        return reference_hello()
    if spec == "openspiel":
        return dict(_openspiel().hello_reply())
    process = EngineProcess(spec, timeout=timeout)
    try:
        return process.start()
    finally:
        process.close()
