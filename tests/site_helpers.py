"""Building the rules site once per test session, the way `tasks.py site` builds it.

First the engines the site shows are run into a reports folder of the test's own (the task's
`site_reports`, as on a fresh clone, which has no reports), then `mkdocs build --strict` runs in
a subprocess (the command a reader runs) with that folder as its reports.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

from tasks import site_reports
from tests import ROOT

BUILD = ROOT / "build"
ARTIFACTS = BUILD / "test-artifacts"


@cache
def built_site() -> tuple[Path, str]:
    """The built site's folder and the build's log."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")  # each test worker builds a site of its own
    site = BUILD / f"test-site-{worker}"
    reports = BUILD / f"test-site-reports-{worker}"
    shutil.rmtree(reports, ignore_errors=True)  # made afresh, as on a fresh clone
    assert site_reports(sys.executable, reports) == 0, "the engines the site shows could not be run"
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
