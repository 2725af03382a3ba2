"""Going under (the farmer's hand): before the bidding, low cards shown and exchanged for the kitty.

Every player whose hand qualifies is asked in turn from the dealer's left, and all of them are
asked before anyone exchanges, because a second call makes the deal void. A lone caller then
lays down the qualifying cards one at a time (`discard:CARD`, so a hand holding more low cards
than it shows chooses which), and the hidden kitty joins the hand in their place.
"""

from __future__ import annotations

from ruleset.compiled.cards import SUITS
from ruleset.compiled.rules import Action

from .passing import KITTY, cards_in_last_move, record_move
from .state import HandResult, HandState


def _up_suit_letter(state: HandState) -> str | None:
    """The suit of the card turned up, which some rules bar from the cards shown (None: no suit)."""
    suit = state.up_suit
    return None if suit is None else SUITS[suit]


def may_go_under(state: HandState, seat: int) -> bool:
    """Whether `seat`'s hand, as dealt, holds a set of cards that may be shown to go under."""
    under = state.rules.bidding.going_under
    return under is not None and bool(under.shown_sets(state.rules.deck, state.deal.hands[seat], _up_suit_letter(state)))


def start_call(state: HandState) -> bool:
    """Ask the qualifying players, from the dealer's left, whether they go under."""
    rules = state.rules
    if rules.bidding.going_under is None:
        return False
    seats = ((state.dealer + offset) % rules.players for offset in range(1, rules.players + 1))
    callers = tuple(seat for seat in seats if may_go_under(state, seat))
    state.set(callers=callers)
    if not callers:
        return False
    state.to_act = callers[0]
    state.restart_count()
    return True


def legal_call(state: HandState, seat: int) -> tuple[Action, ...]:
    actions = state.rules.actions
    return (actions["pass"], actions["go_under"])


def take_call(state: HandState, seat: int, action: Action) -> bool:
    if action.kind == "go_under":
        state.set(under_callers=(*state.under_callers, seat))
    passes = state.passes + 1
    state.set(passes=passes)
    if passes < len(state.callers):
        state.to_act = state.callers[passes]
        return False
    if len(state.under_callers) > 1:
        state.end(HandResult(thrown_in=True, points=(0,) * len(state.rules.teams), misdeal=True))
        return False
    return True


def start_discard(state: HandState) -> bool:
    if len(state.under_callers) != 1:
        return False
    state.to_act = state.under_callers[0]
    return True


def _shown_so_far(state: HandState, seat: int) -> frozenset[int]:
    return frozenset(state.deal.hands[seat]) - frozenset(state.hand(seat))


def legal_discard(state: HandState, seat: int) -> tuple[Action, ...]:
    """The cards that, with those already laid down, still belong to a set that may be shown."""
    rules = state.rules
    under = rules.bidding.going_under
    assert under is not None
    sets = under.shown_sets(rules.deck, state.deal.hands[seat], _up_suit_letter(state))
    shown = _shown_so_far(state, seat)
    return tuple(
        state.program.discard_actions[card] for card in state.hand(seat) if any(shown | {card} <= chosen for chosen in sets)
    )


def take_discard(state: HandState, seat: int, action: Action) -> bool:
    under = state.rules.bidding.going_under
    assert under is not None
    state.take_card(seat, action.card)
    state.set(kitty=(*state.kitty, action.card))  # laid face up beside the hidden cards until all are shown
    record_move(state, seat, KITTY, (action.card,))
    if cards_in_last_move(state) < under.count:
        return False
    hidden, shown = state.kitty[: -under.count], state.kitty[-under.count :]
    state.add_cards(seat, hidden)
    record_move(state, KITTY, seat, hidden)
    state.set(kitty=shown)
    return True


def discard_reason(state: HandState, seat: int, action: Action) -> str:
    return "card_not_in_hand" if not state.holds(seat, action.card) else "not_eligible_to_go_under"
