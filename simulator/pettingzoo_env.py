"""Every variant as a PettingZoo AEC environment: one hand per episode, an action mask for every agent.

    from simulator.pettingzoo_env import env
    table = env("british", house_rules=("defend-alone=always",))
    table.reset(seed=7)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, info = table.last()
        action = None if termination else table.action_space(agent).sample(observation["action_mask"])
        table.step(action)

The agents are `player_0` ... `player_{P-1}`, P from the variant. Each observation is a dict:
`observation`, the seat's observation tensor (or with `recall=True` its information-state
tensor; `simulator.tensors` gives the layout), and `action_mask`, 1 for each legal action id
(all zeros for an agent not to act). Action ids index `Table.actions`, the protocol's action
texts. The hand is a portable deal: `infos[agent]` gives its `deal` number and `dealer`, so
`euchre-spec play VARIANT --deal N --dealer D` deals the same cards. Rewards come at the end,
each agent's return (`Table.returns`, zero-sum).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv

from reference_impl.deal import deal_number

from .hand import Hand
from .table import Table, table
from .tensors import Encoder
from .views import seat_view

Observation = dict[str, NDArray[Any]]


def env(variant: str = "north-american", house_rules: Iterable[str] = (), **options: Any) -> EuchreAEC:
    """The AEC environment of a variant and house rules (options: recall, render_mode)."""
    return EuchreAEC(variant, house_rules, **options)


class EuchreAEC(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """One hand of a variant, agents acting in turn."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "euchre_spec_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        variant: str = "north-american",
        house_rules: Iterable[str] = (),
        recall: bool = False,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.table: Table = table(variant, tuple(house_rules))
        self.render_mode = render_mode
        self.encoder = Encoder(self.table, recall)
        players = self.table.players
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agent_name_mapping = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = len(self.table.actions)
        box = spaces.Box(0.0, float(self.table.deck_size), self.encoder.tensor.shape, np.float32)
        mask = spaces.Box(0, 1, (size,), np.int8)
        self._observation_space = spaces.Dict({"observation": box, "action_mask": mask})
        self._action_space = spaces.Discrete(size)
        self._rng = random.Random()
        self.hand: Hand | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand: a portable deal number and a dealer drawn from the environment's generator."""
        if seed is not None:
            self._rng = random.Random(seed)
        number = self._rng.getrandbits(64)
        dealer = self._rng.randrange(self.table.players)
        self.hand = Hand.dealt(self.table, deal_number(self.table.rules, number, dealer))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {"deal": number, "dealer": dealer} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.hand.current_player()]

    def observe(self, agent: str) -> Observation:
        hand = self._hand()
        seat = self.agent_name_mapping[agent]
        mask = np.zeros(len(self.table.actions), np.int8)
        if hand.current_player() == seat:
            mask[hand.legal_ids()] = 1
        return {"observation": self.encoder.encode(seat_view(hand, seat)).copy(), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The selected agent's action id (None once it is terminated); ValueError for an action not legal now."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        hand = self._hand()
        if action is None:
            raise ValueError(f"{agent} is to act: give an action id, not None")
        hand.apply(int(action))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if hand.is_over:
            for agent_name, value in zip(self.agents, hand.returns(), strict=True):
                self.rewards[agent_name] = value
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        else:
            self.agent_selection = self.possible_agents[hand.current_player()]
        if self.render_mode == "human":
            print(self.render())

    def render(self) -> str | None:
        """The hand so far as the engine's readable log."""
        if self.render_mode is None:
            return None
        return "\n".join(self._hand().log())

    def close(self) -> None:
        return None

    def _hand(self) -> Hand:
        if self.hand is None:
            raise RuntimeError("call reset() first: no hand has been dealt")
        return self.hand
