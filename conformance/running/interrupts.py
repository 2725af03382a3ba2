"""SIGINT and SIGTERM during a run: stop cleanly, keep what was done, exit as a shell expects.

A run stopped by a signal still owes its user the report of the scenarios it finished, and
must not leave the engine running. While `signals_interrupt()` is in force, the first SIGINT
or SIGTERM raises `Interrupted` in the main thread (so every `finally` on the way out runs and
kills the engine's group), and later ones are ignored until the run has wound down. Within
`held()` (writing the reports) a signal waits until the block is done.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

HANDLED = (signal.SIGINT, signal.SIGTERM)


class Interrupted(KeyboardInterrupt):
    """A signal stopped the run. A KeyboardInterrupt, so that code which stops on Ctrl-C stops on it too."""

    def __init__(self, signum: int) -> None:
        self.signal_name = signal.Signals(signum).name
        self.exit_code = 128 + signum
        """The exit status a shell gives a command killed by this signal (130 for SIGINT, 143 for SIGTERM)."""
        super().__init__(f"stopped by {self.signal_name}")


class _Stopping:
    """What the handler knows: whether it has raised already, and the signals held back while a block must not be cut."""

    def __init__(self) -> None:
        self.raised = False
        self.held: list[int] | None = None


_stopping = _Stopping()


def _interrupt(signum: int, frame: FrameType | None) -> None:
    if _stopping.held is not None:
        _stopping.held.append(signum)  # raised when the block ends
        return
    if _stopping.raised:
        return  # already stopping: let the clean-up finish
    _stopping.raised = True
    raise Interrupted(signum)


@contextmanager
def signals_interrupt() -> Iterator[None]:
    """Within the block, SIGINT and SIGTERM raise Interrupted once; the previous handlers come back after."""
    previous = {signum: signal.signal(signum, _interrupt) for signum in HANDLED}
    _stopping.raised = False
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


@contextmanager
def held() -> Iterator[None]:
    """Within the block a signal waits, and is raised (as Interrupted) once the block is done: a block that
    writes a set of files, or swaps one folder for another, is never cut in two."""
    outer, _stopping.held = _stopping.held, []
    try:
        yield
    finally:
        arrived, _stopping.held = _stopping.held, outer
    if arrived and outer is None and not _stopping.raised:
        _stopping.raised = True
        raise Interrupted(arrived[0])
