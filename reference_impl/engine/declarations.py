"""After trump is made: going alone, a partner's card, the pick-up, the dummy, defending alone.

The order is fixed so that every rule that depends on an earlier decision can see it: the maker
declares first (the dealer's pick-up depends on whether the dealer's partner went alone; a
dummy is taken only by a maker who does not go alone), a lone maker may then get a card from a
partner, the up-card is taken and a card discarded, a maker who took the dummy keeps the best
of it, then defenders may defend alone, then play begins. Steps that the variant or the
situation makes pointless are skipped, never asked.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ruleset.compiled.rules import Action, Rules

from .conditions import bars
from .passing import cards_in_last_move, discard_out, give_card, record_move
from .state import HandState
from .who_may import Decision

if TYPE_CHECKING:
    from .phases import Phase

PASSED_ROUND_ONE = 1
PASSED_ROUND_TWO = 2


def record_pass(state: HandState, seat: int, round_bit: int) -> None:
    """Mark that `seat` passed in the round named by `round_bit` (PASSED_ROUND_ONE, PASSED_ROUND_TWO, an auction's)."""
    passed = state.passed
    state.journal.append(("passed", passed))
    state.passed = (*passed[:seat], passed[seat] | round_bit, *passed[seat + 1 :])


def trump_made(
    state: HandState, maker: int, trump: int, taker: int | None, made_in_round: int, settled_alone: bool | None = None
) -> None:
    """Record the make; where going alone is not the maker's choice, settle it now.

    `taker` is who takes the up-card into hand (None: nobody); `made_in_round` is 1 or 2 for a
    bid, 0 for a make without bidding (a special or forced up-card, a prediction).
    `settled_alone` is given when going alone was decided before the make (a smitty prediction).
    """
    rules = state.rules
    # Written straight to the journal, as `set` would: every hand makes trump once.
    state.journal += (
        ("maker", state.maker),
        ("trump", state.trump),
        ("follows", state.follows),
        ("follow_masks", state.follow_masks),
        ("taker", state.taker),
        ("made_in_round", state.made_in_round),
    )
    state.maker = maker
    state.trump = trump
    state.follows = rules.effective_suit[trump]
    state.follow_masks = state.program.follow_masks[trump]
    state.taker = taker
    state.made_in_round = made_in_round
    if settled_alone is not None:
        state.set(predicted_alone=settled_alone)
        _set_alone(state, maker, settled_alone)
    elif rules.lone_play.maker_alone != "choice":
        _set_alone(state, maker, rules.lone_play.maker_alone == "always")


def trump_without_maker(state: HandState, trump: int) -> None:
    """Trump is fixed with nobody as the maker (a forced up-card nobody makes, or a hand everybody
    passed played at no trump): nobody takes the up-card, goes alone, defends alone or folds."""
    state.set(
        maker=None,
        trump=trump,
        follows=state.rules.effective_suit[trump],
        follow_masks=state.program.follow_masks[trump],
        taker=None,
        made_in_round=0,
        maker_alone=False,
    )


def maker_of(state: HandState) -> int:
    """The maker, in a phase that only comes once trump is made."""
    maker = state.maker
    assert maker is not None, "a declaration before trump is made"
    return maker


def must_go_alone(state: HandState) -> bool:
    """The Canadian loner: a partner of the dealer who ordered up the up-card (or, where the rule
    covers both rounds, who named trump in round two) must play alone."""
    rules = state.rules
    maker = maker_of(state)
    in_scope = (state.made_in_round == 1 and rules.lone_play.dealer_partner_must_go_alone) or (
        state.made_in_round == 2 and rules.lone_play.dealer_partner_alone_round_two
    )
    return in_scope and maker != state.dealer and rules.team_of[maker] == rules.team_of[state.dealer]


def passed_earlier(state: HandState, seat: int) -> bool:
    """Whether the variant bars `seat` from playing alone because they passed."""
    rule = state.rules.lone_play.passed_player
    if rule == "may":
        return False
    if rule == "not_if_passed":
        return state.passed[seat] != 0
    round_bit = PASSED_ROUND_ONE if state.made_in_round == 1 else PASSED_ROUND_TWO if state.made_in_round == 2 else 0
    return bool(state.passed[seat] & round_bit)


def start_alone(state: HandState) -> bool:
    """The maker is asked to go alone only where it is their choice and not already settled."""
    if state.trump is None or state.maker_alone is not None:
        return False
    state.to_act = maker_of(state)
    return True


def alone_refusal(state: HandState, seat: int, action: Action) -> str | None:
    """Who may go alone, or decline to: a Canadian loner must, a player the variant bars for passing may not."""
    if must_go_alone(state) or bars(state, seat, "partnered_hand"):
        return "must_go_alone" if action.kind == "pass" else None
    if action.kind == "go_alone":
        if passed_earlier(state, seat):
            return "passed_cannot_go_alone"
        if bars(state, seat, "lone_hand"):
            return "barred_by_condition"
    return None


GOING_ALONE = Decision(("pass", "go_alone"), alone_refusal)


def compiled_alone(phase: Phase, rules: Rules) -> Phase:
    """Going alone where nothing can refuse either answer (no Canadian loner, no bar on players who passed, no table
    condition): the legal actions are always the same two, listed once."""
    lone = rules.lone_play
    if (
        lone.dealer_partner_must_go_alone
        or lone.dealer_partner_alone_round_two
        or lone.passed_player != "may"
        or rules.conditions
    ):
        return phase
    both = (rules.actions["pass"], rules.actions["go_alone"])
    passing, going = both

    def either_answer(state: HandState, seat: int) -> tuple[Action, ...]:
        return both

    def either_of_the_two(state: HandState, seat: int, action: Action) -> bool:
        return action is passing or action is going

    return replace(phase, legal=either_answer, allows=either_of_the_two)


def take_alone(state: HandState, seat: int, action: Action) -> bool:
    _set_alone(state, seat, action.kind == "go_alone")
    return True


def _set_alone(state: HandState, maker: int, alone: bool) -> None:
    state.put("maker_alone", alone)
    if alone:
        state.sit_out(state.rules.partners[maker])


def gets_partner_card(state: HandState) -> bool:
    """A lone maker's card from a partner, where the variant allows one (and the maker did not decline to call)."""
    if not (state.maker_alone and state.rules.lone_play.partner_card):
        return False
    maker = maker_of(state)
    return bool(state.rules.partners[maker]) and maker not in state.declined_call


def start_ask(state: HandState) -> bool:
    """The lone maker asks a partner: which one, with several; whether to call at all, where that is their choice.

    With one partner and a call that is not optional, that partner just gives, unasked.
    """
    if not gets_partner_card(state):
        return False
    if len(state.rules.partners[maker_of(state)]) < 2 and not state.rules.lone_play.partner_exchange.optional:
        return False
    state.to_act = state.maker
    return True


def legal_ask(state: HandState, seat: int) -> tuple[Action, ...]:
    actions = state.rules.actions
    asks = tuple(actions[f"ask:{partner}"] for partner in state.rules.partners[seat])
    return (actions["pass"], *asks) if state.rules.lone_play.partner_exchange.optional else asks


def take_ask(state: HandState, seat: int, action: Action) -> bool:
    if action.kind == "pass":
        state.set(declined_call=(*state.declined_call, seat))
    else:
        state.set(giver=action.suit)
    return True


def ask_reason(state: HandState, seat: int, action: Action) -> str:
    """A pass where the call is not the lone player's to decline is no decision of this phase."""
    return "wrong_phase" if action.kind == "pass" else "not_a_partner"


def _cards_each(state: HandState) -> int:
    """How many cards a giving partner hands the lone maker: a contract's call, else the variant's one card."""
    contract = state.contract
    if contract is not None:
        # A call both ways is an exchange of its own (the both_ways module), with no giving here.
        return contract.bid.call if state.maker_alone and contract.bid.exchange != "both_ways" else 0
    return 1 if gets_partner_card(state) else 0


def _givers(state: HandState) -> tuple[int, ...]:
    """The lone maker's partners in the order they give: seat-number order, or clockwise from the maker where the bid says so."""
    maker = maker_of(state)
    partners = state.rules.partners[maker]
    contract = state.contract
    if contract is None or not contract.bid.givers_from_bidder:
        return partners
    players = state.rules.players
    return tuple(sorted(partners, key=lambda seat: (seat - maker) % players))


def partner_giving(state: HandState) -> int:
    """The partner who gives the lone maker a card: the one asked, or the first in giving order."""
    return state.giver if state.giver is not None else _givers(state)[0]


def start_give(state: HandState) -> bool:
    """The partner asked (or the only one) gives; for a contract's call every partner gives in turn."""
    if not _cards_each(state):
        return False
    if state.giver is None:
        state.set(giver=_givers(state)[0])
    state.to_act = state.giver
    return True


def legal_give(state: HandState, seat: int) -> tuple[Action, ...]:
    """Any card the seat holds: a partner's best card, or either pass of a both-ways exchange (cards just received too)."""
    return tuple(map(state.program.give_actions.__getitem__, state.hand(seat)))


def legal_partner_give(state: HandState, seat: int) -> tuple[Action, ...]:
    """The partner's cards, and the up-card where a dealer sitting out may pass it (partner_card_up_card)."""
    held = legal_give(state, seat)
    up_card = state.deal.up_card
    if up_card is None or not _may_give_up_card(state, seat):
        return held
    return (*held, state.rules.actions[f"give:{state.rules.deck[up_card].code}"])


def _may_give_up_card(state: HandState, seat: int) -> bool:
    """The dealer, sitting out for a lone partner who ordered the up-card up, may pass it where the rules say so."""
    return (
        state.rules.lone_play.partner_exchange.up_card
        and state.contract is None
        and seat == state.dealer
        and state.taker == seat
        and not state.active[seat]
        and not state.up_card_given
    )


def take_give(state: HandState, seat: int, action: Action) -> bool:
    maker = maker_of(state)
    if action.card == state.deal.up_card and not state.holds(seat, action.card):
        # The dealer passes the up-card itself: taken up and handed over in one move, never held.
        state.set(up_card_given=True)
        state.add_cards(maker, (action.card,))
        record_move(state, seat, maker, (action.card,))
        return True
    give_card(state, seat, maker, action.card)
    if cards_in_last_move(state) < _cards_each(state):
        return False
    givers = _givers(state)
    later = givers[givers.index(seat) + 1 :] if state.contract is not None else ()
    if later:
        state.set(giver=later[0])
        state.to_act = later[0]
        return False
    return True


def start_lone_discard(state: HandState) -> bool:
    """A lone maker who was given cards discards as many (none where they discarded before receiving them, nor
    where the card goes back to the partner instead: the exchange module's return, nor where a contract's bidder
    keeps what was given: exchange keep)."""
    if state.giver is None or state.hand_size(maker_of(state)) <= state.rules.hand_size:
        return False
    if state.contract is None and state.rules.lone_play.partner_exchange.returned:
        return False
    if state.contract is not None and state.contract.bid.exchange == "keep":
        return False
    state.to_act = state.maker
    return True


def legal_lone_discard(state: HandState, seat: int) -> tuple[Action, ...]:
    """Any card held; after a blind exchange, only cards the maker was dealt (the choice cannot depend on what came)."""
    cards = state.hand(seat)
    contract = state.contract
    if contract is not None and contract.bid.exchange == "blind":
        received = {card for _, to, given in state.cards_passed if to == seat for card in given}
        cards = tuple(card for card in cards if card not in received)
    return tuple(map(state.program.discard_actions.__getitem__, cards))


def take_lone_discard(state: HandState, seat: int, action: Action) -> bool:
    discard_out(state, seat, action.card)
    return state.hand_size(seat) == state.rules.hand_size


def start_discard(state: HandState) -> bool:
    """The up-card goes to its taker (usually the dealer), unless the taker now sits out."""
    taker = state.taker
    if taker is None or state.up_card_given:
        return False
    if state.active[taker] or (taker == state.dealer and state.rules.lone_play.dealer_picks_up_when_partner_alone):
        state.to_act = taker
        return True
    state.set(taker=None)
    return False


def legal_discard(state: HandState, seat: int) -> tuple[Action, ...]:
    rules = state.rules
    actions = rules.actions
    up_card = state.deal.up_card
    assert up_card is not None
    cards = state.hand(seat)
    if rules.bidding.dealer_may_discard_up_card:
        cards = (*cards, up_card)
    allowed = list(map(state.program.discard_actions.__getitem__, cards))
    if not rules.bidding.dealer_pickup_compulsory:
        allowed.append(actions["leave_up_card"])
    return tuple(allowed)


def allows_discard(state: HandState, seat: int, action: Action) -> bool:
    """Whether `action` is one of `legal_discard`'s, decided without listing them (replaying a record)."""
    card = action.card
    bidding = state.rules.bidding
    if card >= 0 and state.program.discard_actions[card] is action:
        return state.holds(seat, card) or (bidding.dealer_may_discard_up_card and card == state.deal.up_card)
    return not bidding.dealer_pickup_compulsory and action is state.rules.actions["leave_up_card"]


def take_discard(state: HandState, seat: int, action: Action) -> bool:
    if action.kind == "leave_up_card":
        state.set(taker=None)
    else:
        assert state.deal.up_card is not None
        state.add_cards(seat, (state.deal.up_card,))
        state.take_card(seat, action.card)
        state.put("discarded", action.card)
    return True


def start_dummy_discard(state: HandState) -> bool:
    """A maker who did not go alone takes the dummy and keeps the best of the cards."""
    if state.trump is None or state.maker is None or not (state.rules.dummy and not state.maker_alone and state.dummy):
        return False
    maker = maker_of(state)
    state.add_cards(maker, state.dummy)
    state.set(dummy=())
    state.to_act = maker
    return True


def legal_dummy_discard(state: HandState, seat: int) -> tuple[Action, ...]:
    return legal_lone_discard(state, seat)


def take_dummy_discard(state: HandState, seat: int, action: Action) -> bool:
    _set_aside(state, seat, action.card)
    return state.hand_size(seat) == state.rules.hand_size


def _set_aside(state: HandState, seat: int, card: int) -> None:
    """Discard a card face down for the rest of the hand (the dealer's discard is kept in `discarded`)."""
    state.take_card(seat, card)
    state.set(set_aside=(*state.set_aside, card))


def defending_side(state: HandState, seat: int) -> tuple[int, ...]:
    """The other defenders this hand: a partner, or in a game of individuals the other defenders."""
    team_of = state.rules.team_of
    makers = team_of[maker_of(state)]
    return tuple(other for other in range(state.rules.players) if other != seat and team_of[other] != makers)


def _defender_may_declare(state: HandState, seat: int) -> bool:
    rules = state.rules
    if rules.team_of[seat] == rules.team_of[maker_of(state)] or not state.active[seat] or not defending_side(state, seat):
        return False
    if passed_earlier(state, seat):
        return False
    return rules.lone_play.defender_alone == "always" or (
        rules.lone_play.defender_alone == "against_lone_maker" and bool(state.maker_alone)
    )


def _defence_round_start(state: HandState) -> int:
    """The seat whose left the asking starts from: the dealer, or the maker (lone_play.defender_order)."""
    return maker_of(state) if state.rules.lone_play.defenders_from_maker else state.dealer


def start_defend(state: HandState) -> bool:
    """Offer a lone defence to the first eligible defender in the variant's order (none defends a hand nobody made)."""
    if state.trump is None or state.maker is None or state.rules.lone_play.defender_alone == "never":
        return False
    seat = _defence_round_start(state)
    for _ in range(state.rules.players):
        seat = state.left_of(seat)
        if _defender_may_declare(state, seat):
            state.to_act = seat
            state.restart_count()
            return True
    return False


def legal_defend(state: HandState, seat: int) -> tuple[Action, ...]:
    actions = state.rules.actions
    return (actions["pass"], actions["defend_alone"])


def take_defend(state: HandState, seat: int, action: Action) -> bool:
    if action.kind == "defend_alone":
        state.set(defender_alone=seat)
        state.sit_out(defending_side(state, seat))
        return True
    nxt = seat
    while True:
        nxt = state.left_of(nxt)
        if nxt == state.left_of(_defence_round_start(state)) or nxt == seat:
            return True
        if _defender_may_declare(state, nxt):
            state.to_act = nxt
            return False
