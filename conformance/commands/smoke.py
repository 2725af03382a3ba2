"""`euchre-spec smoke --engine CMD`: a first, quick look at an engine, with the usual mistakes named.

It runs conformance/running/smoke.py and prints each diagnosis by its stable name, with the
evidence and what to do; `--json` prints the same as one JSON object for scripts:

    {"engine": {"command", "name", "version"}, "variant", "deals": [...], "scenarios": [...],
     "problems": [{"name", "title", "evidence": [...], "fix"}], "clean"}

It exits 0 when nothing is diagnosed and 1 otherwise (2 for a command line that cannot be split).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path
from typing import Any

from conformance.commands.conform import engine_command
from conformance.running.smoke import SCENARIOS, Smoke, smoke
from conformance.suite.selection import nearest
from reference_impl.cli_arguments import positive_seconds
from ruleset import SpecInvalid, builtin_catalog

DESCRIPTION = """\
Shakes hands with the engine, plays two deals given by number and a few scenarios of a variant
it declares, and names the usual first-hour mistakes, each with what to do: output on standard
output that is not the protocol, a Python adapter started by another Python, seats counted from
1, card codes or action ids spelt otherwise, observations without the required fields, a deal
number dealt wrong or rounded to floating point, ids the spec does not have. Exit 0 when
nothing is found, 1 otherwise; then run `euchre-spec conform` for the whole suite.
"""


def add_command(commands: Any) -> None:
    parser = commands.add_parser(
        "smoke",
        help="a quick first check of an engine: the usual mistakes named, each with what to do",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--engine", required=True, help="the engine's command line, 'reference' for ours or 'openspiel'")
    parser.add_argument("--variant", help="the variant to play (default: north-american if declared, else the first)")
    parser.add_argument(
        "--scenarios", type=_count, default=SCENARIOS, metavar="N", help=f"scenarios to play (default {SCENARIOS})"
    )
    parser.add_argument("--timeout", type=positive_seconds, default=10.0, help="seconds to wait for each reply (default 10)")
    parser.add_argument(
        "--expected-failures",
        type=Path,
        metavar="FILE",
        help="scenarios known to fail, which are left out (default: the engine's own list, if any)",
    )
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    parser.set_defaults(run=_smoke)


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"a whole number of scenarios, 0 or more, not {text!r}")
    return value


def _smoke(args: argparse.Namespace) -> int:
    try:
        argv = engine_command(args.engine)
    except ValueError as exc:
        print(f"error: --engine: {exc}", file=sys.stderr)
        return 2
    variants = builtin_catalog().variants
    if args.variant is not None and args.variant not in variants:
        meant = nearest(args.variant, variants)
        print(f"error: unknown variant {args.variant!r}" + (f" (did you mean {meant!r}?)" if meant else ""), file=sys.stderr)
        return 2
    try:
        result = smoke(argv, args.engine, args.variant, args.scenarios, args.timeout, args.expected_failures)
    except SpecInvalid as exc:
        for error in exc.errors:
            print(error, file=sys.stderr)
        return 1
    if args.variant is not None and result.variant is None and result.hello is not None and result.clean:
        declared = ", ".join(str(v) for v in result.hello.get("variants", [])) or "none"
        print(f"error: the engine does not declare {args.variant} (it declares {declared})", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result_data(result), indent=1))
    else:
        print("\n".join(text_lines(result)))
    return 0 if result.clean else 1


def result_data(result: Smoke) -> dict[str, Any]:
    """The smoke test as plain data (the shape the module's docstring shows)."""
    hello = result.hello or {}
    return {
        "engine": {"command": result.command, "name": hello.get("name"), "version": hello.get("version")},
        "variant": result.variant,
        "deals": [item.label for item in result.played if item.deal is not None],
        "scenarios": [item.label for item in result.played if item.scenario is not None],
        "problems": [
            {
                "name": finding.name,
                "title": finding.diagnosis.title,
                "evidence": list(finding.evidence),
                "fix": finding.diagnosis.fix,
            }
            for finding in result.findings
        ],
        "clean": result.clean,
    }


def text_lines(result: Smoke) -> list[str]:
    """The smoke test for a person: what was played, each problem with its evidence and fix, and what to do next."""
    hello = result.hello
    who = f"{hello.get('name', '?')} {hello.get('version', '')}".strip() if hello else "the engine"
    lines = [f"Smoke test of {who} ({result.command})"]
    if hello:
        variants = ", ".join(str(v) for v in hello.get("variants", [])) or "none"
        rules = hello.get("house_rules", [])
        lines.append(f"  handshake: protocol {hello.get('protocol')}; variants {variants}; {len(rules)} house rule(s)")
    if result.variant:
        deals = [item.label for item in result.played if item.deal is not None]
        scenarios = [item.label for item in result.played if item.scenario is not None]
        played = ", ".join([*deals, f"{len(scenarios)} scenario(s) ({', '.join(scenarios)})" if scenarios else "no scenario"])
        lines.append(f"  played on {result.variant}: {played}")
    for finding in result.findings:
        lines += ["", f"{finding.name}: {finding.diagnosis.title}"]
        lines += [f"  - {line}" for line in finding.evidence]
        lines.append(f"  what to do: {finding.diagnosis.fix}")
    lines.append("")
    if result.clean:
        whole = shlex.join(["euchre-spec", "conform", "--engine", result.command])
        lines.append(f"No problem found. Next, the whole suite: {whole}")
    else:
        count = len(result.findings)
        lines.append(
            f"{count} problem{'s' if count > 1 else ''} found; fix {'them' if count > 1 else 'it'} and run the smoke test again."
        )
    return lines
