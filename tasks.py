#!/usr/bin/env python3
"""Project tasks that work on a fresh clone with nothing but Python 3.11+.

    python3 tasks.py main    # the conformance run of the reference engine, with its report
    python3 tasks.py test    # lint, type-check and the whole test suite
    python3 tasks.py site    # run the engines the site shows, then build the rules site into site/ (strict)
    python3 tasks.py zensical # the same, built with Zensical into build/site-zensical/ (strict)
    python3 tasks.py serve   # the same reports, then serve the rules site on http://127.0.0.1:8000
    python3 tasks.py blocks  # rewrite the generated text kept in docs/ and in the README from the spec
    python3 tasks.py history # run the engines we keep a results log of, appending to it
    python3 tasks.py registry # refresh the registry entries of the engines of this repository
    python3 tasks.py release-check [--tag vX.Y.Z]  # the release workflow's steps, all but the upload

Each task first makes sure a virtual environment (.venv) exists with the project installed in
it, so neither command needs anything installed beforehand. The environment is refreshed only
when pyproject.toml changes.
"""

from __future__ import annotations

import hashlib
import os
import re
import shlex
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".installed"
# OpenSpiel's Euchre is an engine under test (tests/test_openspiel.py); Dask runs fuzzing campaigns
# on a cluster (tests/test_fuzz_cluster.py); the simulator's OpenSpiel game and PettingZoo environment
# are checked by the libraries' own tests (tests/test_simulator_*.py)
EXTRAS = "test,openspiel,distributed,rl"


def ensure_environment() -> None:
    """Create .venv and install the project with its test extras, if pyproject.toml changed."""
    if sys.version_info < (3, 11):  # noqa: UP036 - this script may be started by an older python3
        sys.exit("euchre-spec needs Python 3.11 or newer")
    # setup.py compiles reference_impl/engine/runs.py into the install: a change to either installs it again
    built = b"".join((ROOT / name).read_bytes() for name in ("pyproject.toml", "setup.py", "reference_impl/engine/runs.py"))
    wanted = hashlib.sha256(built + EXTRAS.encode()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == wanted:
        compile_sources()
        return
    if not (BIN / "python").exists():
        print("creating .venv ...", flush=True)
        venv.create(VENV, with_pip=True)
    print("installing euchre-spec and its test tools into .venv ...", flush=True)
    run(["python", "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
    run(["python", "-m", "pip", "install", "--quiet", "-e", f".[{EXTRAS}]"])
    STAMP.write_text(wanted)
    compile_sources()


# fmt: off
SOURCES = (
    "documents", "ruleset", "reference_impl", "rosetta", "trickster", "scorecard", "egn", "simulator", "conformance",
    "docs_gen", "euchre_spec", "tests", "bench",
)
# fmt: on
"""The project's own Python folders (the README's package table, its tests and benchmarks)."""


def compile_sources() -> None:
    """Write the bytecode of the project's modules, where it is missing or stale.

    The project is installed editable, so its modules are compiled on import, and where
    PYTHONDONTWRITEBYTECODE is set (as on many CI images) that compilation is thrown away and
    done again by every process: the test suite starts hundreds of `euchre-spec` and engine
    processes, each of which would compile about 150 modules first (`euchre-spec --help` took
    0.75 s so, 0.35 s with the bytecode written). compileall writes the bytecode once; a fresh
    process then reads it.
    """
    run(["python", "-m", "compileall", "-q", "-j", "0", *SOURCES])


def run(command: list[str]) -> None:
    """Run a tool from .venv in the project folder; stop with its exit code if it fails."""
    executable = str(BIN / command[0])
    completed = subprocess.run([executable, *command[1:]], cwd=ROOT, check=False)
    if completed.returncode != 0:
        sys.exit(completed.returncode)


def task_main(arguments: list[str]) -> None:
    """Validate the spec, then run the whole suite on the reference engine over the protocol."""
    run(["euchre-spec", "validate"])
    run(["euchre-spec", "conform", "--engine", "reference", *arguments])


CI_HYPOTHESIS_SEED = "20261201"
"""The seed of every property test in CI (the `CI` variable set): the same draws on every clean clone."""


def task_test(arguments: list[str]) -> None:
    run(["ruff", "check", "."])
    run(["ruff", "format", "--check", "."])
    run(["mypy"])
    seed: list[str] = []
    if os.environ.get("CI") and not any(a.startswith("--hypothesis-seed") for a in arguments):
        seed = [f"--hypothesis-seed={os.environ.get('HYPOTHESIS_SEED') or CI_HYPOTHESIS_SEED}"]
    # both cores, a worker each; a test file stays on one worker, so its module fixtures run once
    run(["python", "-m", "pytest", "-n", "auto", "--dist", "loadfile", *seed, *arguments])


SITE_REPORTS = ROOT / "reports"
SITE_ENGINES = ("reference", "openspiel")
"""The engines whose compliance the site shows: ours always, OpenSpiel's where open-spiel is installed."""


def site_reports(python: str, folder: Path) -> int:
    """Run the suite on each engine the site shows, its report written to folder/ENGINE/; 0, or 2 if a run could not be made.

    The site build only reads reports (it runs no engine), so this comes first. A run with
    failures still writes its report, which the site shows; only a run that could not be made
    at all (exit code 2) stops the build.
    """
    for engine in SITE_ENGINES:
        if engine == "openspiel" and subprocess.run([python, "-c", "import pyspiel"], cwd=ROOT, check=False).returncode:
            continue  # open-spiel is optional: without it the site shows the engines whose reports it has
        command = [python, "-m", "euchre_spec", "conform", "--engine", engine, "--quiet", "--report-dir", str(folder)]
        if subprocess.run(command, cwd=ROOT, check=False).returncode == 2:
            return 2
    return 0


def task_site(arguments: list[str]) -> None:
    """Make the reports the site shows, then build the rules site into site/ (mkdocs.yml is strict: any warning fails)."""
    if site_reports(str(BIN / "python"), SITE_REPORTS):
        sys.exit(2)
    run(["mkdocs", "build", "--strict", *arguments])


ZENSICAL_SITE = "build/site-zensical"


def zensical_commands(python: str, site_dir: str) -> list[list[str]]:
    """The build of the same site with Zensical, which runs no hooks: the build step writes the pages and a config
    beside `site_dir`, Zensical builds them (strict), and each page's Content-Security-Policy is completed after."""
    sources = f"{site_dir}-sources"
    return [
        [python, "-m", "docs_gen.site_sources", "--site-dir", site_dir],
        [python, "-m", "zensical", "build", "--strict", "--clean", "--config-file", f"{sources}.yml"],
        [python, "-m", "docs_gen.site_sources", "--seal", site_dir],
    ]


def task_zensical(arguments: list[str]) -> None:
    """Make the reports, then build the same rules site with Zensical into build/site-zensical/ (strict)."""
    if site_reports(str(BIN / "python"), SITE_REPORTS):
        sys.exit(2)
    for command in zensical_commands(str(BIN / "python"), arguments[0] if arguments else ZENSICAL_SITE):
        if subprocess.run(command, cwd=ROOT, check=False).returncode:
            sys.exit(1)


def task_serve(arguments: list[str]) -> None:
    """Make the reports, then serve the rules site on http://127.0.0.1:8000, rebuilt when docs/ or the spec changes."""
    if site_reports(str(BIN / "python"), SITE_REPORTS):
        sys.exit(2)
    run(["mkdocs", "serve", "--dev-addr", "127.0.0.1:8000", *arguments])


BLOCK_MODULES = ("ruleset.refusals", "ruleset.resolved_schema", "docs_gen.refresh_blocks")
"""What `blocks` runs, in order (the last one takes the task's arguments): tests/test_house_rule_guide.py runs the same."""


def task_blocks(arguments: list[str]) -> None:
    """Rewrite the generated text kept in the repository: the schemas made from tables, the blocks in docs/ and the README.

    Tests (and the site build, for the blocks) fail when any of it is stale.
    """
    for module in BLOCK_MODULES:
        run(["python", "-m", module, *(arguments if module == BLOCK_MODULES[-1] else [])])


HISTORY = "conformance/history.jsonl"
LOGGED_ENGINES = ("reference", "openspiel", "node engines/javascript/engine.js")
"""The engines whose runs the repository's results log keeps: ours, OpenSpiel's and the JavaScript one."""


def task_history(arguments: list[str]) -> None:
    """Run the suite on each engine of the results log, writing its reports and appending its summary.

    A run with failures is logged too (that is what the log is for); only a run that could not
    be made at all (exit code 2) stops the task."""
    for engine in LOGGED_ENGINES:
        command = [str(BIN / "euchre-spec"), "conform", "--engine", engine, "--history", HISTORY, "--quiet", *arguments]
        if subprocess.run(command, cwd=ROOT, check=False).returncode == 2:
            sys.exit(2)


REGISTERED_ENGINES = ("reference", "openspiel", "euchre-spec-javascript")
"""The registry entries of the engines kept in this repository (conformance/registry/NAME/)."""


def task_registry(arguments: list[str]) -> None:
    """Refresh the registry entries of the engines of this repository (or those named) from fresh runs, each with its
    manifest's own command: after a change of the suite, so they are graded against its new release."""
    for name in arguments or REGISTERED_ENGINES:
        if subprocess.run([str(BIN / "euchre-spec"), "registry", "add", name], cwd=ROOT, check=False).returncode:
            sys.exit(1)


RELEASE_OUT = ROOT / "build" / "release-check"
"""Where the release check works: dist/ (the sdist and the wheel it checked), venv/, and empty/."""

BUILD_WARNING = re.compile(r"^WARNING .*$|\b[A-Z]\w*Warning\b", re.MULTILINE)
"""A warning in the build's output, which fails the check: a line python-build gives a warning of the backend on
("WARNING Package ... is absent from the `packages` configuration."), or a Python warning class named
(BuildBackendWarning, SetuptoolsDeprecationWarning, ...). The backend's lower-case notes ("warning: byte-compiling is
disabled") say how this machine runs Python, not what our configuration gets wrong."""


class ReleaseCheckFailed(Exception):
    """A step of the release check failed; the message says which, with what the step printed."""


def release_check(source: Path, out: Path, python: str, tag: str | None = None) -> Path:
    """Every step of the release workflow (.github/workflows/release.yml) but the upload; the bin folder of the fresh
    environment holding the checked wheel.

    From the checkout at `source`: build the sdist and, from it, the wheel with `python -m build` (any Python warning
    in its output fails), check both with `twine check --strict`, compare the version with the tag pushed (when one
    is), install the wheel alone in a fresh virtual environment, and from an empty folder run the commands a new user
    meets first: `--version`, `smoke` and `conform` on the reference engine, and `new-engine` with `smoke` and
    `conform` on each skeleton (the JavaScript one where node is installed). `python` runs build and twine; the
    workflow and tests/test_installed_package.py both come here, so they cannot drift apart.
    """
    dist, home, empty = out / "dist", out / "venv", out / "empty"
    for folder in (dist, home, empty):
        shutil.rmtree(folder, ignore_errors=True)
    built = _step("build the sdist and the wheel", [python, "-m", "build", "--outdir", str(dist), str(source)])
    warnings = list(dict.fromkeys(BUILD_WARNING.findall(built)))
    if warnings:
        raise ReleaseCheckFailed("the build warns:\n" + "\n".join(warnings))
    files = sorted(dist.glob("*.whl")) + sorted(dist.glob("*.tar.gz"))
    if len(files) != 2:
        raise ReleaseCheckFailed(f"the build made {[file.name for file in files]}, not one wheel and one sdist")
    wheel = files[0]
    version = wheel.name.split("-")[1]
    problem = tag_problem(tag, version)
    if problem:
        raise ReleaseCheckFailed(problem)
    _step("twine check", [python, "-m", "twine", "check", "--strict", *map(str, files)])
    venv.create(home, with_pip=True)
    bin_dir = home / ("Scripts" if os.name == "nt" else "bin")
    _step("install the wheel in a fresh environment", [str(bin_dir / "python"), "-m", "pip", "install", "--quiet", str(wheel)])
    empty.mkdir(parents=True)
    shown = _step("euchre-spec --version", ["euchre-spec", "--version"], empty, bin_dir)
    if f"euchre-spec {version} " not in shown:
        raise ReleaseCheckFailed(f"the installed command says {shown.strip()!r}, not version {version}")
    _step("smoke, reference engine", ["euchre-spec", "smoke", "--engine", "reference"], empty, bin_dir)
    _step("conform, reference engine", ["euchre-spec", "conform", "--engine", "reference", "--quiet"], empty, bin_dir)
    skeletons = {"python": f"{shlex.quote(str(bin_dir / 'python'))} python-engine/engine.py"}
    if shutil.which("node"):
        skeletons["javascript"] = "node javascript-engine/engine.js"
    else:
        print("release-check: node is not installed: the JavaScript skeleton is not checked", flush=True)
    for language, engine in skeletons.items():
        written = f"{language}-engine"
        _step(f"new-engine, {language}", ["euchre-spec", "new-engine", written, "--language", language], empty, bin_dir)
        _step(f"smoke, {language} skeleton", ["euchre-spec", "smoke", "--engine", engine], empty, bin_dir)
        conform = ["euchre-spec", "conform", "--engine", engine, "--quiet", "--report-to", f"reports/{written}"]
        _step(f"conform, {language} skeleton", conform, empty, bin_dir)
    return bin_dir


def tag_problem(tag: str | None, version: str) -> str | None:
    """Why a release tag cannot publish this version (None if it can, or if no tag is being released)."""
    if tag is None or tag == f"v{version}":
        return None
    return f"the tag {tag} does not name the package's version {version}: tag it v{version}, or change the version"


def _step(name: str, command: list[str], folder: Path | None = None, bin_dir: Path | None = None) -> str:
    """Run one step, from `folder` with `bin_dir` first on the PATH and nothing of a checkout in the environment;
    its output, or ReleaseCheckFailed naming the step."""
    print(f"release-check: {name}", flush=True)
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "EUCHRE_SPEC_HOME", "VIRTUAL_ENV")}
    if bin_dir is not None:
        env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
        command = [shutil.which(command[0], path=env["PATH"]) or command[0], *command[1:]]
    completed = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True, check=False)
    output = completed.stdout + completed.stderr
    if completed.returncode != 0:
        raise ReleaseCheckFailed(f"{name} failed (exit {completed.returncode}): {' '.join(command)}\n{output}")
    return output


def task_release_check(arguments: list[str]) -> None:
    """The release workflow's checks, here: build, twine check, the wheel installed fresh, smoke and conform."""
    import argparse

    parser = argparse.ArgumentParser(prog="python3 tasks.py release-check", description=task_release_check.__doc__)
    parser.add_argument("--tag", help="the tag being released (vX.Y.Z): it must name the package's version")
    tag = parser.parse_args(arguments).tag
    try:
        release_check(ROOT, RELEASE_OUT, str(BIN / "python"), tag)
    except ReleaseCheckFailed as exc:
        sys.exit(f"release-check: {exc}")
    print(f"release-check: passed; the sdist and the wheel are in {(RELEASE_OUT / 'dist').relative_to(ROOT)}/")


TASKS = {
    "main": task_main,
    "test": task_test,
    "site": task_site,
    "zensical": task_zensical,
    "serve": task_serve,
    "blocks": task_blocks,
    "history": task_history,
    "registry": task_registry,
    "release-check": task_release_check,
}


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in TASKS:
        sys.exit(f"usage: python3 tasks.py {{{'|'.join(TASKS)}}} [arguments...]")
    ensure_environment()
    TASKS[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
