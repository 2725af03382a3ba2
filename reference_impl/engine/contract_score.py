"""Scoring a contract game's hand: each side's points from the contract and the tricks it took.

A constant table keyed by the makers' tricks cannot say "each side scores its tricks" or "the
bidders lose their bid"; a contract row can, as a formula per side. The row is chosen by the
bid's name and whether the bidders took at least the tricks they bid.
"""

from __future__ import annotations

from .state import HandResult, HandState


def score_contract(state: HandState) -> None:
    """End the hand with the points of the contract's row for every team."""
    rules = state.rules
    contract = state.contract
    scoring = rules.contract_scoring
    assert contract is not None and scoring is not None
    bidders = rules.team_of[contract.bidder]
    won = state.won
    tricks = [sum(won[seat] for seat in team) for team in rules.teams]
    made = tricks[bidders] >= contract.bid.tricks
    row = scoring.rows[(contract.bid.name, made)]
    points = tuple(
        (row.makers if team == bidders else row.defenders).value(contract.bid.tricks, tricks[team])
        for team in range(len(rules.teams))
    )
    won_by = (bidders,) if made else tuple(team for team in range(len(rules.teams)) if team != bidders)
    state.end(
        HandResult(
            thrown_in=False,
            maker=contract.bidder,
            trump=state.trump,
            makers_tricks=tricks[bidders],
            maker_alone=bool(state.maker_alone),
            row=row.name,
            clause=row.clause,
            points=points,
            hand_won_by=won_by,
        )
    )
