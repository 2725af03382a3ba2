"""The state of one hand, and what a refusal looks like.

A HandState is a value: `apply` never changes one, it returns a new one. Every field holds an
immutable value (ints, tuples), so a new state is a shallow copy with a few fields replaced;
that keeps the state machine pure and a random playout cheap.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..deal import Deal
from ..rules import Action, Rules

BID_ROUND_ONE = "bid_round_one"
BID_ROUND_TWO = "bid_round_two"
DEALER_NAMES_UNSEEN = "dealer_names_trump_unseen"
DECLARE_ALONE = "declare_alone"
DEALER_DISCARD = "dealer_discard"
DEFEND_ALONE = "defend_alone"
PLAY = "play"
HAND_OVER = "hand_over"
REDEAL_CALL = "redeal_call"
PREDICT = "predict"
PARTNER_ASK = "partner_ask"
PARTNER_GIVE = "partner_give"
LONE_DISCARD = "lone_discard"
DUMMY_DISCARD = "dummy_discard"
PHASES = (
    REDEAL_CALL,
    PREDICT,
    BID_ROUND_ONE,
    BID_ROUND_TWO,
    DEALER_NAMES_UNSEEN,
    DECLARE_ALONE,
    PARTNER_ASK,
    PARTNER_GIVE,
    LONE_DISCARD,
    DEALER_DISCARD,
    DUMMY_DISCARD,
    DEFEND_ALONE,
    PLAY,
    HAND_OVER,
)

REASONS = {
    "unknown_action": "the action is not one this variant knows",
    "hand_over": "the hand is over; no more actions are taken",
    "not_your_turn": "it is another player's turn",
    "wrong_phase": "that kind of action is not taken at this point of the hand",
    "turned_down_suit": "the suit of the turned-down card cannot be named in round two",
    "dealer_must_name_trump": "the dealer is stuck and may not pass",
    "must_go_alone": "this bid can only be made by going alone",
    "card_not_in_hand": "the card is not in the player's hand",
    "cannot_discard_up_card": "the dealer may not discard the up-card",
    "pickup_compulsory": "the dealer must take the up-card",
    "must_follow_suit": "the player holds a card of the suit led and must play one",
    "suit_not_allowed": "that suit cannot be trump in this variant",
    "needs_trump_to_order": "the dealer may take up the up-card only holding a card of its suit",
    "passed_cannot_go_alone": "a player who passed may not play alone",
    "not_a_partner": "a lone player may ask only a partner for a card",
}


class IllegalAction(Exception):
    """A refused action. The state it was tried on is unchanged."""

    def __init__(self, code: str, seat: int, phase: str, action: str, detail: str = "") -> None:
        self.code = code
        self.seat = seat
        self.phase = phase
        self.action = action
        message = f"seat {seat} cannot {action!r} during {phase}: {REASONS[code]}"
        super().__init__(message + (f" ({detail})" if detail else ""))


@dataclass(frozen=True)
class HandResult:
    """How a hand ended: thrown in, or played out and scored by one row of the table."""

    thrown_in: bool
    maker: int | None = None
    trump: int | None = None
    makers_tricks: int = 0
    maker_alone: bool = False
    defender_alone: int | None = None
    row: str | None = None
    clause: str | None = None
    points: tuple[int, ...] = ()
    redeal_called_by: int | None = None
    reneged_by: int | None = None


class HandState:
    """One hand in progress. Read its fields; change it only through `apply`."""

    __slots__ = (
        "_legal",
        "active",
        "active_count",
        "callers",
        "deal",
        "defender_alone",
        "discarded",
        "dummy",
        "giver",
        "hands",
        "history",
        "leader",
        "led_suit",
        "made_in_round",
        "maker",
        "maker_alone",
        "passed",
        "passes",
        "phase",
        "predicted_alone",
        "redeals_left",
        "reneged",
        "result",
        "rules",
        "set_aside",
        "taker",
        "to_act",
        "trick",
        "tricks",
        "tricks_won",
        "trump",
        "turned_down",
    )

    rules: Rules
    deal: Deal
    phase: str
    to_act: int
    hands: tuple[tuple[int, ...], ...]
    history: tuple[tuple[int, Action], ...]
    passes: int
    turned_down: int
    trump: int
    maker: int
    maker_alone: bool
    defender_alone: int
    active: tuple[bool, ...]
    active_count: int
    discarded: int
    trick: tuple[tuple[int, int], ...]
    leader: int
    led_suit: int
    tricks_won: tuple[int, ...]
    tricks: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]
    result: HandResult | None
    taker: int
    giver: int
    made_in_round: int
    passed: tuple[int, ...]
    predicted_alone: bool
    reneged: int
    callers: tuple[int, ...]
    redeals_left: tuple[int, ...] | None
    dummy: tuple[int, ...]
    set_aside: tuple[int, ...]
    _legal: tuple[Action, ...] | None

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    @property
    def is_over(self) -> bool:
        return self.phase == HAND_OVER

    @property
    def dealer_took_up_card(self) -> bool:
        """Whether the up-card is (to be) taken into a hand: the dealer's, or a smitty predictor's."""
        return self.taker >= 0

    def clone(self) -> HandState:
        """A shallow copy for building the next state; only the state machine calls this.

        Written out field by field because it runs on every action and a loop over __slots__
        costs a quarter of a random playout; a test checks that no slot is forgotten.
        """
        other = HandState.__new__(HandState)
        other.rules = self.rules
        other.deal = self.deal
        other.phase = self.phase
        other.to_act = self.to_act
        other.hands = self.hands
        other.history = self.history
        other.passes = self.passes
        other.turned_down = self.turned_down
        other.trump = self.trump
        other.maker = self.maker
        other.maker_alone = self.maker_alone
        other.defender_alone = self.defender_alone
        other.active = self.active
        other.active_count = self.active_count
        other.discarded = self.discarded
        other.trick = self.trick
        other.leader = self.leader
        other.led_suit = self.led_suit
        other.tricks_won = self.tricks_won
        other.tricks = self.tricks
        other.result = self.result
        other.taker = self.taker
        other.giver = self.giver
        other.made_in_round = self.made_in_round
        other.passed = self.passed
        other.predicted_alone = self.predicted_alone
        other.reneged = self.reneged
        other.callers = self.callers
        other.redeals_left = self.redeals_left
        other.dummy = self.dummy
        other.set_aside = self.set_aside
        other._legal = None
        return other

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.rules.players

    def sit_out(self, seats: tuple[int, ...]) -> None:
        """Lay down these seats' hands for the rest of the hand (only the state machine calls this)."""
        active = list(self.active)
        for seat in seats:
            active[seat] = False
        self.active = tuple(active)
        self.active_count = sum(active)

    def next_active(self, seat: int) -> int:
        """The first active seat clockwise after `seat`."""
        players = self.rules.players
        active = self.active
        nxt = (seat + 1) % players
        while not active[nxt]:
            nxt = (nxt + 1) % players
        return nxt


def initial_state(rules: Rules, deal: Deal, phase: str, to_act: int) -> HandState:
    state = HandState.__new__(HandState)
    state.rules = rules
    state.deal = deal
    state.phase = phase
    state.to_act = to_act
    state.hands = deal.hands
    state.history = ()
    state.passes = 0
    state.turned_down = -1
    state.trump = -1
    state.maker = -1
    state.maker_alone = False
    state.defender_alone = -1
    state.active = (True,) * rules.players
    state.active_count = rules.players
    state.discarded = -1
    state.trick = ()
    state.leader = -1
    state.led_suit = -1
    state.tricks_won = (0,) * rules.players
    state.tricks = ()
    state.result = None
    state.taker = -1
    state.giver = -1
    state.made_in_round = 0
    state.passed = (0,) * rules.players
    state.predicted_alone = False
    state.reneged = -1
    state.callers = ()
    state.redeals_left = None
    state.dummy = deal.dummy
    state.set_aside = ()
    state._legal = None
    return state
