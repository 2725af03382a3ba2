"""Every variant as an OpenSpiel game: `pyspiel.load_game("euchre_spec(variant=british,house=defend-alone:always)")`.

Importing this module registers the game `euchre_spec` with pyspiel. Its parameters are
`variant` (a base variant's id, north-american by default) and `house` (house rules joined
with `+`, a mode written `ID:MODE`, since OpenSpiel's game strings end a value at `=`). The
players, the number of actions, the chance outcomes, the longest hand, the bounds of the
returns and the tensor shapes all come from the variant.

A game is one hand. Chance picks the dealer, then deals the deck card by card
(`simulator.hand`); the players then act by action id, an index into `Table.actions` (the
protocol's action texts). Returns are zero-sum (`Table.returns`). Observation and
information-state strings and tensors show a player only what that player may see
(`simulator.views`, `simulator.tensors`, whose docstring gives the tensor layout).
"""

from __future__ import annotations

from typing import Any

import pyspiel

from .hand import TERMINAL, Hand
from .table import Table, UnknownRules, house_text, parse_house, table
from .tensors import Encoder
from .views import describe, seat_view

GAME_NAME = "euchre_spec"
DEFAULT_VARIANT = "north-american"

GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Euchre (euchre-spec: any variant and house rules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"variant": DEFAULT_VARIANT, "house": ""},
)


def game_string(variant: str, house_rules: tuple[str, ...] = ()) -> str:
    """The name pyspiel.load_game takes for a variant and house rules."""
    house = house_text(house_rules)
    return f"{GAME_NAME}(variant={variant}" + (f",house={house})" if house else ")")


def game_info(rules_table: Table) -> pyspiel.GameInfo:
    """The sizes OpenSpiel asks of a game, from the variant."""
    bound = 2.0 * rules_table.max_points
    return pyspiel.GameInfo(
        num_distinct_actions=len(rules_table.actions),
        max_chance_outcomes=max(rules_table.deck_size, rules_table.players),
        num_players=rules_table.players,
        min_utility=-bound,
        max_utility=bound,
        utility_sum=0.0,
        max_game_length=rules_table.max_moves,
    )


class EuchreGame(pyspiel.Game):  # type: ignore[misc]
    """One hand of a variant with its house rules."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        variant = str(given.get("variant", DEFAULT_VARIANT))
        house = parse_house(str(given.get("house", "")))
        try:
            self.table = table(variant, house)
        except UnknownRules as exc:
            raise ValueError(f"{GAME_NAME}: {exc}") from None
        super().__init__(GAME_TYPE, game_info(self.table), {"variant": variant, "house": house_text(house)})

    def new_initial_state(self) -> EuchreState:
        return EuchreState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> EuchreObserver:
        if params:
            raise ValueError(f"{GAME_NAME} observers take no parameters, not {sorted(params)}")
        return EuchreObserver(self.table, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


class EuchreState(pyspiel.State):  # type: ignore[misc]
    """A hand in progress: `hand` holds it all, so a clone or a pickle copies one small object."""

    def __init__(self, game: EuchreGame) -> None:
        super().__init__(game)
        self.hand = Hand(game.table)

    def current_player(self) -> int:
        return self.hand.player

    def _legal_actions(self, player: int) -> list[int]:
        return self.hand.legal_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.hand.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.hand.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        rules_table = self.hand.table
        if player != pyspiel.PlayerId.CHANCE:
            return rules_table.actions[action]
        if self.hand.dealer is None:
            return f"dealer:{action}"
        return f"deal:{rules_table.rules.card_code(action)}"

    def is_terminal(self) -> bool:
        return self.hand.player == TERMINAL

    def returns(self) -> list[float]:
        return self.hand.returns()

    def __str__(self) -> str:
        observation = self.hand.observation()
        if observation is None:
            return f"dealing: dealer {self.hand.dealer}, {len(self.hand.order)} cards dealt"
        hands = " | ".join(" ".join(held) for held in observation["hands"])
        return f"phase {observation['phase']}, to act {observation['to_act']}, hands {hands}, trick {observation['trick']}"


class EuchreObserver:
    """OpenSpiel's observer for Python games: a tensor with named sections, and the strings."""

    def __init__(self, rules_table: Table, iig_obs_type: Any) -> None:
        private = iig_obs_type.private_info
        if not iig_obs_type.public_info or private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError(f"{GAME_NAME} observes for one player, with the public information, and its own or none")
        self.recall = bool(iig_obs_type.perfect_recall)
        self.private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.encoder = Encoder(rules_table, self.recall, self.private)
        self.tensor = self.encoder.tensor
        self.dict = self.encoder.dict
        self.codes = tuple(card.code for card in rules_table.rules.deck)

    def set_from(self, state: EuchreState, player: int) -> None:
        self.encoder.encode(seat_view(state.hand, player, self.private))

    def string_from(self, state: EuchreState, player: int) -> str:
        return describe(seat_view(state.hand, player, self.private), self.codes, self.recall)


pyspiel.register_game(GAME_TYPE, EuchreGame)
