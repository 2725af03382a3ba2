"""Making trump: redeal calls, a prediction, a special up-card, and the two rounds of bidding.

For each bidding phase this module has three functions, which `phases` puts in that phase's
record: `start_*` enters the phase where it applies (choosing who acts first) and says whether
it did; `legal_*` lists what the player to act may do; `take_*` applies one of those actions to
a fresh clone of the state and says whether the phase is finished (the machine clones, checks
legality, and moves on to the next phase in `phases.ORDER`).
"""

from __future__ import annotations

from ruleset.compiled.cards import SUITS
from ruleset.compiled.rules import LOW_NO_TRUMP, NO_TRUMP, TRUMP_LETTERS, Action

from .concession import concede
from .conditions import bars
from .declarations import PASSED_ROUND_ONE, PASSED_ROUND_TWO, record_pass, trump_made, trump_without_maker, up_suit
from .no_trump_hand import barred_by_up_suit
from .state import HAND_OVER, HandResult, HandState


def redeal_callers(state: HandState) -> tuple[int, ...]:
    """Players, from the dealer's left, whose hands qualify for a redeal and who have calls left."""
    rules = state.rules
    if not rules.redeal_ranks:
        return ()
    callers = []
    for offset in range(1, rules.players + 1):
        seat = (state.dealer + offset) % rules.players
        qualifies = all(rules.deck[card].rank in rules.redeal_ranks and rules.deck[card].suit for card in state.hands[seat])
        qualifies = qualifies and not barred_by_up_suit(state, seat)
        if qualifies and (state.redeals_left is None or state.redeals_left[seat] > 0):
            callers.append(seat)
    return tuple(callers)


def start_redeal(state: HandState) -> bool:
    """Redeal calls come first, where a hand qualifies."""
    state.callers = redeal_callers(state)
    if not state.callers:
        return False
    state.to_act = state.callers[0]
    state.passes = 0
    return True


def legal_redeal(state: HandState, seat: int) -> tuple[Action, ...]:
    actions = state.rules.actions
    return (actions["pass"], actions["call_redeal"])


def take_redeal(state: HandState, seat: int, action: Action) -> bool:
    if action.kind == "call_redeal":
        state.phase = HAND_OVER
        state.to_act = None
        state.result = HandResult(thrown_in=True, points=(0,) * len(state.rules.teams), redeal_called_by=seat)
        return False
    state.passes += 1
    if state.passes < len(state.callers):
        state.to_act = state.callers[state.passes]
        return False
    return True


def start_unseen(state: HandState) -> bool:
    """The up-card itself may settle trump: a special card lets the dealer name it unseen (this
    phase); an up-card of a forced suit makes that suit trump at once, with no phase at all."""
    rules = state.rules
    up = state.deal.up_card
    if up is None:
        return False
    if up in rules.special_cards and rules.special_up_card == "dealer_names_trump_unseen":
        state.to_act = state.dealer
        return True
    suit = up_suit(state)
    if suit is not None and suit in rules.forced_trump_up_suits:
        if rules.forced_trump_no_maker:
            trump_without_maker(state, suit)
        else:
            trump_made(state, state.dealer, suit, state.dealer, 0)
    return False


def legal_unseen(state: HandState, seat: int) -> tuple[Action, ...]:
    rules = state.rules
    actions = rules.actions
    return tuple(actions[f"name_trump:{letter}"] for index, letter in enumerate(SUITS) if index not in rules.forbidden_trump)


def take_unseen(state: HandState, seat: int, action: Action) -> bool:
    trump_made(state, state.dealer, action.suit, state.dealer, 0)
    return True


def start_predict(state: HandState) -> bool:
    if state.trump is not None or state.deal.up_card is None or not state.rules.prediction:
        return False
    state.to_act = state.left_of(state.dealer)
    state.passes = 0
    return True


def legal_predict(state: HandState, seat: int) -> tuple[Action, ...]:
    rules = state.rules
    actions = rules.actions
    allowed = [actions["pass"]]
    for index, letter in enumerate(SUITS):
        if index not in rules.forbidden_trump:
            allowed.extend((actions[f"predict:{letter}"], actions[f"predict_alone:{letter}"]))
    return tuple(allowed)


def take_predict(state: HandState, seat: int, action: Action) -> bool:
    """A right prediction makes trump for the predictor, who takes the up-card; a wrong one is ignored."""
    if action.kind != "pass" and action.suit == up_suit(state):
        trump_made(state, seat, action.suit, seat, 0, action.kind == "predict_alone")
    return True


def start_round_one(state: HandState) -> bool:
    if state.trump is not None or state.deal.up_card is None or not state.rules.round_one:
        return False
    state.to_act = state.left_of(state.dealer)
    state.passes = 0
    return True


def holds_suit(state: HandState, seat: int, suit: int | None) -> bool:
    """Whether `seat` holds a card printed in `suit`: the left bower and jokers, of no trump suit yet, do not count."""
    rules = state.rules
    return suit is not None and any(rules.deck[card].suit == SUITS[suit] for card in state.hands[seat])


def needs_trump(state: HandState, seat: int, round_number: int) -> bool:
    """Whether `seat` must hold a card of a suit to make it trump in this round (`dealer_needs_trump`)."""
    rules = state.rules
    if rules.any_maker_needs_trump:
        return True
    return rules.dealer_needs_trump and round_number == 1 and seat == state.dealer


def may_order_up(state: HandState, seat: int) -> bool:
    """Whether the player to act may accept the up-card's suit in round one."""
    suit = up_suit(state)
    if suit in state.rules.forbidden_trump or barred_call(state, seat, suit):
        return False
    return not needs_trump(state, seat, 1) or holds_suit(state, seat, suit)


def barred_call(state: HandState, seat: int, suit: int | None) -> bool:
    """Whether a table condition bars `seat` from making `suit` trump (or from making trump at all)."""
    return bool(state.rules.conditions) and (bars(state, seat, "calling") or bars(state, seat, "suit", suit))


def legal_round_one(state: HandState, seat: int) -> tuple[Action, ...]:
    actions = state.rules.actions
    if may_order_up(state, seat):
        return (actions["pass"], actions["order_up"])
    return (actions["pass"],)


def take_round_one(state: HandState, seat: int, action: Action) -> bool:
    """An order-up makes the up-card's suit trump; after everyone passes, round two or a throw-in follows."""
    if action.kind == "order_up":
        suit = up_suit(state)
        # A suitless up-card is ordered up only where no rule names trump for it: its row of the tables is no trump.
        trump_made(state, seat, NO_TRUMP if suit is None else suit, state.dealer, 1)
        return True
    record_pass(state, seat, PASSED_ROUND_ONE)
    state.passes += 1
    if state.passes < state.rules.players:
        state.to_act = state.left_of(seat)
        return False
    if not state.rules.round_two:
        everybody_passed(state)
    return True


def start_round_two(state: HandState) -> bool:
    """Round two follows a round one that everyone passed (where the variant has one), or opens the
    bidding of a hand without an up-card or without round one."""
    rules = state.rules
    if state.trump is not None:
        return False
    after_round_one = rules.round_one and state.deal.up_card is not None
    if after_round_one and not rules.round_two:
        return False
    if after_round_one:
        state.turned_down = up_suit(state)
    state.to_act = state.left_of(state.dealer)
    state.passes = 0
    return True


def open_suits(state: HandState, seat: int) -> list[int]:
    """The suits the rules leave open to `seat` in round two, before asking whether they hold one."""
    rules = state.rules
    stuck = rules.stick_the_dealer and seat == state.dealer
    return [
        index
        for index in range(len(SUITS))
        if index not in rules.forbidden_trump
        and (index != state.turned_down or (stuck and rules.stuck_dealer_may_name_turned_down))
    ]


def may_name_no_trump(state: HandState, seat: int) -> bool:
    """Whether `seat` may name no trump: every player where the variant has it, or only the stuck dealer."""
    rules = state.rules
    if rules.no_trump_stuck_dealer_only:
        return rules.stick_the_dealer and seat == state.dealer
    return rules.no_trump


def nameable(state: HandState, seat: int) -> list[int]:
    """The trump choices open in round two (no trump, high or low, included where the variant allows it)."""
    rules = state.rules
    choices = open_suits(state, seat)
    if needs_trump(state, seat, 2):
        choices = [index for index in choices if holds_suit(state, seat, index)]
    if state.rules.conditions:
        allowed = [index for index in choices if not barred_call(state, seat, index)]
        # A stuck dealer barred from every suit still names one: the bar is lifted rather than leave no action.
        stuck = state.rules.stick_the_dealer and seat == state.dealer
        choices = allowed if allowed or not stuck else choices
    if may_name_no_trump(state, seat):
        choices.append(NO_TRUMP)
    if rules.low_no_trump:
        choices.append(LOW_NO_TRUMP)
    return choices


def legal_round_two(state: HandState, seat: int) -> tuple[Action, ...]:
    rules = state.rules
    actions = rules.actions
    stuck = rules.stick_the_dealer and seat == state.dealer
    allowed = [] if stuck else [actions["pass"]]
    allowed.extend(actions[f"name_trump:{TRUMP_LETTERS[index]}"] for index in nameable(state, seat))
    return tuple(allowed)


def take_round_two(state: HandState, seat: int, action: Action) -> bool:
    if action.kind == "name_trump":
        trump_made(state, seat, action.suit, None, 2)
        return True
    record_pass(state, seat, PASSED_ROUND_TWO)
    state.passes += 1
    if state.passes < state.rules.players:
        state.to_act = state.left_of(seat)
        return False
    everybody_passed(state)
    return True


def everybody_passed(state: HandState) -> None:
    """The last round of bidding is passed out: the hand is played at no trump with nobody as the maker
    where the variant says so; otherwise nothing is made, and the hand will be thrown in."""
    if state.rules.all_pass_no_trump:
        trump_without_maker(state, NO_TRUMP)


def throw_in(state: HandState) -> None:
    """Nobody made trump: the hand ends and nobody scores (unless the dealer concedes a point for it)."""
    if concede(state):
        return
    state.phase = HAND_OVER
    state.to_act = None
    state.result = HandResult(thrown_in=True, points=(0,) * len(state.rules.teams))
