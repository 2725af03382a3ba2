"""Checks over every legal completion: a scenario's hand played on from a checkpoint in many seeded ways.

Some rules say what holds however the rest of a hand is played (a lone maker who has taken the
first three tricks scores at least one point whatever follows). A script shows one way; a
`completions` checkpoint plays `count` more, each choosing among the engine's own legal actions,
and holds its `at_end` fields against every end reached. The choices are made by a generator
written down in docs/protocol.md (SplitMix64 seeded with seed + index, drawing among the legal
actions sorted by their text), so any runner plays the same completions on the same engine.

All completions advance together, one message each per round trip: with sessions, one session
per completion and an `act` per step; without them, a `run` request per step that replays the
script so far, which every engine of protocol 1 already answers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from conformance.engines.process import EngineFailure
from conformance.engines.sessions import SETUP_FIELDS, Exchange
from conformance.suite.checkpoints import observed_kinds, shown
from conformance.suite.compare import expected_and_observed
from conformance.suite.scenarios import Scenario, Step
from reference_impl.deal import MASK64, SplitMix64

MAX_ACTIONS = 1000
"""A completion that has not ended after this many actions fails: a hand of Euchre ends long before."""


def generator(seed: int, index: int) -> SplitMix64:
    """The generator of completion `index` (from 0) of a checkpoint with `seed`."""
    return SplitMix64((seed + index) & MASK64)


def choose(legal: list[str], rng: SplitMix64) -> str:
    """The action a completion takes: a uniform draw among the legal actions sorted by their text."""
    ordered = sorted(legal)
    return ordered[rng.below(len(ordered))]


@dataclass
class Completion:
    """One completion in progress: its generator, the actions it took, and what the engine showed last."""

    seed: int
    index: int
    rng: SplitMix64
    taken: list[Step] = field(default_factory=list)
    seen: dict[str, Any] = field(default_factory=dict)
    problem: str | None = None
    """Why it could not be played to its end (the engine refused its own legal action, say)."""

    @property
    def ended(self) -> bool:
        return self.problem is not None or self.seen.get("to_act") is None

    def next_step(self) -> Step | None:
        """The step this completion takes next, or None (with `problem` set) when it cannot go on."""
        legal = self.seen.get("legal_actions") or []
        if not legal:
            self.problem = f"seat {self.seen.get('to_act')} is to act with no legal action"
            return None
        if len(self.taken) >= MAX_ACTIONS:
            self.problem = f"the hand has not ended after {MAX_ACTIONS} actions"
            return None
        step = Step(int(self.seen["to_act"]), choose(list(legal), self.rng))
        self.taken.append(step)
        return step


@dataclass(frozen=True)
class CompletionMismatch:
    """A completion whose end breaks an `at_end` field, or that could not reach an end; named so it can be replayed."""

    after: int
    seed: int
    index: int
    actions: tuple[Step, ...]
    field: str
    expected: Any
    actual: Any

    def __str__(self) -> str:
        played = ", ".join(map(str, self.actions)) or "nothing"
        where = f"completion {self.index} of seed {self.seed} after step {self.after} (then {played})"
        if self.field == "":
            return f"{where}: {self.actual}"
        return f"{where}: {self.field}: expected {shown(self.expected)}, got {shown(self.actual)}"


def explore(exchange: Exchange, request: dict[str, Any], scenario: Scenario, sessions: bool) -> list[CompletionMismatch]:
    """Every mismatch of every completions checkpoint of `scenario`, played on the engine behind `exchange`."""
    found: list[CompletionMismatch] = []
    for number, check in enumerate(scenario.checks):
        if "completions" in check:
            after = scenario.check_index(check)
            view = _view(check["at_end"])
            completions = _play(exchange, request, after, check["completions"], sessions, f"c{request['seq']}.{number}", view)
            found.extend(_judge(check["at_end"], after, completions))
    return found


def _view(at_end: dict[str, Any]) -> list[str]:
    """The observation fields a completion reads: who acts and what is legal, and what `at_end` compares."""
    return ["to_act", "legal_actions", *sorted({kind.path.field for kind in observed_kinds(at_end) if kind.path is not None})]


def _play(
    exchange: Exchange,
    request: dict[str, Any],
    after: int,
    settings: dict[str, int],
    sessions: bool,
    name: str,
    view: list[str],
) -> list[Completion]:
    seed, count = settings["seed"], settings["count"]
    completions = [Completion(seed, index, generator(seed, index)) for index in range(count)]
    player = _SessionPlayer(exchange, request, after, name, view) if sessions else _ReplayPlayer(exchange, request, after)
    try:
        player.start(completions)
        while live := [completion for completion in completions if not completion.ended]:
            steps = [(completion, completion.next_step()) for completion in live]
            player.step([(completion, step) for completion, step in steps if step is not None])
    finally:
        player.finish(completions)
    return completions


class _SessionPlayer:
    """Completions as sessions: each opened and brought to the checkpoint, then one `act` per step."""

    def __init__(self, exchange: Exchange, request: dict[str, Any], after: int, name: str, view: list[str]) -> None:
        self.exchange = exchange
        self.request = request
        self.after = after
        self.name = name
        self.view = view
        """Only the fields a completion reads are asked for (an engine may send more)."""

    def session(self, completion: Completion) -> str:
        return f"{self.name}.{completion.index}"

    def start(self, completions: list[Completion]) -> None:
        setup = {key: self.request[key] for key in SETUP_FIELDS if key in self.request}
        messages: list[dict[str, Any]] = []
        for completion in completions:
            session = self.session(completion)
            opening = {"type": "open", "session": session, "scenario": self.request["scenario"], "view": self.view}
            messages.append(opening | setup)
            for action in self.request["actions"][: self.after]:
                messages.append({"type": "act", "session": session, "seat": action["seat"], "action": action["action"]})
        replies = iter(self.exchange(messages))
        for completion in completions:
            for _ in range(self.after + 1):
                completion.seen = _observation(next(replies), "bringing a completion to its checkpoint")

    def step(self, steps: list[tuple[Completion, Step]]) -> None:
        messages = [
            {"type": "act", "session": self.session(completion), "seat": step.seat, "action": step.action}
            for completion, step in steps
        ]
        for (completion, step), reply in zip(steps, self.exchange(messages), strict=True):
            if reply.get("type") == "refused":
                completion.problem = f"the engine refused {step}, one of its own legal actions: {reply.get('reason')}"
            else:
                completion.seen = _observation(reply, "a completion's step")

    def finish(self, completions: list[Completion]) -> None:
        self.exchange([{"type": "close", "session": self.session(completion)} for completion in completions])


class _ReplayPlayer:
    """Completions as run requests: each step replays the script up to the checkpoint and the completion so far."""

    def __init__(self, exchange: Exchange, request: dict[str, Any], after: int) -> None:
        self.exchange = exchange
        self.base = request | {"actions": request["actions"][:after], "probes": []}

    def start(self, completions: list[Completion]) -> None:
        (reply,) = self.exchange([self.base])
        seen = _result(reply)["observations"][-1]
        for completion in completions:
            completion.seen = seen

    def step(self, steps: list[tuple[Completion, Step]]) -> None:
        messages = []
        for completion, _ in steps:
            taken = [{"seat": step.seat, "action": step.action} for step in completion.taken]
            messages.append(self.base | {"actions": [*self.base["actions"], *taken]})
        for (completion, step), reply in zip(steps, self.exchange(messages), strict=True):
            result = _result(reply)
            if "stopped" in result:
                completion.problem = f"the engine refused {step}, one of its own legal actions: {result['stopped']['reason']}"
            else:
                completion.seen = result["observations"][-1]

    def finish(self, completions: list[Completion]) -> None:
        return None


def _observation(reply: dict[str, Any], doing: str) -> dict[str, Any]:
    if reply.get("type") != "observation" or not isinstance(reply.get("observation"), dict):
        raise EngineFailure("error", f"the engine answered {reply.get('type')!r} while {doing}: {_said(reply)}")
    observation: dict[str, Any] = reply["observation"]
    return observation


def _result(reply: dict[str, Any]) -> dict[str, Any]:
    if reply.get("type") != "result" or not reply.get("observations"):
        raise EngineFailure("error", f"the engine answered {reply.get('type')!r} to a completion's run request: {_said(reply)}")
    return reply


def _said(reply: dict[str, Any]) -> str:
    return str(reply.get("message") or reply.get("reason") or "")


def _judge(at_end: dict[str, Any], after: int, completions: list[Completion]) -> list[CompletionMismatch]:
    found = []
    for completion in completions:
        taken = tuple(completion.taken)
        if completion.problem is not None:
            found.append(CompletionMismatch(after, completion.seed, completion.index, taken, "", None, completion.problem))
            continue
        for kind in observed_kinds(at_end):
            expected, actual = expected_and_observed(kind, at_end[kind.name], completion.seen)
            if kind.comparison.differs(expected, actual):
                found.append(CompletionMismatch(after, completion.seed, completion.index, taken, kind.name, expected, actual))
    return found
