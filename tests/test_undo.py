"""The in-place core: `do` and `undo` give the hand the pure `apply` gives, however far back a hand is taken.

A hand is played at random in place; now and then some of its actions, a random number of them,
are undone and others taken instead. After every step the in-place state must show exactly what
a state replayed afresh from the deal through the pure `apply` shows, and a refused action must
leave it as it was.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference_impl.deal import deal_number
from reference_impl.engine import IllegalAction, apply, flow, new_hand, observe
from reference_impl.engine.state import FIELDS, LISTS, HandState
from ruleset import builtin_catalog
from tests.engine_helpers import ALL_COMPOSITIONS, Composition, rules_for

VARIANTS = sorted(builtin_catalog().variants)
MAX_DEPTH = 6
"""The most actions undone at once: enough to go back across a trick or a phase, not so many that a hand never ends."""


def play_with_undos(combo: Composition, number: int, dealer: int, seed: int) -> int:
    """Play one hand in place with random undos, holding every step to a fresh replay; the number of undos."""
    rnd = random.Random(seed)
    rules = rules_for(combo[0], *combo[1])
    deal = deal_number(rules, number, dealer % rules.players)
    state = new_hand(rules, deal)
    replayed: list[HandState] = [new_hand(rules, deal)]
    texts = sorted(rules.actions)
    undone = 0
    for _ in range(2000):
        assert observe(state) == observe(replayed[-1])
        if state.is_over and rnd.random() < 0.5:
            fresh = new_hand(rules, deal)
            for _seat, action in state.history:
                fresh = apply(fresh, action)
            assert observe(state) == observe(fresh)
            return undone
        if len(replayed) > 1 and (state.is_over or rnd.random() < 0.1):
            for _ in range(rnd.randint(1, min(len(replayed) - 1, MAX_DEPTH))):
                state.undo()
                replayed.pop()
                undone += 1
            continue
        stranger = rules.actions[rnd.choice(texts)]
        if stranger not in state.legal_actions():
            before = observe(state)
            with pytest.raises(IllegalAction):
                state.do(stranger)
            assert observe(state) == before
        action = rnd.choice(state.legal_actions())
        state.do(action)
        replayed.append(apply(replayed[-1], action))
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(number=st.integers(0, 2**64 - 1), dealer=st.integers(0, 5), seed=st.integers(0, 2**32))
def test_every_variant_undoes_back_to_what_a_replay_shows(variant: str, number: int, dealer: int, seed: int) -> None:
    play_with_undos((variant, ()), number, dealer, seed)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    combo=st.sampled_from(ALL_COMPOSITIONS),
    number=st.integers(0, 2**64 - 1),
    dealer=st.integers(0, 5),
    seed=st.integers(0, 2**32),
)
def test_house_rules_undo_back_to_what_a_replay_shows(combo: Composition, number: int, dealer: int, seed: int) -> None:
    play_with_undos(combo, number, dealer, seed)


def test_undoing_goes_back_to_the_deal_and_no_further() -> None:
    rules = rules_for("north-american")
    state = new_hand(rules, deal_number(rules, 7))
    dealt = observe(state)
    taken = 0
    while not state.is_over:
        state.do(state.legal_actions()[-1])
        taken += 1
    for _ in range(taken):
        state.undo()
    assert observe(state) == dealt
    with pytest.raises(IndexError):
        state.undo()


def test_a_copy_is_the_same_hand_and_moves_on_its_own() -> None:
    rules = rules_for("north-american")
    state = new_hand(rules, deal_number(rules, 3))
    state.do(state.legal_actions()[0])
    copy = state.copy()
    for name in FIELDS:
        assert getattr(copy, name) is getattr(state, name), name
    for name in LISTS:
        assert getattr(copy, name) == getattr(state, name) and getattr(copy, name) is not getattr(state, name), name
    with pytest.raises(IndexError):
        copy.undo()  # a copy starts with nothing to undo
    seen = observe(state)
    while not copy.is_over:
        copy.do(copy.legal_actions()[-1])
    assert observe(state) == seen
    state.undo()
    assert observe(state) == observe(new_hand(rules, deal_number(rules, 3)))


def test_the_pure_apply_leaves_its_state_as_it_was() -> None:
    rules = rules_for("british")
    state = new_hand(rules, deal_number(rules, 11))
    while not state.is_over:
        seen = observe(state)
        after = apply(state, state.legal_actions()[0])
        assert observe(state) == seen and after is not state
        state = after


def test_north_american_flows_through_six_phases() -> None:
    """A variant's chain keeps only the phases it can enter: the North American hand, read as one tuple."""
    assert flow(rules_for("north-american")) == (
        "bid_round_one",
        "bid_round_two",
        "declare_alone",
        "dealer_discard",
        "play",
        "hand_over",
    )
    assert flow(rules_for("north-american", "defend-alone")) == (
        "bid_round_one",
        "bid_round_two",
        "declare_alone",
        "dealer_discard",
        "defend_alone",
        "play",
        "hand_over",
    )
    assert flow(rules_for("bid-euchre")) == ("auction", "play", "hand_over")
