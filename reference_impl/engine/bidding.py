"""Making trump: redeal calls, a prediction, a special up-card, and the two rounds of bidding.

For each bidding phase this module has what `phases` puts in that phase's record: `start_*`
enters the phase where it applies (choosing who acts first) and says whether it did; `take_*`
applies a legal action in place and says whether the phase is finished. What a player may do is
answered once, by a "who may" function that gives the reason an action is refused (None: it may
be taken), made a `Decision` among the phase's candidate actions: the legal actions, the check
of one action and the refusal all come from it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ruleset.compiled.bidding_rules import Bidding
from ruleset.compiled.cards import SUITS
from ruleset.compiled.rules import LOW_NO_TRUMP, NO_TRUMP, TRUMP_LETTERS, Action, Rules

from .concession import concede
from .conditions import bars
from .declarations import PASSED_ROUND_ONE, PASSED_ROUND_TWO, record_pass, trump_made, trump_without_maker
from .no_trump_hand import barred_by_up_suit
from .state import HandResult, HandState
from .turned_down_call import counts_as_pass
from .who_may import Decision

if TYPE_CHECKING:
    from .phases import Phase


def redeal_callers(state: HandState) -> tuple[int, ...]:
    """Players, from the dealer's left, whose hands qualify for a redeal and who have calls left."""
    rules = state.rules
    ranks = rules.bidding.redeal_ranks
    if not ranks:
        return ()
    callers = []
    for offset in range(1, rules.players + 1):
        seat = (state.dealer + offset) % rules.players
        qualifies = all(rules.deck[card].rank in ranks and rules.deck[card].suit for card in state.hand(seat))
        qualifies = qualifies and not barred_by_up_suit(state, seat)
        if qualifies and (state.redeals_left is None or state.redeals_left[seat] > 0):
            callers.append(seat)
    return tuple(callers)


def start_redeal(state: HandState) -> bool:
    """Redeal calls come first, where a hand qualifies."""
    callers = redeal_callers(state)
    state.set(callers=callers)
    if not callers:
        return False
    state.to_act = callers[0]
    state.restart_count()
    return True


def legal_redeal(state: HandState, seat: int) -> tuple[Action, ...]:
    actions = state.rules.actions
    return (actions["pass"], actions["call_redeal"])


def take_redeal(state: HandState, seat: int, action: Action) -> bool:
    if action.kind == "call_redeal":
        state.end(HandResult(thrown_in=True, points=(0,) * len(state.rules.teams), redeal_called_by=seat))
        return False
    passes = state.passes + 1
    state.set(passes=passes)
    if passes < len(state.callers):
        state.to_act = state.callers[passes]
        return False
    return True


_SUIT_NAMES = tuple(f"name_trump:{letter}" for letter in SUITS)
_TRUMP_NAMES = tuple(f"name_trump:{letter}" for letter in TRUMP_LETTERS)


def naming_a_suit_refusal(state: HandState, seat: int, action: Action) -> str | None:
    """Who may name this suit for a special card turned up: any suit the variant allows as trump."""
    return "suit_not_allowed" if action.suit >= len(SUITS) or action.suit in state.rules.bidding.forbidden_trump else None


NAMING_UNSEEN = Decision(_SUIT_NAMES, naming_a_suit_refusal)


def start_unseen(state: HandState) -> bool:
    """The up-card itself may settle trump: a special card lets the dealer name it unseen (this
    phase); an up-card of a forced suit makes that suit trump at once, with no phase at all."""
    bidding = state.rules.bidding
    up = state.deal.up_card
    if up is None:
        return False
    if up in state.rules.special_cards and bidding.special_up_card == "dealer_names_trump_unseen":
        state.to_act = state.dealer
        return True
    suit = state.up_suit
    if suit is not None and suit in bidding.forced_trump_up_suits:
        if bidding.forced_trump_no_maker:
            trump_without_maker(state, suit)
        else:
            trump_made(state, state.dealer, suit, state.dealer, 0)
    return False


def take_unseen(state: HandState, seat: int, action: Action) -> bool:
    trump_made(state, state.dealer, action.suit, state.dealer, 0)
    return True


def start_predict(state: HandState) -> bool:
    if state.trump is not None or state.deal.up_card is None or not state.rules.bidding.prediction:
        return False
    state.to_act = state.left_of(state.dealer)
    state.restart_count()
    return True


_PREDICTIONS = ("pass", *(f"{kind}:{letter}" for letter in SUITS for kind in ("predict", "predict_alone")))


def prediction_refusal(state: HandState, seat: int, action: Action) -> str | None:
    """Who may predict this suit: any player, any suit the variant allows as trump (and anyone may pass)."""
    return "suit_not_allowed" if action.kind != "pass" and action.suit in state.rules.bidding.forbidden_trump else None


PREDICTION = Decision(_PREDICTIONS, prediction_refusal)


def take_predict(state: HandState, seat: int, action: Action) -> bool:
    """A right prediction makes trump for the predictor, who takes the up-card; a wrong one is ignored."""
    if action.kind != "pass" and action.suit == state.up_suit:
        trump_made(state, seat, action.suit, seat, 0, action.kind == "predict_alone")
    return True


def start_round_one(state: HandState) -> bool:
    if state.trump is not None or state.deal.up_card is None or not state.rules.bidding.round_one:
        return False
    state.to_act = state.left_of(state.dealer)
    state.restart_count()
    return True


def holds_suit(state: HandState, seat: int, suit: int | None) -> bool:
    """Whether `seat` holds a card printed in `suit`: the left bower and jokers, of no trump suit yet, do not count."""
    rules = state.rules
    return suit is not None and any(rules.deck[card].suit == SUITS[suit] for card in state.hand(seat))


def needs_trump(state: HandState, seat: int, round_number: int) -> bool:
    """Whether `seat` must hold a card of a suit to make it trump in this round (`dealer_needs_trump`)."""
    bidding = state.rules.bidding
    if bidding.any_maker_needs_trump:
        return True
    return bidding.dealer_needs_trump and round_number == 1 and seat == state.dealer


def round_one_refusal(state: HandState, seat: int, action: Action) -> str | None:
    """Who may accept the up-card's suit in round one (anyone may pass): not where that suit may not be trump, nor
    a player who needs a card of it and holds none."""
    if action.kind == "pass":
        order_up = state.rules.actions["order_up"]
        if state.rules.conditions and bars(state, seat, "passing") and round_one_refusal(state, seat, order_up) is None:
            return "barred_by_condition"  # a player the table's condition names must take the up-card
        return None
    suit = state.up_suit
    if suit in state.rules.bidding.forbidden_trump:
        return "suit_not_allowed"
    if barred_call(state, seat, suit):
        return "barred_by_condition"
    if needs_trump(state, seat, 1) and not holds_suit(state, seat, suit):
        return "needs_trump_to_order" if seat == state.dealer else "needs_trump_to_make"
    return None


ROUND_ONE = Decision(("pass", "order_up"), round_one_refusal)


def barred_call(state: HandState, seat: int, suit: int | None) -> bool:
    """Whether a table condition bars `seat` from making `suit` trump (or from making trump at all)."""
    return bool(state.rules.conditions) and (bars(state, seat, "calling") or bars(state, seat, "suit", suit))


def take_round_one(state: HandState, seat: int, action: Action) -> bool:
    """An order-up makes the up-card's suit trump; after everyone passes, round two or a throw-in follows."""
    if action.kind == "order_up":
        suit = state.up_suit
        # A suitless up-card is ordered up only where no rule names trump for it: its row of the tables is no trump.
        trump_made(state, seat, NO_TRUMP if suit is None else suit, state.dealer, 1)
        return True
    record_pass(state, seat, PASSED_ROUND_ONE)
    passes = state.passes
    state.journal.append(("passes", passes))
    passes = state.passes = passes + 1
    if passes < state.rules.players:
        state.to_act = state.program.next_seat[seat]
        return False
    if not state.rules.bidding.round_two:
        everybody_passed(state)
    return True


def start_round_two(state: HandState) -> bool:
    """Round two follows a round one that everyone passed (where the variant has one), or opens the
    bidding of a hand without an up-card or without round one."""
    bidding = state.rules.bidding
    if state.trump is not None:
        return False
    after_round_one = bidding.round_one and state.deal.up_card is not None
    if after_round_one and not bidding.round_two:
        return False
    if after_round_one:
        state.set(turned_down=state.up_suit)
    state.to_act = state.left_of(state.dealer)
    state.restart_count()
    return True


def is_stuck(state: HandState, seat: int) -> bool:
    """Whether `seat` is a dealer who may not pass round two (stick the dealer)."""
    return state.rules.bidding.stick_the_dealer and seat == state.dealer


def round_two_refusal(state: HandState, seat: int, action: Action) -> str | None:
    """Who may pass, or name this trump, in round two: the reason they may not, or None.

    A stuck dealer may not pass. A suit is named only where the variant allows it as trump, not
    the turned-down suit (unless a stuck dealer may name it), and by a player who holds a card of
    it where that is needed; no trump, high or low, where the variant has it (high no trump, in
    some variants, only for the stuck dealer).
    """
    stuck = is_stuck(state, seat)
    if action.kind == "pass":
        return "dealer_must_name_trump" if stuck else None
    reason = naming_refusal(state.rules.bidding, action.suit, state.turned_down, stuck)
    if reason is not None or counts_as_pass(state, seat, action):
        return reason
    if (
        action.suit < len(SUITS)
        and barred_call(state, seat, action.suit)
        and not (stuck and _barred_from_every_suit(state, seat))
    ):
        return "barred_by_condition"
    if needs_trump(state, seat, 2) and not holds_suit(state, seat, action.suit):
        return "needs_trump_to_make"
    return None


def _barred_from_every_suit(state: HandState, seat: int) -> bool:
    """Whether the table's conditions bar the stuck dealer from every suit they could otherwise name: the bar is then
    lifted, rather than leave them nothing to do."""
    bidding = state.rules.bidding
    return all(
        barred_call(state, seat, suit)
        for suit in range(len(SUITS))
        if naming_refusal(bidding, suit, state.turned_down, True) is None
        and not (needs_trump(state, seat, 2) and not holds_suit(state, seat, suit))
    )


def naming_refusal(bidding: Bidding, suit: int, turned_down: int | None, stuck: bool) -> str | None:
    """Whether the rules let a player name this trump in round two, before asking what they hold."""
    if suit == NO_TRUMP:
        if bidding.no_trump_stuck_dealer_only:
            return None if stuck else "no_trump_for_stuck_dealer"
        return None if bidding.no_trump else "suit_not_allowed"
    if suit == LOW_NO_TRUMP:
        return None if bidding.low_no_trump else "suit_not_allowed"
    if suit in bidding.forbidden_trump:
        return "suit_not_allowed"
    if suit == turned_down and not (stuck and bidding.stuck_dealer_may_name_turned_down):
        # Where naming it counts as a pass, anyone who may pass may name it.
        return None if bidding.turned_down_call_passes and not stuck else "turned_down_suit"
    return None


ROUND_TWO = Decision(("pass", *_TRUMP_NAMES), round_two_refusal)


def needs_no_trump_held(bidding: Bidding) -> bool:
    """Whether nobody needs a card of a suit to make it trump: what a player may bid then depends on the rules,
    the turned-down suit and whether they are the stuck dealer, never on their cards."""
    return not (bidding.dealer_needs_trump or bidding.any_maker_needs_trump)


def compiled_round_one(phase: Phase, rules: Rules) -> Phase:
    """Round one where anyone may order up any up-card (no suit forbidden, nobody needing a card of it): the legal
    actions are always the same two, listed once."""
    bidding = rules.bidding
    if not needs_no_trump_held(bidding) or bidding.forbidden_trump or rules.conditions:
        return phase
    both = (rules.actions["pass"], rules.actions["order_up"])
    passing, ordering = both

    def anyone_may_order_up(state: HandState, seat: int) -> tuple[Action, ...]:
        return both

    def either_of_the_two(state: HandState, seat: int, action: Action) -> bool:
        return action is passing or action is ordering

    return replace(phase, legal=anyone_may_order_up, allows=either_of_the_two)


def compiled_round_two(phase: Phase, rules: Rules) -> Phase:
    """Round two where nobody needs a card of the suit named: the legal actions, by turned-down suit and whether the
    seat is the stuck dealer, are listed once from the same "who may" (`naming_refusal`)."""
    bidding = rules.bidding
    if not needs_no_trump_held(bidding) or rules.conditions:
        return phase
    actions = rules.actions
    offers = {
        (turned_down, stuck): (
            *(() if stuck else (actions["pass"],)),
            *(
                action
                for action in map(actions.__getitem__, _TRUMP_NAMES)
                if naming_refusal(bidding, action.suit, turned_down, stuck) is None
            ),
        )
        for turned_down in (None, *range(len(SUITS)))
        for stuck in (False, True)
    }

    def named_by_the_rules_alone(state: HandState, seat: int) -> tuple[Action, ...]:
        return offers[(state.turned_down, is_stuck(state, seat))]

    def among_the_offers(state: HandState, seat: int, action: Action) -> bool:
        return any([offer is action for offer in offers[(state.turned_down, is_stuck(state, seat))]])

    return replace(phase, legal=named_by_the_rules_alone, allows=among_the_offers)


def take_round_two(state: HandState, seat: int, action: Action) -> bool:
    if action.kind == "name_trump" and not counts_as_pass(state, seat, action):
        trump_made(state, seat, action.suit, None, 2)
        return True
    record_pass(state, seat, PASSED_ROUND_TWO)
    passes = state.passes
    state.journal.append(("passes", passes))
    passes = state.passes = passes + 1
    if passes < state.rules.players:
        state.to_act = state.program.next_seat[seat]
        return False
    everybody_passed(state)
    return True


def everybody_passed(state: HandState) -> None:
    """The last round of bidding is passed out: the hand is played at no trump with nobody as the maker
    where the variant says so; otherwise nothing is made, and the hand will be thrown in."""
    if state.rules.bidding.all_pass_no_trump:
        trump_without_maker(state, NO_TRUMP)


def throw_in(state: HandState) -> None:
    """Nobody made trump: the hand ends and nobody scores (unless the dealer concedes a point for it)."""
    if concede(state):
        return
    state.end(HandResult(thrown_in=True, points=(0,) * len(state.rules.teams)))
