"""Compiled auctions and contract scoring: the `auction` section and expression rows as frozen records.

An auction variant replaces the up-card rounds with bids of a number of tricks. Every bid a
hand can contain is compiled here once, with its rank, so the engine compares ranks instead of
reading the document; every scoring row becomes two linear formulas (one per side) looked up by
the bid's name and whether it was made. Nothing here knows about states or actions: the
engine module `engine.auction` plays these records, and `rules` builds the action texts from them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ruleset.model import NUMBER, contract_outcomes, row_matches


@dataclass(frozen=True)
class Bid:
    """One bid as a player can make it: its text, what it commits the bidder to, and how it ranks."""

    text: str
    name: str
    """NUMBER for a bid of the ladder, else the named bid's name (moon, little-pepper)."""
    tricks: int
    """Tricks the bidders must take: the number bid, or every trick for a named bid."""
    rank: int
    """Higher outranks lower; bids of one number rank equal whatever their trump (suits do not rank)."""
    trump: int | None
    """The trump index the bid names (4 for no trump); None where trump is named after the auction."""
    alone: bool
    call: int
    """Cards each partner gives a lone bidder (who discards as many, or keeps them; both ways, first hands over as many)."""
    exchange: str
    """The order of the exchange: partner_first, bidder_first, blind, both_ways or keep (variant.schema.json, named_bid)."""
    ends_auction: bool
    givers_from_bidder: bool = False
    """Several partners give in turn clockwise from the bidder; else in seat-number order (named_bid.give_order)."""
    only_over: str | None = None
    """The name of the only bid this one may overcall (a double moon over a moon); None: any lower standing bid."""


@dataclass(frozen=True)
class Auction:
    """Everything the engine needs to run one variant's auction."""

    trump_choices: tuple[int, ...]
    """The trump indexes a contract may have, in the order the variant lists them."""
    until_passed: bool
    passed_may_return: bool
    dealer_stuck: bool
    min_tricks: int
    stuck_min: int
    stuck_exact: bool
    """A stuck dealer bids stuck_min and nothing else (auction.stuck_bid: exactly); else anything from it up."""
    bidder_leads: bool
    bids: Mapping[str, Bid]
    """Every bid of the variant by its text, lowest rank first."""
    other_forms: tuple[tuple[str, int], ...]
    """Bid texts of the variant's levels in a form it does not allow (a trump it lacks, a trump where
    bids carry none, none where they must), with the trump index they name (-1: none): actions the
    engine knows so that it can refuse them as bid_not_allowed rather than as unknown."""
    round_limit: int | None
    """Rounds of bidding at most, where the bidding goes round; None: no limit (once round, or until the others pass)."""
    all_pass_last_round: bool
    """Nobody having bid, the rounds go on to the last, where all_pass applies (auction.all_pass_round: last)."""
    no_trump_lead: str
    """Who leads the first trick of a no-trump contract (high or low): bidder, left_of_dealer or left_of_bidder."""
    forced_bid: Bid | None = None
    """The contract a dealer is held to when everybody passes, the dealer too (all_pass: dealer_forced): a number of
    tricks with no trump named yet, the dealer naming it once the auction is over; None where nobody is forced."""


@dataclass(frozen=True)
class Contract:
    """The auction's result: who won it, with which bid, and the trump (None until named)."""

    bidder: int
    bid: Bid
    trump: int | None


@dataclass(frozen=True)
class Formula:
    """Points to one side: bid × the tricks bid + tricks × the side's own tricks + points."""

    bid: int
    tricks: int
    points: int

    def value(self, bid_tricks: int, own_tricks: int) -> int:
        return self.bid * bid_tricks + self.tricks * own_tricks + self.points


NOTHING = Formula(0, 0, 0)


@dataclass(frozen=True)
class ContractRow:
    """A scoring row of a contract game: its formula for the bidders and for each defending side."""

    name: str
    label: str
    clause: str
    makers: Formula
    defenders: Formula


@dataclass(frozen=True)
class ContractScoring:
    """The rows by (bid name, made) and the game's winning rule."""

    rows: Mapping[tuple[str, bool], ContractRow]
    win_by_contract: bool
    """A side wins only at the end of a hand whose contract it made or set (game.win: by_contract)."""


def compile_auction(section: dict[str, Any], hand_size: int, trump_letters: str) -> Auction:
    """The bids of an `auction` section (defaults filled in), ranked: the ladder, then named bids in order."""
    with_bid = section["trump"] == "with_bid"
    choices = tuple(trump_letters.index(letter) for letter in section["trump_letters"])
    forms: list[tuple[str, int | None]] = [(f":{trump_letters[index]}", index) for index in choices] if with_bid else [("", None)]
    bids: dict[str, Bid] = {}
    for tricks in range(1, section["max"] + 1):
        for suffix, trump in forms:
            text = f"bid:{tricks}{suffix}"
            bids[text] = Bid(text, NUMBER, tricks, tricks, trump, False, 0, "partner_first", False)
    for offset, named in enumerate(section["named_bids"], start=1):
        for suffix, trump in forms:
            text = f"bid:{named['name']}{suffix}"
            bids[text] = Bid(
                text,
                named["name"],
                hand_size,
                section["max"] + offset,
                trump,
                named["alone"],
                named["call"],
                named["exchange"],
                named["ends_auction"],
                named["give_order"] == "left_of_bidder",
                named["only_over"],
            )
    levels = [str(tricks) for tricks in range(1, section["max"] + 1)] + [named["name"] for named in section["named_bids"]]
    all_forms = [("", -1), *((f":{letter}", index) for index, letter in enumerate(trump_letters))]
    other_forms = tuple(
        (f"bid:{level}{suffix}", trump) for level in levels for suffix, trump in all_forms if f"bid:{level}{suffix}" not in bids
    )
    stuck_min = section["min"] if section["stuck_min"] is None else section["stuck_min"]
    rounds = section["rounds"]
    no_trump_lead = section["first_lead_no_trump"]
    forced = None
    if section["all_pass"] == "dealer_forced":
        forced = Bid(f"bid:{stuck_min}", NUMBER, stuck_min, stuck_min, None, False, 0, "partner_first", False)
    return Auction(
        trump_choices=choices,
        until_passed=rounds != "once",
        passed_may_return=section["passed_may_return"],
        dealer_stuck=section["all_pass"] == "dealer_stuck",
        min_tricks=section["min"],
        stuck_min=stuck_min,
        stuck_exact=section["stuck_bid"] == "exactly",
        bidder_leads=section["first_lead"] == "bidder",
        bids=MappingProxyType(bids),
        other_forms=other_forms,
        round_limit=rounds if isinstance(rounds, int) else None,
        all_pass_last_round=section["all_pass_round"] == "last",
        no_trump_lead=section["first_lead"] if no_trump_lead is None else no_trump_lead,
        forced_bid=forced,
    )


def compile_contract_scoring(data: dict[str, Any]) -> ContractScoring:
    """The rows of a contract game by outcome; a constant award becomes a formula of its points alone."""
    rows = {name: _contract_row(name, row) for name, row in data["scoring"]["rows"].items()}
    table = {
        (outcome["bid"], outcome["made"]): rows[name]
        for outcome in contract_outcomes(data)
        for name, row in data["scoring"]["rows"].items()
        if row_matches(row["when"], outcome)
    }
    return ContractScoring(MappingProxyType(table), data["game"]["win"] == "by_contract")


def _contract_row(name: str, row: dict[str, Any]) -> ContractRow:
    award = row["award"]
    if "to" in award:
        constant = Formula(0, 0, award["points"])
        makers, defenders = (constant, NOTHING) if award["to"] == "makers" else (NOTHING, constant)
    else:
        # A side the award leaves out scores nothing (variant.schema.json, contract_award).
        makers, defenders = (_formula(award[side]) if side in award else NOTHING for side in ("makers", "defenders"))
    return ContractRow(name, row.get("label", name), row["clause"], makers, defenders)


def _formula(section: dict[str, Any]) -> Formula:
    return Formula(section["bid"], section["tricks"], section["points"])
