"""Making trump: both rounds of bidding, throw-ins, stick the dealer, the dealer's pick-up,
lone calls forced by the dealer's partner, the Benny turned up, and every refusal code."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from reference_impl.engine import HandState, IllegalAction, apply, new_hand, observe
from ruleset.compiled.cards import SUITS
from ruleset.compiled.rules import Rules
from tests.engine_helpers import (
    hand,
    legal,
    make_deal,
    name_trump_by,
    numbered_deal,
    order_up_by,
    pass_until,
    random_playout,
    rules_for,
    run,
)

# A north-american deal, dealer 0, up-card JS (spades are turned down if everyone passes).
NA_HANDS = ["9C TC JC QC KC", "AC 9D TD JD QD", "KD AD 9H TH JH", "QH KH AH 9S TS"]
NA_UP = "JS"
# The same cards plus the Benny for british (the kitty is QS KS AS).
BRITISH_HANDS = NA_HANDS
BRITISH_UP = "JS"


def na_hand(dealer: int = 0, house: tuple[str, ...] = ()) -> HandState:
    rules = rules_for("north-american", *house)
    hands = NA_HANDS[-dealer:] + NA_HANDS[:-dealer] if dealer else NA_HANDS  # seat (dealer+k) holds NA_HANDS[k]
    return new_hand(rules, make_deal(rules, dealer, hands, NA_UP))


def variant_hand(variant: str, dealer: int, house: tuple[str, ...] = ()) -> HandState:
    rules = rules_for(variant, *house)
    return new_hand(rules, numbered_deal(rules, dealer))


def up_suit(state: HandState) -> str:
    assert state.deal.up_card is not None
    return state.rules.card_code(state.deal.up_card)[1]


def assert_refused_unchanged(state: HandState, action: str, code: str, seat: int | None = None) -> None:
    """`action` is refused with `code`, and neither the state nor its observation changes."""
    before = observe(state)
    history = state.history
    hands = state.hands
    with pytest.raises(IllegalAction) as info:
        apply(state, action, seat)
    assert info.value.code == code, f"{action} during {state.phase}: {info.value}"
    assert observe(state) == before
    assert state.history == history and state.hands == hands


VARIANT_DEALERS = [
    pytest.param(v, d, id=f"{v}-dealer{d}") for v in ("north-american", "british", "cutthroat", "two-handed") for d in (0, 1)
]


# ---------------------------------------------------------------------------------------------
# Order of bidding, round two, throw-in


@pytest.mark.parametrize(("variant", "dealer"), VARIANT_DEALERS)
def test_both_rounds_go_clockwise_from_the_dealers_left(variant: str, dealer: int) -> None:
    state = variant_hand(variant, dealer)
    n = state.rules.players
    assert state.phase == "bid_round_one"
    spoken = []
    for _ in range(n):
        spoken.append(state.to_act)
        assert legal(state) == ["pass", "order_up"]
        state = apply(state, "pass", state.to_act)
    assert spoken == [(dealer + k) % n for k in range(1, n + 1)]
    assert state.phase == "bid_round_two"
    assert observe(state)["turned_down"] == up_suit(state)
    spoken = []
    for _ in range(n):
        spoken.append(state.to_act)
        state = apply(state, "pass", state.to_act)
    assert spoken == [(dealer + k) % n for k in range(1, n + 1)]


@pytest.mark.parametrize(("variant", "dealer"), VARIANT_DEALERS)
def test_round_two_offers_every_suit_but_the_turned_down_one(variant: str, dealer: int) -> None:
    state = variant_hand(variant, dealer)
    for _ in range(state.rules.players):
        state = apply(state, "pass")
    turned = up_suit(state)
    for _ in range(state.rules.players):
        assert legal(state) == ["pass", *(f"name_trump:{s}" for s in SUITS if s != turned)]
        assert_refused_unchanged(state, f"name_trump:{turned}", "turned_down_suit")
        assert_refused_unchanged(state, "order_up", "wrong_phase")
        if state.to_act == dealer:
            break
        state = apply(state, "pass")


@pytest.mark.parametrize("house", [(), ("throw-in=left",), ("throw-in=same",)], ids=["default", "throw-in-left", "throw-in-same"])
@pytest.mark.parametrize(("variant", "dealer"), VARIANT_DEALERS)
def test_everyone_passing_twice_throws_the_hand_in(variant: str, dealer: int, house: tuple[str, ...]) -> None:
    state = variant_hand(variant, dealer, house)
    n = state.rules.players
    state = run(state, *["pass"] * (2 * n - 1))
    assert state.phase == "bid_round_two" and state.to_act == dealer
    state = apply(state, "pass", dealer)
    assert state.is_over and state.phase == "hand_over"
    assert state.result is not None and state.result.thrown_in
    assert state.result.points == (0,) * len(state.rules.teams)
    assert state.result.row is None and state.result.maker is None
    assert legal(state) == []
    assert observe(state)["result"] == {"thrown_in": True, "points": [0] * len(state.rules.teams)}
    assert observe(state)["to_act"] is None


def test_a_bid_ends_round_one_at_once() -> None:
    state = order_up_by(na_hand(0), 2)
    assert state.maker == 2 and observe(state)["trump"] == "S"
    assert [seat for seat, _ in state.history] == [1, 2]
    assert state.phase == "declare_alone" and state.to_act == 2


def test_round_two_name_makes_trump_without_pickup() -> None:
    state = name_trump_by(na_hand(0), 3, "H")
    assert state.maker == 3 and observe(state)["trump"] == "H"
    assert state.phase == "declare_alone" and state.to_act == 3
    state = apply(state, "pass")
    assert state.phase == "play" and not state.dealer_took_up_card
    assert hand(state, 0) == NA_HANDS[0].split(), "nobody takes the up-card after round two"


# ---------------------------------------------------------------------------------------------
# Stick the dealer


@pytest.mark.parametrize(("variant", "dealer"), VARIANT_DEALERS)
def test_stuck_dealer_must_name_a_suit_other_than_the_turned_down_one(variant: str, dealer: int) -> None:
    state = variant_hand(variant, dealer, ("stick-the-dealer",))
    n = state.rules.players
    turned = up_suit(state)
    for _ in range(2 * n - 1):
        assert "pass" in legal(state), "only the dealer is stuck"
        state = apply(state, "pass")
    assert state.phase == "bid_round_two" and state.to_act == dealer
    others = [s for s in SUITS if s != turned]
    assert legal(state) == [f"name_trump:{s}" for s in others]
    assert_refused_unchanged(state, "pass", "dealer_must_name_trump")
    assert_refused_unchanged(state, "pass", "dealer_must_name_trump", seat=dealer)
    assert_refused_unchanged(state, f"name_trump:{turned}", "turned_down_suit")
    state = apply(state, f"name_trump:{others[-1]}", dealer)
    assert state.maker == dealer and state.trump == SUITS.index(others[-1])
    assert not state.dealer_took_up_card and state.result is None


def test_without_stick_the_dealer_the_dealer_may_pass() -> None:
    state = run(na_hand(0), *["pass"] * 7)
    assert state.to_act == 0 and "pass" in legal(state)


# ---------------------------------------------------------------------------------------------
# The dealer's pick-up and discard


@pytest.mark.parametrize("dealer", [0, 2])
@pytest.mark.parametrize("offset", [1, 2, 3, 0], ids=["left", "partner", "right", "dealer"])
@pytest.mark.parametrize("discard", ["first-card", "up-card"])
def test_dealer_takes_the_up_card_and_discards(dealer: int, offset: int, discard: str) -> None:
    state = na_hand(dealer)
    before = hand(state, dealer)
    maker = (dealer + offset) % 4
    state = order_up_by(state, maker)
    assert state.phase == "declare_alone" and state.to_act == maker
    assert legal(state) == ["pass", "go_alone"]
    state = apply(state, "pass")
    assert state.phase == "dealer_discard" and state.to_act == dealer
    assert sorted(legal(state)) == sorted(f"discard:{c}" for c in [*before, NA_UP])
    assert_refused_unchanged(state, "leave_up_card", "pickup_compulsory")
    other = hand(state, (dealer + 1) % 4)[0]
    assert_refused_unchanged(state, f"discard:{other}", "card_not_in_hand")
    assert_refused_unchanged(state, f"discard:{before[0]}", "not_your_turn", seat=(dealer + 1) % 4)
    put_away = before[0] if discard == "first-card" else NA_UP
    state = apply(state, f"discard:{put_away}", dealer)
    assert sorted(hand(state, dealer)) == sorted(c for c in [*before, NA_UP] if c != put_away)
    assert state.rules.card_code(state.discarded) == put_away
    assert state.phase == "play" and state.to_act == (dealer + 1) % 4 and state.dealer_took_up_card


def _to_discard(state: HandState) -> HandState:
    """Order up from the dealer's left and decline going alone: the dealer is to discard."""
    state = order_up_by(state, state.left_of(state.dealer))
    if state.phase == "declare_alone":
        state = apply(state, "pass")
    assert state.phase == "dealer_discard" and state.to_act == state.dealer
    return state


@pytest.mark.parametrize("variant", ["north-american", "british", "cutthroat", "two-handed"])
def test_no_up_card_discard_house_rule(variant: str) -> None:
    state = _to_discard(variant_hand(variant, 1, ("no-up-card-discard",)))
    up = state.rules.card_code(state.deal.up_card)
    dealt = hand(state, 1)
    assert legal(state) == [f"discard:{c}" for c in dealt]
    assert_refused_unchanged(state, f"discard:{up}", "cannot_discard_up_card")
    state = apply(state, f"discard:{dealt[0]}")
    assert sorted(hand(state, 1)) == sorted([*dealt[1:], up])


def test_dealer_that_may_not_discard_the_up_card_by_rules_value() -> None:
    base = na_hand(0)
    rules: Rules = replace(base.rules, bidding=replace(base.rules.bidding, dealer_may_discard_up_card=False))
    state = _to_discard(new_hand(rules, base.deal))
    assert f"discard:{NA_UP}" not in legal(state) and len(legal(state)) == 5
    assert_refused_unchanged(state, f"discard:{NA_UP}", "cannot_discard_up_card")


@pytest.mark.parametrize("variant", ["north-american", "cutthroat", "two-handed"])
def test_optional_pickup_dealer_may_leave_the_up_card(variant: str) -> None:
    state = _to_discard(variant_hand(variant, 0, ("optional-pickup",)))
    dealt = hand(state, 0)
    up = state.rules.card_code(state.deal.up_card)
    assert legal(state) == [*(f"discard:{c}" for c in [*dealt, up]), "leave_up_card"]
    left = apply(state, "leave_up_card", 0)
    assert hand(left, 0) == dealt and not left.dealer_took_up_card and left.discarded is None
    assert all(up not in hand(left, seat) for seat in range(left.rules.players))
    assert left.phase == "play" and observe(left)["trump"] == up[1], "the suit is trump either way"
    took = apply(state, f"discard:{dealt[0]}", 0)
    assert up in hand(took, 0) and took.dealer_took_up_card


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_dealer_picks_up_for_a_lone_partner_house_rule(dealer: int) -> None:
    state = na_hand(dealer, ("dealer-picks-up-for-loner",))
    before = hand(state, dealer)
    state = apply(order_up_by(state, (dealer + 2) % 4), "go_alone")
    assert state.phase == "dealer_discard" and state.to_act == dealer
    state = apply(state, f"discard:{before[0]}", dealer)
    assert sorted(hand(state, dealer)) == sorted([*before[1:], NA_UP])
    assert observe(state)["sitting_out"] == [dealer]
    assert state.phase == "play" and state.to_act == (dealer + 1) % 4


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_dealers_partner_alone_dealer_sits_out_without_picking_up(dealer: int) -> None:
    state = na_hand(dealer)
    before = hand(state, dealer)
    partner = (dealer + 2) % 4
    state = order_up_by(state, partner)
    assert legal(state) == ["pass", "go_alone"], "north-american does not force the dealer's partner to go alone"
    state = apply(state, "go_alone", partner)
    assert state.maker_alone and observe(state)["sitting_out"] == [dealer]
    assert state.phase == "play", "no discard: nobody takes the up-card"
    assert not state.dealer_took_up_card and state.discarded is None
    assert hand(state, dealer) == before
    assert all(NA_UP not in hand(state, seat) for seat in range(4))
    assert state.to_act == (dealer + 1) % 4


def test_dealers_partner_not_alone_dealer_picks_up() -> None:
    state = apply(order_up_by(na_hand(0), 2), "pass")
    assert state.phase == "dealer_discard" and state.to_act == 0 and not state.maker_alone


def test_dealer_going_alone_still_picks_up() -> None:
    state = apply(order_up_by(na_hand(0), 0), "go_alone")
    assert observe(state)["sitting_out"] == [2]
    assert state.phase == "dealer_discard" and state.to_act == 0


# ---------------------------------------------------------------------------------------------
# Canadian loner (house rule) and the british "I turn it down"

LONER_RULES = [
    pytest.param("north-american", ("canadian-loner",), id="north-american+canadian-loner"),
    pytest.param("british", (), id="british"),
]


def loner_hand(variant: str, house: tuple[str, ...], dealer: int) -> HandState:
    rules = rules_for(variant, *house)
    hands = NA_HANDS[-dealer:] + NA_HANDS[:-dealer] if dealer else NA_HANDS
    return new_hand(rules, make_deal(rules, dealer, hands, NA_UP))


@pytest.mark.parametrize("dealer", [0, 3])
@pytest.mark.parametrize(("variant", "house"), LONER_RULES)
def test_dealers_partner_ordering_up_must_go_alone(variant: str, house: tuple[str, ...], dealer: int) -> None:
    state = loner_hand(variant, house, dealer)
    before = hand(state, dealer)
    partner = (dealer + 2) % 4
    state = order_up_by(state, partner)
    assert state.phase == "declare_alone" and state.to_act == partner
    assert legal(state) == ["go_alone"]
    assert_refused_unchanged(state, "pass", "must_go_alone")
    state = apply(state, "go_alone", partner)
    assert state.maker_alone and observe(state)["sitting_out"] == [dealer]
    assert not state.dealer_took_up_card and state.discarded is None and hand(state, dealer) == before
    assert state.phase in ("play", "defend_alone")


@pytest.mark.parametrize("offset", [1, 3, 0], ids=["left", "right", "dealer"])
@pytest.mark.parametrize(("variant", "house"), LONER_RULES)
def test_others_ordering_up_may_play_with_their_partner(variant: str, house: tuple[str, ...], offset: int) -> None:
    state = order_up_by(loner_hand(variant, house, 1), (1 + offset) % 4)
    assert legal(state) == ["pass", "go_alone"]
    state = apply(state, "pass")
    assert state.phase == "dealer_discard" and state.to_act == 1


@pytest.mark.parametrize(("variant", "house"), LONER_RULES)
def test_dealers_partner_naming_trump_in_round_two_is_free(variant: str, house: tuple[str, ...]) -> None:
    state = name_trump_by(loner_hand(variant, house, 0), 2, "H")
    assert legal(state) == ["pass", "go_alone"]
    state = apply(state, "pass")
    assert not state.maker_alone and observe(state)["sitting_out"] == []


# ---------------------------------------------------------------------------------------------
# British: the Benny turned up

BENNY_UP_HANDS = ["9C TC JC QC KC", "AC 9D TD JD QD", "KD AD 9H TH JH", "QH KH AH 9S TS"]


@pytest.mark.parametrize("dealer", [0, 2, 3])
@pytest.mark.parametrize("suit", list(SUITS))
def test_benny_turned_up_dealer_names_trump_unseen(suit: str, dealer: int) -> None:
    rules = rules_for("british")
    deal = make_deal(rules, dealer, BENNY_UP_HANDS, "JK")
    state = new_hand(rules, deal)
    before = hand(state, dealer)
    assert state.phase == "dealer_names_trump_unseen" and state.to_act == dealer
    assert legal(state) == [f"name_trump:{s}" for s in SUITS]
    for action in ("pass", "order_up", "go_alone", f"play:{before[0]}", f"discard:{before[0]}"):
        assert_refused_unchanged(state, action, "wrong_phase")
    assert_refused_unchanged(state, f"name_trump:{suit}", "not_your_turn", seat=(dealer + 1) % 4)
    state = apply(state, f"name_trump:{suit}", dealer)
    assert state.maker == dealer and observe(state)["trump"] == suit and state.dealer_took_up_card
    assert observe(state)["turned_down"] is None
    # The dealer may still go alone, but is not forced to.
    assert state.phase == "declare_alone" and state.to_act == dealer and legal(state) == ["pass", "go_alone"]
    state = apply(state, "pass")
    assert state.phase == "dealer_discard" and state.to_act == dealer
    assert {f"discard:{c}" for c in before} <= set(legal(state))
    state = apply(state, f"discard:{before[0]}")
    assert sorted(hand(state, dealer)) == sorted([*before[1:], "JK"])
    assert state.rules.card_code(state.discarded) == before[0]


def test_benny_turned_up_by_a_numbered_deal() -> None:
    rules = rules_for("british")
    deal = numbered_deal(rules, 1, accept=lambda d: d.up_card == rules.card_ids["JK"])
    state = new_hand(rules, deal)
    assert state.phase == "dealer_names_trump_unseen" and state.to_act == 1


@pytest.mark.parametrize("suit", ["C", "D", "H", "S"])
def test_benny_turned_up_dealer_going_alone(suit: str) -> None:
    rules = rules_for("british")
    state = new_hand(rules, make_deal(rules, 0, BENNY_UP_HANDS, "JK"))
    state = run(state, f"name_trump:{suit}", "go_alone")
    assert state.maker_alone and observe(state)["sitting_out"] == [2]
    assert state.phase == "dealer_discard" and state.to_act == 0


# ---------------------------------------------------------------------------------------------
# Refusals: wrong phase, out of turn, after the end, unknown actions


def _states() -> dict[str, HandState]:
    """One north-american (or british) state in each phase, built from the fixed deal."""
    na = na_hand(0)
    round_two = run(na, *["pass"] * 5)
    declare = order_up_by(na, 1)
    discard = apply(declare, "pass")
    play = apply(discard, "discard:JS")
    mid_trick = apply(play, "play:AC")
    rules = rules_for("british")
    british = new_hand(rules, make_deal(rules, 0, BRITISH_HANDS, BRITISH_UP))
    defend = run(order_up_by(british, 1), "pass", "discard:JS")
    assert defend.phase == "defend_alone"
    unseen = new_hand(rules, make_deal(rules, 0, BENNY_UP_HANDS, "JK"))
    return {
        "bid_round_one": na,
        "bid_round_two": round_two,
        "declare_alone": declare,
        "dealer_discard": discard,
        "play": play,
        "play-mid-trick": mid_trick,
        "defend_alone": defend,
        "dealer_names_trump_unseen": unseen,
    }


STATES = _states()

WRONG_PHASE = {
    "bid_round_one": ["name_trump:H", "play:AC", "discard:AC", "go_alone", "defend_alone", "leave_up_card"],
    "bid_round_two": ["order_up", "play:AC", "discard:AC", "go_alone", "defend_alone"],
    "declare_alone": ["order_up", "name_trump:H", "play:AC", "discard:9C", "defend_alone"],
    "dealer_discard": ["pass", "order_up", "name_trump:C", "play:9C", "go_alone", "defend_alone"],
    "play": ["pass", "order_up", "name_trump:C", "discard:AC", "go_alone", "defend_alone", "leave_up_card"],
    "play-mid-trick": ["pass", "discard:KD", "go_alone"],
    "defend_alone": ["order_up", "name_trump:C", "go_alone", "play:KD", "discard:KD"],
    "dealer_names_trump_unseen": ["pass", "order_up", "defend_alone", "play:9C", "leave_up_card"],
}


@pytest.mark.parametrize(
    ("name", "action"),
    [pytest.param(name, action, id=f"{name}-{action}") for name, acts in WRONG_PHASE.items() for action in acts],
)
def test_wrong_phase(name: str, action: str) -> None:
    state = STATES[name]
    assert state.phase == name.removesuffix("-mid-trick")
    assert_refused_unchanged(state, action, "wrong_phase")


@pytest.mark.parametrize("name", list(STATES))
def test_not_your_turn(name: str) -> None:
    state = STATES[name]
    action = legal(state)[0]
    for seat in range(state.rules.players):
        if seat != state.to_act:
            assert_refused_unchanged(state, action, "not_your_turn", seat=seat)
    assert apply(state, action, state.to_act).history[-1][0] == state.to_act


def test_not_your_turn_is_reported_for_the_claimed_seat() -> None:
    with pytest.raises(IllegalAction) as info:
        apply(STATES["bid_round_one"], "order_up", 3)
    assert (info.value.code, info.value.seat, info.value.phase, info.value.action) == (
        "not_your_turn",
        3,
        "bid_round_one",
        "order_up",
    )


@pytest.mark.parametrize("how", ["thrown-in", "played-out"])
def test_nothing_is_taken_after_the_hand_is_over(how: str) -> None:
    state = na_hand(0)
    state = run(state, *(["pass"] * 8)) if how == "thrown-in" else random_playout(state, random.Random(7))
    assert state.is_over and legal(state) == []
    for action in ("pass", "order_up", "play:AC", "play:9C", "discard:KD", "go_alone", "name_trump:H"):
        assert_refused_unchanged(state, action, "hand_over")
        for seat in range(4):
            assert_refused_unchanged(state, action, "hand_over", seat=seat)


UNKNOWN = ["bogus", "", "play:7C", "play:1C", "name_trump:X", "discard:ZZ", "order up", "PASS", "play:9c"]


@pytest.mark.parametrize(
    ("name", "action"),
    [pytest.param(name, a, id=f"{name}-{a or 'empty'}") for name in ("bid_round_one", "play", "defend_alone") for a in UNKNOWN]
    + [pytest.param(name, "play:JK", id=f"{name}-play:JK") for name in ("bid_round_one", "play")],
)
def test_unknown_actions(name: str, action: str) -> None:
    assert_refused_unchanged(STATES[name], action, "unknown_action")


def test_unknown_action_after_the_end() -> None:
    state = run(na_hand(0), *["pass"] * 8)
    assert_refused_unchanged(state, "bogus", "unknown_action")


def test_british_knows_the_benny_card() -> None:
    state = STATES["dealer_names_trump_unseen"]
    assert_refused_unchanged(state, "play:JK", "wrong_phase")


def test_refusal_does_not_change_the_state_and_the_next_legal_action_still_works() -> None:
    state = STATES["play-mid-trick"]
    # Seat 2 holds KD AD 9H TH JH; clubs led, seat 2 has none, so anything is legal.
    assert state.to_act == 2 and len(legal(state)) == 5
    assert_refused_unchanged(state, "play:AC", "card_not_in_hand")
    assert_refused_unchanged(state, "play:KD", "not_your_turn", seat=3)
    after = apply(state, "play:KD", 2)
    assert after.trick == ((1, state.rules.card_ids["AC"]), (2, state.rules.card_ids["KD"]))
    assert state.trick == ((1, state.rules.card_ids["AC"]),)


def test_round_one_pass_and_order_up_are_always_legal_before_the_dealer() -> None:
    state = na_hand(0)
    for seat in (1, 2, 3, 0):
        assert state.to_act == seat and legal(state) == ["pass", "order_up"]
        state = apply(state, "pass")
    assert state.phase == "bid_round_two"
    assert pass_until(state, 3).to_act == 3


def test_an_equal_action_from_another_deck_acts_as_its_text() -> None:
    state = run(na_hand(0), *["pass"] * 5, "name_trump:D", "pass")
    assert state.phase == "play" and "play:9D" in legal(state)
    foreign = rules_for("two-handed").action("play:9D")
    assert foreign == state.rules.action("play:9D")  # Actions are equal when their texts are
    expected = observe(apply(state, "play:9D"))
    try:
        outcome = observe(apply(state, foreign))
    except IllegalAction:
        return  # refusing a foreign action outright would be fine too
    assert outcome == expected


SOMERSET_HANDS = ["9S TS 8C 9C 7D", "AH KH AC KC QC", "QS KS AS TC 8D", "JH JD QH TH AD"]


def test_a_partner_who_takes_the_lone_hand_over_plays_it_and_undo_gives_it_back() -> None:
    rules = rules_for("somerset-1888", "take-it-from-you")
    state = run(new_hand(rules, make_deal(rules, 0, SOMERSET_HANDS, "7H")), "order_up", "go_alone")
    assert state.phase == "partner_take_over" and state.to_act == 3 and legal(state) == ["pass", "go_alone"]
    assert state.active == (True, True, True, False)
    asked = observe(state)
    state.do("go_alone")
    assert (state.maker, state.maker_alone, state.active) == (3, True, (True, False, True, True))
    assert state.next_active(0) == 2 and state.phase == "dealer_discard"
    state.undo()
    assert observe(state) == asked and state.next_active(2) == 0


def test_a_partner_who_passed_is_not_asked_and_without_the_rule_nobody_is() -> None:
    rules = rules_for("somerset-1888", "take-it-from-you")
    passed = run(new_hand(rules, make_deal(rules, 0, SOMERSET_HANDS, "7H")), "pass", "pass", "order_up", "go_alone")
    assert passed.phase == "dealer_discard" and passed.maker == 3
    plain = rules_for("somerset-1888")
    alone = run(new_hand(plain, make_deal(plain, 0, SOMERSET_HANDS, "7H")), "order_up", "go_alone")
    assert alone.phase == "dealer_discard" and alone.active == (True, True, True, False)
