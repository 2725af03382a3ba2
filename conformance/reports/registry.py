"""The registry of engines: a folder per engine under conformance/registry/, added by pull request.

An entry is what a reader needs to trust a result they did not run: `manifest.yaml` (who the
engine is, its code, its licence, the command that ran the suite and the suite release;
schemas/registry-manifest.schema.json), the `report.json` and `junit.xml` that run wrote, and the
engine's expected failures, in the entry (`expected-failures.yaml`) or as the suite's own file
under conformance/expected-failures/. Reading an entry checks that its parts are one run: the
report follows its schema and names the manifest's engine, suite release and day; the command
given is the one that made it (its engine command, its expected failures, the whole suite); the
JUnit file counts what the report counts; every expected failure names a scenario that exists or
was retired, and they are exactly the ones the report expected. An entry is read whole even
when something is wrong with it, each problem a located error, so the site can show it with its
problems and `euchre-spec registry check` can list them all.
"""

from __future__ import annotations

import json
import re
import shlex
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from conformance import SUITE_VERSION
from conformance.suite.expected import expected_failures_document, slug, unknown_ids
from conformance.suite.scenarios import retired_ids, suite
from documents.schemas import validate, validate_document
from documents.yaml_loader import Document, load_document
from ruleset import SpecError, SpecInvalid

from .report import junit_counts

REGISTRY = "conformance/registry"
"""Where a checkout keeps the registry, from its root."""
MANIFEST, REPORT, JUNIT, OWN_FAILURES = "manifest.yaml", "report.json", "junit.xml", "expected-failures.yaml"
FILES = (MANIFEST, REPORT, JUNIT, OWN_FAILURES)
"""The files an entry may hold: nothing else (no stderr log, no badges) belongs in a pull request."""
SCHEMA = "registry-manifest.schema.json"
ENTRY_NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
EXPECTED_FAILURES = "conformance/expected-failures"
COMMAND_OPTIONS = {"--engine": True, "--expected-failures": True, "--timeout": True, "--quiet": False}
"""The options of `euchre-spec conform` an entry's command may give (True: it takes a value); where the
reports go is left to whoever reproduces it, and filters or files of one's own make it no run of the suite."""


@dataclass(frozen=True)
class Entry:
    """One engine's entry as read: its manifest and report (empty where unreadable) and what is wrong with it."""

    folder: Path
    manifest: dict[str, Any]
    report: dict[str, Any]
    problems: tuple[SpecError, ...]

    @property
    def name(self) -> str:
        """The entry's name: its folder's."""
        return self.folder.name

    @property
    def shown(self) -> str:
        """The folder as messages name it, from the checkout's root."""
        return f"{REGISTRY}/{self.name}"

    def files(self, root: Path) -> dict[str, Path]:
        """The files a reader may download, by name: the entry's own, and the expected failures it names."""
        found = {name: self.folder / name for name in FILES if (self.folder / name).is_file()}
        listed = self.manifest.get("expected_failures")
        if isinstance(listed, str) and (root / listed).is_file():
            found[Path(listed).name] = root / listed
        return found


def registry_folder(root: Path) -> Path:
    """The registry of the checkout at `root`."""
    return root / REGISTRY


def entries(root: Path) -> list[Entry]:
    """Every entry of the registry of the checkout at `root`, by name (none if it has no registry)."""
    folder = registry_folder(root)
    if not folder.is_dir():
        return []
    return [read_entry(path, root) for path in sorted(folder.iterdir()) if path.is_dir() and not path.name.startswith(".")]


def read_entry(folder: Path, root: Path) -> Entry:
    """The entry in `folder`, every problem with it found (see the module)."""
    shown = f"{REGISTRY}/{folder.name}"
    problems: list[SpecError] = []
    if not ENTRY_NAME.match(folder.name):
        problems.append(SpecError(shown, 0, "", "an entry's folder is named in lower-case letters, digits and dashes"))
    problems += [
        SpecError(f"{shown}/{path.name}", 0, "", f"an entry holds only {', '.join(FILES)}")
        for path in sorted(folder.iterdir())
        if path.name not in FILES
    ]
    manifest = _manifest(folder / MANIFEST, f"{shown}/{MANIFEST}", problems)
    report = _report(folder / REPORT, f"{shown}/{REPORT}", problems)
    known = frozenset(scenario.id for scenario in suite()) | frozenset(retired_ids())
    if report is not None:
        problems += _results(report, f"{shown}/{REPORT}", known)
        problems += _junit(folder / JUNIT, f"{shown}/{JUNIT}", report)
    if manifest is not None:
        problems += _locations(manifest, root)
        if report is not None:
            problems += _agreement(manifest, report)
            problems += _command(manifest, report)
        problems += _expected_failures(manifest, report, root, folder, known)
    return Entry(folder, manifest.data if manifest else {}, report or {}, tuple(sorted(set(problems))))


def _manifest(path: Path, shown: str, problems: list[SpecError]) -> Document | None:
    if not path.is_file():
        problems.append(SpecError(shown, 0, "", "the entry has no manifest"))
        return None
    try:
        document = load_document(path, shown)
    except SpecInvalid as exc:
        problems += exc.errors
        return None
    found = validate_document(document, SCHEMA)
    problems += found
    return None if found else document


def _report(path: Path, shown: str, problems: list[SpecError]) -> dict[str, Any] | None:
    if not path.is_file():
        problems.append(SpecError(shown, 0, "", "the entry has no report: `euchre-spec registry add` writes it"))
        return None
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        problems.append(SpecError(shown, 0, "", f"the file cannot be read: {exc}"))
        return None
    except json.JSONDecodeError as exc:
        problems.append(SpecError(shown, exc.lineno, "", f"not JSON: {exc.msg}"))
        return None
    found = validate(data, "report.schema.json", lambda pointer: (shown, 0))
    problems += found
    return None if found else data


def _results(report: dict[str, Any], shown: str, known: frozenset[str]) -> list[SpecError]:
    """Each result names a scenario; a run graded against the current suite release ran all of it, to the end."""
    problems = [
        SpecError(shown, 0, f"/results/{index}/id", f"no scenario has the id {result['id']!r}, nor was it retired")
        for index, result in enumerate(report["results"])
        if result["id"] not in known
    ]
    if report["interrupted"]:
        problems.append(SpecError(shown, 0, "/interrupted", "the run was interrupted: an entry is a whole run"))
    if report["suite_version"] == SUITE_VERSION:
        missing = {scenario.id for scenario in suite()} - {result["id"] for result in report["results"]}
        if missing:
            problems.append(
                SpecError(
                    shown,
                    0,
                    "/results",
                    f"{len(missing)} scenario(s) of suite {SUITE_VERSION} are not in the report (such as {min(missing)}): "
                    "an entry is a run of the whole suite",
                )
            )
    return problems


def _junit(path: Path, shown: str, report: dict[str, Any]) -> list[SpecError]:
    """The JUnit file is the report's: a test suite per variant with the report's counts, a test case per scenario."""
    if not path.is_file():
        return [SpecError(shown, 0, "", "the entry has no JUnit file: `euchre-spec registry add` writes it")]
    try:
        tree = ET.parse(path).getroot()
    except ET.ParseError as exc:
        return [SpecError(shown, exc.position[0], "", f"not well-formed XML: {exc}")]
    if tree.tag != "testsuites":
        return [SpecError(shown, 0, tree.tag, "the root element is not <testsuites>")]
    problems = []
    found = {suite.get("name", ""): suite for suite in tree.findall("testsuite")}
    for variant in sorted(set(found) | set(report["by_variant"])):
        where = f"testsuite[@name='{variant}']"
        if variant not in found or variant not in report["by_variant"]:
            place = "the JUnit file" if variant in found else "the report"
            problems.append(SpecError(shown, 0, where, f"only {place} has a test suite for {variant!r}"))
            continue
        expected = junit_counts(report["by_variant"][variant])
        given = {kind: found[variant].get(kind) for kind in expected}
        if given != {kind: str(count) for kind, count in expected.items()}:
            shown_counts = ", ".join(f"{kind} {count}" for kind, count in expected.items())
            problems.append(SpecError(shown, 0, where, f"counts {given}, where the report counts {shown_counts}"))
    cases = [case.get("name", "").split(": ", 1)[0] for case in tree.iter("testcase")]
    reported = [result["id"] for result in report["results"]]
    if sorted(cases) != sorted(reported):
        problems.append(
            SpecError(
                shown,
                0,
                "testcase",
                f"{len(cases)} test cases, where the report has {len(reported)} results: "
                f"{len(set(cases) ^ set(reported))} scenario(s) are in only one of them",
            )
        )
    return problems


def _locations(manifest: Document, root: Path) -> list[SpecError]:
    """A repository or adapter given as a path in this repository is there."""
    return [
        SpecError(manifest.path, manifest.line_of(f"/{field}"), f"/{field}", f"{place!r} is no address, nor in this repository")
        for field in ("repository", "adapter")
        if isinstance(place := manifest.data.get(field), str) and "://" not in place and not (root / place).exists()
    ]


def _agreement(manifest: Document, report: dict[str, Any]) -> list[SpecError]:
    """The manifest describes the report: the same engine, suite release and day."""
    engine = report["engine"]
    pairs = (
        ("name", engine["name"], "the report's engine is named"),
        ("version", engine["version"], "the report's engine is at version"),
        ("suite_version", report["suite_version"], "the report was graded against suite"),
        ("date", report["generated"][:10], "the report was written on"),
    )
    return [
        SpecError(manifest.path, manifest.line_of(f"/{field}"), f"/{field}", f"{words} {value!r}, the manifest says {given!r}")
        for field, value, words in pairs
        if (given := manifest.data[field]) != value
    ]


def command_options(command: str) -> dict[str, str | None]:
    """The options of an entry's `euchre-spec conform` command; ValueError saying what it may not be."""
    argv = shlex.split(command)
    if argv[:2] != ["euchre-spec", "conform"]:
        raise ValueError("the command is not `euchre-spec conform ...`")
    options: dict[str, str | None] = {}
    rest = argv[2:]
    while rest:
        option, _, value = rest.pop(0).partition("=")
        if option not in COMMAND_OPTIONS:
            allowed = ", ".join(COMMAND_OPTIONS)
            raise ValueError(f"{option!r} may not be given: an entry is a run of the whole suite (it may give {allowed})")
        if COMMAND_OPTIONS[option] and not value:
            if not rest:
                raise ValueError(f"{option} is given no value")
            value = rest.pop(0)
        options[option] = value or None
    return options


def _command(manifest: Document, report: dict[str, Any]) -> list[SpecError]:
    """The command given is the one that made the report: its engine, and the expected failures it was given."""
    pointer = "/reproduce/command"

    def problem(message: str) -> SpecError:
        return SpecError(manifest.path, manifest.line_of(pointer), pointer, message)

    try:
        options = command_options(manifest.data["reproduce"]["command"])
    except ValueError as exc:
        return [problem(str(exc))]
    found = []
    if options.get("--engine") != report["engine"]["command"]:
        found.append(problem(f"its --engine is not the report's engine command {report['engine']['command']!r}"))
    listed = manifest.data.get("expected_failures")
    given = options.get("--expected-failures")
    default = f"{EXPECTED_FAILURES}/{slug(manifest.data['name'])}.yaml"
    if given is not None and given != listed:
        found.append(problem(f"its --expected-failures {given!r} is not the manifest's expected_failures {listed!r}"))
    elif given is None and listed not in (None, default):
        found.append(problem(f"it does not give --expected-failures {listed}, which the engine would not read by itself"))
    return found


def _expected_failures(
    manifest: Document, report: dict[str, Any] | None, root: Path, folder: Path, known: frozenset[str]
) -> list[SpecError]:
    """The file named is valid, lists scenarios that exist or were retired, and is the list the report was made with."""
    listed = manifest.data.get("expected_failures")
    pointer = "/expected_failures"
    line = manifest.line_of(pointer)
    if listed is None:
        failures: dict[str, Any] = {}
    else:
        own = f"{REGISTRY}/{folder.name}/"
        if not listed.startswith((own, f"{EXPECTED_FAILURES}/")):
            message = f"an entry's expected failures are its own ({own}...) or the suite's"
            return [SpecError(manifest.path, line, pointer, message)]
        if not (root / listed).is_file():
            return [SpecError(manifest.path, line, pointer, f"{listed} does not exist")]
        try:
            document = expected_failures_document(root / listed, listed)
        except SpecInvalid as exc:
            return list(exc.errors)
        problems = unknown_ids(document, known)
        if document.data["engine"] != manifest.data["name"]:
            message = f"the file is for {document.data['engine']!r}, not for {manifest.data['name']!r}"
            problems.append(SpecError(document.path, document.line_of("/engine"), "/engine", message))
        if problems:
            return problems
        failures = document.data["failures"]
    if report is None:
        return []
    ran = {result["id"] for result in report["results"]}
    expected = {result["id"] for result in report["results"] if "expected_failure" in result}
    wanted = set(failures) & ran
    found = [
        SpecError(manifest.path, line, pointer, f"the report expected {ident} to fail, but the file does not list it")
        for ident in sorted(expected - wanted)
    ]
    found += [
        SpecError(manifest.path, line, pointer, f"{ident} is listed, but the report did not expect it to fail")
        for ident in sorted(wanted - expected)
    ]
    return found
