"""A lone bid's exchange both ways: the bidder hands cards to the partner, who hands as many back.

Where a named bid's exchange is `both_ways`, the bidder first passes the cards called to the
partner, one at a time; the partner takes them into hand and, having seen them, passes as many
back, any of the partner's cards (those just received included); the partner's hand is then out
of play for the rest of the hand. Both moves go through `passing`, so `cards_passed` lists them
in order. The compiled rules refuse this order where a bidder would have several partners
(`ruleset.semantics`), so there is always exactly one partner here.
"""

from __future__ import annotations

from ruleset.compiled.contracts import Contract
from ruleset.compiled.rules import Action

from .passing import cards_in_last_move, give_card
from .state import HandState

BOTH_WAYS = "both_ways"
"""The named bid's exchange order played here (variant.schema.json, named_bid.exchange)."""


def _both_ways(state: HandState) -> Contract | None:
    """The contract, where it is a lone bid that calls for cards both ways; else None."""
    contract = state.contract
    if contract is None or not contract.bid.call or contract.bid.exchange != BOTH_WAYS:
        return None
    return contract


def _partner(state: HandState, bidder: int) -> int:
    return state.rules.partners[bidder][0]


def start_hand_over(state: HandState) -> bool:
    """The lone bidder hands the partner the cards called, before anything comes back."""
    contract = _both_ways(state)
    if contract is None:
        return False
    state.to_act = contract.bidder
    return True


def take_hand_over(state: HandState, seat: int, action: Action) -> bool:
    contract = _both_ways(state)
    assert contract is not None
    partner = _partner(state, seat)
    give_card(state, seat, partner, action.card)
    return cards_in_last_move(state) == contract.bid.call


def start_pass_back(state: HandState) -> bool:
    """The partner, holding the bidder's cards, passes as many back."""
    contract = _both_ways(state)
    if contract is None:
        return False
    state.to_act = _partner(state, contract.bidder)
    return True


def take_pass_back(state: HandState, seat: int, action: Action) -> bool:
    contract = _both_ways(state)
    assert contract is not None
    give_card(state, seat, contract.bidder, action.card)
    return cards_in_last_move(state) == contract.bid.call
