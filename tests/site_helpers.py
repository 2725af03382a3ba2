"""Building the rules site once per test session, the way `tasks.py site` builds it, and looking at it in Chromium.

First the engines the site shows are run into a reports folder of the test's own (the task's
`site_reports`, as on a fresh clone, which has no reports), then `mkdocs build --strict` runs in
a subprocess (the command a reader runs) with that folder as its reports.

A second build (`built_hostile_site`) is the real site of a data folder (`EUCHRE_SPEC_HOME`, a
copy of the spec, the suite and the hand-written pages) to which hostile spec files are added,
as a contributor's pull request would add them: its reports are made from that folder, and its
kept blocks brought up to date there, as `tasks.py blocks` would.

The browser is Debian's headless Chromium, driven by selenium through the system chromedriver
(nothing is downloaded); the site is served over HTTP from its folder, as it is published.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache, partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from tasks import site_reports, zensical_commands
from tests import ROOT

BUILD = ROOT / "build"
ARTIFACTS = BUILD / "test-artifacts"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
BROWSER_MISSING = (
    ""
    if Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()
    else "chromium and chromium-driver are not installed (apt-get install chromium chromium-driver; .ci/run does it in CI)"
)
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1400,1100",
)
DATA_FOLDERS = ("spec", "schemas", "docs", "conformance/scenarios", "conformance/expected-failures")


def _worker() -> str:
    return os.environ.get("PYTEST_XDIST_WORKER", "main")  # each test worker builds a site of its own


def _mkdocs(config: Path, site: Path, env: dict[str, str]) -> str:
    """`mkdocs build --strict` of `config` into `site`; the build's log (the test fails with it if the build does)."""
    completed = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(config), "--site-dir", str(site)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    log = completed.stdout + completed.stderr
    assert completed.returncode == 0, f"mkdocs build --strict failed:\n{log}"
    return log


@cache
def _site_reports() -> Path:
    """The reports of the engines the site shows, made once per test worker into a folder of its own."""
    reports = BUILD / f"test-site-reports-{_worker()}"
    shutil.rmtree(reports, ignore_errors=True)  # made afresh, as on a fresh clone
    assert site_reports(sys.executable, reports) == 0, "the engines the site shows could not be run"
    return reports


@cache
def built_site() -> tuple[Path, str]:
    """The built site's folder and the build's log."""
    site = BUILD / f"test-site-{_worker()}"
    return site, _mkdocs(ROOT / "mkdocs.yml", site, dict(os.environ, EUCHRE_SPEC_REPORTS=str(_site_reports())))


@cache
def built_zensical_site() -> tuple[Path, str]:
    """The same site built with Zensical the way `tasks.py zensical` builds it, and the build's log."""
    site = BUILD / f"test-zensical-site-{_worker()}"
    env = dict(os.environ, EUCHRE_SPEC_REPORTS=str(_site_reports()))
    log = ""
    for command in zensical_commands(sys.executable, str(site)):
        completed = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
        log += completed.stdout + completed.stderr
        assert completed.returncode == 0, f"{' '.join(command[1:4])} failed:\n{log}"
    return site, log


def built_hostile_site(added: dict[str, Path]) -> tuple[Path, str]:
    """The site of a copy of the data with files added (place in the data folder -> file), and the build's log."""
    home = BUILD / f"test-hostile-home-{_worker()}"
    site, reports = BUILD / f"test-hostile-site-{_worker()}", home / "reports"
    shutil.rmtree(home, ignore_errors=True)
    for folder in DATA_FOLDERS:
        shutil.copytree(ROOT / folder, home / folder)
    for name in ("retired-scenarios.yaml", "changelog.yaml"):
        shutil.copy(ROOT / "conformance" / name, home / "conformance" / name)
    for place, source in added.items():
        shutil.copy(source, home / place)
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for relative in ("docs_gen/mkdocs_hook.py", "overrides"):  # the project's code, not a copy of it
        config = config.replace(f" {relative}", f" {ROOT / relative}", 1)
    (home / "mkdocs.yml").write_text(config, encoding="utf-8")
    env = dict(os.environ, EUCHRE_SPEC_HOME=str(home), EUCHRE_SPEC_REPORTS=str(reports))
    for command in (
        [sys.executable, "-m", "docs_gen.refresh_blocks"],
        [sys.executable, "-m", "euchre_spec", "conform", "--engine", "reference", "--quiet", "--report-dir", str(reports)],
    ):
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stdout + done.stderr
    return site, _mkdocs(home / "mkdocs.yml", site, env)


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serving(folder: Path) -> Iterator[str]:
    """The folder served over HTTP on a free port of this machine, by its base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def chromium(profile: Path) -> Iterator[Any]:
    """Headless Chromium under selenium, with a profile of its own, its console log kept (the policy's reports)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()
