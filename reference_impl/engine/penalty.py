"""The innocent side's choice of renege penalty: points for itself, or points off the guilty side.

Where a renege is penalized and the variant leaves the kind of penalty to the side that caught
it, one of its players says which, once play has stopped (at the end of the hand, or at the
renege where that ends the hand). The sources name the side, not a player; the engine asks one
seat, the first player of the innocent side clockwise from the reneger who is still playing, so
the choice is asked the way every other decision of the hand is, one seat at a time in turn.
"""

from __future__ import annotations

from ruleset.compiled.rules import PENALTY_CHOICES, Action

from .state import HandState


def chooser(state: HandState) -> int:
    """Who chooses: the first player of the innocent side, clockwise from the reneger, who is still playing."""
    reneged = state.reneged
    assert reneged is not None, "a penalty is chosen only after a renege"
    team_of = state.rules.team_of
    seat = state.next_active(reneged)
    while team_of[seat] == team_of[reneged]:
        seat = state.next_active(seat)
    return seat


def start(state: HandState) -> bool:
    """Entered once play is over with a renege caught, where the innocent side chooses its penalty."""
    if state.reneged is None or not state.rules.renege_options.innocent_chooses:
        return False
    state.to_act = chooser(state)
    return True


def legal(state: HandState, seat: int) -> tuple[Action, ...]:
    actions = state.rules.actions
    return tuple(actions[f"penalty:{choice}"] for choice in PENALTY_CHOICES)


def take(state: HandState, seat: int, action: Action) -> bool:
    state.set(penalty_choice=action.suit)
    return True


def takes_off_guilty_side(state: HandState) -> bool:
    """Whether the penalty is taken off the guilty side (else it is scored by the innocent side)."""
    rules = state.rules
    if rules.renege_options.innocent_chooses:
        return state.penalty_choice == PENALTY_CHOICES.index("subtract")
    return rules.renege_subtract
