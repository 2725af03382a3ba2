"""Runs of actions (`replay`, `play_out`) are one `do` per action, done faster: the same states, refusals and choices.

Each is checked twice where the build compiled runs.py: the source as Python and the compiled
copy (`fast`), which the engine uses. A hand replayed must leave the history, the journal (so
`undo` takes back any of its actions) and the result one `do` per action leaves; a refused
action must raise the refusal `do` raises, after the actions before it; a hand played out by a
seeded policy must be the hand the `do` loop plays with the same seed.
"""

from __future__ import annotations

import random
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference_impl.deal import deal_number
from reference_impl.engine import IllegalAction, fast, new_hand, observe, runs
from reference_impl.engine.state import HandState
from ruleset import builtin_catalog
from tests.engine_helpers import ALL_COMPOSITIONS, Composition, rules_for

VARIANTS = sorted(builtin_catalog().variants)
BUILDS: list[ModuleType] = [runs] if fast.compiled_runs() is None else [runs, fast.compiled_runs()]  # type: ignore[list-item]
"""runs.py as Python, and its compiled copy where the install built one."""


def same_hand(one: HandState, other: HandState) -> None:
    assert one.history == other.history
    assert one.journal == other.journal
    assert observe(one) == observe(other)
    assert (one.result, one.phase, one.to_act, one.trick, one.led_suit) == (
        other.result,
        other.phase,
        other.to_act,
        other.trick,
        other.led_suit,
    )


def played_by_do(combo: Composition, number: int, dealer: int, seed: int) -> HandState:
    rules = rules_for(combo[0], *combo[1])
    state = new_hand(rules, deal_number(rules, number, dealer % rules.players))
    choice = random.Random(seed).choice
    while not state.is_over:
        state.do(choice(state.legal_actions()))
    return state


def check_runs(build: ModuleType, combo: Composition, number: int, dealer: int, seed: int) -> None:
    rules = rules_for(combo[0], *combo[1])
    deal = deal_number(rules, number, dealer % rules.players)
    by_do = played_by_do(combo, number, dealer, seed)
    played = new_hand(rules, deal)
    build.play_out(played, random.Random(seed).choice)
    same_hand(played, by_do)
    actions = [action for _seat, action in by_do.history]
    replayed = new_hand(rules, deal)
    build.replay(replayed, actions)
    same_hand(replayed, by_do)
    cut = random.Random(seed).randint(0, len(actions))
    for _ in range(len(actions) - cut):  # undo takes back the actions of a run, one at a time
        replayed.undo()
    stepped = new_hand(rules, deal)
    for action in actions[:cut]:
        stepped.do(action)
    same_hand(replayed, stepped)
    build.replay(replayed, [action.text for action in actions[cut:]])  # texts are looked up, as `do` looks them up
    assert observe(replayed) == observe(by_do)


@pytest.mark.parametrize("build", BUILDS, ids=lambda build: build.__name__.rsplit(".", 1)[-1])
@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(number=st.integers(0, 2**64 - 1), dealer=st.integers(0, 5), seed=st.integers(0, 2**32))
def test_every_variant_runs_as_one_do_per_action(build: ModuleType, variant: str, number: int, dealer: int, seed: int) -> None:
    check_runs(build, (variant, ()), number, dealer, seed)


@pytest.mark.parametrize("build", BUILDS, ids=lambda build: build.__name__.rsplit(".", 1)[-1])
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    combo=st.sampled_from(ALL_COMPOSITIONS),
    number=st.integers(0, 2**64 - 1),
    dealer=st.integers(0, 5),
    seed=st.integers(0, 2**32),
)
def test_house_rules_run_as_one_do_per_action(build: ModuleType, combo: Composition, number: int, dealer: int, seed: int) -> None:
    check_runs(build, combo, number, dealer, seed)


@pytest.mark.parametrize("build", BUILDS, ids=lambda build: build.__name__.rsplit(".", 1)[-1])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(number=st.integers(0, 2**64 - 1), seed=st.integers(0, 2**32), stranger=st.integers(0, 10**6))
def test_a_refused_action_in_a_replay_is_refused_as_do_refuses_it(
    build: ModuleType, number: int, seed: int, stranger: int
) -> None:
    """An action swapped into a recorded hand: the replay does the actions before it and raises do's refusal."""
    rules = rules_for("north-american")
    by_do = played_by_do(("north-american", ()), number, 0, seed)
    actions = [action for _seat, action in by_do.history]
    at = stranger % len(actions)
    texts = sorted(rules.actions)
    swapped = rules.actions[texts[stranger % len(texts)]]
    stepped = new_hand(rules, by_do.deal)
    for action in actions[:at]:
        stepped.do(action)
    try:
        stepped.copy().do(swapped)
    except IllegalAction as refused_by_do:
        replayed = new_hand(rules, by_do.deal)
        with pytest.raises(IllegalAction) as refused:
            build.replay(replayed, [*actions[:at], swapped, *actions[at:]])
        assert (refused.value.code, refused.value.seat, refused.value.phase) == (
            refused_by_do.code,
            refused_by_do.seat,
            refused_by_do.phase,
        )
        same_hand(replayed, stepped)


@pytest.mark.parametrize("build", BUILDS, ids=lambda build: build.__name__.rsplit(".", 1)[-1])
def test_a_policy_that_picks_a_card_it_may_not_play_is_refused(build: ModuleType) -> None:
    rules = rules_for("north-american")
    state = new_hand(rules, deal_number(rules, 5))
    while not state.step.plays:
        state.do(state.legal_actions()[-1])  # order up, or name a suit: the hand is played
    held = set(state.legal_actions())
    foreign = next(action for action in rules.play_actions if action not in held)
    seen = observe(state)
    with pytest.raises(IllegalAction):
        build.play_out(state, lambda legal: foreign)
    assert observe(state) == seen


def test_the_compiled_copy_is_used_only_while_runs_py_reads_as_it_was_built_from(tmp_path: Path) -> None:
    edited = tmp_path / "runs.py"
    edited.write_text(Path(runs.__file__).read_text(encoding="utf-8") + "\n# edited after the build\n", encoding="utf-8")
    assert fast.compiled_runs(edited) is None
    assert (fast.compiled_runs() is not None) == fast.COMPILED
    if fast.COMPILED:
        assert fast.replay is not runs.replay
