"""Going alone, defending alone, who sits out, and who leads the first trick."""

from __future__ import annotations

import random

import pytest

from reference_impl.engine import HandState, apply, legal_actions, new_hand, observe
from ruleset.compiled.rules import Rules
from tests.engine_helpers import legal, numbered_deal, order_up_by, random_playout, refusal, rules_for


def start(rules: Rules, dealer: int, number: int = 0) -> HandState:
    return new_hand(rules, numbered_deal(rules, dealer, start=number))


def defenders_in_order(state: HandState) -> list[int]:
    """The active defenders clockwise from the dealer's (or the maker's) left: the order lone defence is offered."""
    rules = state.rules
    first = state.maker if rules.lone_play.defenders_from_maker else state.dealer
    seats = [(first + k) % rules.players for k in range(1, rules.players + 1)]
    return [s for s in seats if rules.team_of[s] != rules.team_of[state.maker] and state.active[s]]


def declare(
    rules: Rules, dealer: int, maker_offset: int, maker_alone: bool, defender: int | None = None, number: int = 0
) -> HandState:
    """Trump ordered up by the dealer's (left + offset - 1); the maker goes alone or not; the
    defender offered `defender`-th (0 first, 1 second) defends alone, or None: everybody passes."""
    maker = (dealer + maker_offset) % rules.players
    state = order_up_by(start(rules, dealer, number), maker)
    while state.phase != "play":
        if state.phase == "declare_alone":
            state = apply(state, "go_alone" if maker_alone else "pass", maker)
        elif state.phase == "dealer_discard":
            state = apply(state, legal(state)[0], dealer)
        elif state.phase == "defend_alone":
            offered = defenders_in_order(state)
            asked = offered.index(state.to_act)
            state = apply(state, "defend_alone" if asked == defender else "pass", state.to_act)
        else:
            raise AssertionError(state.phase)
    return state


def play_checking_tricks(state: HandState, seed: int) -> HandState:
    """Play to the end at random, checking that only active seats play and each trick is complete."""
    rng = random.Random(seed)
    active = [seat for seat, on in enumerate(state.active) if on]
    sitting = [seat for seat, on in enumerate(state.active) if not on]
    held = {seat: state.hands[seat] for seat in sitting}
    while not state.is_over:
        assert state.to_act in active
        state = apply(state, rng.choice(legal_actions(state)))
    for winner, trick in state.tricks:
        assert sorted(seat for seat, _ in trick) == active
        assert winner in active
    for seat in sitting:
        assert state.hands[seat] == held[seat], "a sitter-out's cards stay untouched"
        assert state.tricks_won[seat] == 0
    assert sum(state.tricks_won) == state.rules.hand_size
    return state


# ---------------------------------------------------------------------------------------------
# Going alone


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
@pytest.mark.parametrize("offset", [1, 2, 3, 4], ids=["left", "partner", "right", "dealer"])
@pytest.mark.parametrize("variant", ["north-american", "british"])
def test_lone_maker_partner_sits_out_and_three_play(variant: str, offset: int, dealer: int) -> None:
    rules = rules_for(variant, "defend-alone=never")
    state = declare(rules, dealer, offset, maker_alone=True)
    maker = (dealer + offset) % 4
    partner = (maker + 2) % 4
    assert state.maker == maker and state.maker_alone
    assert observe(state)["sitting_out"] == [partner]
    assert state.active.count(True) == 3
    state = play_checking_tricks(state, seed=dealer * 10 + offset)
    assert all(len(trick) == 3 for _, trick in state.tricks)
    assert state.result is not None and state.result.maker_alone and state.result.defender_alone is None


@pytest.mark.parametrize("variant", ["north-american", "british"])
def test_maker_with_partner_four_play(variant: str) -> None:
    state = declare(rules_for(variant, "defend-alone=never"), 0, 1, maker_alone=False)
    assert observe(state)["sitting_out"] == [] and not state.maker_alone
    state = play_checking_tricks(state, seed=1)
    assert all(len(trick) == 4 for _, trick in state.tricks)


# ---------------------------------------------------------------------------------------------
# First lead, north-american: the dealer's left, skipping a sitter-out

NA_LEADS = [
    # maker offset, maker alone, expected leader offset from the dealer
    pytest.param(1, False, 1, id="nobody-alone"),
    pytest.param(1, True, 1, id="left-alone-leads"),
    pytest.param(2, True, 1, id="partner-alone-dealer-out"),
    pytest.param(3, True, 2, id="right-alone-left-sits-out"),
    pytest.param(4, True, 1, id="dealer-alone"),
]


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
@pytest.mark.parametrize(("offset", "alone", "leader"), NA_LEADS)
def test_north_american_first_lead(dealer: int, offset: int, alone: bool, leader: int) -> None:
    state = declare(rules_for("north-american"), dealer, offset, alone)
    assert state.phase == "play"
    assert state.to_act == state.leader == (dealer + leader) % 4
    assert state.active[state.to_act]


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
@pytest.mark.parametrize("offset", [1, 2, 3, 4], ids=["left", "partner", "right", "dealer"])
@pytest.mark.parametrize("alone", [True, False], ids=["lone-maker", "paired-maker"])
@pytest.mark.parametrize("defender", [0, 1], ids=["first-defends", "second-defends"])
def test_north_american_first_lead_with_a_lone_defender(dealer: int, offset: int, alone: bool, defender: int) -> None:
    state = declare(rules_for("north-american", "defend-alone=always"), dealer, offset, alone, defender)
    assert state.defender_alone is not None
    active_from_left = [(dealer + k) % 4 for k in range(1, 5) if state.active[(dealer + k) % 4]]
    assert state.to_act == state.leader == active_from_left[0]
    # Whenever the dealer's left sits out, the lead passes on clockwise (past two sitters if need be).
    if not state.active[(dealer + 1) % 4]:
        assert state.to_act == ((dealer + 2) % 4 if state.active[(dealer + 2) % 4] else (dealer + 3) % 4)


# ---------------------------------------------------------------------------------------------
# First lead, british: left of the lone player; with two lone players the defender leads


BRITISH_LONE_CASES = {
    "nobody-alone": (False, None),
    "lone-maker": (True, None),
    "lone-first-defender": (False, 0),
    "lone-second-defender": (False, 1),
    "both-alone-first-defender": (True, 0),
    "both-alone-second-defender": (True, 1),
}
BRITISH_LEADS = [
    pytest.param(offset, alone, defender, id=f"{seat}-{name}")
    for offset, seat in ((1, "left"), (2, "partner"), (3, "right"), (4, "dealer"))
    for name, (alone, defender) in BRITISH_LONE_CASES.items()
    if alone or offset != 2  # the dealer's partner can order up only by going alone
]


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
@pytest.mark.parametrize(("offset", "alone", "defender"), BRITISH_LEADS)
def test_british_first_lead(dealer: int, offset: int, alone: bool, defender: int | None) -> None:
    rules = rules_for("british")
    state = declare(rules, dealer, offset, alone, defender)
    maker = (dealer + offset) % 4
    assert state.maker == maker and state.maker_alone == alone
    if defender is None:
        assert state.defender_alone is None
        expected = (maker + 1) % 4 if alone else (dealer + 1) % 4
    else:
        lone_defender = state.defender_alone
        assert lone_defender is not None and rules.team_of[lone_defender] != rules.team_of[maker]
        expected = lone_defender if alone else (lone_defender + 1) % 4
    assert state.to_act == state.leader == expected
    assert state.active[expected]
    play_checking_tricks(state, seed=dealer)


def test_british_dealers_partner_turning_it_down_left_of_partner_leads() -> None:
    state = declare(rules_for("british"), 0, 2, True, None)
    assert observe(state)["sitting_out"] == [0]
    assert state.to_act == 3, "the player to the lone player's left, not the dealer's left"


# ---------------------------------------------------------------------------------------------
# Defending alone: never, against a lone maker, always

DEFENCE_MODES = [
    # variant, house rules, offered when maker alone, offered when maker not alone
    pytest.param("north-american", (), False, False, id="north-american-default"),
    pytest.param("north-american", ("defend-alone=never",), False, False, id="north-american-never"),
    pytest.param("north-american", ("defend-alone=against-lone-maker",), True, False, id="north-american-against-lone-maker"),
    pytest.param("north-american", ("defend-alone=always",), True, True, id="north-american-always"),
    pytest.param("british", (), True, True, id="british-default"),
    pytest.param("british", ("defend-alone=never",), False, False, id="british-never"),
    pytest.param("british", ("defend-alone=against-lone-maker",), True, False, id="british-against-lone-maker"),
    pytest.param("british", ("defend-alone=always",), True, True, id="british-always"),
    pytest.param("british", ("defender-order",), True, True, id="british-asked-from-maker-left"),
    pytest.param("north-american", ("defend-alone", "defender-order"), True, False, id="against-lone-maker-from-maker-left"),
]


@pytest.mark.parametrize("dealer", [0, 3])
@pytest.mark.parametrize("offset", [1, 3, 4], ids=["left", "right", "dealer"])
@pytest.mark.parametrize("maker_alone", [True, False], ids=["lone-maker", "paired-maker"])
@pytest.mark.parametrize(("variant", "house", "vs_lone", "vs_pair"), DEFENCE_MODES)
def test_when_defending_alone_is_offered(
    variant: str, house: tuple[str, ...], vs_lone: bool, vs_pair: bool, maker_alone: bool, offset: int, dealer: int
) -> None:
    rules = rules_for(variant, *house)
    maker = (dealer + offset) % 4
    state = order_up_by(start(rules, dealer), maker)
    state = apply(state, "go_alone" if maker_alone else "pass")
    if state.phase == "dealer_discard":
        state = apply(state, legal(state)[0])
    offered = vs_lone if maker_alone else vs_pair
    if not offered:
        assert state.phase == "play"
        assert refusal(state, "defend_alone") == "wrong_phase"
        return
    assert state.phase == "defend_alone"
    expected = defenders_in_order(state)
    asked = []
    while state.phase == "defend_alone":
        assert legal(state) == ["pass", "defend_alone"]
        asked.append(state.to_act)
        state = apply(state, "pass", state.to_act)
    assert asked == expected and len(asked) == 2
    assert state.phase == "play" and state.defender_alone is None


ASKING_ORDERS = [
    # variant, house rules, dealer, maker, defenders in the order they are asked
    pytest.param("north-american", (), 0, 2, [1, 3], id="na-dealer-left-partner-of-dealer"),
    pytest.param("north-american", ("defender-order",), 0, 2, [3, 1], id="na-maker-left-partner-of-dealer"),
    pytest.param("north-american", (), 0, 3, [2, 0], id="na-dealer-left-right-of-dealer"),
    pytest.param("north-american", ("defender-order",), 0, 3, [0, 2], id="na-maker-left-right-of-dealer"),
    pytest.param("north-american", ("defender-order",), 0, 1, [2, 0], id="na-maker-left-left-of-dealer"),
    pytest.param("north-american", ("defender-order",), 0, 0, [1, 3], id="na-maker-left-dealer"),
    pytest.param("north-american", ("defender-order=dealer-left",), 0, 3, [2, 0], id="na-mode-dealer-left"),
    pytest.param("british", ("defender-order",), 1, 0, [1, 3], id="british-maker-left"),
    pytest.param("six-handed-cornish", (), 0, 3, [2, 4, 0], id="six-dealer-left"),
    pytest.param("six-handed-cornish", ("defender-order",), 0, 3, [4, 0, 2], id="six-maker-left"),
]


@pytest.mark.parametrize(("variant", "house", "dealer", "maker", "expected"), ASKING_ORDERS)
def test_defenders_are_asked_in_the_variants_order(
    variant: str, house: tuple[str, ...], dealer: int, maker: int, expected: list[int]
) -> None:
    rules = rules_for(variant, "defend-alone=always", *house) if variant == "north-american" else rules_for(variant, *house)
    state = order_up_by(start(rules, dealer), maker)
    state = apply(state, "pass")
    if state.phase == "dealer_discard":
        state = apply(state, legal(state)[0])
    asked = []
    while state.phase == "defend_alone":
        asked.append(state.to_act)
        state = apply(state, "pass", state.to_act)
    assert asked == expected


@pytest.mark.parametrize("which", [0, 1], ids=["first-asked", "second-asked"])
@pytest.mark.parametrize("maker_alone", [True, False], ids=["lone-maker", "paired-maker"])
@pytest.mark.parametrize("variant", ["north-american", "british"])
def test_lone_defender_partner_sits_out(variant: str, maker_alone: bool, which: int) -> None:
    rules = rules_for(variant, "defend-alone=always")
    state = declare(rules, 1, 3, maker_alone, which)
    defender = state.defender_alone
    assert defender is not None
    sitting = [(defender + 2) % 4] + ([(state.maker + 2) % 4] if maker_alone else [])
    assert observe(state)["sitting_out"] == sorted(sitting)
    assert observe(state)["defender_alone"] == defender
    state = play_checking_tricks(state, seed=which)
    size = 2 if maker_alone else 3
    assert all(len(trick) == size for _, trick in state.tricks)
    assert state.result is not None and state.result.defender_alone == defender


def test_first_defender_defending_ends_the_offers() -> None:
    rules = rules_for("british")
    state = order_up_by(start(rules, 0), 1)
    state = run_declarations(state, "pass", first=True)
    assert state.phase == "play", "the second defender is not asked once one defends alone"


def run_declarations(state: HandState, maker_choice: str, first: bool) -> HandState:
    state = apply(state, maker_choice)
    state = apply(state, legal(state)[0])  # the discard
    assert state.phase == "defend_alone"
    return apply(state, "defend_alone" if first else "pass")


# ---------------------------------------------------------------------------------------------
# Cutthroat and two-handed: no lone decisions


@pytest.mark.parametrize("dealer", [0, 1, 2])
@pytest.mark.parametrize("offset", [1, 2, 3], ids=["left", "right", "dealer"])
@pytest.mark.parametrize("round_", ["order-up", "name-trump"])
def test_cutthroat_maker_is_always_alone_and_nobody_sits_out(dealer: int, offset: int, round_: str) -> None:
    rules = rules_for("cutthroat")
    state = start(rules, dealer)
    maker = (dealer + offset) % 3
    if round_ == "order-up":
        state = order_up_by(state, maker)
        assert state.phase == "dealer_discard" and state.to_act == dealer
        assert refusal(state, "go_alone") == "wrong_phase"
        state = apply(state, legal(state)[0])
    else:
        for _ in range(3):
            state = apply(state, "pass")
        while state.to_act != maker:
            state = apply(state, "pass")
        state = apply(state, legal(state)[-1])
    assert state.phase == "play" and state.to_act == (dealer + 1) % 3
    assert state.maker == maker and state.maker_alone
    assert observe(state)["sitting_out"] == []
    state = play_checking_tricks(state, seed=offset)
    assert all(len(trick) == 3 for _, trick in state.tricks)
    assert state.result is not None and state.result.maker_alone and state.result.defender_alone is None
    assert not any(action.kind in ("go_alone", "defend_alone") for _, action in state.history)


@pytest.mark.parametrize("variant", ["two-handed", "cutthroat"])
def test_no_lone_decision_is_ever_asked(variant: str) -> None:
    rules = rules_for(variant)
    rng = random.Random(variant)
    made = 0
    for number in range(150):
        state = new_hand(rules, numbered_deal(rules, number % rules.players, start=number))
        while not state.is_over:
            assert state.phase not in ("declare_alone", "defend_alone")
            actions = legal_actions(state)
            assert not any(a.kind in ("go_alone", "defend_alone") for a in actions)
            state = apply(state, rng.choice(actions))
        if not state.result.thrown_in:
            made += 1
            assert state.result.maker_alone == (variant == "cutthroat")
            assert state.result.defender_alone is None
            assert observe(state)["sitting_out"] == []
            assert all(len(trick) == rules.players for _, trick in state.tricks)
    assert made > 50


def test_two_handed_first_lead_is_the_non_dealer() -> None:
    rules = rules_for("two-handed")
    for dealer in (0, 1):
        state = order_up_by(start(rules, dealer), 1 - dealer)
        assert state.phase == "dealer_discard" and state.to_act == dealer
        assert refusal(state, "go_alone") == "wrong_phase"
        state = apply(state, legal(state)[0])
        assert state.phase == "play" and state.to_act == 1 - dealer
        state = random_playout(state, random.Random(dealer))
        assert [len(t) for _, t in state.tricks] == [2] * 5
