"""A small Euchre engine in Python, served over the harness protocol by the engine kit.

`euchre-spec new-engine DIR --language python` writes this file as the start of your own
engine. It plays plain North American Euchre (the `north-american` variant, no house rules):
two rounds of bidding on the up-card, going alone, the dealer's pick-up, the tricks with the
bowers, the score, and games of several hands to the target. The handshake declares only that,
so the suite runs only those scenarios and skips the others; declare more as you add them.

Run it with the Python euchre-spec is installed in (it imports the kit, `conformance.sdk`):

    euchre-spec smoke --engine "/path/to/that/python DIR/engine.py"
    euchre-spec conform --engine "/path/to/that/python DIR/engine.py"

The kit does the protocol (the handshake, the JSON lines, the script and its probes, sessions);
this file does the game. A hand is in one phase at a time, and each phase has the same three
parts: the legal actions of the player to act, why it refuses an action, and how it takes one.
Standard output belongs to the protocol: print anything else to standard error.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from typing import Any

from conformance import sdk

NAME = "euchre-spec-python-skeleton"
"""The engine's name in the handshake: reports go to reports/<name>/."""

VERSION = "0.1.0"

GRAMMAR = re.compile(
    r"^(?:(?P<bare>pass|order_up|go_alone|defend_alone|leave_up_card|call_redeal)"
    r"|(?P<named>name_trump):(?P<suit>[CDHSN])|(?:predict|predict_alone):[CDHS]|ask:[0-7]"
    r"|(?P<carded>discard|play|give):(?P<card>(?:[2-9TJQKA][CDHS]|J[KRB])(?:#[1-9])?))$"
)
"""Every action word of the protocol, of every variant: a word of another game (`ask:2`) is a real action
this game's phases do not take (wrong_phase); anything else, or a card not in the pack, is unknown_action."""

PHASE_KINDS = {
    "round_one": {"pass", "order_up"},
    "round_two": {"pass", "name_trump"},
    "declare_alone": {"pass", "go_alone"},
    "dealer_discard": {"discard", "leave_up_card"},
    "play": {"play"},
}
"""The action kinds each phase of a hand takes (named as the protocol names the phases)."""

SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}
"""The suit of the same colour: the jack of this suit is the left bower when the other is trump."""


@dataclass(frozen=True)
class Action:
    """An action id read once: its kind (`play`, `pass`, ...), and the card or suit it names."""

    kind: str
    card: str | None = None
    suit: str | None = None


def parse_action(text: str, deck: tuple[str, ...]) -> Action | None:
    """The action an id names, or None when it is no action of this game."""
    match = GRAMMAR.match(text)
    if match is None:
        return None
    if match["bare"]:
        return Action(match["bare"])
    if match["named"]:
        return Action("name_trump", suit=match["suit"])
    if match["carded"]:
        return Action(match["carded"], card=match["card"]) if match["card"] in deck else None
    return Action(text.partition(":")[0])


@dataclass
class Hand:
    """One hand as it is played: the cards, the bidding, the tricks."""

    deck: tuple[str, ...]
    ranks: tuple[str, ...]
    teams: tuple[tuple[int, ...], ...]
    dealer: int
    hands: list[list[str]]
    up_card: str
    kitty: list[str]
    phase: str = "round_one"
    to_act: int | None = None
    trump: str | None = None
    maker: int | None = None
    round_made: int = 0
    maker_alone: bool = False
    sitting_out: list[int] = field(default_factory=list)
    trick: list[tuple[int, str]] = field(default_factory=list)
    trick_winners: list[int] = field(default_factory=list)
    tricks_won: list[int] = field(default_factory=list)
    thrown_in: bool = False
    points: list[int] | None = None

    @property
    def seats(self) -> int:
        return len(self.hands)

    def next_in_play(self, seat: int) -> int:
        """The next seat clockwise after `seat` that plays this hand."""
        return next(s for s in sdk.clockwise(seat + 1, self.seats) if s not in self.sitting_out)

    # the cards: which suit a card follows, and how strongly it bids for the trick

    def suit_of(self, card: str) -> str:
        """The suit a card counts as: the left bower is a trump."""
        return self.trump if self.trump is not None and card == "J" + SAME_COLOUR[self.trump] else card[1]

    def power(self, card: str, led: str) -> int:
        """Any trump beats the suit led, which beats the rest; the bowers top trump, then the ranks in order."""
        within = len(self.ranks) - self.ranks.index(card[0])
        if self.suit_of(card) == self.trump:
            return 300 if card == f"J{self.trump}" else 299 if card[0] == "J" else 200 + within
        return 100 + within if self.suit_of(card) == led else 0

    def playable(self) -> list[str]:
        """The cards the player to act may play: any on a lead, else the suit led where they hold it."""
        assert self.to_act is not None
        held = self.hands[self.to_act]
        if not self.trick:
            return held
        led = self.suit_of(self.trick[0][1])
        return [card for card in held if self.suit_of(card) == led] or held

    # the phases: the legal actions, the phase's own refusals, and taking an action

    def legal(self) -> list[str]:
        if self.phase == "round_one":
            return ["pass", "order_up"]
        if self.phase == "round_two":
            return ["pass", *(f"name_trump:{suit}" for suit in "CDHS" if suit != self.up_card[1])]
        if self.phase == "declare_alone":
            return ["pass", "go_alone"]
        if self.phase == "dealer_discard":
            return [f"discard:{card}" for card in self.hands[self.dealer]]
        if self.phase == "play":
            return [f"play:{card}" for card in self.playable()]
        return []

    def refusal(self, seat: int, text: str) -> str | None:
        """Why `seat` may not take `text` now (a reason code of the protocol), or None: first the reasons any
        action can meet, in the protocol's order, then the phase's own, given as `sdk.reason_to_give` orders them."""
        action = parse_action(text, self.deck)
        if action is None:
            return "unknown_action"
        if self.phase == "hand_over":
            return "hand_over"
        if seat != self.to_act:
            return "not_your_turn"
        if action.kind not in PHASE_KINDS[self.phase]:
            return "wrong_phase"
        broken = []
        if action.kind == "name_trump" and action.suit == "N":
            broken.append("suit_not_allowed")
        elif action.kind == "name_trump" and action.suit == self.up_card[1]:
            broken.append("turned_down_suit")
        if action.kind == "leave_up_card":
            broken.append("pickup_compulsory")
        if action.card is not None and action.card not in self.hands[seat]:
            broken.append("card_not_in_hand")
        if action.kind == "play" and action.card not in self.playable():
            broken.append("must_follow_suit")
        return sdk.reason_to_give(broken) if broken else None

    def take(self, text: str) -> None:
        """Take an action `refusal` allows."""
        action = parse_action(text, self.deck)
        assert action is not None and self.to_act is not None
        seat = self.to_act
        if action.kind == "pass" and self.phase in ("round_one", "round_two"):
            self._pass(seat)
        elif action.kind in ("order_up", "name_trump"):
            self.trump = self.up_card[1] if action.kind == "order_up" else action.suit
            self.maker, self.round_made = seat, 1 if action.kind == "order_up" else 2
            self.phase = "declare_alone"
        elif self.phase == "declare_alone":
            self._declare(seat, alone=action.kind == "go_alone")
        elif action.kind == "discard":
            assert action.card is not None
            self.hands[seat].remove(action.card)
            self._start_play()
        else:
            assert action.card is not None
            self._play(seat, action.card)

    def _pass(self, seat: int) -> None:
        """The next player speaks; after the dealer, round two opens, or after round two the hand is thrown in."""
        if seat != self.dealer:
            self.to_act = sdk.left_of(seat, self.seats)
        elif self.phase == "round_one":
            self.phase, self.to_act = "round_two", sdk.left_of(self.dealer, self.seats)
        else:
            self.thrown_in, self.points = True, [0] * len(self.teams)
            self.phase, self.to_act = "hand_over", None

    def _declare(self, maker: int, alone: bool) -> None:
        """The maker plays alone or not; on the up-card's suit the dealer then takes it up (unless sitting out)."""
        if alone:
            self.maker_alone = True
            self.sitting_out = [seat for seat in self.teams[self._team(maker)] if seat != maker]
        if self.round_made == 1 and self.dealer not in self.sitting_out:
            self.hands[self.dealer].append(self.up_card)
            self.phase, self.to_act = "dealer_discard", self.dealer
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.phase, self.to_act = "play", self.next_in_play(self.dealer)

    def _play(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < self.seats - len(self.sitting_out):
            self.to_act = self.next_in_play(seat)
            return
        led = self.suit_of(self.trick[0][1])
        winner = max(self.trick, key=lambda played: self.power(played[1], led))[0]
        self.trick_winners.append(winner)
        self.tricks_won[winner] += 1
        self.trick = []
        self.to_act = winner
        if not self.hands[winner]:
            self.points, self.phase, self.to_act = self._score(), "hand_over", None

    def _team(self, seat: int) -> int:
        return next(index for index, team in enumerate(self.teams) if seat in team)

    def _score(self) -> list[int]:
        """1 for the makers taking 3 or 4 tricks, 2 for all five (4 alone), 2 to the defenders for a euchre."""
        assert self.maker is not None
        makers = self._team(self.maker)
        taken = sum(self.tricks_won[seat] for seat in self.teams[makers])
        if taken < 3:
            return [0 if team == makers else 2 for team in range(len(self.teams))]
        won = 1 if taken < 5 else 4 if self.maker_alone else 2
        return [won if team == makers else 0 for team in range(len(self.teams))]


@dataclass
class Game:
    """A game of several hands: the running score, the deals still to play, and who has won."""

    rules: dict[str, Any]
    deals: list[dict[str, Any]]
    hand: Hand
    scores: list[int]
    finished_hands: list[dict[str, Any]] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)

    def finish_hand(self) -> None:
        """Score the hand just over; deal the next one (the deal passing left) unless the game is won or no deal is left."""
        points = self.hand.points or []
        self.finished_hands.append({"thrown_in": self.hand.thrown_in, "points": list(points)})
        self.scores = [score + gained for score, gained in zip(self.scores, points, strict=True)]
        target = self.rules["game"]["target"]
        self.winners = [team for team, score in enumerate(self.scores) if score >= target]
        number = len(self.finished_hands)
        if not self.winners and number < len(self.deals):
            self.hand = new_hand(self.rules, self.deals[number], sdk.left_of(self.hand.dealer, self.hand.seats))


def new_hand(rules: dict[str, Any], deal: dict[str, Any], dealer: int) -> Hand:
    """A hand on a request's deal (written out, or a portable deal number), bidding open at the dealer's left."""
    cards = sdk.deal_cards(rules, deal, dealer)
    deck = rules["deck"]
    assert cards.up_card is not None
    return Hand(
        deck=tuple(rank + suit for suit in deck["suits"] for rank in deck["ranks"]),
        ranks=tuple(deck["ranks"]),
        teams=tuple(tuple(team) for team in rules["seats"]["teams"]),
        dealer=cards.dealer,
        hands=[list(held) for held in cards.hands],
        up_card=cards.up_card,
        kitty=list(cards.kitty),
        to_act=sdk.left_of(cards.dealer, len(cards.hands)),
        tricks_won=[0] * len(cards.hands),
    )


class SkeletonEngine(sdk.Engine[Game]):
    """The kit's three questions: how a game starts from a request, how an action is taken, what the table shows."""

    identity = sdk.Identity(NAME, VERSION, variants=("north-american",), rules_language=1, observes=("up_card",))

    def start(self, setup: sdk.Setup) -> Game:
        rules, deals = dict(setup.rules), [dict(deal) for deal in setup.deals]
        scores = list(setup.start_scores or [0] * len(rules["seats"]["teams"]))
        return Game(rules, deals, new_hand(rules, deals[0], deals[0]["dealer"]), scores)

    def check(self, game: Game, seat: int, action: str) -> None:
        reason = game.hand.refusal(seat, action)
        if reason is not None:
            raise sdk.Refused(reason)

    def apply(self, game: Game, seat: int, action: str) -> Game:
        self.check(game, seat, action)
        game.hand.take(action)
        if game.hand.phase == "hand_over":
            game.finish_hand()
        return game

    def observe(self, game: Game) -> dict[str, Any]:
        hand = game.hand
        return {
            "to_act": hand.to_act,
            "legal_actions": hand.legal(),
            "dealer": hand.dealer,
            "up_card": hand.up_card,
            "trump": hand.trump,
            "maker": hand.maker,
            "maker_alone": hand.maker_alone,
            "defender_alone": None,
            "sitting_out": sorted(hand.sitting_out),
            "hands": [list(held) for held in hand.hands],
            "trick": [list(played) for played in hand.trick],
            "trick_winners": list(hand.trick_winners),
            "tricks_won": list(hand.tricks_won),
            "hand_over": hand.phase == "hand_over",
            "finished_hands": [dict(finished) for finished in game.finished_hands],
            "scores": list(game.scores),
            "game_over": bool(game.winners),
            "winners": list(game.winners),
        }


if __name__ == "__main__":
    sys.exit(sdk.Server(SkeletonEngine()).serve())
