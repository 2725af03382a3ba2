"""Contract games: random legal playouts of every variant with an auction, and the auction's own rules.

The properties hold for any hand: every card is somewhere, each trick has one winner, the tricks
add up to the hand, the auction's bids only ever rise, and the points are the scoring row's
formulas applied to the contract and each side's tricks, worked out here from the row's data.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference_impl.deal import deal_number
from reference_impl.engine import HandState, apply, legal_actions, new_hand, observe
from ruleset import builtin_catalog
from ruleset.compiled.contracts import NOTHING, Formula
from ruleset.compiled.loading import load_rules
from tests.cli_helpers import run_cli

CONTRACT_GAMES = sorted(v for v in builtin_catalog().variants if load_rules(v).auction is not None)
EXAMPLES = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def playout(variant: str, number: int, dealer: int, rnd: random.Random) -> list[HandState]:
    rules = load_rules(variant)
    state = new_hand(rules, deal_number(rules, number, dealer % rules.players))
    states = [state]
    while not state.is_over:
        actions = legal_actions(state)
        assert actions, f"no legal action during {state.phase}"
        state = apply(state, rnd.choice(actions))
        states.append(state)
        assert len(states) < 500, "the hand did not end"
    return states


def test_there_are_contract_games() -> None:
    assert {"bid-euchre", "pepper"} <= set(CONTRACT_GAMES)


@pytest.mark.parametrize("variant", CONTRACT_GAMES)
@EXAMPLES
@given(number=st.integers(0, 2**64 - 1), dealer=st.integers(0, 5), rnd=st.randoms(use_true_random=False))
def test_every_card_is_accounted_for_and_the_tricks_add_up(variant: str, number: int, dealer: int, rnd: random.Random) -> None:
    states = playout(variant, number, dealer, rnd)
    rules = states[0].rules
    for state in states:
        held = [card for hand in state.hands for card in hand]
        played = [card for _, trick in state.tricks for _, card in trick] + [card for _, card in state.trick]
        assert Counter(held + played + list(state.set_aside) + list(state.deal.kitty)) == Counter(range(len(rules.deck)))
    final = states[-1]
    if final.result is not None and final.result.thrown_in:
        assert final.contract is None and final.tricks == ()
        return
    assert len(final.tricks) == rules.hand_size == sum(final.tricks_won)
    for winner, trick in final.tricks:
        assert winner in [seat for seat, _ in trick]
        assert len(trick) == final.active_count


@pytest.mark.parametrize("variant", CONTRACT_GAMES)
@EXAMPLES
@given(number=st.integers(0, 2**64 - 1), dealer=st.integers(0, 5), rnd=st.randoms(use_true_random=False))
def test_bids_rise_and_the_contract_is_the_last_bid(variant: str, number: int, dealer: int, rnd: random.Random) -> None:
    states = playout(variant, number, dealer, rnd)
    final = states[-1]
    auction = final.rules.auction
    assert auction is not None
    bids = [(seat, auction.bids[action.text]) for seat, action in final.bids if action.kind == "bid"]
    ranks = [bid.rank for _, bid in bids]
    assert ranks == sorted(set(ranks))
    assert all(bid.tricks >= min(auction.min_tricks, auction.stuck_min) for _, bid in bids)
    if not bids:
        assert final.result is not None and final.result.thrown_in
        return
    assert final.contract is not None and (final.contract.bidder, final.contract.bid) == bids[-1]
    assert observe(final)["contract"]["bid"] == bids[-1][1].text


@pytest.mark.parametrize("variant", CONTRACT_GAMES)
@EXAMPLES
@given(number=st.integers(0, 2**64 - 1), dealer=st.integers(0, 5), rnd=st.randoms(use_true_random=False))
def test_points_follow_the_rows_formulas(variant: str, number: int, dealer: int, rnd: random.Random) -> None:
    final = playout(variant, number, dealer, rnd)[-1]
    result, contract, rules = final.result, final.contract, final.rules
    assert result is not None
    if result.thrown_in:
        assert set(result.points) == {0}
        return
    assert contract is not None
    bidders = rules.team_of[contract.bidder]
    tricks = [sum(final.tricks_won[seat] for seat in team) for team in rules.teams]
    made = tricks[bidders] >= contract.bid.tricks
    written = next(
        row
        for row in rules.document["scoring"]["rows"].values()
        if (row["when"].get("made", made) == made) and contract.bid.name in row["when"].get("bid", [contract.bid.name])
    )
    award = written["award"]
    for team, points in enumerate(result.points):
        side = "makers" if team == bidders else "defenders"
        if "to" in award:
            formula = Formula(0, 0, award["points"]) if award["to"] == side else NOTHING
        else:
            entry = award.get(side)
            formula = NOTHING if entry is None else Formula(entry["bid"], entry["tricks"], entry["points"])
        assert points == formula.bid * contract.bid.tricks + formula.tricks * tricks[team] + formula.points


@pytest.mark.parametrize("variant", CONTRACT_GAMES)
def test_a_whole_game_reaches_its_end(variant: str) -> None:
    """The CLI's random players (a cautious bid, else pass) finish a game, won at the end of a hand by contract."""
    out = run_cli("play", variant, "--deal", "1", "--seed", "1", "--game")
    assert out.returncode == 0, out.stderr
    assert "Game over:" in out.stdout
