"""Card exchanges: every card stays in exactly one place, and `cards_passed` tells every move.

Random deals (any order of the pack, so low hands that may go under come up often) are played
with random legal actions under each rule that exchanges cards. After every action each card of
the deck is in exactly one place (a hand, the kitty, the discards, a trick), and replaying the
moves `cards_passed` lists on the dealt cards, with the dealer's pick-up and the cards played,
gives back every hand and the kitty exactly.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference_impl.deal import deal_from_order, explicit_deal
from reference_impl.engine import HandState, apply, legal_actions, new_hand, observe
from reference_impl.engine.state import GO_UNDER_CALL, GO_UNDER_DISCARD
from ruleset.compiled.loading import load_rules
from ruleset.compiled.rules import Rules
from tests.engine_helpers import cards_in_view

EXAMPLES = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
EXCHANGES = [
    ("north-american", ("partners-best=discard-first",)),
    ("north-american", ("partners-best=receive-first",)),
    ("north-american-32", ("partners-best-defender=discard-first",)),
    ("north-american", ("partners-best-defender=receive-first", "dealer-picks-up-for-loner")),
    ("british", ("partners-best",)),
    ("north-american", ("go-under=mixed",)),
    ("north-american", ("go-under=clean", "stick-the-dealer")),
    ("north-american", ("farmers-hand=nines-and-tens",)),
    ("six-handed-cornish", ()),
    ("north-american", ("partners-best=returned",)),
    ("north-american", ("partners-best=swap", "dealer-picks-up-for-loner")),
    ("railroad", ("best-card-optional", "best-card-up-card")),
    ("railroad", ("best-card-up-card", "best-card-before-discard")),
    ("north-american", ("go-under=not-up-suit",)),
]


def _rules(variant: str, refs: tuple[str, ...]) -> Rules:
    return load_rules(variant, refs)


def _play(rules: Rules, order: list[int], dealer: int, rnd: random.Random) -> list[HandState]:
    state = new_hand(rules, deal_from_order(rules, order, dealer % rules.players))
    states = [state]
    while not state.is_over:
        state = apply(state, rnd.choice(legal_actions(state)))
        states.append(state)
    return states


def _replayed(state: HandState) -> tuple[list[Counter[int]], Counter[int]]:
    """Each seat's cards and the kitty, from the deal and the moves listed, the pick-up and the plays."""
    hands = [Counter(hand) for hand in state.deal.hands]
    kitty = Counter(state.deal.kitty)
    taker = state.taker if state.taker is not None else state.dealer
    if state.discarded is not None:  # the up-card was taken: a lone defender may exchange it afterwards
        assert state.deal.up_card is not None
        hands[taker][state.deal.up_card] += 1
    if state.up_card_given:  # the dealer passed the up-card to a lone partner: taken up and handed over
        assert state.deal.up_card is not None
        hands[state.dealer][state.deal.up_card] += 1
    for move in observe(state)["cards_passed"] or []:
        cards = Counter(state.rules.card_ids[code] for code in move["cards"])
        source = kitty if move["from"] == "kitty" else hands[move["from"]]
        assert not cards - source, f"{move} moves cards its source does not hold"
        source.subtract(cards)
        if move["to"] != "out":
            (kitty if move["to"] == "kitty" else hands[move["to"]]).update(cards)
    if state.discarded is not None:
        hands[taker][state.discarded] -= 1
    for seat, card in [play for _, trick in state.tricks for play in trick] + list(state.trick):
        hands[seat][card] -= 1
    return [+hand for hand in hands], +kitty


@pytest.mark.parametrize(("variant", "refs"), EXCHANGES, ids=lambda value: value if isinstance(value, str) else "+".join(value))
@EXAMPLES
@given(data=st.data(), dealer=st.integers(min_value=0, max_value=5), rnd=st.randoms(use_true_random=False))
def test_every_card_is_in_one_place_and_every_move_is_listed(
    variant: str, refs: tuple[str, ...], data: st.DataObject, dealer: int, rnd: random.Random
) -> None:
    rules = _rules(variant, refs)
    order = data.draw(st.permutations(range(len(rules.deck))))
    whole_deck = Counter(range(len(rules.deck)))
    for state in _play(rules, list(order), dealer, rnd):
        assert cards_in_view(state) == whole_deck, f"cards lost or doubled during {state.phase}"
        hands, kitty = _replayed(state)
        assert hands == [Counter(hand) for hand in state.hands], f"the moves listed do not give the hands during {state.phase}"
        assert kitty == Counter(state.kitty)


def test_a_variant_without_exchanges_observes_no_list_and_one_with_them_an_empty_one() -> None:
    plain = load_rules("north-american", ("stick-the-dealer",))
    state = new_hand(plain, deal_from_order(plain, list(range(24)), 0))
    assert observe(state)["cards_passed"] is None
    under = load_rules("north-american", ("partners-best",))
    assert observe(new_hand(under, deal_from_order(under, list(range(24)), 0)))["cards_passed"] == []


def test_going_under_asks_only_qualifying_hands_and_takes_up_the_whole_kitty() -> None:
    rules = load_rules("north-american", ("go-under=mixed",))
    deal = explicit_deal(
        rules,
        0,
        [
            ["AC", "KC", "QC", "JC", "AD"],
            ["KD", "QD", "JD", "AH", "KH"],
            ["9C", "9D", "TS", "TC", "QH"],
            ["JH", "9S", "QS", "KS", "AS"],
        ],
        "TH",
    )
    state = new_hand(rules, deal)
    assert (state.phase, state.to_act, state.callers) == (GO_UNDER_CALL, 2, (2,))
    state = apply(state, "go_under")
    assert state.phase == GO_UNDER_DISCARD
    for card in ("TS", "9C", "9D"):
        state = apply(state, f"discard:{card}")
    assert sorted(rules.card_code(card) for card in state.hands[2]) == sorted(["TC", "QH", *map(rules.card_code, deal.kitty)])
    assert sorted(rules.card_code(card) for card in state.kitty) == ["9C", "9D", "TS"]


def test_a_hand_with_four_low_cards_may_show_any_three_that_qualify() -> None:
    rules = load_rules("north-american", ("go-under=clean",))
    under = rules.bidding.going_under
    assert under is not None
    hand = tuple(rules.card_ids[code] for code in ("9C", "9D", "9H", "TS", "AS"))
    assert [sorted(rules.card_code(card) for card in chosen) for chosen in under.shown_sets(rules.deck, hand, "S")] == [
        ["9C", "9D", "9H"]
    ]
    mixed = load_rules("north-american", ("go-under=mixed",)).bidding.going_under
    assert mixed is not None and len(mixed.shown_sets(rules.deck, hand, "S")) == 4
