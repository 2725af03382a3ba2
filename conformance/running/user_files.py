"""A user's own files in a run: scenario files from outside the suite, and spec files the catalog gains.

`--scenario FILE` brings scenarios written elsewhere (a fuzz finding, an engine author's own
cases); they are loaded exactly as strictly as the suite's own files, and their ids may not
clash with the suite's, so a report or an expected-failures entry always names one scenario.
`--spec FILE` adds a user's variants and house rules to the catalog, so those scenarios can use
them; the reference engine is told to declare them too, since it plays any rules sent as data.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from conformance.engines.in_process import MessageHandler
from conformance.engines.reference import ReferenceEngine, serve
from conformance.engines.sdk import serve_messages
from conformance.suite.scenarios import Scenario, catalog_with, load_scenarios, scenario_files, suite
from ruleset import Catalog, SpecError, SpecInvalid
from ruleset.catalog import spec_files


def add_file_options(parser: argparse.ArgumentParser) -> None:
    """--scenario and --spec, shared by every command that reads scenarios."""
    parser.add_argument(
        "--scenario",
        action="append",
        default=[],
        type=Path,
        metavar="PATH",
        help="run these scenario files (a file or a folder, repeatable) instead of the suite",
    )
    parser.add_argument(
        "--spec", action="append", default=[], type=Path, metavar="PATH", help="your own variant or house-rule files (repeatable)"
    )


def user_spec(paths: Sequence[Path]) -> tuple[Path, ...]:
    """The user's spec files, checked to exist; resolved, so a run names each file once."""
    missing = [SpecError(str(path), 0, "", "no such file or folder") for path in paths if not path.exists()]
    if missing:
        raise SpecInvalid(missing)
    return tuple(path.resolve() for path in spec_files(paths))


def load_user_scenarios(paths: Sequence[Path], spec: tuple[Path, ...] = ()) -> list[Scenario]:
    """The scenarios of a user's files, with every check the suite's own files get, plus: no id of the suite."""
    errors = [SpecError(str(path), 0, "", "no such file or folder") for path in paths if not path.exists()]
    errors += [
        SpecError(str(path), 0, "", "the folder holds no .yaml scenario file")
        for path in paths
        if path.is_dir() and not scenario_files([path])
    ]
    if errors:
        raise SpecInvalid(errors)
    scenarios = load_scenarios(list(paths), spec)
    ours = {scenario.id: scenario for scenario in suite()}
    clashes = [
        SpecError(
            scenario.file,
            scenario.line,
            f"{scenario.pointer}/id",
            f"scenario id {scenario.id!r} is already used by the suite at {ours[scenario.id].file}:{ours[scenario.id].line}",
        )
        for scenario in scenarios
        if scenario.id in ours
    ]
    if clashes:
        raise SpecInvalid(clashes)
    return scenarios


@dataclass(frozen=True)
class Pool:
    """The scenarios a command works on, and where they come from."""

    scenarios: tuple[Scenario, ...]
    """What may run: the user's scenario files when given, else the suite."""
    known: tuple[Scenario, ...]
    """Every scenario an id may name: the suite's and the user's."""
    spec: tuple[Path, ...]
    from_user: bool

    @property
    def catalog(self) -> Catalog:
        return catalog_with(self.spec)


def scenario_pool(args: argparse.Namespace) -> Pool:
    """The pool named by --scenario and --spec (see `add_file_options`)."""
    spec = user_spec(args.spec)
    user = tuple(load_user_scenarios(args.scenario, spec)) if args.scenario else ()
    return Pool(user or suite(), (*suite(), *user), spec, bool(args.scenario))


def declaring_user_spec(handler: MessageHandler, spec: tuple[Path, ...]) -> MessageHandler:
    """The reference engine, its handshake also declaring the user's variants and house rules."""
    return _Declaring(handler, spec)


class _Declaring:
    def __init__(self, handler: MessageHandler, spec: tuple[Path, ...]) -> None:
        self.handler = handler
        self.catalog = catalog_with(spec)

    def handle(self, message: dict[str, Any]) -> dict[str, Any] | None:
        reply = self.handler.handle(message)
        if reply is not None and reply.get("type") == "hello":
            reply = reply | {
                "variants": sorted(set(reply.get("variants", [])) | set(self.catalog.variants)),
                "house_rules": sorted(set(reply.get("house_rules", [])) | set(self.catalog.house_rules)),
            }
        return reply


def serve_reference(spec: Sequence[Path], sessions: bool = True) -> int:
    """`euchre-spec serve [--spec FILE] [--no-sessions]`: the reference engine over the protocol, knowing the user's rules."""
    if not spec:
        return serve(sessions=sessions)
    handler = declaring_user_spec(ReferenceEngine(sessions=sessions), user_spec(spec))
    return serve_messages(handler.handle, sys.stdin, sys.stdout)
