"""The rules as a research simulator: every variant and house rule as an OpenSpiel game and a PettingZoo environment.

Built on the engine's public calls only (`new_hand`, `observe`, and `HandState`'s in-place
`do`, `legal_actions` and `copy`), so a faster engine slots in underneath unchanged: a hand
moves its one state in place, as OpenSpiel's states do, and copies it only when cloned.
This package needs nothing beyond euchre-spec; the adapters need the `rl` extra
(`pip install 'euchre-spec[rl]'`: open-spiel, pettingzoo, gymnasium, numpy):

- `simulator.openspiel_game`: registers `euchre_spec` with pyspiel on import;
- `simulator.pettingzoo_env`: `env(variant, house_rules)`, a PettingZoo AEC environment;
- `simulator.gym_env`: `EuchreEnv`, one seat as a Gymnasium environment (`EuchreSpec-v0`);
- `simulator.tensors`: the observation and information-state tensors, and their layout.
"""

from .hand import CHANCE, TERMINAL, Hand, IllegalMove
from .policies import Policy, random_policy
from .table import Table, UnknownRules, table
from .views import SeatView, seat_view

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Hand",
    "IllegalMove",
    "Policy",
    "SeatView",
    "Table",
    "UnknownRules",
    "random_policy",
    "seat_view",
    "table",
]
