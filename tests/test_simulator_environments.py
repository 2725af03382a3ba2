"""Every variant as a PettingZoo AEC environment passes PettingZoo's api_test and seed test; the Gymnasium
single-agent view passes Gymnasium's env checker. Seeded throughout. Skipped when the `rl` extra is not installed
(the test command installs it, so CI runs them)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

pytest.importorskip("pettingzoo", reason="the simulator's environments need the rl extra (pip install -e '.[rl]')")
pytest.importorskip("gymnasium", reason="the simulator's environments need the rl extra (pip install -e '.[rl]')")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from reference_impl.deal import deal_number
from ruleset import builtin_catalog
from simulator import SeatView, table
from simulator.gym_env import ENV_ID, EuchreEnv
from simulator.hand import IllegalMove
from simulator.pettingzoo_env import env

VARIANTS = sorted(builtin_catalog().variants)
pytestmark = [
    # What api_test says of every environment whose observations are dicts with an action mask, PettingZoo's own included.
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
]


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_passes_pettingzoos_api_test(variant: str) -> None:
    environment = env(variant)
    environment.action_space("player_0").seed(1)  # the one Discrete space all agents share: api_test's draws are fixed
    api_test(environment, num_cycles=60)
    seed_test(lambda: env(variant), num_cycles=30)


def test_the_information_state_can_be_the_observation() -> None:
    environment = env("british", ("defend-alone=always",), recall=True)
    environment.action_space("player_0").seed(2)
    api_test(environment, num_cycles=40)


def test_an_episode_is_one_hand_the_deal_number_reproduces() -> None:
    environment = env("cutthroat")
    environment.reset(seed=8)
    info = environment.infos["player_0"]
    rules_table = table("cutthroat")
    deal = deal_number(rules_table.rules, info["deal"], info["dealer"])
    assert environment.hand is not None and environment.hand.deal == deal
    masks_seen = 0
    for agent in environment.agent_iter():
        observation, _reward, termination, _truncation, _ = environment.last()
        mask = observation["action_mask"]
        if termination:
            environment.step(None)
            continue
        legal = np.flatnonzero(mask)
        assert [rules_table.actions[i] for i in legal] == sorted(
            environment.hand.observation()["legal_actions"], key=rules_table.ids.__getitem__
        )
        for other in environment.possible_agents:
            if other != agent:
                assert not environment.observe(other)["action_mask"].any()
        masks_seen += 1
        environment.step(int(legal[-1]))
    assert masks_seen > 10
    assert sum(environment._cumulative_rewards.values()) == pytest.approx(0.0)
    with pytest.raises(RuntimeError, match="reset"):
        env("cutthroat").observe("player_0")


@pytest.mark.parametrize("variant", ["north-american", "cutthroat", "pepper", "six-handed-cornish-double"])
def test_the_single_agent_view_passes_gymnasiums_checker(variant: str) -> None:
    # The checker steps with actions drawn without the mask: such an action loses the hand instead of raising.
    check_env(EuchreEnv(variant, seat=1, illegal="lose"), skip_render_check=True)


def test_the_single_agent_plays_against_the_policies_it_is_given() -> None:
    asked: list[int] = []

    def first_legal(view: SeatView, legal: Sequence[int], rng: random.Random) -> int:
        asked.append(view.seat)
        assert view.legal and view.hand  # the seat's own view, legal actions included
        return legal[0]

    seat = gymnasium.make(ENV_ID, variant="north-american", seat=2, others={1: first_legal}, render_mode="ansi")
    _, info = seat.reset(seed=6)
    done, reward = False, 0.0
    while not done:
        assert info["action_mask"].any()
        _, reward, done, _, info = seat.step(int(np.flatnonzero(info["action_mask"])[-1]))
    assert set(asked) == {1}
    assert "Trick" in seat.render() or "thrown in" in seat.render()
    assert reward == seat.unwrapped.hand.returns()[2]


def test_an_illegal_action_raises_or_loses_as_asked() -> None:
    strict = EuchreEnv("north-american", seat=0)
    _, info = strict.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(IllegalMove):
        strict.step(illegal)
    lenient = EuchreEnv("north-american", seat=0, illegal="lose")
    _, info = lenient.reset(seed=1)
    _, reward, terminated, _, info = lenient.step(illegal)
    assert terminated and info["illegal"] and reward == -2 * table("north-american").max_points
    with pytest.raises(RuntimeError, match="reset"):
        lenient.step(illegal)
