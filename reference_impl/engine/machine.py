"""The hand as a state machine: new_hand, legal_actions, apply.

Each phase has a module that lists its legal actions and applies one; this module dispatches by
phase, refuses anything not legal with a stable reason code (working the reason out only when
refusing, so legal play pays nothing for it) and never changes the state it was given.
"""

from __future__ import annotations

from collections.abc import Callable

from ..deal import Deal
from ..rules import NO_TRUMP, Action, Rules
from . import bidding, declarations, play
from .declarations import up_suit
from .state import (
    BID_ROUND_ONE,
    BID_ROUND_TWO,
    DEALER_DISCARD,
    DEALER_NAMES_UNSEEN,
    DECLARE_ALONE,
    DEFEND_ALONE,
    DUMMY_DISCARD,
    HAND_OVER,
    LONE_DISCARD,
    PARTNER_ASK,
    PARTNER_GIVE,
    PLAY,
    PREDICT,
    REDEAL_CALL,
    HandState,
    IllegalAction,
    initial_state,
)

_LEGAL: dict[str, Callable[[HandState], tuple[Action, ...]]] = {
    REDEAL_CALL: bidding.legal_redeal,
    PREDICT: bidding.legal_predict,
    BID_ROUND_ONE: bidding.legal_round_one,
    BID_ROUND_TWO: bidding.legal_round_two,
    DEALER_NAMES_UNSEEN: bidding.legal_unseen,
    DECLARE_ALONE: declarations.legal_alone,
    PARTNER_ASK: declarations.legal_ask,
    PARTNER_GIVE: declarations.legal_give,
    LONE_DISCARD: declarations.legal_lone_discard,
    DEALER_DISCARD: declarations.legal_discard,
    DUMMY_DISCARD: declarations.legal_dummy_discard,
    DEFEND_ALONE: declarations.legal_defend,
    PLAY: play.legal_play,
    HAND_OVER: lambda state: (),
}
_TAKE: dict[str, Callable[[HandState, Action], None]] = {
    REDEAL_CALL: bidding.take_redeal,
    PREDICT: bidding.take_predict,
    BID_ROUND_ONE: bidding.take_round_one,
    BID_ROUND_TWO: bidding.take_round_two,
    DEALER_NAMES_UNSEEN: bidding.take_unseen,
    DECLARE_ALONE: declarations.take_alone,
    PARTNER_ASK: declarations.take_ask,
    PARTNER_GIVE: declarations.take_give,
    LONE_DISCARD: declarations.take_lone_discard,
    DEALER_DISCARD: declarations.take_discard,
    DUMMY_DISCARD: declarations.take_dummy_discard,
    DEFEND_ALONE: declarations.take_defend,
    PLAY: play.take_play,
}
_KINDS: dict[str, set[str]] = {
    REDEAL_CALL: {"pass", "call_redeal"},
    PREDICT: {"pass", "predict", "predict_alone"},
    BID_ROUND_ONE: {"pass", "order_up"},
    BID_ROUND_TWO: {"pass", "name_trump"},
    DEALER_NAMES_UNSEEN: {"name_trump"},
    DECLARE_ALONE: {"pass", "go_alone"},
    PARTNER_ASK: {"ask"},
    PARTNER_GIVE: {"give"},
    LONE_DISCARD: {"discard"},
    DEALER_DISCARD: {"discard", "leave_up_card"},
    DUMMY_DISCARD: {"discard"},
    DEFEND_ALONE: {"pass", "defend_alone"},
    PLAY: {"play"},
    HAND_OVER: set(),
}


def new_hand(rules: Rules, deal: Deal, redeals_left: tuple[int, ...] | None = None) -> HandState:
    """The state right after the deal, at the first decision the variant asks for.

    `redeals_left` is how many redeals each player may still call in the game (None: no limit).
    """
    state = initial_state(rules, deal, BID_ROUND_ONE, (deal.dealer + 1) % rules.players)
    state.redeals_left = redeals_left
    bidding.open_hand(state)
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
    legal = state._legal if state._legal is not None else legal_actions(state)
    for candidate in legal:
        if candidate is action:  # the common case: one of this state's own legal actions
            break
    else:
        # A text, or an action object from elsewhere: look it up by its text, then refuse or accept.
        # Anything else (a number, None) is refused the same way, never an AttributeError.
        text = action if isinstance(action, str) else getattr(action, "text", None)
        known = state.rules.actions.get(text) if isinstance(text, str) else None
        if known is None:
            raise IllegalAction("unknown_action", state.to_act, state.phase, text if isinstance(text, str) else repr(action))
        action = known
    if seat is not None and seat != state.to_act and state.phase != HAND_OVER:
        raise IllegalAction("not_your_turn", seat, state.phase, action.text, f"seat {state.to_act} is to act")
    if action not in legal:
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
    # Phases where every action of an allowed kind is always legal (redeal calls) never get here.
    return _PHASE_REASONS[phase](state, action)


def _round_one_reason(state: HandState, action: Action) -> str:
    if up_suit(state) in state.rules.forbidden_trump:
        return "suit_not_allowed"
    return "needs_trump_to_order"


def _round_two_reason(state: HandState, action: Action) -> str:
    if action.kind == "pass":
        return "dealer_must_name_trump"
    if action.suit in state.rules.forbidden_trump or action.suit == NO_TRUMP:
        return "suit_not_allowed"
    return "turned_down_suit"


def _alone_reason(state: HandState, action: Action) -> str:
    return "must_go_alone" if action.kind == "pass" else "passed_cannot_go_alone"


def _discard_reason(state: HandState, action: Action) -> str:
    if action.kind == "leave_up_card":
        return "pickup_compulsory"
    if action.card == state.deal.up_card and state.phase == DEALER_DISCARD:
        return "cannot_discard_up_card"
    return "card_not_in_hand"


def _play_reason(state: HandState, action: Action) -> str:
    if action.card not in state.hands[state.to_act]:
        return "card_not_in_hand"
    return "must_follow_suit"


def _fixed(reason: str) -> Callable[[HandState, Action], str]:
    return lambda state, action: reason


_PHASE_REASONS: dict[str, Callable[[HandState, Action], str]] = {
    PREDICT: _fixed("suit_not_allowed"),
    BID_ROUND_ONE: _round_one_reason,
    BID_ROUND_TWO: _round_two_reason,
    DEALER_NAMES_UNSEEN: _fixed("suit_not_allowed"),
    DECLARE_ALONE: _alone_reason,
    PARTNER_ASK: _fixed("not_a_partner"),
    PARTNER_GIVE: _fixed("card_not_in_hand"),
    LONE_DISCARD: _discard_reason,
    DEALER_DISCARD: _discard_reason,
    DUMMY_DISCARD: _discard_reason,
    DEFEND_ALONE: _fixed("passed_cannot_go_alone"),
    PLAY: _play_reason,
}
