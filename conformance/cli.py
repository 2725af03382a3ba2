"""Command-line subcommands of the conformance suite: conform, smoke, new-engine, serve, scenarios, explain, summary,
fuzz, diff, registry.

`euchre-spec conform --engine CMD` runs the suite against any engine speaking the protocol;
`--engine reference` starts our own engine the same way (`euchre-spec serve`), so the reference
engine is judged by exactly the path every other engine takes.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from conformance.commands import conform as conform_command
from conformance.commands.explain import add_command as add_explain_command
from conformance.commands.fuzz import add_commands as add_fuzz_commands
from conformance.commands.new_engine import add_command as add_new_engine_command
from conformance.commands.registry import add_command as add_registry_command
from conformance.commands.serve import add_command as add_serve_command
from conformance.commands.smoke import add_command as add_smoke_command
from conformance.commands.summary import add_command as add_summary_command
from conformance.measuring.choice_mutants import add_command as add_mutants_command
from conformance.measuring.rules_diff import add_command as add_diff_command
from conformance.running.user_files import add_file_options
from conformance.suite.scenarios import suite
from conformance.suite.selection import add_filters
from documents.writing import write_text


def add_commands(commands: Any) -> None:
    """Register the suite's subcommands on the main parser's subparsers."""
    conform = commands.add_parser("conform", help="run the conformance suite against an engine")
    conform_command.add_arguments(conform)
    add_filters(conform)
    add_file_options(conform)
    conform.set_defaults(run=conform_command.run)
    add_smoke_command(commands)
    add_new_engine_command(commands)

    add_serve_command(commands)
    add_fuzz_commands(commands)
    add_explain_command(commands)
    add_summary_command(commands)
    add_diff_command(commands)
    add_registry_command(commands)

    scenarios = commands.add_parser("scenarios", help="list or export the scenarios")
    actions = scenarios.add_subparsers(dest="scenarios_command", required=True)
    listing = actions.add_parser("list", help="list scenarios, filtered")
    add_filters(listing)
    add_file_options(listing)
    listing.set_defaults(run=_list)
    add_mutants_command(actions)
    covered = actions.add_parser(
        "coverage", help="run the suite and list the clauses, reason codes and scoring rows the engine's replies leave uncovered"
    )
    covered.add_argument(
        "--engine",
        default="reference",
        help="the engine to run: 'reference' (the default, in process), 'openspiel' or a command line",
    )
    covered.add_argument(
        "--variant",
        action="append",
        default=[],
        help="hold this variant to its own scenarios: the clauses in force, the refusal reasons it can give and its "
        "scoring rows that they cover (repeatable)",
    )
    covered.set_defaults(run=_coverage)
    export = actions.add_parser("export", help="write the suite as one JSON bundle (schemas/suite-bundle.schema.json)")
    export.add_argument("--output", "-o", type=Path, help="file to write (default: standard output)")
    add_filters(export)
    add_file_options(export)
    export.set_defaults(run=_export)


def _list(args: argparse.Namespace) -> int:
    selection = conform_command.chosen(args)
    if isinstance(selection, int):
        return selection
    for scenario in selection[1]:
        rules = " +" + ",".join(scenario.house_rules) if scenario.house_rules else ""
        print(f"{scenario.id:<28} {scenario.level:<6} {scenario.variant}{rules}: {scenario.title}")
    return 0


def _export(args: argparse.Namespace) -> int:
    from conformance.suite.bundle import suite_bundle

    selection = conform_command.chosen(args)
    if isinstance(selection, int):
        return selection
    scenarios = selection[1]
    text = json.dumps(suite_bundle(scenarios), indent=1)
    if args.output:
        write_text(args.output, text + "\n")
        print(f"wrote {len(scenarios)} scenarios to {args.output}")
    else:
        print(text)
    return 0


def _coverage(args: argparse.Namespace) -> int:
    from conformance.engines.in_process import Engine
    from conformance.engines.process import EngineFailure, EngineProcess
    from conformance.reports.coverage import coverage
    from conformance.reports.variant_coverage import variant_coverage
    from conformance.running.runner import run_suite
    from conformance.suite.selection import nearest
    from ruleset import builtin_catalog
    from ruleset.compiled.loading import load_rules

    known = builtin_catalog().variants
    for given in args.variant:
        if given not in known:
            suggestion = nearest(given, known)
            hint = f" (did you mean {suggestion!r}?)" if suggestion else ""
            print(f"error: unknown variant {given!r}{hint}", file=sys.stderr)
            return 2
    scenarios = [scenario for scenario in suite() if not args.variant or scenario.variant in args.variant]
    try:
        engine: Engine = (
            conform_command.reference_in_process(())
            if args.engine == "reference"
            else EngineProcess(conform_command.engine_command(args.engine))
        )
        result = run_suite(engine, scenarios)
    except ValueError as exc:
        print(f"error: --engine: {exc}", file=sys.stderr)
        return 2
    except EngineFailure as exc:
        print(f"error: the engine could not be started: {exc}", file=sys.stderr)
        return 2
    if args.variant:
        views = [variant_coverage(result, variant, load_rules(variant)) for variant in args.variant]
        print("\n".join(line for view in views for line in view.lines()))
        return 0 if all(view.complete for view in views) else 1
    report = coverage(result)
    print("\n".join(report.lines()))
    return 0 if report.complete else 1
