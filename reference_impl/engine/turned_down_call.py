"""Naming the suit turned down, taken as a pass (`bidding.turned_down_call: pass`).

Under the Somerset Club's laws (1888, law 78) a player who names the suit turned down has not
made trump: the call stands as that player's pass. So the call is offered beside the pass in
round two, and taking it goes the way of a pass. A dealer stuck under stick the dealer may not
pass, so the call is not offered to them.
"""

from __future__ import annotations

from ruleset.compiled.rules import TRUMP_LETTERS, Action

from .state import HandState


def pass_calls(state: HandState, seat: int) -> list[Action]:
    """The calls that `seat` may make in round two and that count as a pass: the suit turned down, where the rule holds."""
    rules = state.rules
    if not rules.turned_down_call_passes or state.turned_down is None:
        return []
    if rules.stick_the_dealer and seat == state.dealer:
        return []
    return [rules.actions[f"name_trump:{TRUMP_LETTERS[state.turned_down]}"]]


def counts_as_pass(state: HandState, seat: int, action: Action) -> bool:
    """Whether this round-two call by `seat` is the suit turned down, taken as a pass."""
    return action.kind == "name_trump" and action in pass_calls(state, seat)
