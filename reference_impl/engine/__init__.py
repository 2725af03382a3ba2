"""The reference engine: a pure state machine for one hand, and games of many hands on top."""

from .game import GameState, decide_winners, game_apply, game_legal_actions, new_game, next_dealer, numbered_deals
from .machine import apply, legal_actions, new_hand, refusal_reason
from .observe import observe, observe_game
from .phases import ORDER, PHASES, Phase
from .state import REASONS, HandResult, HandState, IllegalAction

__all__ = [
    "ORDER",
    "PHASES",
    "REASONS",
    "GameState",
    "HandResult",
    "HandState",
    "IllegalAction",
    "Phase",
    "apply",
    "decide_winners",
    "game_apply",
    "game_legal_actions",
    "legal_actions",
    "new_game",
    "new_hand",
    "next_dealer",
    "numbered_deals",
    "observe",
    "observe_game",
    "refusal_reason",
]
