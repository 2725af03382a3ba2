"""A run's failures as Markdown, for a pull request comment or a CI job's summary.

A reviewer reads it where the change is discussed, so it gives what they act on and no more:
the headline and the counts, then every scenario that fails the run (a failure, an error, a
crash, a timeout, an expected failure that passes) with its clauses, the first difference and
the `euchre-spec explain` command that shows it step by step. It is a view of the JSON report,
like the JUnit file and the terminal summary. Scenario titles and engine messages are text
from other people's files and programs, so every one of them is escaped before it is written.
"""

from __future__ import annotations

import re
import shlex
from typing import Any

from conformance.reports.headline import headline
from conformance.suite.outcomes import STATUSES, UNEXPECTED
from ruleset import builtin_catalog

SHOWN = 50
"""Scenarios written out by default; a pull request comment holds 65,536 characters."""

DETAILS_SHOWN = 5
"""Differences listed per scenario besides its first."""

_COLUMNS = {"not_applicable": "n/a"}
_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~])")
"""What can start markup inside a line (a heading's closing #, a table's |, a link's [, an HTML tag's <)."""


def escaped(text: str) -> str:
    """Text shown as written: Markdown's and HTML's special characters escaped, on one line."""
    one_line = " ".join(str(text).split())
    return _SPECIAL.sub(r"\\\1", one_line.replace("&", "&amp;"))


def markdown_summary(report: dict[str, Any], in_suite: set[str] | None = None, shown: int = SHOWN) -> str:
    """The report (schemas/report.schema.json) as Markdown.

    `in_suite` holds the ids of the suite's own scenarios: another scenario came from the
    user's files, and its explain command names the file (`--scenario`). None: all are the suite's.
    """
    engine = report["engine"]
    counts = report["summary"]["counts"]
    lines = [
        f"## euchre-spec conformance: {escaped(engine['name'])} {escaped(engine['version'])}",
        "",
        f"**{escaped(headline(report))}**",
        "",
        "| " + " | ".join(_COLUMNS.get(status, status) for status in STATUSES) + " |",
        "| " + " | ".join("--:" for _ in STATUSES) + " |",
        "| " + " | ".join(str(counts.get(status, 0)) for status in STATUSES) + " |",
        "",
        f"{report['summary']['total']} scenarios in {report['seconds']:.1f} s; suite {report['suite_version']},"
        f" package {report['package_version']}, protocol {report['protocol']}.",
    ]
    if report.get("interrupted"):
        lines += ["", "**The run was interrupted**: the report holds only the scenarios finished before it."]
    problems = [result for result in report["results"] if result["status"] in UNEXPECTED]
    if not problems:
        lines += ["", "No scenario fails the run."]
        return "\n".join(lines) + "\n"
    lines += ["", f"### {len(problems)} {'scenario fails' if len(problems) == 1 else 'scenarios fail'} the run"]
    for result in problems[:shown]:
        lines += ["", *_scenario(result, engine["command"], in_suite)]
    if len(problems) > shown:
        lines += ["", f"... and {len(problems) - shown} more: see the JSON report."]
    return "\n".join(lines) + "\n"


def _scenario(result: dict[str, Any], command: str, in_suite: set[str] | None) -> list[str]:
    lines = [
        f"#### {result['status'].upper()} `{result['id']}`: {escaped(result['title'])}",
        "",
        f"- clauses: {', '.join(f'`{clause}`' for clause in result['clauses'])}",
        f"- {escaped(result.get('message', '') or result['status'])}",
    ]
    details = [detail for detail in result.get("details", []) if detail != result.get("message")]
    lines += [f"  - {escaped(detail)}" for detail in details[:DETAILS_SHOWN]]
    if len(details) > DETAILS_SHOWN:
        lines.append(f"  - and {len(details) - DETAILS_SHOWN} more")
    lines.append(f"- scenario: {escaped(result['source'])}")
    fence = "`" * max(3, 1 + max((len(run) for run in re.findall("`+", command)), default=0))
    lines += ["", f"{fence}sh", explain_command(result, command, in_suite), fence]
    if not _builtin(result):
        lines += ["", "(Its rules come from your own spec files: add `--spec FILE` for each file the run was given.)"]
    return lines


def _builtin(result: dict[str, Any]) -> bool:
    """Whether the scenario's variant and house rules are all the package's own (else the run had --spec files)."""
    catalog = builtin_catalog()
    rules = [ref.partition("=")[0] for ref in result["house_rules"]]
    return result["variant"] in catalog.variants and all(rule in catalog.house_rules for rule in rules)


def explain_command(result: dict[str, Any], command: str, in_suite: set[str] | None = None) -> str:
    """The command that lays the scenario out step by step on the same engine, quoted for a shell."""
    engine = "reference" if command in ("reference", "reference (in process)") else command
    words = ["euchre-spec", "explain", result["id"], "--engine", engine]
    if in_suite is not None and result["id"] not in in_suite:
        words += ["--scenario", result["source"].rpartition(":")[0]]
    return shlex.join(words)
