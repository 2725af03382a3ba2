"""The `audit` and `export-egn` subcommands, registered by euchre_spec.cli.

`audit` reads an EGN record, an EMN match (several games), Trickster Cards' PTN records (audited
by the `trickster` package) or a progressive session's scorecards (the `scorecard` package) and
exits 0 when no rule is found broken, 1 when a record breaks a rule, a match's result disagrees
with its games or a scorecard's values are not the rules', 2 when the file cannot be read (bad JSON
or not EGN, a scorecard its schema refuses: each error as `file:line: message (/pointer)`) or a PTN
record's options mean rules ours cannot say.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from documents.writing import write_text
from reference_impl.cli_arguments import add_house_rule_option, deal_number_argument, seat_problem
from ruleset import SpecInvalid
from ruleset.compiled.loading import load_rules
from scorecard import ScorecardUnreadable, audit_scorecard, looks_like_scorecard, read_scorecard
from scorecard import report as scorecard_report
from trickster import PtnUnreadable, audit_file, looks_like_ptn
from trickster import report as ptn_report

from .export import ExportError, export_game
from .game import audit
from .mapping import map_ruleset
from .match import EmnMatch, audit_match, read_game_or_match
from .notation import EgnUnreadable
from .report import render, render_match

UNREADABLE = 2
PTN_SUFFIXES = (".ptn", ".pbn")
EGN_SUFFIXES = (".egn", ".emn")


def add_commands(commands: Any) -> None:
    """Add `audit` and `export-egn` to the CLI's subparsers."""
    check = commands.add_parser(
        "audit",
        help="check a recorded game (EGN, or Trickster's PTN) or a progressive scorecard against the rules",
        description="Replay an EGN record (or each game of an EMN match, or each record of a Trickster Cards PTN file) "
        "hand by hand through the reference engine, or check a progressive session's scorecards (YAML): the hands' "
        "values, the games' and the players' totals. Exit 0: no broken rule found; 1: a record breaks a rule, a match "
        "result disagrees with its games or a scorecard is wrong; 2: the file cannot be read, or a PTN record's options "
        "mean rules ours cannot say (it is not audited).",
    )
    check.add_argument(
        "path",
        type=Path,
        help="an EGN record (.egn, JSON; EGN 1.0 to 1.4), an EMN match (.emn), Trickster records (.ptn, as pasted) "
        "or a progressive scorecard (.yaml)",
    )
    check.add_argument("--variant", help="audit under exactly this variant (and -r house rules) instead of the flags' choice")
    add_house_rule_option(check, "a house rule to use as well (repeatable)")
    check.add_argument("--json", action="store_true", help="print the audit as JSON")
    check.set_defaults(run=run_audit)

    export = commands.add_parser("export-egn", help="play a game with random legal actions and write it as EGN")
    export.add_argument("variant", help="a base variant id, such as north-american")
    add_house_rule_option(export)
    export.add_argument("--deal", type=deal_number_argument, required=True, help="portable deal number of the first hand")
    export.add_argument("--seed", type=int, default=0, help="seed for the random choice of legal actions")
    export.add_argument("--dealer", type=int, default=0, help="the first dealer's seat")
    export.add_argument("--output", "-o", type=Path, help="write here instead of to standard output")
    export.add_argument(
        "--no-hands", action="store_true", help="leave out the dealt hands and the discards, as a record of a live game would"
    )
    export.add_argument(
        "--allow-unexpressed",
        action="store_true",
        help="write the record even when EGN's flags cannot say every rule (then audit it with --variant and -r)",
    )
    export.set_defaults(run=run_export)


def run_audit(args: argparse.Namespace) -> int:
    if args.path.suffix.lower() not in PTN_SUFFIXES and looks_like_scorecard(args.path):
        return run_scorecard_audit(args)  # before PTN's first-line test: a YAML list's `[` is not a PTN tag
    if _is_ptn(args.path):
        return run_ptn_audit(args)
    try:
        document = read_game_or_match(args.path)
    except EgnUnreadable as exc:
        for error in exc.errors:
            print(error, file=sys.stderr)
        return UNREADABLE
    try:
        if isinstance(document, EmnMatch):
            match = audit_match(document, args.variant, args.house_rules)
            text, data, code = render_match(match), match.as_dict(), match.exit_code
        else:
            report = audit(document, map_ruleset(document.ruleset, args.variant, args.house_rules))
            text, data, code = render(report), report.as_dict(), report.exit_code
    except SpecInvalid as exc:  # an unknown variant or house rule: a usage error, like argparse's
        for error in exc.errors:
            print(error, file=sys.stderr)
        return UNREADABLE
    print(json.dumps(data, indent=2) if args.json else text, end="\n" if args.json else "")
    return code


def _is_ptn(path: Path) -> bool:
    """A Trickster record (PTN) rather than EGN: by its suffix, or by its first line (a tag or a comment)."""
    if path.suffix.lower() in PTN_SUFFIXES:
        return True
    if path.suffix.lower() in EGN_SUFFIXES:
        return False  # a file named as EGN is read as EGN, and its errors are EGN's
    if not path.is_file():
        return False  # a pipe would block the peek; the EGN reader refuses what is not a regular file
    try:
        with path.open("r", encoding="utf-8", errors="replace") as file:
            return looks_like_ptn(file.read(4096))
    except OSError:
        return False  # the EGN reader reports the file


def run_ptn_audit(args: argparse.Namespace) -> int:
    """Audit each record of a Trickster PTN file under the rules its options carry (or those named)."""
    try:
        audits = audit_file(args.path, args.variant, args.house_rules)
    except PtnUnreadable as exc:
        for error in exc.errors:
            print(error, file=sys.stderr)
        return UNREADABLE
    except SpecInvalid as exc:  # an unknown variant or house rule given with --variant / -r
        for error in exc.errors:
            print(error, file=sys.stderr)
        return UNREADABLE
    path = str(args.path)
    if args.json:
        print(json.dumps(ptn_report.as_dict(path, audits), indent=2))
    else:
        print(ptn_report.render(path, audits), end="")
    for record in audits:
        for error in record.unreadable:
            print(error, file=sys.stderr)
    return ptn_report.exit_code(audits)


def run_scorecard_audit(args: argparse.Namespace) -> int:
    """Audit a progressive session's scorecards under the rules it names (or those given)."""
    try:
        audit = audit_scorecard(read_scorecard(args.path), args.variant, tuple(args.house_rules))
    except (ScorecardUnreadable, SpecInvalid) as exc:  # a broken file, or rules named with --variant / -r that do not exist
        for error in exc.errors:
            print(error, file=sys.stderr)
        return UNREADABLE
    if args.json:
        print(json.dumps(scorecard_report.as_dict(audit), indent=2))
    else:
        print(scorecard_report.render(audit), end="")
    return audit.exit_code


def run_export(args: argparse.Namespace) -> int:
    rules = load_rules(args.variant, args.house_rules)
    problem = seat_problem(rules, args.dealer)
    if problem:
        print(f"error: --dealer: {problem}", file=sys.stderr)
        return 2
    command = args.variant + "".join(f" -r {ref}" for ref in args.house_rules)
    try:
        exported = export_game(
            rules, args.deal, args.seed, args.dealer, with_hands=not args.no_hands, allow_unexpressed=args.allow_unexpressed
        )
    except ExportError as exc:
        print(f"error: {exc}", file=sys.stderr)
        if exc.unexpressed:
            print(f"(--allow-unexpressed writes it anyway; audit it with --variant {command})", file=sys.stderr)
        return 1
    text = json.dumps(exported.record, indent=2) + "\n"
    if args.output is not None:
        write_text(args.output, text)
    else:
        print(text, end="")
    if exported.unexpressed:
        print(
            "note: EGN's ruleset flags cannot say everything these rules say ("
            + "; ".join(exported.unexpressed)
            + f"); audit the file with --variant {command}",
            file=sys.stderr,
        )
    return 0
