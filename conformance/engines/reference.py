"""The reference engine behind the harness protocol, built on the engine kit (`conformance.engines.sdk`).

`ReferenceEngine()` answers protocol messages (`handle`), in process or served on stdin and
stdout (`euchre-spec serve`), so the same code answers both ways and the protocol adds only
transport. The engine interprets the resolved rules each request carries; compiled rules are
cached per resolved document. A variant whose rules have a match section is played as a match
(`MatchState`), any other as a single game (`GameState`), so one engine offers both.
"""

from __future__ import annotations

import functools
import json
import sys
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import IO, Any

import orjson

from conformance import __version__
from conformance.engines import sdk
from documents.schemas import optional_observation_fields, validate
from reference_impl.deal import Deal, DealError, deal_number, explicit_deal
from reference_impl.engine import IllegalAction, observe_game, observe_match
from reference_impl.engine.fast import NumberedChoices, play_cards
from reference_impl.engine.game import (
    DealSource,
    GameState,
    game_apply,
    game_do,
    game_legal_actions,
    game_moved_on,
    new_game,
)
from reference_impl.engine.match import MatchState, match_apply, match_do, new_match
from ruleset import RESOLVED_SCHEMA, SpecInvalid, builtin_catalog
from ruleset.compiled.rules import Rules, compile_rules
from ruleset.language import current_language

NAME = "euchre-spec reference engine"
CACHED_RULES = 64
"""Compiled rules kept for documents seen before: more than the variants and house-rule sets of a run."""
CACHED_BYTES = 8 * 2**20
"""The documents' JSON those compiled rules stand for, at most (8 MiB; the largest variant's is 22 KB)."""
IDENTITIES = 256
"""Documents whose compiled rules are found by identity, the cheapest way (a session's restart)."""
RulesHook = Callable[[Rules], Rules]
Played = GameState | MatchState
"""What the reference engine plays for a request: a game, or a match where the rules have one."""


def identity() -> sdk.Identity:
    catalog = builtin_catalog()
    return sdk.Identity(
        NAME,
        __version__,
        tuple(sorted(catalog.variants)),
        tuple(sorted(catalog.house_rules)),
        notes="Interprets the resolved rules sent with each request.",
        plays_matches=True,
        rules_language=current_language(),
        observes=optional_observation_fields(),
    )


def hello_reply() -> dict[str, Any]:
    return identity().hello((sdk.SESSIONS, sdk.BATCHES, sdk.PLAYOUTS, sdk.TRACES))


class ReferenceGames(sdk.Engine[Played]):
    """Our engine as the kit sees it: games (or matches) start from a request's rules and deals."""

    def __init__(self, rules_hook: RulesHook | None = None) -> None:
        self.identity = identity()
        self._rules: OrderedDict[bytes | str, Rules] = OrderedDict()
        self._cached_bytes = 0
        self._by_identity: dict[int, tuple[object, Rules]] = {}
        self._hook = rules_hook

    def rules_for(self, setup: sdk.Setup) -> Rules:
        known = self._by_identity.get(id(setup.rules))
        if known is not None and known[0] is setup.rules:  # a session's restart, or one sharing its rules
            return known[1]
        key = _document_key(setup.rules)
        rules = self._rules.get(key)
        if rules is None:
            _check_rules(setup.rules)
            rules = compile_rules(dict(setup.rules), setup.house_rules)
            if self._hook:
                rules = self._hook(rules)
            self._remember(key, rules)
        else:
            self._rules.move_to_end(key)
        if len(self._by_identity) >= IDENTITIES:  # a long run of one-off requests must not pile up documents
            self._by_identity.clear()
        if len(key) <= CACHED_BYTES // IDENTITIES:  # a huge document is not kept for its identity's sake
            self._by_identity[id(setup.rules)] = (setup.rules, rules)  # the document is kept, so its id stays its own
        return rules

    def _remember(self, key: bytes | str, rules: Rules) -> None:
        """Keep compiled rules for the next request with the same document, the least recently used let go first:
        a client sending ever new rules (or huge ones) must not pile them up."""
        self._rules[key] = rules
        self._cached_bytes += len(key)
        while len(self._rules) > CACHED_RULES or (self._cached_bytes > CACHED_BYTES and len(self._rules) > 1):
            dropped, _ = self._rules.popitem(last=False)
            self._cached_bytes -= len(dropped)

    def start(self, setup: sdk.Setup) -> Played:
        try:
            rules = self.rules_for(setup)
            if rules.match is not None:
                return start_match(rules, setup)
            if setup.start_games_won is not None:
                raise ValueError(f"start_games_won is for a match, but {rules.variant_id} is played as a single game")
            return start_game(rules, setup)
        except (DealError, SpecInvalid) as exc:
            raise ValueError(f"cannot start the scenario: {exc}") from exc

    def apply(self, game: Played, seat: int, action: str) -> Played:
        """The game after the action, moved on in place: a session holds the only reference to its game."""
        try:
            if isinstance(game, MatchState):
                return match_do(game, action, seat)
            return game_do(game, action, seat)
        except IllegalAction as exc:
            raise sdk.Refused(exc.code) from None

    def check(self, game: Played, seat: int, action: str) -> None:
        """Try the action by the pure apply, which leaves the game as it was, and drop the result."""
        try:
            if isinstance(game, MatchState):
                match_apply(game, action, seat)
            else:
                game_apply(game, action, seat)
        except IllegalAction as exc:
            raise sdk.Refused(exc.code) from None

    def observe(self, game: Played) -> dict[str, Any]:
        return observe_match(game) if isinstance(game, MatchState) else observe_game(game)

    def observe_view(self, game: Played, fields: tuple[str, ...]) -> dict[str, Any]:
        """The fields a fuzzer's session asks for are read straight off the state; others need the whole view."""
        viewer = _viewer(fields)
        if viewer is None or isinstance(game, MatchState):
            return super().observe_view(game, fields)
        return viewer(game)

    def trace_out(self, game: Played, numbers: list[int]) -> sdk.Traced[Played]:
        """A game's hand played on by the kit's choice, straight off the state: each action chosen, and written into
        the trace, by `NumberedChoices`, and the cards of the plain play step played in runs (`play_cards`), both
        compiled where the build could. Matches go the kit's way."""
        if isinstance(game, MatchState):
            return super().trace_out(game, numbers)
        choices, seats = NumberedChoices(numbers), list[int]()
        while not choices.ran_out and not game.is_over and not game.hand.is_over:
            hand = game.hand
            if hand.step.plays:
                before = len(hand.history)
                play_cards(hand, choices.card)
                seats.extend(seat for seat, _ in hand.history[before:])
                game = game_moved_on(game)
                continue
            seat = hand.to_act
            action = None if seat is None else choices.pick(hand.legal_actions())
            if seat is None or action is None:
                break
            seats.append(seat)
            game = game_do(game, action, seat)
        return sdk.Traced(game, seats, choices.actions, choices.legal, None)

    def play_out(self, game: Played, numbers: list[int], fields: tuple[str, ...] | None) -> sdk.PlayedOut[Played]:
        """The playout's steps read off its trace where each step's view holds only what the trace tells (the seat to
        act next, its legal actions and that the hand goes on), the last step's off the state; other views, and
        matches, go the kit's way."""
        if isinstance(game, MatchState) or fields is None or not _PLAYOUT_NEEDS <= set(fields) <= _PLAYOUT_FIELDS:
            return super().play_out(game, numbers, fields)
        traced = self.trace_out(game, numbers)
        between = {"hand_over": False} if "hand_over" in fields else {}
        steps = [
            {"seat": seat, "action": action, "observation": {"to_act": next_seat, "legal_actions": legal} | between}
            for seat, action, next_seat, legal in zip(
                traced.seats, traced.actions, traced.seats[1:], traced.legal[1:], strict=False
            )  # each step but the last, observed as the next step's seat and choices show it
        ]
        if traced.seats:
            viewer = _viewer(fields)
            assert viewer is not None and isinstance(traced.game, GameState), "a game's hand, in fields read off it"
            steps.append({"seat": traced.seats[-1], "action": traced.actions[-1], "observation": viewer(traced.game)})
        return sdk.PlayedOut(traced.game, steps, None)


_CHEAP_FIELDS: dict[str, Callable[[GameState], Any]] = {
    "phase": lambda game: game.hand.phase,
    "to_act": lambda game: None if game.is_over or game.hand.is_over else game.hand.to_act,
    "legal_actions": lambda game: [action.text for action in game_legal_actions(game)],
    "hand_over": lambda game: game.hand.is_over,
    "tricks_won": lambda game: list(game.hand.tricks_won),
    "finished_hands": lambda game: [{"thrown_in": r.thrown_in, "points": list(r.points)} for r in game.results],
    "scores": lambda game: list(game.scores),
    "game_over": lambda game: game.is_over,
}
"""Observation fields as observe_game computes them, each on its own."""


_HAND_FIELDS = frozenset({"to_act", "legal_actions", "hand_over", "finished_hands", "phase"})
"""The fields a fuzzer asks for after every step (conformance/fuzzing/steppers.py)."""

_PLAYOUT_NEEDS = frozenset({"to_act", "legal_actions"})
_PLAYOUT_FIELDS = frozenset({"to_act", "legal_actions", "hand_over"})
"""The views a playout of the reference engine reads straight off the state: what a playout needs, and what the
fuzzer asks of its steps (conformance/fuzzing/tables.py)."""


def _hand_view(game: GameState) -> dict[str, Any]:
    """The fields of _HAND_FIELDS read in one go, the hand looked up once: the values `_CHEAP_FIELDS` gives."""
    hand = game.hand
    over = hand.is_over
    return {
        "to_act": None if over or game.is_over else hand.to_act,
        "legal_actions": [action.text for action in game_legal_actions(game)],
        "hand_over": over,
        "finished_hands": [{"thrown_in": r.thrown_in, "points": list(r.points)} for r in game.results],
        "phase": hand.phase,
    }


@functools.lru_cache(maxsize=64)
def _viewer(fields: tuple[str, ...]) -> Callable[[GameState], dict[str, Any]] | None:
    """How to read a view straight off the state, found once per view; None if a field needs the whole observation."""
    if not set(fields) <= _CHEAP_FIELDS.keys():
        return None
    if len(fields) == len(_HAND_FIELDS) and set(fields) == _HAND_FIELDS:
        return _hand_view
    readers = tuple((name, _CHEAP_FIELDS[name]) for name in fields)
    return lambda game: {name: read(game) for name, read in readers}


class ReferenceEngine(sdk.Server[Played]):
    """The reference engine answering protocol messages; `rules_hook` alters the compiled rules (mutants)."""

    def __init__(
        self,
        rules_hook: RulesHook | None = None,
        sessions: bool = True,
        batches: bool = True,
        playouts: bool = True,
        traces: bool = True,
    ) -> None:
        super().__init__(ReferenceGames(rules_hook), sessions, batches, playouts, traces)


def _document_key(document: Mapping[str, Any]) -> bytes | str:
    """The same key for equal rules documents however their fields are ordered: sorted JSON, by orjson where it can
    write the document (five times faster than the standard library, and a request's rules are keyed on every open)."""
    try:
        return orjson.dumps(document, option=orjson.OPT_SORT_KEYS)
    except (orjson.JSONEncodeError, TypeError):  # an integer beyond 64 bits, say
        return json.dumps(document, sort_keys=True)


def _check_rules(document: Any) -> None:
    """Refuse (ValueError, naming the first problem) rules sent in a request that are not complete resolved rules.

    The compiler reads every setting and supplies none, so only documents that follow the resolved
    schema reach it; checked once per distinct document, as rules are cached.
    """
    problems = validate(document, RESOLVED_SCHEMA, lambda pointer: ("rules", 0))
    if problems:
        first = problems[0]
        raise ValueError(f"the rules do not follow {RESOLVED_SCHEMA} at {first.pointer or '/'}: {first.message}")


def start_game(rules: Rules, setup: sdk.Setup) -> GameState:
    """The game a request describes, dealt and ready for its first action."""
    return new_game(rules, _request_deals(rules, setup), setup.deals[0]["dealer"], setup.start_scores)


def start_match(rules: Rules, setup: sdk.Setup) -> MatchState:
    """The match a request describes: its deals run on from game to game."""
    return new_match(rules, _request_deals(rules, setup), setup.deals[0]["dealer"], setup.start_scores, setup.start_games_won)


def _request_deals(rules: Rules, setup: sdk.Setup) -> DealSource:
    """Hand k (of the game or the match) is the request's deal k, until they run out."""
    deals = setup.deals

    def deal_for(hand_number: int, dealer: int) -> Deal | None:
        if hand_number >= len(deals):
            return None
        deal = deals[hand_number]
        if "number" in deal:
            return deal_number(rules, deal["number"], dealer)
        return explicit_deal(rules, dealer, deal["hands"], deal.get("up_card"), deal.get("kitty"))

    return deal_for


def serve(
    stdin: IO[str] = sys.stdin,
    stdout: IO[str] = sys.stdout,
    sessions: bool = True,
    batches: bool = True,
    playouts: bool = True,
    traces: bool = True,
) -> int:
    """Serve the engine over the harness protocol on standard input and output."""
    return ReferenceEngine(sessions=sessions, batches=batches, playouts=playouts, traces=traces).serve(stdin, stdout)
