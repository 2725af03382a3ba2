"""Observations: what a state shows, as plain JSON-ready data in card codes.

The same shape is used by the CLI's hand log, by the conformance protocol and by scenario
checkpoints, so an observation from any engine can be compared field by field with ours.
"""

from __future__ import annotations

from typing import Any

from ruleset.compiled.cards import SUITS
from ruleset.compiled.rules import TRUMP_LETTERS

from .game import GameState, game_legal_actions
from .machine import legal_actions
from .match import MatchState, match_legal_actions
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
        "folded": list(state.folded) if rules.fold is not None else None,
        "dealer_took_up_card": state.dealer_took_up_card,
        "hands": [[code(card) for card in hand] for hand in state.hands],
        "dummy": [code(card) for card in state.dummy] if rules.dummy else None,
        "trick": [[seat, code(card)] for seat, card in state.trick],
        "tricks_won": list(state.tricks_won),
        "trick_winners": [winner for winner, _ in state.tricks],
        "legal_actions": [action.text for action in legal_actions(state)],
        "result": result_data(state.result),
        "kitty": [code(card) for card in state.kitty],
        "out_of_play": [code(card) for card in out_of_play(state)],
        "deck_size": len(rules.deck),
        "auction": None if rules.auction is None else [[seat, action.text] for seat, action in state.bids],
        "contract": contract_data(state),
        "cards_passed": cards_passed(state),
    }


def out_of_play(state: HandState) -> tuple[int, ...]:
    """The cards that have left play this hand without being played to a trick or staying in the kitty.

    Those are the discards (the dealer's, a lone maker's after a partner's card, a dummy taker's),
    every card of a seat sitting out (its hand is laid down for the hand, and stays listed under
    that seat), an untaken dummy once the maker plays alone without it, and the up-card once the
    bidding on it is over and nobody takes it (turned down, or left where its taker sits out).
    """
    cards = [] if state.discarded is None else [state.discarded]
    up_card = state.deal.up_card
    if up_card is not None and state.taker is None and (state.trump is not None or state.turned_down is not None):
        cards.append(up_card)
    cards.extend(state.set_aside)
    for seat, active in enumerate(state.active):
        if not active:
            cards.extend(state.hand(seat))
    if state.rules.dummy and state.maker_alone:
        cards.extend(state.dummy)
    return tuple(cards)


def cards_passed(state: HandState) -> list[dict[str, Any]] | None:
    """Every exchange of the hand so far, in order; None in a variant that has no exchanges.

    The dealer's discard after taking the up-card is not an exchange and is not listed.
    """
    rules = state.rules
    auction = rules.auction
    calls = auction is not None and any(bid.call for bid in auction.bids.values())
    if not rules.lone_play.partner_card and rules.bidding.going_under is None and not calls:
        return None
    code = rules.card_code
    return [
        {"from": source, "to": target, "cards": [code(card) for card in cards]} for source, target, cards in state.cards_passed
    ]


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


OUTSIDE_A_MATCH: dict[str, Any] = {
    "games_won": None,
    "carried": None,
    "finished_games": None,
    "match_points": None,
    "match_over": None,
    "match_winners": None,
}
"""The match's keys in the observation of a single game: present and null, so every observation has one shape."""


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
    observation.update(OUTSIDE_A_MATCH)
    return observation


def observe_match(match: MatchState) -> dict[str, Any]:
    """A game observation of the game in progress plus the match's games, carried points and outcome."""
    observation = observe_game(match.game)
    observation["legal_actions"] = [action.text for action in match_legal_actions(match)]
    observation.update(
        {
            "games_won": list(match.games_won),
            "carried": list(match.carried),
            "finished_games": [
                {"scores": list(game.scores), "winners": list(game.winners), "slam": game.slam} for game in match.games
            ],
            "match_points": list(match.match_points),
            "match_over": match.is_over,
            "match_winners": list(match.winners),
        }
    )
    return observation
