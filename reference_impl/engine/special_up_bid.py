"""A special card turned up and bid on in one round, the dealer stuck with it if everyone passes.

One version of the Almonte game: when the up-card is a joker, each player from the dealer's left
in turn passes or names a trump suit for their side, and the dealer takes the joker into hand
whoever names; a joker belongs to no suit, so it cannot simply be ordered up. The dealer speaks
last and may not pass: when all the others have passed, the dealer must take the joker and make
trump. The round takes the place of the first round of bidding (its rules for the first round,
such as the dealer's partner accepting only alone, apply), and there is never a second round.
"""

from __future__ import annotations

from ruleset.compiled.cards import SUITS
from ruleset.compiled.rules import Action

from .declarations import PASSED_ROUND_ONE, record_pass, trump_made
from .state import HandState
from .who_may import Decision

RULE = "dealer_takes_if_all_pass"


def start(state: HandState) -> bool:
    """Entered when the up-card is a special card under this rule, and nothing made trump before it."""
    rules = state.rules
    up = state.deal.up_card
    if state.trump is not None or up is None or up not in rules.special_cards or rules.bidding.special_up_card != RULE:
        return False
    state.to_act = state.left_of(state.dealer)
    state.restart_count()
    return True


def refusal(state: HandState, seat: int, action: Action) -> str | None:
    """Who may pass or name a suit: every suit the variant allows as trump; a pass, for everyone but the dealer."""
    if action.kind == "pass":
        return "dealer_must_name_trump" if seat == state.dealer else None
    return "suit_not_allowed" if action.suit >= len(SUITS) or action.suit in state.rules.bidding.forbidden_trump else None


CALLS = Decision(("pass", *(f"name_trump:{letter}" for letter in SUITS)), refusal)


def take(state: HandState, seat: int, action: Action) -> bool:
    """A suit named makes it trump for the namer's side, the dealer taking the card; a pass moves on."""
    if action.kind == "name_trump":
        trump_made(state, seat, action.suit, state.dealer, 1)
        return True
    record_pass(state, seat, PASSED_ROUND_ONE)
    state.to_act = state.left_of(seat)
    return False
