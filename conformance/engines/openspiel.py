"""OpenSpiel's Euchre behind the harness protocol: `python -m conformance.engines.openspiel`.

`euchre-spec conform --engine openspiel` starts this module as its own process, exactly as it
would start any other engine, so OpenSpiel is judged by the same path as everyone. The handshake
declares only what OpenSpiel can play:

* north-american, the only variant it has (four players, 24 cards, one hand);
* stick-the-dealer (its `stick_the_dealer` parameter; off, a passed-out hand ends unscored);
* defend-alone=never and defend-alone=always (its `allow_lone_defender`; it offers a lone defence
  whether or not the maker is alone, so against-lone-maker is not declared);
* no-up-card-discard and dealer-picks-up-for-loner: our spec took both from OpenSpiel's source,
  and it has no switch for them: it always plays them, in every request.

It has no switch for the other house rules (super-euchre: its header promises -4 for a
trickless euchre but its code scores -2; canadian-loner; optional-pickup; throw-in, whose point
is who deals next), so they are not declared and their scenarios are skipped. OpenSpiel plays
one hand per game with no running score, so a request of several deals or with starting scores
is answered not_applicable. Plain north-american is declared although OpenSpiel always keeps
the up-card and makes the dealer pick up for a lone partner: those scenarios run and fail, and
the expected-failures file says why.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from importlib import metadata
from typing import IO, Any

import pyspiel

from conformance import __version__
from conformance.engines import sdk
from conformance.engines.in_process import InProcessEngine
from conformance.engines.openspiel_hand import TEAMS, DealMismatch, OpenSpielHand, Refused
from reference_impl.deal import deal_number
from ruleset.compiled.loading import load_rules

NAME = "OpenSpiel Euchre"
VARIANTS = ("north-american",)
HOUSE_RULES = ("stick-the-dealer", "defend-alone=never", "defend-alone=always", "no-up-card-discard", "dealer-picks-up-for-loner")
NOTES = (
    "pyspiel.load_game('euchre') through conformance/engines/openspiel.py. Legality is OpenSpiel's own legal_actions(); "
    "the maker's go-alone answer is held until OpenSpiel asks for it after the dealer's discard. OpenSpiel always "
    "plays no-up-card-discard and dealer-picks-up-for-loner, one hand per game. A refusal whose reason cannot be read "
    "from OpenSpiel's rules is reported with the reason 'unexplained'."
)


def identity() -> sdk.Identity:
    version = f"open-spiel {metadata.version('open-spiel')}, adapter {__version__}"
    return sdk.Identity(NAME, version, VARIANTS, HOUSE_RULES, notes=NOTES)


def hello_reply() -> dict[str, Any]:
    return identity().hello((sdk.SESSIONS, sdk.BATCHES, sdk.PLAYOUTS, sdk.TRACES))


def game_parameters(rules_document: Any) -> dict[str, bool] | str:
    """OpenSpiel's parameters for a resolved north-american document, or why it has none."""
    defender = rules_document["lone_play"]["defender"]
    if defender not in ("never", "always"):
        return f"OpenSpiel cannot play a lone defence only {defender.replace('_', ' ')}"
    return {
        "stick_the_dealer": rules_document["bidding"]["all_pass"] == "stick_the_dealer",
        "allow_lone_defender": defender == "always",
    }


def unsupported(setup: sdk.Setup) -> str | None:
    """Why OpenSpiel cannot run this request at all; None if it can."""
    if setup.variant not in VARIANTS:
        return f"OpenSpiel plays only north-american, not {setup.variant}"
    for ref in setup.house_rules:
        if ref not in HOUSE_RULES and ref.partition("=")[0] not in HOUSE_RULES:
            return f"OpenSpiel has no way to play the house rule {ref}"
    if len(setup.deals) > 1:
        return f"OpenSpiel plays one hand per game; this request deals {len(setup.deals)} hands"
    if any(setup.start_scores or ()):
        return "OpenSpiel keeps no game score, so it cannot start from given scores"
    parameters = game_parameters(setup.rules)
    return parameters if isinstance(parameters, str) else None


class OpenSpielHands(sdk.Engine[OpenSpielHand]):
    """OpenSpiel as the engine kit sees it: each request is dealt on a fresh OpenSpiel state."""

    def __init__(self) -> None:
        self.identity = identity()
        self._games: dict[tuple[bool, bool], Any] = {}

    def game(self, parameters: dict[str, bool]) -> Any:
        key = (parameters["stick_the_dealer"], parameters["allow_lone_defender"])
        if key not in self._games:
            self._games[key] = pyspiel.load_game("euchre", dict(parameters))
        return self._games[key]

    def new_hand(self, rules_document: Any, deal: Mapping[str, Any]) -> OpenSpielHand:
        """OpenSpiel dealt our deal: explicit cards, or deal number N by spec/deal-numbers.yaml."""
        parameters = game_parameters(rules_document)
        assert not isinstance(parameters, str), parameters
        dealer = deal["dealer"]
        if "number" in deal:
            rules = load_rules("north-american")
            dealt = deal_number(rules, deal["number"], dealer)
            assert dealt.up_card is not None
            hands = [[rules.card_code(card) for card in hand] for hand in dealt.hands]
            up_card = rules.card_code(dealt.up_card)
        else:
            hands, up_card = deal["hands"], deal["up_card"]
        return OpenSpielHand(self.game(parameters), dealer, hands, up_card)

    def start(self, setup: sdk.Setup) -> OpenSpielHand:
        reason = unsupported(setup)
        if reason:
            raise sdk.NotApplicable(reason)
        try:
            return self.new_hand(setup.rules, setup.deals[0])
        except DealMismatch as exc:
            raise ValueError(f"cannot deal the scenario on OpenSpiel: {exc}") from exc

    def apply(self, game: OpenSpielHand, seat: int, action: str) -> OpenSpielHand:
        try:
            game.apply(seat, action)
        except Refused as exc:
            raise sdk.Refused(exc.reason) from None
        return game

    def check(self, game: OpenSpielHand, seat: int, action: str) -> None:
        try:
            game.check(seat, action)
        except Refused as exc:
            raise sdk.Refused(exc.reason) from None

    def observe(self, game: OpenSpielHand) -> dict[str, Any]:
        return observe(game)


class OpenSpielEngine(sdk.Server[OpenSpielHand]):
    """The adapter answering protocol messages."""

    def __init__(self) -> None:
        super().__init__(OpenSpielHands())


def observe(hand: OpenSpielHand) -> dict[str, Any]:
    """A full protocol observation: the hand's fields and a one-hand game around it."""
    observation = hand.observe()
    over = hand.is_over
    points = hand.team_points() if over else [0] * len(TEAMS)
    observation.update(
        {
            "hand_number": 0,
            "hand_over": over,
            "finished_hands": [{"thrown_in": hand.thrown_in, "points": points}] if over else [],
            "scores": points,
            "game_over": False,
            "winners": [],
        }
    )
    return observation


class InProcessOpenSpiel(InProcessEngine):
    """The adapter called directly (no child process), for tests, the fuzzer and the site."""

    def __init__(self) -> None:
        super().__init__(OpenSpielEngine())


def serve(stdin: IO[str] = sys.stdin, stdout: IO[str] = sys.stdout) -> int:
    """Serve the engine over the harness protocol on standard input and output."""
    return OpenSpielEngine().serve(stdin, stdout)


if __name__ == "__main__":
    sys.exit(serve())
