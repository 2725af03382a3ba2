"""A kit for serving a Python engine over the harness protocol.

An engine author writes how to start a game from a request's deals, apply an action (or refuse
it with a reason code), and observe the game; `Server` does the rest: the handshake, the
JSON-lines loop, the script with its probes and its stop at a refused step, and sessions (a game
kept open and played one action at a time). Nothing the author writes sees a protocol message,
and every engine this project serves (ours, the OpenSpiel adapter) goes through this one loop.

    class MyEngine(sdk.Engine[MyGame]):
        identity = sdk.Identity("my-engine", "1.0", variants=("north-american",))

        def start(self, setup: sdk.Setup) -> MyGame: ...
        def apply(self, game: MyGame, seat: int, action: str) -> MyGame: ...   # or raise sdk.Refused("must_follow_suit")
        def observe(self, game: MyGame) -> dict[str, Any]: ...

    if __name__ == "__main__":
        sys.exit(sdk.Server(MyEngine()).serve())

Besides the server, the kit answers three questions every engine meets: the cards of a
request's deal (`deal_cards`, the portable deal of a number included), the order of the seats
(`left_of`, `clockwise`, `from_dealers_left`, `team_of`) and which refusal reason to give when
several apply (`reason_to_give`, from the one table of reasons). `serve()` owns standard output:
anything else the engine prints goes to standard error.
"""

from __future__ import annotations

import copy
import gc
import itertools
import json
import sys
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import IO, Any, Generic, TypeVar

from conformance.engines import wire
from documents.schemas import SchemaCheck, message_check
from reference_impl.deal import deal_number, explicit_deal
from reference_impl.engine.fast import PLAYOUT_BITS as PLAYOUT_BITS  # the kit's: one rule, compiled with the runs
from reference_impl.engine.fast import playout_choice as playout_choice
from ruleset.compiled.rules import Rules, compile_rules
from ruleset.defaults import fill_defaults
from ruleset.refusals import reason_to_give as reason_to_give  # the kit's, from the one table of reasons

PROTOCOL = 1
"""The harness protocol version this kit speaks."""

MAX_LINE = wire.MAX_LINE
"""The longest protocol line either side reads (16 MiB)."""

FLUSH_AFTER = 0.05
"""Seconds a batch of replies may wait to be written together before what is ready is written."""

MAX_SESSIONS = 1024
"""Sessions a server keeps open at once: the runner keeps at most 1,001 (a checkpoint's 1,000 completions
and its scenario's own), the fuzzer 64; an `open` past this is answered with an error."""

MAX_SESSION_BYTES = 8 * 2**20
"""The rules and deals all open sessions hold, as JSON, each rules document counted once (8 MiB): the
largest variant's rules take 22 KB and a session's deals a few dozen bytes, so a thousand sessions
of one variant take 100 KB; a client opening sessions with rules of megabytes each is stopped here."""

MAX_RULES_BYTES = 2**20
"""The largest rules document a request may carry, as JSON (1 MiB): 46 times the largest variant's (22 KB).
A bigger one is answered with an error, before the engine compiles it or a session keeps it."""

MAX_MESSAGE_TEXT = 300
"""How much of a bad value an error message quotes."""

SESSIONS = "sessions"
"""The capability of keeping a game open and taking one action at a time (open, act, probe, restart, close)."""

MATCHES = "matches"
"""The capability of playing a variant whose rules have a match section as a match of several games."""

BATCHES = "batches"
"""The capability of taking several session messages in one line (a `batch`) and answering them in one line."""

PLAYOUTS = "playouts"
"""The capability of playing a session's game on by itself, each action chosen by numbers the runner sends (`playout`)."""

TRACES = "traces"
"""The capability of answering a playout with its trace: the seat, the action and the legal actions of each step, as
three lists, instead of an observation after each step (`playout` with `trace`)."""

KNOWN_SINCE = {BATCHES: (0, 10, 0), PLAYOUTS: (0, 11, 0), TRACES: (0, 12, 0)}
"""The first euchre-spec whose runner reads each of these capabilities in a hello: an older one refuses one it does not know."""

MAX_PLAYOUT_NUMBERS = 4096
"""The most numbers a playout carries (the schema's limit): enough for the longest hand many times over."""

SESSION_MESSAGES = frozenset({"open", "act", "probe", "restart", "close", "playout"})
"""The messages of a session: what a batch may hold."""

Game = TypeVar("Game")


class Refused(Exception):
    """The engine refuses an action; `reason` is a code of the protocol's closed list."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class NotApplicable(Exception):
    """The engine cannot run this request at all (several deals, starting scores, ...)."""


class Unavailable(Exception):
    """A well-formed request the server will not take now (a session open already, too many open): an `error`."""


@dataclass(frozen=True)
class Identity:
    """What the engine says of itself in the handshake.

    `always` lists house-rule readings the engine plays whatever it is asked (for example
    `dealer-picks-up-for-loner`): scenarios that contradict them are not applicable to it, and
    those that need them are run.
    """

    name: str
    version: str
    variants: tuple[str, ...]
    house_rules: tuple[str, ...] = ()
    always: tuple[str, ...] = ()
    notes: str = ""
    plays_matches: bool = False
    """Whether the engine plays matches (the `matches` capability), besides single games."""
    rules_language: int | None = None
    """The version of the rules language the engine reads; None says nothing, which the runner takes as version 1."""
    observes: tuple[str, ...] = ()
    """The optional observation fields the engine reports (checkpoints on the others are skipped, not failed)."""

    def hello(self, capabilities: tuple[str, ...]) -> dict[str, Any]:
        reply: dict[str, Any] = {
            "type": "hello",
            "protocol": PROTOCOL,
            "name": self.name,
            "version": self.version,
            "variants": list(self.variants),
            "house_rules": list(self.house_rules),
        }
        if self.always:
            reply["always"] = list(self.always)
        offered = (*capabilities, MATCHES) if self.plays_matches else capabilities
        if offered:
            reply["capabilities"] = list(offered)
        if self.notes:
            reply["notes"] = self.notes
        if self.rules_language is not None:
            reply["rules_language"] = self.rules_language
        if self.observes:
            reply["observes"] = list(self.observes)
        return reply


@dataclass(frozen=True)
class Setup:
    """The game a request asks for: rules by id and resolved, the deals, the starting scores (and a match's games won)."""

    variant: str
    house_rules: tuple[str, ...]
    rules: Mapping[str, Any]
    deals: tuple[Mapping[str, Any], ...]
    start_scores: tuple[int, ...] | None = None
    start_games_won: tuple[int, ...] | None = None

    @classmethod
    def of(cls, message: Mapping[str, Any]) -> Setup:
        scores = message.get("start_scores")
        won = message.get("start_games_won")
        return cls(
            message["variant"],
            tuple(message["house_rules"]),
            message["rules"],
            tuple(message["deals"]),
            None if scores is None else tuple(scores),
            None if won is None else tuple(won),
        )


@dataclass(frozen=True)
class DealtCards:
    """The cards of one deal, in card codes: each seat's hand (seat 0 first; with a dummy, the
    dummy's hand last), the up-card (None where the variant turns none) and the undealt rest in order."""

    dealer: int
    hands: tuple[tuple[str, ...], ...]
    up_card: str | None
    kitty: tuple[str, ...]


def deal_cards(rules: Mapping[str, Any], deal: Mapping[str, Any], dealer: int | None = None) -> DealtCards:
    """The cards of a request's deal under its resolved `rules`: written out, or the portable deal of its number.

    `dealer` is needed for a later deal of a game, which names none (the rules choose who deals
    it); the first deal names its own. A number is dealt as spec/deal-numbers.yaml says
    (SplitMix64, Fisher-Yates, packets from the dealer's left), so an engine that compares its
    own dealing with this one finds a mistake before the suite does. ValueError for a deal that
    does not fit the rules.
    """
    seat = deal.get("dealer", dealer)
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise ValueError("the deal names no dealer: give the dealer the rules chose for it")
    compiled = _compiled(rules)
    if "number" in deal:
        dealt = deal_number(compiled, int(deal["number"]), seat)
    elif "hands" not in deal:
        raise ValueError("a deal is written out (hands, up_card, kitty) or given by its number")
    else:
        dealt = explicit_deal(compiled, seat, [list(hand) for hand in deal["hands"]], deal.get("up_card"), deal.get("kitty"))
    code = compiled.card_code
    hands = [tuple(code(card) for card in hand) for hand in dealt.hands]
    if compiled.dummy:
        hands.append(tuple(code(card) for card in dealt.dummy))
    up_card = None if dealt.up_card is None else code(dealt.up_card)
    return DealtCards(seat, tuple(hands), up_card, tuple(code(card) for card in dealt.kitty))


def portable_deal(rules: Mapping[str, Any], number: int, dealer: int = 0) -> DealtCards:
    """The portable deal `number` dealt by `dealer` under the resolved `rules` (a request's `rules`)."""
    return deal_cards(rules, {"number": number, "dealer": dealer})


def left_of(seat: int, players: int) -> int:
    """The seat to the left of `seat`: the next one clockwise (seats are numbered 0..players-1 clockwise)."""
    return (seat + 1) % players


def clockwise(start: int, players: int, skipping: tuple[int, ...] = ()) -> tuple[int, ...]:
    """Every seat once, clockwise from `start` (first), leaving out `skipping` (seats sitting out, say)."""
    return tuple(seat for offset in range(players) if (seat := (start + offset) % players) not in skipping)


def from_dealers_left(dealer: int, players: int, skipping: tuple[int, ...] = ()) -> tuple[int, ...]:
    """The order most decisions go round in: from the dealer's left round to the dealer."""
    return clockwise(left_of(dealer, players), players, skipping)


def team_of(seat: int, rules: Mapping[str, Any]) -> int:
    """The team a seat plays for, numbered in the order of the rules' `seats.teams` (scores are listed in it)."""
    for index, team in enumerate(rules["seats"]["teams"]):
        if seat in team:
            return index
    raise ValueError(f"seat {seat} is in no team of these rules")


_COMPILED: dict[str, Rules] = {}


def _compiled(rules: Mapping[str, Any]) -> Rules:
    """The rules compiled once per distinct document (a run sends the same few documents many times)."""
    key = json.dumps(rules, sort_keys=True, default=str)
    found = _COMPILED.get(key)
    if found is None:
        try:
            # A document of an older rules language lacks the settings added since: they hold their defaults.
            found = compile_rules(fill_defaults(copy.deepcopy(dict(rules))))
        except (KeyError, TypeError) as exc:
            raise ValueError(f"these are not resolved rules (schemas/resolved-variant.schema.json): {exc!r} is missing") from exc
        if len(_COMPILED) >= 64:
            _COMPILED.clear()
        _COMPILED[key] = found
    return found


class Engine(ABC, Generic[Game]):
    """What an engine author writes: start, apply, observe (and check, if copying is not enough)."""

    identity: Identity

    @abstractmethod
    def start(self, setup: Setup) -> Game:
        """The game dealt and ready for its first action; raise NotApplicable if it cannot be played."""

    @abstractmethod
    def apply(self, game: Game, seat: int, action: str) -> Game:
        """The game after `seat` takes `action`; raise Refused, leaving `game` as it was, if not allowed."""

    def check(self, game: Game, seat: int, action: str) -> None:
        """Raise Refused if `apply` would refuse; by default it tries the action on a copy."""
        self.apply(copy.deepcopy(game), seat, action)

    @abstractmethod
    def observe(self, game: Game) -> dict[str, Any]:
        """The protocol observation of the game (docs/protocol.md, Observations)."""

    def observe_view(self, game: Game, fields: tuple[str, ...]) -> dict[str, Any]:
        """Only `fields` of the observation (a session's view); override it where that is cheaper."""
        seen = self.observe(game)
        return {name: seen[name] for name in fields if name in seen}

    def play_out(self, game: Game, numbers: list[int], fields: tuple[str, ...] | None) -> PlayedOut[Game]:
        """Play on, each action chosen by `numbers` (docs/protocol.md, Playouts), each step observed as `fields` (the
        whole observation if None); override it where that is cheaper. By `observe_view` and `apply`, the observation
        after a step read again for the next choice where `fields` hold what it needs."""
        steps: list[dict[str, Any]] = []
        seen: dict[str, Any] | None = None
        reread = fields is not None and not {"to_act", "legal_actions"} <= set(fields)
        index = 0
        while True:
            if seen is None or reread:
                seen = self.observe_view(game, _CHOOSING)
            seat, legal = seen.get("to_act"), seen.get("legal_actions")
            if type(seat) is not int or not legal:
                break
            ordered = sorted(legal)
            chosen = playout_choice(numbers, index, len(ordered))
            if chosen is None:
                break
            action = ordered[chosen[0]]
            index = chosen[1]
            try:
                game = self.apply(game, seat, action)
            except Refused as exc:
                return PlayedOut(game, steps, {"seat": seat, "action": action, "reason": exc.reason})
            seen = self.observe(game) if fields is None else self.observe_view(game, fields)
            steps.append({"seat": seat, "action": action, "observation": seen})
        return PlayedOut(game, steps, None)

    def trace_out(self, game: Game, numbers: list[int]) -> Traced[Game]:
        """Play on as `play_out` does, and say of each step the seat, the action and the legal actions it was chosen
        among, in code-point order (docs/protocol.md, Traces); override it where that is cheaper. By default, read
        off `play_out`'s steps, each observed as a choice reads it."""
        seen = self.observe_view(game, _CHOOSING)
        played = self.play_out(game, numbers, _CHOOSING)
        traced = Traced(played.game, [], [], [], played.refused)
        for step in played.steps:
            traced.seats.append(step["seat"])
            traced.actions.append(step["action"])
            traced.legal.append(sorted(seen["legal_actions"]))
            seen = step["observation"]
        return traced


@dataclass(frozen=True)
class Traced(Generic[Game]):
    """What a playout did, as its trace: the game after it; the seat, the action and the legal actions (in code-point
    order) of each step taken; and the refusal (seat, action, reason) that stopped it, if one did."""

    game: Game
    seats: list[int]
    actions: list[str]
    legal: list[list[str]]
    refused: dict[str, Any] | None


@dataclass(frozen=True)
class PlayedOut(Generic[Game]):
    """What a playout did: the game after it, each step taken (seat, action, observation after) and the refusal (seat,
    action, reason) that stopped it, if one did."""

    game: Game
    steps: list[dict[str, Any]]
    refused: dict[str, Any] | None


class Server(Generic[Game]):
    """Answers protocol messages for one engine; `serve` runs the loop on stdin and stdout."""

    def __init__(
        self, engine: Engine[Game], sessions: bool = True, batches: bool = True, playouts: bool = True, traces: bool = True
    ) -> None:
        """`sessions=False` offers only run requests, as an engine without sessions would; `batches=False` offers
        sessions one message per line, as an engine without batches would; `playouts=False` leaves out playouts, and
        `traces=False` answers them with their steps only, as an engine of package 0.11 would."""
        self.engine = engine
        played = ((PLAYOUTS, TRACES) if traces else (PLAYOUTS,)) if playouts else ()
        offered = (SESSIONS, *((BATCHES,) if batches else ()), *played)
        self.capabilities = offered if sessions else ()
        self._sessions: dict[str | int, _Session[Game]] = {}
        self._held = 0
        """The bytes of rules and deals the open sessions hold (their JSON), each rules document counted once."""
        self._documents: dict[int, _Document] = {}
        """The rules documents of the open sessions, by identity: a document several sessions share is held once."""

    def serve(self, stdin: IO[str] = sys.stdin, stdout: IO[str] = sys.stdout) -> int:
        """One reply line per request line until 'bye' or the end of input."""
        return serve_messages(self.handle, stdin, stdout)

    def handle(self, message: Any) -> dict[str, Any] | None:
        """The reply to one message (None for 'bye'); never raises, whatever the message or the engine does."""
        if not isinstance(message, dict):
            return _error(-1, f"a message is a JSON object, not {type(message).__name__}")
        kind = message.get("type")
        seq = message.get("seq", -1)
        seq = seq if isinstance(seq, int) and not isinstance(seq, bool) else -1
        if kind == "hello":
            protocol = message.get("protocol")
            if type(protocol) is not int or protocol != PROTOCOL:
                return _error(-1, f"this engine speaks harness protocol {PROTOCOL}, not {_quoted(protocol)}")
            return self.engine.identity.hello(_offered_to(self.capabilities, message.get("package_version")))
        if kind == "bye":
            return None
        handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None or not isinstance(kind, str) or _CAPABILITY.get(kind, SESSIONS) not in (*self.capabilities, None):
            return _error(seq, f"unknown message type {_quoted(kind)}")
        problem = None if _plainly_well_formed(kind, message) else protocol_problem(kind, message)
        if problem is not None:
            return _error(seq, problem)
        try:
            return handler(self, message, seq)
        except Exception as exc:
            return _failed(kind, seq, exc)

    def _run(self, request: dict[str, Any], seq: int) -> dict[str, Any]:
        _rules_size(request["rules"])
        setup = Setup.of(request)
        game = _Session(self.engine, setup, self.engine.start(setup))
        probes = request["probes"]
        answers: list[dict[str, Any]] = [{"refused": False, "reason": "not reached"} for _ in probes]

        def try_probes(after: int) -> None:
            for index, probe in enumerate(probes):
                if probe["after"] == after:
                    answers[index] = game.probe(probe["seat"], probe["action"])

        observations = [game.observe()]
        stopped = None
        for index, step in enumerate(request["actions"]):
            try_probes(index)
            reason = game.act(step["seat"], step["action"])
            if reason is not None:
                stopped = {"at": index, "reason": reason}
                break
            observations.append(game.observe())
        else:
            try_probes(len(request["actions"]))
        reply: dict[str, Any] = {"type": "result", "seq": seq, "observations": observations, "probes": answers}
        if stopped:
            reply["stopped"] = stopped
        return reply

    def _batch(self, message: dict[str, Any], seq: int) -> dict[str, Any]:
        """Each session message of the batch answered in order, as if it had come on a line of its own.

        The plainest act on an open session, nearly every message of a fuzzer's batch, goes
        straight to its session; any other message is answered by `handle`, as it would be alone.
        """
        replies = []
        sessions = self._sessions
        for inner in message["messages"]:
            kind = inner.get("type") if type(inner) is dict else None
            if kind == "act" and _plainly_well_formed(kind, inner) and (session := sessions.get(inner["session"])) is not None:
                step = inner["seq"]
                try:
                    reason = session.act(inner["seat"], inner["action"])
                    reply = (
                        {"type": "observation", "seq": step, "observation": session.observe()}
                        if reason is None
                        else {"type": "refused", "seq": step, "reason": reason}
                    )
                except Exception as exc:
                    reply = _failed(kind, step, exc)
            elif kind in SESSION_MESSAGES:
                answered = self.handle(inner)
                assert answered is not None  # only a bye goes unanswered
                reply = answered
            else:
                step = inner.get("seq") if isinstance(inner, dict) else None
                listed = ", ".join(sorted(SESSION_MESSAGES))
                reply = _error(step if type(step) is int else -1, f"a batch holds session messages ({listed}), not {kind!r}")
            replies.append(reply)
        return {"type": "batch", "seq": seq, "replies": replies}

    def _open(self, message: dict[str, Any], seq: int) -> dict[str, Any]:
        ident = _session_id(message)
        if ident in self._sessions:
            raise Unavailable(f"session {ident!r} is open already; close it first, or open another")
        if len(self._sessions) >= MAX_SESSIONS:
            raise Unavailable(f"{MAX_SESSIONS:,} sessions are open, as many as this engine keeps; close one first")
        rules = self._shared_rules(message["rules"])
        document = self._documents.get(id(rules))
        rules_size = 0 if document is not None else _rules_size(rules)
        size = _setup_size(message, ("deals", "start_scores", "start_games_won"))
        self._hold(rules_size + size)
        setup = Setup.of(message | {"rules": rules})
        session = _Session(self.engine, setup, self.engine.start(setup), message.get("view"))
        session.size = size
        if document is None:
            document = self._documents[id(rules)] = _Document(rules, rules_size)
        document.sessions += 1
        self._sessions[ident] = session
        self._held += rules_size + size
        return {"type": "observation", "seq": seq, "observation": session.observe()}

    def _hold(self, more: int) -> None:
        """Refuse (Unavailable) to let the open sessions hold `more` bytes past MAX_SESSION_BYTES."""
        if self._held + more > MAX_SESSION_BYTES:
            raise Unavailable(
                f"the open sessions hold {self._held:,} bytes of rules and deals, and this would take them past "
                f"{MAX_SESSION_BYTES:,}; close some first"
            )

    def _shared_rules(self, rules: Mapping[str, Any]) -> Mapping[str, Any]:
        """The rules of an open session equal to these, if one of the latest documents is: sessions opened with the
        same rules (a fuzzer's hands, a checkpoint's completions) then hold one copy, and the engine knows it at once."""
        for key in itertools.islice(reversed(self._documents), 8):
            held = self._documents[key].rules
            if held == rules:
                return held
        return rules

    def _restart(self, message: dict[str, Any], seq: int) -> dict[str, Any]:
        session = self._session(message)
        size = _setup_size(message, ("deals", "start_scores"))
        self._hold(size - session.size)
        scores = message.get("start_scores")
        setup = replace(session.setup, deals=tuple(message["deals"]), start_scores=None if scores is None else tuple(scores))
        session.game = self.engine.start(setup)
        self._held += size - session.size
        session.size = size
        return {"type": "observation", "seq": seq, "observation": session.observe()}

    def _act(self, message: dict[str, Any], seq: int) -> dict[str, Any]:
        session = self._session(message)
        reason = session.act(message["seat"], message["action"])
        if reason is not None:
            return {"type": "refused", "seq": seq, "reason": reason}
        return {"type": "observation", "seq": seq, "observation": session.observe()}

    def _playout(self, message: dict[str, Any], seq: int) -> dict[str, Any]:
        session = self._session(message)
        if message.get("trace"):
            if TRACES not in self.capabilities:
                return _error(seq, "this engine does not offer traces: ask for a playout's steps (leave out 'trace')")
            return {"type": "playout", "seq": seq} | session.trace(message["numbers"])
        return {"type": "playout", "seq": seq} | session.playout(message["numbers"], message.get("view"))

    def _probe(self, message: dict[str, Any], seq: int) -> dict[str, Any]:
        answer = self._session(message).probe(message["seat"], message["action"])
        return (
            {"type": "refused", "seq": seq, "reason": answer["reason"]} if answer["refused"] else {"type": "accepted", "seq": seq}
        )

    def _close(self, message: dict[str, Any], seq: int) -> dict[str, Any]:
        session = self._sessions.pop(_session_id(message), None)
        if session is not None:
            self._held -= session.size
            document = self._documents[id(session.setup.rules)]
            document.sessions -= 1
            if not document.sessions:
                del self._documents[id(session.setup.rules)]
                self._held -= document.size
        return {"type": "closed", "seq": seq}

    def _session(self, message: dict[str, Any]) -> _Session[Game]:
        ident = _session_id(message)
        if ident not in self._sessions:
            raise ValueError(f"no open session {ident!r}")
        return self._sessions[ident]


class _Session(Generic[Game]):
    """One game in play, with the observation fields its opener asked for."""

    def __init__(self, engine: Engine[Game], setup: Setup, game: Game, view: Any = None) -> None:
        self.engine = engine
        self.setup = setup
        self.game = game
        self.view = None if view is None else tuple(str(name) for name in view)
        self.size = 0
        """What the session counts against MAX_SESSION_BYTES besides its rules: its deals and scores as JSON."""

    def act(self, seat: int, action: str) -> str | None:
        """Apply the action; the refusal reason if the engine refused it."""
        _check_step(seat, action)
        try:
            self.game = self.engine.apply(self.game, seat, action)
        except Refused as exc:
            return exc.reason
        return None

    def probe(self, seat: int, action: str) -> dict[str, Any]:
        _check_step(seat, action)
        try:
            self.engine.check(self.game, seat, action)
        except Refused as exc:
            return {"refused": True, "reason": exc.reason}
        return {"refused": False}

    def observe(self) -> dict[str, Any]:
        return self.engine.observe(self.game) if self.view is None else self.engine.observe_view(self.game, self.view)

    def playout(self, numbers: list[int], view: list[str] | None = None) -> dict[str, Any]:
        """Play on, each action chosen by `numbers` (docs/protocol.md, Playouts): the steps taken, each observed as
        `view` asks (else as the session's view), the refusal that stopped them if one did, and the game at the end.

        The choice is the one Python's `random.choice` makes of the sorted legal actions when its
        generator's next 32-bit outputs are `numbers`, so the fuzzer, which chooses that way, knows
        which action each step takes without asking.
        """
        played = self.engine.play_out(self.game, numbers, self.view if view is None else tuple(view))
        self.game = played.game
        reply = {"steps": played.steps, "observation": self.observe()}
        return reply if played.refused is None else reply | {"refused": played.refused}

    def trace(self, numbers: list[int]) -> dict[str, Any]:
        """Play on as `playout` does, and say what each step did as the playout's trace (docs/protocol.md, Traces)."""
        traced = self.engine.trace_out(self.game, numbers)
        self.game = traced.game
        trace = {"seats": traced.seats, "actions": traced.actions, "legal": traced.legal}
        reply = {"trace": trace, "observation": self.observe()}
        return reply if traced.refused is None else reply | {"refused": traced.refused}


@dataclass
class _Document:
    """A rules document open sessions hold: it counts against MAX_SESSION_BYTES once, while any of them is open."""

    rules: Mapping[str, Any]
    size: int
    sessions: int = 0


def serve_messages(handle: Callable[[Any], dict[str, Any] | None], stdin: IO[str], stdout: IO[str]) -> int:
    """The JSON-lines loop around a message handler: a reply line per request line, until 'bye' (None).

    Every line gets an answer and the loop goes on, whatever the line holds: a line that is not
    UTF-8, too long or not JSON (NaN and Infinity included, which JSON does not have) is
    answered with an `error`. The replies to every line that has arrived are written together,
    with one flush before the loop waits for more, so a runner that sends a batch of messages
    (a scenario's session, the fuzzer's step of many hands) gets its replies in one batch; but
    once the batch has taken FLUSH_AFTER seconds, what is ready is written at once, so the
    replies of an engine that is slow to answer arrive as they are ready, each within the
    runner's timeout for it, not all at the end.

    What the engine built before serving (its tables, the rules it read) lives as long as the
    loop, so it is frozen out of the cyclic collector's way first (`gc.freeze`): otherwise every
    full collection, which the many small replies of a long session set off, walks all of it.
    """
    gc.freeze()
    for batch in _request_batches(stdin):
        replies: list[str] = []
        flushed = time.monotonic()
        for line in batch:
            if isinstance(line, _Unreadable):
                reply: dict[str, Any] = _error(-1, line.problem)
            elif not line.strip():
                continue
            else:
                try:
                    message = parse_message(line)
                except wire.TooManyValues as exc:
                    reply = _error(-1, str(exc))
                except (ValueError, RecursionError) as exc:
                    reply = _error(-1, f"not JSON: {exc}")
                else:
                    answer = handle(message)
                    if answer is None:
                        _write_replies(stdout, replies)
                        return 0
                    reply = answer
            replies.append(encode_reply(reply) + "\n")
            if reply["type"] == "batch" or time.monotonic() - flushed >= FLUSH_AFTER:
                _write_replies(stdout, replies)
                replies, flushed = [], time.monotonic()
        _write_replies(stdout, replies)
    return 0


def _write_replies(stdout: IO[str], replies: list[str]) -> None:
    stdout.write("".join(replies))
    stdout.flush()


def parse_message(line: str | bytes) -> Any:
    """One protocol line as JSON; ValueError for anything JSON does not allow (NaN, Infinity, 1e999)."""
    return wire.loads(line)


def encode_reply(reply: dict[str, Any]) -> str:
    """The reply as one line of strict JSON; an error reply instead if it cannot be written so."""
    try:
        return wire.dumps(reply)
    except (ValueError, TypeError, RecursionError) as exc:
        seq = reply.get("seq", -1)
        seq = seq if isinstance(seq, int) and not isinstance(seq, bool) else -1
        return wire.dumps(_error(seq, f"the engine's reply cannot be written as JSON: {exc}"))


def protocol_problem(kind: str, message: dict[str, Any]) -> str | None:
    """What is wrong with a message by the protocol schema (the first problem, with its JSON pointer), or None."""
    problems = sorted(_validator(kind).iter_errors(message), key=lambda e: [len(e.absolute_path), *map(str, e.absolute_path)])
    if not problems:
        return None
    where = "".join(f"/{part}" for part in problems[0].absolute_path)
    return f"the {kind} message does not follow the protocol at {where or '/'}: {problems[0].message}"


_CHOOSING = ("to_act", "legal_actions")
"""What a playout reads before each action."""

_STEP_FIELDS = frozenset({"type", "seq", "session", "seat", "action"})
_PLAYOUT_FIELDS = frozenset({"type", "seq", "session", "numbers", "view", "trace"})
_PLAYOUT_NEEDS = frozenset({"type", "seq", "session", "numbers"})
_BATCH_FIELDS = frozenset({"type", "seq", "messages"})
_RESTART_FIELDS = frozenset({"type", "seq", "session", "deals"})
_CLOSE_FIELDS = frozenset({"type", "seq", "session"})
_NUMBERED_DEAL = (frozenset({"number"}), frozenset({"dealer", "number"}))


def _plainly_well_formed(kind: str, message: dict[str, Any]) -> bool:
    """Whether a session's step, restart or close is one the schema surely accepts, found without the schema.

    A session sends one of these per step or per hand, and the schema check costs several times
    the engine's own step; the check here accepts only the plainest well-formed messages and
    leaves anything else, well-formed or not, to the schema, so it never accepts what the
    schema refuses.
    """
    keys = message.keys()
    seq, session = message.get("seq"), message.get("session")
    if kind == "batch":  # its messages are checked one by one as they are answered
        return keys == _BATCH_FIELDS and type(seq) is int and seq >= 0 and type(message["messages"]) is list
    if not (type(seq) is int and seq >= 0 and type(session) in (str, int)):
        return False
    if kind in ("act", "probe"):
        seat = message.get("seat")
        return keys == _STEP_FIELDS and type(seat) is int and 0 <= seat <= 7 and type(message["action"]) is str
    if kind == "restart":
        deals = message.get("deals")
        return keys == _RESTART_FIELDS and type(deals) is list and bool(deals) and all(_plain_deal(deal) for deal in deals)
    if kind == "playout":
        numbers, view = message.get("numbers"), message.get("view", [])
        return (
            _PLAYOUT_NEEDS <= keys <= _PLAYOUT_FIELDS
            and type(message.get("trace", False)) is bool
            and type(view) is list
            and all(type(name) is str for name in view)
            and type(numbers) is list
            and len(numbers) <= MAX_PLAYOUT_NUMBERS
            and (not numbers or (set(map(type, numbers)) == {int} and min(numbers) >= 0 and max(numbers) < 2**PLAYOUT_BITS))
        )
    return kind == "close" and keys == _CLOSE_FIELDS


def _plain_deal(deal: Any) -> bool:
    """A deal given by its number (and dealer), every value in range."""
    if type(deal) is not dict or deal.keys() not in _NUMBERED_DEAL:
        return False
    number, dealer = deal["number"], deal.get("dealer", 0)
    return type(number) is int and 0 <= number < 2**64 and type(dealer) is int and 0 <= dealer <= 7


def _validator(kind: str) -> SchemaCheck:
    return message_check(f"https://euchre-spec.org/schemas/protocol.schema.json#/$defs/{kind}")


@dataclass(frozen=True)
class _Unreadable:
    """A line that cannot be a message at all, and why."""

    problem: str


def _request_batches(stdin: IO[str]) -> Iterator[list[str | _Unreadable]]:
    """The input's lines, read as bytes when there are bytes to read, so no line can stop the loop:
    in batches of every whole line that has arrived at each read."""
    raw = getattr(stdin, "buffer", None)
    if raw is None or not hasattr(raw, "read1"):  # a text stream with no bytes beneath it
        for text in stdin:
            yield [text]
        return
    pending = bytearray()
    dropping = False  # inside an overlong line, whose rest is read and dropped
    while chunk := raw.read1(1 << 16):
        pending += chunk
        batch: list[str | _Unreadable] = []
        while (end := pending.find(b"\n")) >= 0:
            line = wire.take_line(pending, end)
            if dropping:
                dropping = False
                continue
            batch.append(_decoded(line))
        if len(pending) > MAX_LINE and not dropping:
            batch.append(_Unreadable(f"a line longer than {MAX_LINE // 2**20} MiB"))
            dropping = True
        if dropping:
            pending.clear()
        if batch:
            yield batch
    if pending and not dropping:
        yield [_decoded(bytes(pending))]


def _decoded(line: bytes) -> str | _Unreadable:
    """A request line as text, or the problem an engine answers it with."""
    text = wire.decode_line(line)
    if isinstance(text, str):
        return text
    if text.too_long:
        return _Unreadable(f"a line longer than {MAX_LINE // 2**20} MiB")
    return _Unreadable(f"not UTF-8: byte {text.byte!r} at position {text.at} of the line")


def _quoted(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= MAX_MESSAGE_TEXT else text[: MAX_MESSAGE_TEXT - 3] + "..."


def _check_step(seat: Any, action: Any) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(action, str):
        raise TypeError(f"a step is a seat number and an action id, not {seat!r} and {action!r}")


def _session_id(message: dict[str, Any]) -> str | int:
    """The session's id as sent: the number 1 and the text "1" are two sessions, as they are two JSON values."""
    ident = message["session"]
    if not isinstance(ident, (str, int)) or isinstance(ident, bool):
        raise TypeError(f"a session id is a string or an integer, not {ident!r}")
    return ident


def _rules_size(rules: Any) -> int:
    """The bytes of a rules document as JSON; Unavailable past MAX_RULES_BYTES."""
    size = len(wire.dumps(rules))
    if size > MAX_RULES_BYTES:
        raise Unavailable(f"the rules take {size:,} bytes as JSON; this engine reads rules of at most {MAX_RULES_BYTES:,}")
    return size


def _setup_size(message: dict[str, Any], keys: tuple[str, ...]) -> int:
    """The bytes of these fields of a session's message, as JSON: what the session holds while it is open."""
    return sum(len(wire.dumps(message[key])) for key in keys if key in message)


def _failed(kind: str, seq: int, exc: Exception) -> dict[str, Any]:
    """The reply to a message whose handling raised `exc`: the engine keeps serving whatever went wrong."""
    if isinstance(exc, NotApplicable):
        return {"type": "not_applicable", "seq": seq, "reason": str(exc)}
    if isinstance(exc, Unavailable):
        return _error(seq, str(exc))
    if isinstance(exc, (KeyError, TypeError, ValueError, AttributeError, IndexError)):
        return _error(seq, f"malformed {kind} request: {type(exc).__name__}: {exc}")
    return _error(seq, f"the engine failed: {type(exc).__name__}: {exc}")  # the engine's own failure


def _error(seq: int, message: str) -> dict[str, Any]:
    """An error reply; its message is cut short, since it may quote a value of any size."""
    if len(message) > 2 * MAX_MESSAGE_TEXT:
        message = message[: 2 * MAX_MESSAGE_TEXT - 3] + "..."
    return {"type": "error", "seq": seq, "message": message}


_HANDLERS = {
    "run": Server._run,
    "open": Server._open,
    "restart": Server._restart,
    "act": Server._act,
    "probe": Server._probe,
    "close": Server._close,
    "batch": Server._batch,
    "playout": Server._playout,
}

_CAPABILITY: dict[str, str | None] = {"run": None, "batch": BATCHES, "playout": PLAYOUTS}
"""The capability a message needs, where it is not `sessions` (run requests need none)."""


def _offered_to(capabilities: tuple[str, ...], runner_version: object) -> tuple[str, ...]:
    """The capabilities to list to a runner of this package version: each of KNOWN_SINCE only to one that knows it (a
    runner older than that, or one that gives no version, checks the hello against a schema without it)."""
    try:
        version = tuple(int(part) for part in str(runner_version).split(".")[:3])
    except ValueError:
        version = ()
    return tuple(capability for capability in capabilities if version >= KNOWN_SINCE.get(capability, ()))
