"""Compiled card exchanges: a partner's card for a lone player, and going under with the kitty.

Both are small frozen records built once from the resolved document, so the engine's exchange
phases ask plain fields (is this seat's hand one that may go under?) and never read the YAML.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ruleset.compiled.cards import Card


@dataclass(frozen=True)
class PartnerExchange:
    """How a lone player's card from a partner is exchanged (lone_play.partner_card_*)."""

    discard_first: bool
    """The lone player discards before receiving the partner's card (and so keeps it)."""
    lone_defender: bool
    """A lone defender receives a card from the other defender too."""
    optional: bool
    """The lone player chooses whether to call for the card at all (ask a partner, or pass and keep the hand)."""
    up_card: bool
    """A dealer who gives a lone partner a card may give the up-card the partner ordered up."""
    returned: bool
    """The lone maker's card goes to the partner who gives (both ways), not face down out of play."""


@dataclass(frozen=True)
class GoingUnder:
    """Which cards a player may show and exchange for the kitty before the bidding (bidding.going_under)."""

    ranks: frozenset[str]
    count: int
    one_rank: bool
    """The shown cards must all share one rank (clean), not any mix of `ranks` (mixed)."""
    hand_ranks: frozenset[str] | None
    """Where the whole hand must be of these ranks (no ace, no face); None: only the shown cards count."""
    misdeal_same_dealer: bool
    not_up_suit: bool
    """None of the shown cards may be of the up-card's suit."""

    def shown_sets(self, deck: Sequence[Card], hand: Sequence[int], up_suit: str | None) -> tuple[frozenset[int], ...]:
        """Every set of cards of `hand` that may be shown and exchanged (none: the hand does not qualify).

        `up_suit` is the suit of the card turned up (None where it stands for none), which the
        shown cards may not be of where the rules say so.
        """
        if self.hand_ranks is not None and not all(deck[card].suit and deck[card].rank in self.hand_ranks for card in hand):
            return ()
        barred = up_suit if self.not_up_suit else None
        low = [card for card in hand if deck[card].suit and deck[card].rank in self.ranks and deck[card].suit != barred]
        return tuple(
            frozenset(chosen)
            for chosen in combinations(low, self.count)
            if not self.one_rank or len({deck[card].rank for card in chosen}) == 1
        )


def compile_partner_exchange(lone_play: dict[str, Any]) -> PartnerExchange:
    return PartnerExchange(
        discard_first=lone_play["partner_card_order"] == "discard_first",
        lone_defender=lone_play["partner_card_defender"],
        optional=lone_play["partner_card_optional"],
        up_card=lone_play["partner_card_up_card"],
        returned=lone_play["partner_card_returned"],
    )


def compile_going_under(bidding: dict[str, Any]) -> GoingUnder | None:
    section = bidding["going_under"]
    if section is None:
        return None
    hand_ranks = section["hand_ranks"]
    return GoingUnder(
        ranks=frozenset(section["ranks"]),
        count=section["count"],
        one_rank=section["one_rank"],
        hand_ranks=None if hand_ranks is None else frozenset(hand_ranks),
        misdeal_same_dealer=section["next_dealer"] == "same",
        not_up_suit=section["shown_suits"] == "not_up_suit",
    )
