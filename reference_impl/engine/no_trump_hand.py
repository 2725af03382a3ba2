"""A redeal for a hand holding no trump: the farmer's hand of nines and tens with none of the up-card's suit.

Before anyone passes, the only suit that can be trump is the up-card's, so a hand "with no
trump" is one with no card of that suit (`bidding.redeal.hand_suits: not_up_suit`). This is
the whole rule; `bidding.redeal_callers` asks it of each hand that is otherwise eligible.
"""

from __future__ import annotations

from ruleset.compiled.cards import SUITS

from .state import HandState


def barred_by_up_suit(state: HandState, seat: int) -> bool:
    """Whether the rules bar this hand from a redeal because it holds a card of the up-card's suit."""
    rules = state.rules
    if not rules.bidding.redeal_not_up_suit:
        return False
    suit = state.up_suit
    if suit is None:
        return False
    return any(rules.deck[card].suit == SUITS[suit] for card in state.hand(seat))
