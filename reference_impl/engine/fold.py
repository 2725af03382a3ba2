"""Fold or play: once trump is fixed, each player but the maker stays in or folds.

A player who folds lays their hand down for the rest of the hand, as the partner of a lone
maker does (`HandState.sit_out`), and is scored by the per-player table's 'folded' row. When
the up-card's suit made trump at once, the variant may keep everyone in: the players are still
asked, so a fold is refused with its own reason rather than as an action of no phase.
"""

from __future__ import annotations

from ruleset.compiled.rules import Action

from .state import HandState
from .who_may import Decision


def askers(state: HandState) -> tuple[int, ...]:
    """Who is asked, in order: every seat but the maker, clockwise from the maker's or the dealer's left.

    Fold or play is for games of individuals (a semantic check), so nobody sits out before it.
    """
    fold = state.rules.fold
    assert fold is not None and state.maker is not None
    first = state.maker if fold.from_maker else state.dealer
    players = state.rules.players
    seats = ((first + offset) % players for offset in range(1, players + 1))
    return tuple(seat for seat in seats if seat != state.maker)


def must_stay(state: HandState) -> bool:
    """Whether the variant keeps everyone in this hand: the up-card's suit made trump at once."""
    rules = state.rules
    fold = rules.fold
    return (
        fold is not None
        and fold.all_stay_when_forced
        and state.made_in_round == 0
        and state.up_suit in rules.bidding.forced_trump_up_suits
    )


def start(state: HandState) -> bool:
    """Entered once trump is made, in a variant with the phase; a hand nobody made is played by everyone, nobody asked."""
    if state.trump is None or state.maker is None or state.rules.fold is None:
        return False
    state.to_act = askers(state)[0]
    return True


def refusal(state: HandState, seat: int, action: Action) -> str | None:
    """Who may fold: every player asked, unless the variant keeps everyone in this hand (anyone may stay in)."""
    return "cannot_fold" if action.kind == "fold" and must_stay(state) else None


CHOICE = Decision(("stay_in", "fold"), refusal)


def take(state: HandState, seat: int, action: Action) -> bool:
    """A fold lays the hand down; True once every player asked has answered."""
    if action.kind == "fold":
        state.set(folded=(*state.folded, seat))
        state.sit_out((seat,))
    order = askers(state)
    later = order.index(seat) + 1
    if later < len(order):
        state.to_act = order[later]
        return False
    return True
