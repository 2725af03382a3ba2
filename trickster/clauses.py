"""Which rule clause a refused action breaks, read from the resolved rules the record is judged by.

The engine refuses an action with a reason code (`must_follow_suit`); the rule a reader wants to
see is the clause of the variant or house rule that says it (`play.follow-suit`, or a house rule's
own clause where one replaces it). Each reason, and failing that each phase, names the place in a
resolved rules document where that clause id is written; the id is read there, so a house rule
that rewrites the rule is cited instead of the variant.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

BY_REASON: Mapping[str, tuple[str, ...]] = {
    "must_follow_suit": ("play", "follow_clause"),
    "card_not_in_hand": ("deal", "clause"),
    "unknown_action": ("deck", "clause"),
    "dealer_must_name_trump": ("bidding", "all_pass_clause"),
    "turned_down_suit": ("bidding", "round_two", "clause"),
    "suit_not_allowed": ("bidding", "round_two", "clause"),
    "cannot_discard_up_card": ("bidding", "round_one", "pickup_clause"),
    "must_go_alone": ("bidding", "round_one", "clause"),
    "passed_cannot_go_alone": ("lone_play", "clause"),
    "not_a_partner": ("lone_play", "partner_card_clause"),
    "not_eligible_to_go_under": ("bidding", "going_under", "clause"),
    "not_your_turn": ("bidding", "clause"),
}
BY_PHASE: Mapping[str, tuple[str, ...]] = {
    "bid_round_one": ("bidding", "round_one", "clause"),
    "bid_round_two": ("bidding", "round_two", "clause"),
    "declare_alone": ("lone_play", "clause"),
    "dealer_discard": ("bidding", "round_one", "pickup_clause"),
    "defend_alone": ("lone_play", "defender_clause"),
    "go_under_call": ("bidding", "going_under", "clause"),
    "go_under_discard": ("bidding", "going_under", "clause"),
    "partner_give": ("lone_play", "partner_card_clause"),
    "lone_discard": ("lone_play", "partner_card_clause"),
    "lone_discard_first": ("lone_play", "partner_card_clause"),
    "play": ("play", "trick_clause"),
}


def clause_at(document: Mapping[str, Any], path: tuple[str, ...]) -> str | None:
    """The clause id written at `path` in a resolved rules document, if any."""
    node: Any = document
    for key in path:
        if not isinstance(node, Mapping) or key not in node:
            return None
        node = node[key]
    return node if isinstance(node, str) else None


def clause_for(document: Mapping[str, Any], reason: str, phase: str) -> str | None:
    """The clause a refusal for `reason` during `phase` cites."""
    for path in (BY_REASON.get(reason), BY_PHASE.get(phase)):
        if path is not None:
            found = clause_at(document, path)
            if found:
                return found
    return None
