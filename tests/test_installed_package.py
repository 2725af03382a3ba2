"""The package is the product: a fresh clone goes through the release check, and the wheel it installs works alone.

The release check (`python3 tasks.py release-check`, the release workflow's every step but the
upload) runs here on a copy of the files a clone has: the sdist built from it and the wheel from
the sdist, without a Python warning, `twine check`, the wheel installed alone in a fresh virtual
environment, and from an empty folder `smoke` and `conform` on the reference engine and on each
engine skeleton `new-engine` writes. The tests below then use that environment, with nothing of
the checkout on the path, for the other commands a new user meets first.
"""

from __future__ import annotations

import email
import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

import tasks
from tests import ROOT
from tests.clone_helpers import fresh_clone

DATA = ("spec/variants/north-american.yaml", "schemas/variant.schema.json", "conformance/scenarios/british/bidding.yaml")
SKELETON_PASSES = {"python": 116, "javascript": 172}
"""Scenarios each engine skeleton passes as `new-engine` writes it (north-american, and for the JavaScript one
north-american-32 and its house rules too): fewer is a regression."""


@dataclass(frozen=True)
class Release:
    """What the release check leaves: the environment the wheel is installed in, the files it built, its empty folder."""

    bin: Path
    dist: Path
    empty: Path

    @property
    def wheel(self) -> Path:
        return next(self.dist.glob("*.whl"))

    @property
    def sdist(self) -> Path:
        return next(self.dist.glob("*.tar.gz"))


@pytest.fixture(scope="module")
def release(tmp_path_factory: pytest.TempPathFactory) -> Release:
    clone = fresh_clone(tmp_path_factory.mktemp("clone"))
    out = tmp_path_factory.mktemp("release")
    try:
        bin_dir = tasks.release_check(clone, out, sys.executable)
    except tasks.ReleaseCheckFailed as exc:
        pytest.fail(f"the release check fails on a fresh clone: {exc}")
    return Release(bin_dir, out / "dist", out / "empty")


def _run(bin_dir: Path, folder: Path, *command: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "EUCHRE_SPEC_HOME", "VIRTUAL_ENV")}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    return subprocess.run(list(command), cwd=folder, env=env, capture_output=True, text=True, timeout=300, check=False)


def _report(folder: Path) -> dict[str, Any]:
    report: dict[str, Any] = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    return report


def test_the_release_check_builds_one_wheel_and_one_sdist_that_say_where_the_project_lives(release: Release) -> None:
    assert sorted(path.name for path in release.dist.iterdir()) == sorted([release.wheel.name, release.sdist.name])
    with zipfile.ZipFile(release.wheel) as wheel:
        metadata_name = next(name for name in wheel.namelist() if name.endswith(".dist-info/METADATA"))
        metadata = email.message_from_bytes(wheel.read(metadata_name))
        assert any(name.endswith(".dist-info/licenses/LICENSE") for name in wheel.namelist())
    urls = dict(entry.split(", ", 1) for entry in metadata.get_all("Project-URL", []))
    assert set(urls) == {"Homepage", "Documentation", "Repository", "Issues", "Changelog"}
    assert all(url.startswith("https://") for url in urls.values())
    assert metadata["License-Expression"] == "MIT"
    assert "pytest" in metadata.get_all("Provides-Extra", [])
    assert "Framework :: Pytest" in metadata.get_all("Classifier", [])


def test_the_sdist_and_the_wheel_carry_the_data_and_the_skeletons(release: Release) -> None:
    with tarfile.open(release.sdist) as sdist:
        sdist_names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    wheel_names = set(zipfile.ZipFile(release.wheel).namelist())
    for name in (*DATA, "LICENSE", "engines/javascript/engine.js", "engines/python/engine.py"):
        assert name in sdist_names, name
    assert "documents/data/spec/variants/north-american.yaml" in wheel_names
    assert "documents/data/schemas/variant.schema.json" in wheel_names
    assert "conformance/scenarios/british/bidding.yaml" in wheel_names
    assert any(name.startswith("conformance/expected-failures/") for name in wheel_names)
    assert "conformance/retired-scenarios.yaml" in wheel_names
    assert {"simulator/__init__.py", "simulator/openspiel_game.py", "simulator/pettingzoo_env.py"} <= wheel_names
    scenario_files = sorted((ROOT / "conformance" / "scenarios").rglob("*.yaml"))
    shipped = {name for name in wheel_names if name.startswith("conformance/scenarios/")}
    assert len(shipped) == len(scenario_files)
    for language in ("javascript", "python"):
        skeleton = {path.relative_to(ROOT / "engines").as_posix() for path in (ROOT / "engines" / language).rglob("*.*")}
        skeleton = {name for name in skeleton if "__pycache__" not in name}
        assert {f"documents/data/engines/{name}" for name in skeleton} <= wheel_names, language


def test_every_first_command_works_from_an_empty_folder(release: Release, tmp_path: Path) -> None:
    folder = tmp_path / "empty"
    folder.mkdir()
    version = _run(release.bin, folder, "euchre-spec", "--version")
    assert version.returncode == 0 and "euchre-spec 0." in version.stdout

    validated = _run(release.bin, folder, "euchre-spec", "validate")
    assert validated.returncode == 0, validated.stderr
    assert "all valid" in validated.stdout

    listing = _run(release.bin, folder, "euchre-spec", "variants")
    assert listing.returncode == 0 and "north-american" in listing.stdout and "stick-the-dealer" in listing.stdout

    played = _run(release.bin, folder, "euchre-spec", "play", "british", "--deal", "7")
    assert played.returncode == 0, played.stderr
    assert "trick" in played.stdout.lower()

    report = _report(release.empty / "reports" / "reference")  # the release check's run of the whole suite
    assert report["summary"]["counts"]["pass"] == report["summary"]["total"] > 500
    assert report["suite_version"] and report["package_version"].startswith("0.")
    assert report["results"][0]["source"].startswith("conformance/scenarios/")

    exported = _run(release.bin, folder, "euchre-spec", "scenarios", "export", "-o", "suite.json")
    assert exported.returncode == 0, exported.stderr
    bundle = json.loads((folder / "suite.json").read_text(encoding="utf-8"))
    assert len(bundle["scenarios"]) == report["summary"]["total"]


def test_the_simulator_plays_without_its_extra_and_names_the_extra_it_lacks(release: Release, tmp_path: Path) -> None:
    """The core of `simulator` needs only the package; what needs the rl extra says so instead of a traceback."""
    script = (
        "import random; from simulator import Hand, table; from reference_impl.deal import deal_number\n"
        "t = table('cutthroat'); h = Hand.dealt(t, deal_number(t.rules, 1, 0)); rng = random.Random(0)\n"
        "while not h.is_over: h.apply(rng.choice(h.legal_ids()))\n"
        "print(sum(h.returns()), len(h.moves()))"
    )
    played = _run(release.bin, tmp_path, "python", "-c", script)
    assert played.returncode == 0, played.stderr
    assert played.stdout.split()[0] == "0.0" and int(played.stdout.split()[1]) > 10
    example = _run(release.bin, tmp_path, "python", "-m", "simulator.mcts_example")
    assert example.returncode == 2 and "pip install 'euchre-spec[rl]'" in example.stderr, example.stderr


def test_the_pytest_extra_brings_the_plugin_to_work_from_an_empty_folder(release: Release, tmp_path: Path) -> None:
    python = str(release.bin / "python")
    installed = _run(release.bin, tmp_path, python, "-m", "pip", "install", "--quiet", f"{release.wheel}[pytest]")
    assert installed.returncode == 0, installed.stderr
    plugin = _run(release.bin, tmp_path, "pytest", "-q", "-p", "no:cacheprovider", "--euchre-engine", "reference", "-k", "br-")
    assert plugin.returncode == 0, plugin.stdout[-2000:] + plugin.stderr[-2000:]
    assert " passed" in plugin.stdout


@pytest.mark.parametrize("language", ["python", "javascript"])
def test_each_skeleton_new_engine_writes_passes_its_declared_scenarios(release: Release, tmp_path: Path, language: str) -> None:
    """`new-engine` from the installed command, and the engine it writes run on the whole suite as it is."""
    if language == "javascript" and shutil.which("node") is None:
        if os.environ.get("CI"):
            pytest.fail("node is not installed: CI must run the JavaScript skeleton (install the Debian package nodejs)")
        pytest.skip("node is not installed, so the JavaScript skeleton cannot be run")
    written = _run(release.bin, tmp_path, "euchre-spec", "new-engine", "my-engine", "--language", language)
    assert written.returncode == 0, written.stderr
    command = {"python": f"{release.bin / 'python'} my-engine/engine.py", "javascript": "node my-engine/engine.js"}[language]
    assert command in written.stdout.replace("'", "")
    conformed = _run(release.bin, tmp_path, "euchre-spec", "conform", "--engine", command, "--quiet")
    assert conformed.returncode == 0, conformed.stdout[-3000:] + conformed.stderr[-3000:]
    report = _report(tmp_path / "reports" / "my-engine")
    counts = report["summary"]["counts"]
    assert report["engine"]["name"] == "my-engine"
    assert counts["pass"] >= SKELETON_PASSES[language]
    assert counts["fail"] == counts["error"] == counts["crash"] == counts["timeout"] == 0


def test_a_checkout_can_still_be_pointed_at(release: Release, tmp_path: Path) -> None:
    """`--data DIR` reads a contributor's folder instead of the installed copy."""
    copy = tmp_path / "mine"
    (copy / "spec" / "variants").mkdir(parents=True)
    (copy / "schemas").symlink_to(ROOT / "schemas")
    for name in ("north-american.yaml",):
        (copy / "spec" / "variants" / name).write_text((ROOT / "spec" / "variants" / name).read_text(encoding="utf-8"))
    for name in ("sources.yaml", "retired-clauses.yaml", "deal-numbers.yaml"):
        (copy / "spec" / name).write_text((ROOT / "spec" / name).read_text(encoding="utf-8"))
    listing = _run(release.bin, tmp_path, "euchre-spec", "--data", str(copy), "variants")
    assert listing.returncode == 0, listing.stderr
    assert "north-american" in listing.stdout and "british" not in listing.stdout
    missing = _run(release.bin, tmp_path, "euchre-spec", "--data", str(tmp_path / "nowhere"), "variants")
    assert missing.returncode == 2 and "not laid out like a euchre-spec checkout" in missing.stderr


def test_the_release_workflow_runs_the_release_check_and_publishes_only_a_tag_by_trusted_publishing() -> None:
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8"))
    check, publish = workflow["jobs"]["check"], workflow["jobs"]["publish"]
    runs = [step["run"] for step in check["steps"] if "run" in step]
    assert runs == ['python3 tasks.py release-check ${TAG:+--tag "$TAG"}']
    uploaded = next(step for step in check["steps"] if step.get("uses", "").startswith("actions/upload-artifact"))
    assert uploaded["with"]["path"].rstrip("/") == (tasks.RELEASE_OUT / "dist").relative_to(ROOT).as_posix()
    assert publish["needs"] == "check"
    assert "startsWith(github.ref, 'refs/tags/v')" in publish["if"]
    assert publish["permissions"] == {"id-token": "write"}
    assert workflow["permissions"] == {"contents": "read"}
    uses = [step["uses"] for step in publish["steps"]]
    assert uses[-1].startswith("pypa/gh-action-pypi-publish@")
    assert not any("password" in step.get("with", {}) for step in publish["steps"])


def test_a_tag_must_name_the_version_it_publishes() -> None:
    assert tasks.tag_problem(None, "0.7.0") is None
    assert tasks.tag_problem("v0.7.0", "0.7.0") is None
    assert tasks.tag_problem("v0.7.1", "0.7.0") == (
        "the tag v0.7.1 does not name the package's version 0.7.0: tag it v0.7.0, or change the version"
    )
    assert tasks.tag_problem("0.7.0", "0.7.0") is not None


def test_a_build_warning_fails_the_release_check() -> None:
    """The release check's test for warnings: python-build's WARNING lines and warning classes, never the backend's
    lower-case notes on how this machine runs Python. The first line is what the build printed, six times, before every
    data folder was listed as a package."""
    absent = "WARNING Package 'conformance.scenarios' is absent from the `packages` configuration."
    assert tasks.BUILD_WARNING.findall(f"* Building wheel...\n{absent}\nSuccessfully built") == [absent]
    warned = "build_py.py:215: BuildBackendWarning: Package 'conformance.scenarios' is absent"
    assert tasks.BUILD_WARNING.findall(warned) == ["BuildBackendWarning"]
    assert tasks.BUILD_WARNING.findall("SetuptoolsDeprecationWarning: License classifiers") == ["SetuptoolsDeprecationWarning"]
    assert tasks.BUILD_WARNING.findall("warning: build_py: byte-compiling is disabled, skipping.") == []
