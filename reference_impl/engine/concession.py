"""The dealer concedes a point instead of naming trump (`bidding.all_pass: dealer_concedes`).

When everybody passes both rounds, the dealer has spoken last: a dealer who would not name trump
has conceded, and instead of a plain throw-in the hand ends unplayed with a point to the
dealer's opponents. `bidding.throw_in` asks this module first.
"""

from __future__ import annotations

from .state import HandResult, HandState

CONCEDED_POINTS = 1
"""What the dealer's opponents score for a concession; the one source of the rule gives one point."""


def concede(state: HandState) -> bool:
    """End a passed-out hand as the dealer's concession, where the rules say so; whether it did."""
    rules = state.rules
    if not rules.bidding.all_pass_concedes or not any(state.passed):
        return False
    dealer_team = rules.team_of[state.dealer]
    points = tuple(0 if team == dealer_team else CONCEDED_POINTS for team in range(len(rules.teams)))
    state.end(HandResult(thrown_in=True, points=points, clause=rules.bidding.all_pass_clause, conceded_by=state.dealer))
    return True
