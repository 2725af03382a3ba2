"""A lead out of turn, and the innocent side's remedy (`play.lead_out_of_turn`).

Under the Somerset Club's laws (1888, law 52), if any player lead out of turn, the adversaries
may either call the card erroneously led, or call a suit from him or his partner when it is
next the turn of either of them to lead. So where the variant accepts a lead out of turn, a
player still playing who leads a card when another is to lead is not refused: the card goes
back to the hand and the innocent side (the first adversary clockwise from the offender who is
still playing) chooses its remedy at once, `remedy:card` or `remedy:suit`; the player who was to
lead then leads.

- `remedy:card`: the card is exposed, liable to be called. Before each turn of its holder at
  which it may be played, the adversary next after the holder may call it (`call:9C`), and the
  holder must then play it, or pass.
- `remedy:suit`: when the offender or the partner is next to lead, the adversary next after the
  leader may call a suit (`call:H`), which the leader must lead if able, or pass; either way the
  call is spent.

Law 104 gives a lone player who leads out of turn a penalty of its own, whose words we could not
read, so a lone player's lead out of turn is still refused (not_your_turn).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ruleset.compiled.cards import SUITS
from ruleset.compiled.rules import Action

from .state import HandState

if TYPE_CHECKING:
    from .phases import Phase

REMEDIES = ("remedy:card", "remedy:suit")
SUIT_CALLS = tuple(f"call:{letter}" for letter in SUITS)


def _adversary_after(state: HandState, seat: int) -> int:
    """The first seat clockwise from `seat`, still playing, on another team: the innocent side's voice."""
    team_of = state.rules.team_of
    other = state.next_active(seat)
    while team_of[other] == team_of[seat]:
        other = state.next_active(other)
    return other


def _is_lone(state: HandState, seat: int) -> bool:
    return (bool(state.maker_alone) and seat == state.maker) or state.defender_alone == seat


def with_lead_out_of_turn(phase: Phase) -> Phase:
    """The play phase where a lead out of turn is accepted and remedied as the innocent side chooses."""
    legal, take, refusal, allows = phase.legal, phase.take, phase.refusal, phase.allows
    assert allows is not None

    def due(state: HandState, seat: int) -> tuple[bool, tuple[int, ...]]:
        """Whether a suit call is due before `seat` leads, and the exposed cards of `seat` that may be called now."""
        suit = not state.trick and state.suit_call == state.rules.team_of[seat]
        plays = state.program.play_actions
        cards = tuple([card for holder, card in state.exposed if holder == seat and allows(state, seat, plays[card])])
        return suit, cards

    def turn(state: HandState) -> None:
        """A seat's turn begins: ask the adversary next after it first, where a call is due."""
        seat = state.to_act
        assert seat is not None
        if state.answered == seat:
            return
        suit, cards = due(state, seat)
        if suit or cards:
            asker = _adversary_after(state, seat)
            state.set(asking=(asker, seat))
            state.to_act = asker

    def calls(state: HandState) -> tuple[Action, ...]:
        asking = state.asking
        assert asking is not None
        suit, cards = due(state, asking[1])
        actions = state.rules.actions
        code = state.rules.card_code
        texts = (*(SUIT_CALLS if suit else ()), *[f"call:{code(card)}" for card in cards], "pass")
        return tuple([actions[text] for text in texts])

    def called_legal(state: HandState, seat: int, actions: tuple[Action, ...]) -> tuple[Action, ...]:
        called = state.called
        if called is None:
            return actions
        kind, value = called
        if kind == "card":
            return tuple([action for action in actions if action.card == value])
        follows = state.follows
        return tuple([action for action in actions if follows[action.card] == value]) or actions

    def legal_here(state: HandState, seat: int) -> tuple[Action, ...]:
        if state.misled is not None:
            actions = state.rules.actions
            return tuple([actions[text] for text in REMEDIES])
        if state.asking is not None:
            return calls(state)
        return called_legal(state, seat, legal(state, seat))

    def allows_here(state: HandState, seat: int, action: Action) -> bool:
        if state.misled is not None or state.asking is not None or action.kind != "play":
            return any(candidate is action for candidate in legal_here(state, seat))
        return allows(state, seat, action) and (state.called is None or action in called_legal(state, seat, legal(state, seat)))

    def refusal_here(state: HandState, seat: int, action: Action) -> str | None:
        if action.kind in ("remedy", "call", "pass"):
            return "cannot_call"
        if state.misled is not None or state.asking is not None:
            return "wrong_phase"  # the innocent side answers first
        if state.called is not None and state.holds(seat, action.card) and allows(state, seat, action):
            return "must_play_called"
        return refusal(state, seat, action)

    def take_here(state: HandState, seat: int, action: Action) -> bool:
        kind = action.kind
        if kind == "remedy":
            misled = state.misled
            assert misled is not None
            offender, card, leader = misled
            if action.text == "remedy:card":
                state.set(misled=None, exposed=(*state.exposed, (offender, card)))
            else:
                state.set(misled=None, suit_call=state.rules.team_of[offender])
            state.to_act = leader
            turn(state)
            return False
        if state.asking is not None:
            turn_of = state.asking[1]
            answer: dict[str, object] = {"asking": None, "answered": turn_of}
            if kind == "call":
                answer["called"] = ("card", action.card) if action.card >= 0 else ("suit", action.suit)
            if not state.trick and state.suit_call == state.rules.team_of[turn_of]:
                answer["suit_call"] = None  # called or passed, the suit call is spent
            state.set(**answer)
            state.to_act = turn_of
            return False
        if kind != "play":
            return take(state, seat, action)  # another kind the phase takes (abandoning a lone hand)
        if not state.trick and seat != state.leader:  # a lead out of turn: the card goes back for the remedy
            state.set(misled=(seat, action.card, state.leader))
            state.to_act = _adversary_after(state, seat)
            return False
        exposed = state.exposed
        changes: dict[str, object] = {}
        if (seat, action.card) in exposed:
            changes["exposed"] = tuple([entry for entry in exposed if entry != (seat, action.card)])
        if state.called is not None:
            changes["called"] = None
        if state.answered is not None:
            changes["answered"] = None
        if changes:
            state.set(**changes)
        done = take(state, seat, action)
        if not done:
            turn(state)  # the next seat's turn may begin with a call
        return done

    def may_lead(state: HandState, seat: int, action: Action) -> bool:
        """Whether `seat`, not to act, may lead `action` out of turn now."""
        return (
            action.kind == "play"
            and not state.trick
            and state.misled is None
            and state.asking is None
            and state.active[seat]
            and not _is_lone(state, seat)
            and state.program.play_actions[action.card] is action
            and state.holds(seat, action.card)
        )

    return replace(
        phase,
        kinds=phase.kinds | {"remedy", "call", "pass"},
        legal=legal_here,
        take=take_here,
        refusal=refusal_here,
        allows=allows_here,
        out_of_turn=may_lead,
    )
