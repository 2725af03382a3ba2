"""`euchre-spec conform`: from the scenarios chosen to the verdict, the reports and the exit code.

Reports go to a folder named after the engine as its handshake names itself, so two engines
started the same way (`python3 a.py`, `python3 b.py`) never overwrite each other's reports; the
built-in shortcuts (`reference`, `openspiel`) keep their own names, which the rules site reads.
Everything a run leaves (report.json, junit.xml, the badges, the engine's standard error,
captured from its first moment, before its name is known) is written into a private folder and
put in place of the last run's folder as one set (conformance/reports/report_folder.py); a second
run into the same folder refuses while the first lasts.

Beside the reports go the badges (shields.io endpoint files, conformance/reports/badges.py); with
`--history FILE` the run's summary is also appended to a results log (conformance/reports/history.py).

A run that checks nothing is not a success: when no scenario matches the filters, or the engine
plays none of those selected, the command says why and exits 2. A run stopped by SIGINT or
SIGTERM writes the report of what it finished, marked `interrupted`, and exits 130 or 143.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from conformance.engines.in_process import Engine, InProcessEngine
from conformance.engines.process import EngineFailure, EngineProcess, engine_argv
from conformance.engines.reference import ReferenceEngine
from conformance.reports import history
from conformance.reports.badges import BADGES, write_badges
from conformance.reports.report import report_data, summary_lines, write_json, write_junit
from conformance.reports.report_folder import FolderRefused, ReportFolder
from conformance.running.interrupts import held, signals_interrupt
from conformance.running.precheck import Precheck
from conformance.running.runner import run_suite
from conformance.running.user_files import Pool, declaring_user_spec, scenario_pool, user_spec
from conformance.suite.bundle import load_bundle
from conformance.suite.expected import ExpectedFailure, default_expected_file, load_expected_failures, slug
from conformance.suite.outcomes import NOT_CHECKED, UNEXPECTED, Outcome, RunResult
from conformance.suite.selection import Filters, select, unknown_ids
from documents.writing import refuse_unless_regular
from reference_impl.cli_arguments import positive_seconds

REFERENCE_COMMAND = [sys.executable, "-m", "euchre_spec", "serve"]
SHORTCUTS = {"reference": REFERENCE_COMMAND, "openspiel": [sys.executable, "-m", "conformance.engines.openspiel"]}
NEEDS_SHOWN = 8
"""How many of the rule sets a run needed are named when the engine plays none of them."""
MARKS = {
    "pass": ".",
    "fail": "F",
    "error": "E",
    "crash": "C",
    "timeout": "T",
    "skipped": "s",
    "not_applicable": "n",
    "invalid": "I",
    "xfail": "x",
    "xpass": "X",
}


def add_arguments(conform: argparse.ArgumentParser) -> None:
    """The options of the conform command (the scenario filters and files are added by the caller)."""
    conform.add_argument("--engine", required=True, help="the engine's command line, 'reference' for ours or 'openspiel'")
    conform.add_argument("--in-process", action="store_true", help="with --engine reference: call it directly, no protocol")
    conform.add_argument("--timeout", type=positive_seconds, default=10.0, help="seconds to wait for each reply (default 10)")
    conform.add_argument("--expected-failures", type=Path, help="expected-failures file (default: the engine's own, if any)")
    where = conform.add_mutually_exclusive_group()
    where.add_argument(
        "--report-dir",
        type=Path,
        default=Path("reports"),
        help="reports go to DIR/<engine name from its handshake>/ (default reports/)",
    )
    where.add_argument("--report-to", type=Path, metavar="DIR", help="write the reports into exactly this folder")
    conform.add_argument(
        "--history",
        type=Path,
        metavar="FILE",
        help=f"append the run's summary to this results log (JSON lines; ours: {history.HISTORY_FILE})",
    )
    conform.add_argument(
        "--bundle",
        type=Path,
        metavar="FILE",
        help="grade against an exported release (`euchre-spec scenarios export -o FILE`) instead of the installed suite",
    )
    conform.add_argument("--quiet", action="store_true", help="print only the final verdict line")


def engine_command(engine: str, spec: tuple[Path, ...] = ()) -> list[str]:
    """The command line that starts an engine; the reference engine is also told the user's spec files."""
    if engine == "reference":
        return [*REFERENCE_COMMAND, *(argument for path in spec for argument in ("--spec", str(path)))]
    return SHORTCUTS.get(engine) or engine_argv(engine)


def reference_in_process(spec: tuple[Path, ...]) -> InProcessEngine:
    return InProcessEngine(declaring_user_spec(ReferenceEngine(), spec) if spec else None)


def chosen(args: argparse.Namespace) -> tuple[Pool, list[Any]] | int:
    """The pool of scenarios and those the filters select; or exit code 2, the reason printed."""
    pool = scenario_pool(args)
    if getattr(args, "bundle", None) is not None:  # conform only; the other commands read the installed suite
        if args.scenario:
            print("error: --bundle and --scenario each name the scenarios to run; give one of them", file=sys.stderr)
            return 2
        pinned = tuple(load_bundle(args.bundle))
        pool = Pool(pinned, pinned, pool.spec, True)
    filters = Filters.from_args(args)
    problems = unknown_ids(filters, pool.catalog, pool.known)
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    if problems:
        return 2
    scenarios = select(pool.scenarios, filters)
    if not scenarios:
        where = "the given scenario files" if pool.from_user else "the suite"
        print(f"error: no scenario of {where} matches the filters ({filters.describe()})", file=sys.stderr)
        return 2
    return pool, scenarios


def run(args: argparse.Namespace) -> int:
    """The conform command: a usage error (2) for an engine command line that cannot be split, before anything loads."""
    try:
        engine_command(args.engine)
    except ValueError as exc:
        print(f"error: --engine: {exc}", file=sys.stderr)
        return 2
    with signals_interrupt():
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    in_process = args.engine == "reference" and args.in_process
    command_line = engine_command(args.engine, user_spec(args.spec))
    if args.history is not None:
        refuse_unless_regular(args.history)  # before the run, not after it: a FIFO or a device is no log
    launched = None if in_process else _launched(command_line, args)
    try:
        selection = chosen(args)
        if isinstance(selection, int):
            if launched is not None:
                launched.kill()
            return selection
        reports = ReportFolder(_parent(args))
    except BaseException:
        if launched is not None:
            launched.kill()
        raise
    try:
        return _run_into(args, selection, reports, launched)
    except BaseException:
        reports.discard()
        raise


def _run_into(
    args: argparse.Namespace, selection: tuple[Pool, list[Any]], reports: ReportFolder, launched: EngineProcess | None
) -> int:
    """The run, its reports written into `reports` and put in place as one set."""
    pool, scenarios = selection
    known = _known_folder(args)
    try:
        if known is not None:
            reports.claim(known)
    except FolderRefused as exc:
        if launched is not None:
            launched.kill()
        reports.discard()
        print(f"error: {exc}", file=sys.stderr)
        return 2
    engine: Engine
    if launched is None:
        engine, command = reference_in_process(pool.spec), "reference (in process)"
    else:
        launched.log_stderr(reports.log)
        engine, command = launched, args.engine

    def expectations(hello: dict[str, Any]) -> dict[str, ExpectedFailure]:
        if reports.folder is None:
            reports.claim(report_folder(args, hello))
        path = args.expected_failures or default_expected_file(str(hello.get("name", "")))
        return load_expected_failures(path, pool.known) if path else {}

    progress = None if args.quiet else _progress_printer(len(scenarios))
    precheck = Precheck() if pool.from_user else None
    try:
        result = run_suite(
            engine, scenarios, expectations, progress, precheck=precheck, recheck=None if pool.from_user else Precheck()
        )
    except FolderRefused as exc:
        print(f"error: {exc}", file=sys.stderr)
        reports.discard()
        return 2
    except EngineFailure as exc:
        print(f"error: the engine could not be started: {exc}", file=sys.stderr)
        _show_log(reports.log)
        reports.discard()
        return 2
    report = report_data(result, command)

    def write(folder: Path) -> None:
        write_json(report, folder / "report.json")
        write_junit(report, folder / "junit.xml")
        write_badges(report, folder)

    with held():  # a signal now would leave the set half written: it waits until the set is in place
        folder = reports.commit(write)
    if args.history is not None:
        history.append(args.history, history.entry(report))
    lines = summary_lines(report)
    if args.quiet:
        lines = lines[-1:]
        for outcome in result.outcomes:  # a scenario of the user's own that is wrong is said even when quiet
            if outcome.status == "invalid":
                where = f"{outcome.scenario.file}:{outcome.scenario.line}"
                print(f"{outcome.scenario.id} ({where}): {outcome.message}", file=sys.stderr)
    elif progress and result.outcomes:
        print()
    print("\n".join(lines))
    print(f"Reports: {folder / 'report.json'}, {folder / 'junit.xml'}, badges in {folder / BADGES}")
    if args.history is not None:
        print(f"Summary appended to {args.history}")
    if result.interrupted is not None:
        print(f"interrupted by {result.interrupted}: the report holds the scenarios finished before it", file=sys.stderr)
        return 128 + signal.Signals[result.interrupted].value
    if all(outcome.status in NOT_CHECKED for outcome in result.outcomes):
        print(f"error: nothing was checked: {nothing_checked(result)}", file=sys.stderr)
        return 2
    # a staging scenario is reported, and fails nobody's run until a release promotes it
    return 1 if any(o.status in UNEXPECTED and not o.scenario.staging for o in result.outcomes) else 0


def _launched(command_line: list[str], args: argparse.Namespace) -> EngineProcess:
    """The engine, started before the scenarios are loaded so that its start-up and their loading share the time;
    the handshake waits for the run (and an engine that will not be used is killed)."""
    engine = EngineProcess(command_line, timeout=args.timeout)
    engine.launch()
    return engine


def report_folder(args: argparse.Namespace, hello: dict[str, Any]) -> Path:
    """--report-to as given, or a shortcut's name under --report-dir; else the name the engine gives in its handshake."""
    known = _known_folder(args)
    if known is not None:
        return known
    report_dir: Path = args.report_dir
    return report_dir / (slug(str(hello.get("name", ""))) or "engine")


def _known_folder(args: argparse.Namespace) -> Path | None:
    """The report folder when it is known before the engine says its name: --report-to, or a shortcut's."""
    if args.report_to is not None:
        return Path(os.path.abspath(str(args.report_to)))
    if args.engine in SHORTCUTS:
        report_dir: Path = args.report_dir
        return report_dir / str(args.engine)
    return None


def _parent(args: argparse.Namespace) -> Path:
    """Where the reports' folder goes, and the run's private folder beside it."""
    known = _known_folder(args)
    if known is not None:
        return known.parent
    report_dir: Path = args.report_dir
    return report_dir


def nothing_checked(result: RunResult) -> str:
    """Why a run in which every scenario was skipped, not applicable or invalid checked nothing."""
    counts = Counter(outcome.status for outcome in result.outcomes)
    if counts["skipped"] == len(result.outcomes):
        needed = sorted({_needs(outcome) for outcome in result.outcomes})
        shown = "; ".join(needed[:NEEDS_SHOWN]) + (f"; and {len(needed) - NEEDS_SHOWN} more" if len(needed) > NEEDS_SHOWN else "")
        declared = ", ".join(result.engine.get("variants", [])) or "none"
        return (
            f"the engine declares none of the selected variants and house rules (it plays {declared}; "
            f"the {len(result.outcomes)} selected scenario(s) need {shown})"
        )
    shown = ", ".join(f"{counts[status]} {status.replace('_', ' ')}" for status in NOT_CHECKED if counts[status])
    return f"none of the {len(result.outcomes)} selected scenario(s) was sent and answered ({shown})"


def _needs(outcome: Outcome) -> str:
    scenario = outcome.scenario
    return scenario.variant + ("".join(f" +{rule}" for rule in scenario.house_rules))


def _show_log(log: Path, shown: int = 2000) -> None:
    """The end of what the engine wrote on its standard error, for a run that made no report to keep it in."""
    try:
        text = log.read_bytes()[-shown:].decode("utf-8", "replace").strip()
    except OSError:
        return
    if text:
        print("the engine's standard error ended with:\n" + "\n".join(f"  {line}" for line in text.splitlines()), file=sys.stderr)


def _progress_printer(total: int) -> Any:
    done = [0]

    def show(outcome: Outcome) -> None:
        done[0] += 1
        sys.stdout.write(MARKS[outcome.status])
        if done[0] % 72 == 0 or done[0] == total:
            sys.stdout.write(f" {done[0]}/{total}\n")
        sys.stdout.flush()

    return show
