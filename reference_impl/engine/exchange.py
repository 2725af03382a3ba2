"""A partner's best card: the lone player's discard before it, the card passed back, and the same for a lone defender.

The lone maker's card from a partner is given in `declarations` (the partner_give phase). The
readings add phases around it: where the lone player discards first (partner_card_order:
discard_first) the discard comes before the card, so the card received is always kept; where
the card let go goes to the partner instead of out of play (partner_card_returned), the lone
maker hands it to the partner before the card comes (discard first) or returns it after (the
card first); where a lone defender may call for the other defender's card
(partner_card_defender), the lone defender makes the same exchange, in the same order, once the
lone defence is declared; and where calling is the lone player's choice (partner_card_optional),
a lone defender is asked first whether to call, as the lone maker is in `declarations`.
"""

from __future__ import annotations

from ruleset.compiled.rules import Action

from .declarations import defending_side, gets_partner_card, maker_of, partner_giving
from .passing import discard_out, give_card
from .state import HandState


def start_lone_discard_first(state: HandState) -> bool:
    """A lone maker who will get a partner's card discards first, where the variant says so."""
    exchange = state.rules.lone_play.partner_exchange
    if not (gets_partner_card(state) and exchange.discard_first and not exchange.returned):
        return False
    state.to_act = state.maker
    return True


def _returned(state: HandState) -> bool:
    """A lone maker's exchange in which the card let go goes to the partner (never a contract's call)."""
    return state.contract is None and state.rules.lone_play.partner_exchange.returned and gets_partner_card(state)


def start_hand_over(state: HandState) -> bool:
    """Both ways, the lone maker's card first: the maker hands the partner a card before the partner gives."""
    if not (_returned(state) and state.rules.lone_play.partner_exchange.discard_first):
        return False
    state.to_act = state.maker
    return True


def take_hand_over(state: HandState, seat: int, action: Action) -> bool:
    partner = partner_giving(state)
    state.set(giver=partner)
    give_card(state, seat, partner, action.card)
    return True


def start_return(state: HandState) -> bool:
    """Both ways, the partner's card first: the lone maker, holding one card too many, returns one to that partner."""
    if not _returned(state) or state.rules.lone_play.partner_exchange.discard_first or state.giver is None:
        return False
    maker = maker_of(state)
    if state.hand_size(maker) <= state.rules.hand_size:
        return False
    state.to_act = maker
    return True


def take_return(state: HandState, seat: int, action: Action) -> bool:
    giver = state.giver
    assert giver is not None
    give_card(state, seat, giver, action.card)
    return True


def take_discard(state: HandState, seat: int, action: Action) -> bool:
    discard_out(state, seat, action.card)
    return True


def _defender_gets_card(state: HandState) -> bool:
    rules = state.rules
    lone = state.defender_alone
    return (
        rules.lone_play.partner_card
        and rules.lone_play.partner_exchange.lone_defender
        and lone is not None
        and lone not in state.declined_call
    )


def _defender_partner(state: HandState) -> int:
    """The defender who gives: the lone defender's partner (the first of them, with several)."""
    lone = state.defender_alone
    assert lone is not None
    return defending_side(state, lone)[0]


def start_defender_ask(state: HandState) -> bool:
    """Where calling is the lone player's choice, the lone defender says whether to call for the other defender's card."""
    if not (_defender_gets_card(state) and state.rules.lone_play.partner_exchange.optional):
        return False
    state.to_act = state.defender_alone
    return True


def legal_defender_ask(state: HandState, seat: int) -> tuple[Action, ...]:
    actions = state.rules.actions
    return (actions["pass"], actions[f"ask:{_defender_partner(state)}"])


def take_defender_ask(state: HandState, seat: int, action: Action) -> bool:
    if action.kind == "pass":
        state.set(declined_call=(*state.declined_call, seat))
    return True


def start_defender_discard_first(state: HandState) -> bool:
    if not (_defender_gets_card(state) and state.rules.lone_play.partner_exchange.discard_first):
        return False
    state.to_act = state.defender_alone
    return True


def start_defender_give(state: HandState) -> bool:
    if not _defender_gets_card(state):
        return False
    state.to_act = _defender_partner(state)
    return True


def take_defender_give(state: HandState, seat: int, action: Action) -> bool:
    lone = state.defender_alone
    assert lone is not None
    give_card(state, seat, lone, action.card)
    return True


def start_defender_discard(state: HandState) -> bool:
    """A lone defender who received the card first now discards one (which may be the card received)."""
    if not _defender_gets_card(state) or state.rules.lone_play.partner_exchange.discard_first:
        return False
    state.to_act = state.defender_alone
    return True
