"""The reference engine: a state machine for one hand (pure `apply`, and in place with `HandState.do` and
`undo`, or many actions at once with `replay` and `play_out`), games of many hands on top, and matches of games."""

from .fast import play_out, replay
from .game import GameState, decide_winners, game_apply, game_do, game_legal_actions, new_game, next_dealer, numbered_deals
from .machine import apply, legal_actions, new_hand, refusal_reason
from .match import FinishedGame, MatchState, match_apply, match_do, match_legal_actions, new_match
from .observe import observe, observe_game, observe_match
from .phases import ORDER, PHASES, Phase
from .program import flow
from .state import HandResult, HandState, IllegalAction

__all__ = [
    "ORDER",
    "PHASES",
    "FinishedGame",
    "GameState",
    "HandResult",
    "HandState",
    "IllegalAction",
    "MatchState",
    "Phase",
    "apply",
    "decide_winners",
    "flow",
    "game_apply",
    "game_do",
    "game_legal_actions",
    "legal_actions",
    "match_apply",
    "match_do",
    "match_legal_actions",
    "new_game",
    "new_hand",
    "new_match",
    "next_dealer",
    "numbered_deals",
    "observe",
    "observe_game",
    "observe_match",
    "play_out",
    "refusal_reason",
    "replay",
]
