"""After trump is made: going alone, a partner's card, the pick-up, the dummy, defending alone.

The order is fixed so that every rule that depends on an earlier decision can see it: the maker
declares first (the dealer's pick-up depends on whether the dealer's partner went alone; a
dummy is taken only by a maker who does not go alone), a lone maker may then get a card from a
partner, the up-card is taken and a card discarded, a maker who took the dummy keeps the best
of it, then defenders may defend alone, then play begins. Steps that the variant or the
situation makes pointless are skipped, never asked.
"""

from __future__ import annotations

from ..cards import SUITS
from ..rules import Action
from . import play
from .state import (
    DEALER_DISCARD,
    DECLARE_ALONE,
    DEFEND_ALONE,
    DUMMY_DISCARD,
    LONE_DISCARD,
    PARTNER_ASK,
    PARTNER_GIVE,
    HandState,
)

PASSED_ROUND_ONE = 1
PASSED_ROUND_TWO = 2


def trump_made(
    state: HandState, maker: int, trump: int, taker: int, made_in_round: int, settled_alone: bool | None = None
) -> None:
    """Record the make and move to the first declaration that applies.

    `taker` is who takes the up-card into hand (-1: nobody); `made_in_round` is 1 or 2 for a
    bid, 0 for a make without bidding (a special or forced up-card, a prediction).
    `settled_alone` is given when going alone was decided before the make (a smitty prediction).
    """
    rules = state.rules
    state.maker = maker
    state.trump = trump
    state.taker = taker
    state.made_in_round = made_in_round
    if settled_alone is not None:
        state.predicted_alone = settled_alone
        _set_alone(state, settled_alone)
        _after_alone(state)
    elif rules.maker_alone == "choice":
        state.phase = DECLARE_ALONE
        state.to_act = maker
    else:
        _set_alone(state, rules.maker_alone == "always")
        _after_alone(state)


def must_go_alone(state: HandState) -> bool:
    """The Canadian loner: a partner of the dealer who ordered up the up-card must play alone."""
    rules = state.rules
    return (
        rules.dealer_partner_must_go_alone
        and state.made_in_round == 1
        and state.maker != state.dealer
        and rules.team_of[state.maker] == rules.team_of[state.dealer]
    )


def passed_earlier(state: HandState, seat: int) -> bool:
    """Whether the variant bars `seat` from playing alone because they passed."""
    rule = state.rules.passed_player
    if rule == "may":
        return False
    if rule == "not_if_passed":
        return state.passed[seat] != 0
    round_bit = PASSED_ROUND_ONE if state.made_in_round == 1 else PASSED_ROUND_TWO if state.made_in_round == 2 else 0
    return bool(state.passed[seat] & round_bit)


def legal_alone(state: HandState) -> tuple[Action, ...]:
    actions = state.rules.actions
    if must_go_alone(state):
        return (actions["go_alone"],)
    if passed_earlier(state, state.maker):
        return (actions["pass"],)
    return (actions["pass"], actions["go_alone"])


def take_alone(state: HandState, action: Action) -> None:
    _set_alone(state, action.kind == "go_alone")
    _after_alone(state)


def _set_alone(state: HandState, alone: bool) -> None:
    state.maker_alone = alone
    if alone:
        state.sit_out(state.rules.partners[state.maker])


def _after_alone(state: HandState) -> None:
    """A lone maker's card from a partner, where the variant allows one; then the pick-up."""
    partners = state.rules.partners[state.maker]
    if state.maker_alone and state.rules.partner_card and partners:
        if len(partners) > 1:
            state.phase = PARTNER_ASK
            state.to_act = state.maker
        else:
            _ask(state, partners[0])
        return
    _to_pickup(state)


def legal_ask(state: HandState) -> tuple[Action, ...]:
    actions = state.rules.actions
    return tuple(actions[f"ask:{partner}"] for partner in state.rules.partners[state.maker])


def take_ask(state: HandState, action: Action) -> None:
    _ask(state, action.suit)


def _ask(state: HandState, partner: int) -> None:
    state.giver = partner
    state.phase = PARTNER_GIVE
    state.to_act = partner


def legal_give(state: HandState) -> tuple[Action, ...]:
    actions = state.rules.actions
    return tuple(actions[f"give:{state.rules.deck[card].code}"] for card in state.hands[state.giver])


def take_give(state: HandState, action: Action) -> None:
    hands = list(state.hands)
    hands[state.giver] = tuple(card for card in hands[state.giver] if card != action.card)
    hands[state.maker] = (*hands[state.maker], action.card)
    state.hands = tuple(hands)
    state.phase = LONE_DISCARD
    state.to_act = state.maker


def legal_lone_discard(state: HandState) -> tuple[Action, ...]:
    actions = state.rules.actions
    return tuple(actions[f"discard:{state.rules.deck[card].code}"] for card in state.hands[state.maker])


def take_lone_discard(state: HandState, action: Action) -> None:
    _set_aside(state, state.maker, action.card)
    _to_pickup(state)


def _to_pickup(state: HandState) -> None:
    """The up-card goes to its taker (usually the dealer), unless the taker now sits out."""
    rules = state.rules
    taker = state.taker
    if taker >= 0:
        if state.active[taker] or (taker == state.dealer and rules.dealer_picks_up_when_partner_alone):
            state.phase = DEALER_DISCARD
            state.to_act = taker
            return
        state.taker = -1
    _to_dummy(state)


def legal_discard(state: HandState) -> tuple[Action, ...]:
    rules = state.rules
    actions = rules.actions
    up_card = state.deal.up_card
    assert up_card is not None
    cards = state.hands[state.taker]
    if rules.dealer_may_discard_up_card:
        cards = (*cards, up_card)
    allowed = [actions[f"discard:{rules.deck[card].code}"] for card in cards]
    if not rules.dealer_pickup_compulsory:
        allowed.append(actions["leave_up_card"])
    return tuple(allowed)


def take_discard(state: HandState, action: Action) -> None:
    taker = state.taker
    if action.kind == "leave_up_card":
        state.taker = -1
    else:
        assert state.deal.up_card is not None
        hand = (*state.hands[taker], state.deal.up_card)
        hands = list(state.hands)
        hands[taker] = tuple(card for card in hand if card != action.card)
        state.hands = tuple(hands)
        state.discarded = action.card
    _to_dummy(state)


def _to_dummy(state: HandState) -> None:
    """A maker who did not go alone takes the dummy and keeps the best of the cards."""
    if state.rules.dummy and not state.maker_alone and state.dummy:
        hands = list(state.hands)
        hands[state.maker] = hands[state.maker] + state.dummy
        state.hands = tuple(hands)
        state.dummy = ()
        state.phase = DUMMY_DISCARD
        state.to_act = state.maker
        return
    _to_defence(state)


def legal_dummy_discard(state: HandState) -> tuple[Action, ...]:
    return legal_lone_discard(state)


def take_dummy_discard(state: HandState, action: Action) -> None:
    _set_aside(state, state.maker, action.card)
    if len(state.hands[state.maker]) == state.rules.hand_size:
        _to_defence(state)


def _set_aside(state: HandState, seat: int, card: int) -> None:
    """Discard a card face down for the rest of the hand (the dealer's discard is kept in `discarded`)."""
    hands = list(state.hands)
    hands[seat] = tuple(held for held in hands[seat] if held != card)
    state.hands = tuple(hands)
    state.set_aside = (*state.set_aside, card)


def defending_side(state: HandState, seat: int) -> tuple[int, ...]:
    """The other defenders this hand: a partner, or in a game of individuals the other defenders."""
    team_of = state.rules.team_of
    makers = team_of[state.maker]
    return tuple(other for other in range(state.rules.players) if other != seat and team_of[other] != makers)


def _defender_may_declare(state: HandState, seat: int) -> bool:
    rules = state.rules
    if rules.team_of[seat] == rules.team_of[state.maker] or not state.active[seat] or not defending_side(state, seat):
        return False
    if passed_earlier(state, seat):
        return False
    return rules.defender_alone == "always" or (rules.defender_alone == "against_lone_maker" and state.maker_alone)


def _defence_round_start(state: HandState) -> int:
    """The seat whose left the asking starts from: the dealer, or the maker (lone_play.defender_order)."""
    return state.maker if state.rules.defenders_from_maker else state.dealer


def _to_defence(state: HandState) -> None:
    """Offer a lone defence to the first eligible defender in the variant's order, else play."""
    if state.rules.defender_alone != "never":
        seat = _defence_round_start(state)
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
        state.sit_out(defending_side(state, seat))
        play.start(state)
        return
    nxt = seat
    while True:
        nxt = state.left_of(nxt)
        if nxt == state.left_of(_defence_round_start(state)) or nxt == seat:
            break
        if _defender_may_declare(state, nxt):
            state.to_act = nxt
            return
    play.start(state)


def up_suit(state: HandState) -> int:
    """The index of the up-card's suit (-1 for a joker)."""
    up = state.deal.up_card
    if up is None:
        return -1
    suit = state.rules.deck[up].suit
    return SUITS.index(suit) if suit else -1
