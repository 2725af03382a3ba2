"""The reference engine behind the harness protocol.

`handle(message)` answers one protocol message; `serve()` runs the JSON-lines loop on stdin and
stdout (`euchre-spec serve`). The conformance runner calls `handle` directly for in-process runs,
so the same code answers both ways and the protocol adds only transport.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import IO, Any

from reference_impl.deal import Deal, DealError, deal_number, explicit_deal
from reference_impl.engine import IllegalAction, observe_game
from reference_impl.engine.game import GameState, game_apply, new_game
from reference_impl.rules import Rules, compile_rules
from reference_impl.spec import SpecInvalid, builtin_catalog

from . import __version__
from .jsonlines import serve_lines
from .script import play_script

NAME = "euchre-spec reference engine"
RulesHook = Callable[[Rules], Rules]


def hello_reply() -> dict[str, Any]:
    catalog = builtin_catalog()
    return {
        "type": "hello",
        "protocol": 1,
        "name": NAME,
        "version": __version__,
        "variants": sorted(catalog.variants),
        "house_rules": sorted(catalog.house_rules),
        "notes": "Interprets the resolved rules sent with each request.",
    }


class ReferenceEngine:
    """Answers protocol messages; compiled rules are cached per resolved document."""

    def __init__(self, rules_hook: RulesHook | None = None) -> None:
        self._rules: dict[str, Rules] = {}
        self._hook = rules_hook

    def handle(self, message: dict[str, Any]) -> dict[str, Any] | None:
        kind = message.get("type")
        if kind == "hello":
            return hello_reply()
        if kind == "bye":
            return None
        if kind == "run":
            return self.run(message)
        return {"type": "error", "seq": message.get("seq", -1), "message": f"unknown message type {kind!r}"}

    def rules_for(self, request: dict[str, Any]) -> Rules:
        key = json.dumps(request["rules"], sort_keys=True)
        rules = self._rules.get(key)
        if rules is None:
            rules = compile_rules(request["rules"], tuple(request["house_rules"]))
            if self._hook:
                rules = self._hook(rules)
            self._rules[key] = rules
        return rules

    def run(self, request: dict[str, Any]) -> dict[str, Any]:
        seq = request["seq"]
        try:
            rules = self.rules_for(request)
            game = start_game(rules, request)
        except (DealError, SpecInvalid, ValueError, KeyError) as exc:
            return {"type": "error", "seq": seq, "message": f"cannot start the scenario: {exc}"}
        box = [game]

        def apply(seat: int, action: str) -> str | None:
            try:
                box[0] = game_apply(box[0], action, seat)
            except IllegalAction as exc:
                return exc.code
            return None

        def check(seat: int, action: str) -> str | None:
            try:
                game_apply(box[0], action, seat)
            except IllegalAction as exc:
                return exc.code
            return None

        try:
            return play_script(request, apply, check, lambda: observe_game(box[0]))
        except DealError as exc:
            return {"type": "error", "seq": seq, "message": str(exc)}


def start_game(rules: Rules, request: dict[str, Any]) -> GameState:
    """The game a run request describes, dealt and ready for its first action."""
    deals = request["deals"]
    first_dealer = deals[0]["dealer"]

    def deal_for(hand_number: int, dealer: int) -> Deal | None:
        if hand_number >= len(deals):
            return None
        deal = deals[hand_number]
        if "number" in deal:
            return deal_number(rules, deal["number"], dealer)
        return explicit_deal(rules, dealer, deal["hands"], deal.get("up_card"))

    scores = tuple(request["start_scores"]) if "start_scores" in request else None
    return new_game(rules, deal_for, first_dealer, scores)


def serve(stdin: IO[str] = sys.stdin, stdout: IO[str] = sys.stdout) -> int:
    """Serve the engine over the harness protocol on standard input and output."""
    return serve_lines(ReferenceEngine().handle, stdin, stdout)
