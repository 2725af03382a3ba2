"""A dealer stuck with exactly the minimum (auction.stuck_bid) and a lone bidder who keeps the cards given (exchange keep).

The scenarios play each on the double pack as its sources do; these tests hold them to what the
settings say in any hand: the exactly-stuck dealer is offered one bid in each trump and that bid
is the contract even where a pass is not final, while a dealer stuck at least the minimum may be
overcalled there; a bidder who keeps the partner's cards discards none, plays every trick, and
ends the hand holding as many cards as were given, every card still accounted for.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference_impl.deal import deal_number
from reference_impl.engine import HandState, apply, legal_actions, new_hand, refusal_reason
from ruleset.compiled.loading import load_rules
from ruleset.compiled.rules import Rules, compile_rules

EXAMPLES = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _play(rules: Rules, calls: list[str], dealer: int = 0) -> HandState:
    state = new_hand(rules, deal_number(rules, 3, dealer))
    for call in calls:
        seat, text = call.split(" ")
        assert state.to_act == int(seat), call
        state = apply(state, rules.action(text))
    return state


def test_a_dealer_stuck_with_exactly_six_is_offered_six_in_each_trump_and_nothing_else() -> None:
    rules = load_rules("bid-euchre-double")
    state = _play(rules, ["1 pass", "2 pass", "3 pass"])
    assert [action.text for action in legal_actions(state)] == [f"bid:6:{trump}" for trump in "CDHSN"]
    assert refusal_reason(state, rules.action("bid:9:C")) == "stuck_at_minimum"
    assert refusal_reason(state, rules.action("bid:moon:C")) == "stuck_at_minimum"
    assert refusal_reason(state, rules.action("bid:5:C")) == "bid_too_low"
    assert refusal_reason(state, rules.action("pass")) == "dealer_must_name_trump"


def test_the_exactly_stuck_dealers_bid_is_the_contract_even_where_a_pass_is_not_final() -> None:
    rules = load_rules("bid-euchre-double", ("pass-not-final",))
    state = _play(rules, ["1 pass", "2 pass", "3 pass", "0 bid:6:H"])
    assert state.contract is not None and (state.contract.bidder, state.contract.bid.text) == (0, "bid:6:H")


def test_a_dealer_stuck_at_least_the_minimum_may_be_overcalled_where_a_pass_is_not_final() -> None:
    rules = load_rules("bid-euchre-double", ("stuck-dealer-may-raise",))
    data = copy.deepcopy(dict(rules.document))
    data["auction"] = {**data["auction"], "passed_may_return": True}
    state = _play(compile_rules(data), ["1 pass", "2 pass", "3 pass", "0 bid:8:H"])
    assert state.contract is None and state.to_act == 1
    assert "bid:9:C" in {action.text for action in legal_actions(state)}


@EXAMPLES
@given(number=st.integers(0, 2**64 - 1), dealer=st.integers(0, 3), rnd=st.randoms(use_true_random=False))
def test_a_shooter_keeps_the_cards_given_and_ends_holding_them(number: int, dealer: int, rnd: random.Random) -> None:
    rules = load_rules("bid-euchre-double", ("shooter-and-loner",))
    state = new_hand(rules, deal_number(rules, number, dealer))
    state = apply(state, rules.action(f"bid:moon:{rnd.choice('CDHSN')}"))
    while not state.is_over:
        actions = legal_actions(state)
        assert all(action.kind != "discard" for action in actions), "a shooter discards nothing"
        state = apply(state, rnd.choice([action for action in actions if action.kind != "bid"]))
    assert state.contract is not None and state.contract.bid.name == "moon"
    shooter = state.contract.bidder
    assert len(state.tricks) == rules.hand_size
    assert len(state.hands[shooter]) == 2, "the two cards the partner gave are left over"
    assert state.set_aside == ()
    held = [card for hand in state.hands for card in hand]
    played = [card for _, trick in state.tricks for _, card in trick]
    assert Counter(held + played) == Counter(range(len(rules.deck)))
