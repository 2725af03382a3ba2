"""The hand as a state machine: new_hand, legal_actions, apply.

`apply` is pure: it returns the state after the action and never changes the one it was given,
which is what the protocol, the site and the tests want. It is a copy followed by the in-place
`HandState.do`, which search, fuzzing and simulation call themselves (with `undo`) to pay for no
copy at all. Anything not legal is refused with a stable reason code before anything is copied
or changed, the reason worked out only when refusing, so legal play pays nothing for it.
"""

from __future__ import annotations

from ruleset.compiled.rules import Action, Rules

from ..deal import Deal
from .program import program_for
from .state import GameSoFar, HandState


def new_hand(rules: Rules, deal: Deal, redeals_left: tuple[int, ...] | None = None, game: GameSoFar | None = None) -> HandState:
    """The state right after the deal, at the first decision the variant asks for.

    `redeals_left` is how many redeals each player may still call in the game (None: no limit);
    `game` is the scores and the hands before, which the table's conditions read (None: none).
    """
    program = program_for(rules)
    state = HandState(rules, deal, program, redeals_left, game)
    state.enter(program.first)
    return state


def legal_actions(state: HandState) -> tuple[Action, ...]:
    """What the player to act may do now (nothing once the hand is over)."""
    return state.legal_actions()


def apply(state: HandState, action: Action | str, seat: int | None = None) -> HandState:
    """The state after `action` by the player to act; raise IllegalAction if it is refused.

    `seat`, when given, is who claims to act: acting out of turn is refused as not_your_turn.
    """
    accepted = state.accepted(action, seat)
    after = state.copy()
    after.do(accepted, seat)
    return after


def refusal_reason(state: HandState, action: Action) -> str:
    """The stable reason code for refusing an action that is not legal now."""
    return state.refusal_reason(action)
