"""Building the rules site once per test session, the way CI and `tasks.py site` build it.

The build runs `mkdocs build --strict` in a subprocess (the command a reader runs), with the
reports folder pointed at an empty directory so the build takes the fresh-clone path: no
reports, so the reference engine's report is produced by the build itself.
"""

from __future__ import annotations

import os
import subprocess
import sys
from functools import cache
from pathlib import Path

from tests import ROOT

BUILD = ROOT / "build"
ARTIFACTS = BUILD / "test-artifacts"


@cache
def built_site() -> tuple[Path, str]:
    """The built site's folder and the build's log."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")  # each test worker builds a site of its own
    site = BUILD / f"test-site-{worker}"
    reports = BUILD / f"test-site-no-reports-{worker}"
    reports.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", EUCHRE_SPEC_REPORTS=str(reports))
    completed = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    log = completed.stdout + completed.stderr
    assert completed.returncode == 0, f"mkdocs build --strict failed:\n{log}"
    return site, log
