"""Talking to an engine under test: a child process speaking JSON lines.

One process serves the whole run. Its standard output is read by a thread into a queue so
every request can wait with a timeout; its standard error goes to a capped log and is never
judged. A crash, a hang or a garbled reply costs one scenario: the process is killed, started
again, and the handshake replayed before the next request.

Nothing here waits without a deadline. The engine is the leader of its own process group, and
the whole group is killed whenever a process is let go (a failure, the end of the run, an
interrupt), so a child an engine started cannot outlive the run or keep its output open. The
reader thread reads bytes, so no output (bytes that are not UTF-8, a line without end, a flood
of empty lines) can kill it: each becomes an `error` for the scenario it arrived in.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from .sdk import MAX_LINE
from .stderr_log import StderrLog

END = object()
"""Put on the queue when the engine's standard output ends."""

BLANK_LINES = 1000
"""Empty lines in a row after which an engine counts as printing garbage, not as still thinking."""

EXIT_GRACE = 0.5
"""Seconds the output of an engine that exited (or closed its output) may still take to arrive."""

_POLL = 0.05
"""How often a wait looks whether the engine is still running (seconds)."""


def runner_hello() -> dict[str, Any]:
    """The runner's side of the handshake: the protocol it speaks and the suite it holds engines to."""
    from . import SUITE_VERSION, __version__

    return {"type": "hello", "protocol": 1, "suite_version": SUITE_VERSION, "package_version": __version__}


class EngineFailure(Exception):
    """The engine did not answer properly. `kind` is crash, timeout or error (garbled output)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True)
class _Garbled:
    """Output the reader could not pass on as a line, and why."""

    problem: str


def engine_argv(command: str | list[str]) -> list[str]:
    """The argument list of an engine's command line; ValueError if it is empty or badly quoted."""
    argv = shlex.split(command) if isinstance(command, str) else list(command)
    if not argv:
        raise ValueError("the engine's command line is empty")
    return argv


class EngineProcess:
    """A persistent engine process with per-request timeouts and restarts."""

    def __init__(
        self,
        command: str | list[str],
        timeout: float = 10.0,
        stderr_log: Path | None = None,
        cwd: Path | None = None,
        max_restarts: int = 100,
        env: dict[str, str] | None = None,
    ) -> None:
        self.max_restarts = max_restarts
        self.env = env
        self.command = engine_argv(command)
        self.timeout = timeout
        self.stderr_log = None if stderr_log is None else StderrLog(stderr_log)
        self.cwd = cwd
        self.restarts = 0
        self._process: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[object] = queue.Queue()
        self._stderr: threading.Thread | None = None
        self._writer: threading.Thread | None = None
        self._seq = 0

    def start(self) -> dict[str, Any]:
        """Start the process and shake hands; return the engine's hello reply (the process is killed on failure)."""
        try:
            self._spawn()
            return self._shake_hands("the engine")
        except BaseException:
            self._kill()
            raise

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send one request and wait for its reply; on failure restart the engine, then raise."""
        if self._process is None or self._process.poll() is not None:
            self._restart()
        try:
            reply = self._exchange(message, self.timeout)
            _check_seq(reply, message["seq"])
        except EngineFailure:
            self._restart_quietly()
            raise
        return reply

    def exchange(self, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Number and send every message at once, then read one reply each, in order.

        For sessions: a scenario's messages do not depend on the replies, so writing them all
        before reading costs one round trip instead of one per message.
        """
        if self._process is None or self._process.poll() is not None:
            self._restart()
        process = self._process
        assert process is not None
        numbered = []
        for message in messages:
            self._seq += 1
            numbered.append(message | {"seq": self._seq})
        try:
            deadline = time.monotonic() + self.timeout
            self._write(process, numbered, deadline)
            replies = []
            for message in numbered:
                reply = self._reply(process, deadline)
                _check_seq(reply, message["seq"])
                replies.append(reply)
        except EngineFailure:
            self._restart_quietly()
            raise
        return replies

    def close(self) -> None:
        """Say bye, give the engine a moment to exit, then kill what is left of its process group."""
        process = self._process
        if process is None:
            return
        try:
            if process.poll() is None:
                self._write(process, [{"type": "bye"}], time.monotonic() + 1)
                process.wait(timeout=2)
        except (EngineFailure, subprocess.TimeoutExpired):
            pass
        finally:
            self._kill()

    def _spawn(self) -> None:
        try:
            self._process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL if self.stderr_log is None else subprocess.PIPE,
                cwd=self.cwd,
                env=self.env,
                start_new_session=True,
            )
        except (OSError, ValueError) as exc:
            raise EngineFailure("crash", f"cannot start the engine {self.command}: {exc}") from exc
        self._lines = queue.Queue()
        reader = threading.Thread(target=_read, args=(self._process.stdout, self._lines), daemon=True)
        reader.start()
        if self.stderr_log is not None and self._process.stderr is not None:
            self._stderr = self.stderr_log.follow(self._process.stderr)

    def _shake_hands(self, who: str) -> dict[str, Any]:
        reply = self._exchange(runner_hello(), self.timeout)
        if reply.get("type") != "hello":
            raise EngineFailure("error", f"{who} answered the handshake with {_shown(reply.get('type'))}")
        return reply

    def _exchange(self, message: dict[str, Any], timeout: float) -> dict[str, Any]:
        process = self._process
        assert process is not None
        deadline = time.monotonic() + timeout
        self._write(process, [message], deadline)
        return self._reply(process, deadline)

    def _write(self, process: subprocess.Popen[bytes], messages: list[dict[str, Any]], deadline: float) -> None:
        """Write messages to the engine by `deadline`; an engine that stops reading cannot block the run.

        The write is done on a thread of its own: a pipe whose reader has stopped blocks the writer
        once its buffer is full, and only the thread is left waiting until the engine is killed.
        """
        data = "".join(json.dumps(message) + "\n" for message in messages).encode("utf-8")
        failure: list[OSError | ValueError] = []

        def write() -> None:
            try:
                assert process.stdin is not None
                process.stdin.write(data)
                process.stdin.flush()
            except (OSError, ValueError) as exc:
                failure.append(exc)

        writer = self._writer = threading.Thread(target=write, daemon=True)
        writer.start()
        writer.join(max(0.0, deadline - time.monotonic()))
        if writer.is_alive():
            raise EngineFailure("timeout", f"the engine did not read its input within {self.timeout:g} s")
        if failure:
            raise EngineFailure("crash", f"the engine is gone (exit code {process.poll()}): {failure[0]}")

    def _reply(self, process: subprocess.Popen[bytes], deadline: float) -> dict[str, Any]:
        """The engine's next reply line, as a JSON object, by `deadline`."""
        exited: float | None = None
        while True:
            now = time.monotonic()
            if now >= deadline:
                raise EngineFailure("timeout", f"no reply within {self.timeout:g} s")
            try:
                item = self._lines.get(timeout=min(deadline - now, _POLL))
            except queue.Empty:
                if process.poll() is not None:  # exited, though something (a child) still holds its output open
                    exited = exited or now
                    if now - exited >= EXIT_GRACE:
                        message = f"the engine exited with code {process.returncode} before replying"
                        raise EngineFailure("crash", message) from None
                continue
            if item is END:
                raise EngineFailure("crash", _ended(process))
            if isinstance(item, _Garbled):
                raise EngineFailure("error", item.problem)
            assert isinstance(item, str)
            return _parsed(item)

    def _restart_quietly(self) -> None:
        """Restart after a failure; if even that fails, the next request will try again."""
        try:
            self._restart()
        except EngineFailure:
            self._kill()

    def _restart(self) -> None:
        self._kill()
        if self.restarts >= self.max_restarts:
            raise EngineFailure("crash", f"the engine was restarted {self.restarts} times; giving up on it")
        self.restarts += 1
        self._spawn()
        self._shake_hands("the restarted engine")

    def _kill(self) -> None:
        """Kill the engine's whole process group (its children too, even once the engine itself has exited)."""
        process = self._process
        if process is None:
            return
        self._process = None
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=5)
        writing = self._writer is not None and self._writer.is_alive()
        if process.stdin is not None and not writing:  # a blocked writer holds the stream: it is let go with the thread
            with contextlib.suppress(OSError, ValueError):
                process.stdin.close()
        if self._stderr is not None:
            self._stderr.join(timeout=1)  # the log is complete once the group is gone
            self._stderr = None


def _read(stream: IO[bytes] | None, lines: queue.Queue[object]) -> None:
    """Pass the engine's output on line by line, then END; whatever it prints, the thread does not die of it.

    Empty lines are dropped here, so a flood of them costs no memory.
    """
    blanks = 0
    try:
        while stream is not None:
            raw = stream.readline(MAX_LINE + 1)
            if not raw:
                break
            if len(raw.rstrip(b"\r\n")) > MAX_LINE:
                lines.put(_Garbled(f"the engine printed a line longer than {MAX_LINE // 2**20} MiB"))
                return
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                bad = raw[exc.start : exc.start + 1]
                lines.put(_Garbled(f"the engine printed bytes that are not UTF-8 ({bad!r} at byte {exc.start} of a line)"))
                return
            if text.strip():
                blanks = 0
                lines.put(text)
                continue
            blanks += 1
            if blanks > BLANK_LINES:
                lines.put(_Garbled(f"the engine printed more than {BLANK_LINES} empty lines in a row"))
                return
    except (OSError, ValueError):
        pass  # the stream failed under the reader (the engine was killed): the end of its output
    finally:
        lines.put(END)
        if stream is not None:  # the reader owns the stream: closing it elsewhere would wait for a blocked read
            with contextlib.suppress(OSError, ValueError):
                stream.close()


def _parsed(line: str) -> dict[str, Any]:
    try:
        reply = json.loads(line, parse_constant=_not_json)
    except (ValueError, RecursionError):
        raise EngineFailure("error", f"the engine printed something that is not JSON: {line[:200].rstrip()!r}") from None
    if not isinstance(reply, dict):
        raise EngineFailure("error", f"the engine printed JSON that is not an object: {line[:200].rstrip()!r}")
    return reply


def _not_json(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def _check_seq(reply: dict[str, Any], expected: int) -> None:
    seq = reply.get("seq")
    if seq == expected and isinstance(seq, int) and not isinstance(seq, bool):
        return
    again = isinstance(seq, int) and not isinstance(seq, bool) and seq < expected
    hint = " (another reply to an earlier request)" if again else ""
    raise EngineFailure("error", f"reply carries seq {_shown(seq)}, expected {expected}{hint}")


def _ended(process: subprocess.Popen[bytes]) -> str:
    """Why the engine's output ended: it exited, or it closed its output and keeps running."""
    try:
        code = process.wait(timeout=EXIT_GRACE)
    except subprocess.TimeoutExpired:
        return "the engine closed its standard output but kept running"
    return f"the engine exited with code {code} before replying"


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
