"""The exported schema bundles validate users' files in other tools, with no network.

Each bundle is checked the way a user would check a file: python-jsonschema called directly,
check-jsonschema and ajv run as programs. A valid file from the spec or the suite must pass; the
same file with an unknown field, or with a value of the wrong type, must fail. The tools are kept
off the network: python-jsonschema gets a registry that refuses to fetch, and the programs run
behind a proxy on a closed loopback port, which the unbundled schema shows to be effective.
"""

from __future__ import annotations

import doctest
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.exceptions import NoSuchResource

from conformance.scenarios import scenario_files
from reference_impl.cli import main
from reference_impl.spec import bundles, schema_registry
from reference_impl.spec.bundles import bundle, embedded_ids, schema_names
from tests import ROOT

BIN = Path(sys.executable).parent
SCHEMA_DIR = ROOT / "schemas"
SPEC_DIR = ROOT / "spec"
AJV_SCRIPT = Path(__file__).with_name("ajv_validate.cjs")
# Any request a tool makes goes to this proxy: a closed port on this machine, refused at once.
OFFLINE = {"HTTP_PROXY": "http://127.0.0.1:9", "HTTPS_PROXY": "http://127.0.0.1:9", "NO_PROXY": ""}


@dataclass(frozen=True)
class Case:
    """A schema, a real file it accepts, and a field to give a value of the wrong type."""

    schema: str
    valid: Path
    typed_field: str
    wrong_value: Any

    def __str__(self) -> str:
        return self.schema.removesuffix(".schema.json")


CASES = [
    Case("house-rule.schema.json", SPEC_DIR / "house-rules" / "target.yaml", "title", 5),
    Case("variant.schema.json", SPEC_DIR / "variants" / "north-american.yaml", "title", ["a", "list"]),
    Case("scenario.schema.json", scenario_files()[0], "scenarios", "not a list"),
]


def variants_of(case: Case) -> dict[str, Any]:
    """The valid file's data, and two broken copies of it."""
    data = yaml.safe_load(case.valid.read_text(encoding="utf-8"))
    return {
        "valid": data,
        "unknown-field": {**data, "no_such_field": 1},
        "wrong-type": {**data, case.typed_field: case.wrong_value},
    }


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("bundles")
    assert main(["schemas", "export", str(folder)]) == 0
    return folder


def instance_file(folder: Path, case: Case, kind: str, suffix: str) -> Path:
    path = folder / f"{case}-{kind}{suffix}"
    data = variants_of(case)[kind]
    path.write_text(json.dumps(data) if suffix == ".json" else yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def refuse_to_fetch(uri: str) -> Resource[Any]:
    raise NoSuchResource(uri)


def offline_env(tmp_path: Path) -> dict[str, str]:
    # A cache folder of its own, so no schema fetched earlier by anyone can stand in for the bundle.
    return dict(os.environ, **OFFLINE, XDG_CACHE_HOME=str(tmp_path / "cache"))


# What a bundle is


def test_every_schema_is_exported_with_the_schemas_it_refers_to(exported: Path) -> None:
    assert sorted(path.name for path in exported.glob("*.schema.json")) == schema_names()
    assert {path.name for path in SCHEMA_DIR.glob("*.schema.json")} == set(schema_names())
    house_rule = json.loads((exported / "house-rule.schema.json").read_text(encoding="utf-8"))
    assert house_rule == bundle("house-rule.schema.json")
    assert embedded_ids(house_rule) == [
        "https://euchre-spec.org/schemas/common.schema.json",
        "https://euchre-spec.org/schemas/variant.schema.json",
    ]
    assert embedded_ids(bundle("common.schema.json")) == []


def test_every_bundle_resolves_every_ref_inside_itself() -> None:
    for name in schema_names():
        document = bundle(name)
        Draft202012Validator.check_schema(document)
        registry: Registry[Any] = Registry(retrieve=refuse_to_fetch).with_resource(
            document["$id"], Resource.from_contents(document)
        )
        resolver = registry.resolver(document["$id"])
        for ref in _refs(document):
            resolver.lookup(ref)  # raises if the $ref points outside the file


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["$ref"]] if isinstance(node.get("$ref"), str) and "$id" not in node else []
        nested = [ref for key, value in node.items() if key not in ("$defs", "enum", "const") for ref in _refs(value)]
        return own + nested
    if isinstance(node, list):
        return [ref for item in node for ref in _refs(item)]
    return []


def test_the_public_registry_holds_every_shipped_schema() -> None:
    registry = schema_registry()
    validator = Draft202012Validator({"$ref": "https://euchre-spec.org/schemas/house-rule.schema.json"}, registry=registry)
    assert validator.is_valid(yaml.safe_load((SPEC_DIR / "house-rules" / "target.yaml").read_text(encoding="utf-8")))
    assert not validator.is_valid({"id": "my-rule"})
    assert {uri.rsplit("/", 1)[-1] for uri in registry} == set(schema_names())


def test_the_registry_example_in_its_docstring_runs() -> None:
    assert doctest.testmod(bundles, raise_on_error=True).attempted == 5


# python-jsonschema


@pytest.mark.parametrize("case", CASES, ids=str)
def test_python_jsonschema_accepts_the_valid_file_and_rejects_the_broken_ones(exported: Path, case: Case) -> None:
    document = json.loads((exported / case.schema).read_text(encoding="utf-8"))
    validator = Draft202012Validator(document, registry=Registry(retrieve=refuse_to_fetch))
    data = variants_of(case)
    assert list(validator.iter_errors(data["valid"])) == []
    assert {error.validator for error in validator.iter_errors(data["unknown-field"])} == {"additionalProperties"}
    assert any(error.validator == "type" for error in validator.iter_errors(data["wrong-type"]) for error in _leaves(error))


def _leaves(error: Any) -> list[Any]:
    return [error, *(leaf for sub in error.context for leaf in _leaves(sub))]


# check-jsonschema


def check_jsonschema(schema: Path, instance: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    command = [str(BIN / "check-jsonschema"), "--schemafile", str(schema), str(instance)]
    return subprocess.run(command, capture_output=True, text=True, env=offline_env(tmp_path), check=False, timeout=120)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_check_jsonschema_accepts_the_valid_file_and_rejects_the_broken_ones(exported: Path, case: Case, tmp_path: Path) -> None:
    valid = check_jsonschema(exported / case.schema, instance_file(tmp_path, case, "valid", ".yaml"), tmp_path)
    assert valid.returncode == 0, valid.stdout + valid.stderr
    unknown = check_jsonschema(exported / case.schema, instance_file(tmp_path, case, "unknown-field", ".yaml"), tmp_path)
    assert unknown.returncode == 1 and "'no_such_field' was unexpected" in unknown.stdout, unknown.stdout + unknown.stderr
    wrong = check_jsonschema(exported / case.schema, instance_file(tmp_path, case, "wrong-type", ".yaml"), tmp_path)
    assert wrong.returncode == 1 and "Schema validation errors" in wrong.stdout, wrong.stdout + wrong.stderr


def test_the_unbundled_schema_needs_the_network_that_the_tests_withhold(tmp_path: Path) -> None:
    """The control: without the bundle, the same check fails offline, so the tests above really ran offline."""
    case = CASES[0]
    result = check_jsonschema(SCHEMA_DIR / case.schema, instance_file(tmp_path, case, "valid", ".yaml"), tmp_path)
    assert result.returncode != 0 and "Unresolvable: variant.schema.json#/$defs/shape" in result.stdout + result.stderr


# ajv (JavaScript)


@pytest.fixture(scope="module")
def ajv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with npm's `ajv` installed; skipped without node, except in CI where node must be present."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        if os.environ.get("CI"):
            pytest.fail("node and npm are needed to check the bundles with ajv, and CI must have them")
        pytest.skip("node and npm are not installed")
    folder = tmp_path_factory.mktemp("ajv")
    installed = subprocess.run(
        [npm, "install", "--prefix", str(folder), "--no-audit", "--no-fund", "ajv"],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    return folder


@pytest.mark.parametrize("case", CASES, ids=str)
def test_ajv_accepts_the_valid_file_and_rejects_the_broken_ones(exported: Path, case: Case, ajv: Path, tmp_path: Path) -> None:
    env = offline_env(tmp_path) | {"NODE_PATH": str(ajv / "node_modules")}

    def run(kind: str) -> subprocess.CompletedProcess[str]:
        command = ["node", str(AJV_SCRIPT), str(exported / case.schema), str(instance_file(tmp_path, case, kind, ".json"))]
        return subprocess.run(command, capture_output=True, text=True, env=env, check=False, timeout=120)

    valid = run("valid")
    assert (valid.returncode, valid.stdout.strip()) == (0, "valid"), valid.stdout + valid.stderr
    unknown = run("unknown-field")
    assert unknown.returncode == 1 and '"additionalProperty":"no_such_field"' in unknown.stdout, unknown.stdout + unknown.stderr
    wrong = run("wrong-type")
    assert wrong.returncode == 1 and '"keyword":"type"' in wrong.stdout, wrong.stdout + wrong.stderr
