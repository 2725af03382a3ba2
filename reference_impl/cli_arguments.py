"""Command-line options several subcommands share, defined once so they read the same everywhere."""

from __future__ import annotations

import argparse
import math

from ruleset.compiled.rules import Rules

from .deal import MASK64


def add_house_rule_option(parser: argparse.ArgumentParser, help_text: str = "a house rule to add (repeatable)") -> None:
    """-r/--house-rule ID[=MODE], repeatable, collected in args.house_rules."""
    parser.add_argument(
        "--house-rule", "-r", action="append", default=[], dest="house_rules", metavar="ID[=MODE]", help=help_text
    )


def positive_seconds(text: str) -> float:
    """A --timeout: a finite number of seconds above zero (so that every wait has a deadline)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"a timeout is a finite number of seconds above 0, not {text!r}")
    return value


def deal_number_argument(text: str) -> int:
    """A --deal: a portable deal number, a whole number from 0 to 2^64-1 (spec/deal-numbers.yaml)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= value <= MASK64:
        raise argparse.ArgumentTypeError(f"a deal number is a whole number from 0 to 2^64-1, not {text}")
    return value


def seat_problem(rules: Rules, seat: int) -> str | None:
    """Why `seat` is not a seat at this variant's table (seats are numbered 0..n-1), or None."""
    if 0 <= seat < rules.players:
        return None
    return f"{seat} is not a seat of {rules.variant_id}: its seats are 0 to {rules.players - 1}"
