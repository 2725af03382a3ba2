"""Bids the Cincinnati rules add to Bid Euchre, and per-player rows that ask whether the bid was made.

The dealer's forced bid (auction all_pass: dealer_forced) and the moons that only overcall the
moon below them (a named bid's only_over) are checked over random auctions; the per-player
outcomes a Buck table with bids of tricks must cover are worked out here by hand.
"""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference_impl.deal import deal_number
from reference_impl.engine import HandState, apply, legal_actions, new_hand
from ruleset import builtin_catalog, resolve_checked
from ruleset.compiled.loading import load_rules
from ruleset.model import player_outcomes
from tests.cli_helpers import run_cli

EXAMPLES = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MOONS = ("moon", "double-moon", "triple-moon", "quadruple-moon")


def auction_of(house_rules: tuple[str, ...], number: int, dealer: int, rnd: random.Random, passing: float) -> HandState:
    """A hand of bid-euchre up to the end of its auction, each call a pass with probability `passing` where one is legal."""
    rules = load_rules("bid-euchre", house_rules)
    state = new_hand(rules, deal_number(rules, number, dealer))
    while state.phase == "auction":
        actions = legal_actions(state)
        passes = [action for action in actions if action.kind == "pass"]
        state = apply(state, passes[0] if passes and rnd.random() < passing else rnd.choice(actions))
    return state


@EXAMPLES
@given(number=st.integers(0, 2**64 - 1), dealer=st.integers(0, 3), rnd=st.randoms(use_true_random=False))
def test_a_dealer_who_passes_after_three_passes_holds_a_forced_bid_of_three(number: int, dealer: int, rnd: random.Random) -> None:
    state = auction_of(("forced-bid-three",), number, dealer, rnd, passing=0.8)
    assert state.result is None, "a hand is never thrown in under a forced bid"
    contract = state.contract
    assert contract is not None
    if all(action.kind == "pass" for _, action in state.bids):
        assert (contract.bidder, contract.bid.text, contract.bid.tricks, contract.trump) == (dealer, "bid:3", 3, None)
        assert state.phase == "auction_trump" and state.to_act == dealer
        assert [action.text for action in legal_actions(state)] == [f"name_trump:{letter}" for letter in "CDHSN"]
    else:
        assert contract.trump is not None


@EXAMPLES
@given(number=st.integers(0, 2**64 - 1), dealer=st.integers(0, 3), rnd=st.randoms(use_true_random=False))
def test_each_moon_overcalls_only_the_moon_just_below_it(number: int, dealer: int, rnd: random.Random) -> None:
    state = auction_of(("double-moon",), number, dealer, rnd, passing=0.3)
    auction = state.rules.auction
    assert auction is not None
    bids = [auction.bids[action.text] for _, action in state.bids if action.kind == "bid"]
    for before, bid in zip([None, *bids], bids, strict=False):
        if bid.name in MOONS[1:]:
            assert before is not None and before.name == MOONS[MOONS.index(bid.name) - 1]


def test_an_overcall_of_a_bid_the_auction_lacks_is_refused_at_its_line(tmp_path: Path) -> None:
    rule = tmp_path / "star-moon.yaml"
    rule.write_text(
        """$schema: ../../schemas/house-rule.schema.json
format: 1
id: star-moon
title: A moon over a bid nobody has
summary: An overcall of a bid the auction does not have.
applies_to: [bid-euchre]
sources: [CIN]
set:
  auction:
    named_bids:
      - {name: moon, clause: bid-euchre.moon}
      - {name: star-moon, only_over: sun, clause: bid-euchre.moon}
clauses: {}
""",
        encoding="utf-8",
    )
    completed = run_cli("validate", str(rule))
    assert completed.returncode == 1
    assert f"{rule}:12: 'sun' is not a named bid listed before 'star-moon'" in completed.stdout + completed.stderr


def test_a_bidder_has_made_the_bid_only_with_a_trick_count_some_bid_allows() -> None:
    data = resolve_checked(builtin_catalog(), "buck-euchre", ("buck-numeric",)).data
    outcomes = {(o["role"], o["tricks"], o["made"]) for o in player_outcomes(data)}
    makers = {(tricks, made) for role, tricks, made in outcomes if role == "maker"}
    # Bids are two to five: two tricks can make a bid of two, and five can never miss a bid.
    assert makers == {(0, False), (1, False), (2, True), (2, False), (3, True), (3, False), (4, True), (4, False), (5, True)}
    # A turned club is played with nobody as the maker: every other role may end a hand with no contract.
    assert ("defender", 0, None) in outcomes and ("defender", 0, True) in outcomes and ("maker", 3, None) not in outcomes
