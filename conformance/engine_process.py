"""Talking to an engine under test: a child process speaking JSON lines.

One process serves the whole run. Its standard output is read by a thread into a queue so
every request can wait with a timeout; its standard error goes to a log file and is never
judged. A crash, a hang or a garbled reply costs one scenario: the process is killed, started
again, and the handshake replayed before the next request.
"""

from __future__ import annotations

import contextlib
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
from collections import deque
from pathlib import Path
from typing import IO, Any

from . import wire

END = object()


def runner_hello() -> dict[str, Any]:
    """The runner's side of the handshake: the protocol it speaks and the suite it holds engines to."""
    from . import SUITE_VERSION, __version__

    return {"type": "hello", "protocol": 1, "suite_version": SUITE_VERSION, "package_version": __version__}


class EngineFailure(Exception):
    """The engine did not answer properly. `kind` is crash, timeout or error (garbled output)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


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
        self.command = shlex.split(command) if isinstance(command, str) else list(command)
        self.timeout = timeout
        self.stderr_log = stderr_log
        self.cwd = cwd
        self.restarts = 0
        self._process: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[object] = queue.Queue()
        self._hello: dict[str, Any] | None = None
        self._seq = 0
        self._pending: deque[str] = deque()
        """Lines read from the engine and not yet taken as replies."""

    def start(self) -> dict[str, Any]:
        """Start the process and shake hands; return the engine's hello reply."""
        self._spawn()
        reply = self._exchange(runner_hello(), self.timeout)
        if reply.get("type") != "hello":
            raise EngineFailure("error", f"the engine answered the handshake with {reply.get('type')!r}")
        self._hello = reply
        return reply

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send one request and wait for its reply; on failure restart the engine, then raise."""
        if self._process is None or self._process.poll() is not None:
            self._restart()
        try:
            reply = self._exchange(message, self.timeout)
        except EngineFailure:
            self._restart_quietly()
            raise
        if reply.get("seq") != message.get("seq"):
            self._restart_quietly()
            raise EngineFailure("error", f"reply carries seq {reply.get('seq')!r}, expected {message.get('seq')!r}")
        return reply

    def exchange(self, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Number and send every message at once, then read one reply each, in order.

        For sessions: a scenario's messages do not depend on the replies, so writing them all
        before reading costs one round trip instead of one per message.
        """
        return self.receive(self.send(messages))

    def send(self, messages: list[dict[str, Any]]) -> list[int]:
        """Number and write the messages without waiting; their seqs, to `receive` the replies by.

        Sending to two engines before reading either lets both work at once (the fuzzer).
        """
        if self._process is None or self._process.poll() is not None:
            self._restart()
        process = self._process
        assert process is not None and process.stdin is not None
        seqs = []
        lines = []
        for message in messages:
            self._seq += 1
            seqs.append(self._seq)
            lines.append(wire.dumps(message | {"seq": self._seq}) + "\n")
        try:
            process.stdin.write("".join(lines))
            process.stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            self._restart_quietly()
            raise EngineFailure("crash", f"the engine is gone (exit code {process.poll()}): {exc}") from exc
        return seqs

    def receive(self, seqs: list[int]) -> list[dict[str, Any]]:
        """The replies to messages sent with these seqs, in order, each within the timeout."""
        process = self._process
        assert process is not None
        replies = []
        try:
            for seq in seqs:
                reply = self._reply(process, self.timeout)
                if reply.get("seq") != seq:
                    raise EngineFailure("error", f"reply carries seq {reply.get('seq')!r}, expected {seq!r}")
                replies.append(reply)
        except EngineFailure:
            self._restart_quietly()
            raise
        return replies

    def close(self) -> None:
        process = self._process
        if process is None:
            return
        try:
            if process.poll() is None and process.stdin:
                process.stdin.write(wire.dumps({"type": "bye"}) + "\n")
                process.stdin.flush()
                process.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired, ValueError):
            pass
        self._kill()

    def _spawn(self) -> None:
        stderr: IO[str] | int = subprocess.DEVNULL
        if self.stderr_log is not None:
            self.stderr_log.parent.mkdir(parents=True, exist_ok=True)
            stderr = self.stderr_log.open("a", encoding="utf-8")
        try:
            self._process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=stderr,
                text=True,
                bufsize=1,
                cwd=self.cwd,
                env=self.env,
                start_new_session=True,
            )
        except OSError as exc:
            raise EngineFailure("crash", f"cannot start the engine {self.command}: {exc}") from exc
        finally:
            if not isinstance(stderr, int):
                stderr.close()
        self._lines = queue.Queue()
        self._pending.clear()
        reader = threading.Thread(target=self._read, args=(self._process.stdout, self._lines), daemon=True)
        reader.start()

    @staticmethod
    def _read(stream: IO[str] | None, lines: queue.Queue[object]) -> None:
        """Queue the engine's output a batch of whole lines at a time: every line that has arrived.

        One hand-over per batch instead of per line keeps a busy session cheap; bytes that are
        not UTF-8 become replacement characters, so such a line fails as JSON, not the reader.
        """
        raw = getattr(stream, "buffer", None)
        pending = b""
        while raw is not None:
            try:
                chunk = raw.read1(1 << 16)
            except (OSError, ValueError):
                break
            if not chunk:
                break
            pending += chunk
            *complete, pending = pending.split(b"\n")
            if complete:
                lines.put([line.decode("utf-8", errors="replace") for line in complete])
        if pending:
            lines.put([pending.decode("utf-8", errors="replace")])
        lines.put(END)

    def _exchange(self, message: dict[str, Any], timeout: float) -> dict[str, Any]:
        process = self._process
        assert process is not None and process.stdin is not None
        try:
            process.stdin.write(wire.dumps(message) + "\n")
            process.stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            raise EngineFailure("crash", f"the engine is gone (exit code {process.poll()}): {exc}") from exc
        return self._reply(process, timeout)

    def _reply(self, process: subprocess.Popen[str], timeout: float) -> dict[str, Any]:
        """The engine's next reply line, as a JSON object, within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            if not self._pending:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise EngineFailure("timeout", f"no reply within {timeout:g} s")
                try:
                    batch = self._lines.get(timeout=remaining)
                except queue.Empty:
                    raise EngineFailure("timeout", f"no reply within {timeout:g} s") from None
                if batch is END:
                    code = process.wait()
                    raise EngineFailure("crash", f"the engine exited with code {code} before replying")
                assert isinstance(batch, list)
                self._pending.extend(batch)
                continue
            line = self._pending.popleft()
            if not line.strip():
                continue
            try:
                reply = wire.loads(line)
            except wire.DecodeError:
                raise EngineFailure("error", f"the engine printed something that is not JSON: {line[:200].rstrip()!r}") from None
            if not isinstance(reply, dict):
                raise EngineFailure("error", f"the engine printed JSON that is not an object: {line[:200].rstrip()!r}")
            return reply

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
        reply = self._exchange(runner_hello(), self.timeout)
        if reply.get("type") != "hello":
            raise EngineFailure("error", "the restarted engine did not shake hands")

    def _kill(self) -> None:
        process = self._process
        if process is None:
            return
        if process.poll() is None:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                process.kill()
        process.wait()
        for stream in (process.stdin, process.stdout):
            if stream:
                with contextlib.suppress(OSError):
                    stream.close()
        self._process = None
