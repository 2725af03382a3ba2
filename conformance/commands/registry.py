"""`euchre-spec registry add NAME` and `registry check`: an engine's entry made from a fresh run, and every entry checked.

Submitting an engine is one command and a pull request. `add` runs the whole suite on the engine
exactly as `euchre-spec conform` does, keeps the run's report.json and junit.xml in
conformance/registry/NAME/, and writes the manifest: what the run says (the engine's name and
version, the suite release, the day, the command that ran it) and what only the submitter knows
(language, repository, licence, setup), given as options the first time and kept from the
manifest after that. Given the name alone, it refreshes the entry with its manifest's own command.
The entry is then read back with every check the tests make, and its problems are listed.

The registry belongs to a checkout: it is the one the data is read from (the checkout of an
editable install, or the folder named by `--data DIR`), and commands run from its root.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import shlex
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

from conformance.commands import conform
from conformance.reports.registry import (
    ENTRY_NAME,
    JUNIT,
    MANIFEST,
    REGISTRY,
    REPORT,
    SCHEMA,
    Entry,
    command_options,
    entries,
    read_entry,
    registry_folder,
)
from conformance.running.user_files import add_file_options
from conformance.suite.selection import add_filters, nearest
from documents.paths import data_home
from documents.yaml_loader import load_document
from reference_impl.cli_arguments import positive_seconds

ORDER = (
    "$schema",
    "format",
    "name",
    "version",
    "language",
    "repository",
    "adapter",
    "licence",
    "reproduce",
    "suite_version",
    "date",
    "expected_failures",
)
"""The manifest's fields in the order it is written, as the schema lists them."""
SUBMITTED = ("language", "repository", "adapter", "licence")
"""What only the submitter can say: options of `add`, kept from the manifest when not given."""
NEEDED = ("language", "repository", "licence")
HEADER = (
    "# The engine's entry in the registry of engines: see docs/guides/registry.md. Refreshed by\n"
    "# `euchre-spec registry add {name}`, which rewrites this file.\n"
)


def add_command(commands: Any) -> None:
    registry = commands.add_parser("registry", help="the registry of engines: add or refresh an entry, check every entry")
    actions = registry.add_subparsers(dest="registry_command", required=True)
    add = actions.add_parser("add", help="run the suite on an engine and write (or refresh) its registry entry")
    add.add_argument("name", help="the entry's name: its folder under conformance/registry/ (lower case, digits, dashes)")
    add.add_argument("--engine", help="the engine's command line (default: the one the entry's manifest gives)")
    add.add_argument("--language", help="the language the engine is written in (a new entry needs it)")
    add.add_argument("--repository", help="the engine's repository address, or a path in this repository (a new entry needs it)")
    add.add_argument("--adapter", help="where the program speaking the protocol for the engine lives, if it is not the engine")
    add.add_argument("--licence", help="the engine's licence, an SPDX identifier such as MIT (a new entry needs it)")
    add.add_argument("--setup", action="append", metavar="COMMAND", help="a command to run before the run (repeatable)")
    add.add_argument(
        "--expected-failures",
        metavar="PATH",
        help="the engine's expected failures, from the checkout's root (conformance/registry/NAME/expected-failures.yaml "
        "or conformance/expected-failures/ENGINE.yaml)",
    )
    add.add_argument("--timeout", help="seconds to wait for each reply (default: the manifest's, else 10)")
    add.set_defaults(run=_add)
    check = actions.add_parser("check", help="check registry entries as the tests do (default: every entry)")
    check.add_argument("names", nargs="*", help="the entries to check")
    check.set_defaults(run=_check)


def _root() -> Path | None:
    """The checkout whose registry the commands work on; None (the reason printed) without one."""
    root = data_home().spec.parent
    if registry_folder(root).is_dir():
        return root
    print(
        f"error: {root} has no {REGISTRY}/: the registry is part of a checkout of euchre-spec; "
        "install it from one (pip install -e .) or name one with --data DIR",
        file=sys.stderr,
    )
    return None


def _add(args: argparse.Namespace) -> int:
    root = _root()
    if root is None:
        return 2
    if not ENTRY_NAME.match(args.name):
        print(f"error: an entry's name is lower-case letters, digits and dashes, not {args.name!r}", file=sys.stderr)
        return 2
    folder = registry_folder(root) / args.name
    manifest = _existing(folder / MANIFEST)
    manifest |= {field: getattr(args, field) for field in SUBMITTED if getattr(args, field) is not None}
    if args.setup:
        manifest["reproduce"] = {**_reproduce(manifest), "setup": args.setup}
    if args.expected_failures is not None:
        manifest["expected_failures"] = args.expected_failures
    command = _command(args, manifest)
    if isinstance(command, str):
        print(f"error: {command}", file=sys.stderr)
        return 2
    scratch = Path(tempfile.mkdtemp(prefix="euchre-spec-registry-"))
    code = _run(command, root, scratch)
    if code not in (0, 1):  # 1 is a run with failures, which an entry shows; anything else made no whole report
        print(f"error: no entry written: the run ended with exit code {code}", file=sys.stderr)
        return code  # the scratch folder stays, with the engine's standard error that the run named
    folder.mkdir(parents=True, exist_ok=True)
    for name in (REPORT, JUNIT):
        shutil.move(scratch / name, folder / name)
    shutil.rmtree(scratch)
    report = json.loads((folder / REPORT).read_text(encoding="utf-8"))
    manifest |= {
        "name": report["engine"]["name"],
        "version": report["engine"]["version"],
        "suite_version": report["suite_version"],
        "date": report["generated"][:10],
    }
    manifest["reproduce"] = {**_reproduce(manifest), "command": shlex.join(command)}
    _write(folder / MANIFEST, args.name, manifest)
    entry = read_entry(folder, root)
    print(f"Entry written: {entry.shown}/ ({MANIFEST}, {REPORT}, {JUNIT})")
    return _verdict([entry])


def _existing(path: Path) -> dict[str, Any]:
    """The manifest as it is (a broken file stops the command, each problem named), or the start of a new one."""
    if not path.exists():
        return {"$schema": f"../../../schemas/{SCHEMA}", "format": 1}
    data = load_document(path, f"{REGISTRY}/{path.parent.name}/{MANIFEST}").data
    return dict(data) if isinstance(data, dict) else {}


def _reproduce(manifest: dict[str, Any]) -> dict[str, Any]:
    reproduce = manifest.get("reproduce")
    return dict(reproduce) if isinstance(reproduce, dict) else {}


def _command(args: argparse.Namespace, manifest: dict[str, Any]) -> list[str] | str:
    """The `euchre-spec conform` command of the run, or why there is none."""
    missing = [f"--{field}" for field in NEEDED if not manifest.get(field)]
    if missing:
        return f"a new entry needs {', '.join(missing)} (see docs/guides/registry.md)"
    previous = _reproduce(manifest).get("command")
    try:
        options = command_options(previous) if isinstance(previous, str) else {}
    except ValueError as exc:
        return f"the manifest's command cannot be run again: {exc}"
    engine = args.engine or options.get("--engine")
    if not engine:
        return "give the engine's command line with --engine"
    command = ["euchre-spec", "conform", "--engine", engine]
    if manifest.get("expected_failures"):
        command += ["--expected-failures", str(manifest["expected_failures"])]
    timeout = args.timeout or options.get("--timeout")
    if timeout:
        try:
            positive_seconds(timeout)
        except argparse.ArgumentTypeError as exc:
            return f"--timeout: {exc}"
        command += ["--timeout", timeout]
    return command


def _run(command: list[str], root: Path, scratch: Path) -> int:
    """Run `euchre-spec conform` as the command says, its reports written into `scratch`; its exit code."""
    parser = argparse.ArgumentParser(prog="euchre-spec conform")
    conform.add_arguments(parser)
    add_filters(parser)
    add_file_options(parser)
    arguments = command[2:]
    if "--expected-failures" in arguments:  # a path from the checkout's root, wherever the command is run
        at = arguments.index("--expected-failures") + 1
        arguments[at] = str(root / arguments[at])
    said = io.StringIO()
    with contextlib.redirect_stdout(said):
        code = conform.run(parser.parse_args([*arguments, "--report-to", str(scratch), "--quiet"]))
    # the verdict, not where the reports went for a moment (they are moved into the entry)
    print("\n".join(line for line in said.getvalue().splitlines() if not line.startswith("Reports: ")))
    return code


def _write(path: Path, name: str, manifest: dict[str, Any]) -> None:
    ordered = {field: manifest[field] for field in ORDER if field in manifest}
    ordered |= {field: value for field, value in manifest.items() if field not in ordered}
    reproduce = _reproduce(ordered)
    ordered["reproduce"] = {key: reproduce[key] for key in ("setup", "command") if key in reproduce} | reproduce
    text = yaml.safe_dump(ordered, sort_keys=False, allow_unicode=True, width=110)
    path.write_text(HEADER.format(name=name) + text, encoding="utf-8")


def _check(args: argparse.Namespace) -> int:
    root = _root()
    if root is None:
        return 2
    found = {entry.name: entry for entry in entries(root)}
    unknown = [name for name in args.names if name not in found]
    for name in unknown:
        suggestion = nearest(name, found)
        hint = f" (did you mean {suggestion!r}?)" if suggestion else ""
        print(f"error: the registry has no entry {name!r}{hint}", file=sys.stderr)
    if unknown:
        return 2
    return _verdict([found[name] for name in args.names] if args.names else list(found.values()))


def _verdict(checked: list[Entry]) -> int:
    """Each problem of each entry on standard error, a line saying how many were checked; 1 if any has a problem."""
    for entry in checked:
        for problem in entry.problems:
            print(problem, file=sys.stderr)
    broken = [entry.name for entry in checked if entry.problems]
    if broken:
        print(f"{len(checked)} registry entries checked; with problems: {', '.join(broken)}")
        return 1
    print(f"{len(checked)} registry entries checked: no problem found")
    return 0
