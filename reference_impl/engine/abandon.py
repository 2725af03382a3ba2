"""A defender abandons the hand against a lone maker (`lone_play.abandon_points`).

Under the Somerset Club's laws (1888, law 50), should either adversary of a lone player abandon
the hand, by laying it face up on the table or by not playing to every trick, the lone player
scores five points. So in a variant that says what an abandoned lone hand scores, a defender
whose turn it is in play may take `abandon` beside the cards: the hand ends at once, and the
end of the hand scores it by the row lone-abandoned instead of the tricks.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ruleset.compiled.rules import Action

from .state import HandState

if TYPE_CHECKING:
    from .phases import Phase

ROW = "lone-abandoned"
"""The result's row for an abandoned lone hand."""


def may_abandon(state: HandState, seat: int) -> bool:
    """Whether `seat` may abandon now: a defender, still playing, in a hand a lone maker plays."""
    maker = state.maker
    rules = state.rules
    return bool(state.maker_alone) and maker is not None and state.active[seat] and rules.team_of[seat] != rules.team_of[maker]


def with_abandon(phase: Phase) -> Phase:
    """The play phase where a defender may abandon a lone hand: `abandon` listed after the cards, and taken as the end."""
    legal, take, refusal, allows = phase.legal, phase.take, phase.refusal, phase.allows
    assert allows is not None
    abandon_text = "abandon"

    def legal_or_abandon(state: HandState, seat: int) -> tuple[Action, ...]:
        actions = legal(state, seat)
        return (*actions, state.rules.actions[abandon_text]) if may_abandon(state, seat) else actions

    def take_or_abandon(state: HandState, seat: int, action: Action) -> bool:
        if action.kind != abandon_text:
            return take(state, seat, action)
        state.set(abandoned_by=seat)
        return True

    def refusal_or_abandon(state: HandState, seat: int, action: Action) -> str | None:
        return "cannot_abandon" if action.kind == abandon_text else refusal(state, seat, action)

    def allows_or_abandon(state: HandState, seat: int, action: Action) -> bool:
        if action.kind == abandon_text:
            return state.rules.actions[abandon_text] is action and may_abandon(state, seat)
        return allows(state, seat, action)

    return replace(
        phase,
        kinds=phase.kinds | {abandon_text},
        legal=legal_or_abandon,
        take=take_or_abandon,
        refusal=refusal_or_abandon,
        allows=allows_or_abandon,
    )


def abandoned_points(state: HandState) -> list[int]:
    """The points of an abandoned lone hand: the lone maker's side scores the variant's figure."""
    rules = state.rules
    points = rules.lone_play.abandon_points
    maker = state.maker
    assert points is not None and maker is not None, "only a lone hand a defender may abandon is abandoned"
    makers = rules.team_of[maker]
    return [points if team == makers else 0 for team in range(len(rules.teams))]
