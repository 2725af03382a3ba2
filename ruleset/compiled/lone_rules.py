"""Compiled lone play: who may play alone, who may defend alone, and the cards a lone player gets.

Read once from the `lone_play` section (and the round settings that make the dealer's partner
go alone), so the engine's declaration and exchange phases ask plain fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ruleset.compiled.exchange_rules import PartnerExchange, compile_partner_exchange
from ruleset.model import maker_alone_rule


@dataclass(frozen=True)
class LonePlay:
    """Everything the engine needs to settle lone hands, for makers and defenders."""

    maker_alone: str
    """Whether the maker plays alone: choice, always or never (a compulsory dummy makes it never)."""
    defender_alone: str
    """Whether a defender may defend alone: never, always or against_lone_maker."""
    defenders_from_maker: bool
    """The defenders are asked from the maker's left (lone_play.defender_order), else from the dealer's."""
    passed_player: str
    """Whether a player who passed may still play alone: may, not_if_passed, or not if passed in the same round."""
    dealer_partner_must_go_alone: bool
    """The Canadian loner: the dealer's partner who orders up the up-card must play alone."""
    dealer_partner_alone_round_two: bool
    """The Canadian loner in round two as well: the dealer's partner who names trump must play alone."""
    dealer_picks_up_when_partner_alone: bool
    partner_card: bool
    """Whether a lone player gets a card from a partner."""
    partner_exchange: PartnerExchange
    """How that card is exchanged (where `partner_card` gives one)."""
    partner_may_take: bool = False
    """Whether the lone maker's partner may take the lone hand over ("I take it from you")."""
    abandon_points: int | None = None
    """What the lone maker's side scores when a defender abandons the hand (None: a defender may not)."""
    abandon_clause: str | None = None
    """The clause an abandoned lone hand cites in the hand's result."""


def compile_lone_play(data: dict[str, Any]) -> LonePlay:
    """The lone play of a resolved document (defaults filled in)."""
    lone = data["lone_play"]
    bidding = data["bidding"]
    return LonePlay(
        maker_alone=maker_alone_rule(data),
        defender_alone=lone["defender"],
        defenders_from_maker=lone["defender_order"] == "left_of_maker",
        passed_player=lone["passed_player"],
        dealer_partner_must_go_alone=bidding["round_one"]["dealer_partner_must_go_alone"],
        dealer_partner_alone_round_two=bidding["round_two"]["dealer_partner_must_go_alone"],
        dealer_picks_up_when_partner_alone=bidding["round_one"]["dealer_picks_up_when_partner_alone"],
        partner_card=lone["partner_card"] == "partner_gives",
        partner_exchange=compile_partner_exchange(lone),
        partner_may_take=lone["partner_may_take"],
        abandon_points=lone["abandon_points"],
        abandon_clause=lone.get("abandon_clause"),  # a clause reference: absent when none is cited
    )
