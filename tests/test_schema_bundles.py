"""The exported schema bundles validate users' files in other tools, with no network.

Each bundle is checked the way a user would check a file: python-jsonschema called directly,
check-jsonschema and ajv run as programs, and the YAML language server driven as an editor drives
it. A valid file from the spec or the suite must pass; the same file with an unknown field, or
with a value of the wrong type, must fail. The tools are kept off the network: python-jsonschema
gets a registry that refuses to fetch, and the programs run behind a proxy on a closed loopback
port, which the unbundled schema shows to be effective.
"""

from __future__ import annotations

import copy
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

from conformance.suite.scenarios import scenario_files
from documents import bundles, schema_registry
from documents.bundles import bundle, embedded_ids, schema_names
from euchre_spec.cli import main
from tests import ROOT

BIN = Path(sys.executable).parent
SCHEMA_DIR = ROOT / "schemas"
SPEC_DIR = ROOT / "spec"
AJV_SCRIPT = Path(__file__).with_name("ajv_validate.cjs")
YAML_LANGUAGE_SERVER_SCRIPT = Path(__file__).with_name("yaml_language_server_validate.cjs")
# Any request a tool makes goes to this proxy: a closed port on this machine, refused at once.
OFFLINE = {"HTTP_PROXY": "http://127.0.0.1:9", "HTTPS_PROXY": "http://127.0.0.1:9", "NO_PROXY": ""}


@dataclass(frozen=True)
class Case:
    """A schema, a real file it accepts, and two places to give a value of the wrong type.

    `typed_field` is checked by the root schema; `inner_path` leads to a value that only a schema
    embedded in the bundle checks, reached through a `$ref` into it.
    """

    schema: str
    valid: Path
    typed_field: str
    wrong_value: Any
    inner_path: tuple[str | int, ...]
    inner_wrong_value: Any

    def __str__(self) -> str:
        return self.schema.removesuffix(".schema.json")


HOUSE_RULE, VARIANT = SPEC_DIR / "house-rules" / "target.yaml", SPEC_DIR / "variants" / "north-american.yaml"
CASES = [
    Case("house-rule.schema.json", HOUSE_RULE, "title", 5, ("modes", "5", "set", "game", "target"), "5"),
    Case("variant.schema.json", VARIANT, "title", ["a", "list"], ("seats", "teams", 0, 0), "0"),
    Case("scenario.schema.json", scenario_files()[0], "scenarios", "not a list", ("scenarios", 0, "deals", 0, "dealer"), "1"),
]


def variants_of(case: Case) -> dict[str, Any]:
    """The valid file's data, and three broken copies of it."""
    data = yaml.safe_load(case.valid.read_text(encoding="utf-8"))
    inner = copy.deepcopy(data)
    *parents, last = case.inner_path
    target = inner
    for key in parents:
        target = target[key]
    assert not isinstance(target[last], str), f"{case.valid}: {case.inner_path} should not already be a string"
    target[last] = case.inner_wrong_value
    return {
        "valid": data,
        "unknown-field": {**data, "no_such_field": 1},
        "wrong-type": {**data, case.typed_field: case.wrong_value},
        "wrong-type-inside": inner,
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
        # Looked up from the root, which is right for every $ref because those of embedded schemas are absolute.
        for ref in _refs(document):
            resolver.lookup(ref)  # raises if the $ref points outside the file


def test_every_ref_inside_an_embedded_schema_is_absolute() -> None:
    """The form the YAML language server needs: it looks a bare `#/...` up from the file's root."""
    house_rule = bundle("house-rule.schema.json")
    variant = house_rule["$defs"]["https://euchre-spec.org/schemas/variant.schema.json"]
    assert variant["$defs"]["shape"]["properties"]["game"] == {
        "$ref": "https://euchre-spec.org/schemas/variant.schema.json#/$defs/game"
    }
    assert house_rule["properties"]["set"]["$ref"] == "variant.schema.json#/$defs/shape"  # the root's own stay as written
    for name in schema_names():
        document = bundle(name)
        for uri in embedded_ids(document):
            refs = _refs(document["$defs"][uri])
            assert all(ref.startswith("https://euchre-spec.org/schemas/") for ref in refs), (name, uri, refs)


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        nested = [ref for key, value in node.items() if key not in ("$ref", "enum", "const") for ref in _refs(value)]
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
    inside = [leaf for error in validator.iter_errors(data["wrong-type-inside"]) for leaf in _leaves(error)]
    assert any(leaf.validator == "type" and tuple(leaf.absolute_path) == case.inner_path for leaf in inside)


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


def npm_installed(tmp_path_factory: pytest.TempPathFactory, package: str) -> Path:
    """A new folder with the npm `package` installed; skipped without node, except in CI where node must be present."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        if os.environ.get("CI"):
            pytest.fail(f"node and npm are needed to check the bundles with {package}, and CI must have them")
        pytest.skip("node and npm are not installed")
    folder = tmp_path_factory.mktemp(package)
    installed = subprocess.run(
        [npm, "install", "--prefix", str(folder), "--no-audit", "--no-fund", package],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    return folder


@pytest.fixture(scope="module")
def ajv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return npm_installed(tmp_path_factory, "ajv")


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


# The YAML language server (editors)


@pytest.fixture(scope="module")
def yaml_language_server(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return npm_installed(tmp_path_factory, "yaml-language-server")


@dataclass(frozen=True)
class Diagnostic:
    """One problem the server published for a file: the line (counted from 1) and its message."""

    line: int
    message: str


def modeline_file(folder: Path, case: Case, kind: str, schema: Path) -> Path:
    """The case's file as a user writes it for the editor: a first line naming the schema by a relative path.

    The `$schema` field copied from the spec still points into `schemas/`, which is not beside
    this file: the server must take the schema from the comment, which wins over the field.
    """
    path = folder / f"{case}-{kind}.yaml"
    modeline = f"# yaml-language-server: $schema={os.path.relpath(schema, folder)}\n"
    path.write_text(modeline + yaml.safe_dump(variants_of(case)[kind], sort_keys=False), encoding="utf-8")
    return path


def value_line(path: Path, field: str) -> int:
    """The line (counted from 1) where the value of the top-level `field` starts: where an editor marks it."""
    document = yaml.compose(path.read_text(encoding="utf-8"))
    assert isinstance(document, yaml.MappingNode)
    value = next(value for key, value in document.value if key.value == field)
    return int(value.start_mark.line) + 1


@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_yaml_language_server_accepts_the_valid_file_and_rejects_the_broken_ones(
    exported: Path, case: Case, yaml_language_server: Path, tmp_path: Path
) -> None:
    kinds = ["valid", "unknown-field", "wrong-type", "wrong-type-inside"]
    files = {kind: modeline_file(tmp_path, case, kind, exported / case.schema) for kind in kinds}
    env = offline_env(tmp_path) | {"NODE_PATH": str(yaml_language_server / "node_modules")}
    command = ["node", str(YAML_LANGUAGE_SERVER_SCRIPT), *(str(path) for path in files.values())]
    result = subprocess.run(command, capture_output=True, text=True, env=env, check=False, timeout=300)
    assert result.returncode == 1, result.stdout + result.stderr  # 1: some file has problems; 2: the server failed
    published = [json.loads(line) for line in result.stdout.splitlines()]
    found = {Path(entry["file"]): [Diagnostic(**item) for item in entry["diagnostics"]] for entry in published}
    by_kind = {kind: found[path] for kind, path in files.items()}

    assert by_kind["valid"] == []
    unknown_line = value_line(files["unknown-field"], "no_such_field")
    assert by_kind["unknown-field"] == [Diagnostic(unknown_line, "Property no_such_field is not allowed.")]
    wrong_line = value_line(files["wrong-type"], case.typed_field)
    assert [(d.line, d.message.startswith("Incorrect type. Expected")) for d in by_kind["wrong-type"]] == [(wrong_line, True)]
    assert [d.message for d in by_kind["wrong-type-inside"]] == ['Incorrect type. Expected "integer".']
