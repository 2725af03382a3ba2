"""Every variant as an OpenSpiel game passes OpenSpiel's own checks: random simulation with the serialization round
trip, tensor shapes, loading by name. Skipped when pyspiel cannot be imported (the test command installs the `rl`
extra, so CI runs it)."""

from __future__ import annotations

import pickle
import random
import re

import pytest

pytest.importorskip("pyspiel", reason="the simulator's OpenSpiel game needs the rl extra (pip install -e '.[rl]')")
pytest.importorskip("numpy", reason="the simulator's tensors need the rl extra (pip install -e '.[rl]')")

import pyspiel

from ruleset import builtin_catalog
from simulator import table
from simulator.openspiel_game import GAME_NAME, game_string
from simulator.tensors import sections
from tests import ROOT

VARIANTS = sorted(builtin_catalog().variants)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_passes_openspiels_random_simulation_with_serialization(variant: str) -> None:
    """pyspiel.random_sim_test plays random games checking the API (legal actions, chance, returns within the bounds,
    tensors of the declared sizes, strings), and serializes and deserializes states along the way."""
    game = pyspiel.load_game(game_string(variant))
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_sizes_come_from_the_variant(variant: str) -> None:
    game = pyspiel.load_game(f"{GAME_NAME}(variant={variant})")
    rules_table = table(variant)
    assert game.num_players() == rules_table.players
    assert game.num_distinct_actions() == len(rules_table.actions)
    assert game.max_chance_outcomes() == rules_table.deck_size
    assert game.max_game_length() == rules_table.max_moves
    assert game.max_utility() == -game.min_utility() == 2 * rules_table.max_points
    for recall, shape in ((False, game.observation_tensor_shape()), (True, game.information_state_tensor_shape())):
        assert shape == [sum(section.size for section in sections(rules_table, recall))]


def test_house_rules_are_parameters_and_the_game_string_loads_again() -> None:
    game = pyspiel.load_game("euchre_spec(variant=british,house=defend-alone:always)")
    assert str(game) == "euchre_spec(house=defend-alone:always,variant=british)"
    assert str(pyspiel.load_game(str(game))) == str(game)
    assert pyspiel.load_game(game_string("north-american", ("stick-the-dealer", "defend-alone=always"))).get_parameters() == {
        "variant": "north-american",
        "house": "stick-the-dealer+defend-alone:always",
    }
    assert str(pyspiel.load_game(GAME_NAME)) == "euchre_spec(house=,variant=north-american)"


def test_rules_the_spec_lacks_are_refused_with_their_name() -> None:
    with pytest.raises(ValueError, match="unknown variant 'britsh'"):
        pyspiel.load_game("euchre_spec(variant=britsh)")
    with pytest.raises(ValueError, match="conflict"):
        pyspiel.load_game("euchre_spec(house=stick-the-dealer+throw-in)")


def play_randomly(game: object, seed: int) -> object:
    rng = random.Random(seed)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_state_survives_serialization_pickling_and_cloning() -> None:
    game = pyspiel.load_game(game_string("railroad"))
    state = play_randomly(game, 3)
    loaded_game, loaded = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(loaded_game) == str(game) and loaded.history() == state.history()
    assert loaded.returns() == state.returns() and str(loaded) == str(state)
    assert pickle.loads(pickle.dumps(state)).returns() == state.returns()
    partway = game.new_initial_state()
    for action in state.history()[:40]:
        partway.apply_action(action)
    clone = partway.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(partway.history()) == 40 and len(clone.history()) == 41


def test_tensors_show_the_players_own_cards_and_nobody_elses() -> None:
    game = pyspiel.load_game(game_string("north-american"))
    state = game.new_initial_state()
    rng = random.Random(4)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    rules_table = table("north-american")
    hands = state.hand.observation()["hands"]
    layout = {section.name: section for section in sections(rules_table, recall=True)}
    offsets, offset = {}, 0
    for name, section in layout.items():
        offsets[name] = offset
        offset += section.size
    for player in range(game.num_players()):
        tensor = state.information_state_tensor(player)
        hand = tensor[offsets["hand"] : offsets["hand"] + rules_table.deck_size]
        assert {rules_table.rules.deck[i].code for i, bit in enumerate(hand) if bit} == set(hands[player])
        assert tensor[offsets["seat"] + player] == 1.0
    public = pyspiel.IIGObservationType(perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE)
    observer = game.make_py_observer(public)
    assert "hand" not in observer.dict and "calls" in observer.dict


def test_returns_are_the_hands_points_as_a_zero_sum() -> None:
    game = pyspiel.load_game(game_string("cutthroat"))
    for seed in range(20):
        state = play_randomly(game, seed)
        points = state.hand.points()
        assert state.returns() == table("cutthroat").returns(points)
        assert sum(state.returns()) == pytest.approx(0.0)


def test_the_mcts_example_prints_both_runs_of_each_variant(capsys: pytest.CaptureFixture[str]) -> None:
    from simulator.mcts_example import main

    assert main(["--variant", "two-handed", "--variant", "cutthroat", "--hands", "3", "--simulations", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [line.split() for line in lines[2:]]
    assert [(row[0], row[1]) for row in rows] == [
        ("two-handed", "MCTS"),
        ("two-handed", "random"),
        ("cutthroat", "MCTS"),
        ("cutthroat", "random"),
    ]
    assert main(["--variant", "britsh", "--hands", "2"]) == 2
    assert "unknown variant 'britsh'" in capsys.readouterr().err


def test_the_guide_names_every_section_of_the_tensors() -> None:
    """The site's table of the tensors' layout (docs/guides/simulator.md) lists the sections the encoder writes."""
    guide = (ROOT / "docs" / "guides" / "simulator.md").read_text(encoding="utf-8")
    rows = [
        line.split("|")[1]
        for line in guide.split("\n### The tensors", 1)[1].split("\n## ", 1)[0].splitlines()
        if line.startswith("| ")
    ]
    listed = {name.strip() for row in rows[1:] for name in row.replace("(private)", "").split(",")}
    added = set(re.findall(r"`(\w+)` \(", guide.split("The information-state tensor adds", 1)[1].split("\n\n", 1)[0]))
    assert listed | added == {section.name for section in sections(table("bid-euchre"), recall=True)}
