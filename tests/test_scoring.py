"""Scoring: every row of every variant and house-rule combination, reached by real play;
games to the target, the deal rotating left, and the cutthroat tie rule."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import pytest

from reference_impl.deal import Deal
from reference_impl.engine import (
    GameState,
    HandState,
    IllegalAction,
    apply,
    decide_winners,
    game_apply,
    game_legal_actions,
    legal_actions,
    new_game,
    new_hand,
    numbered_deals,
    observe,
    observe_game,
)
from reference_impl.engine.game import winners_after_hands
from ruleset.compiled.rules import Action, Rules
from tests.engine_helpers import ALL_COMPOSITIONS, Composition, composition_id, expected_points, numbered_deal, rules_for

Key = tuple[int, bool, bool]

# ---------------------------------------------------------------------------------------------
# The scoring tables, written out by hand from the variant and house-rule files


def _house(house: tuple[str, ...], name: str) -> str | None:
    for ref in house:
        rule, _, mode = ref.partition("=")
        if rule == name:
            return mode or "on"
    return None


SIX_HAND_FAMILY = {"six-handed-cornish", "six-handed-cornish-double", "almonte-six", "almonte-four"}


def expected_outcomes(variant: str, house: tuple[str, ...]) -> set[Key]:
    maker = {"cutthroat": [True], "two-handed": [False]}.get(variant, [False, True])
    always = {"british", "three-handed-dummy", *SIX_HAND_FAMILY}
    own_defence = "always" if variant in always else "against-lone-maker" if variant == "railroad" else "never"
    defence = _house(house, "defend-alone") or own_defence
    found = set()
    for tricks in range(6):
        for alone in maker:
            found.add((tricks, alone, False))
            if defence == "always" or (defence == "against-lone-maker" and alone):
                found.add((tricks, alone, True))
    return found


def expected_row(variant: str, house: tuple[str, ...], key: Key) -> tuple[str, str, int]:
    """(row name, who scores, points) for an outcome."""
    tricks, alone, defender = key
    if variant == "three-handed-dummy":
        if tricks == 5:
            return ("sweep", "makers", 3)
        if tricks >= 3:
            return ("made", "makers", 1)
        if defender:
            return ("lone-defender-sweep", "defenders", 4) if tricks == 0 else ("lone-defender-euchre", "defenders", 2)
        return ("euchre", "defenders", 2)
    if variant in SIX_HAND_FAMILY:
        if tricks == 5:
            return ("lone-march", "makers", 6) if alone else ("march", "makers", 3)
        if tricks >= 3:
            return ("made", "makers", 1)
        if defender:
            return ("lone-defender-euchre", "defenders", 6)
        return ("lone-euchred", "defenders", 3) if alone else ("euchred", "defenders", 3)
    if variant == "cutthroat":
        return ("march", "makers", 3) if tricks == 5 else ("made", "makers", 1) if tricks >= 3 else ("euchred", "defenders", 2)
    if variant == "two-handed":
        return ("march", "makers", 2) if tricks == 5 else ("made", "makers", 1) if tricks >= 3 else ("euchred", "defenders", 2)
    if tricks == 5:
        return ("lone-march", "makers", 4) if alone else ("march", "makers", 2)
    if tricks >= 3:
        return ("made", "makers", 1)
    if variant == "somerset-1888" and alone:
        return ("lone-euchred", "defenders", 4)  # law 3: a euchred lone hand pays four
    if defender and variant == "railroad":
        return ("lone-euchred-by-lone", "defenders", 4)  # only a lone maker is defended alone against
    if defender:
        return ("lone-defender-euchre", "defenders", 4)
    if tricks == 0 and _house(house, "super-euchre"):
        return ("super-euchre", "defenders", 4)
    return ("lone-euchred", "defenders", 2) if alone else ("euchred", "defenders", 2)


# House rules whose effect on scoring the two functions above know (most change nothing there).
KNOWN_HOUSE_RULES = {
    "canadian-loner",
    "dealer-picks-up-for-loner",
    "defend-alone",
    "no-up-card-discard",
    "optional-pickup",
    "stick-the-dealer",
    "super-euchre",
    "target",
    "throw-in",
    "passed-player-cannot-go-alone",
    "railroading",
    "dealer-needs-trump",
    "no-ace-no-face",
    "mcevoy",
    "club-euchre",
    "no-trump",
    "hearts-cannot-be-trump",
    "deal-one-at-a-time",
    "cutthroat-tie",
}
# Variants scored player by player have no side table; tests/test_buck.py holds their points to their rows.
PLAYER_SCORED = {"buck-euchre"}
COMBOS = [pytest.param(combo, id=composition_id(combo)) for combo in ALL_COMPOSITIONS if combo[0] not in PLAYER_SCORED]
KNOWN_COMBOS = [
    pytest.param(combo, id=composition_id(combo))
    for combo in ALL_COMPOSITIONS
    if all(ref.partition("=")[0] in KNOWN_HOUSE_RULES for ref in combo[1])
    and combo[0] not in PLAYER_SCORED
    and rules_for(combo[0]).auction is None  # a contract game scores by formulas: tests/test_auction.py
]


def test_the_hand_written_tables_cover_the_usual_compositions() -> None:
    assert len(KNOWN_COMBOS) >= 150


@pytest.mark.parametrize("combo", KNOWN_COMBOS)
def test_scoring_table_matches_the_rules_as_written(combo: Composition) -> None:
    variant, house = combo
    rules = rules_for(variant, *house)
    assert set(rules.scoring) == expected_outcomes(variant, house)
    for key, row in rules.scoring.items():
        assert (row.name, row.to, row.points) == expected_row(variant, house, key), key
        assert row.clause in rules.clause_ids


ROW_NAMES = {
    ("north-american", ()): {"made", "march", "lone-march", "euchred", "lone-euchred"},
    ("british", ()): {"made", "march", "lone-march", "euchred", "lone-euchred", "lone-defender-euchre"},
    ("cutthroat", ()): {"made", "march", "euchred"},
    ("two-handed", ()): {"made", "march", "euchred"},
    ("north-american", ("super-euchre",)): {"made", "march", "lone-march", "euchred", "lone-euchred", "super-euchre"},
    ("british", ("super-euchre",)): {
        "made",
        "march",
        "lone-march",
        "euchred",
        "lone-euchred",
        "lone-defender-euchre",
        "super-euchre",
    },
    ("north-american", ("defend-alone=always",)): {
        "made",
        "march",
        "lone-march",
        "euchred",
        "lone-euchred",
        "lone-defender-euchre",
    },
    ("british", ("defend-alone=never",)): {"made", "march", "lone-march", "euchred", "lone-euchred"},
}


@pytest.mark.parametrize(("combo", "names"), [pytest.param(c, n, id=composition_id(c)) for c, n in ROW_NAMES.items()])
def test_row_names_per_variant(combo: Composition, names: set[str]) -> None:
    rules = rules_for(combo[0], *combo[1])
    assert {row.name for row in rules.scoring.values()} == names
    # The resolved document may keep a row no outcome can reach (british+defend-alone=never keeps
    # lone-defender-euchre), but every row that pays is one of the document's rows.
    assert names <= set(rules.document["scoring"]["rows"])


# ---------------------------------------------------------------------------------------------
# Reaching every outcome by play: search numbered deals with a steering policy


def _steer(state: HandState, key: Key, rng: random.Random) -> Action:
    """A legal action that steers the hand towards outcome `key` (it may still miss)."""
    tricks, alone, defend = key
    actions = legal_actions(state)
    phase = state.phase
    if phase == "declare_alone":
        wanted = "go_alone" if alone else "pass"
        return next((a for a in actions if a.kind == wanted), actions[0])
    if phase == "defend_alone":
        wanted = "defend_alone" if defend else "pass"
        return next(a for a in actions if a.kind == wanted)
    if phase == "bid_round_one":
        return actions[-1] if len(actions) > 1 and rng.random() < 0.4 else actions[0]
    if phase != "play" or rng.random() < 0.15:
        return rng.choice(actions)
    rules = state.rules
    makers_team = rules.team_of[state.maker]
    makers = sum(state.tricks_won[s] for s in rules.teams[makers_team])
    taken = sum(state.tricks_won) - makers
    mine = rules.team_of[state.to_act] == makers_team
    want_more = makers < tricks if mine else taken < rules.hand_size - tricks
    effective, power = rules.effective_suit[state.trump], rules.power[state.trump]
    if rules.renege_penalized and state.trick:
        # Steer by the rules of play, not the penalty: follow suit whenever possible.
        following = tuple(a for a in actions if effective[a.card] == state.led_suit)
        actions = following or actions

    def strength(action: Action) -> float:
        useful = state.led_suit is None or effective[action.card] in (state.trump, state.led_suit)
        return (power[action.card] if useful else -1) + rng.random() * 0.5

    return max(actions, key=strength) if want_more else min(actions, key=strength)


def search_outcome(rules: Rules, key: Key, tries: int = 4000) -> HandState | None:
    rng = random.Random(repr(key) + rules.variant_id)
    for number in range(tries):
        state = new_hand(rules, numbered_deal(rules, number % rules.players, start=number))
        while not state.is_over:
            state = apply(state, _steer(state, key, rng))
        result = state.result
        assert result is not None
        outcome = (result.makers_tricks, result.maker_alone, result.defender_alone is not None)
        played_out = result.reneged_by is None and result.abandoned_by is None  # else scored by its own law, not the table
        if not result.thrown_in and not state.predicted_alone and played_out and outcome == key:
            return state
    return None


@cache
def reached(combo: Composition) -> dict[Key, HandState]:
    rules = rules_for(combo[0], *combo[1])
    found = {}
    for key in rules.scoring:
        state = search_outcome(rules, key)
        if state is not None:
            found[key] = state
    return found


@pytest.mark.parametrize("combo", COMBOS)
def test_every_scoring_outcome_is_reached_and_paid_by_its_row(combo: Composition) -> None:
    variant, house = combo
    rules = rules_for(variant, *house)
    found = reached(combo)
    assert set(found) == set(rules.scoring), f"outcomes never reached: {sorted(set(rules.scoring) - set(found))}"
    rows_seen = set()
    for key, state in found.items():
        result = state.result
        assert result is not None
        row = rules.scoring[key]
        name = row.name
        assert result.row == name and result.clause == row.clause
        assert result.points == expected_points(rules, result.maker, row.to, row.points)
        if all(ref.partition("=")[0] in KNOWN_HOUSE_RULES for ref in house):
            assert (row.name, row.to, row.points) == expected_row(variant, house, key)
        makers_team = rules.team_of[result.maker]
        assert result.makers_tricks == sum(state.tricks_won[s] for s in rules.teams[makers_team])
        assert observe(state)["result"] == {
            "thrown_in": False,
            "row": name,
            "clause": result.clause,
            "makers_tricks": key[0],
            "points": list(result.points),
        }
        rows_seen.add(result.row)
    assert rows_seen == {row.name for row in rules.scoring.values()}


@pytest.mark.parametrize("tricks", range(6))
def test_cutthroat_points_per_player_a_euchre_pays_each_defender(tricks: int) -> None:
    rules = rules_for("cutthroat")
    state = reached(("cutthroat", ()))[(tricks, True, False)]
    result = state.result
    assert result is not None
    maker = result.maker
    assert maker is not None
    others = [s for s in range(3) if s != maker]
    if tricks < 3:
        # Both defenders score 2, whichever of them took the tricks.
        assert result.points[maker] == 0 and [result.points[s] for s in others] == [2, 2]
    else:
        assert result.points[maker] == (3 if tricks == 5 else 1) and [result.points[s] for s in others] == [0, 0]
    assert rules.teams == ((0,), (1,), (2,))


# ---------------------------------------------------------------------------------------------
# Games

TARGETS = [
    pytest.param("north-american", (), 10, id="north-american"),
    pytest.param("british", (), 11, id="british"),
    pytest.param("cutthroat", (), 10, id="cutthroat"),
    pytest.param("two-handed", (), 5, id="two-handed"),
    pytest.param("north-american", ("target=7",), 7, id="north-american+target=7"),
    pytest.param("two-handed", ("target=7",), 7, id="two-handed+target=7"),
    pytest.param("british", ("target=5",), 5, id="british+target=5"),
    pytest.param("cutthroat", ("target=15",), 15, id="cutthroat+target=15"),
]


def play_game(rules: Rules, seed: int, first_dealer: int = 0, pass_bias: float = 0.0) -> tuple[GameState, list[int]]:
    """A whole game with random legal play (bidders pass with probability `pass_bias` first);
    returns it and the dealer of every hand."""
    rng = random.Random(seed)
    game = new_game(rules, numbered_deals(rules, seed * 1000), first_dealer)
    dealers = [game.hand.dealer]
    for _ in range(20000):
        if game.is_over:
            return game, dealers
        before = game.hand_number
        actions = game_legal_actions(game)
        bidding = game.hand.phase in ("bid_round_one", "bid_round_two")
        action = actions[0] if bidding and actions[0].kind == "pass" and rng.random() < pass_bias else rng.choice(actions)
        game = game_apply(game, action)
        if game.hand_number != before:
            dealers.append(game.hand.dealer)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(("variant", "house", "target"), TARGETS)
def test_game_ends_when_a_side_reaches_the_target(variant: str, house: tuple[str, ...], target: int, seed: int) -> None:
    rules = rules_for(variant, *house)
    assert rules.target == target
    game, _ = play_game(rules, seed)
    assert game.is_over and game.to_act is None
    assert game.scores == tuple(sum(r.points[t] for r in game.results) for t in range(len(rules.teams)))
    assert game.winners and all(game.scores[t] >= target for t in game.winners)
    before_last = tuple(s - p for s, p in zip(game.scores, game.results[-1].points, strict=True))
    assert max(before_last) < target, "the game should have ended a hand earlier"
    losers = [t for t in range(len(rules.teams)) if t not in game.winners]
    assert all(game.scores[t] < target for t in losers) or rules.tie == "highest"
    assert game_legal_actions(game) == ()
    with pytest.raises(IllegalAction) as info:
        game_apply(game, "pass")
    assert info.value.code == "hand_over"
    assert observe_game(game)["game_over"] and observe_game(game)["winners"] == list(game.winners)


@pytest.mark.parametrize("first_dealer", [0, 1, 2, 3])
@pytest.mark.parametrize("variant", ["north-american", "british", "cutthroat", "two-handed"])
def test_deal_rotates_left_every_hand_including_throw_ins(variant: str, first_dealer: int) -> None:
    rules = rules_for(variant)
    first_dealer %= rules.players
    game, dealers = play_game(rules, first_dealer + 10, first_dealer, pass_bias=0.85)
    assert len(dealers) == len(game.results) >= 3
    assert any(result.thrown_in for result in game.results)
    assert dealers == [(first_dealer + k) % rules.players for k in range(len(dealers))]


@pytest.mark.parametrize("variant", ["north-american", "british", "cutthroat", "two-handed"])
def test_throw_in_same_dealer_deals_again(variant: str) -> None:
    rules = rules_for(variant, "throw-in=same")
    thrown = 0
    for seed in range(4):
        game, dealers = play_game(rules, seed, pass_bias=0.85)
        for k, result in enumerate(game.results[:-1]):
            step = 0 if result.thrown_in else 1
            thrown += result.thrown_in
            assert dealers[k + 1] == (dealers[k] + step) % rules.players
    assert thrown > 0


def test_thrown_in_hand_scores_nothing_in_a_game() -> None:
    rules = rules_for("north-american")
    game = new_game(rules, numbered_deals(rules, 5), 2)
    for _ in range(8):
        game = game_apply(game, "pass")
    assert game.results[-1].thrown_in and game.scores == (0, 0)
    assert game.hand_number == 1 and game.hand.dealer == 3 and game.hand.phase == "bid_round_one"
    assert game.previous_hand is not None and game.last_finished_hand is game.previous_hand


# ---------------------------------------------------------------------------------------------
# Ties in cutthroat: a euchre pays two players, who may reach the target together

TIE_CASES = [
    # scores, shared, highest, play_on
    pytest.param((10, 11, 3), (0, 1), (1,), (1,), id="both-reach-one-ahead"),
    pytest.param((10, 10, 3), (0, 1), (0, 1), (), id="both-reach-level"),
    pytest.param((12, 4, 12), (0, 2), (0, 2), (), id="both-reach-level-0-and-2"),
    pytest.param((11, 9, 12), (0, 2), (2,), (2,), id="0-and-2-reach-2-ahead"),
    pytest.param((10, 9, 9), (0,), (0,), (0,), id="one-reaches"),
    pytest.param((9, 9, 9), (), (), (), id="nobody-reaches"),
    pytest.param((10, 10, 10), (0, 1, 2), (0, 1, 2), (), id="all-three-level"),
]


@pytest.mark.parametrize(("scores", "shared", "highest", "play_on"), TIE_CASES)
def test_decide_winners_by_tie_rule(scores: tuple[int, ...], shared: tuple, highest: tuple, play_on: tuple) -> None:
    rules = rules_for("cutthroat")
    assert rules.tie == "shared"
    assert decide_winners(rules, scores) == shared
    assert decide_winners(replace(rules, tie="highest"), scores) == highest
    assert decide_winners(replace(rules, tie="play_on"), scores) == play_on


def test_partnership_games_have_no_tie_rule_and_one_winner() -> None:
    rules = rules_for("north-american")
    assert rules.tie is None
    assert decide_winners(rules, (10, 3)) == (0,)
    assert decide_winners(rules, (9, 12)) == (1,)
    assert decide_winners(rules, (9, 9)) == ()


def _euchre_script(maker: int) -> tuple[Deal, list[Action]]:
    """A cutthroat hand dealt by seat 0 in which `maker` is euchred (from the outcome search)."""
    rules = rules_for("cutthroat")
    for key in ((0, True, False), (1, True, False), (2, True, False)):
        state = reached(("cutthroat", ()))[key]
        if state.maker == maker and state.dealer == 0:
            return state.deal, [action for _, action in state.history]
    for number in range(5000):
        deal = numbered_deal(rules, 0, start=number)
        rng = random.Random(number)
        state = new_hand(rules, deal)
        while not state.is_over:
            state = apply(state, _steer(state, (0, True, False), rng))
        if state.result is not None and state.result.row == "euchred" and state.maker == maker:
            return deal, [action for _, action in state.history]
    raise AssertionError("no euchre found")


@pytest.mark.parametrize(
    ("tie", "start", "winners", "over"),
    [
        pytest.param("shared", (0, 8, 9), (1, 2), True, id="shared-both-win"),
        pytest.param("highest", (0, 8, 9), (2,), True, id="highest-wins"),
        pytest.param("play_on", (0, 8, 9), (2,), True, id="play-on-clear-leader"),
        pytest.param("highest", (0, 9, 9), (1, 2), True, id="highest-level-share"),
        pytest.param("play_on", (0, 9, 9), (), False, id="play-on-level-plays-another-hand"),
    ],
)
def test_a_euchre_carries_both_defenders_over_the_target(tie: str, start: tuple[int, ...], winners: tuple, over: bool) -> None:
    rules = replace(rules_for("cutthroat"), tie=tie)
    deal, script = _euchre_script(0)
    other = numbered_deal(rules, 1, start=77)
    game = new_game(rules, lambda number, dealer: deal if number == 0 else other, 0)
    game = replace(game, scores=start)
    for action in script:
        game = game_apply(game, action)
    assert game.results[-1].row == "euchred"
    assert game.scores == (start[0], start[1] + 2, start[2] + 2)
    assert game.winners == winners and game.is_over == over
    if not over:
        assert game.hand_number == 1 and game.hand.dealer == 1 and not game.hand.is_over


# A game of a fixed number of hands (the Almonte league's twelve)


def test_a_game_of_twelve_hands_ends_after_the_twelfth_whatever_the_scores() -> None:
    rules = rules_for("almonte-six", "twelve-hands")
    assert (rules.game_hands, rules.tie) == (12, "shared")
    assert winners_after_hands(rules, (9, 16), 11) == ()
    assert winners_after_hands(rules, (9, 16), 12) == (1,)
    assert winners_after_hands(rules, (2, 0), 12) == (0,)
    assert winners_after_hands(rules, (4, 4), 12) == (0, 1)


def test_equal_scores_after_the_last_hand_play_on_under_that_tie_rule() -> None:
    rules = replace(rules_for("almonte-six", "twelve-hands"), tie="play_on")
    assert winners_after_hands(rules, (4, 4), 12) == ()
    assert winners_after_hands(rules, (4, 5), 13) == (1,)


def test_a_game_counting_down_for_a_fixed_number_of_hands_is_won_by_the_lowest() -> None:
    rules = replace(rules_for("buck-euchre"), game_hands=6, tie="highest")
    assert winners_after_hands(rules, (3, 7, 1, 9), 6) == (2,)
