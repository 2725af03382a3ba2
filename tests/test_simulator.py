"""The simulator's core: one numbering per variant, hands dealt by chance and replayed by id, and seats that see only
what they may. Needs nothing beyond the package (the adapters' own tests need the `rl` extra)."""

from __future__ import annotations

import pickle
import random
import re

import pytest

from reference_impl.deal import deal_number, shuffled_deck
from reference_impl.engine import new_hand, observe
from ruleset import builtin_catalog
from simulator import CHANCE, TERMINAL, Hand, IllegalMove, UnknownRules, seat_view, table
from simulator.table import CARD_KINDS, Table, house_text, parse_house
from simulator.views import describe

CATALOG = builtin_catalog()
VARIANTS = sorted(CATALOG.variants)


def house_rule_selections() -> list[str]:
    """Every house rule as it can be asked for: its id, or each of its modes."""
    selections = []
    for rule_id, document in sorted(CATALOG.house_rules.items()):
        modes = document.data.get("modes")
        selections.extend([f"{rule_id}={mode}" for mode in modes] if modes else [rule_id])
    return selections


def every_table() -> list[Table]:
    """Each variant alone and with each house rule (and mode) that applies to it."""
    tables = []
    for variant in VARIANTS:
        tables.append(table(variant))
        for rule in house_rule_selections():
            try:
                tables.append(table(variant, (rule,)))
            except UnknownRules:
                continue  # the rule does not apply to this variant, or needs another
    return tables


def random_hand(rules_table: Table, rng: random.Random) -> Hand:
    """A hand dealt by chance and played with random legal actions to its end."""
    hand = Hand(rules_table)
    while not hand.is_over:
        if hand.current_player() == CHANCE:
            outcomes = hand.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            hand.apply(rng.choice(outcomes)[0])
        else:
            hand.apply(rng.choice(hand.legal_ids()))
    return hand


def test_hands_stay_within_the_bounds_each_table_gives() -> None:
    """Calls, moves and returns of random hands of every variant and house rule stay within the table's bounds."""
    rng = random.Random(2026)
    tables = every_table()
    assert len(tables) > 300
    for rules_table in tables:
        for _ in range(6):
            hand = random_hand(rules_table, rng)
            moves = hand.moves()
            calls = sum(1 for _, text, _ in moves if rules_table.rules.actions[text].kind not in CARD_KINDS)
            assert calls <= rules_table.max_calls, rules_table
            assert len(moves) <= rules_table.max_moves, rules_table
            returns = hand.returns()
            assert sum(returns) == pytest.approx(0.0), rules_table
            assert max(abs(value) for value in returns) <= 2 * rules_table.max_points, rules_table
            assert hand.current_player() == TERMINAL and hand.legal_ids() == []


def test_chance_deals_the_deck_in_the_order_the_portable_deal_uses() -> None:
    """Dealing deal #N's shuffled deck card by card gives deal #N: chance outcomes are card ids, top card first."""
    for variant in ("north-american", "three-handed-dummy", "bid-euchre-double"):
        rules_table = table(variant)
        hand = Hand(rules_table)
        hand.apply(2)  # the dealer
        for card in shuffled_deck(rules_table.deck_size, 99)[:-1]:
            assert hand.current_player() == CHANCE
            hand.apply(card)
        assert hand.deal == deal_number(rules_table.rules, 99, 2)
        assert hand.current_player() >= 0
        assert len(hand.history) == rules_table.deck_size


def test_a_hand_replays_from_its_ids_and_survives_a_pickle() -> None:
    rng = random.Random(5)
    for variant in ("british", "railroad", "pepper"):
        rules_table = table(variant)
        played = random_hand(rules_table, rng)
        again = Hand.replay(rules_table, played.history)
        assert again.observation() == played.observation()
        assert again.moves() == played.moves()
        loaded = pickle.loads(pickle.dumps(played))
        assert loaded.observation() == played.observation() and loaded.history == played.history
        dealt = Hand.dealt(rules_table, deal_number(rules_table.rules, 7, 1))
        dealt.apply(dealt.legal_ids()[0])
        assert pickle.loads(pickle.dumps(dealt)).observation() == dealt.observation()


def test_a_clone_goes_its_own_way() -> None:
    hand = Hand.dealt(table("north-american"), deal_number(table("north-american").rules, 3, 0))
    copy = hand.clone()
    copy.apply(copy.legal_ids()[-1])
    assert copy.history != hand.history
    assert hand.observation() != copy.observation()


def test_clones_and_the_dealt_state_stay_put_while_the_hand_moves_on() -> None:
    """The hand moves its engine state in place: a clone taken on the way, and the state after the deal, never follow it."""
    rng = random.Random(11)
    for variant in ("north-american", "british", "three-handed-dummy", "bid-euchre-double"):
        rules_table = table(variant)
        hand = Hand.dealt(rules_table, deal_number(rules_table.rules, rng.getrandbits(64), rng.randrange(rules_table.players)))
        assert hand.deal is not None
        dealt = observe(new_hand(rules_table.rules, hand.deal))
        taken: list[tuple[Hand, dict[str, object] | None]] = []
        while not hand.is_over:
            clone = hand.clone()
            taken.append((clone, clone.observation()))
            hand.apply(rng.choice(hand.legal_ids()))
        assert hand.first is not None and observe(hand.first) == dealt
        for clone, seen in taken:
            assert clone.observation() == seen
        middle, _ = taken[len(taken) // 2]
        while not middle.is_over:
            middle.apply(middle.legal_ids()[0])
        replayed = Hand.dealt(rules_table, hand.deal)
        for action in hand.history:
            replayed.apply(action)
        assert replayed.observation() == hand.observation() and replayed.log() == hand.log()


def test_an_action_that_is_not_legal_is_refused_and_changes_nothing() -> None:
    rules_table = table("north-american")
    hand = Hand.dealt(rules_table, deal_number(rules_table.rules, 1, 0))
    before = hand.observation()
    with pytest.raises(IllegalMove, match="not legal for seat 1 during bid_round_one"):
        hand.apply(rules_table.ids["play:9C"])
    with pytest.raises(IllegalMove):
        hand.apply(len(rules_table.actions))
    assert hand.observation() == before and hand.history == []
    dealing = Hand(rules_table)
    with pytest.raises(IllegalMove, match="not a seat"):
        dealing.apply(4)
    dealing.apply(0)
    dealing.apply(5)
    with pytest.raises(IllegalMove, match="not left to deal"):
        dealing.apply(5)


def test_action_ids_are_the_protocols_texts_and_calls_are_numbered_apart() -> None:
    rules_table = table("north-american", ("stick-the-dealer",))
    assert rules_table.actions[rules_table.ids["order_up"]] == "order_up"
    assert len(rules_table.actions) == len(set(rules_table.actions)) == len(rules_table.rules.actions)
    assert all(rules_table.rules.actions[rules_table.actions[i]].kind not in CARD_KINDS for i in rules_table.calls)
    assert [rules_table.call_index[i] for i in rules_table.calls] == list(range(len(rules_table.calls)))
    assert table("bid-euchre").bids and not rules_table.bids


def test_returns_are_each_sides_value_less_the_mean_of_the_others() -> None:
    assert table("north-american").returns((0, 2)) == [-2.0, 2.0, -2.0, 2.0]
    assert table("cutthroat").returns((0, 2, 2)) == [-2.0, 1.0, 1.0]
    # Buck Euchre counts down: points taken off a score are good for the player.
    assert table("buck-euchre").returns((-3, 0, 0, 3)) == [4.0, 0.0, 0.0, -4.0]


def test_house_rules_travel_in_game_strings_with_a_colon_for_the_mode() -> None:
    chosen = ("stick-the-dealer", "defend-alone=always")
    assert house_text(chosen) == "stick-the-dealer+defend-alone:always"
    assert parse_house(house_text(chosen)) == chosen
    assert parse_house("") == ()


def test_rules_the_spec_lacks_are_refused_by_name() -> None:
    with pytest.raises(UnknownRules, match="unknown variant 'britsh'"):
        table("britsh")
    with pytest.raises(UnknownRules, match="no mode 'sometimes'"):
        table("north-american", ("defend-alone=sometimes",))


EXCHANGES = [
    ("north-american", ()),
    ("british", ("defend-alone=always",)),
    ("three-handed-dummy", ()),
    ("six-handed-cornish", ()),
    ("railroad", ()),
    ("north-american", ("partners-best-defender",)),
    ("north-american", ("farmers-hand",)),
    ("bid-euchre-double", ()),
    ("cutthroat", ()),
]
"""Variants whose hands move cards face down: discards, a partner's best card, the dummy, going under, calls for cards."""


@pytest.mark.parametrize(("variant", "house_rules"), EXCHANGES, ids=[f"{v}{''.join('+' + h for h in r)}" for v, r in EXCHANGES])
def test_a_seat_is_shown_no_card_it_could_not_know(variant: str, house_rules: tuple[str, ...]) -> None:
    """Every card named in a seat's information-state text is one it holds or held, saw played, shown or passed to it.

    What a seat may know is worked out here from the referee's observation and the record of
    moves, independently of `simulator.views`.
    """
    rules_table = table(variant, house_rules)
    rules = rules_table.rules
    codes = tuple(card.code for card in rules.deck)
    rng = random.Random(11)
    face_down = 0
    for _ in range(25):
        hand = Hand.dealt(rules_table, deal_number(rules, rng.getrandbits(64), rng.randrange(rules.players)))
        while True:
            observation = hand.observation()
            assert observation is not None and hand.deal is not None
            public = {observation["up_card"]} | {card for _, card in observation["trick"]}
            public |= {text.partition(":")[2] for _, text, _ in hand.moves() if text.startswith("play:")}
            public |= {code for move in observation["cards_passed"] or () if move["to"] == "kitty" for code in move["cards"]}
            for seat in range(rules.players):
                known = public | {codes[card] for card in hand.deal.hands[seat]} | set(observation["hands"][seat])
                known |= {
                    text.partition(":")[2]
                    for actor, text, _ in hand.moves()
                    if actor == seat and text.partition(":")[0] in CARD_KINDS
                }
                for move in observation["cards_passed"] or ():
                    if seat in (move["from"], move["to"]):
                        known.update(move["cards"])
                view = seat_view(hand, seat)
                assert list(view.hand) == [rules.card_ids[code] for code in observation["hands"][seat]]
                named = set(re.split(r"[\s:,]+", describe(view, codes, recall=True))) & set(codes)
                assert named <= known, (seat, named - known, describe(view, codes, recall=True))
                onlooker = describe(seat_view(hand, seat, private=False), codes, recall=True)
                assert set(re.split(r"[\s:,]+", onlooker)) & set(codes) <= public, onlooker
            if hand.is_over:
                break
            hand.apply(rng.choice(hand.legal_ids()))
        face_down += any(text.partition(":")[0] in ("discard", "give") for _, text, _ in hand.moves())
    assert face_down, "no hand moved a card face down: the test saw nothing to hide"


def test_two_histories_a_seat_cannot_tell_apart_give_it_the_same_text() -> None:
    """Seat 0's information state does not change when the other hands swap cards it has not seen."""
    rules_table = table("north-american")
    rules = rules_table.rules
    deal = deal_number(rules, 12, 3)
    hands = [list(held) for held in deal.hands]
    hands[1][0], hands[2][0] = hands[2][0], hands[1][0]
    swapped = type(deal)(deal.dealer, tuple(tuple(held) for held in hands), deal.up_card, deal.kitty, deal.dummy)
    first, second = Hand.dealt(rules_table, deal), Hand.dealt(rules_table, swapped)
    pass_id = rules_table.ids["pass"]
    for hand in (first, second):
        hand.apply(pass_id)  # seat 0 passes
    codes = tuple(card.code for card in rules.deck)
    assert describe(seat_view(first, 0), codes, recall=True) == describe(seat_view(second, 0), codes, recall=True)
    assert describe(seat_view(first, 1), codes, recall=True) != describe(seat_view(second, 1), codes, recall=True)
