"""Making trump: round one on the up-card, round two naming a suit, and a special up-card.

Each function takes a state in one bidding phase. `legal_*` lists what the player to act may
do; `take_*` applies one of those actions to a fresh clone of the state (the machine module
clones and checks legality first). When trump is made, control passes to `declarations`.
"""

from __future__ import annotations

from ..cards import SUITS
from ..rules import Action
from . import declarations
from .state import BID_ROUND_TWO, HAND_OVER, HandResult, HandState


def legal_round_one(state: HandState) -> tuple[Action, ...]:
    actions = state.rules.actions
    return (actions["pass"], actions["order_up"])


def take_round_one(state: HandState, action: Action) -> None:
    rules = state.rules
    seat = state.to_act
    if action.kind == "order_up":
        assert state.deal.up_card is not None
        suit = rules.deck[state.deal.up_card].suit
        assert suit is not None, "a special up-card is handled before round one"
        declarations.trump_made(state, seat, SUITS.index(suit), from_up_card=True)
        return
    state.passes += 1
    if state.passes < rules.players:
        state.to_act = state.left_of(seat)
    elif rules.round_two:
        up_suit = rules.deck[state.deal.up_card].suit if state.deal.up_card is not None else None
        state.phase = BID_ROUND_TWO
        state.passes = 0
        state.turned_down = SUITS.index(up_suit) if up_suit else -1
        state.to_act = state.left_of(state.dealer)
    else:
        _throw_in(state)


def legal_round_two(state: HandState) -> tuple[Action, ...]:
    rules = state.rules
    actions = rules.actions
    stuck = rules.stick_the_dealer and state.to_act == state.dealer
    allowed = [actions["pass"]] if not stuck else []
    for index, letter in enumerate(SUITS):
        if index != state.turned_down or (stuck and rules.stuck_dealer_may_name_turned_down):
            allowed.append(actions[f"name_trump:{letter}"])
    return tuple(allowed)


def take_round_two(state: HandState, action: Action) -> None:
    seat = state.to_act
    if action.kind == "name_trump":
        declarations.trump_made(state, seat, action.suit, from_up_card=False)
        return
    state.passes += 1
    if state.passes < state.rules.players:
        state.to_act = state.left_of(seat)
    else:
        _throw_in(state)


def legal_unseen(state: HandState) -> tuple[Action, ...]:
    actions = state.rules.actions
    return tuple(actions[f"name_trump:{letter}"] for letter in SUITS)


def take_unseen(state: HandState, action: Action) -> None:
    declarations.trump_made(state, state.dealer, action.suit, from_up_card=True)


def _throw_in(state: HandState) -> None:
    state.phase = HAND_OVER
    state.to_act = -1
    state.result = HandResult(thrown_in=True, points=(0,) * len(state.rules.teams))
