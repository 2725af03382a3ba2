"""One hand as learning libraries step it: chance deals the cards one by one, then players act by action id.

OpenSpiel treats chance as a player, so a hand is replayed from a list of integers: first the
dealer, then each card of the deck in the order it is dealt (top card first, as
`reference_impl.deal` deals a shuffled deck in the variant's packets from the dealer's left),
then the players' action ids. The last card needs no choosing. Once the deck is dealt, the hand
is the reference engine's `HandState`, which the hand owns and moves in place (`do`), as
OpenSpiel's own states do: an action costs no copy, and `clone` pays for one only when a search
wants an independent hand.
"""

from __future__ import annotations

from typing import Any

from reference_impl.deal import Deal, deal_from_order
from reference_impl.engine import HandState, IllegalAction, new_hand, observe
from reference_impl.hand_log import hand_log

from .table import Table, table

CHANCE = -1
"""current_player() while the cards are being dealt (OpenSpiel's PlayerId.CHANCE)."""
TERMINAL = -4
"""current_player() once the hand is over (OpenSpiel's PlayerId.TERMINAL)."""


class IllegalMove(ValueError):
    """An action id that is not legal in the hand as it stands (the hand is unchanged)."""


class Hand:
    """A hand from its first chance node to its end."""

    __slots__ = ("_moves", "deal", "dealer", "first", "history", "order", "player", "remaining", "state", "table")

    def __init__(self, table: Table) -> None:
        self.table = table
        self.dealer: int | None = None
        self.order: list[int] = []
        """The cards dealt so far, top card first."""
        self.remaining: list[int] = list(range(table.deck_size))
        """The cards still to deal, in id order (chance picks among them uniformly)."""
        self.deal: Deal | None = None
        self.first: HandState | None = None
        """The engine's state right after the deal (the hand log starts from it), never moved: `state` is a copy of it."""
        self.state: HandState | None = None
        """The engine's state now, moved in place by every action (clone the hand to keep one)."""
        self.history: list[int] = []
        """Every id applied, the chance outcomes included: the hand replays from it."""
        self.player = CHANCE
        """current_player(), kept up to date by every action: OpenSpiel asks it many times per action."""
        self._moves: list[tuple[int, str, str]] = []

    @classmethod
    def dealt(cls, table: Table, deal: Deal) -> Hand:
        """A hand starting from a deal made elsewhere (a portable deal number, a deal written out): no chance nodes."""
        hand = cls(table)
        hand.dealer = deal.dealer
        hand.remaining = []
        hand._start(deal)
        return hand

    @classmethod
    def replay(cls, table: Table, history: list[int]) -> Hand:
        """The hand reached by applying these ids in turn (chance outcomes included) to a fresh hand."""
        hand = cls(table)
        for action in history:
            hand.apply(action)
        return hand

    # --- Where the hand stands ------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.player == TERMINAL

    def current_player(self) -> int:
        """The seat to act, CHANCE while dealing, TERMINAL once the hand is over."""
        return self.player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance node's outcomes, uniform: the dealer's seat first, then a card id for each place dealt."""
        if self.dealer is None:
            players = self.table.players
            return [(seat, 1.0 / players) for seat in range(players)]
        remaining = self.remaining
        chance = 1.0 / len(remaining)
        return [(card, chance) for card in remaining]

    def legal_ids(self) -> list[int]:
        """The action ids the player to act may take, ascending (none while dealing or once over)."""
        state = self.state
        if state is None:
            return []
        ids = self.table.ids
        return sorted([ids[action.text] for action in state.legal_actions()])

    def moves(self) -> list[tuple[int, str, str]]:
        """The players' actions so far as (seat, action text, phase it was taken in)."""
        return list(self._moves)

    # --- Acting ---------------------------------------------------------------------------------

    def apply(self, action: int) -> None:
        """Apply a chance outcome or the player to act's action id; IllegalMove if it is not one now."""
        state = self.state
        if state is None:
            self._deal(action)
            return
        by_id = self.table.by_id
        if not 0 <= action < len(by_id):
            raise IllegalMove(f"{action!r} is not legal for seat {state.to_act} during {state.phase}")
        chosen = by_id[action]
        seat, phase = state.to_act, state.phase
        try:
            state.do(chosen)
        except IllegalAction:
            raise IllegalMove(f"{chosen.text!r} is not legal for seat {seat} during {phase}") from None
        assert seat is not None  # an accepted action had a player to take it
        self._moves.append((seat, chosen.text, phase))
        self.history.append(action)
        to_act = state.to_act
        self.player = TERMINAL if to_act is None else to_act

    def _deal(self, outcome: int) -> None:
        if self.dealer is None:
            if not 0 <= outcome < self.table.players:
                raise IllegalMove(f"{outcome} is not a seat to deal from")
            self.dealer = outcome
        else:
            try:
                self.remaining.remove(outcome)
            except ValueError:
                raise IllegalMove(f"card {outcome} is not left to deal") from None
            self.order.append(outcome)
            if len(self.remaining) == 1:
                self.order.append(self.remaining.pop())
                assert self.dealer is not None
                self._start(deal_from_order(self.table.rules, self.order, self.dealer))
        self.history.append(outcome)

    def _start(self, deal: Deal) -> None:
        self.deal = deal
        self.first = first = new_hand(self.table.rules, deal)
        self.state = first.copy()
        self.player = TERMINAL if first.to_act is None else first.to_act

    # --- The end --------------------------------------------------------------------------------

    def points(self) -> tuple[int, ...]:
        """The hand's points by side (all zero before the end, and for a hand thrown in)."""
        state = self.state
        if state is None or state.result is None:
            return (0,) * len(self.table.rules.teams)
        return tuple(state.result.points)

    def returns(self) -> list[float]:
        """Each player's return (Table.returns): zero until the hand is over."""
        if not self.is_over:
            return [0.0] * self.table.players
        return self.table.returns(self.points())

    def log(self) -> list[str]:
        """The hand so far as the engine's readable log (`euchre-spec play` prints the same), empty while dealing."""
        if self.first is None or self.state is None:
            return []
        return hand_log(self.first, self.state)

    def observation(self) -> dict[str, Any] | None:
        """The engine's full observation (the protocol's referee view), None while dealing."""
        return None if self.state is None else observe(self.state)

    # --- Copies ---------------------------------------------------------------------------------

    def clone(self) -> Hand:
        """An independent copy: the state now is copied (the state after the deal never moves, so it is shared)."""
        other = Hand.__new__(Hand)
        other.table = self.table
        other.dealer = self.dealer
        other.order = list(self.order)
        other.remaining = list(self.remaining)
        other.deal = self.deal
        other.first = self.first
        other.state = None if self.state is None else self.state.copy()
        other.history = list(self.history)
        other.player = self.player
        other._moves = list(self._moves)
        return other

    def __deepcopy__(self, memo: dict[int, object]) -> Hand:
        return self.clone()

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickled as the table's name and the history, replayed on loading (a deal made elsewhere is kept whole)."""
        if self.deal is not None and not self.order:
            return (_replay_dealt, (self.table.variant, self.table.house_rules, self.deal, self.history))
        return (_replay, (self.table.variant, self.table.house_rules, self.history))


def _replay(variant: str, house_rules: tuple[str, ...], history: list[int]) -> Hand:
    return Hand.replay(table(variant, house_rules), history)


def _replay_dealt(variant: str, house_rules: tuple[str, ...], deal: Deal, history: list[int]) -> Hand:
    hand = Hand.dealt(table(variant, house_rules), deal)
    for action in history:
        hand.apply(action)
    return hand
