"""Compiled bidding: how trump is made without an auction, as one frozen record.

The up-card rounds, the stuck dealer, the suits that may or must be trump, no trump, redeals,
a prediction and going under are read here once from the `bidding` section (and the round
settings of the `deal`), so the engine's bidding phases ask plain fields. The numeric auction
has its own record (`contracts.Auction`); a variant has one or the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ruleset.compiled.cards import SUITS
from ruleset.compiled.exchange_rules import GoingUnder, compile_going_under


@dataclass(frozen=True)
class Bidding:
    """Everything the engine needs to make trump by the up-card rounds (and what may come before them)."""

    round_one: bool
    """Whether the players bid on the up-card's suit first."""
    round_two: bool
    """Whether, everyone having passed round one, the players name a suit."""
    dealer_pickup_compulsory: bool
    """Whether the dealer must take the up-card once its suit is made trump (else they may leave it)."""
    dealer_may_discard_up_card: bool
    stick_the_dealer: bool
    """Whether the dealer must name trump when everyone else has passed round two (else the hand is thrown in)."""
    stuck_dealer_may_name_turned_down: bool
    throw_in_same_dealer: bool
    """Whether the same dealer deals again after a throw-in."""
    special_up_card: str | None
    """What a turned-up special card does (bidding.special_up_card.rule); None: nothing of its own."""
    special_up_suit: int | None
    """The suit a turned-up special card stands for in the bidding (None: it stands for none)."""
    forbidden_trump: frozenset[int]
    no_trump: bool
    no_trump_stuck_dealer_only: bool
    """Whether no trump (where `no_trump`) is open only to the stuck dealer, not to every player in round two."""
    low_no_trump: bool
    """Whether low no trump (L) may be named in round two, beside or instead of no trump."""
    forced_trump_up_suits: frozenset[int]
    """Up-card suits that are trump at once, with no bidding."""
    dealer_needs_trump: bool
    any_maker_needs_trump: bool
    """Whether every maker in the bidding rounds, not only the dealer taking up (`dealer_needs_trump`), needs a card
    of the suit made trump."""
    redeal_ranks: frozenset[str]
    """The ranks a hand made only of qualifies for a redeal (empty: no redeal)."""
    redeal_same_dealer: bool
    redeal_limit: int | None
    redeal_not_up_suit: bool
    """Whether a hand qualifies for a redeal only when it holds none of the up-card's suit (`redeal.hand_suits`)."""
    prediction: bool
    going_under: GoingUnder | None
    """Which hands may exchange cards with the kitty before the bidding (None: no hand may)."""
    forced_trump_no_maker: bool
    """Whether a trump forced by the up-card is made by nobody: the hand is played at once, the up-card untaken."""
    all_pass_no_trump: bool
    all_pass_concedes: bool
    """Whether a dealer who passes round two with everyone concedes a point to the other side, instead of a throw-in."""
    """Whether a hand everybody passed is played at no trump with nobody as the maker, instead of thrown in."""
    forced_trump_clause: str | None
    """The clause a hand whose trump the up-card forced cites when nobody made it."""
    all_pass_clause: str | None
    """The clause a hand everybody passed cites when it is played all the same."""
    turned_down_call_passes: bool
    """Whether naming the suit turned down in round two is taken as a pass (`bidding.turned_down_call`)."""


def compile_bidding(data: dict[str, Any]) -> Bidding:
    """The bidding of a resolved document (defaults filled in)."""
    bidding = data["bidding"]
    one, two = bidding["round_one"], bidding["round_two"]
    redeal = bidding["redeal"]
    special = bidding["special_up_card"]
    return Bidding(
        round_one=one["enabled"],
        round_two=two["enabled"],
        dealer_pickup_compulsory=one["dealer_pickup"] == "compulsory",
        dealer_may_discard_up_card=one["dealer_may_discard_up_card"],
        stick_the_dealer=bidding["all_pass"] == "stick_the_dealer",
        stuck_dealer_may_name_turned_down=bidding["stuck_dealer_may_name_turned_down"],
        throw_in_same_dealer=bidding["throw_in_next_dealer"] == "same",
        special_up_card=None if special is None else special["rule"],
        special_up_suit=SUITS.index(special["suit"]) if special is not None and special["rule"] == "stands_for_suit" else None,
        forbidden_trump=frozenset(SUITS.index(suit) for suit in bidding["forbidden_trump"]),
        no_trump=bidding["no_trump"] is not False,
        no_trump_stuck_dealer_only=bidding["no_trump"] == "stuck_dealer",
        low_no_trump=bidding["low_no_trump"],
        forced_trump_up_suits=frozenset(SUITS.index(suit) for suit in bidding["forced_trump_up_suits"]),
        dealer_needs_trump=bidding["dealer_needs_trump"] is not False,
        any_maker_needs_trump=bidding["dealer_needs_trump"] == "any_maker",
        redeal_ranks=frozenset(() if redeal is None else redeal["ranks"]),
        redeal_same_dealer=redeal is None or redeal["next_dealer"] == "same",
        redeal_limit=None if redeal is None else redeal["per_player_per_game"],
        redeal_not_up_suit=redeal is not None and redeal["hand_suits"] == "not_up_suit",
        prediction=bidding["prediction"]["enabled"],
        going_under=compile_going_under(bidding),
        forced_trump_no_maker=bidding["forced_trump_maker"] == "nobody",
        all_pass_no_trump=bidding["all_pass"] == "play_no_trump",
        all_pass_concedes=bidding["all_pass"] == "dealer_concedes",
        forced_trump_clause=_rule_clause(bidding, "forced_trump_maker", "forced_trump_up_suits"),
        all_pass_clause=bidding.get("all_pass_clause", bidding.get("clause")),
        turned_down_call_passes=bidding.get("turned_down_call") == "pass",
    )


def _rule_clause(bidding: dict[str, Any], *rules: str) -> str | None:
    """The clause a bidding rule cites (rule_clauses, by rule name, the first named found), else the section's own."""
    named = bidding.get("rule_clauses") or {}
    return next((named[rule] for rule in rules if rule in named), bidding.get("clause"))
