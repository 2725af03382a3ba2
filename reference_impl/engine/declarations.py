"""After trump is made: going alone, the dealer's pick-up and discard, defending alone.

The order is fixed so that every rule that depends on an earlier decision can see it: the maker
declares first (the dealer's pick-up depends on whether the dealer's partner went alone), then
the dealer takes the up-card and discards, then defenders may defend alone, then play begins.
Steps that the variant or the situation makes pointless are skipped, never asked.
"""

from __future__ import annotations

from ..rules import Action
from . import play
from .state import DEALER_DISCARD, DECLARE_ALONE, DEFEND_ALONE, HandState


def trump_made(state: HandState, maker: int, trump: int, from_up_card: bool) -> None:
    """Record the make and move to the first declaration that applies."""
    rules = state.rules
    state.maker = maker
    state.trump = trump
    state.dealer_took_up_card = from_up_card
    if rules.maker_alone == "choice":
        state.phase = DECLARE_ALONE
        state.to_act = maker
    else:
        _set_alone(state, rules.maker_alone == "always")
        _after_alone(state)


def must_go_alone(state: HandState) -> bool:
    """The Canadian loner: the dealer's partner who ordered up the up-card must play alone."""
    rules = state.rules
    return (
        rules.dealer_partner_must_go_alone
        and state.dealer_took_up_card
        and state.maker != state.dealer
        and rules.team_of[state.maker] == rules.team_of[state.dealer]
        and state.deal.up_card is not None
        and state.deal.up_card not in rules.special_cards
    )


def legal_alone(state: HandState) -> tuple[Action, ...]:
    actions = state.rules.actions
    if must_go_alone(state):
        return (actions["go_alone"],)
    return (actions["pass"], actions["go_alone"])


def take_alone(state: HandState, action: Action) -> None:
    _set_alone(state, action.kind == "go_alone")
    _after_alone(state)


def _set_alone(state: HandState, alone: bool) -> None:
    state.maker_alone = alone
    if alone:
        state.sit_out(state.rules.partners[state.maker])


def _after_alone(state: HandState) -> None:
    rules = state.rules
    if state.dealer_took_up_card:
        dealer_plays = state.active[state.dealer]
        if dealer_plays or rules.dealer_picks_up_when_partner_alone:
            state.phase = DEALER_DISCARD
            state.to_act = state.dealer
            return
        state.dealer_took_up_card = False
    _to_defence(state)


def legal_discard(state: HandState) -> tuple[Action, ...]:
    rules = state.rules
    actions = rules.actions
    up_card = state.deal.up_card
    assert up_card is not None
    cards = state.hands[state.dealer]
    if rules.dealer_may_discard_up_card:
        cards = (*cards, up_card)
    allowed = [actions[f"discard:{rules.deck[card].code}"] for card in cards]
    if not rules.dealer_pickup_compulsory:
        allowed.append(actions["leave_up_card"])
    return tuple(allowed)


def take_discard(state: HandState, action: Action) -> None:
    dealer = state.dealer
    if action.kind == "leave_up_card":
        state.dealer_took_up_card = False
    else:
        assert state.deal.up_card is not None
        hand = state.hands[dealer] + (state.deal.up_card,)
        hands = list(state.hands)
        hands[dealer] = tuple(card for card in hand if card != action.card)
        state.hands = tuple(hands)
        state.discarded = action.card
    _to_defence(state)


def _defender_may_declare(state: HandState, seat: int) -> bool:
    rules = state.rules
    if rules.team_of[seat] == rules.team_of[state.maker] or not state.active[seat] or not rules.partners[seat]:
        return False
    return rules.defender_alone == "always" or (rules.defender_alone == "against_lone_maker" and state.maker_alone)


def _to_defence(state: HandState) -> None:
    """Offer a lone defence to the first eligible defender from the dealer's left, else play."""
    if state.rules.defender_alone != "never":
        seat = state.dealer
        for _ in range(state.rules.players):
            seat = state.left_of(seat)
            if _defender_may_declare(state, seat):
                state.phase = DEFEND_ALONE
                state.to_act = seat
                state.passes = 0
                return
    play.start(state)


def legal_defend(state: HandState) -> tuple[Action, ...]:
    actions = state.rules.actions
    return (actions["pass"], actions["defend_alone"])


def take_defend(state: HandState, action: Action) -> None:
    seat = state.to_act
    if action.kind == "defend_alone":
        state.defender_alone = seat
        state.sit_out(state.rules.partners[seat])
        play.start(state)
        return
    nxt = seat
    while True:
        nxt = state.left_of(nxt)
        if nxt == state.left_of(state.dealer) or nxt == seat:
            break
        if _defender_may_declare(state, nxt):
            state.to_act = nxt
            return
    play.start(state)
