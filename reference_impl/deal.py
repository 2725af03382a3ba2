"""Deals: explicit hands, or a portable deal number any language can reproduce.

A deal number N is turned into a deal by an algorithm written down in spec/deal-numbers.yaml:
SplitMix64 seeded with N drives an unbiased Fisher-Yates shuffle of the variant's canonical
deck, and the shuffled deck is dealt in the variant's packets from the dealer's left. Only
64-bit integer arithmetic is involved, so an engine in any language gets the same cards.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter

from ruleset.compiled.rules import Rules

MASK64 = (1 << 64) - 1


class DealError(ValueError):
    """An explicit deal that does not fit the variant: unknown or repeated cards, wrong hand sizes."""


@dataclass(frozen=True)
class Deal:
    """The cards of one hand: each seat's hand, the up-card (if any) and the undealt rest."""

    dealer: int
    hands: tuple[tuple[int, ...], ...]
    up_card: int | None
    kitty: tuple[int, ...]
    dummy: tuple[int, ...] = ()

    def to_codes(self, rules: Rules) -> dict[str, object]:
        """The deal in card codes, as scenarios and the protocol write it."""
        hands = [[rules.card_code(card) for card in hand] for hand in self.hands]
        if rules.dummy:
            hands.append([rules.card_code(card) for card in self.dummy])
        return {
            "dealer": self.dealer,
            "hands": hands,
            "up_card": None if self.up_card is None else rules.card_code(self.up_card),
            "kitty": [rules.card_code(card) for card in self.kitty],
        }


GOLDEN_GAMMA = 0x9E3779B97F4A7C15
MIX_1 = 0xBF58476D1CE4E5B9
MIX_2 = 0x94D049BB133111EB


class SplitMix64:
    """The SplitMix64 generator (Steele, Lea and Flood, 2014): tiny, fast, and easy to port."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * MIX_1) & MASK64
        z = ((z ^ (z >> 27)) * MIX_2) & MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A uniform integer in [0, bound), by rejecting the biased top of the 64-bit range."""
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            value = self.next()
            if value < limit:
                return value % bound


def shuffled_deck(size: int, number: int) -> list[int]:
    """The canonical deck positions 0..size-1 after shuffling for deal `number`."""
    return list(_shuffled(size, number))


@lru_cache(maxsize=512)
def _shuffled(size: int, number: int) -> tuple[int, ...]:
    """The Fisher-Yates shuffle driven by SplitMix64(number).below, every draw's 64-bit value worked out at once.

    The shuffle is most of the cost of a deal, and SplitMix64's k-th state is simply
    number + k * GOLDEN_GAMMA (mod 2^64), so the draws do not depend on each other: all of them
    are mixed together in one big integer holding each state in a 128-bit lane of its own (a
    product of two 64-bit numbers fits its lane; after each shift the bits that slid in from the
    next lane are masked off). That is a dozen big-integer operations per deal instead of a dozen
    per card. Where a draw falls in the biased top of the range, which SplitMix64.below rejects
    (about once in 2^59 draws), the deal is shuffled one draw at a time instead. A fuzzing run
    deals each number several times, hence the small cache.
    """
    draws, ones, lane_mask, gammas = _lanes(size)
    state = ((number & MASK64) * ones + gammas) & lane_mask  # each lane below 2^65 before the mask: no carry between lanes
    z = (state ^ (state >> 30 & lane_mask)) * MIX_1 & lane_mask
    z = (z ^ (z >> 27 & lane_mask)) * MIX_2 & lane_mask
    z ^= z >> 31 & lane_mask
    words = array("Q", z.to_bytes(16 * len(draws), "little"))
    if sys.byteorder == "big":
        words.byteswap()
    deck = list(range(size))
    for (i, bound, limit), value in zip(draws, words[::2], strict=True):  # the low half of each lane
        if value >= limit:
            return _shuffled_one_by_one(size, number)
        j = value % bound
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


@lru_cache(maxsize=64)
def _lanes(size: int) -> tuple[tuple[tuple[int, int, int], ...], int, int, int]:
    """For the shuffle of a deck of `size`: its draws (`_draws`), a 1 in every 128-bit lane, 64 low bits set in every
    lane, and each lane's multiple of GOLDEN_GAMMA (lane k holds the state of draw k, the first draw's in lane 0)."""
    draws = _draws(size)
    lanes = range(len(draws))
    ones = sum(1 << (128 * lane) for lane in lanes)
    gammas = sum((((lane + 1) * GOLDEN_GAMMA) & MASK64) << (128 * lane) for lane in lanes)
    return draws, ones, MASK64 * ones, gammas


def _shuffled_one_by_one(size: int, number: int) -> tuple[int, ...]:
    """The Fisher-Yates shuffle driven by SplitMix64(number).below, with the generator written inline.

    The same arithmetic as `SplitMix64` step for step (a test compares the two over many deal
    numbers), without a method call per draw and with each draw's rejection limit worked out
    once per deck size.
    """
    deck = list(range(size))
    state = number & MASK64
    mask, gamma, mix_1, mix_2 = MASK64, GOLDEN_GAMMA, MIX_1, MIX_2
    for i, bound, limit in _draws(size):
        state = (state + gamma) & mask
        z = ((state ^ (state >> 30)) * mix_1) & mask
        z = ((z ^ (z >> 27)) * mix_2) & mask
        z ^= z >> 31
        while z >= limit:  # the biased top of the range: drawn again (about once in 2^59 draws)
            state = (state + gamma) & mask
            z = ((state ^ (state >> 30)) * mix_1) & mask
            z = ((z ^ (z >> 27)) * mix_2) & mask
            z ^= z >> 31
        j = z % bound
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


@lru_cache(maxsize=64)
def _draws(size: int) -> tuple[tuple[int, int, int], ...]:
    """For each step of the shuffle of a deck of `size`: the position filled, the bound drawn below, its rejection limit."""
    return tuple((i, i + 1, (1 << 64) - ((1 << 64) % (i + 1))) for i in range(size - 1, 0, -1))


def deal_from_order(rules: Rules, order: Sequence[int], dealer: int) -> Deal:
    """Deal a deck given top card first: packets round the table from the dealer's left."""
    hands, dummy, up, rest = _dealing(rules.players, rules.packets, rules.dummy, rules.up_card, len(order), dealer)
    return Deal(
        dealer,
        tuple([hand(order) for hand in hands]),
        None if up is None else order[up],
        tuple(order[rest:]),
        () if dummy is None else dummy(order),
    )


Positions = Callable[[Sequence[int]], tuple[int, ...]]


@lru_cache(maxsize=256)
def _dealing(
    players: int, packets: tuple[int, ...], dummy: bool, up_card: bool, size: int, dealer: int
) -> tuple[tuple[Positions, ...], Positions | None, int | None, int]:
    """Where each hand's cards lie in the deck, worked out once per table and dealer: a getter of each seat's cards
    (and the dummy's), the up-card's position and where the undealt rest begins."""
    places: list[list[int]] = [[] for _ in range(players + 1)]
    receivers = players + (1 if dummy else 0)
    position = 0
    for packet in packets:
        # The dummy, where there is one, is dealt last in each round, as if it sat at the dealer's right.
        for offset in range(1, receivers + 1):
            seat = (dealer + offset) % players if offset <= players else players
            places[seat].extend(range(position, position + packet))
            position += packet
    up = None
    if up_card:
        up = position
        position += 1
    getters = tuple(_getter(place) for place in places[:players])
    return getters, _getter(places[players]) if dummy else None, up, position


def _getter(positions: list[int]) -> Positions:
    """The cards at these positions of a deck, as a tuple (itemgetter gives a bare item for a single position)."""
    if len(positions) == 1:
        only = positions[0]
        return lambda order: (order[only],)
    return itemgetter(*positions)  # several positions: a tuple


def deal_number(rules: Rules, number: int, dealer: int = 0) -> Deal:
    """Deal `number` of this variant, dealt by `dealer`."""
    if not 0 <= number <= MASK64:
        raise DealError(f"a deal number is a whole number from 0 to 2^64-1, not {number}")
    if not 0 <= dealer < rules.players:
        raise DealError(f"dealer {dealer} is not a seat at a table of {rules.players}")
    return deal_from_order(rules, _shuffled(len(rules.deck), number), dealer)


def explicit_deal(rules: Rules, dealer: int, hands: list[list[str]], up_card: str | None, kitty: list[str] | None = None) -> Deal:
    """A deal written out card by card; the kitty defaults to every card not dealt."""
    if not 0 <= dealer < rules.players:
        raise DealError(f"dealer {dealer} is not a seat at a table of {rules.players}")
    expected = rules.players + (1 if rules.dummy else 0)
    if len(hands) != expected:
        with_dummy = " and a dummy" if rules.dummy else ""
        raise DealError(f"the deal has {len(hands)} hands; this variant deals {rules.players} players{with_dummy}")
    seen: set[int] = set()

    def card_id(code: str) -> int:
        if code not in rules.card_ids:
            raise DealError(f"{code} is not a card of this variant's deck")
        index = rules.card_ids[code]
        if index in seen:
            raise DealError(f"{code} is dealt twice")
        seen.add(index)
        return index

    dealt = []
    for seat, hand in enumerate(hands):
        if len(hand) != rules.hand_size:
            who = "the dummy" if seat == rules.players else f"seat {seat}"
            raise DealError(f"{who} holds {len(hand)} cards; a hand has {rules.hand_size}")
        dealt.append(tuple(card_id(code) for code in hand))
    up = None
    if rules.up_card:
        if up_card is None:
            raise DealError("this variant turns an up-card, but the deal has none")
        up = card_id(up_card)
    elif up_card is not None:
        raise DealError("this variant turns no up-card")
    if kitty is None:
        rest = tuple(index for index in range(len(rules.deck)) if index not in seen)
    else:
        rest = tuple(card_id(code) for code in kitty)
        if len(seen) != len(rules.deck):
            missing = [rules.card_code(i) for i in range(len(rules.deck)) if i not in seen]
            raise DealError(f"the deal leaves out {', '.join(missing)}")
    dummy = dealt[rules.players] if rules.dummy else ()
    return Deal(dealer, tuple(dealt[: rules.players]), up, rest, dummy)
