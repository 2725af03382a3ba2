"""The house-rule guide (docs/guides/house-rule.md), followed end to end in a copy of the project.

A new rule is added step by step as the guide says, with the commands it gives, in a copy of the
files a clone holds, its code and data both read from the copy: the rule file, `validate`, a
witness from `diff --out` made into the rule's scenario, `validate` on that scenario, the suite
version raised with its changelog entry, `tasks.py blocks`, `conform` and `coverage`, the
registry entry of the reference engine refreshed. Then the README, the site's data and the suite
must agree, and the copy's own consistency tests must pass there.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import tasks
from tests.clone_helpers import fresh_clone

RULE = "march-pays-three"
RULE_FILE = f"""$schema: ../../schemas/house-rule.schema.json
format: 1
id: {RULE}
title: A march pays 3
summary: Makers who take all five tricks, not alone, score 3 points instead of 2.
applies_to: [north-american]
sources: [S1]
set:
  scoring:
    rows:
      march: {{award: {{to: makers, points: 3}}, clause: house.{RULE}}}
clauses:
  house.{RULE}:
    title: A march pays 3
    text: Makers who take all five tricks, not alone, score 3 points.
    sources: [S1]
"""


class Copy:
    """The copy of the project, and its commands run as a contributor runs them there."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.env = {key: value for key, value in os.environ.items() if key not in ("EUCHRE_SPEC_HOME", "VIRTUAL_ENV")}
        self.env["PYTHONPATH"] = str(root)  # the copy's own code, which reads the copy's own data

    def run(self, *command: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [sys.executable, *command], cwd=self.root, env=self.env, capture_output=True, text=True, timeout=600, check=False
        )
        if ok:
            assert done.returncode == 0, f"{' '.join(command)}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        return done

    def euchre_spec(self, *arguments: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
        return self.run("-m", "euchre_spec", *arguments, ok=ok)

    def text(self, name: str) -> str:
        return (self.root / name).read_text(encoding="utf-8")

    def write(self, name: str, text: str) -> None:
        (self.root / name).parent.mkdir(parents=True, exist_ok=True)
        (self.root / name).write_text(text, encoding="utf-8")


@pytest.fixture(scope="module")
def followed(tmp_path_factory: pytest.TempPathFactory) -> Copy:
    """The guide's steps, in order, in a fresh copy."""
    copy = Copy(fresh_clone(tmp_path_factory.mktemp("project")))
    guide = copy.text("docs/guides/house-rule.md")

    # 1. write the file; 2. validate it
    copy.write(f"spec/house-rules/{RULE}.yaml", RULE_FILE)
    assert "euchre-spec validate spec/house-rules/my-rule.yaml" in guide
    copy.euchre_spec("validate", f"spec/house-rules/{RULE}.yaml")

    # 3. a witness from diff --out, made the rule's scenario, validated
    assert "euchre-spec diff north-american north-american+my-rule --out my-rule-witness.yaml" in guide
    copy.euchre_spec("diff", "north-american", f"north-american+{RULE}", "--hands", "300", "--out", f"{RULE}-witness.yaml")
    witness = yaml.safe_load(copy.text(f"{RULE}-witness.yaml"))["scenarios"][0]
    suite_version = re.search(r'SUITE_VERSION = "(\d+)\.(\d+)\.(\d+)"', copy.text("conformance/__init__.py"))
    assert suite_version is not None
    old = ".".join(suite_version.groups())
    new = f"{suite_version[1]}.{int(suite_version[2]) + 1}.0"
    scenario = {**witness, "id": f"hr-{RULE}-001", "title": "A march pays 3 to the makers", "since": new}
    scenario_file = f"conformance/scenarios/house-rules/{RULE}.yaml"
    assert "conformance/scenarios/house-rules/my-rule.yaml" in guide
    document = {"$schema": "../../../schemas/scenario.schema.json", "format": 1, "scenarios": [scenario]}
    copy.write(scenario_file, yaml.safe_dump(document, sort_keys=False, width=120))
    copy.euchre_spec("validate", scenario_file)

    # 4. raise the suite version: conformance/__init__.py, the changelog's new release, `since`
    copy.write("conformance/__init__.py", copy.text("conformance/__init__.py").replace(f'"{old}"', f'"{new}"', 1))
    newest = yaml.safe_load(copy.text("conformance/changelog.yaml"))["releases"][0]
    release = (
        f"  - suite: {new}\n    language: {newest['language']}\n    protocol: {newest['protocol']}\n"
        f"    package: {newest['package']}\n    changes:\n      - area: suite\n"
        f"        text: The house rule `{RULE}` and a scenario of it.\n"
    )
    copy.write(
        "conformance/changelog.yaml", copy.text("conformance/changelog.yaml").replace("releases:\n", "releases:\n" + release, 1)
    )

    # 5. refresh what is written from the spec: tasks.py blocks (its modules, run here), the registry entry
    stale = copy.run("-m", "docs_gen.refresh_blocks", "--check", ok=False)
    assert stale.returncode == 1 and "out of date: README.md" in stale.stdout, stale.stdout + stale.stderr
    for module in tasks.BLOCK_MODULES:
        copy.run("-m", module)
    copy.euchre_spec("registry", "add", "reference")
    return copy


def test_the_rule_and_its_scenario_pass_on_the_reference_engine_and_cover_its_clause(followed: Copy) -> None:
    conformed = followed.euchre_spec("conform", "--engine", "reference", "--house-rule", RULE)
    assert "1/1 = 100.0%" in conformed.stdout
    listed = followed.euchre_spec("scenarios", "list", "--house-rule", RULE)
    assert listed.stdout.startswith(f"hr-{RULE}-001 ")
    covered = followed.euchre_spec("scenarios", "coverage")
    assert f"house.{RULE}" not in covered.stdout


def test_the_readme_and_the_guides_name_the_new_rule_and_are_up_to_date(followed: Copy) -> None:
    assert followed.run("-m", "docs_gen.refresh_blocks", "--check").stdout == "every generated block in docs/ is up to date\n"
    readme = followed.text("README.md")
    assert f"| `{RULE}` | A march pays 3 |  | `north-american` |" in readme
    assert f"`{RULE}`" in followed.text("docs/guides/adapter.md")


def test_the_site_data_has_the_rule_its_page_and_its_worked_example(followed: Copy) -> None:
    shown = followed.run(
        "-c",
        "from docs_gen.context import Context\n"
        "from docs_gen.data import load_site_data\n"
        "from docs_gen.house_rule_page import house_rule_page\n"
        "ctx = Context(load_site_data(with_reports=False))\n"
        f"page = house_rule_page(ctx, {RULE!r})\n"
        f"print({RULE!r} in ctx.data.house_rules, page.path, 'hr-{RULE}-001' in page.markdown, 'house.{RULE}' in page.anchors)",
    )
    assert shown.stdout.split() == ["True", f"house-rules/{RULE}.md", "True", "True"]


def test_the_copys_own_consistency_tests_pass(followed: Copy) -> None:
    """Blocks and links, releases and `since`, the registry entry refreshed, the layout: as the copy's CI would run them."""
    tests = [
        "tests/test_docs_blocks.py",
        "tests/test_releases.py",
        "tests/test_layout.py",
        "tests/test_registry.py::test_every_entry_is_one_sound_run[reference]",
    ]
    done = followed.run("-m", "pytest", "-q", "-p", "no:cacheprovider", *tests, ok=False)
    assert done.returncode == 0, done.stdout[-4000:]
