"""Keeping an engine's standard error, up to a size, in the run's `engine-stderr.log`.

Standard error is never judged, but it is what an engine author reads first when a scenario
fails, so it is kept across every restart of the engine, in one file. An engine that chatters
without end must not fill the disk: past `limit` bytes the rest is read and dropped, and the
log ends with a line saying it was cut there.
"""

from __future__ import annotations

import contextlib
import threading
from pathlib import Path
from typing import IO

LIMIT = 1024 * 1024
"""Bytes of an engine's standard error kept per run (1 MiB): pages of tracebacks, never a full disk."""

_CHUNK = 64 * 1024


class StderrLog:
    """One run's log of an engine's standard error; each started process adds its stream with `follow`."""

    def __init__(self, path: Path, limit: int = LIMIT) -> None:
        self.path = path
        self.limit = limit
        self.kept = 0
        self.cut = False
        self._lock = threading.Lock()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch()

    def follow(self, stream: IO[bytes]) -> threading.Thread:
        """Copy `stream` into the log on a thread of its own until the stream ends; return the thread."""
        thread = threading.Thread(target=self._copy, args=(stream,), daemon=True)
        thread.start()
        return thread

    def _copy(self, stream: IO[bytes]) -> None:
        with contextlib.suppress(OSError, ValueError), self.path.open("ab") as out:
            while chunk := stream.read1(_CHUNK) if hasattr(stream, "read1") else stream.read(_CHUNK):
                self._keep(chunk, out)

    def _keep(self, chunk: bytes, out: IO[bytes]) -> None:
        with self._lock:
            room = self.limit - self.kept
            if room > 0:
                out.write(chunk[:room])
                self.kept += min(room, len(chunk))
            if len(chunk) > room and not self.cut:
                self.cut = True
                out.write(
                    f"\n[engine-stderr.log is cut here: the engine wrote more than {self.limit} bytes "
                    "of standard error, and the rest was not kept]\n".encode()
                )
            out.flush()
