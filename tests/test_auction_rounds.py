"""An auction limited to a number of rounds: a round ends each time the turn passes the dealer's seat.

The scenarios play the house rule two-bidding-rounds, where nobody is skipped; these tests also
play a limit where a pass is final, so the turn can step over a dealer who passed, and hold every
random auction under the house rule to its bound of one call per player per round.
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference_impl.deal import deal_number
from reference_impl.engine import HandState, apply, legal_actions, new_hand
from ruleset.compiled.loading import load_rules
from ruleset.compiled.rules import Rules, compile_rules


def _limited_with_final_passes() -> Rules:
    """Double-pack Bid Euchre bidding two rounds at most, a pass being final."""
    data = copy.deepcopy(dict(load_rules("bid-euchre-double").document))
    data["auction"] = {**data["auction"], "rounds": 2, "passed_may_return": False}
    return compile_rules(data)


def _play(rules: Rules, calls: list[str]) -> HandState:
    state = new_hand(rules, deal_number(rules, 1, 0))
    for call in calls:
        seat, text = call.split(" ")
        assert state.to_act == int(seat), call
        state = apply(state, rules.action(text))
    return state


def test_a_round_ends_at_the_dealers_seat_even_when_the_dealer_passed_for_good() -> None:
    rules = _limited_with_final_passes()
    state = _play(rules, ["1 bid:6:C", "2 pass", "3 bid:7:C", "0 pass", "1 bid:8:C", "3 bid:9:C"])
    assert state.contract is not None
    assert (state.contract.bidder, state.contract.bid.text) == (3, "bid:9:C")


def test_without_the_limit_the_same_calls_leave_the_bidding_open() -> None:
    data = copy.deepcopy(dict(load_rules("bid-euchre-double").document))
    state = _play(compile_rules(data), ["1 bid:6:C", "2 pass", "3 bid:7:C", "0 pass", "1 bid:8:C", "3 bid:9:C"])
    assert state.contract is None and state.to_act == 1


@pytest.mark.parametrize("variant", ["bid-euchre", "bid-euchre-double"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(number=st.integers(0, 2**64 - 1), dealer=st.integers(0, 3), rnd=st.randoms(use_true_random=False))
def test_two_rounds_hold_at_most_two_calls_a_player(variant: str, number: int, dealer: int, rnd: random.Random) -> None:
    rules = load_rules(variant, ("two-bidding-rounds",))
    state = new_hand(rules, deal_number(rules, number, dealer))
    while state.contract is None and not state.is_over:
        state = apply(state, rnd.choice(legal_actions(state)))
    assert len(state.bids) <= 2 * rules.players
    for seat in range(rules.players):
        assert sum(1 for speaker, _ in state.bids if speaker == seat) <= 2


def _passes_only(rules: Rules, dealer: int) -> HandState:
    """A hand in which every player passes whenever passing is allowed."""
    state = new_hand(rules, deal_number(rules, 7, dealer))
    while state.contract is None and not state.is_over:
        options = legal_actions(state)
        state = apply(state, next((a for a in options if a.kind == "pass"), options[0]))
    return state


@pytest.mark.parametrize("dealer", range(4))
def test_settled_in_the_last_round_a_stuck_dealer_bids_only_after_seven_passes(dealer: int) -> None:
    rules = load_rules("bid-euchre-double", ("all-pass-last-round",))
    state = _passes_only(rules, dealer)
    assert state.contract is not None and state.contract.bidder == dealer
    assert [seat for seat, action in state.bids if action.kind == "pass"] == [(dealer + 1 + i) % 4 for i in range(7)]


@pytest.mark.parametrize("dealer", range(4))
def test_settled_in_the_first_round_the_dealer_is_stuck_after_three_passes(dealer: int) -> None:
    state = _passes_only(load_rules("bid-euchre-double", ("two-bidding-rounds",)), dealer)
    assert state.contract is not None and state.contract.bidder == dealer
    assert [a.kind for _, a in state.bids[:4]] == ["pass", "pass", "pass", "bid"] and state.bids[3][0] == dealer


def test_on_the_single_pack_a_hand_is_thrown_in_only_after_both_rounds() -> None:
    state = _passes_only(load_rules("bid-euchre", ("all-pass-last-round",)), 2)
    assert state.is_over and state.result is not None and state.result.thrown_in
    assert len(state.bids) == 8


@pytest.mark.parametrize("variant", ["bid-euchre", "bid-euchre-double"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(number=st.integers(0, 2**64 - 1), dealer=st.integers(0, 3), rnd=st.randoms(use_true_random=False))
def test_settled_in_the_last_round_two_rounds_still_hold_two_calls_a_player(
    variant: str, number: int, dealer: int, rnd: random.Random
) -> None:
    rules = load_rules(variant, ("all-pass-last-round",))
    state = new_hand(rules, deal_number(rules, number, dealer))
    while state.contract is None and not state.is_over:
        state = apply(state, rnd.choice(legal_actions(state)))
    assert all(sum(1 for speaker, _ in state.bids if speaker == seat) <= 2 for seat in range(rules.players))
    if state.contract is None:  # thrown in: only the single pack, and only after eight passes
        assert variant == "bid-euchre" and [a.kind for _, a in state.bids] == ["pass"] * 8
