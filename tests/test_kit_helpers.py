"""The engine kit's helpers: the cards of a deal, the order of the seats and the refusal to give.

An engine author checks their own dealing against `sdk.portable_deal`, so it must give the test
vectors of spec/deal-numbers.yaml exactly; `sdk.reason_to_give` must pick what the reference
engine answers where several reasons apply.
"""

from __future__ import annotations

from typing import Any

import pytest

from conformance import sdk
from reference_impl.engine import IllegalAction, apply, new_hand
from ruleset import builtin_catalog, resolved_document
from ruleset.refusals import PHASE_OWN, REFUSALS
from tests.engine_helpers import make_deal, rules_for

VECTORS = builtin_catalog().deal_numbers["vectors"]["deals"]


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: f"{v['variant']}-{v['number']}-{v['dealer']}")
def test_the_portable_deal_gives_the_test_vectors_of_the_deal_numbers_spec(vector: dict[str, Any]) -> None:
    dealt = sdk.portable_deal(resolved_document(vector["variant"], ()), vector["number"], vector["dealer"])
    assert dealt.dealer == vector["dealer"]
    assert [list(hand) for hand in dealt.hands] == vector["hands"]
    assert dealt.up_card == vector.get("up_card")
    assert list(dealt.kitty) == vector["kitty"]


def test_a_written_deal_keeps_its_cards_and_gets_the_rest_of_the_pack_as_its_kitty() -> None:
    rules = resolved_document("north-american", ())
    numbered = sdk.portable_deal(rules, 17, 3)
    written = {"dealer": 3, "hands": [list(hand) for hand in numbered.hands], "up_card": numbered.up_card}
    dealt = sdk.deal_cards(rules, written)
    assert dealt.hands == numbered.hands and dealt.up_card == numbered.up_card
    assert sorted(dealt.kitty) == sorted(numbered.kitty)


def test_a_later_deal_takes_the_dealer_the_rules_chose_and_a_bad_deal_is_a_value_error() -> None:
    rules = resolved_document("north-american", ())
    assert sdk.deal_cards(rules, {"number": 5}, dealer=1) == sdk.portable_deal(rules, 5, 1)
    with pytest.raises(ValueError, match="names no dealer"):
        sdk.deal_cards(rules, {"number": 5})
    with pytest.raises(ValueError, match="dealt twice"):
        sdk.deal_cards(rules, {"dealer": 0, "hands": [["9C"] * 5] * 4, "up_card": "JH"})
    with pytest.raises(ValueError, match="not resolved rules"):
        sdk.portable_deal({"seats": {}}, 5)


def test_a_variant_without_an_up_card_deals_none() -> None:
    dealt = sdk.portable_deal(resolved_document("bid-euchre", ()), 3, 0)
    assert dealt.up_card is None and len(dealt.hands) == 4 and all(len(hand) == 6 for hand in dealt.hands)


def test_seats_go_round_clockwise_from_the_dealers_left() -> None:
    assert sdk.left_of(3, 4) == 0
    assert sdk.clockwise(2, 4) == (2, 3, 0, 1)
    assert sdk.from_dealers_left(3, 4) == (0, 1, 2, 3)
    assert sdk.from_dealers_left(0, 4, skipping=(2,)) == (1, 3, 0)
    assert sdk.from_dealers_left(1, 3) == (2, 0, 1)
    partnerships, cutthroat = resolved_document("north-american", ()), resolved_document("cutthroat", ())
    assert [sdk.team_of(seat, partnerships) for seat in range(4)] == [0, 1, 0, 1]
    assert [sdk.team_of(seat, cutthroat) for seat in range(3)] == [0, 1, 2]


def test_the_lowest_order_is_given_whatever_order_the_candidates_come_in() -> None:
    assert sdk.reason_to_give(["must_follow_suit", "not_your_turn", "wrong_phase"]) == "not_your_turn"
    assert sdk.reason_to_give(["wrong_phase", "hand_over", "unknown_action"]) == "unknown_action"
    assert sdk.reason_to_give(["must_follow_suit", "card_not_in_hand"]) == "card_not_in_hand"
    assert sdk.reason_to_give(["card_not_in_hand", "must_follow_suit"]) == "card_not_in_hand"
    assert sdk.reason_to_give(["needs_trump_to_make", "turned_down_suit", "suit_not_allowed"]) == "suit_not_allowed"
    with pytest.raises(ValueError, match="jump"):
        sdk.reason_to_give(["jump"])
    with pytest.raises(ValueError):
        sdk.reason_to_give([])


def test_the_order_within_a_phase_names_only_phase_reasons_and_has_no_cycle() -> None:
    codes = {refusal.code: refusal for refusal in REFUSALS}
    for refusal in REFUSALS:
        for later in refusal.before:
            assert refusal.precedence == PHASE_OWN and codes[later].precedence == PHASE_OWN, (refusal.code, later)
            assert refusal.code not in codes[later].before
        for later in refusal.before:  # a reason given before another wins over it, in either order of the candidates
            assert sdk.reason_to_give([later, refusal.code]) == refusal.code


def refused(state: Any, seat: int, action: str) -> str:
    with pytest.raises(IllegalAction) as caught:
        apply(state, action, seat)
    return caught.value.code


def test_the_order_within_a_phase_is_the_reference_engines() -> None:
    # a card not held, of another suit than the one led, from a seat holding that suit: the engine says it is not held
    rules = rules_for("north-american")
    deal = make_deal(rules, 3, ["9C TC QC KC AC", "JC TH JH QH KH", "9S TS JS QS KS", "9D TD QD KD AD"], "AH")
    state = new_hand(rules, deal)
    for seat, action in [(0, "order_up"), (0, "pass"), (3, "discard:9D"), (0, "play:9C")]:
        state = apply(state, action, seat)
    assert refused(state, 1, "play:AS") == sdk.reason_to_give(["must_follow_suit", "card_not_in_hand"]) == "card_not_in_hand"
    # the turned-down suit, not held either: the engine names the turned-down suit
    state = new_hand(rules, deal)
    for seat in (0, 1, 2, 3):
        state = apply(state, "pass", seat)
    reason = refused(state, 0, "name_trump:H")
    assert reason == sdk.reason_to_give(["needs_trump_to_make", "turned_down_suit"]) == "turned_down_suit"
