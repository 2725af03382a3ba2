"""The phase records: the order a hand meets them, and the shortcuts the machine takes through them."""

from __future__ import annotations

import random

import pytest

from reference_impl.deal import Deal, deal_number
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
    """The play step's `allows` answers a replayed card without listing the legal ones: the same answer for every card.
    So does the state's own play of a card, where `do` plays them itself: it refuses (None) exactly the cards not
    listed, changing nothing."""
    rules = rules_for(combo[0], *combo[1])
    rng = random.Random(11)
    checked = taken = 0
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
                    if step.plays:
                        trial = state.copy()
                        done = trial.play(seat, action, True)
                        assert (done is not None) == (action in legal), (number, action.text)
                        assert done is not None or (trial.hands, trial.trick, trial.journal) == (state.hands, state.trick, [])
                        taken += 1
                for other in ("pass", "order_up"):
                    assert not step.allows(state, seat, rules.actions[other])
            state = apply(state, rng.choice(legal_actions(state)))
    assert checked > 1000
    assert taken == (checked if not rules.renege_penalized and not rules.conditions else 0)


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
    before = (state.hands, state.history, state.trick, len(state.journal))
    with pytest.raises(IllegalAction) as refused:
        state.do(foreign)  # in place, the checking take refuses it: the same reason, nothing changed
    assert refused.value.code == "card_not_in_hand"
    assert (state.hands, state.history, state.trick, len(state.journal)) == before
    mine = rules.play_actions[state.hands[seat][0]]
    with pytest.raises(IllegalAction) as refused:
        apply(state, mine, other)
    assert refused.value.code == "not_your_turn"
    assert state.step.allows is allows_following_suit


def test_abandon_is_offered_only_to_a_defender_against_a_lone_maker_and_its_one_action_check_agrees() -> None:
    """Where a lone hand may be abandoned, `allows` answers `abandon` as the legal list does, and abandoning
    ends the hand by the row lone-abandoned for the lone maker's side; elsewhere the action is not even known."""
    rules = rules_for("somerset-1888", "abandoned-lone-hand")
    abandon = rules.actions["abandon"]
    rng = random.Random(7)
    offered = 0
    for number in range(60):
        state = new_hand(rules, deal_number(rules, number))
        while not state.is_over:
            if state.phase == "play":
                seat = state.to_act
                assert seat is not None and state.step.allows is not None
                legal = state.legal_actions()
                may = bool(state.maker_alone) and rules.team_of[seat] != rules.team_of[state.maker or 0]
                assert (abandon in legal) == may == state.step.allows(state, seat, abandon)
                if may:
                    offered += 1
                    ended = apply(state, abandon)
                    assert ended.is_over and ended.result is not None
                    assert (ended.result.row, ended.result.abandoned_by) == ("lone-abandoned", seat)
                    assert ended.result.points[rules.team_of[state.maker or 0]] == 5 and sum(ended.result.points) == 5
            state = apply(state, rng.choice([action for action in legal_actions(state) if action is not abandon]))
    assert offered > 10
    assert "abandon" not in rules_for("somerset-1888").actions


def test_a_lead_out_of_turn_is_taken_back_for_the_remedy_undone_in_place_and_refused_without_the_rule() -> None:
    """A lead by a seat not to act, where the rules accept it, leaves the card in the hand and asks the first
    adversary clockwise for the remedy; `undo` gives the lead back to the seat that was to lead, and every action
    the remedies open agrees between the legal list and the one-action check. Without the rule it is not_your_turn."""
    rules = rules_for("somerset-1888", "lead-out-of-turn")
    rng = random.Random(11)
    led = 0
    for number in range(40):
        state = new_hand(rules, deal_number(rules, number))
        while not state.is_over:
            legal = state.legal_actions()
            seat = state.to_act
            assert seat is not None
            for action in legal:
                assert state.step.allows(state, seat, action)
            if state.phase == "play" and not state.trick and state.misled is None and state.asking is None:
                offender = state.next_active(seat)
                if (state.maker_alone and offender == state.maker) or state.defender_alone == offender:
                    with pytest.raises(IllegalAction, match="another player's turn"):
                        state.do(rules.actions[f"play:{rules.card_code(state.hand(offender)[0])}"], offender)
                    state = apply(state, rng.choice(legal))
                    continue
                card = state.hand(offender)[0]
                action = rules.actions[f"play:{rules.card_code(card)}"]
                before = (state.to_act, state.hands, state.trick, state.exposed, state.suit_call)
                state.do(action, offender)
                led += 1
                assert state.holds(offender, card) and state.trick == ()
                assert state.misled == (offender, card, seat)
                assert rules.team_of[state.to_act or 0] != rules.team_of[offender]
                assert [a.text for a in state.legal_actions()] == ["remedy:card", "remedy:suit"]
                state.undo()
                assert (state.to_act, state.hands, state.trick, state.exposed, state.suit_call) == before
                if rng.random() < 0.5:
                    state = apply(state, action, offender)
                    state = apply(state, rng.choice(state.legal_actions()))
                    continue
            state = apply(state, rng.choice(state.legal_actions()))
    assert led > 30
    plain = rules_for("somerset-1888")
    state = new_hand(plain, deal_number(plain, 0))
    while state.phase != "play":
        state = apply(state, state.legal_actions()[-1])
    other = state.next_active(state.to_act or 0)
    card = plain.card_code(state.hand(other)[0])
    with pytest.raises(IllegalAction) as refused:
        apply(state, f"play:{card}", other)
    assert refused.value.code == "not_your_turn"


def test_a_new_hand_holds_the_cards_dealt_whatever_their_number() -> None:
    """A new hand copies its variant's blank hand and reads the dealt cards into bit sets: hands of the variant's size
    by the generated straight-line code, others (a Deal built by hand) the long way, to the same cards."""
    rules = rules_for("north-american")
    dealt = deal_number(rules, 9)
    short = Deal(dealt.dealer, tuple(hand[:-1] for hand in dealt.hands), dealt.up_card, dealt.kitty)
    for deal in (dealt, short):
        state = new_hand(rules, deal)
        assert state.hands == deal.hands and state.kitty == deal.kitty and state.history == ()
        assert state.up_suit == state.program.up_suits[dealt.up_card or 0] and state.phase == "bid_round_one"
    assert state.program.blank.hands == ((),) * rules.players and state.program.blank.history == ()
