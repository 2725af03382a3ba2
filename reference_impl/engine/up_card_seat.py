"""The up-card's suit names a player (the condition `up_card_seat`): a club game where the suit turned
decides who must take it, and alone.

The parameter maps suit letters to seats counted from the dealer, as a club's sheet says it ("a heart:
the dealer; a diamond: the dealer's left"). The condition holds only while the up-card is on offer, or
for the maker who ordered it up: once it is turned down, the hand goes on as any other.
"""

from __future__ import annotations

from ruleset.compiled.cards import SUITS

from .state import HandState

SEAT_FROM_DEALER = {"dealer": 0, "left": 1, "partner": 2, "right": 3}
"""Each seat name's place to the dealer's left, in the four-hand game the condition is written for."""


def up_card_names(state: HandState, seat: int, pairs: tuple[tuple[str, str], ...]) -> bool:
    """Whether the up-card's suit names `seat` while round one decides it (`pairs`: suit letter, seat name)."""
    offered = state.trump is None and state.turned_down is None
    if not (offered or state.made_in_round == 1):
        return False
    suit = state.up_suit
    if suit is None:
        return False
    named = dict(pairs).get(SUITS[suit])
    return named is not None and seat == (state.dealer + SEAT_FROM_DEALER[named]) % state.rules.players
