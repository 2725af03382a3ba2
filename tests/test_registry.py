"""The registry of engines: every entry is one sound run, each check catches what it is for, and
`euchre-spec registry add` makes an entry (and refreshes it) with one command."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from conformance import SUITE_VERSION
from conformance.reports.registry import command_options, entries, read_entry, registry_folder
from conformance.suite.scenarios import retired_ids, suite
from documents.schemas import validator
from euchre_spec.cli import main
from tests import ROOT
from tests.test_conform_command import engine_script

REGISTRY = registry_folder(ROOT)
NAMES = sorted(path.name for path in REGISTRY.iterdir() if path.is_dir())


# Every entry of the registry


def test_the_engines_of_this_repository_have_entries() -> None:
    assert {"reference", "openspiel", "euchre-spec-javascript"} <= set(NAMES)
    found = {entry.name: entry for entry in entries(ROOT)}
    assert found["euchre-spec-javascript"].report["engine"]["command"] == "node engines/javascript/engine.js"
    assert found["openspiel"].manifest["expected_failures"] == "conformance/expected-failures/openspiel-euchre.yaml"


@pytest.mark.parametrize("name", NAMES)
def test_every_entry_is_one_sound_run(name: str) -> None:
    entry = read_entry(REGISTRY / name, ROOT)
    assert [str(problem) for problem in entry.problems] == []
    # what the checks hold, seen directly
    assert not list(validator("report.schema.json").iter_errors(entry.report))
    assert entry.report["suite_version"] == entry.manifest["suite_version"]
    assert command_options(entry.manifest["reproduce"]["command"])["--engine"] == entry.report["engine"]["command"]


def test_the_registry_check_command_passes_on_the_registry_and_refuses_an_unknown_name(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["registry", "check"]) == 0
    assert f"{len(NAMES)} registry entries checked: no problem found" in capsys.readouterr().out
    assert main(["registry", "check", "opnspiel"]) == 2
    assert "the registry has no entry 'opnspiel' (did you mean 'openspiel'?)" in capsys.readouterr().err


# Each check catches what it is for, on a copy of a real entry


def copied(tmp_path: Path, name: str) -> Path:
    """A checkout at tmp_path holding a copy of the entry and the files it names; the entry's folder."""
    target = registry_folder(tmp_path) / name
    shutil.copytree(REGISTRY / name, target)
    manifest = yaml.safe_load((target / "manifest.yaml").read_text(encoding="utf-8"))
    for field in ("repository", "adapter"):
        if field in manifest and "://" not in manifest[field]:
            (tmp_path / manifest[field]).mkdir(parents=True, exist_ok=True)
    if "expected_failures" in manifest:
        (tmp_path / manifest["expected_failures"]).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / manifest["expected_failures"], tmp_path / manifest["expected_failures"])
    return target


def edit_yaml(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")


def edit_json(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def problems(folder: Path) -> list[str]:
    return [str(problem) for problem in read_entry(folder, folder.parent.parent.parent).problems]


def test_a_copied_entry_is_sound_before_it_is_broken(tmp_path: Path) -> None:
    assert problems(copied(tmp_path, "openspiel")) == []


def test_the_manifest_is_held_to_its_schema_with_its_line(tmp_path: Path) -> None:
    folder = copied(tmp_path, "euchre-spec-javascript")
    text = (folder / "manifest.yaml").read_text(encoding="utf-8").replace("licence: MIT", "licence: MIT\nhomepage: x")
    (folder / "manifest.yaml").write_text(text, encoding="utf-8")
    line = text.splitlines().index("homepage: x") + 1
    assert problems(folder) == [
        f"conformance/registry/euchre-spec-javascript/manifest.yaml:{line}: unknown field 'homepage'; "
        "the fields allowed here are: $schema, adapter, date, expected_failures, format, language, licence, name, "
        "repository, reproduce, suite_version, version (/homepage)"
    ]


def test_an_unquoted_date_is_refused_as_no_text(tmp_path: Path) -> None:
    folder = copied(tmp_path, "reference")
    text = (folder / "manifest.yaml").read_text(encoding="utf-8")
    (folder / "manifest.yaml").write_text(re.sub(r"date: '([0-9-]+)'", r"date: \1", text), encoding="utf-8")
    assert any("(/date)" in problem for problem in problems(folder))


def test_the_report_must_be_the_manifests_run(tmp_path: Path) -> None:
    folder = copied(tmp_path, "reference")
    edit_yaml(folder / "manifest.yaml", lambda m: m.update(suite_version="1.0.0", version="9.9", date="2001-01-01"))
    found = problems(folder)
    assert len(found) == 3
    assert any(f"the report was graded against suite '{SUITE_VERSION}', the manifest says '1.0.0'" in p for p in found)
    assert any("the report's engine is at version" in p and "(/version)" in p for p in found)
    assert any("the report was written on" in p and "(/date)" in p for p in found)


def test_the_report_is_held_to_its_schema_and_to_the_whole_suite(tmp_path: Path) -> None:
    folder = copied(tmp_path, "reference")
    edit_json(folder / "report.json", lambda r: r.update(seconds="fast"))
    assert problems(folder) == ['conformance/registry/reference/report.json: expected a number, found text "fast" (/seconds)']
    edit_json(folder / "report.json", lambda r: r.update(seconds=1.0, results=r["results"][1:]))
    found = problems(folder)
    assert any(f"1 scenario(s) of suite {SUITE_VERSION} are not in the report" in p for p in found)
    assert any(
        f"{len(suite())} test cases, where the report has {len(suite()) - 1} results" in p for p in found
    )  # the JUnit file


def test_the_command_must_be_a_whole_run_of_the_reports_engine(tmp_path: Path) -> None:
    folder = copied(tmp_path, "euchre-spec-javascript")
    edit_yaml(folder / "manifest.yaml", lambda m: m["reproduce"].update(command=m["reproduce"]["command"] + " --variant british"))
    assert any("'--variant' may not be given: an entry is a run of the whole suite" in p for p in problems(folder))
    edit_yaml(folder / "manifest.yaml", lambda m: m["reproduce"].update(command="euchre-spec conform --engine 'node other.js'"))
    assert any(
        "its --engine is not the report's engine command 'node engines/javascript/engine.js'" in p for p in problems(folder)
    )


def test_the_junit_file_must_count_what_the_report_counts(tmp_path: Path) -> None:
    folder = copied(tmp_path, "openspiel")
    junit = folder / "junit.xml"
    text = junit.read_text(encoding="utf-8")
    skipped = re.search(r'<testsuite name="north-american" [^>]*skipped="(\d+)"', text)
    assert skipped is not None
    junit.write_text(text.replace(skipped.group(0), skipped.group(0)[: -len(skipped.group(1)) - 1] + '0"', 1), encoding="utf-8")
    [problem] = problems(folder)
    assert problem.startswith("conformance/registry/openspiel/junit.xml: counts {") and "skipped': '0'" in problem
    assert problem.endswith("(testsuite[@name='north-american'])")
    junit.write_text("<testsuites><testsuite>", encoding="utf-8")
    [problem] = problems(folder)
    assert "junit.xml:1: not well-formed XML" in problem


def test_expected_failures_name_scenarios_that_exist_or_were_retired_and_are_the_reports(tmp_path: Path) -> None:
    folder = copied(tmp_path, "openspiel")
    own = "conformance/registry/openspiel/expected-failures.yaml"
    shutil.copy(ROOT / "conformance/expected-failures/openspiel-euchre.yaml", tmp_path / own)
    edit_yaml(folder / "manifest.yaml", lambda m: m.update(expected_failures=own))
    suites = "conformance/expected-failures/openspiel-euchre.yaml"
    edit_yaml(folder / "manifest.yaml", lambda m: m["reproduce"].update(command=m["reproduce"]["command"].replace(suites, own)))
    assert problems(folder) == []
    retired = sorted(retired_ids())[0]
    edit_yaml(tmp_path / own, lambda f: f["failures"].update({retired: "withdrawn, and never run", "na-nope-999": "made up"}))
    [problem] = problems(folder)
    assert problem.endswith("no scenario has the id 'na-nope-999' (/failures/na-nope-999)")
    listed = next(ident for ident in yaml.safe_load((tmp_path / own).read_text())["failures"] if ident != retired)
    edit_yaml(tmp_path / own, lambda f: [f["failures"].pop(ident) for ident in ("na-nope-999", listed)])
    line = (folder / "manifest.yaml").read_text(encoding="utf-8").splitlines().index(f"expected_failures: {own}") + 1
    assert problems(folder) == [
        f"conformance/registry/openspiel/manifest.yaml:{line}: the report expected {listed} to fail, "
        "but the file does not list it (/expected_failures)"
    ]


def test_an_entry_holds_nothing_else(tmp_path: Path) -> None:
    folder = copied(tmp_path, "reference")
    (folder / "engine-stderr.log").write_text("", encoding="utf-8")
    assert problems(folder) == [
        "conformance/registry/reference/engine-stderr.log: an entry holds only manifest.yaml, report.json, junit.xml, "
        "expected-failures.yaml (/)"
    ]


# The guide's examples are files the checks accept


def test_the_guides_example_files_follow_their_schemas() -> None:
    guide = (ROOT / "docs/guides/registry.md").read_text(encoding="utf-8")
    blocks = [yaml.safe_load(block) for block in re.findall(r"```yaml\n(.*?)```", guide, re.DOTALL)]
    schemas = {block["$schema"].rsplit("/", 1)[-1]: block for block in blocks}
    assert set(schemas) == {"registry-manifest.schema.json", "expected-failures.schema.json"}
    for schema, block in schemas.items():
        assert not list(validator(schema).iter_errors(block)), schema
    assert command_options(schemas["registry-manifest.schema.json"]["reproduce"]["command"])["--expected-failures"]


# One command makes an entry, and refreshes it


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A folder laid out like a checkout, with the suite of this one and an empty registry."""
    root = tmp_path / "checkout"
    (root / "conformance" / "registry").mkdir(parents=True)
    for name in ("spec", "schemas"):
        (root / name).symlink_to(ROOT / name)
    for name in ("scenarios", "expected-failures", "retired-scenarios.yaml"):
        (root / "conformance" / name).symlink_to(ROOT / "conformance" / name)
    return root


def registry_cli(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    command = [sys.executable, "-m", "euchre_spec", "--data", str(root), "registry", *args]
    return subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, timeout=300, check=False)


def test_registry_add_makes_a_sound_entry_and_refreshes_it_from_its_manifest(checkout: Path, tmp_path: Path) -> None:
    engine = engine_script(tmp_path, "tiny.py", "Tiny Engine", ["two-handed"])
    refused = registry_cli(checkout, "add", "tiny-engine", "--engine", engine, "--licence", "MIT")
    assert refused.returncode == 2 and "a new entry needs --language, --repository" in refused.stderr
    made = registry_cli(
        checkout, "add", "tiny-engine", "--engine", engine, "--language", "Python", "--repository", "https://example.org/tiny",
        "--licence", "MIT", "--setup", "pip install tiny",
    )  # fmt: skip
    assert made.returncode == 0, made.stdout + made.stderr
    assert "Entry written: conformance/registry/tiny-engine/" in made.stdout
    folder = registry_folder(checkout) / "tiny-engine"
    assert sorted(path.name for path in folder.iterdir()) == ["junit.xml", "manifest.yaml", "report.json"]
    manifest = yaml.safe_load((folder / "manifest.yaml").read_text(encoding="utf-8"))
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    assert manifest["name"] == "Tiny Engine" and manifest["suite_version"] == SUITE_VERSION
    assert manifest["reproduce"] == {"setup": ["pip install tiny"], "command": f"euchre-spec conform --engine {engine!r}"}
    assert report["summary"]["total"] == len(suite()) and report["summary"]["counts"]["pass"] > 0
    first = report["generated"]

    refreshed = registry_cli(checkout, "add", "tiny-engine", "--licence", "Apache-2.0")
    assert refreshed.returncode == 0, refreshed.stdout + refreshed.stderr
    again = yaml.safe_load((folder / "manifest.yaml").read_text(encoding="utf-8"))
    assert again == {**manifest, "licence": "Apache-2.0", "date": again["date"]}
    assert json.loads((folder / "report.json").read_text(encoding="utf-8"))["generated"] >= first
    assert registry_cli(checkout, "check").returncode == 0


def test_registry_add_writes_no_entry_when_the_engine_cannot_run(checkout: Path) -> None:
    failed = registry_cli(
        checkout, "add", "broken", "--engine", "./no-such-engine", "--language", "C", "--repository", "https://example.org/b",
        "--licence", "MIT",
    )  # fmt: skip
    assert failed.returncode == 2
    assert "error: no entry written" in failed.stderr
    assert not (registry_folder(checkout) / "broken").exists()


def test_registry_commands_outside_a_checkout_say_where_the_registry_is(tmp_path: Path) -> None:
    checkout = tmp_path / "bare"
    for name in ("spec", "schemas"):
        (checkout / name).parent.mkdir(parents=True, exist_ok=True)
        (checkout / name).symlink_to(ROOT / name)
    found = registry_cli(checkout, "check")
    assert found.returncode == 2 and "has no conformance/registry/" in found.stderr
