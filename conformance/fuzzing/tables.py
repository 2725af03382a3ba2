"""Many hands at once on one engine: what lets the fuzzer drive a protocol engine quickly.

One round trip to an engine process costs far more than the engine's work on one action, so
the fuzzer plays many hands side by side, each in its own slot, and sends a step of many slots
to an engine at once: as one `batch` line when the engine offers batches, else as one line per
session message. It sends to both engines before reading either, so they work at the same
time, and it keeps two such steps in flight (`GROUPS`), reading the replies to one while the
engines work on the other, so the fuzzer and its engines work at the same time too. Engines
called directly (ours, the OpenSpiel adapter) keep one stepper per slot, and an engine without
sessions plays one slot by replaying.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from conformance.engines.process import Batch
from conformance.fuzzing.steppers import ProtocolStepper, Stepper, View, observation_of
from ruleset import resolved_document
from ruleset.language import lower

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

    def send(self, starts: dict[int, dict[str, Any]], moves: list[Move]) -> object:
        """Deal `starts` (slot -> deal) and take `moves`; the receipt to `collect` the results by."""
        ...

    def collect(self, receipt: object) -> dict[int, Step]:
        """Each slot of a step sent: its refusal (None for a deal or a taken move) and its view; steps in the order sent."""
        ...

    def close(self) -> None: ...


class StepperTable:
    """A stepper per slot, each called directly."""

    def __init__(self, make: Callable[[], Stepper], variant: str, house_rules: tuple[str, ...], width: int) -> None:
        self.width = width
        self.rules = (variant, house_rules)
        self._make = make
        self._steppers: dict[int, Stepper] = {}

    def send(self, starts: dict[int, dict[str, Any]], moves: list[Move]) -> object:
        done: dict[int, Step] = {}
        for slot, deal in starts.items():
            stepper = self._steppers.get(slot) or self._steppers.setdefault(slot, self._make())
            stepper.start(*self.rules, deal)
            done[slot] = (None, stepper.view())
        for slot, seat, action in moves:
            stepper = self._steppers[slot]
            done[slot] = (stepper.apply(seat, action), stepper.view())
        return done

    def collect(self, receipt: object) -> dict[int, Step]:
        assert isinstance(receipt, dict)
        return receipt

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


@dataclass(frozen=True)
class _Sent:
    """A step written to a protocol engine: the slot of each message, and its batch (or its messages' seqs)."""

    slots: list[int]
    sent: Batch | list[int]


class SessionTable:
    """A protocol engine with sessions: a session per slot, each step of many slots one round trip."""

    def __init__(self, stepper: ProtocolStepper, variant: str, house_rules: tuple[str, ...], views: Views) -> None:
        self.process = stepper.process
        self.views = views
        self.name = stepper.name
        self.batches = stepper.batches
        self.width = SESSION_WIDTH if self.batches else LINE_WIDTH
        self.setup = {
            "variant": variant,
            "house_rules": list(house_rules),
            "rules": lower(resolved_document(variant, house_rules), stepper.language),
        }
        self._open: set[int] = set()
        self._last: dict[int, View] = {}

    def send(self, starts: dict[int, dict[str, Any]], moves: list[Move]) -> object:
        messages: list[dict[str, Any]] = []
        slots: list[int] = []
        for slot, deal in starts.items():
            if slot in self._open:  # the same rules again: only the new deal is sent
                messages.append({"type": "restart", "session": slot, "deals": [deal]})
            else:
                messages.append(
                    {"type": "open", "session": slot, "view": list(ProtocolStepper.VIEW), "deals": [deal]} | self.setup
                )
                self._open.add(slot)
            slots.append(slot)
        for slot, seat, action in moves:
            messages.append({"type": "act", "session": slot, "seat": seat, "action": action})
            slots.append(slot)
        if self.batches:
            return _Sent(slots, self.process.send_batch(messages))
        return _Sent(slots, self.process.send(messages))

    def collect(self, receipt: object) -> dict[int, Step]:
        assert isinstance(receipt, _Sent)
        sent = receipt.sent
        replies = self.process.receive_batch(sent) if isinstance(sent, Batch) else self.process.receive(sent)
        done: dict[int, Step] = {}
        view_of, last = self.views.of, self._last
        for slot, reply in zip(receipt.slots, replies, strict=True):
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


def make_table(
    stepper: Stepper, make: Callable[[], Stepper], variant: str, house_rules: tuple[str, ...], width: int, views: Views
) -> Table:
    """The table for one engine, from its first stepper (which it keeps) and a way to make more; `views`, shared by the
    two engines' tables, reads their agreeing observations once."""
    if isinstance(stepper, ProtocolStepper):
        if stepper.sessions:
            return SessionTable(stepper, variant, house_rules, views)
        return StepperTable(lambda: stepper, variant, house_rules, 1)
    first = [stepper]
    return StepperTable(lambda: first.pop() if first else make(), variant, house_rules, width)
