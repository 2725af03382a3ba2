"""Every phase of a hand in one record, and the order the phases come in, as data.

A hand moves through `ORDER` from top to bottom. When a phase is finished, the machine tries the
phases after it in turn; each one's `start` enters it where it applies (choosing who acts) or
declines, so a phase the situation makes pointless is skipped, never asked. The last phase, the
end of the hand, always applies: it scores the tricks, or throws the hand in when nobody made
trump. `when` says in words on what condition each phase is entered, and `enters` on which rules
it can ever be: a variant's chain keeps only those (`program`), so a phase the variant itself
makes pointless is not even tried.

A record also holds what the machine and the hand log need to know about its phase: the legal
actions, how an action is taken (in place), the action kinds it accepts, the reason an action
of one of those kinds is refused, and the log's heading and words for a pass. Where a phase
plays differently by a rule, `compiled` gives the record with the variant's functions chosen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ruleset.compiled.rules import Action, Rules

from . import auction, bidding, both_ways, declarations, exchange, fold, going_under, penalty, play, special_up_bid, take_over
from .state import (
    AUCTION,
    AUCTION_TRUMP,
    BID_ROUND_ONE,
    BID_ROUND_TWO,
    CALL_DISCARD,
    CALL_HAND_OVER,
    CALL_PASS_BACK,
    DEALER_DISCARD,
    DEALER_NAMES_UNSEEN,
    DECLARE_ALONE,
    DEFEND_ALONE,
    DEFENDER_ASK,
    DEFENDER_DISCARD,
    DEFENDER_DISCARD_FIRST,
    DEFENDER_GIVE,
    DUMMY_DISCARD,
    FOLD_OR_PLAY,
    GO_UNDER_CALL,
    GO_UNDER_DISCARD,
    HAND_OVER,
    LONE_DISCARD,
    LONE_DISCARD_FIRST,
    LONE_HAND_OVER,
    LONE_RETURN,
    PARTNER_ASK,
    PARTNER_GIVE,
    PARTNER_TAKE_OVER,
    PLAY,
    PREDICT,
    REDEAL_CALL,
    RENEGE_PENALTY_CHOICE,
    SPECIAL_UP_BID,
    HandState,
)

Legal = Callable[[HandState, int], tuple[Action, ...]]
Take = Callable[[HandState, int, Action], bool]
Refusal = Callable[[HandState, int, Action], "str | None"]
Allows = Callable[[HandState, int, Action], bool]


@dataclass(frozen=True)
class Phase:
    """One phase of a hand: when it starts, who acts and what they may do, and how the log shows it."""

    name: str
    when: str
    """The condition on which the hand enters this phase, in words."""
    enters: Callable[[Rules], bool]
    """Whether a hand of these rules can ever enter the phase (a phase of no use to a variant is left out of its chain)."""
    start: Callable[[HandState], bool]
    """Enter the phase if it applies (setting who acts first); False to skip it."""
    kinds: frozenset[str]
    """The kinds of action taken in this phase; any other kind is refused as wrong_phase."""
    legal: Legal
    """The legal actions of the seat to act."""
    take: Take
    """Apply a legal action in place (every write journaled); True once the phase is finished."""
    refusal: Refusal
    """The reason code for an action of one of `kinds` that is not legal now (the phase's "who may", where it has one)."""
    allows: Allows | None = None
    """Whether one action is legal, answered without listing them all: for the phases a replayed record meets
    most (play, the bids, the dealer's discard), where it spares replaying the full list."""
    title: str = ""
    """The hand log's heading for this phase ("" where the log has lines of its own)."""
    decline: str = ""
    """The hand log's words for a pass, where a pass here means declining something."""
    compiled: Callable[[Phase, Rules], Phase] | None = None
    """The record as a variant plays it, its rule branches chosen once (None: the same for every variant)."""
    out_of_turn: Allows | None = None
    """Whether a seat that is not to act may take this action now, as an irregularity the rules remedy
    (a lead out of turn); None: any action out of turn is refused as not_your_turn."""
    before_trump: bool = False
    """Whether the phase starts only while no trump is made (its start says False once one is): `enter` then passes it
    over without asking, as it does after round one's order-up in most hands."""
    plain_play: bool = False
    """Whether this is the play of cards following suit with no rule wrapped around it: `do` then checks and plays
    each card itself (`HandState.play`), one call and one journal entry per card, instead of `allows` and `take`."""


def _reason(code: str) -> Refusal:
    return lambda state, seat, action: code


def _discard_reason(state: HandState, seat: int, action: Action) -> str:
    if action.kind == "leave_up_card":
        return "pickup_compulsory"
    if action.card == state.deal.up_card and state.phase == DEALER_DISCARD:
        return "cannot_discard_up_card"
    return "card_not_in_hand"


def _play_reason(state: HandState, seat: int, action: Action) -> str:
    if not state.holds(seat, action.card):
        return "card_not_in_hand"
    if any(state.follows[card] == state.led_suit for card in state.hand(seat)):
        return "must_follow_suit"
    return "barred_by_condition"


def _nothing(state: HandState, seat: int) -> tuple[Action, ...]:
    return ()


def _never_taken(state: HandState, seat: int, action: Action) -> bool:
    raise AssertionError("no action is taken once the hand is over")


def _always(rules: Rules) -> bool:
    return True


def _bids(rules: Rules, exchange: str | None = None) -> bool:
    """Whether the auction has a lone bid calling for partners' cards (in this order of exchange, if given)."""
    return rules.auction is not None and any(
        bid.call and (exchange is None or bid.exchange == exchange) for bid in rules.auction.bids.values()
    )


def _partner_card(rules: Rules) -> bool:
    return rules.lone_play.partner_card


def _defender_card(rules: Rules) -> bool:
    lone = rules.lone_play
    return lone.partner_card and lone.partner_exchange.lone_defender and lone.defender_alone != "never"


def _unseen_or_forced(rules: Rules) -> bool:
    """A special up-card on which the dealer names trump unseen, or up-card suits that are trump at once."""
    bidding = rules.bidding
    return rules.up_card and (bidding.special_up_card == "dealer_names_trump_unseen" or bool(bidding.forced_trump_up_suits))


def _round_two(rules: Rules) -> bool:
    """Round two follows round one where the variant has it, or opens the bidding where there is no round one."""
    bidding = rules.bidding
    return rules.auction is None and (bidding.round_two or not (bidding.round_one and rules.up_card))


ORDER: tuple[Phase, ...] = (
    Phase(
        REDEAL_CALL,
        "a player's hand qualifies for a redeal and they have calls left",
        lambda rules: bool(rules.bidding.redeal_ranks),
        bidding.start_redeal,
        frozenset({"pass", "call_redeal"}),
        bidding.legal_redeal,
        bidding.take_redeal,
        _reason("unknown_action"),  # both kinds are always legal: never asked
        title="Calling for a redeal",
        decline="Plays the hand",
    ),
    Phase(
        GO_UNDER_CALL,
        "the variant lets a player go under and a player's hand qualifies",
        lambda rules: rules.bidding.going_under is not None,
        going_under.start_call,
        frozenset({"pass", "go_under"}),
        going_under.legal_call,
        going_under.take_call,
        _reason("unknown_action"),  # both kinds are always legal: never asked
        title="Going under",
        decline="Keeps the hand",
    ),
    Phase(
        GO_UNDER_DISCARD,
        "exactly one player called to go under",
        lambda rules: rules.bidding.going_under is not None,
        going_under.start_discard,
        frozenset({"discard"}),
        going_under.legal_discard,
        going_under.take_discard,
        going_under.discard_reason,
        title="Cards shown and exchanged for the kitty",
    ),
    Phase(
        DEALER_NAMES_UNSEEN,
        "the up-card is a special card that lets the dealer name trump unseen",
        _unseen_or_forced,
        bidding.start_unseen,
        frozenset({"name_trump"}),
        bidding.NAMING_UNSEEN.legal,
        bidding.take_unseen,
        bidding.NAMING_UNSEEN.refusal,
        bidding.NAMING_UNSEEN.allows,
        title="The special card is turned up: the dealer names trump unseen",
    ),
    Phase(
        SPECIAL_UP_BID,
        "the up-card is a special card that the players bid on by naming a suit, the dealer last and unable to pass",
        lambda rules: rules.up_card and rules.bidding.special_up_card == special_up_bid.RULE,
        special_up_bid.start,
        frozenset({"pass", "name_trump"}),
        special_up_bid.CALLS.legal,
        special_up_bid.take,
        special_up_bid.CALLS.refusal,
        special_up_bid.CALLS.allows,
        title="The special card is turned up: a suit is named for it, the dealer last",
    ),
    Phase(
        PREDICT,
        "trump is not made yet, there is an up-card, and the variant lets a player predict it",
        lambda rules: rules.up_card and rules.bidding.prediction,
        bidding.start_predict,
        frozenset({"pass", "predict", "predict_alone"}),
        bidding.PREDICTION.legal,
        bidding.take_predict,
        bidding.PREDICTION.refusal,
        bidding.PREDICTION.allows,
        title="Predicting the up-card",
        decline="Makes no prediction",
    ),
    Phase(
        AUCTION,
        "the variant makes its contract by a numeric auction instead of the up-card rounds",
        lambda rules: rules.auction is not None,
        auction.start_auction,
        frozenset({"pass", "bid"}),
        auction.legal_auction,
        auction.take_auction,
        auction.auction_refusal,
        title="The auction",
    ),
    Phase(
        AUCTION_TRUMP,
        "the auction is won with a bid that names no trump, so its winner names it",
        lambda rules: (
            rules.auction is not None
            and any(bid.trump is None for bid in (*rules.auction.bids.values(), rules.auction.forced_bid) if bid is not None)
        ),
        auction.start_trump,
        frozenset({"name_trump"}),
        auction.legal_trump,
        auction.take_trump,
        _reason("suit_not_allowed"),
        title="The winner of the auction names trump",
    ),
    Phase(
        BID_ROUND_ONE,
        "trump is not made yet, there is an up-card, and the variant bids on it",
        lambda rules: rules.auction is None and rules.up_card and rules.bidding.round_one,
        bidding.start_round_one,
        frozenset({"pass", "order_up"}),
        bidding.ROUND_ONE.legal,
        bidding.take_round_one,
        bidding.ROUND_ONE.refusal,
        bidding.ROUND_ONE.allows,
        title="Round one (the up-card)",
        compiled=bidding.compiled_round_one,
    ),
    Phase(
        BID_ROUND_TWO,
        "trump is not made yet, and either everyone passed round one of a variant with a round two, "
        "or the hand has no up-card or no round one",
        _round_two,
        bidding.start_round_two,
        frozenset({"pass", "name_trump"}),
        bidding.ROUND_TWO.legal,
        bidding.take_round_two,
        bidding.ROUND_TWO.refusal,
        bidding.ROUND_TWO.allows,
        title="Round two (naming a suit)",
        compiled=bidding.compiled_round_two,
        before_trump=True,
    ),
    Phase(
        DECLARE_ALONE,
        "trump is made and going alone is the maker's choice, not settled by the variant or a prediction",
        lambda rules: rules.auction is None and rules.lone_play.maker_alone == "choice",
        declarations.start_alone,
        frozenset({"pass", "go_alone"}),
        declarations.GOING_ALONE.legal,
        declarations.take_alone,
        declarations.GOING_ALONE.refusal,
        declarations.GOING_ALONE.allows,
        title="Going alone",
        decline="Does not go alone",
        compiled=declarations.compiled_alone,
    ),
    Phase(
        PARTNER_TAKE_OVER,
        "the maker declared to play alone, the variant lets the partner take the lone hand over, "
        "and the partner has not passed and may play alone",
        lambda rules: rules.lone_play.partner_may_take,
        take_over.start,
        frozenset({"pass", "go_alone"}),
        take_over.TAKING.legal,
        take_over.take,
        take_over.TAKING.refusal,
        take_over.TAKING.allows,
        title="The partner may take the lone hand over",
        decline="Leaves the lone hand to the maker",
    ),
    Phase(
        PARTNER_ASK,
        "the maker plays alone, the variant gives a lone player a partner's card, and there are several partners "
        "or calling for it is the lone player's choice",
        lambda rules: (
            rules.lone_play.partner_card
            and (rules.lone_play.partner_exchange.optional or any(len(partners) > 1 for partners in rules.partners))
        ),
        declarations.start_ask,
        frozenset({"ask", "pass"}),
        declarations.legal_ask,
        declarations.take_ask,
        declarations.ask_reason,
        title="The lone player asks a partner for a card",
        decline="Calls for no card",
    ),
    Phase(
        LONE_DISCARD_FIRST,
        "the maker plays alone, the variant gives a lone player a partner's card, and the lone player discards first",
        lambda rules: rules.lone_play.partner_card and rules.lone_play.partner_exchange.discard_first,
        exchange.start_lone_discard_first,
        frozenset({"discard"}),
        declarations.legal_lone_discard,
        exchange.take_discard,
        _discard_reason,
        title="The lone player's discard, before the partner's card",
    ),
    Phase(
        LONE_HAND_OVER,
        "the maker plays alone and the partner's card is exchanged both ways, the lone player's card first",
        lambda rules: (
            _partner_card(rules) and rules.lone_play.partner_exchange.returned and rules.lone_play.partner_exchange.discard_first
        ),
        exchange.start_hand_over,
        frozenset({"give"}),
        declarations.legal_give,
        exchange.take_hand_over,
        _reason("card_not_in_hand"),
        title="The lone player hands the partner a card",
    ),
    Phase(
        CALL_DISCARD,
        "a lone bid calls for partners' cards and the bidder discards before receiving them",
        lambda rules: _bids(rules, "bidder_first"),
        auction.start_call_discard,
        frozenset({"discard"}),
        declarations.legal_lone_discard,
        auction.take_call_discard,
        _reason("card_not_in_hand"),
        title="The lone bidder discards before the partners give",
    ),
    Phase(
        CALL_HAND_OVER,
        "a lone bid calls for cards both ways, so the bidder first hands the partner the cards called",
        lambda rules: _bids(rules, both_ways.BOTH_WAYS),
        both_ways.start_hand_over,
        frozenset({"give"}),
        declarations.legal_give,
        both_ways.take_hand_over,
        _reason("card_not_in_hand"),
        title="The lone bidder hands cards to the partner",
    ),
    Phase(
        CALL_PASS_BACK,
        "the lone bidder handed the partner the cards called, and the partner passes as many back",
        lambda rules: _bids(rules, both_ways.BOTH_WAYS),
        both_ways.start_pass_back,
        frozenset({"give"}),
        declarations.legal_give,
        both_ways.take_pass_back,
        _reason("card_not_in_hand"),
        title="The partner passes cards back",
    ),
    Phase(
        PARTNER_GIVE,
        "the maker plays alone and the variant gives a lone player a partner's card, or a lone bid calls for partners' cards",
        lambda rules: _partner_card(rules) or _bids(rules),
        declarations.start_give,
        frozenset({"give"}),
        declarations.legal_partner_give,
        declarations.take_give,
        _reason("card_not_in_hand"),
        title="A partner gives a card",
    ),
    Phase(
        LONE_DISCARD,
        "partners gave the lone maker cards that the maker did not discard for beforehand",
        lambda rules: _partner_card(rules) or _bids(rules),
        declarations.start_lone_discard,
        frozenset({"discard"}),
        declarations.legal_lone_discard,
        declarations.take_lone_discard,
        _discard_reason,
        title="The lone player's discard",
    ),
    Phase(
        LONE_RETURN,
        "the partner gave the lone maker a card and the exchange goes both ways, so the lone player returns one",
        lambda rules: (
            _partner_card(rules)
            and rules.lone_play.partner_exchange.returned
            and not rules.lone_play.partner_exchange.discard_first
        ),
        exchange.start_return,
        frozenset({"give"}),
        declarations.legal_give,
        exchange.take_return,
        _reason("card_not_in_hand"),
        title="The lone player returns a card to the partner",
    ),
    Phase(
        DEALER_DISCARD,
        "someone takes the up-card (the dealer, or a predictor) and still plays, or the dealer picks up for a lone partner",
        lambda rules: rules.up_card,
        declarations.start_discard,
        frozenset({"discard", "leave_up_card"}),
        declarations.legal_discard,
        declarations.take_discard,
        _discard_reason,
        declarations.allows_discard,
        title="The dealer's discard",
    ),
    Phase(
        DUMMY_DISCARD,
        "trump is made, the variant has a dummy hand, and the maker does not play alone",
        lambda rules: rules.dummy,
        declarations.start_dummy_discard,
        frozenset({"discard"}),
        declarations.legal_dummy_discard,
        declarations.take_dummy_discard,
        _discard_reason,
        title="The maker takes the dummy and discards",
    ),
    Phase(
        FOLD_OR_PLAY,
        "trump is made and the variant lets the players other than the maker fold or play",
        lambda rules: rules.fold is not None,
        fold.start,
        frozenset({"stay_in", "fold"}),
        fold.CHOICE.legal,
        fold.take,
        fold.CHOICE.refusal,
        fold.CHOICE.allows,
        title="Fold or play",
    ),
    Phase(
        DEFEND_ALONE,
        "trump is made and a defender may defend alone by the variant's rule",
        lambda rules: rules.lone_play.defender_alone != "never",
        declarations.start_defend,
        frozenset({"pass", "defend_alone"}),
        declarations.legal_defend,
        declarations.take_defend,
        _reason("passed_cannot_go_alone"),
        title="Defending alone",
        decline="Does not defend alone",
    ),
    Phase(
        DEFENDER_ASK,
        "a defender plays alone, the variant gives a lone defender a partner's card, and calling for it "
        "is the lone player's choice",
        lambda rules: _defender_card(rules) and rules.lone_play.partner_exchange.optional,
        exchange.start_defender_ask,
        frozenset({"ask", "pass"}),
        exchange.legal_defender_ask,
        exchange.take_defender_ask,
        _reason("not_a_partner"),
        title="The lone defender calls for a card or not",
        decline="Calls for no card",
    ),
    Phase(
        DEFENDER_DISCARD_FIRST,
        "a defender plays alone, the variant gives a lone defender a partner's card, and the lone player discards first",
        lambda rules: _defender_card(rules) and rules.lone_play.partner_exchange.discard_first,
        exchange.start_defender_discard_first,
        frozenset({"discard"}),
        declarations.legal_lone_discard,
        exchange.take_discard,
        _discard_reason,
        title="The lone defender's discard, before the partner's card",
    ),
    Phase(
        DEFENDER_GIVE,
        "a defender plays alone and the variant gives a lone defender a partner's card",
        _defender_card,
        exchange.start_defender_give,
        frozenset({"give"}),
        declarations.legal_give,
        exchange.take_defender_give,
        _reason("card_not_in_hand"),
        title="The other defender gives a card",
    ),
    Phase(
        DEFENDER_DISCARD,
        "the other defender gave the lone defender a card, which the lone defender may discard",
        lambda rules: _defender_card(rules) and not rules.lone_play.partner_exchange.discard_first,
        exchange.start_defender_discard,
        frozenset({"discard"}),
        declarations.legal_lone_discard,
        exchange.take_discard,
        _discard_reason,
        title="The lone defender's discard",
    ),
    Phase(
        PLAY,
        "trump is made and every declaration is settled",
        _always,
        play.start,
        frozenset({"play"}),
        play.legal_following_suit,
        play.take_play,
        _play_reason,
        play.allows_following_suit,
        compiled=play.compiled,
    ),
    Phase(
        RENEGE_PENALTY_CHOICE,
        "play has stopped with a renege caught, and the variant lets the innocent side choose its penalty",
        lambda rules: rules.renege_options.innocent_chooses,
        penalty.start,
        frozenset({"penalty"}),
        penalty.legal,
        penalty.take,
        _reason("unknown_action"),  # both choices are always legal: never asked
        title="The innocent side chooses the renege penalty",
    ),
    Phase(
        HAND_OVER,
        "always, as the last phase: the tricks are scored, or the hand is thrown in when nobody made trump",
        _always,
        play.finish,
        frozenset(),
        _nothing,
        _never_taken,
        _reason("hand_over"),
    ),
)

BY_NAME: dict[str, Phase] = {phase.name: phase for phase in ORDER}
PHASES = tuple(phase.name for phase in ORDER)
"""Every phase name, in the order a hand meets them."""
