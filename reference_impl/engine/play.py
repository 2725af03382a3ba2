"""Playing the tricks and scoring the hand.

Following suit and winning tricks both go by a card's *effective* suit (a bower or a Benny
belongs to trump), read from the compiled rules' tables for the hand's trump suit.
"""

from __future__ import annotations

from ..rules import Action
from .state import HAND_OVER, PLAY, HandResult, HandState


def first_leader(state: HandState) -> int:
    """Who leads the first trick, by the variant's rule for lone hands."""
    rules = state.rules
    if rules.first_lead == "left_of_lone_player":
        if state.maker_alone and state.defender_alone >= 0:
            return state.defender_alone
        if state.defender_alone >= 0:
            return state.next_active(state.defender_alone)
        if state.maker_alone:
            return state.next_active(state.maker)
    return state.next_active(state.dealer)


def start(state: HandState) -> None:
    state.phase = PLAY
    state.passes = 0
    state.leader = first_leader(state)
    state.to_act = state.leader


def legal_play(state: HandState) -> tuple[Action, ...]:
    rules = state.rules
    hand = state.hands[state.to_act]
    play_actions = rules.play_actions
    if state.trick and not rules.renege_penalized:
        effective = rules.effective_suit[state.trump]
        led = state.led_suit
        following = [play_actions[card] for card in hand if effective[card] == led]
        if following:
            return tuple(following)
    return tuple([play_actions[card] for card in hand])


def take_play(state: HandState, action: Action) -> None:
    rules = state.rules
    seat = state.to_act
    card = action.card
    hands = list(state.hands)
    held = hands[seat]
    position = held.index(card)
    hands[seat] = held[:position] + held[position + 1 :]
    state.hands = tuple(hands)
    if not state.trick:
        state.led_suit = rules.effective_suit[state.trump][card]
    elif rules.renege_penalized and state.reneged < 0 and _revokes(state, seat, card):
        state.reneged = seat
    trick = (*state.trick, (seat, card))
    if len(trick) < state.active_count:
        state.trick = trick
        state.to_act = state.next_active(seat)
        return
    winner = trick_winner(state, trick)
    won = list(state.tricks_won)
    won[winner] += 1
    state.tricks_won = tuple(won)
    state.tricks = (*state.tricks, (winner, trick))
    state.trick = ()
    state.led_suit = -1
    if len(state.tricks) == rules.hand_size:
        _score(state)
    else:
        state.leader = winner
        state.to_act = winner


def _revokes(state: HandState, seat: int, card: int) -> bool:
    """Whether playing `card` fails to follow suit while holding the suit led (checked before the card leaves the hand)."""
    effective = state.rules.effective_suit[state.trump]
    led = state.led_suit
    return effective[card] != led and any(effective[held] == led for held in state.hands[seat] if held != card)


def trick_winner(state: HandState, trick: tuple[tuple[int, int], ...]) -> int:
    """The seat whose card wins: highest trump, else highest card of the suit led."""
    rules = state.rules
    effective = rules.effective_suit[state.trump]
    power = rules.power[state.trump]
    trump = state.trump
    led = effective[trick[0][1]]
    later_wins = rules.later_duplicate_wins
    best_seat, best_card = trick[0]
    best = power[best_card]
    best_is_trump = effective[best_card] == trump
    for seat, card in trick[1:]:
        suit = effective[card]
        if suit == trump:
            value = power[card]
            if not best_is_trump or value > best or (later_wins and value == best):
                best_seat, best, best_is_trump = seat, value, True
        elif suit == led and not best_is_trump:
            value = power[card]
            if value > best or (later_wins and value == best):
                best_seat, best = seat, value
    return best_seat


def _score(state: HandState) -> None:
    rules = state.rules
    makers_team = rules.team_of[state.maker]
    makers_tricks = sum(state.tricks_won[seat] for seat in rules.teams[makers_team])
    table = rules.scoring_predicted_alone if state.predicted_alone else rules.scoring
    row = table[(makers_tricks, state.maker_alone, state.defender_alone >= 0)]
    points = [0] * len(rules.teams)
    for team in range(len(rules.teams)):
        if (team == makers_team) == (row.to == "makers"):
            points[team] = row.points
    row_name, clause = row.name, row.clause
    if state.reneged >= 0:
        points, row_name, clause = _renege_points(state), "renege", rules.document["play"].get("renege_clause")
    state.phase = HAND_OVER
    state.to_act = -1
    state.result = HandResult(
        thrown_in=False,
        maker=state.maker,
        trump=state.trump,
        makers_tricks=makers_tricks,
        maker_alone=state.maker_alone,
        defender_alone=state.defender_alone if state.defender_alone >= 0 else None,
        row=row_name,
        clause=clause,
        points=tuple(points),
        reneged_by=state.reneged if state.reneged >= 0 else None,
    )


def _renege_points(state: HandState) -> list[int]:
    """The renege penalty replaces the hand's score: more when the guilty side faced a lone hand."""
    rules = state.rules
    guilty = rules.team_of[state.reneged]
    lone_opponent = (state.maker_alone and rules.team_of[state.maker] != guilty) or (
        state.defender_alone >= 0 and rules.team_of[state.defender_alone] != guilty
    )
    penalty = rules.renege_against_lone if lone_opponent else rules.renege_points
    if rules.renege_subtract:
        return [-penalty if team == guilty else 0 for team in range(len(rules.teams))]
    return [0 if team == guilty else penalty for team in range(len(rules.teams))]
