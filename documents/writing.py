"""Writing a file someone named: never waiting for ever, and an error always naming the file.

A path given on the command line for output can be anything, as one given for input can
(`documents.reading`): a FIFO nobody reads (opening it to write would wait for a reader for
ever), a device such as /dev/full (every write fails), a folder, a file on a full disk. Here the
file is opened without waiting (a FIFO with no reader is refused at once), a file that must be
a file (a log appended to run after run) refuses anything else, and every failure is an OSError
naming the file, which the command line prints as `error: FILE: reason`.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

NOT_REGULAR = "not a regular file (a pipe, a device or a socket); name a file"


def write_text(path: Path, text: str, *, append: bool = False, regular_only: bool = False) -> None:
    """Write (or with `append`, add) `text` as UTF-8 to `path`; OSError naming `path` on any failure."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_NONBLOCK | (os.O_APPEND if append else os.O_TRUNC)
    try:
        if regular_only:
            refuse_unless_regular(path)
        descriptor = os.open(path, flags, 0o666)
    except OSError as exc:
        raise named(exc, path) from None
    try:
        if regular_only and not stat.S_ISREG(os.fstat(descriptor).st_mode):  # replaced since it was looked at
            raise OSError(errno.EINVAL, NOT_REGULAR)
        os.set_blocking(descriptor, True)
        with os.fdopen(descriptor, "w", encoding="utf-8") as out:
            descriptor = -1  # the file object owns it now
            out.write(text)
    except OSError as exc:
        raise named(exc, path) from None
    finally:
        if descriptor >= 0:
            os.close(descriptor)


def refuse_unless_regular(path: Path) -> None:
    """OSError naming `path` if it exists and is not a regular file (a FIFO, a device, a folder, a socket)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise named(exc, path) from None
    if stat.S_ISDIR(mode):
        raise OSError(errno.EISDIR, "this is a folder; name a file", str(path))
    if not stat.S_ISREG(mode):
        raise OSError(errno.EINVAL, NOT_REGULAR, str(path))


def named(exc: OSError, path: Path) -> OSError:
    """The same error, naming `path` (a failed write names no file by itself)."""
    if exc.filename is not None:
        return exc
    return OSError(exc.errno, exc.strerror or str(exc), str(path))
