"""Playouts: an engine plays a dealt hand out by the numbers it is sent, and the fuzzer reads only hands played apart.

What the protocol says a playout chooses must be what the fuzzer's own random choices are, or a
hand both engines played out would not be the hand the fuzzer meant; the reference engine's own
fast playout must take the steps the kit's plain one does; a playout answers in a batch as alone;
and an engine that does not choose as the protocol says loses nothing: its hands are played a
step at a time, with the same findings.
"""

from __future__ import annotations

import random
import shlex
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance.engines import reference, sdk
from conformance.engines.reference import ReferenceEngine, ReferenceGames
from conformance.fuzzing.play import Chooser, Setup, Start, fuzz
from conformance.fuzzing.tables import PLAYOUT_VIEW, played_alike
from documents.schemas import message_check
from reference_impl.engine import fast, runs
from ruleset.compiled.loading import load_rules
from tests.engine_helpers import ALL_COMPOSITIONS, composition_id

SERVE = f"{sys.executable} -m euchre_spec serve"
VIEW = ["to_act", "legal_actions", "hand_over", "finished_hands", "phase"]
REPLY = message_check("https://euchre-spec.org/schemas/protocol.schema.json#/$defs/playout_reply")


@given(
    seed=st.integers(min_value=0, max_value=2**32),
    count=st.integers(min_value=0, max_value=120),
    sizes=st.lists(st.integers(min_value=1, max_value=40), max_size=60),
)
def test_a_playout_chooses_what_random_choice_chooses_from_the_same_generator(seed: int, count: int, sizes: list[int]) -> None:
    """The numbers a playout carries choose what `random.choice` would from the hand's generator, and once they run
    out the fuzzer's own choices go on from the generator just past them, as if no number had been drawn."""
    generator = random.Random(seed)
    start = Start({}, random.Random(seed))
    numbers = start.numbers(count)
    chooser, index = Chooser(start), 0
    picks = [runs.NumberedChoices(numbers), fast.NumberedChoices(numbers)]  # as written, and as installed
    for size in sizes:
        options = [f"action{option:02d}" for option in range(size)]
        expected = generator.choice(options)
        assert chooser.choose(options) == expected
        chosen = None if index is None else runs.playout_choice(numbers, index, size)
        assert chosen == (None if index is None else sdk.playout_choice(numbers, index, size))
        if chosen is None:  # the numbers ran out: random.choice drew past them
            index = None
        else:
            assert options[chosen[0]] == expected
            index = chosen[1]
        shuffled = [_Named(option) for option in random.Random(size).sample(options, size)]
        for pick in picks:  # the engine's own picks, among actions listed in any order, take the same action
            taken = None if pick.ran_out else pick.pick(tuple(shuffled))
            assert (taken.text if taken is not None else None) == (None if chosen is None else expected)


class _Named:
    """Anything with a text, as an action is for a playout's choice."""

    def __init__(self, text: str) -> None:
        self.text = text


def _setup(variant: str, house_rules: tuple[str, ...], number: int, dealer: int) -> sdk.Setup:
    rules = dict(load_rules(variant, house_rules).document)
    return sdk.Setup.of(
        {"variant": variant, "house_rules": list(house_rules), "rules": rules, "deals": [{"dealer": dealer, "number": number}]}
    )


def _sorted_steps(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The steps with each observation's legal actions in one order: an engine may list them in any."""
    return [
        {**step, "observation": {**step["observation"], "legal_actions": sorted(step["observation"]["legal_actions"])}}
        for step in steps
    ]


@pytest.mark.parametrize("built", [runs, fast], ids=["source", "as-installed"])
@pytest.mark.parametrize("combo", ALL_COMPOSITIONS, ids=[composition_id(combo) for combo in ALL_COMPOSITIONS])
def test_the_reference_playout_takes_the_steps_the_kits_plain_playout_takes(
    combo: tuple[str, tuple[str, ...]], built: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its runs of cards and its choices (compiled where the build could, and as written) against one `apply` per
    action and the kit's choice."""
    monkeypatch.setattr(reference, "play_cards", built.play_cards)
    monkeypatch.setattr(reference, "NumberedChoices", built.NumberedChoices)
    engine = ReferenceGames()
    rnd = random.Random(composition_id(combo))
    for count in (3, 30, 400):  # numbers that run out in the bidding, in the play, and that last the hand
        setup = _setup(*combo, rnd.getrandbits(64), rnd.randrange(2))
        numbers = [rnd.getrandbits(32) for _ in range(count)]
        for fields in (PLAYOUT_VIEW, ("to_act", "legal_actions")):
            fast = engine.play_out(engine.start(setup), numbers, fields)
            plain = sdk.Engine.play_out(engine, engine.start(setup), numbers, fields)
            assert _sorted_steps(fast.steps) == _sorted_steps(plain.steps)
            assert fast.refused is plain.refused is None
            assert engine.observe(fast.game) == engine.observe(plain.game)
        traced, plainly = engine.trace_out(engine.start(setup), numbers), _Plain().trace_out(engine.start(setup), numbers)
        assert (traced.seats, traced.actions, traced.legal) == (plainly.seats, plainly.actions, plainly.legal)
        assert traced.refused is plainly.refused is None
        assert engine.observe(traced.game) == engine.observe(plainly.game)
        assert traced.actions == [step["action"] for step in plain.steps]


class _Plain(ReferenceGames):
    """The reference engine's games played out and traced as the kit does for any engine: by `apply` and `observe`."""

    play_out = sdk.Engine.play_out
    trace_out = sdk.Engine.trace_out


def _open(server: ReferenceEngine, session: int, number: int, view: list[str] | None = VIEW) -> dict[str, Any]:
    rules = dict(load_rules("north-american").document)
    message = {"type": "open", "seq": 1, "session": session, "variant": "north-american", "house_rules": [], "rules": rules}
    message["deals"] = [{"dealer": 1, "number": number}]
    reply = server.handle(message | ({} if view is None else {"view": view}))
    assert reply is not None and reply["type"] == "observation"
    return reply["observation"]


def test_a_playout_plays_the_hand_out_and_leaves_the_session_where_it_ended() -> None:
    server = ReferenceEngine()
    opening = _open(server, 1, 77)
    numbers = Start({}, random.Random(5)).numbers(200)
    reply = server.handle({"type": "playout", "seq": 2, "session": 1, "numbers": numbers, "view": list(PLAYOUT_VIEW)})
    assert reply is not None and not list(REPLY.iter_errors(reply))
    assert reply["observation"]["hand_over"] and reply["observation"]["finished_hands"]
    assert all(set(step["observation"]) == set(PLAYOUT_VIEW) for step in reply["steps"])
    # each step is the seat to act taking what random.choice takes of the sorted legal actions, from the same generator
    generator, seen = random.Random(5), opening
    for step in reply["steps"]:
        assert step["seat"] == seen["to_act"] and step["action"] == generator.choice(sorted(seen["legal_actions"]))
        seen = step["observation"]
    # the session is at the end of the hand: an act is refused as an act after the hand would be
    after = server.handle({"type": "act", "seq": 3, "session": 1, "seat": 0, "action": "pass"})
    assert after is not None and after["type"] == "refused"


def test_a_traced_playout_says_each_seat_action_and_sorted_legal_actions_as_random_choice_chose() -> None:
    server = ReferenceEngine()
    opening = _open(server, 1, 77)
    numbers = Start({}, random.Random(5)).numbers(200)
    reply = server.handle({"type": "playout", "seq": 2, "session": 1, "numbers": numbers, "trace": True})
    assert reply is not None and not list(REPLY.iter_errors(reply)) and "steps" not in reply
    assert reply["observation"]["hand_over"] and reply["observation"]["finished_hands"]
    trace, generator = reply["trace"], random.Random(5)
    assert trace["seats"][0] == opening["to_act"] and trace["legal"][0] == sorted(opening["legal_actions"])
    assert len(trace["seats"]) == len(trace["actions"]) == len(trace["legal"]) > 5
    for legal, action in zip(trace["legal"], trace["actions"], strict=True):
        assert legal == sorted(legal) and action == generator.choice(legal)
    # the same hand played out with steps took the same actions, each seat to act as the trace says
    again = ReferenceEngine()
    _open(again, 1, 77)
    steps = again.handle({"type": "playout", "seq": 2, "session": 1, "numbers": numbers, "view": list(PLAYOUT_VIEW)})
    assert steps is not None and [step["action"] for step in steps["steps"]] == trace["actions"]
    assert [step["observation"]["to_act"] for step in steps["steps"][:-1]] == trace["seats"][1:]
    assert steps["observation"] == reply["observation"]


def test_a_playout_stops_where_its_numbers_run_out_and_is_answered_in_a_batch_as_alone() -> None:
    numbers = [2**32 - 1] * 3 + [0]  # the top bits of 2**32 - 1 name no action among 2: three are passed over
    alone, batched = ReferenceEngine(), ReferenceEngine()
    _open(alone, "s", 9)
    _open(batched, "s", 9)
    by_itself = alone.handle({"type": "playout", "seq": 5, "session": "s", "numbers": numbers})
    in_batch = batched.handle(
        {"type": "batch", "seq": 6, "messages": [{"type": "playout", "seq": 5, "session": "s", "numbers": numbers}]}
    )
    assert by_itself is not None and in_batch is not None
    assert in_batch["replies"] == [by_itself]
    assert len(by_itself["steps"]) == 1 and by_itself["observation"]["to_act"] is not None


@pytest.mark.parametrize(
    ("message", "problem"),
    [
        ({"numbers": [-1]}, "/numbers/0"),
        ({"numbers": [2**32]}, "/numbers/0"),
        ({"numbers": [True]}, "/numbers/0"),
        ({"numbers": [0] * 4097}, "/numbers"),
        ({"numbers": [0], "view": "to_act"}, "/view"),
        ({"numbers": [0], "tempo": 1}, "at /:"),
        ({"numbers": [0], "trace": "yes"}, "/trace"),
    ],
)
def test_a_malformed_playout_is_answered_with_an_error_naming_where(message: dict[str, Any], problem: str) -> None:
    server = ReferenceEngine()
    _open(server, 1, 3)
    reply = server.handle({"type": "playout", "seq": 4, "session": 1} | message)
    assert reply is not None and reply["type"] == "error" and problem in reply["message"]


def test_an_engine_without_traces_answers_a_traced_playout_with_an_error_and_leaves_the_game_as_it_was() -> None:
    server = ReferenceEngine(traces=False)
    opening = _open(server, 1, 3)
    reply = server.handle({"type": "playout", "seq": 4, "session": 1, "numbers": [0] * 80, "trace": True})
    assert reply is not None and reply["type"] == "error" and "does not offer traces" in reply["message"]
    after = server.handle({"type": "restart", "seq": 5, "session": 1, "deals": [{"dealer": 1, "number": 3}]})
    assert after is not None and after["observation"] == opening


def test_an_engine_without_playouts_answers_a_playout_as_an_unknown_message() -> None:
    server = ReferenceEngine(playouts=False)
    _open(server, 1, 3)
    reply = server.handle({"type": "playout", "seq": 4, "session": 1, "numbers": [0]})
    assert reply is not None and reply["type"] == "error" and "unknown message type" in reply["message"]


@pytest.mark.parametrize(
    "garbage",
    [None, 7, [], [None], [{"seat": 0}], [{"seat": "0", "action": 1, "observation": []}]],
)
def test_steps_that_cannot_be_read_are_not_alike_and_raise_nothing(garbage: Any) -> None:
    opening = {"to_act": 0, "legal_actions": ["pass", "order_up"], "hand_over": False}
    last = {"to_act": None, "legal_actions": [], "hand_over": True, "finished_hands": [{"points": [1, 0]}]}
    numbers = [0] * 20
    sound = ([0] * 20, opening, [{"seat": 0, "action": "order_up", "observation": last}], last)
    assert not played_alike((numbers, opening, garbage, last), sound)
    assert not played_alike(sound, (numbers, opening, garbage, last))


def _trace(seats: Any, actions: Any, legal: Any) -> dict[str, Any]:
    return {"seats": seats, "actions": actions, "legal": legal}


@pytest.mark.parametrize(
    "garbage",
    [
        None,
        7,
        {},
        _trace(None, ["order_up"], [["order_up", "pass"]]),
        _trace([0], "order_up", [["order_up", "pass"]]),
        _trace([0], ["order_up"], [[]]),
        _trace([0], ["order_up"], [None]),
        _trace([0], ["order_up"], [["pass", "order_up"]]),  # not in code-point order
        _trace([0], [1], [["order_up", "pass"]]),
        _trace([1], ["order_up"], [["order_up", "pass"]]),  # not the seat the deal left to act
        _trace([0], ["pass"], [["order_up", "pass"]]),  # not what the numbers choose
        _trace([0, 1], ["order_up"], [["order_up", "pass"]]),
        _trace([], [], []),
    ],
)
def test_traces_that_cannot_be_read_or_were_not_chosen_by_the_numbers_are_not_alike_and_raise_nothing(garbage: Any) -> None:
    opening = {"to_act": 0, "legal_actions": ["pass", "order_up"], "hand_over": False}
    last = {"to_act": None, "legal_actions": [], "hand_over": True, "finished_hands": [{"points": [1, 0]}]}
    numbers = [0] * 20  # a number of 0 chooses the first of the sorted legal actions
    sound = (numbers, opening, _trace([0], ["order_up"], [["order_up", "pass"]]), last)
    assert played_alike(sound, sound)
    assert not played_alike((numbers, opening, garbage, last), sound)
    assert not played_alike(sound, (numbers, opening, garbage, last))
    assert not played_alike((numbers, opening, garbage, last), (numbers, opening, garbage, last))


CHOOSING_ITS_OWN_WAY = """
import sys
from conformance.engines import sdk
from conformance.engines.reference import ReferenceEngine, ReferenceGames


class FirstAction(ReferenceGames):  # offers playouts, but always plays the first legal action in its own order
    def play_out(self, game, numbers, fields):
        steps = []
        while not game.is_over and not game.hand.is_over and game.hand.legal_actions():
            seat, action = game.hand.to_act, game.hand.legal_actions()[0].text
            game = self.apply(game, seat, action)
            steps.append({"seat": seat, "action": action, "observation": self.observe_view(game, fields)})
        return sdk.PlayedOut(game, steps, None)


server = ReferenceEngine()
server.engine = FirstAction()
sys.exit(server.serve())
"""


def test_an_engine_that_plays_out_its_own_way_is_fuzzed_a_step_at_a_time_with_the_same_findings(tmp_path: Path) -> None:
    engine = tmp_path / "own_way.py"
    engine.write_text(CHOOSING_ITS_OWN_WAY, encoding="utf-8")
    own_way = shlex.join([sys.executable, str(engine)])
    by_steps = fuzz(Setup(("reference", "reference"), "north-american", ("stick-the-dealer",), seed=4), 150)
    by_playouts = fuzz(Setup((SERVE, own_way), "north-american", ("stick-the-dealer",), seed=4), 150)
    assert by_playouts.hands == by_steps.hands == 150
    assert by_playouts.disagreements == by_steps.disagreements == []


LOGGING = """
import sys
from conformance.engines.reference import ReferenceEngine
from conformance.engines.sdk import serve_messages

engine = ReferenceEngine(traces="--no-traces" not in sys.argv)


def logged(message):  # the type of every message received (+trace for a traced playout), a batch's own included
    if isinstance(message, dict):
        with open(sys.argv[1], "a", encoding="utf-8") as log:
            for each in [message, *message.get("messages", [])]:
                log.write(f"{each.get('type')}{'+trace' if each.get('trace') else ''}\\n")
    return engine.handle(message)


sys.exit(serve_messages(logged, sys.stdin, sys.stdout))
"""


@pytest.mark.parametrize("other", ["reference", f"{SERVE} --no-playouts"], ids=["in-process", "without-playouts"])
def test_no_playout_is_sent_unless_both_engines_play_hands_out(other: str, tmp_path: Path) -> None:
    """A hand one engine played out would be dealt again and stepped while the other is stepped: it is not asked for."""
    engine, log = tmp_path / "logging.py", tmp_path / "messages.log"
    engine.write_text(LOGGING, encoding="utf-8")
    fuzz(Setup((other, shlex.join([sys.executable, str(engine), str(log)])), "north-american", (), seed=3), 40)
    kinds = set(log.read_text(encoding="utf-8").split())
    assert "act" in kinds and "playout" not in kinds


@pytest.mark.parametrize(
    ("other", "asked"), [(SERVE, "playout+trace"), (f"{SERVE} --no-traces", "playout")], ids=["traces", "steps"]
)
def test_engines_that_agree_play_every_hand_out_and_are_asked_for_no_step(other: str, asked: str, tmp_path: Path) -> None:
    """The fast path is taken: each hand dealt once with its playout, and none played again a step at a time (these
    hands' numbers all last), by traces where both engines offer them, else by steps."""
    engine, log = tmp_path / "logging.py", tmp_path / "messages.log"
    engine.write_text(LOGGING, encoding="utf-8")
    options = [] if asked == "playout+trace" else ["--no-traces"]
    result = fuzz(
        Setup((other, shlex.join([sys.executable, str(engine), str(log), *options])), "north-american", (), seed=3), 300
    )
    kinds = Counter(log.read_text(encoding="utf-8").split())
    assert result.disagreements == [] and "act" not in kinds
    assert kinds[asked] == 300 and kinds["restart"] + kinds["open"] == 300
