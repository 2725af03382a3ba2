"""The suit that took the last trick (the condition `not_last_trick_suit`): a club game where the suit of
the last trick's winning card must be the next hand's trump.

The suit is the one the winning card was played as: a left bower took the trick as a trump. A hand
thrown in plays no trick, so the suit from the hand before it still stands; the first hand of a game
has none, and any suit may then be made.
"""

from __future__ import annotations

from .state import GameSoFar, HandState


def last_trick_suit(hand: HandState, before: GameSoFar | None) -> int | None:
    """The suit that took the last trick of the game once `hand` is over (`before`: the game as `hand` saw it)."""
    if not hand.tricks:
        return None if before is None else before.last_trick_suit
    winner, trick = hand.tricks[-1]
    card = next(card for seat, card in trick if seat == winner)
    return hand.follows[card]


def other_than_last_trick(state: HandState, suit: int | None) -> bool:
    """Whether `suit` is not the suit that took the last trick played in this game (False where none was played)."""
    game = state.game
    return game is not None and game.last_trick_suit is not None and suit is not None and suit != game.last_trick_suit
