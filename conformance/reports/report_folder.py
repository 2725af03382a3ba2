"""A run's reports written as one set: into a private folder, swapped in whole for the last run's.

report.json, junit.xml, the badges and the engine's standard error belong together: a reader (the
rules site, a CI job, a person) must never find one run's report beside another run's JUnit or
badges. So a run writes everything into a folder of its own, beside the folder its reports go to
and named after its process (`.partial-PID-RANDOM`), and only once every file is complete does
that folder take the last run's place: the old folder is renamed aside, the new one renamed in,
the old one deleted. A run killed before that leaves nothing but its private folder, which the
next run in the same place removes; a run stopped by a signal it can handle writes its
(interrupted) report and swaps it in like any other.

Two runs writing to one folder would lose one report without a word, so a run first claims its
folder with a lock beside it (`.NAME.lock`, held with `flock` while the run lasts and removed
after; the kernel lets the lock go when the process ends, however it ends): a second run refuses
at once and says so.
A folder is replaced only if it holds nothing but a run's reports, so `--report-to` can never
delete a user's own files.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import secrets
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import IO

from conformance.reports.badges import BADGES

STDERR_LOG = "engine-stderr.log"
REPORT_FILES = frozenset({"report.json", "junit.xml", STDERR_LOG, BADGES})
"""What a report folder holds; a folder holding anything else is not replaced."""

_PRIVATE = re.compile(r"^\.(?:partial|old)-(\d+)-[0-9a-f]+$")
"""A run's private folder (being written, or set aside), named after the run's process."""


class FolderRefused(Exception):
    """The reports cannot go to this folder: another run is writing there, or it holds other files."""


class ReportFolder:
    """A run's private folder beside the folder its reports go to, until `commit` puts it in that folder's place."""

    def __init__(self, parent: Path) -> None:
        parent.mkdir(parents=True, exist_ok=True)
        self.parent = parent
        self.staging = parent / f".partial-{os.getpid()}-{secrets.token_hex(4)}"
        self.staging.mkdir()
        self.folder: Path | None = None
        self._lock: IO[bytes] | None = None
        _remove_leftovers(parent)

    @property
    def log(self) -> Path:
        """Where the engine's standard error is kept while the run lasts."""
        return self.staging / STDERR_LOG

    def claim(self, folder: Path) -> None:
        """Make `folder` this run's, before anything is run for it; FolderRefused if it cannot be."""
        if not folder.name or folder.parent.resolve() != self.parent.resolve():
            raise FolderRefused(f"{folder}: name a folder for the reports, inside {self.parent}")
        self._lock = _locked(self.parent / f".{folder.name}.lock", folder)
        try:
            _check_replaceable(folder)
        except FolderRefused:
            self.release()
            raise
        self.folder = folder

    def commit(self, write: Callable[[Path], None]) -> Path:
        """Write the reports with `write(private folder)`, then put the private folder in place of the claimed one."""
        folder = self.folder
        assert folder is not None, "claim the folder first"
        write(self.staging)
        _check_replaceable(folder)  # nothing of the user's arrived while the run lasted
        aside = self.parent / f".old-{os.getpid()}-{secrets.token_hex(4)}"
        if folder.exists():
            os.rename(folder, aside)
        os.rename(self.staging, folder)
        shutil.rmtree(aside, ignore_errors=True)
        self.release()
        return folder

    def discard(self) -> None:
        """Remove the private folder (the run made no report) and let the claimed folder go."""
        shutil.rmtree(self.staging, ignore_errors=True)
        self.release()

    def release(self) -> None:
        """Let the claimed folder go: the lock file is removed while still held, then closed."""
        if self._lock is not None:
            with contextlib.suppress(OSError):
                os.unlink(self._lock.name)
            self._lock.close()
            self._lock = None


def _locked(path: Path, folder: Path) -> IO[bytes]:
    """The lock file at `path`, opened and held; FolderRefused if another run holds it.

    A run removes its lock file when it lets it go, so a lock taken on a file that was removed
    meanwhile is no lock at all: it is taken again on the file now at `path`.
    """
    while True:
        lock = path.open("ab")
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            lock.close()
            raise FolderRefused(
                f"{folder}: another run is writing its reports there; wait for it to end, or name another folder"
            ) from None
        try:
            still_there = os.stat(path).st_ino == os.fstat(lock.fileno()).st_ino
        except FileNotFoundError:
            still_there = False
        if still_there:
            return lock
        lock.close()


def _check_replaceable(folder: Path) -> None:
    if not folder.exists():
        return
    if folder.is_symlink() or not folder.is_dir():
        raise FolderRefused(f"{folder}: not a folder of reports; name a folder")
    others = sorted(entry.name for entry in folder.iterdir() if entry.name not in REPORT_FILES)
    if others:
        shown = ", ".join(others[:5]) + (", ..." if len(others) > 5 else "")
        raise FolderRefused(
            f"{folder} holds files that are not a run's reports ({shown}), and a run's reports replace the whole "
            "folder; name an empty folder or one that holds reports only"
        )


def _remove_leftovers(parent: Path) -> None:
    """Remove the private folders of runs that ended without putting them in place (killed, say)."""
    for entry in parent.iterdir():
        found = _PRIVATE.match(entry.name)
        if found and entry.is_dir() and not _running(int(found[1])):
            shutil.rmtree(entry, ignore_errors=True)


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    with contextlib.suppress(OSError):
        state = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rpartition(")")[2].split()[0]
        return state not in ("Z", "X")
    return True
