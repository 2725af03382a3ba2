"""`euchre-spec summary REPORT.json`: a run's failures as Markdown, for a pull request or a CI job.

    euchre-spec conform --engine ./my-engine --report-to out || true
    euchre-spec summary out/report.json >> "$GITHUB_STEP_SUMMARY"

It reads a report that `conform` wrote (checked against schemas/report.schema.json, a broken
file named by file:line and JSON pointer, exit 1) and writes conformance/reports/markdown.py's
view of it; it judges nothing itself, so it exits 0 whatever the run found.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from conformance.reports.markdown import SHOWN, markdown_summary
from conformance.reports.report import read_report
from conformance.suite.scenarios import suite
from ruleset import SpecInvalid


def add_command(commands: Any) -> None:
    summary = commands.add_parser(
        "summary",
        help="write a run's failures as Markdown (a pull request comment, a CI job summary)",
        description="Writes the headline, the counts and every scenario that fails the run, each with the"
        " euchre-spec explain command that shows it, as Markdown.",
    )
    summary.add_argument("report", type=Path, metavar="REPORT.json", help="a report written by euchre-spec conform")
    summary.add_argument("--output", "-o", type=Path, metavar="FILE", help="write it here (default: standard output)")
    summary.add_argument(
        "--limit", type=_count, default=SHOWN, metavar="N", help=f"scenarios written out at most (default {SHOWN})"
    )
    summary.set_defaults(run=_summary)


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 1:
        raise argparse.ArgumentTypeError(f"a whole number of scenarios, at least 1, not {text!r}")
    return value


def _summary(args: argparse.Namespace) -> int:
    try:
        report = read_report(args.report)
    except SpecInvalid as exc:
        for error in exc.errors:
            print(error, file=sys.stderr)
        return 1
    text = markdown_summary(report, {scenario.id for scenario in suite()}, args.limit)
    if args.output is None:
        sys.stdout.write(text)
    else:
        args.output.write_text(text, encoding="utf-8")
        print(f"wrote {args.output}", file=sys.stderr)
    return 0
