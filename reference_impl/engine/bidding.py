"""Making trump: redeal calls, a prediction, a special up-card, and the two rounds of bidding.

Each function takes a state in one bidding phase. `legal_*` lists what the player to act may
do; `take_*` applies one of those actions to a fresh clone of the state (the machine module
clones and checks legality first). `open_bidding` decides how a freshly dealt hand starts.
When trump is made, control passes to `declarations`.
"""

from __future__ import annotations

from ..cards import SUITS
from ..rules import NO_TRUMP, TRUMP_LETTERS, Action
from . import declarations
from .declarations import PASSED_ROUND_ONE, PASSED_ROUND_TWO, up_suit
from .state import (
    BID_ROUND_ONE,
    BID_ROUND_TWO,
    DEALER_NAMES_UNSEEN,
    HAND_OVER,
    PREDICT,
    REDEAL_CALL,
    HandResult,
    HandState,
)


def redeal_callers(state: HandState) -> tuple[int, ...]:
    """Players, from the dealer's left, whose hands qualify for a redeal and who have calls left."""
    rules = state.rules
    if not rules.redeal_ranks:
        return ()
    callers = []
    for offset in range(1, rules.players + 1):
        seat = (state.dealer + offset) % rules.players
        qualifies = all(rules.deck[card].rank in rules.redeal_ranks and rules.deck[card].suit for card in state.hands[seat])
        if qualifies and (state.redeals_left is None or state.redeals_left[seat] > 0):
            callers.append(seat)
    return tuple(callers)


def open_hand(state: HandState) -> None:
    """Redeal calls first, where a hand qualifies; then bidding."""
    state.callers = redeal_callers(state)
    if state.callers:
        state.phase = REDEAL_CALL
        state.to_act = state.callers[0]
        state.passes = 0
        return
    open_bidding(state)


def open_bidding(state: HandState) -> None:
    """A special up-card, a forced suit, a prediction, or round one; without an up-card, round two."""
    rules = state.rules
    left = state.left_of(state.dealer)
    up = state.deal.up_card
    state.passes = 0
    if up is not None and up in rules.special_cards and rules.special_up_card:
        state.phase = DEALER_NAMES_UNSEEN
        state.to_act = state.dealer
    elif up is not None and up_suit(state) in rules.forced_trump_up_suits:
        declarations.trump_made(state, state.dealer, up_suit(state), state.dealer, 0)
    elif up is not None and rules.prediction:
        state.phase = PREDICT
        state.to_act = left
    elif up is not None and rules.round_one:
        state.phase = BID_ROUND_ONE
        state.to_act = left
    else:
        state.phase = BID_ROUND_TWO
        state.to_act = left


def legal_redeal(state: HandState) -> tuple[Action, ...]:
    actions = state.rules.actions
    return (actions["pass"], actions["call_redeal"])


def take_redeal(state: HandState, action: Action) -> None:
    seat = state.to_act
    if action.kind == "call_redeal":
        state.phase = HAND_OVER
        state.to_act = -1
        state.result = HandResult(thrown_in=True, points=(0,) * len(state.rules.teams), redeal_called_by=seat)
        return
    state.passes += 1
    if state.passes < len(state.callers):
        state.to_act = state.callers[state.passes]
    else:
        open_bidding(state)


def legal_predict(state: HandState) -> tuple[Action, ...]:
    rules = state.rules
    actions = rules.actions
    allowed = [actions["pass"]]
    for index, letter in enumerate(SUITS):
        if index not in rules.forbidden_trump:
            allowed.extend((actions[f"predict:{letter}"], actions[f"predict_alone:{letter}"]))
    return tuple(allowed)


def take_predict(state: HandState, action: Action) -> None:
    """A right prediction makes trump for the predictor, who takes the up-card; a wrong one is ignored."""
    rules = state.rules
    if action.kind != "pass" and action.suit == up_suit(state):
        declarations.trump_made(state, state.to_act, action.suit, state.to_act, 0, action.kind == "predict_alone")
        return
    state.phase = BID_ROUND_ONE if rules.round_one else BID_ROUND_TWO
    state.to_act = state.left_of(state.dealer)


def may_order_up(state: HandState) -> bool:
    """Whether the player to act may accept the up-card's suit in round one."""
    rules = state.rules
    suit = up_suit(state)
    if suit in rules.forbidden_trump:
        return False
    if rules.dealer_needs_trump and state.to_act == state.dealer:
        return any(rules.deck[card].suit == SUITS[suit] for card in state.hands[state.dealer])
    return True


def legal_round_one(state: HandState) -> tuple[Action, ...]:
    actions = state.rules.actions
    if may_order_up(state):
        return (actions["pass"], actions["order_up"])
    return (actions["pass"],)


def take_round_one(state: HandState, action: Action) -> None:
    rules = state.rules
    seat = state.to_act
    if action.kind == "order_up":
        declarations.trump_made(state, seat, up_suit(state), state.dealer, 1)
        return
    _record_pass(state, seat, PASSED_ROUND_ONE)
    state.passes += 1
    if state.passes < rules.players:
        state.to_act = state.left_of(seat)
    elif rules.round_two:
        state.phase = BID_ROUND_TWO
        state.passes = 0
        state.turned_down = up_suit(state)
        state.to_act = state.left_of(state.dealer)
    else:
        _throw_in(state)


def _record_pass(state: HandState, seat: int, round_bit: int) -> None:
    passed = list(state.passed)
    passed[seat] |= round_bit
    state.passed = tuple(passed)


def nameable(state: HandState) -> list[int]:
    """The trump choices open in round two (NO_TRUMP included where the variant allows it)."""
    rules = state.rules
    stuck = rules.stick_the_dealer and state.to_act == state.dealer
    choices = [
        index
        for index in range(len(SUITS))
        if index not in rules.forbidden_trump
        and (index != state.turned_down or (stuck and rules.stuck_dealer_may_name_turned_down))
    ]
    if rules.no_trump:
        choices.append(NO_TRUMP)
    return choices


def legal_round_two(state: HandState) -> tuple[Action, ...]:
    rules = state.rules
    actions = rules.actions
    stuck = rules.stick_the_dealer and state.to_act == state.dealer
    allowed = [] if stuck else [actions["pass"]]
    allowed.extend(actions[f"name_trump:{TRUMP_LETTERS[index]}"] for index in nameable(state))
    return tuple(allowed)


def take_round_two(state: HandState, action: Action) -> None:
    seat = state.to_act
    if action.kind == "name_trump":
        declarations.trump_made(state, seat, action.suit, -1, 2)
        return
    _record_pass(state, seat, PASSED_ROUND_TWO)
    state.passes += 1
    if state.passes < state.rules.players:
        state.to_act = state.left_of(seat)
    else:
        _throw_in(state)


def legal_unseen(state: HandState) -> tuple[Action, ...]:
    rules = state.rules
    actions = rules.actions
    return tuple(actions[f"name_trump:{letter}"] for index, letter in enumerate(SUITS) if index not in rules.forbidden_trump)


def take_unseen(state: HandState, action: Action) -> None:
    declarations.trump_made(state, state.dealer, action.suit, state.dealer, 0)


def _throw_in(state: HandState) -> None:
    state.phase = HAND_OVER
    state.to_act = -1
    state.result = HandResult(thrown_in=True, points=(0,) * len(state.rules.teams))
