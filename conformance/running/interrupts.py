"""SIGINT and SIGTERM during a run: stop cleanly, keep what was done, exit as a shell expects.

A run stopped by a signal still owes its user the report of the scenarios it finished, and
must not leave the engine running. While `signals_interrupt()` is in force, the first SIGINT
or SIGTERM raises `Interrupted` in the main thread (so every `finally` on the way out runs and
kills the engine's group), and later ones are ignored until the run has wound down.
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


@contextmanager
def signals_interrupt() -> Iterator[None]:
    """Within the block, SIGINT and SIGTERM raise Interrupted once; the previous handlers come back after."""
    raised = False

    def interrupt(signum: int, frame: FrameType | None) -> None:
        nonlocal raised
        if raised:
            return  # already stopping: let the clean-up finish
        raised = True
        raise Interrupted(signum)

    previous = {signum: signal.signal(signum, interrupt) for signum in HANDLED}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
