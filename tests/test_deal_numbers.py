"""The portable deal numbers reproduce the published test vectors in spec/deal-numbers.yaml."""

from __future__ import annotations

import pytest

from reference_impl import deal
from reference_impl.deal import DealError, SplitMix64, deal_number, explicit_deal, shuffled_deck
from ruleset import builtin_catalog
from ruleset.compiled.loading import load_rules

VECTORS = builtin_catalog().deal_numbers["vectors"]


@pytest.mark.parametrize("vector", VECTORS["splitmix64"], ids=lambda v: f"seed-{v['seed']}")
def test_splitmix64_outputs(vector: dict) -> None:
    generator = SplitMix64(vector["seed"])
    assert [f"0x{generator.next():016x}" for _ in vector["outputs"]] == vector["outputs"]


def test_splitmix64_matches_the_published_reference_for_seed_zero() -> None:
    """Anchors the vectors to SplitMix64 as published, not only to this implementation."""
    assert SplitMix64(0).next() == 0xE220A8397B1DCDAF


@pytest.mark.parametrize("vector", VECTORS["shuffles"], ids=lambda v: f"{v['deck_size']}-cards-{v['number']}")
def test_shuffles(vector: dict) -> None:
    assert shuffled_deck(vector["deck_size"], vector["number"]) == vector["order"]


@pytest.mark.parametrize("vector", VECTORS["deals"], ids=lambda v: f"{v['variant']}-{v['number']}")
def test_deals(vector: dict) -> None:
    rules = load_rules(vector["variant"])
    deal = deal_number(rules, vector["number"], vector["dealer"]).to_codes(rules)
    assert deal == {key: vector[key] for key in ("dealer", "hands", "up_card", "kitty")}


def _plain_shuffle(size: int, number: int) -> list[int]:
    """The shuffle as spec/deal-numbers.yaml writes it, one SplitMix64.below call per swap."""
    deck = list(range(size))
    generator = SplitMix64(number)
    for i in range(size - 1, 0, -1):
        j = generator.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@pytest.mark.parametrize("size", [21, 24, 25, 32, 33, 66])
def test_the_inline_shuffle_deals_what_the_generator_deals(size: int) -> None:
    numbers = [*range(300), *((1 << 64) - 1 - k for k in range(50)), *(k * 0x9E3779B97F4A7C15 % (1 << 64) for k in range(300))]
    for number in numbers:
        assert shuffled_deck(size, number) == _plain_shuffle(size, number), number


def test_a_draw_in_the_rejected_top_of_the_range_shuffles_one_draw_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """No known deal number draws a rejected value (about one draw in 2^59 does), so the all-at-once shuffle is made to
    see one in every draw: it must then deal what the generator deals, redraws included."""
    draws, ones, lane_mask, gammas = deal._lanes(24)
    every_draw_rejected = (tuple((i, bound, 0) for i, bound, _limit in draws), ones, lane_mask, gammas)
    monkeypatch.setattr(deal, "_lanes", lambda size: every_draw_rejected)
    one_by_one = deal._shuffled_one_by_one
    called = []

    def spied(size: int, number: int) -> tuple[int, ...]:
        called.append(number)
        return one_by_one(size, number)

    monkeypatch.setattr(deal, "_shuffled_one_by_one", spied)
    for number in (7_000_001, 7_000_002):
        assert list(deal._shuffled.__wrapped__(24, number)) == _plain_shuffle(24, number)
    assert called == [7_000_001, 7_000_002]


@pytest.mark.parametrize("size", [21, 24, 33])
def test_the_one_by_one_shuffle_deals_what_the_generator_deals(size: int) -> None:
    for number in [*range(100), (1 << 64) - 1]:
        assert list(deal._shuffled_one_by_one(size, number)) == _plain_shuffle(size, number), number


def test_a_shuffle_is_a_permutation() -> None:
    for number in range(50):
        assert sorted(shuffled_deck(25, number)) == list(range(25))


def test_deal_numbers_outside_64_bits_are_refused() -> None:
    rules = load_rules("north-american")
    with pytest.raises(DealError):
        deal_number(rules, 1 << 64)


def test_explicit_deal_rejects_repeated_and_unknown_cards() -> None:
    rules = load_rules("north-american")
    hands = [
        ["9C", "TC", "JC", "QC", "KC"],
        ["AC", "9D", "TD", "JD", "QD"],
        ["KD", "AD", "9H", "TH", "JH"],
        ["QH", "KH", "AH", "9S", "TS"],
    ]
    assert explicit_deal(rules, 0, hands, "JS").kitty == tuple(rules.card_ids[c] for c in ("AS", "KS", "QS"))
    with pytest.raises(DealError, match="dealt twice"):
        explicit_deal(rules, 0, [*hands[:3], ["QH", "KH", "AH", "9S", "9C"]], "JS")
    with pytest.raises(DealError, match="not a card"):
        explicit_deal(rules, 0, hands, "JK")
