"""Talking to an engine under test: a child process speaking JSON lines.

One process serves the whole run. Its standard output is read by a thread into a queue, a
batch of whole lines at a time, so every request can wait with a timeout; its standard error goes to a capped log and is never
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
import os
import queue
import select
import shlex
import signal
import subprocess
import threading
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from conformance.engines import wire
from conformance.engines.stderr_log import StderrLog
from conformance.engines.wire import MAX_LINE

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
    from conformance import SUITE_VERSION, __version__

    return {"type": "hello", "protocol": 1, "suite_version": SUITE_VERSION, "package_version": __version__}


class EngineFailure(Exception):
    """The engine did not answer properly. `kind` is crash, timeout or error (garbled output).

    `printed` is the line the engine printed where a reply was due, when that line was not a
    JSON object (a debugging print on standard output, say), so a diagnosis can quote it.
    """

    def __init__(self, kind: str, message: str, printed: str | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.printed = printed


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
    """A persistent engine process with a timeout per reply, and restarts."""

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
        self._seq = 0
        self._pending: deque[str | _Garbled] = deque()
        """Lines read from the engine and not yet taken as replies."""
        self._launched = False
        self._bye: bool | None = None
        """Whether the engine took a bye (None: none said yet)."""

    def launch(self) -> None:
        """Start the process now and leave the handshake to `start`, so the engine starts up while the caller works.

        The engine's standard error waits in its pipe until `log_stderr` names the log (the conform
        command knows where it goes only once the scenarios are chosen). A launch that fails, or an
        engine gone by the time `start` comes, is started again by `start` as if never launched, so
        what `start` reports is the same either way.
        """
        self._launched = True
        with contextlib.suppress(EngineFailure):
            self._spawn(hold_stderr=True)

    def log_stderr(self, path: Path) -> None:
        """Keep the engine's standard error in `path`: before `start`, which begins copying what waited since `launch`."""
        self.stderr_log = StderrLog(path)

    def start(self) -> dict[str, Any]:
        """Start the process (if not launched) and shake hands; return the engine's hello reply (killed on failure)."""
        try:
            if self._process is not None and self._process.poll() is not None:
                self._kill()  # launched, and gone before the handshake: started again as without the launch, its output dropped
            if self._process is None:
                self._spawn()
            else:
                self._follow_stderr()
            return self._shake_hands("the engine")
        except BaseException:
            self._kill()
            raise

    def kill(self) -> None:
        """Let the engine go at once, without a goodbye (a launched engine that will not be used)."""
        self._kill()

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
        return self.receive(self.send(messages))

    def send(self, messages: list[dict[str, Any]]) -> list[int]:
        """Number and write the messages without waiting for replies; their seqs, to `receive` by.

        Sending to two engines before reading either lets both work at once (the fuzzer).
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
            self._write(process, numbered, self.timeout)
        except EngineFailure:
            self._restart_quietly()
            raise
        return [message["seq"] for message in numbered]

    def send_batch(self, messages: list[dict[str, Any]]) -> Batch:
        """Number the messages (in place: they are the caller's own, made for this batch) and write them as one `batch`
        line (the `batches` capability); `receive_batch` reads the reply."""
        seqs = list(range(self._seq + 1, self._seq + 1 + len(messages)))
        self._seq += len(messages)
        for message, seq in zip(messages, seqs, strict=True):
            message["seq"] = seq
        (seq,) = self.send([{"type": "batch", "messages": messages}])
        return Batch(seq, seqs)

    def receive_batch(self, batch: Batch) -> list[dict[str, Any]]:
        """The replies to a batch's messages, in order: its one reply line, due within a timeout per message it carries."""
        process = self._process
        if process is None:
            raise EngineFailure("crash", "the engine is gone")
        try:
            reply = self._reply(process, time.monotonic() + self.timeout * max(1, len(batch.seqs)))
            _check_seq(reply, batch.seq)
            replies = _batch_replies(reply, batch.seqs)
        except EngineFailure:
            self._restart_quietly()
            raise
        return replies

    def receive(self, seqs: list[int]) -> list[dict[str, Any]]:
        """The replies to the messages sent with these seqs, in order, each within the timeout of the one before it.

        The timeout is per reply, as for a run request: the first reply is due one timeout after the
        call, each later one a timeout after the reply before it was read, so an engine that stops
        answering is found within one timeout, and a batch of N messages may take N timeouts in all.
        """
        process = self._process
        if process is None:
            raise EngineFailure("crash", "the engine is gone")
        replies = []
        try:
            for seq in seqs:
                reply = self._reply(process, time.monotonic() + self.timeout)
                _check_seq(reply, seq)
                replies.append(reply)
        except EngineFailure:
            self._restart_quietly()
            raise
        return replies

    def say_bye(self) -> bool:
        """Tell the engine the run is over, without waiting for it to exit (so several engines wind down side by side
        before `close` waits for each); whether it is still running and took the bye."""
        process = self._process
        if process is None:
            return False
        if self._bye is None:
            self._bye = False
            if process.poll() is None:
                with contextlib.suppress(EngineFailure):
                    self._write(process, [{"type": "bye"}], 1.0)
                    self._bye = True
        return self._bye

    def close(self) -> None:
        """Say bye, give the engine a moment to exit, then kill what is left of its process group."""
        process = self._process
        if process is None:
            return
        try:
            if self.say_bye():
                process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            pass
        finally:
            self._kill()

    def _spawn(self, hold_stderr: bool = False) -> None:
        self._bye = None
        try:
            self._process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL if self.stderr_log is None and not self._launched else subprocess.PIPE,
                cwd=self.cwd,
                env=self.env,
                start_new_session=True,
            )
        except (OSError, ValueError) as exc:
            raise EngineFailure("crash", f"cannot start the engine {self.command}: {exc}") from exc
        if self._process.stdin is not None:
            os.set_blocking(self._process.stdin.fileno(), False)  # writes wait in select, by a deadline
        self._lines = queue.Queue()
        self._pending.clear()
        reader = threading.Thread(target=_read, args=(self._process.stdout, self._lines), daemon=True)
        reader.start()
        if not hold_stderr:
            self._follow_stderr()

    def _follow_stderr(self) -> None:
        """Copy the engine's standard error into the log, or, with no log named, read and drop it (the pipe must not fill)."""
        process = self._process
        if process is None or process.stderr is None or self._stderr is not None:
            return
        if self.stderr_log is not None:
            self._stderr = self.stderr_log.follow(process.stderr)
        else:
            self._stderr = threading.Thread(target=_discard, args=(process.stderr,), daemon=True)
            self._stderr.start()

    def _shake_hands(self, who: str) -> dict[str, Any]:
        reply = self._exchange(runner_hello(), self.timeout)
        if reply.get("type") != "hello":
            raise EngineFailure("error", f"{who} answered the handshake with {_shown(reply.get('type'))}")
        return reply

    def _exchange(self, message: dict[str, Any], timeout: float) -> dict[str, Any]:
        process = self._process
        assert process is not None
        self._write(process, [message], timeout)
        return self._reply(process, time.monotonic() + timeout)

    def _write(self, process: subprocess.Popen[bytes], messages: list[dict[str, Any]], patience: float) -> None:
        """Write messages to the engine; an engine that stops reading cannot block the run.

        The engine's input is non-blocking: each write goes as far as the pipe takes it, and the
        rest waits in `select` for room. An engine that reads nothing for `patience` seconds
        times out; one that reads slowly, as it answers, is waited for.
        """
        assert process.stdin is not None
        data = memoryview("".join(wire.dumps(message) + "\n" for message in messages).encode("utf-8"))
        fd = process.stdin.fileno()
        deadline = time.monotonic() + patience
        while data:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise EngineFailure("timeout", f"the engine did not read its input within {patience:g} s")
            try:
                _, room, _ = select.select([], [fd], [], remaining)
                if room:
                    data = data[os.write(fd, data) :]
                    deadline = time.monotonic() + patience
            except BlockingIOError:
                continue
            except (OSError, ValueError) as exc:
                # an engine that has exited makes the write fail before its end of output is read: say the same either way
                try:
                    code = process.wait(timeout=EXIT_GRACE)
                except subprocess.TimeoutExpired:
                    raise EngineFailure("crash", f"the engine is gone: it stopped reading its input ({exc})") from exc
                raise EngineFailure("crash", f"the engine exited with code {code} before replying") from exc

    def _reply(self, process: subprocess.Popen[bytes], deadline: float) -> dict[str, Any]:
        """The engine's next reply line, as a JSON object, by `deadline`."""
        exited: float | None = None
        while True:
            now = time.monotonic()
            if self._pending:  # a reply already read is taken, whatever the time
                item: object = self._pending.popleft()
            elif now >= deadline:
                raise EngineFailure("timeout", f"no reply within {self.timeout:g} s")
            else:
                try:
                    batch = self._lines.get(timeout=min(deadline - now, _POLL))
                except queue.Empty:
                    batch = None
                if isinstance(batch, list):
                    self._pending.extend(batch)
                    continue
                item = batch
            if item is None:
                if process.poll() is not None:  # exited, though something (a child) still holds its output open
                    exited = exited or now
                    if now - exited >= EXIT_GRACE:
                        message = f"the engine exited with code {process.returncode} before replying"
                        raise EngineFailure("crash", message)
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
        if process.stdin is not None:
            with contextlib.suppress(OSError, ValueError):
                process.stdin.close()
        if self._stderr is not None:
            self._stderr.join(timeout=1)  # the log is complete once the group is gone
            self._stderr = None
        elif process.stderr is not None:  # held since a launch and never read
            with contextlib.suppress(OSError, ValueError):
                process.stderr.close()


def _read(stream: IO[bytes] | None, lines: queue.Queue[object]) -> None:
    """Pass the engine's output on, a list of every whole line that has arrived at each read, then END;
    whatever it prints, the thread does not die of it.

    One hand-over per batch instead of per line keeps a busy session cheap. Empty lines are
    dropped here, so a flood of them costs no memory; a line that cannot be a reply ends the
    output with the reason.
    """
    blanks = 0
    pending = bytearray()
    try:
        while stream is not None:
            chunk = stream.read1(1 << 16)  # type: ignore[attr-defined]
            if not chunk:
                break
            pending += chunk
            batch: list[object] = []
            while (end := pending.find(b"\n")) >= 0:
                raw = wire.take_line(pending, end)
                item = _line(raw)
                if isinstance(item, str) and not item.strip():
                    blanks += 1
                    if blanks > BLANK_LINES:
                        item = _Garbled(f"the engine printed more than {BLANK_LINES} empty lines in a row")
                    else:
                        continue
                else:
                    blanks = 0
                batch.append(item)
                if isinstance(item, _Garbled):
                    lines.put(batch)
                    return
            if len(pending) > MAX_LINE:
                batch.append(_Garbled(f"the engine printed a line longer than {MAX_LINE // 2**20} MiB"))
                lines.put(batch)
                return
            if batch:
                lines.put(batch)
    except (OSError, ValueError):
        pass  # the stream failed under the reader (the engine was killed): the end of its output
    finally:
        lines.put(END)
        if stream is not None:  # the reader owns the stream: closing it elsewhere would wait for a blocked read
            with contextlib.suppress(OSError, ValueError):
                stream.close()


def _discard(stream: IO[bytes]) -> None:
    """Read a standard error nobody keeps until it ends."""
    with contextlib.suppress(OSError, ValueError):
        while stream.read1(1 << 16):  # type: ignore[attr-defined]
            pass


def _line(raw: bytes) -> str | _Garbled:
    """A reply line as text, or what is wrong with the engine's output."""
    text = wire.decode_line(raw)
    if isinstance(text, str):
        return text
    if text.too_long:
        return _Garbled(f"the engine printed a line longer than {MAX_LINE // 2**20} MiB")
    return _Garbled(f"the engine printed bytes that are not UTF-8 ({text.byte!r} at byte {text.at} of a line)")


def _parsed(line: str) -> dict[str, Any]:
    shown = line[:200].rstrip()
    try:
        reply = wire.loads(line)
    except wire.TooManyValues as exc:
        raise EngineFailure("error", f"the engine printed {exc}") from None
    except (ValueError, RecursionError):
        raise EngineFailure("error", f"the engine printed something that is not JSON: {shown!r}", shown) from None
    if not isinstance(reply, dict):
        raise EngineFailure("error", f"the engine printed JSON that is not an object: {shown!r}", shown)
    return reply


@dataclass(frozen=True)
class Batch:
    """A batch written to the engine: its own seq and its messages' seqs, in order."""

    seq: int
    seqs: list[int]


def _batch_replies(reply: dict[str, Any], seqs: list[int]) -> list[dict[str, Any]]:
    """The replies a batch reply carries, one per message sent and in order; EngineFailure if it carries anything else."""
    kind = reply.get("type")
    if kind == "error":
        raise EngineFailure("error", f"the engine reported an error on a batch: {reply.get('message', '')}")
    replies = reply.get("replies")
    if kind != "batch" or not isinstance(replies, list):
        raise EngineFailure("error", f"the engine answered a batch with {_shown(kind)}, not a batch of replies")
    if len(replies) != len(seqs):
        raise EngineFailure("error", f"the engine answered a batch of {len(seqs)} messages with {len(replies)} replies")
    for inner, seq in zip(replies, seqs, strict=True):
        if type(inner) is dict and type(got := inner.get("seq")) is int and got == seq:
            continue
        if not isinstance(inner, dict):
            raise EngineFailure("error", f"a reply in the engine's batch is not an object: {_shown(inner)}")
        _check_seq(inner, seq)
    return replies


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
