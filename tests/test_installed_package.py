"""The package is the product: the built wheel, installed alone, works from an empty folder.

The sdist is built from the checkout and the wheel from the sdist (what `python -m build` does),
so a file missing from either shows up here. The wheel goes into a fresh virtual environment
with nothing of the checkout on the path, and every command a new user meets first is run
from an empty temporary folder.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

from tests import ROOT

DATA = ("spec/variants/north-american.yaml", "schemas/variant.schema.json", "conformance/scenarios/british/bidding.yaml")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)], check=True, capture_output=True, text=True)
    return {"wheel": next(out.glob("*.whl")), "sdist": next(out.glob("*.tar.gz"))}


@pytest.fixture(scope="module")
def installed(built: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment holding only the wheel, its dependencies and pytest."""
    home = tmp_path_factory.mktemp("venv")
    venv.create(home, with_pip=True)
    python = home / "bin" / "python"
    subprocess.run([python, "-m", "pip", "install", "--quiet", str(built["wheel"]), "pytest"], check=True)
    return home / "bin"


def _run(bin_dir: Path, folder: Path, *command: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "EUCHRE_SPEC_HOME", "VIRTUAL_ENV")}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    return subprocess.run(list(command), cwd=folder, env=env, capture_output=True, text=True, timeout=300, check=False)


def test_the_sdist_and_the_wheel_carry_the_data(built: dict[str, Path]) -> None:
    with tarfile.open(built["sdist"]) as sdist:
        sdist_names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    wheel_names = set(zipfile.ZipFile(built["wheel"]).namelist())
    for name in DATA:
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


def test_every_first_command_works_from_an_empty_folder(installed: Path, tmp_path: Path) -> None:
    folder = tmp_path / "empty"
    folder.mkdir()
    version = _run(installed, folder, "euchre-spec", "--version")
    assert version.returncode == 0 and "euchre-spec 0." in version.stdout

    validated = _run(installed, folder, "euchre-spec", "validate")
    assert validated.returncode == 0, validated.stderr
    assert "all valid" in validated.stdout

    listing = _run(installed, folder, "euchre-spec", "variants")
    assert listing.returncode == 0 and "north-american" in listing.stdout and "stick-the-dealer" in listing.stdout

    played = _run(installed, folder, "euchre-spec", "play", "british", "--deal", "7")
    assert played.returncode == 0, played.stderr
    assert "trick" in played.stdout.lower()

    conformed = _run(installed, folder, "euchre-spec", "conform", "--engine", "reference", "--quiet")
    assert conformed.returncode == 0, conformed.stdout + conformed.stderr
    report = json.loads(next((folder / "reports").rglob("report.json")).read_text(encoding="utf-8"))
    assert report["summary"]["counts"]["pass"] == report["summary"]["total"] > 500
    assert report["suite_version"] and report["package_version"].startswith("0.")
    assert report["results"][0]["source"].startswith("conformance/scenarios/")

    exported = _run(installed, folder, "euchre-spec", "scenarios", "export", "-o", "suite.json")
    assert exported.returncode == 0, exported.stderr
    bundle = json.loads((folder / "suite.json").read_text(encoding="utf-8"))
    assert len(bundle["scenarios"]) == report["summary"]["total"]


def test_the_simulator_plays_without_its_extra_and_names_the_extra_it_lacks(installed: Path, tmp_path: Path) -> None:
    """The core of `simulator` needs only the package; what needs the rl extra says so instead of a traceback."""
    script = (
        "import random; from simulator import Hand, table; from reference_impl.deal import deal_number\n"
        "t = table('cutthroat'); h = Hand.dealt(t, deal_number(t.rules, 1, 0)); rng = random.Random(0)\n"
        "while not h.is_over: h.apply(rng.choice(h.legal_ids()))\n"
        "print(sum(h.returns()), len(h.moves()))"
    )
    played = _run(installed, tmp_path, "python", "-c", script)
    assert played.returncode == 0, played.stderr
    assert played.stdout.split()[0] == "0.0" and int(played.stdout.split()[1]) > 10
    example = _run(installed, tmp_path, "python", "-m", "simulator.mcts_example")
    assert example.returncode == 2 and "pip install 'euchre-spec[rl]'" in example.stderr, example.stderr


def test_the_pytest_plugin_runs_from_an_empty_folder(installed: Path, tmp_path: Path) -> None:
    plugin = _run(installed, tmp_path, "pytest", "-q", "-p", "no:cacheprovider", "--euchre-engine", "reference", "-k", "br-")
    assert plugin.returncode == 0, plugin.stdout[-2000:] + plugin.stderr[-2000:]
    assert " passed" in plugin.stdout


def test_a_checkout_can_still_be_pointed_at(installed: Path, tmp_path: Path) -> None:
    """`--data DIR` reads a contributor's folder instead of the installed copy."""
    copy = tmp_path / "mine"
    (copy / "spec" / "variants").mkdir(parents=True)
    (copy / "schemas").symlink_to(ROOT / "schemas")
    for name in ("north-american.yaml",):
        (copy / "spec" / "variants" / name).write_text((ROOT / "spec" / "variants" / name).read_text(encoding="utf-8"))
    for name in ("sources.yaml", "retired-clauses.yaml", "deal-numbers.yaml"):
        (copy / "spec" / name).write_text((ROOT / "spec" / name).read_text(encoding="utf-8"))
    listing = _run(installed, tmp_path, "euchre-spec", "--data", str(copy), "variants")
    assert listing.returncode == 0, listing.stderr
    assert "north-american" in listing.stdout and "british" not in listing.stdout
    missing = _run(installed, tmp_path, "euchre-spec", "--data", str(tmp_path / "nowhere"), "variants")
    assert missing.returncode == 2 and "not laid out like a euchre-spec checkout" in missing.stderr
