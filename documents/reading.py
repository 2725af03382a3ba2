"""Reading a file someone named, at a bounded cost, and finding the files of a folder.

A path given on the command line can be anything: a FIFO (opening it for reading waits for a
writer that may never come), `/dev/zero` (reading it never ends), a file of gigabytes, a symlink
loop, a folder, a file that vanishes between being listed and being opened. Each is refused
with an error naming the file, and no more than `MAX_FILE_BYTES + 1` bytes are ever read.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path

from .errors import SpecError, SpecInvalid
from .limits import MAX_FILE_BYTES


def read_text(path: Path | str, name: str, max_bytes: int = MAX_FILE_BYTES) -> str:
    """The text of the regular file `path` (UTF-8, at most `max_bytes`); raise SpecInvalid naming `name`."""

    def refuse(message: str) -> SpecInvalid:
        return SpecInvalid([SpecError(name, 0, "", message)])

    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; it makes no difference to a regular file.
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise refuse(f"cannot read the file: {_reason(exc)}") from exc
    status = os.fstat(descriptor)
    problem = None
    if stat.S_ISDIR(status.st_mode):
        problem = "this is a folder; name a file"
    elif not stat.S_ISREG(status.st_mode):
        problem = "not a regular file (a pipe, a device or a socket); name a file"
    elif status.st_size > max_bytes:
        problem = f"the file has {status.st_size:,} bytes; files of more than {max_bytes:,} bytes are not read"
    if problem is not None:
        os.close(descriptor)
        raise refuse(problem)
    with os.fdopen(descriptor, "rb") as file:
        try:
            data = file.read(max_bytes + 1)
        except OSError as exc:
            raise refuse(f"cannot read the file: {_reason(exc)}") from exc
    if len(data) > max_bytes:
        raise refuse(f"the file grew past {max_bytes:,} bytes while it was read; it is not read")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise SpecInvalid(
            [SpecError(name, line, "", f"the file is not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start})")]
        ) from exc


def files_in(roots: Iterable[Path], suffixes: tuple[str, ...]) -> list[Path]:
    """Each root that is not a folder as it is, and the files ending in `suffixes` under each folder, sorted.

    Symlinked folders are not followed (a link to a parent would make the walk endless); a
    symlinked file is listed, and reading it says what is wrong with it (a loop, say).
    """
    found: list[Path] = []
    for root in roots:
        if not root.is_dir():
            found.append(root)
            continue
        inside: list[Path] = []
        for folder, _subfolders, names in os.walk(root):
            inside.extend(Path(folder) / name for name in names if name.endswith(suffixes))
        found.extend(sorted(inside))
    return found


def same_file_key(path: Path) -> Path:
    """A key naming one file however it was reached; a path that cannot be resolved (a symlink loop) is its own key."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path.absolute()


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)
