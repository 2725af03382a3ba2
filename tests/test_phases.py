"""The phase records: the order a hand meets them, and the shortcuts the machine takes through them."""

from __future__ import annotations

import random

import pytest

from reference_impl.deal import deal_number
from reference_impl.engine import ORDER, PHASES, IllegalAction, apply, legal_actions, new_hand
from reference_impl.engine import state as state_module
from reference_impl.engine.play import allows_following_suit
from tests.engine_helpers import ALL_COMPOSITIONS, composition_id, rules_for


def test_every_phase_has_one_record_and_the_hand_ends_last() -> None:
    names = {value for name, value in vars(state_module).items() if name.isupper() and isinstance(value, str)}
    assert sorted(PHASES) == sorted(names) and len(set(PHASES)) == len(PHASES)
    assert PHASES[-1] == "hand_over" and ORDER[-1].kinds == frozenset()
    for phase in ORDER:
        assert phase.when, phase.name
        # The hand log heads every phase but play (which has trick lines) and the end (which has the result).
        assert bool(phase.title) == (phase.name not in ("play", "hand_over")), phase.name


def test_phases_are_met_in_the_order_the_records_give() -> None:
    """Over many random hands of every composition, the phases a hand goes through never go back up ORDER."""
    rank = {name: index for index, name in enumerate(PHASES)}
    rng = random.Random(5)
    for variant, house in ALL_COMPOSITIONS:
        rules = rules_for(variant, *house)
        for number in range(15):
            state = new_hand(rules, deal_number(rules, number, number % rules.players))
            seen = [state.phase]
            while not state.is_over:
                state = apply(state, rng.choice(legal_actions(state)))
                if state.phase != seen[-1]:
                    seen.append(state.phase)
            assert [rank[name] for name in seen] == sorted(rank[name] for name in seen), (variant, house, number, seen)


@pytest.mark.parametrize(
    "combo",
    [c for c in ALL_COMPOSITIONS if c[0] in ("north-american", "british", "six-handed-cornish-double")][:12],
    ids=composition_id,
)
def test_the_one_card_check_agrees_with_the_legal_list(combo: tuple[str, tuple[str, ...]]) -> None:
    """The play step's `allows` answers a replayed card without listing the legal ones: the same answer for every card."""
    rules = rules_for(combo[0], *combo[1])
    rng = random.Random(11)
    checked = 0
    for number in range(40):
        state = new_hand(rules, deal_number(rules, number))
        while not state.is_over:
            if state.phase == "play":
                seat = state.to_act
                assert seat is not None
                step = state.step
                assert step.allows is not None
                legal = step.legal(state, seat)
                for action in rules.play_actions:
                    assert step.allows(state, seat, action) == (action in legal), (number, action.text)
                    checked += 1
                for other in ("pass", "order_up"):
                    assert not step.allows(state, seat, rules.actions[other])
            state = apply(state, rng.choice(legal_actions(state)))
    assert checked > 1000


@pytest.mark.parametrize(
    "combo",
    [
        ("north-american", ()),
        ("british", ()),
        ("two-handed", ()),
        ("north-american", ("canadian-loner",)),
        ("north-american", ("canadian-loner-both-rounds",)),
        ("north-american", ("passed-player-cannot-go-alone=any-round",)),
        ("north-american", ("no-lone-at-score",)),
        ("north-american", ("euchred-suit-barred",)),
        ("north-american", ("stick-the-dealer",)),
        ("north-american", ("stuck-dealer-turned-down",)),
        ("north-american", ("dealer-needs-trump=dealer",)),
        ("north-american", ("hearts-cannot-be-trump",)),
        ("north-american", ("no-trump",)),
        ("north-american", ("optional-pickup",)),
        ("north-american", ("no-up-card-discard",)),
        ("north-american", ("joker=dealer-names",)),
    ],
    ids=composition_id,
)
def test_every_phases_one_action_check_agrees_with_its_legal_list(combo: tuple[str, tuple[str, ...]]) -> None:
    """Every phase's `allows` (its own, or compiled for the variant) says yes to exactly the legal actions, by identity."""
    rules = rules_for(combo[0], *combo[1])
    rng = random.Random(13)
    checked = 0
    for number in range(30):
        state = new_hand(rules, deal_number(rules, number, number % rules.players))
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            legal = legal_actions(state)
            if state.phase != "play":
                for action in rules.actions.values():
                    assert state.step.allows(state, seat, action) == any(a is action for a in legal), (number, action.text)
                    checked += 1
            state = apply(state, rng.choice(legal))
    assert checked > 1000


def test_legal_actions_are_worked_out_once_per_state_and_never_carried_to_the_next() -> None:
    rules = rules_for("north-american")
    state = new_hand(rules, deal_number(rules, 2))
    first = legal_actions(state)
    assert legal_actions(state) is first
    after = apply(state, first[0])
    assert after._legal is None and state._legal is first


def test_a_replayed_card_out_of_turn_or_unheld_is_refused_as_before() -> None:
    """The one-card check is only a shortcut: a refused card gets the same reason as with the list."""
    rules = rules_for("north-american")
    state = new_hand(rules, deal_number(rules, 4))
    while state.phase != "play":
        state = apply(state, legal_actions(state)[-1])
    seat = state.to_act
    assert seat is not None
    other = (seat + 1) % 4
    foreign = rules.play_actions[state.hands[other][0]]
    with pytest.raises(IllegalAction) as refused:
        apply(state, foreign)
    assert refused.value.code == "card_not_in_hand"
    mine = rules.play_actions[state.hands[seat][0]]
    with pytest.raises(IllegalAction) as refused:
        apply(state, mine, other)
    assert refused.value.code == "not_your_turn"
    assert state.step.allows is allows_following_suit
