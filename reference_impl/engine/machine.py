"""The hand as a state machine: new_hand, legal_actions, apply.

Each phase has a module that lists its legal actions and applies one; this module dispatches by
phase, refuses anything not legal with a stable reason code (working the reason out only when
refusing, so legal play pays nothing for it) and never changes the state it was given.
"""

from __future__ import annotations

from collections.abc import Callable

from ..deal import Deal
from ..rules import Action, Rules
from . import bidding, declarations, play
from .state import (
    BID_ROUND_ONE,
    BID_ROUND_TWO,
    DEALER_DISCARD,
    DEALER_NAMES_UNSEEN,
    DECLARE_ALONE,
    DEFEND_ALONE,
    HAND_OVER,
    PLAY,
    HandState,
    IllegalAction,
    initial_state,
)

_LEGAL: dict[str, Callable[[HandState], tuple[Action, ...]]] = {
    BID_ROUND_ONE: bidding.legal_round_one,
    BID_ROUND_TWO: bidding.legal_round_two,
    DEALER_NAMES_UNSEEN: bidding.legal_unseen,
    DECLARE_ALONE: declarations.legal_alone,
    DEALER_DISCARD: declarations.legal_discard,
    DEFEND_ALONE: declarations.legal_defend,
    PLAY: play.legal_play,
    HAND_OVER: lambda state: (),
}
_TAKE: dict[str, Callable[[HandState, Action], None]] = {
    BID_ROUND_ONE: bidding.take_round_one,
    BID_ROUND_TWO: bidding.take_round_two,
    DEALER_NAMES_UNSEEN: bidding.take_unseen,
    DECLARE_ALONE: declarations.take_alone,
    DEALER_DISCARD: declarations.take_discard,
    DEFEND_ALONE: declarations.take_defend,
    PLAY: play.take_play,
}
_KINDS = {
    BID_ROUND_ONE: {"pass", "order_up"},
    BID_ROUND_TWO: {"pass", "name_trump"},
    DEALER_NAMES_UNSEEN: {"name_trump"},
    DECLARE_ALONE: {"pass", "go_alone"},
    DEALER_DISCARD: {"discard", "leave_up_card"},
    DEFEND_ALONE: {"pass", "defend_alone"},
    PLAY: {"play"},
    HAND_OVER: set(),
}


def new_hand(rules: Rules, deal: Deal) -> HandState:
    """The state right after the deal: bidding on the up-card, or the dealer naming trump unseen."""
    left = (deal.dealer + 1) % rules.players
    if deal.up_card is not None and deal.up_card in rules.special_cards and rules.special_up_card:
        return initial_state(rules, deal, DEALER_NAMES_UNSEEN, deal.dealer)
    if rules.round_one and deal.up_card is not None:
        return initial_state(rules, deal, BID_ROUND_ONE, left)
    state = initial_state(rules, deal, BID_ROUND_TWO, left)
    return state


def legal_actions(state: HandState) -> tuple[Action, ...]:
    """What the player to act may do now (nothing once the hand is over)."""
    legal = state._legal
    if legal is None:
        legal = _LEGAL[state.phase](state)
        state._legal = legal
    return legal


def apply(state: HandState, action: Action | str, seat: int | None = None) -> HandState:
    """The state after `action` by the player to act; raise IllegalAction if it is refused.

    `seat`, when given, is who claims to act: acting out of turn is refused as not_your_turn.
    """
    text = action if isinstance(action, str) else action.text
    known = state.rules.actions.get(text)
    if known is None:
        raise IllegalAction("unknown_action", state.to_act, state.phase, text)
    action = known
    if seat is not None and seat != state.to_act and state.phase != HAND_OVER:
        raise IllegalAction("not_your_turn", seat, state.phase, action.text, f"seat {state.to_act} is to act")
    if action not in legal_actions(state):
        raise IllegalAction(refusal_reason(state, action), state.to_act, state.phase, action.text)
    nxt = state.clone()
    nxt.history = (*state.history, (state.to_act, action))
    _TAKE[state.phase](nxt, action)
    return nxt


def refusal_reason(state: HandState, action: Action) -> str:
    """The stable reason code for refusing an action that is not legal now."""
    phase = state.phase
    if phase == HAND_OVER:
        return "hand_over"
    if action.kind not in _KINDS[phase]:
        return "wrong_phase"
    rules = state.rules
    if phase == BID_ROUND_TWO:
        if action.kind == "pass":
            return "dealer_must_name_trump"
        return "turned_down_suit"
    if phase == DECLARE_ALONE:
        return "must_go_alone"
    if phase == DEALER_DISCARD:
        if action.kind == "leave_up_card":
            return "pickup_compulsory"
        if action.card == state.deal.up_card:
            return "cannot_discard_up_card"
        return "card_not_in_hand"
    if phase == PLAY:
        if action.card not in state.hands[state.to_act]:
            return "card_not_in_hand"
        return "must_follow_suit"
    raise AssertionError(f"no reason known for refusing {action.text} in {phase} ({rules.variant_id})")
