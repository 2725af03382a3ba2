"""Many hands at once on one engine: what lets the fuzzer drive a protocol engine quickly.

One round trip to an engine process costs far more than the engine's work on one action, so
the fuzzer plays many hands side by side, each in its own slot, and sends a step of many slots
to an engine at once: as one `batch` line when the engine offers batches, else as one line per
session message. It sends to both engines before reading either, so they work at the same
time, and it keeps two such steps in flight (`GROUPS`), reading the replies to one while the
engines work on the other, so the fuzzer and its engines work at the same time too.

An engine that offers playouts is asked for each hand whole: with its deal goes a `playout`
carrying the numbers the hand's choices will be drawn from, and the engine plays the hand out
by them and sends back every step it took (`played_whole`). Where both engines played it alike,
the fuzzer has nothing left to ask (conformance/fuzzing/play.py); where they did not, the hand is
dealt again and played one message a step, as for any engine. Engines called directly (ours,
the OpenSpiel adapter) keep one stepper per slot, and an engine without sessions plays one slot
by replaying.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from conformance.engines.process import Batch
from conformance.engines.sdk import playout_choice
from conformance.fuzzing.steppers import EngineRefused, ProtocolStepper, Stepper, View, observation_of
from ruleset import resolved_document
from ruleset.language import lower

if TYPE_CHECKING:
    from conformance.fuzzing.play import Start

Move = tuple[int, int, str]
"""A slot, the seat to act in its hand, and the action."""

Step = tuple[str | None, View]
"""What a slot's engine did with its step: the refusal reason (None if taken), and what it shows now."""

GROUP_WIDTH = 64
"""Hands of one step sent to an engine together: enough to spread a round trip thin."""

GROUPS = 2
"""Steps in flight at once on an engine: one being answered while the fuzzer reads the other's replies."""

SESSION_WIDTH = GROUP_WIDTH * GROUPS
"""Hands played side by side through one engine process that offers batches."""

LINE_WIDTH = 64
"""Hands played side by side through an engine without batches, each step one line per hand: the sessions the
fuzzer has always kept open on such an engine (docs/protocol.md), in GROUPS groups."""


class Table(Protocol):
    """One engine playing a hand in each of several slots, with several steps in flight."""

    width: int
    """How many slots it can hold (1 for an engine that replays hands)."""

    whole_hands: bool
    """Whether the engine plays each hand out as it is dealt (`played_whole`)."""

    def send(self, starts: dict[int, Start], moves: list[Move]) -> object:
        """Deal `starts` (slot -> start) and take `moves`; the receipt to `collect` the results by."""
        ...

    def collect(self, receipt: object) -> dict[int, Step]:
        """Each slot of a step sent: its refusal (None for a deal or a taken move) and its view; steps in the order sent."""
        ...

    def played_whole(self, slot: int) -> Whole | None:
        """Where the engine played the slot's new hand out to its end without a refusal, what it sent; else None."""
        ...

    def close(self) -> None: ...


class StepperTable:
    """A stepper per slot, each called directly."""

    def __init__(self, make: Callable[[], Stepper], variant: str, house_rules: tuple[str, ...], width: int) -> None:
        self.width = width
        self.whole_hands = False
        self.rules = (variant, house_rules)
        self._make = make
        self._steppers: dict[int, Stepper] = {}

    def send(self, starts: dict[int, Start], moves: list[Move]) -> object:
        done: dict[int, Step] = {}
        for slot, start in starts.items():
            stepper = self._steppers.get(slot) or self._steppers.setdefault(slot, self._make())
            stepper.start(*self.rules, start.deal)
            done[slot] = (None, stepper.view())
        for slot, seat, action in moves:
            stepper = self._steppers[slot]
            done[slot] = (stepper.apply(seat, action), stepper.view())
        return done

    def collect(self, receipt: object) -> dict[int, Step]:
        assert isinstance(receipt, dict)
        return receipt

    def played_whole(self, slot: int) -> None:
        return None

    def close(self) -> None:
        for stepper in self._steppers.values():
            stepper.close()


class Views:
    """What a slot's observations show, read once for both engines when they agree, as in every step that finds nothing.

    A view is a function of the observation alone, so the last one read for each slot is kept,
    and an engine whose observation equals it (compared in C, far cheaper than reading it again)
    gets the same view.
    """

    def __init__(self) -> None:
        self._last: dict[int, tuple[dict[str, Any], View]] = {}

    def of(self, slot: int, seen: dict[str, Any]) -> View:
        last = self._last.get(slot)
        if last is not None and last[0] == seen:
            return last[1]
        view = ProtocolStepper.view_of(seen)
        self._last[slot] = (seen, view)
        return view


Whole = tuple[list[int], Any, Any, Any]
"""A hand an engine played out whole: the numbers it chose by, and as it sent them, the deal's observation, the steps
(a list) or the trace (an object), and the observation after the last step."""


@dataclass
class _Hand:
    """A slot's hand on an engine that plays out: its deal and numbers, and what the engine sent back."""

    deal: dict[str, Any]
    numbers: list[int]
    opening: Any = None
    """The observation of the deal."""
    played: Any = None
    """The playout's reply."""
    ahead: bool = True
    """Whether the engine's game is where its playout left it: the hand is dealt again before a step is sent."""

    def whole(self) -> Whole | None:
        """What the engine sent, if its playout ended the hand without a refusal; else None."""
        played = self.played
        if not self.ahead or type(played) is not dict or "refused" in played:
            return None
        taken = played.get("trace", played.get("steps"))
        last = played.get("observation")
        if not taken or type(last) is not dict or last.get("hand_over") is not True:
            return None
        return self.numbers, self.opening, taken, last


@dataclass(frozen=True)
class _Sent:
    """A step written to a protocol engine: the slot and kind of each message, and its batch (or its messages' seqs)."""

    slots: list[tuple[int, str]]
    sent: Batch | list[int]


class SessionTable:
    """A protocol engine with sessions: a session per slot, each step of many slots one round trip."""

    def __init__(
        self, stepper: ProtocolStepper, variant: str, house_rules: tuple[str, ...], views: Views, numbers: int, traced: bool
    ) -> None:
        """`numbers`: how many a hand's playout carries (enough for nearly every hand of the variant), 0 for none;
        `traced`: whether the playouts ask for traces."""
        self.process = stepper.process
        self.views = views
        self.name = stepper.name
        self.batches = stepper.batches
        self.numbers = numbers
        self.whole_hands = bool(numbers)
        self.playout: dict[str, Any] = {"trace": True} if traced else {"view": list(PLAYOUT_VIEW)}
        """What a playout asks for besides its numbers."""
        self.width = SESSION_WIDTH if self.batches else LINE_WIDTH
        self.setup = {
            "variant": variant,
            "house_rules": list(house_rules),
            "rules": lower(resolved_document(variant, house_rules), stepper.language),
        }
        self._open: set[int] = set()
        self._last: dict[int, View] = {}
        self._hands: dict[int, _Hand] = {}

    def send(self, starts: dict[int, Start], moves: list[Move]) -> object:
        messages: list[dict[str, Any]] = []
        slots: list[tuple[int, str]] = []
        for slot, start in starts.items():
            self._deal(slot, start.deal, messages, slots)
            if self.numbers:
                numbers = start.numbers(self.numbers)
                self._hands[slot] = _Hand(start.deal, numbers)
                messages.append({"type": "playout", "session": slot, "numbers": numbers} | self.playout)
                slots.append((slot, "playout"))
        for slot, seat, action in moves:
            hand = self._hands.get(slot)
            if hand is not None and hand.ahead:  # the engine played the hand out: deal it again, then go a step at a time
                hand.ahead = False
                self._deal(slot, hand.deal, messages, slots)
            messages.append({"type": "act", "session": slot, "seat": seat, "action": action})
            slots.append((slot, "act"))
        if self.batches:
            return _Sent(slots, self.process.send_batch(messages))
        return _Sent(slots, self.process.send(messages))

    def _deal(self, slot: int, deal: dict[str, Any], messages: list[dict[str, Any]], slots: list[tuple[int, str]]) -> None:
        """Deal a hand in the slot's session, opening the session first if it is not open."""
        if slot in self._open:  # the same rules again: only the new deal is sent
            messages.append({"type": "restart", "session": slot, "deals": [deal]})
        else:
            messages.append({"type": "open", "session": slot, "view": list(ProtocolStepper.VIEW), "deals": [deal]} | self.setup)
            self._open.add(slot)
        slots.append((slot, "deal"))

    def played_whole(self, slot: int) -> Whole | None:
        hand = self._hands.get(slot)
        return None if hand is None else hand.whole()

    def collect(self, receipt: object) -> dict[int, Step]:
        assert isinstance(receipt, _Sent)
        sent = receipt.sent
        replies = self.process.receive_batch(sent) if isinstance(sent, Batch) else self.process.receive(sent)
        done: dict[int, Step] = {}
        view_of, last = self.views.of, self._last
        for (slot, kind), reply in zip(receipt.slots, replies, strict=True):
            if kind == "playout":
                if reply.get("type") != "playout":
                    raise EngineRefused(f"{self.name} answered a playout with {reply.get('type')}: {reply.get('message')}")
                self._hands[slot].played = reply
                continue
            if kind == "deal" and slot in self._hands:
                self._hands[slot].opening = reply.get("observation")
            if reply.get("type") == "refused":
                done[slot] = (str(reply.get("reason")), last[slot])
                continue
            seen: Any = reply.get("observation")
            plain = type(seen) is dict and reply.get("type") == "observation"
            view = last[slot] = view_of(slot, seen if plain else observation_of(reply, self.name))
            done[slot] = (None, view)
        return done

    def close(self) -> None:
        self.process.close()


def played_alike(first: Whole, second: Whole) -> bool:
    """Whether two engines played a hand out alike, each step the action the hand's numbers choose: the deal's and the
    last observations read as the same views, and before each step the same seat to act, the same legal actions
    (in any order) and the hand not over, the step taken by that seat and the one the numbers choose among them.
    Both engines' replies are steps, or both traces (which say the same in three lists, compared whole).

    Exactly what the hand's conversation (conformance/fuzzing/play.py) would compare and choose
    step by step, so a hand that passes has nothing for it to find. Anything that cannot be read
    so (a step that is not an object, a legal action that is not a text) is not alike: the hand
    is then played step by step, which reads it and says what is wrong.
    """
    try:
        return _alike(first, second)
    except (TypeError, AttributeError, KeyError):
        return False


def _alike(first: Whole, second: Whole) -> bool:
    numbers, opening, steps, last = first
    _, other_opening, other_steps, other_last = second
    view_of = ProtocolStepper.view_of
    if view_of(opening) != view_of(other_opening) or view_of(last) != view_of(other_last):
        return False
    if type(steps) is dict and type(other_steps) is dict:
        return _same_traces(steps, other_steps) and _traced_by_numbers(numbers, opening, steps)
    if type(steps) is not list or type(other_steps) is not list or len(steps) != len(other_steps):
        return False
    # Two copies of one engine send the very same steps; others are compared step by step, as the views would be.
    same = (opening == other_opening and steps == other_steps) or _same_steps(opening, steps, other_opening, other_steps)
    return same and _chosen(numbers, opening, steps)


def _same_steps(opening: Any, steps: list[Any], other_opening: Any, other_steps: list[Any]) -> bool:
    """Whether two engines' steps are the same: the same seat and action, after the same seat to act, the same legal
    actions in any order and the hand over or not alike."""
    seen, other_seen = opening, other_opening
    for step, other_step in zip(steps, other_steps, strict=True):
        if seen.get("to_act") != other_seen.get("to_act") or bool(seen.get("hand_over")) != bool(other_seen.get("hand_over")):
            return False
        if sorted(seen.get("legal_actions")) != sorted(other_seen.get("legal_actions")):
            return False
        if step.get("seat") != other_step.get("seat") or step.get("action") != other_step.get("action"):
            return False
        seen, other_seen = step.get("observation"), other_step.get("observation")
    return True


def _chosen(numbers: list[int], opening: Any, steps: list[Any]) -> bool:
    """Whether each step was taken by the seat to act, the hand not over before it, and is the action the numbers
    choose among the legal actions of the observation before it: the steps read as the trace they tell."""
    trace: dict[str, list[Any]] = {"seats": [], "actions": [], "legal": []}
    seen = opening
    for step in steps:
        legal = seen["legal_actions"]
        if type(legal) is not list or seen.get("hand_over") or step["seat"] != seen["to_act"]:
            return False
        trace["seats"].append(step["seat"])
        trace["actions"].append(step["action"])
        trace["legal"].append(sorted(legal))
        seen = step["observation"]
    return bool(steps) and _traced_by_numbers(numbers, opening, trace)


def _same_traces(trace: dict[str, Any], other: dict[str, Any]) -> bool:
    """Whether two engines' traces are the same: the same seat taking the same action, chosen among the same legal
    actions (a trace lists them in one order), at each step; compared whole, in C."""
    columns = (trace["seats"], trace["actions"], trace["legal"])
    if any(type(column) is not list for column in columns):
        return False
    seats, actions, legal = columns
    same_length = bool(seats) and len(seats) == len(actions) == len(legal)
    return same_length and columns == (other["seats"], other["actions"], other["legal"])


def _traced_by_numbers(numbers: list[int], opening: Any, trace: dict[str, Any]) -> bool:
    """Whether a trace starts where the deal's observation left the hand (its seat to act, its legal actions, the hand
    not over) and each of its actions is the one the numbers choose among its legal actions, listed in code-point
    order: the steps the hand's conversation takes, each seat to act and its legal actions as it would read them."""
    legal, actions = trace["legal"], trace["actions"]
    if opening.get("hand_over") or opening.get("to_act") != trace["seats"][0] or sorted(opening["legal_actions"]) != legal[0]:
        return False
    index = 0
    for choices, action in zip(legal, actions, strict=True):
        if type(choices) is not list or not choices or type(action) is not str or choices != sorted(choices):
            return False
        chosen = playout_choice(numbers, index, len(choices))
        if chosen is None or choices[chosen[0]] != action:
            return False
        index = chosen[1]
    return True


PLAYOUT_VIEW = ("to_act", "legal_actions", "hand_over")
"""What a playout's steps show: what `played_alike` reads and compares step by step. The points are
compared on the last observation; the phase only names a disagreement, and a hand played out alike has none."""

PLAYOUT_NUMBERS_PER_CARD = 2
"""A playout's numbers per card of the deck (and 24 more): a hand takes about one action per card dealt and a few
bids, and an action 1.6 numbers on average (a number is passed over when its top bits name no action, at most half
the time), so a north-american hand needs about 42 of its 72, and runs out (and is played a step at a time) in
fewer than one hand in a thousand."""


def make_table(
    stepper: Stepper,
    make: Callable[[], Stepper],
    variant: str,
    house_rules: tuple[str, ...],
    width: int,
    views: Views,
    cards: int,
    traced: bool = False,
) -> Table:
    """The table for one engine, from its first stepper (which it keeps) and a way to make more; `views`, shared by the
    two engines' tables, reads their agreeing observations once; `cards`, the deck's size, sets how many numbers a
    playout carries (0: the hands are not played out); `traced`, whether playouts are answered with traces."""
    if isinstance(stepper, ProtocolStepper):
        if stepper.sessions:
            numbers = PLAYOUT_NUMBERS_PER_CARD * cards + 24 if cards else 0
            return SessionTable(stepper, variant, house_rules, views, numbers, traced)
        return StepperTable(lambda: stepper, variant, house_rules, 1)
    first = [stepper]
    return StepperTable(lambda: first.pop() if first else make(), variant, house_rules, width)
