"""The partner takes the lone hand over: "I take it from you" (`lone_play.partner_may_take`).

Under the Somerset Club's laws (1888, laws 93, 94 and 99) a player who declares to play alone
can have the lone hand taken from them by their partner, provided the partner has not passed.
So once the maker has declared, the partner is asked (if the partner may play a lone hand at
all): `go_alone` takes it, `pass` leaves it. A partner who takes it plays alone in the maker's
place: the partner becomes the hand's maker (they lead where the lone player leads, and score
and are tallied as the lone player) and the player who made trump lays the hand down.
A partner who passed, or whom a condition of the table bars from a lone hand, is not asked.
"""

from __future__ import annotations

from ruleset.compiled.rules import Action

from .conditions import bars
from .state import HandState
from .who_may import Decision


def _partner(state: HandState) -> int:
    maker = state.maker
    assert maker is not None, "a take-over before trump is made"
    return state.rules.partners[maker][0]


def start(state: HandState) -> bool:
    """Ask the lone maker's partner, where the partner has not passed and may play a lone hand."""
    if not state.maker_alone or state.maker is None:
        return False
    partner = _partner(state)
    if state.passed[partner] or bars(state, partner, "lone_hand"):
        return False
    state.to_act = partner
    return True


def _either(state: HandState, seat: int, action: Action) -> str | None:
    """A partner who is asked may take the hand or leave it: the asking already settled that they may."""
    return None


TAKING = Decision(("pass", "go_alone"), _either)


def take(state: HandState, seat: int, action: Action) -> bool:
    if action.kind == "go_alone":
        maker = state.maker
        assert maker is not None
        state.set(maker=seat)
        state.sit_out((maker,), back=(seat,))
    return True
