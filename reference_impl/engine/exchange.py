"""A partner's best card: the lone player's discard before it, and the same exchange for a lone defender.

The lone maker's card from a partner is given in `declarations` (the partner_give phase). Two
readings add phases around it: where the lone player discards first (partner_card_order:
discard_first) the discard comes before the card, so the card received is always kept; and
where a lone defender may call for the other defender's card (partner_card_defender), the
lone defender makes the same exchange, in the same order, once the lone defence is declared.
"""

from __future__ import annotations

from ruleset.compiled.rules import Action

from .declarations import defending_side, gets_partner_card
from .passing import discard_out, give_card
from .state import HandState


def start_lone_discard_first(state: HandState) -> bool:
    """A lone maker who will get a partner's card discards first, where the variant says so."""
    if not (gets_partner_card(state) and state.rules.lone_play.partner_exchange.discard_first):
        return False
    state.to_act = state.maker
    return True


def take_discard(state: HandState, seat: int, action: Action) -> bool:
    discard_out(state, seat, action.card)
    return True


def _defender_gets_card(state: HandState) -> bool:
    rules = state.rules
    return rules.lone_play.partner_card and rules.lone_play.partner_exchange.lone_defender and state.defender_alone is not None


def _defender_partner(state: HandState) -> int:
    """The defender who gives: the lone defender's partner (the first of them, with several)."""
    lone = state.defender_alone
    assert lone is not None
    return defending_side(state, lone)[0]


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
