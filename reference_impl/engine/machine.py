"""The hand as a state machine: new_hand, legal_actions, apply.

Everything about a phase is in its record in `phases`; this module looks the record up, refuses
anything not legal with a stable reason code (working the reason out only when refusing, so
legal play pays nothing for it), and never changes the state it was given.
"""

from __future__ import annotations

from ruleset.compiled.rules import Action, Rules

from ..deal import Deal
from .phases import BY_NAME, advance
from .state import HAND_OVER, GameSoFar, HandState, IllegalAction, initial_state


def new_hand(rules: Rules, deal: Deal, redeals_left: tuple[int, ...] | None = None, game: GameSoFar | None = None) -> HandState:
    """The state right after the deal, at the first decision the variant asks for.

    `redeals_left` is how many redeals each player may still call in the game (None: no limit);
    `game` is the scores and the hands before, which the table's conditions read (None: none).
    """
    state = initial_state(rules, deal, redeals_left, game)
    advance(state, None)
    return state


def legal_actions(state: HandState) -> tuple[Action, ...]:
    """What the player to act may do now (nothing once the hand is over)."""
    legal = state._legal
    if legal is None:
        seat = state.to_act
        legal = () if seat is None else BY_NAME[state.phase].legal(state, seat)
        state._legal = legal
    return legal


def apply(state: HandState, action: Action | str, seat: int | None = None) -> HandState:
    """The state after `action` by the player to act; raise IllegalAction if it is refused.

    `seat`, when given, is who claims to act: acting out of turn is refused as not_your_turn.
    Legality is settled the cheapest way the state allows: by identity among legal actions
    already worked out for it (a random playout lists them first), else by the phase's own
    one-action check where it has one (replaying a record), else by listing them.
    """
    phase = BY_NAME[state.phase]
    to_act = state.to_act
    legal = state._legal
    accepted = False
    if legal is not None:
        for candidate in legal:
            if candidate is action:
                accepted = True
                break
    elif phase.allows is not None and to_act is not None and isinstance(action, Action):
        accepted = phase.allows(state, to_act, action)
    if not accepted or (seat is not None and seat != to_act):
        action = _refuse_or_find(state, action, seat, legal_actions(state))
    assert to_act is not None and isinstance(action, Action)  # a finished hand has no legal action
    nxt = state.clone()
    nxt.history = (*state.history, (to_act, action))
    if phase.take(nxt, to_act, action):
        advance(nxt, phase.name)
    return nxt


def _refuse_or_find(state: HandState, action: object, seat: int | None, legal: tuple[Action, ...]) -> Action:
    """An action that is not one of this state's own objects: a text, or an Action from elsewhere.

    Look it up by its text and return the legal action it names, or raise the refusal. Anything
    else (a number, None) is refused the same way, never an AttributeError.
    """
    text = action if isinstance(action, str) else getattr(action, "text", None)
    known = state.rules.actions.get(text) if isinstance(text, str) else None
    if known is None:
        raise IllegalAction("unknown_action", state.to_act, state.phase, text if isinstance(text, str) else repr(action))
    if seat is not None and seat != state.to_act and state.phase != HAND_OVER:
        raise IllegalAction("not_your_turn", seat, state.phase, known.text, f"seat {state.to_act} is to act")
    if known not in legal:
        raise IllegalAction(refusal_reason(state, known), state.to_act, state.phase, known.text)
    return known


def refusal_reason(state: HandState, action: Action) -> str:
    """The stable reason code for refusing an action that is not legal now."""
    phase = BY_NAME[state.phase]
    if state.to_act is None:
        return "hand_over"
    if action.kind not in phase.kinds:
        return "wrong_phase"
    # Phases where every action of an allowed kind is always legal (redeal calls) never get here.
    return phase.refusal(state, state.to_act, action)
