"""A seat's view as a flat float32 tensor of named sections, sized by the variant.

Seats are counted from the observer: index 0 is the observer, 1 the player on its left, and so
on clockwise, so one network serves every seat. Cards are the variant's card ids (the order
of its deck, `Table.rules.deck`); a one-hot over seats or cards is all zeros where nothing
applies (no maker yet, no up-card). Counts are plain numbers.

The observation tensor (the position now), section by section:

| section | shape | what it holds |
|---|---|---|
| seat | P | the observer's own seat (absolute) |
| phase | phases + 1 | the engine's phase, one-hot (`reference_impl.engine.PHASES`), the last place for the deal |
| to_act, dealer | P each | who acts, who dealt |
| up_card | C | the up-card |
| turned_down | 4 | the suit turned down |
| trump | 6 | the four suits, no trump, low no trump |
| maker, defender_alone | P each | the maker, the lone defender |
| maker_alone, dealer_took_up_card | 1 each | flags |
| sitting_out, folded | P each | seats laid down for the hand |
| hand_sizes, tricks_won | P each | counts |
| trick | P × C | the cards on the table, by the seat that played them |
| played | C | the cards of the finished tricks |
| contract_bidder, contract_bid, contract_alone | P, bids, 1 | the auction's result (auction variants only) |
| shown | C | cards laid face up by a player going under |
| hand (private) | C | the observer's cards |
| set_aside, given, received (private) | C each | cards the observer discarded, gave, received |

The information-state tensor adds what the observer has seen since the deal:

| section | shape | what it holds |
|---|---|---|
| dealt (private) | C | the observer's hand as dealt |
| plays | C × (P + H) | each card played: by whom, in which trick |
| calls | max_calls × (P + calls) | the k-th call of the hand: who, and which call (`Table.calls`) |

P is the number of players, C the deck size, H the hand size. Private sections are left out
of a public observer's tensor (OpenSpiel's `private_info=NONE`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from reference_impl.engine import PHASES

from .table import Table
from .views import DEALING, SeatView

PHASE_INDEX = {name: index for index, name in enumerate((*PHASES, DEALING))}
TRUMP_CHOICES = 6


@dataclass(frozen=True)
class Section:
    name: str
    shape: tuple[int, ...]
    private: bool = False

    @property
    def size(self) -> int:
        return int(np.prod(self.shape))


def sections(table: Table, recall: bool, private: bool = True) -> tuple[Section, ...]:
    """The sections of the observation tensor (recall False) or the information-state tensor (True), in order."""
    players, deck = table.players, table.deck_size
    found = [
        Section("seat", (players,)),
        Section("phase", (len(PHASE_INDEX),)),
        Section("to_act", (players,)),
        Section("dealer", (players,)),
        Section("up_card", (deck,)),
        Section("turned_down", (4,)),
        Section("trump", (TRUMP_CHOICES,)),
        Section("maker", (players,)),
        Section("maker_alone", (1,)),
        Section("defender_alone", (players,)),
        Section("sitting_out", (players,)),
        Section("folded", (players,)),
        Section("dealer_took_up_card", (1,)),
        Section("hand_sizes", (players,)),
        Section("tricks_won", (players,)),
        Section("trick", (players, deck)),
        Section("played", (deck,)),
    ]
    if table.bids:
        found += [
            Section("contract_bidder", (players,)),
            Section("contract_bid", (len(table.bids),)),
            Section("contract_alone", (1,)),
        ]
    found += [
        Section("shown", (deck,)),
        Section("hand", (deck,), private=True),
        Section("set_aside", (deck,), private=True),
        Section("given", (deck,), private=True),
        Section("received", (deck,), private=True),
    ]
    if recall:
        found += [
            Section("dealt", (deck,), private=True),
            Section("plays", (deck, players + table.hand_size)),
            Section("calls", (table.max_calls, players + len(table.calls))),
        ]
    return tuple(section for section in found if private or not section.private)


class Encoder:
    """Writes views into one flat tensor, with a named, shaped window onto each section (as OpenSpiel's observers keep)."""

    def __init__(self, table: Table, recall: bool, private: bool = True) -> None:
        self.table = table
        self.sections = sections(table, recall, private)
        self.tensor: NDArray[np.float32] = np.zeros(sum(section.size for section in self.sections), np.float32)
        self.dict: dict[str, NDArray[np.float32]] = {}
        offset = 0
        for section in self.sections:
            self.dict[section.name] = self.tensor[offset : offset + section.size].reshape(section.shape)
            offset += section.size

    def encode(self, view: SeatView) -> NDArray[np.float32]:
        """Fill the tensor from the view (the same array each time) and return it."""
        self.tensor.fill(0.0)
        d = self.dict
        players = self.table.players
        seat = view.seat

        def rel(other: int) -> int:
            return (other - seat) % players

        def mark(name: str, index: int | None) -> None:
            if index is not None:
                d[name][index] = 1.0

        d["seat"][seat] = 1.0
        d["phase"][PHASE_INDEX[view.phase]] = 1.0
        mark("to_act", None if view.to_act is None else rel(view.to_act))
        mark("dealer", None if view.dealer is None else rel(view.dealer))
        mark("up_card", view.up_card)
        mark("turned_down", view.turned_down)
        mark("trump", view.trump)
        mark("maker", None if view.maker is None else rel(view.maker))
        d["maker_alone"][0] = float(view.maker_alone)
        mark("defender_alone", None if view.defender_alone is None else rel(view.defender_alone))
        for other in view.sitting_out:
            d["sitting_out"][rel(other)] = 1.0
        for other in view.folded:
            d["folded"][rel(other)] = 1.0
        d["dealer_took_up_card"][0] = float(view.dealer_took_up_card)
        for other in range(players):
            d["hand_sizes"][rel(other)] = view.hand_sizes[other]
            d["tricks_won"][rel(other)] = view.tricks_won[other]
        trick = d["trick"]
        for other, card in view.trick:
            trick[rel(other), card] = 1.0
        on_table = {card for _, card in view.trick}
        played = d["played"]
        for _, card, _trick in view.plays:
            if card not in on_table:
                played[card] = 1.0
        if "contract_bid" in d and view.contract is not None:
            bidder, bid, alone = view.contract
            d["contract_bidder"][rel(bidder)] = 1.0
            d["contract_bid"][self.table.bids.index(bid)] = 1.0
            d["contract_alone"][0] = float(alone)
        for name, cards in (
            ("shown", view.shown),
            ("hand", view.hand),
            ("set_aside", view.set_aside),
            ("given", view.given),
            ("received", view.received),
            ("dealt", view.dealt),
        ):
            if name in d:
                d[name][list(cards)] = 1.0
        if "plays" in d:
            plays = d["plays"]
            for other, card, number in view.plays:
                plays[card, rel(other)] = 1.0
                plays[card, players + number] = 1.0
            calls = d["calls"]
            table = self.table
            for k, (other, text) in enumerate(view.calls):
                calls[k, rel(other)] = 1.0
                calls[k, players + table.call_index[table.ids[text]]] = 1.0
        return self.tensor
