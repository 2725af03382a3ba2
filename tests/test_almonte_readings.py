"""The two Almonte readings a table may pick: twelve hands at a table, and the dealer stuck with a turned-up joker."""

from __future__ import annotations

import random

import pytest

from reference_impl.deal import Deal
from reference_impl.engine import apply, game_apply, game_legal_actions, legal_actions, new_game, new_hand, numbered_deals
from reference_impl.engine.state import SPECIAL_UP_BID
from tests.cli_helpers import run_cli
from tests.engine_helpers import rules_for

ALMONTE = ("almonte-six", "almonte-four")


@pytest.mark.parametrize("variant", ALMONTE)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_game_of_twelve_hands_ends_with_the_twelfth_and_not_before(variant: str, seed: int) -> None:
    rules = rules_for(variant, "twelve-hands")
    rng = random.Random(seed)
    game = new_game(rules, numbered_deals(rules, seed))
    while not game.is_over:
        assert len(game.results) < 12
        game = game_apply(game, rng.choice(game_legal_actions(game)))
    assert len(game.results) == 12
    best = max(game.scores)
    assert game.winners == tuple(team for team, score in enumerate(game.scores) if score == best)


@pytest.mark.parametrize("variant", ALMONTE)
def test_the_command_line_plays_twelve_hands(variant: str) -> None:
    out = run_cli("play", variant, "-r", "twelve-hands", "--deal", "4", "--seed", "4", "--game")
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0].endswith("of 12 hands")
    assert sum(line.startswith("Hand ") for line in out.stdout.splitlines()) == 12
    assert "Game over:" in out.stdout


@pytest.mark.parametrize("variant", ALMONTE)
def test_a_turned_up_joker_is_always_made_and_taken_by_the_dealer(variant: str) -> None:
    """Whatever the others do, the joker's round makes trump, the dealer may never pass, and the dealer takes the joker."""
    rules = rules_for(variant, "dealer-takes-joker")
    joker = rules.card_ids["4S"]
    others = [card for card in range(len(rules.deck)) if card != joker]
    for seed in range(30):
        rng = random.Random(seed)
        rng.shuffle(others)
        size = rules.hand_size
        hands = tuple(tuple(others[seat * size : (seat + 1) * size]) for seat in range(rules.players))
        dealer = seed % rules.players
        state = new_hand(rules, Deal(dealer=dealer, hands=hands, up_card=joker, kitty=()))
        assert state.phase == SPECIAL_UP_BID
        while state.phase == SPECIAL_UP_BID:
            seat = state.to_act
            choices = legal_actions(state)
            assert ("pass" in [action.text for action in choices]) == (seat != dealer)
            state = apply(state, rng.choice(choices))
        assert state.trump is not None
        assert state.taker == dealer
