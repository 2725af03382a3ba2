"""Observations: what a state shows, as plain JSON-ready data in card codes.

The same shape is used by the CLI's hand log, by the conformance protocol and by scenario
checkpoints, so an observation from any engine can be compared field by field with ours.
"""

from __future__ import annotations

from typing import Any

from ..cards import SUITS
from ..rules import TRUMP_LETTERS
from .game import GameState, game_legal_actions
from .machine import legal_actions
from .state import HandResult, HandState


def observe(state: HandState) -> dict[str, Any]:
    """Everything about a hand in progress, with nothing hidden (a referee's view)."""
    rules = state.rules
    code = rules.card_code
    return {
        "phase": state.phase,
        "to_act": state.to_act,
        "dealer": state.dealer,
        "up_card": None if state.deal.up_card is None else code(state.deal.up_card),
        "turned_down": None if state.turned_down is None else SUITS[state.turned_down],
        "trump": None if state.trump is None else TRUMP_LETTERS[state.trump],
        "maker": state.maker,
        "maker_alone": state.maker_alone is True,
        "defender_alone": state.defender_alone,
        "sitting_out": [seat for seat, active in enumerate(state.active) if not active],
        "dealer_took_up_card": state.dealer_took_up_card,
        "hands": [[code(card) for card in hand] for hand in state.hands],
        "dummy": [code(card) for card in state.dummy] if rules.dummy else None,
        "trick": [[seat, code(card)] for seat, card in state.trick],
        "tricks_won": list(state.tricks_won),
        "trick_winners": [winner for winner, _ in state.tricks],
        "legal_actions": [action.text for action in legal_actions(state)],
        "result": result_data(state.result),
        "auction": None if rules.auction is None else [[seat, action.text] for seat, action in state.bids],
        "contract": contract_data(state),
        "cards_passed": _cards_passed(state) if _passes_cards(state) else None,
    }


def contract_data(state: HandState) -> dict[str, Any] | None:
    """The contract once the auction is over: bidder, bid, tricks bid, trump (null until named), alone."""
    contract = state.contract
    if contract is None:
        return None
    return {
        "bidder": contract.bidder,
        "bid": contract.bid.text,
        "tricks": contract.bid.tricks,
        "trump": None if contract.trump is None else TRUMP_LETTERS[contract.trump],
        "alone": contract.bid.alone,
    }


def _cards_passed(state: HandState) -> list[dict[str, Any]]:
    code = state.rules.card_code
    return [{"from": giver, "to": to, "cards": [code(card) for card in cards]} for giver, to, cards in state.cards_passed]


def _passes_cards(state: HandState) -> bool:
    """Whether cards can change hands in this variant: a partner's card, or a lone bid calling for cards."""
    rules = state.rules
    auction = rules.auction
    return rules.partner_card or (auction is not None and any(bid.call for bid in auction.bids.values()))


def result_data(result: HandResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    if result.thrown_in:
        return {"thrown_in": True, "points": list(result.points)}
    return {
        "thrown_in": False,
        "row": result.row,
        "clause": result.clause,
        "makers_tricks": result.makers_tricks,
        "points": list(result.points),
    }


def observe_game(game: GameState) -> dict[str, Any]:
    """A hand observation plus the game's scores and outcome."""
    observation = observe(game.hand)
    observation["legal_actions"] = [action.text for action in game_legal_actions(game)]
    observation["to_act"] = None if game.is_over or game.hand.is_over else game.hand.to_act
    observation.update(
        {
            "hand_number": game.hand_number,
            "hand_over": game.hand.is_over,
            "finished_hands": [{"thrown_in": r.thrown_in, "points": list(r.points)} for r in game.results],
            "scores": list(game.scores),
            "game_over": game.is_over,
            "winners": list(game.winners),
        }
    )
    return observation
