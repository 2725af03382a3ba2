"""Properties of whole hands, for every variant and every house-rule mode that applies to it,
over random deal numbers and random legal play."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference_impl.deal import deal_number
from reference_impl.engine import HandState, IllegalAction, apply, legal_actions, new_hand, observe
from tests.engine_helpers import (
    ALL_COMPOSITIONS,
    Composition,
    cards_in_view,
    composition_id,
    expected_player_points,
    expected_points,
    rules_for,
)

EXAMPLES = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
COMBOS = [pytest.param(combo, id=composition_id(combo)) for combo in ALL_COMPOSITIONS]

deal_numbers = st.integers(min_value=0, max_value=2**64 - 1)
seats = st.integers(min_value=0, max_value=3)
chooser = st.randoms(use_true_random=False)


def play(combo: Composition, number: int, dealer: int, rnd: random.Random) -> list[HandState]:
    """Every state of one hand played with random legal actions, from the deal to the end."""
    rules = rules_for(combo[0], *combo[1])
    state = new_hand(rules, deal_number(rules, number, dealer % rules.players))
    states = [state]
    for _ in range(200):
        if state.is_over:
            return states
        actions = legal_actions(state)
        assert actions, f"no legal action during {state.phase}"
        state = apply(state, rnd.choice(actions))
        states.append(state)
    raise AssertionError("the hand did not end")


def oracle_winner(state: HandState, trick: tuple[tuple[int, int], ...]) -> int:
    """Who should win a trick, worked out independently: highest trump, else highest of the suit led."""
    rules = state.rules
    effective, power = rules.effective_suit[state.trump], rules.power[state.trump]
    led = effective[trick[0][1]]
    trumps = [(power[card], order, seat) for order, (seat, card) in enumerate(trick) if effective[card] == state.trump]
    candidates = trumps or [(power[card], order, seat) for order, (seat, card) in enumerate(trick) if effective[card] == led]
    best = max(power for power, _, _ in candidates)
    tied = [entry for entry in candidates if entry[0] == best]
    # Of identical cards (a double pack), the variant says whether the later or the earlier wins.
    return (tied[-1] if rules.later_duplicate_wins else tied[0])[2]


def every_card_is_accounted_for_at_every_step(states: list[HandState]) -> None:
    rules = states[0].rules
    whole_deck = Counter(range(len(rules.deck)))
    sitting_hands = {}
    for state in states:
        assert cards_in_view(state) == whole_deck, f"cards lost or doubled during {state.phase}"
        if state.phase == "play" or state.is_over:
            played = len(state.tricks)
            for seat in range(rules.players):
                if not state.active[seat]:
                    sitting_hands.setdefault(seat, state.hands[seat])
                    assert state.hands[seat] == sitting_hands[seat]
                    # A dealer who took the up-card may then sit out for a lone defender, a partner
                    # who gave a lone player a card holds one card fewer, and a hand that went under
                    # holds the kitty.
                    exchanged = {place for move in state.cards_passed for place in move[:2]}
                    if seat not in (state.dealer, state.giver) and seat not in exchanged:
                        assert state.hands[seat] == state.deal.hands[seat]
                    continue
                in_trick = any(s == seat for s, _ in state.trick)
                assert len(state.hands[seat]) == rules.hand_size - played - in_trick
        elif state.trump is None and state.phase != "go_under_discard":  # cards shown one by one to go under
            assert all(len(h) == rules.hand_size for h in state.hands), "hands keep their size while bidding"


def each_trick_has_one_rightful_winner_who_played_in_it(states: list[HandState]) -> None:
    final = states[-1]
    active = sorted(seat for seat, on in enumerate(final.active) if on)
    leader = next((s.leader for s in states if s.phase == "play"), None)
    for winner, trick in final.tricks:
        played_by = [seat for seat, _ in trick]
        assert sorted(played_by) == active and len(set(played_by)) == len(played_by)
        assert played_by[0] == leader, "the previous winner leads"
        assert winner in played_by
        assert winner == oracle_winner(final, trick)
        # Play goes clockwise round the active seats.
        for before, after in itertools.pairwise(played_by):
            assert after == final.next_active(before)
        leader = winner
    # No trick is left unfinished, unless the hand stopped at a renege that ends it.
    stopped = (final.rules.renege_options.ends_hand and final.reneged is not None) or final.abandoned_by is not None
    assert final.trick == () or stopped, "only a renege that ends the hand, or an abandoned hand, leaves a trick unfinished"
    # Every card played followed the suit led whenever the player held one of that suit
    # (unless the variant lets a renege be played and penalized).
    if final.rules.renege_penalized:
        return
    effective = final.rules.effective_suit[final.trump] if final.trump is not None else ()
    for before, after in itertools.pairwise(states):
        seat, action = after.history[-1]
        if action.kind == "play" and before.trick:
            led = effective[before.trick[0][1]]
            could_follow = any(effective[card] == led for card in before.hands[seat])
            assert effective[action.card] == led or not could_follow


def tricks_and_points_add_up_when_the_hand_is_over(states: list[HandState]) -> None:
    final = states[-1]
    rules = final.rules
    result = final.result
    assert final.is_over and result is not None
    if result.thrown_in:
        if result.conceded_by is None:
            assert result.points == (0,) * len(rules.teams)
        else:  # a dealer's concession: the point goes to the dealer's opponents
            assert (
                result.conceded_by == final.dealer and result.points[rules.team_of[final.dealer]] == 0 and sum(result.points) > 0
            )
        assert final.tricks == () and final.maker is None
        assert all(
            s.phase
            in (
                "redeal_call",
                "go_under_call",
                "go_under_discard",
                "predict",
                "bid_round_one",
                "bid_round_two",
                "auction",
                "hand_over",
            )
            for s in states
        )
        return
    if result.reneged_by is not None and rules.renege_options.ends_hand:
        # The hand stopped at the renege, in a trick left unfinished, and is scored by the penalty.
        assert result.row == "renege" and len(final.tricks) < rules.hand_size and final.trick
        return
    if result.abandoned_by is not None:
        # A defender gave up against a lone maker: the hand stops there, and the lone side scores the law's points.
        lone_side = rules.team_of[final.maker]
        assert final.maker_alone and rules.team_of[result.abandoned_by] != lone_side
        assert result.points[lone_side] == rules.lone_play.abandon_points and sum(result.points) == result.points[lone_side]
        return
    assert sum(final.tricks_won) == rules.hand_size == len(final.tricks)
    assert list(final.tricks_won) == [sum(1 for w, _ in final.tricks if w == seat) for seat in range(rules.players)]
    if rules.auction is not None:
        return  # a contract game's points follow its formulas, not a table by tricks: tests/test_auction.py
    if rules.player_scoring is not None:
        assert result.points == expected_player_points(final)
        return
    makers_team = rules.team_of[final.maker]
    makers_tricks = sum(1 for w, _ in final.tricks if rules.team_of[w] == makers_team)
    key = (makers_tricks, final.maker_alone, final.defender_alone is not None)
    row = (rules.scoring_predicted_alone if final.predicted_alone else rules.scoring)[key]
    if result.reneged_by is not None:
        assert result.row == "renege" and rules.renege_penalized
        assert any(points for points in result.points)
        return
    assert (result.makers_tricks, result.maker_alone, result.defender_alone is not None) == key
    assert result.maker == final.maker and result.trump == final.trump
    assert result.row == row.name and result.clause == row.clause
    assert result.points == expected_points(rules, final.maker, row.to, row.points)
    assert sum(result.points) == row.points * (1 if row.to == "makers" else len(rules.teams) - 1)


def legal_actions_are_accepted_and_others_refused(states: list[HandState]) -> None:
    rules = states[0].rules
    everything = list(rules.actions.values())
    sampler = random.Random(len(states))  # which illegal actions to try: cheap, and fixed by the hand
    for state in states:
        actions = legal_actions(state)
        if state.is_over:
            assert actions == () and state.to_act is None
            continue
        assert actions, f"nothing legal during {state.phase}"
        assert len(set(actions)) == len(actions)
        for action in actions:
            assert apply(state, action, state.to_act).history[-1] == (state.to_act, action)
        for action in sampler.sample(everything, 6):
            if action not in actions:
                with pytest.raises(IllegalAction):
                    apply(state, action)


def replaying_the_history_gives_the_same_hand(states: list[HandState]) -> None:
    final = states[-1]
    views = [observe(state) for state in states]
    replay = new_hand(final.rules, final.deal)
    assert observe(replay) == views[0]
    for step, (seat, action) in enumerate(final.history):
        assert seat == states[step].to_act
        replay = apply(replay, action.text, seat)
        assert observe(replay) == views[step + 1]
    assert observe(replay) == observe(final)
    assert replay.result == final.result and replay.tricks == final.tricks
    # Applying never changed an earlier state.
    assert [observe(state) for state in states] == views


PROPERTIES = (
    every_card_is_accounted_for_at_every_step,
    each_trick_has_one_rightful_winner_who_played_in_it,
    tricks_and_points_add_up_when_the_hand_is_over,
    legal_actions_are_accepted_and_others_refused,
    replaying_the_history_gives_the_same_hand,
)
"""What every hand of every composition must show, each checked on the same hands."""


@pytest.mark.parametrize("combo", COMBOS)
@EXAMPLES
@given(number=deal_numbers, dealer=seats, rnd=chooser)
def test_every_property_holds_of_random_hands(combo: Composition, number: int, dealer: int, rnd: random.Random) -> None:
    """Each hand is played once and all of PROPERTIES are checked on it: playing the hand is most of the cost."""
    states = play(combo, number, dealer, rnd)
    for check in PROPERTIES:
        check(states)
