"""Moving cards between hands, the kitty and the discards, with a record of every move.

Every exchange (a partner's card, a lone player's discard, going under) moves cards through
here (and the state's `take_card` and `add_cards`), so the `cards_passed` observation lists each
move in the order it happened and no card can be in two places at once.
"""

from __future__ import annotations

from .state import HandState

KITTY = "kitty"
"""The place of the hidden kitty in a move."""
OUT = "out"
"""The place of a card set aside face down for the rest of the hand."""

Place = int | str


def record_move(state: HandState, source: Place, target: Place, cards: tuple[int, ...]) -> None:
    """Add a move to the record; cards moved one by one between the same places make one entry."""
    passed = state.cards_passed
    if passed and passed[-1][0] == source and passed[-1][1] == target:
        last = passed[-1]
        state.set(cards_passed=(*passed[:-1], (source, target, (*last[2], *cards))))
    else:
        state.set(cards_passed=(*passed, (source, target, cards)))


def cards_in_last_move(state: HandState) -> int:
    """How many cards the latest entry of the record holds: the move in progress, since moves one by one merge."""
    return len(state.cards_passed[-1][2])


def give_card(state: HandState, giver: int, receiver: int, card: int) -> None:
    """One card from one hand to another, face down."""
    state.take_card(giver, card)
    state.add_cards(receiver, (card,))
    record_move(state, giver, receiver, (card,))


def discard_out(state: HandState, seat: int, card: int) -> None:
    """A card set aside face down for the rest of the hand (a lone player's discard in an exchange)."""
    state.take_card(seat, card)
    state.set(set_aside=(*state.set_aside, card))
    record_move(state, seat, OUT, (card,))
