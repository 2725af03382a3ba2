"""The `rules` command: another platform's settings read as our rules, and our rules written as its settings.

`euchre-spec rules from-ID SETTINGS` prints the variant and house rules a platform's settings
mean, setting by setting; `rules to-ID VARIANT -r ...` prints the settings that mean those rules;
`rules platforms` lists the platforms. One pair of subcommands per table in rosetta/platforms/.
Exit codes: 0 everything said; 1 a setting (or house rule) with no counterpart, refused by name;
2 settings that cannot be read (not the platform's syntax), or an unknown variant or house rule.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from documents.reading import read_text
from reference_impl.cli_arguments import add_house_rule_option

from .reading import MAPPED, REFUSED, VARIANT, Translation, read_settings
from .syntax import SettingsUnreadable, parse
from .tables import headings, platform, platforms
from .writing import write_settings

REFUSED_EXIT, UNREADABLE = 1, 2


def add_commands(commands: Any) -> None:
    """Add `rules` and its subcommands to the CLI's subparsers."""
    rules = commands.add_parser(
        "rules",
        help="other platforms' settings (EGN, OpenSpiel, Trickster Cards, ...) read as our rules, and back",
        description="Read another platform's settings as our variant and house rules (from-ID), or write our rules as its "
        "settings (to-ID). Exit 0: everything said; 1: a setting or house rule with no counterpart, named; "
        "2: settings that cannot be read, or an unknown variant or house rule.",
    )
    actions = rules.add_subparsers(dest="rules_command", required=True)
    listing = actions.add_parser("platforms", help="the platforms with a table, and their settings")
    listing.add_argument("--json", action="store_true", help="print the list as JSON")
    listing.set_defaults(run=_list)
    for table in headings():
        title, example = _help_text(table.title), _help_text(table.example)
        reader = actions.add_parser(
            f"from-{table.id}",
            help=f"{title}'s settings read as our variant and house rules",
            description=f"{_help_text(' '.join(table.summary.split()))} Example: {example}",
        )
        reader.add_argument("settings", nargs="?", help=f"the settings, as {title} writes them (e.g. {example!r})")
        reader.add_argument("--file", type=Path, help="read the settings from this file instead")
        reader.add_argument("--json", action="store_true", help="print the reading as JSON")
        reader.set_defaults(run=_from, platform_id=table.id)
        writer = actions.add_parser(f"to-{table.id}", help=f"our variant and house rules written as {title}'s settings")
        writer.add_argument("variant", help="a base variant id, such as north-american")
        add_house_rule_option(writer)
        writer.add_argument("--json", action="store_true", help="print the settings as JSON")
        writer.set_defaults(run=_to, platform_id=table.id)


def _help_text(text: str) -> str:
    """Text for argparse's help, which reads % as a format."""
    return text.replace("%", "%%")


def _list(args: argparse.Namespace) -> int:
    tables = platforms()
    if args.json:
        shown = [{"id": t.id, "title": t.title, "syntax": t.syntax, "settings": [s.key for s in t.settings]} for t in tables]
        print(json.dumps(shown, indent=2))
        return 0
    for table in tables:
        print(f"{table.id}: {table.title} (rules from-{table.id}, rules to-{table.id})")
        print(f"  settings: {', '.join(setting.key for setting in table.settings)}")
    return 0


def _from(args: argparse.Namespace) -> int:
    table = platform(args.platform_id)
    if (args.settings is None) == (args.file is None):
        print(f"error: give the settings, or --file with them (e.g. {table.example!r})", file=sys.stderr)
        return UNREADABLE
    text = args.settings if args.file is None else read_text(args.file, str(args.file))
    try:
        translation = read_settings(table, parse(table, text))
    except SettingsUnreadable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return UNREADABLE
    if args.json:
        print(json.dumps(translation.as_dict(), indent=2))
    else:
        print(_text(translation), end="")
    for refusal in translation.refusals:
        print(f"error: {refusal}", file=sys.stderr)
    return 0 if translation.ok else REFUSED_EXIT


def _text(translation: Translation) -> str:
    lines = [f"{translation.platform.title} settings, read as our rules:"]
    lines += [f"  {line.text()}" for line in translation.lines if line.given or line.status in (MAPPED, VARIANT, REFUSED)]
    if translation.platform.always:
        lines.append(f"  (always played, with no setting: {', '.join(translation.platform.always)})")
    if translation.ok:
        lines.append(f"Rules: {translation.command_words()}")
    else:
        lines.append(f"Rules: none ({len(translation.refusals)} setting(s) refused, below)")
    return "\n".join(lines) + "\n"


def _to(args: argparse.Namespace) -> int:
    table = platform(args.platform_id)
    written = write_settings(table, args.variant, args.house_rules)
    if args.json:
        print(json.dumps(written.as_dict(), indent=2))
    elif written.ok:
        print(written.text())
    for refusal in written.refusals:
        print(f"error: {refusal}", file=sys.stderr)
    return 0 if written.ok else REFUSED_EXIT
