"""One seat of a variant as a Gymnasium environment, the other seats played by chosen policies.

    import gymnasium
    import simulator.gym_env  # registers EuchreSpec-v0
    seat = gymnasium.make("EuchreSpec-v0", variant="cutthroat", seat=1)
    observation, info = seat.reset(seed=3)
    action = seat.action_space.sample(info["action_mask"])

An episode is one hand, from the agent's first decision to the end; a hand in which the agent
has no decision at all (thrown in before its turn) is dealt again, since nothing it did could
change it. The observation is the seat's observation tensor (`recall=True`: its
information-state tensor; `simulator.tensors` gives the layout); `info["action_mask"]` marks
the legal action ids (also `action_masks()`, as MaskablePPO asks), and the reward, given at the
end, is the agent's return (`Table.returns`). The other seats, partners included, play
`others`: one policy for all, or a policy per seat (`simulator.policies`; by default random).

An action that is not legal raises IllegalMove, unless `illegal="lose"`: then the episode ends
there with the lowest return the variant allows (`-2 * Table.max_points`) and
`info["illegal"]` set, for a learner that does not mask its actions.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from reference_impl.deal import deal_number

from .hand import Hand
from .policies import Policy, random_policy
from .table import Table, table
from .tensors import Encoder
from .views import seat_view

ENV_ID = "EuchreSpec-v0"
ILLEGAL = ("raise", "lose")


class EuchreEnv(gymnasium.Env[NDArray[np.float32], np.int64]):
    """A single agent at the table: it acts, the others answer, until its next decision or the end of the hand."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 - gymnasium reads it from the class

    def __init__(
        self,
        variant: str = "north-american",
        house_rules: Iterable[str] = (),
        seat: int = 0,
        others: Policy | Mapping[int, Policy] | None = None,
        recall: bool = False,
        render_mode: str | None = None,
        illegal: str = "raise",
    ) -> None:
        self.table: Table = table(variant, tuple(house_rules))
        if not 0 <= seat < self.table.players:
            raise ValueError(f"seat {seat} is not a seat of {variant} ({self.table.players} players)")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {ILLEGAL}, not {illegal!r}")
        self.illegal = illegal
        self.seat = seat
        self.render_mode = render_mode
        policies = others if isinstance(others, Mapping) else {s: others or random_policy for s in range(self.table.players)}
        self.others = {s: policies.get(s, random_policy) for s in range(self.table.players) if s != seat}
        self.encoder = Encoder(self.table, recall)
        self.observation_space = spaces.Box(0.0, float(self.table.deck_size), self.encoder.tensor.shape, np.float32)
        self.action_space = spaces.Discrete(len(self.table.actions))
        self._rng = random.Random()
        self.hand: Hand | None = None
        self.deal: tuple[int, int] | None = None
        self.forfeited = False
        """Whether the episode ended on an illegal action (illegal="lose")."""

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        self.forfeited = False
        while True:
            number = self._rng.getrandbits(64)
            dealer = self._rng.randrange(self.table.players)
            self.hand = Hand.dealt(self.table, deal_number(self.table.rules, number, dealer))
            self.deal = (number, dealer)
            self._answer()
            if not self.hand.is_over:
                return self._observation(), self._info()

    def step(self, action: int | np.integer[Any]) -> tuple[NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """The agent's action id (ValueError if it is not legal now), then the others' until the agent acts again."""
        hand = self._hand()
        if hand.is_over or self.forfeited:
            raise RuntimeError("the episode is over: call reset() for the next one")
        if self.illegal == "lose" and int(action) not in hand.legal_ids():
            self.forfeited = True
            return self._observation(), -2.0 * self.table.max_points, True, False, self._info() | {"illegal": True}
        hand.apply(int(action))
        self._answer()
        reward = hand.returns()[self.seat] if hand.is_over else 0.0
        return self._observation(), reward, hand.is_over, False, self._info()

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal action ids as booleans (all False once the hand is over)."""
        mask = np.zeros(len(self.table.actions), np.bool_)
        hand = self._hand()
        if hand.current_player() == self.seat and not self.forfeited:
            mask[hand.legal_ids()] = True
        return mask

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return "\n".join(self._hand().log())

    def _answer(self) -> None:
        """Let the other seats act until the agent is to act or the hand is over."""
        hand = self._hand()
        while not hand.is_over and hand.current_player() != self.seat:
            seat = hand.current_player()
            hand.apply(self.others[seat](seat_view(hand, seat), hand.legal_ids(), self._rng))

    def _observation(self) -> NDArray[np.float32]:
        return self.encoder.encode(seat_view(self._hand(), self.seat)).copy()

    def _info(self) -> dict[str, Any]:
        assert self.deal is not None
        return {"action_mask": self.action_masks().astype(np.int8), "deal": self.deal[0], "dealer": self.deal[1]}

    def _hand(self) -> Hand:
        if self.hand is None:
            raise RuntimeError("call reset() first: no hand has been dealt")
        return self.hand


if ENV_ID not in gymnasium.registry:
    gymnasium.register(ENV_ID, entry_point=f"{__name__}:EuchreEnv")
