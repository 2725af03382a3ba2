"""Engines called in the runner's own process: the reference engine, an adapter, or a deliberately wrong engine in a test.

What the runner needs of any engine is `Engine`: a process behind the JSON-lines transport
(`conformance.engines.process`) and an object answering messages directly both provide it.
"""

from __future__ import annotations

from typing import Any, Protocol

from conformance.engines.process import runner_hello
from conformance.engines.reference import ReferenceEngine


class Engine(Protocol):
    """What the runner needs of an engine: its handshake, one reply per request, or per message of a batch."""

    def start(self) -> dict[str, Any]: ...

    def request(self, message: dict[str, Any]) -> dict[str, Any]: ...

    def exchange(self, messages: list[dict[str, Any]]) -> list[dict[str, Any]]: ...

    def close(self) -> None: ...


class MessageHandler(Protocol):
    """An engine object that answers protocol messages directly (the reference engine, an adapter)."""

    def handle(self, message: dict[str, Any]) -> dict[str, Any] | None: ...


class InProcessEngine:
    """An engine called directly, without a process: for speed, and for testing deliberately wrong engines."""

    def __init__(self, engine: MessageHandler | None = None) -> None:
        self.engine = engine or ReferenceEngine()
        self.restarts = 0
        self._seq = 0

    def start(self) -> dict[str, Any]:
        reply = self.engine.handle(runner_hello())
        assert reply is not None
        return reply

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        reply = self.engine.handle(message)
        assert reply is not None
        return reply

    def exchange(self, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        replies = []
        for message in messages:
            self._seq += 1
            replies.append(self.request(message | {"seq": self._seq}))
        return replies

    def close(self) -> None:
        return None
