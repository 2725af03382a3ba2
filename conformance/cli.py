"""Command-line subcommands of the conformance suite: conform, serve, scenarios.

`euchre-spec conform --engine CMD` runs the suite against any engine speaking the protocol;
`--engine reference` starts our own engine the same way (`euchre-spec serve`), so the reference
engine is judged by exactly the path every other engine takes.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import shlex
import sys
from pathlib import Path
from typing import Any

from .engine_process import EngineFailure, EngineProcess
from .expected import default_expected_file, load_expected_failures, slug
from .fuzz import add_command as add_fuzz_command
from .reference_engine import serve
from .report import report_data, summary_lines, write_json, write_junit
from .runner import UNEXPECTED, Engine, InProcessEngine, Outcome, run_suite
from .scenarios import Scenario, suite

REFERENCE_COMMAND = [sys.executable, "-m", "reference_impl.cli", "serve"]
SHORTCUTS = {"reference": REFERENCE_COMMAND, "openspiel": [sys.executable, "-m", "conformance.adapters.openspiel"]}


def add_commands(commands: Any) -> None:
    """Register the suite's subcommands on the main parser's subparsers."""
    conform = commands.add_parser("conform", help="run the conformance suite against an engine")
    conform.add_argument("--engine", required=True, help="the engine's command line, 'reference' for ours or 'openspiel'")
    conform.add_argument("--in-process", action="store_true", help="with --engine reference: call it directly, no protocol")
    conform.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for each reply (default 10)")
    conform.add_argument("--expected-failures", type=Path, help="expected-failures file (default: the engine's own, if any)")
    conform.add_argument("--report-dir", type=Path, default=Path("reports"), help="where reports are written (default reports/)")
    conform.add_argument("--quiet", action="store_true", help="print only the final verdict line")
    _add_filters(conform)
    conform.set_defaults(run=_conform)

    serve_command = commands.add_parser("serve", help="serve the reference engine over the harness protocol (stdin/stdout)")
    serve_command.set_defaults(run=lambda args: serve())
    add_fuzz_command(commands)

    scenarios = commands.add_parser("scenarios", help="list or export the scenarios")
    actions = scenarios.add_subparsers(dest="scenarios_command", required=True)
    listing = actions.add_parser("list", help="list scenarios, filtered")
    _add_filters(listing)
    listing.set_defaults(run=_list)
    covered = actions.add_parser("coverage", help="list clauses, reason codes and scoring rows no scenario covers")
    covered.set_defaults(run=_coverage)
    export = actions.add_parser("export", help="write the suite as one JSON bundle (schemas/suite-bundle.schema.json)")
    export.add_argument("--output", "-o", type=Path, help="file to write (default: standard output)")
    _add_filters(export)
    export.set_defaults(run=_export)


def _add_filters(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", action="append", default=[], help="only these variants (repeatable)")
    parser.add_argument(
        "--house-rule", action="append", default=[], dest="house_rule", help="only scenarios using this house rule (repeatable)"
    )
    parser.add_argument("--clause", action="append", default=[], help="only scenarios citing this clause (repeatable)")
    parser.add_argument("--level", action="append", default=[], choices=("must", "should", "may"), help="only these levels")
    parser.add_argument("--id", action="append", default=[], dest="ids", help="only ids matching this glob pattern (repeatable)")


def select(scenarios: tuple[Scenario, ...] | list[Scenario], args: argparse.Namespace) -> list[Scenario]:
    """The scenarios passing every filter given on the command line."""
    chosen = []
    for scenario in scenarios:
        rules = {ref.partition("=")[0] for ref in scenario.house_rules} | set(scenario.house_rules)
        if args.variant and scenario.variant not in args.variant:
            continue
        if args.house_rule and not rules & set(args.house_rule):
            continue
        if args.clause and not set(scenario.clauses) & set(args.clause):
            continue
        if args.level and scenario.level not in args.level:
            continue
        if args.ids and not any(fnmatch.fnmatchcase(scenario.id, pattern) for pattern in args.ids):
            continue
        chosen.append(scenario)
    return chosen


def _conform(args: argparse.Namespace) -> int:
    scenarios = select(suite(), args)
    in_process = args.engine == "reference" and args.in_process
    command_line = SHORTCUTS.get(args.engine) or shlex.split(args.engine)
    name = args.engine if args.engine in SHORTCUTS else Path(command_line[0]).name
    folder = args.report_dir / (slug(name) or "engine")
    engine: Engine
    if in_process:
        engine, command = InProcessEngine(), "reference (in process)"
    else:
        log = folder / "engine-stderr.log"
        if log.exists():
            log.unlink()
        engine, command = EngineProcess(command_line, timeout=args.timeout, stderr_log=log), args.engine

    def expectations(hello: dict[str, Any]) -> dict[str, str]:
        path = args.expected_failures or default_expected_file(str(hello.get("name", name)))
        return load_expected_failures(path, suite()) if path else {}

    progress = None if args.quiet else _progress_printer(len(scenarios))
    try:
        result = run_suite(engine, scenarios, expectations, progress)
    except EngineFailure as exc:
        print(f"error: the engine could not be started: {exc}", file=sys.stderr)
        return 2
    report = report_data(result, command)
    write_json(report, folder / "report.json")
    write_junit(report, folder / "junit.xml")
    lines = summary_lines(report)
    if args.quiet:
        lines = lines[-1:]
    elif progress:
        print()
    print("\n".join(lines))
    print(f"Reports: {folder / 'report.json'}, {folder / 'junit.xml'}")
    bad = sum(result.count(status) for status in UNEXPECTED)
    return 1 if bad else 0


def _progress_printer(total: int) -> Any:
    marks = {
        "pass": ".",
        "fail": "F",
        "error": "E",
        "crash": "C",
        "timeout": "T",
        "skipped": "s",
        "not_applicable": "n",
        "xfail": "x",
        "xpass": "X",
    }
    done = [0]

    def show(outcome: Outcome) -> None:
        done[0] += 1
        sys.stdout.write(marks[outcome.status])
        if done[0] % 72 == 0 or done[0] == total:
            sys.stdout.write(f" {done[0]}/{total}\n")
        sys.stdout.flush()

    return show


def _list(args: argparse.Namespace) -> int:
    for scenario in select(suite(), args):
        rules = " +" + ",".join(scenario.house_rules) if scenario.house_rules else ""
        print(f"{scenario.id:<28} {scenario.level:<6} {scenario.variant}{rules}: {scenario.title}")
    return 0


def _export(args: argparse.Namespace) -> int:
    from .suite_bundle import suite_bundle

    scenarios = select(suite(), args)
    text = json.dumps(suite_bundle(scenarios), indent=1)
    if args.output:
        args.output.write_text(text + "\n", encoding="utf-8")
        print(f"wrote {len(scenarios)} scenarios to {args.output}")
    else:
        print(text)
    return 0


def _coverage(args: argparse.Namespace) -> int:
    from .coverage import coverage

    report = coverage(suite())
    print("\n".join(report.lines()))
    return 0 if report.complete else 1
