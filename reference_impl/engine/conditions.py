"""The table's conditions (the rules' `conditions`): whether a named condition bars an action now.

Each condition is a name with one parameter, asked of the hand in progress and of the game around
it (`HandState.game`): the acting side's score when the hand was dealt, who made trump the hand
before, which suits were euchred earlier, the card led. The phases ask `bars`, and filter their
legal actions by it; a bar that would leave a player nothing to do is lifted, so a stuck dealer
still names a suit and a hand of trumps is still played.
"""

from __future__ import annotations

from ruleset.compiled.condition_rules import ConditionRule

from .last_trick_suit import other_than_last_trick
from .state import HandState
from .up_card_seat import up_card_names


def _score(state: HandState, seat: int) -> int:
    game = state.game
    return 0 if game is None else game.scores[state.rules.team_of[seat]]


def _called_last_hand(state: HandState, seat: int) -> bool:
    game = state.game
    return game is not None and bool(game.past) and game.past[-1].maker == seat


def _suit_euchred(state: HandState, suit: int | None) -> bool:
    game = state.game
    return game is not None and suit is not None and any(hand.euchred and hand.trump == suit for hand in game.past)


def _led_rank(state: HandState, rank: object) -> bool:
    if not state.trick or state.led_suit == state.trump:
        return False
    card = state.rules.deck[state.trick[0][1]]
    return card.rank == rank


def holds(rule: ConditionRule, state: HandState, seat: int, suit: int | None = None) -> bool:
    """Whether `rule`'s condition holds for `seat` now (`suit`: the suit a `bars: suit` rule is asked about)."""
    if rule.name == "score_at_least":
        assert isinstance(rule.value, int)
        return _score(state, seat) >= rule.value
    if rule.name == "called_last_hand":
        return _called_last_hand(state, seat)
    if rule.name == "suit_euchred":
        return _suit_euchred(state, suit)
    if rule.name == "led_rank":
        return _led_rank(state, rule.value)
    if rule.name == "not_last_trick_suit":
        return other_than_last_trick(state, suit)
    if rule.name == "up_card_seat":
        assert isinstance(rule.value, tuple)
        return up_card_names(state, seat, rule.value)
    raise AssertionError(f"unknown condition {rule.name!r}")


def bars(state: HandState, seat: int, what: str, suit: int | None = None) -> bool:
    """Whether a condition of the rules bars `what` (lone_hand, calling, suit, trumping, passing, partnered_hand) for `seat`
    now."""
    return any(rule.bars == what and holds(rule, state, seat, suit) for rule in state.rules.conditions)
