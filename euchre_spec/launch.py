"""The `euchre-spec` command's first moments: its signals handled before anything else is imported.

Importing the command line and the packages beneath it takes a few hundred milliseconds. A Ctrl-C
(SIGINT) in that time would end in a traceback from whatever was being imported, and a SIGTERM,
which Python leaves to the system, would end the command with no word at all, at any time. So
the entry point (`euchre-spec`, `python -m euchre_spec`) first makes both signals stop the
command the way the command line reports every way out (`euchre_spec.cli.main`): a message and
130 or 143, as a shell reports a command ended by the signal. The first signal stops the command;
later ones are ignored while it winds down (killing its engines, writing what it owes). A command
with a signal handling of its own for a while (`conform` writes the report of an interrupted run)
puts it in place for that while.
"""

from __future__ import annotations

import signal
import sys
from types import FrameType


class Stopped(KeyboardInterrupt):
    """A signal stopped the command; a KeyboardInterrupt, so that whatever stops on Ctrl-C stops on it too."""

    def __init__(self, signum: int) -> None:
        self.exit_code = 128 + signum
        """The status a shell gives a command ended by this signal (130 for SIGINT, 143 for SIGTERM)."""
        super().__init__("interrupted" if signum == signal.SIGINT else f"stopped by {signal.Signals(signum).name}")


_stopping: list[int] = []


def _stop(signum: int, frame: FrameType | None) -> None:
    if _stopping:
        return  # already stopping: let the clean-up finish
    _stopping.append(signum)
    raise Stopped(signum)


def main() -> int:
    """Run the command; a signal during the start-up is reported like one during the command."""
    for signum in (signal.SIGINT, signal.SIGTERM):
        if signal.getsignal(signum) is not signal.SIG_IGN:  # a command started with a signal ignored keeps ignoring it
            signal.signal(signum, _stop)
    try:
        from euchre_spec.cli import main as command
    except KeyboardInterrupt as exc:
        print(str(exc) or "interrupted", file=sys.stderr)
        return int(getattr(exc, "exit_code", 130))
    return command()
