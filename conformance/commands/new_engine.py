"""`euchre-spec new-engine DIR --language javascript|python`: a working engine to start from.

Each skeleton is an engine the tests run on the suite as it is written out here: the JavaScript
engine of engines/javascript/ (node, no packages, its protocol loop apart from its game) and the
small kit-based Python engine of engines/python/. Both travel inside the package, so an engine
author with only `pip install euchre-spec` gets the same files. The one change made on the way
is the name the engine gives in its handshake (the folder's name, or --name), since reports,
expected failures and registry entries are filed under it.
"""

from __future__ import annotations

import argparse
import json
import shlex
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from documents.paths import engine_skeletons


@dataclass(frozen=True)
class Skeleton:
    """One language's skeleton: its folder under engines/, the file to start, and where it names itself."""

    language: str
    folder: str
    entry: str
    name_file: str
    name: str
    """The name the skeleton gives in its handshake, as written (quoted) in `name_file`."""
    runner: tuple[str, ...]
    """What starts the entry file (the Python adapter runs under euchre-spec's own interpreter: it imports the kit)."""

    def command(self, where: Path) -> str:
        return shlex.join([*self.runner, str(where / self.entry)])


SKELETONS = {
    "javascript": Skeleton("javascript", "javascript", "engine.js", "protocol/handshake.js", "euchre-spec-javascript", ("node",)),
    "python": Skeleton("python", "python", "engine.py", "engine.py", "euchre-spec-python-skeleton", (sys.executable,)),
}

LEFT_OUT = shutil.ignore_patterns("__pycache__", "*.pyc", "node_modules", "reports")
"""What running a skeleton leaves beside it, never copied."""


class SkeletonError(Exception):
    """The skeleton cannot be written where asked (a usage error, exit 2)."""


def write_skeleton(skeleton: Skeleton, where: Path, name: str) -> list[Path]:
    """Copy the skeleton into `where` (new or empty), named `name` in its handshake; the files written."""
    if where.exists() and (not where.is_dir() or any(where.iterdir())):
        raise SkeletonError(f"{where} is not an empty folder: new-engine writes only into a new or empty one")
    if not name.strip():
        raise SkeletonError("--name: the engine's name may not be empty")
    source = engine_skeletons() / skeleton.folder
    shutil.copytree(source, where, ignore=LEFT_OUT, dirs_exist_ok=True)
    named = where / skeleton.name_file
    text = named.read_text(encoding="utf-8")
    quoted = json.dumps(skeleton.name)
    if quoted not in text:  # the skeleton and this table disagree: a packaging mistake, never the user's
        raise RuntimeError(f"{skeleton.name_file} of the {skeleton.language} skeleton does not name itself {quoted}")
    named.write_text(text.replace(quoted, json.dumps(name), 1), encoding="utf-8")
    return sorted(path for path in where.rglob("*") if path.is_file())


def add_command(commands: Any) -> None:
    parser = commands.add_parser(
        "new-engine",
        help="write a working engine skeleton (JavaScript or Python) to start your own from",
        description="Writes an engine that passes the scenarios it declares, as it is written: the JavaScript engine"
        " of the repository (node, no packages) or a small Python engine built on the kit (conformance.sdk).",
    )
    parser.add_argument("folder", type=Path, metavar="DIR", help="a new or empty folder to write it into")
    parser.add_argument("--language", required=True, choices=sorted(SKELETONS), help="the skeleton's language")
    parser.add_argument("--name", help="the engine's name in its handshake (default: the folder's name)")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    skeleton = SKELETONS[args.language]
    name = args.name if args.name is not None else args.folder.resolve().name
    try:
        written = write_skeleton(skeleton, args.folder, name)
    except SkeletonError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    command = skeleton.command(args.folder)
    print(f"wrote a {skeleton.language} engine named {name!r} in {args.folder} ({len(written)} files; its name is in")
    print(f"{args.folder / skeleton.name_file}, and {args.folder / 'README.md'} says how it is laid out). Next:")
    print(f"  euchre-spec smoke --engine {shlex.quote(command)}      # the usual first mistakes, named")
    print(f"  euchre-spec conform --engine {shlex.quote(command)}    # the whole suite")
    return 0
