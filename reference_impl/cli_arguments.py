"""Command-line options several subcommands share, defined once so they read the same everywhere."""

from __future__ import annotations

import argparse


def add_house_rule_option(parser: argparse.ArgumentParser, help_text: str = "a house rule to add (repeatable)") -> None:
    """-r/--house-rule ID[=MODE], repeatable, collected in args.house_rules."""
    parser.add_argument(
        "--house-rule", "-r", action="append", default=[], dest="house_rules", metavar="ID[=MODE]", help=help_text
    )
