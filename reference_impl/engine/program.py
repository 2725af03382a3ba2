"""A variant compiled for play: its phase chain and the tables its hot path reads, built once per Rules.

Of the phases in `phases.PHASES`, a variant keeps only those it can ever enter, in order (each
phase record says on which rules it can: `Phase.enters`), with each one's rule branches chosen
for the variant (`Phase.compiled`), and each step pointing at the next. North American Euchre
then reads as six steps, bid_round_one to hand_over, and finishing a phase looks at the next
few steps instead of at every phase there is. `flow(rules)` is that chain by name.

The tables turn what play asks most into lookups: a card's bit, each trump's cards of every
effective suit as a bit set (following suit is one `&`), and each (trump, suit led) pair's
ranking of every card, by which a trick's winner is its highest card.
"""

from __future__ import annotations

import itertools
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ruleset.compiled.cards import SUITS
from ruleset.compiled.rules import Action, Rules

from . import phases, play
from .state import blank_hand

if TYPE_CHECKING:
    from .state import HandResult, HandState

NOT_WINNING = -1
"""The rank of a card that can win no trick it is played to: neither trump nor of the suit led."""
TRUMP_RANK = 1 << 40
"""Added to a trump's power in the rank tables, so that any trump outranks any card of the suit led."""


class Step:
    """One phase of a hand as a variant plays it: the phase record's functions, and the step after it."""

    __slots__ = (
        "allows",
        "before_trump",
        "following",
        "is_over",
        "kinds",
        "legal",
        "name",
        "once_made",
        "out_of_turn",
        "phase",
        "plays",
        "refusal",
        "start",
        "take",
    )

    def __init__(self, phase: phases.Phase) -> None:
        self.name = phase.name
        self.phase = phase
        self.start = phase.start
        self.legal = phase.legal
        self.take = phase.take
        self.refusal = phase.refusal
        self.allows = phase.allows or _among_legal
        self.kinds = phase.kinds
        self.out_of_turn = phase.out_of_turn
        # The plain play step (following suit, nothing wrapped around it): `do` plays its cards itself.
        self.plays = phase.plain_play
        self.before_trump = phase.before_trump
        self.following: Step = self  # the last step (the end of the hand) always applies, so it is never followed
        self.once_made: Step = self
        """The first step from this one on that may start once trump is made: where `enter` begins if it is."""
        self.is_over = False
        """Whether this is the end of the hand (the chain's last step)."""


def _among_legal(state: HandState, seat: int, action: Action) -> bool:
    """Whether the action is one of the legal ones, by identity: the one-action check of a phase that has none of its own."""
    return any(candidate is action for candidate in state.legal_actions())


@dataclass(frozen=True, eq=False)
class Program:
    """The compiled form of one Rules: the chain of steps, and the tables play reads."""

    chain: tuple[Step, ...]
    over: Step
    """The last step, the end of the hand."""
    bit: tuple[int, ...]
    """Each card's bit in a hand's bit set."""
    follow_masks: tuple[tuple[int, ...], ...]
    """For each trump choice, for each effective suit, the cards of that suit as a bit set."""
    ranks: tuple[tuple[tuple[int, ...], ...], ...]
    """For each trump choice and suit led, every card's rank in the trick: the highest wins (NOT_WINNING never does)."""
    up_suits: tuple[int | None, ...]
    """For each card, the suit index it stands for turned up: its suit, a joker's named suit, or None."""
    next_seat: tuple[int, ...]
    """For each seat, the seat on its left (every seat is active when a hand starts)."""
    play_actions: tuple[Action, ...]
    """Each card's play action, its discard and its give: looked up by card, never spelled out."""
    discard_actions: tuple[Action, ...]
    give_actions: tuple[Action, ...]
    trick_winner: Callable[[HandState, tuple[tuple[int, int], ...]], int]
    """Who wins a full trick, by the variant's rule for identical cards."""
    results: dict[play.OutcomeKey, HandResult] | None
    """The results of hands played out, by outcome, where the table's sides score them (`play.outcome_cache`)."""
    hand_bits: Callable[[tuple[tuple[int, ...], ...]], list[int]]
    """Each dealt hand of the variant's size as a bit set (ValueError for a hand of another size): `hand_bits_for`."""
    blank: HandState
    """A hand of these rules before the deal (`state.blank_hand`), which every new hand starts as a copy of."""

    @property
    def first(self) -> Step:
        return self.chain[0]

    @property
    def flow(self) -> tuple[str, ...]:
        return tuple(step.name for step in self.chain)


_PROGRAMS: dict[int, Program] = {}
"""Programs by the identity of their Rules, each dropped when its Rules is (a weakref.finalize)."""


def program_for(rules: Rules) -> Program:
    """The program of these rules, compiled on first use and kept as long as the rules are."""
    program = _PROGRAMS.get(id(rules))
    if program is None:
        program = compile_program(rules)
        _PROGRAMS[id(rules)] = program
        weakref.finalize(rules, _PROGRAMS.pop, id(rules), None)
    return program


def flow(rules: Rules) -> tuple[str, ...]:
    """The phases a hand of these rules can go through, in order: the variant's phase chain."""
    return program_for(rules).flow


def compile_program(rules: Rules) -> Program:
    """The chain and the tables of these rules.

    The phase records are read from `phases.BY_NAME` (and their rule branches chosen) now, so a
    record or a module function swapped for another before the rules are first played is the
    one played.
    """
    records = [phases.BY_NAME[name] for name in phases.PHASES]
    played = [record if record.compiled is None else record.compiled(record, rules) for record in records if record.enters(rules)]
    chain = tuple(map(Step, played))
    for step, after in itertools.pairwise(chain):
        step.following = after
    chain[-1].is_over = True
    for later, earlier in itertools.pairwise(reversed(chain)):  # from the end, so `later.once_made` is settled
        earlier.once_made = later.once_made if earlier.before_trump else earlier
    deck = rules.deck
    bit = tuple(1 << card for card in range(len(deck)))
    players = rules.players
    next_seat = tuple((seat + 1) % players for seat in range(players))
    program = Program(
        chain=chain,
        over=chain[-1],
        bit=bit,
        follow_masks=_follow_masks(rules, bit),
        ranks=_ranks(rules),
        up_suits=tuple(SUITS.index(card.suit) if card.suit else rules.bidding.special_up_suit for card in deck),
        next_seat=next_seat,
        play_actions=rules.play_actions,
        discard_actions=tuple(rules.actions[f"discard:{card.code}"] for card in deck),
        give_actions=tuple(rules.actions[f"give:{card.code}"] for card in deck),
        trick_winner=play.trick_winner_for(rules),
        results=play.outcome_cache(rules),
        hand_bits=hand_bits_for(rules.hand_size, bit),
        blank=blank_hand(rules, chain[-1], next_seat),
    )
    program.blank.program = program
    return program


def hand_bits_for(size: int, bit: tuple[int, ...]) -> Callable[[tuple[tuple[int, ...], ...]], list[int]]:
    """Hands of `size` cards as bit sets, each the `|` of its cards' bits spelled out: generated straight-line code,
    as the state's copy is, since a loop (or `sum`) over five cards costs twice as much, once per hand dealt."""
    names = [f"c{index}" for index in range(size)]
    union = " | ".join(f"bit[{name}]" for name in names)
    source = f"def hand_bits(hands):\n    return [{union} for {', '.join(names)}, in hands]\n"
    namespace: dict[str, object] = {"bit": bit}
    exec(source, namespace)
    return namespace["hand_bits"]  # type: ignore[return-value]


def _follow_masks(rules: Rules, bit: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    masks = []
    for effective in rules.effective_suit:
        row = [0] * len(rules.effective_suit)
        for card, suit in enumerate(effective):
            row[suit] |= bit[card]
        masks.append(tuple(row))
    return tuple(masks)


def _ranks(rules: Rules) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Rank = power, lifted by TRUMP_RANK for a trump, NOT_WINNING for a card of a third suit (as trick winners go:
    the highest trump, else the highest card of the suit led)."""
    tables = []
    for trump, (effective, power) in enumerate(zip(rules.effective_suit, rules.power, strict=True)):
        by_led = []
        for led in range(len(rules.effective_suit)):
            by_led.append(
                tuple(
                    TRUMP_RANK + power[card] if suit == trump else power[card] if suit == led else NOT_WINNING
                    for card, suit in enumerate(effective)
                )
            )
        tables.append(tuple(by_led))
    return tuple(tables)
