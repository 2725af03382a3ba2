"""Naming the suit turned down, taken as a pass (`bidding.turned_down_call: pass`).

Under the Somerset Club's laws (1888, law 78) a player who names the suit turned down has not
made trump: the call stands as that player's pass. So round two's "who may" lets anyone who may
pass make the call (`bidding.naming_refusal`), and taking it goes the way of a pass. A dealer
stuck under stick the dealer may not pass, so for them the call is no pass.
"""

from __future__ import annotations

from ruleset.compiled.rules import Action

from .state import HandState


def counts_as_pass(state: HandState, seat: int, action: Action) -> bool:
    """Whether this round-two call by `seat` is the suit turned down, taken as a pass."""
    bidding = state.rules.bidding
    return (
        bidding.turned_down_call_passes
        and action.kind == "name_trump"
        and action.suit == state.turned_down
        and not (bidding.stick_the_dealer and seat == state.dealer)
    )
