"""A user's own files in a run: scenario files from outside the suite, and spec files the catalog gains.

`--scenario FILE` brings scenarios written elsewhere (a fuzz finding, an engine author's own
cases); they are loaded exactly as strictly as the suite's own files, and their ids may not
clash with the suite's, so a report or an expected-failures entry always names one scenario.
`--spec FILE` adds a user's variants and house rules to the catalog, so those scenarios can use
them; the reference engine is told to declare them too, since it plays any rules sent as data.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from conformance.engines.in_process import MessageHandler
from conformance.engines.reference import ReferenceEngine, serve
from conformance.engines.sdk import serve_messages
from conformance.suite.scenarios import Scenario, catalog_with, load_scenarios, scenario_files, suite
from documents.paths import HOME_VARIABLE
from ruleset import Catalog, SpecError, SpecInvalid, builtin_catalog, resolve_checked
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
    """The scenarios of a user's files, with every check the suite's own files get, plus: no id of the suite
    (but a file of the suite itself, named to check it, holds the suite's ids)."""
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
        if scenario.id in ours and ours[scenario.id].file != scenario.file
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
    return _Declaring(handler, catalog_with(spec))


class _Declaring:
    """The handshake of the engine, declaring the catalog's variants and house rules, less those it cannot play."""

    def __init__(self, handler: MessageHandler, catalog: Catalog, left_out: frozenset[str] = frozenset()) -> None:
        self.handler = handler
        self.catalog = catalog
        self.left_out = left_out

    def handle(self, message: dict[str, Any]) -> dict[str, Any] | None:
        reply = self.handler.handle(message)
        if reply is not None and reply.get("type") == "hello":
            variants = set(reply.get("variants", [])) | set(self.catalog.variants)
            house_rules = set(reply.get("house_rules", [])) | set(self.catalog.house_rules)
            reply = reply | {"variants": sorted(variants - self.left_out), "house_rules": sorted(house_rules - self.left_out)}
        return reply


def unplayable(catalog: Catalog, ids: Iterable[str]) -> dict[str, str]:
    """Of these variant and house-rule ids, those no game can be played with, and why: a variant that does not
    resolve, a house rule that composes with none of the variants it applies to (the first reason given)."""
    found: dict[str, str] = {}
    for ident in sorted(ids):
        if ident in catalog.variants:
            attempts: list[tuple[str, tuple[str, ...]]] = [(ident, ())]
        else:
            targets = catalog.house_rules[ident].data.get("applies_to", [])
            attempts = [(variant, (ident,)) for variant in catalog.variants if "any" in targets or variant in targets]
        reasons = []
        for variant, house_rules in attempts:
            try:
                resolve_checked(catalog, variant, house_rules)
                break
            except SpecInvalid as exc:
                reasons.append(str(exc.errors[0]) if exc.errors else str(exc))
        else:
            found[ident] = reasons[0] if reasons else "it applies to no variant of the spec"
    return found


def serve_reference(
    spec: Sequence[Path], sessions: bool = True, batches: bool = True, playouts: bool = True, traces: bool = True
) -> int:
    """`euchre-spec serve [--spec FILE] [--no-sessions] [--no-batches] [--no-playouts] [--no-traces]`: the reference
    engine over the protocol, knowing the user's rules.

    Every variant and house rule of the user's files (and of a data folder named by --data or
    EUCHRE_SPEC_HOME) is composed before the handshake: one that no game can be played with is
    not declared, and a warning says why, so the engine never offers what it would refuse.
    """
    paths = user_spec(spec)
    catalog = catalog_with(paths)
    own = builtin_catalog() if not os.environ.get(HOME_VARIABLE) else None
    ids = [ident for ident in (*catalog.variants, *catalog.house_rules) if own is None or not _shipped(own, catalog, ident)]
    left_out = unplayable(catalog, ids)
    for ident, reason in left_out.items():
        print(f"warning: {ident} is not offered: no game can be played with it: {reason}", file=sys.stderr)
    if not paths and not left_out:
        return serve(sessions=sessions, batches=batches, playouts=playouts, traces=traces)
    engine = ReferenceEngine(sessions=sessions, batches=batches, playouts=playouts, traces=traces)
    handler = _Declaring(engine, catalog, frozenset(left_out))
    return serve_messages(handler.handle, sys.stdin, sys.stdout)


def _shipped(own: Catalog, catalog: Catalog, ident: str) -> bool:
    """Whether an id is the package's own (checked by its tests and by `euchre-spec validate`), not the user's."""
    return ident in own.variants or ident in own.house_rules
