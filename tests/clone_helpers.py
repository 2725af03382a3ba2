"""A copy of the repository as a fresh clone holds it, for the tests that work as a newcomer or a contributor would."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tests import ROOT


def fresh_clone(into: Path) -> Path:
    """The files a clone of the repository holds (those git tracks), copied as they are in the working tree."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():  # a tracked file deleted in the working tree is not in the next clone either
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)
    return into
