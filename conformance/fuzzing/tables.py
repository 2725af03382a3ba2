"""Many hands at once on one engine: what lets the fuzzer drive a protocol engine quickly.

One round trip to an engine process costs far more than the engine's work on one action, so
the fuzzer plays a few dozen hands side by side, each in its own slot, and sends every slot's
next step to an engine as one batch of session messages; it sends to both engines before
reading either, so they work at the same time. Engines called directly (ours, the OpenSpiel
adapter) keep one stepper per slot, and an engine without sessions plays one slot by replaying.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from conformance.fuzzing.steppers import ProtocolStepper, Stepper, View, observation_of
from ruleset import resolved_document
from ruleset.language import lower

Move = tuple[int, int, str]
"""A slot, the seat to act in its hand, and the action."""

Step = tuple[str | None, View]
"""What a slot's engine did with its step: the refusal reason (None if taken), and what it shows now."""

SESSION_WIDTH = 64
"""Hands played side by side through one engine process: enough to spread a round trip thin."""


class Table(Protocol):
    """One engine playing a hand in each of several slots."""

    width: int
    """How many slots it can hold (1 for an engine that replays hands)."""

    def send(self, starts: dict[int, dict[str, Any]], moves: list[Move]) -> None:
        """Deal `starts` (slot -> deal) and take `moves`; the results come from `collect`."""
        ...

    def collect(self) -> dict[int, Step]:
        """Each slot sent to: its refusal (None for a deal or a taken move) and its view."""
        ...

    def close(self) -> None: ...


class StepperTable:
    """A stepper per slot, each called directly."""

    def __init__(self, make: Callable[[], Stepper], variant: str, house_rules: tuple[str, ...], width: int) -> None:
        self.width = width
        self.rules = (variant, house_rules)
        self._make = make
        self._steppers: dict[int, Stepper] = {}
        self._done: dict[int, Step] = {}

    def send(self, starts: dict[int, dict[str, Any]], moves: list[Move]) -> None:
        for slot, deal in starts.items():
            stepper = self._steppers.get(slot) or self._steppers.setdefault(slot, self._make())
            stepper.start(*self.rules, deal)
            self._done[slot] = (None, stepper.view())
        for slot, seat, action in moves:
            stepper = self._steppers[slot]
            self._done[slot] = (stepper.apply(seat, action), stepper.view())

    def collect(self) -> dict[int, Step]:
        done, self._done = self._done, {}
        return done

    def close(self) -> None:
        for stepper in self._steppers.values():
            stepper.close()


class SessionTable:
    """A protocol engine with sessions: a session per slot, each batch of steps one round trip."""

    width = SESSION_WIDTH

    def __init__(self, stepper: ProtocolStepper, variant: str, house_rules: tuple[str, ...]) -> None:
        self.process = stepper.process
        self.name = stepper.name
        self.setup = {
            "variant": variant,
            "house_rules": list(house_rules),
            "rules": lower(resolved_document(variant, house_rules), stepper.language),
        }
        self._open: set[int] = set()
        self._last: dict[int, View] = {}
        self._slots: list[int] = []
        self._seqs: list[int] = []

    def send(self, starts: dict[int, dict[str, Any]], moves: list[Move]) -> None:
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
        self._slots, self._seqs = slots, self.process.send(messages)

    def collect(self) -> dict[int, Step]:
        replies = self.process.receive(self._seqs)
        done: dict[int, Step] = {}
        for slot, reply in zip(self._slots, replies, strict=True):
            if reply.get("type") == "refused":
                done[slot] = (str(reply.get("reason")), self._last[slot])
                continue
            view = ProtocolStepper.view_of(observation_of(reply, self.name))
            self._last[slot] = view
            done[slot] = (None, view)
        return done

    def close(self) -> None:
        self.process.close()


def make_table(stepper: Stepper, make: Callable[[], Stepper], variant: str, house_rules: tuple[str, ...], width: int) -> Table:
    """The table for one engine, from its first stepper (which it keeps) and a way to make more."""
    if isinstance(stepper, ProtocolStepper):
        if stepper.sessions:
            return SessionTable(stepper, variant, house_rules)
        return StepperTable(lambda: stepper, variant, house_rules, 1)
    first = [stepper]
    return StepperTable(lambda: first.pop() if first else make(), variant, house_rules, width)
