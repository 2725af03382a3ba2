"""The euchre-spec command line: validate spec files, show resolved rules, play hands and games.

Each subcommand is a thin layer over the library: errors from the library (SpecInvalid,
IllegalAction, DealError) become messages on stderr and a non-zero exit, never tracebacks:
1 for a broken rule or file, 2 for bad usage (an option out of range, an id nothing defines).
Three ways out are handled once here for every command: Ctrl-C (or a run's own signal
handling) exits 130 or 143 without a traceback; a reader that stops reading the output early
(`| head`) ends the command quietly with 141, as a shell reports SIGPIPE; a file the user
points at that cannot be read or written is an error naming it.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from documents.errors import split_pointer
from documents.paths import HOME_VARIABLE, check_home, data_home
from documents.yaml_loader import parse_document
from reference_impl import __version__
from reference_impl.cli_arguments import add_house_rule_option, deal_number_argument, seat_problem
from reference_impl.deal import Deal, DealError, deal_number
from reference_impl.deal_files import read_written_deal, source_name, written_deal
from reference_impl.engine import IllegalAction, apply, legal_actions, new_hand
from reference_impl.engine.game import EndlessGame, check_length, game_apply, game_legal_actions, new_game, numbered_deals
from reference_impl.engine.match import match_apply, match_legal_actions, new_match
from reference_impl.hand_log import game_summary, hand_log, match_summary, scenario_lines
from ruleset import SpecError, SpecInvalid, resolve_checked
from ruleset.catalog import load_catalog
from ruleset.compiled.loading import load_rules
from ruleset.compiled.rules import Action, Rules
from ruleset.validation import validate_paths

COMMAND_LINE = "<command line>"
"""The file name the rules loader gives errors in what was typed (an unknown id): usage errors."""

BROKEN_PIPE = 141
"""The exit status of a command whose output was closed early (128 + SIGPIPE, as a shell reports it)."""

SERVE = "serve"
"""The command an engine process runs: a conformance run or a fuzzer waits for its handshake, so when it is the first
argument only its own parser is built, and the modules of the other commands are not imported (a third of its start)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; every way out is an exit code and a message, never a traceback (see the module)."""
    try:
        code = _main(argv)
        sys.stdout.flush()  # a closed pipe shows here, inside the handler, not at interpreter exit
        return code
    except KeyboardInterrupt as exc:
        print(str(exc) or "interrupted", file=sys.stderr)
        return int(getattr(exc, "exit_code", 130))
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # nothing left to flush into the closed pipe at exit
        return BROKEN_PIPE
    except OSError as exc:
        reason = exc.strerror or str(exc)
        print(f"error: {exc.filename}: {reason}" if exc.filename else f"error: {reason}", file=sys.stderr)
        return 1


def _main(argv: Sequence[str] | None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    args, unknown = _parser(only=SERVE).parse_known_args(arguments) if arguments[:1] == [SERVE] else (None, None)
    if args is None or unknown:  # any other command, or a mistake the whole parser words as ever
        args = _parser().parse_args(arguments)
    if args.data is not None:
        problem = check_home(args.data)
        if problem:
            print(f"error: --data: {problem}", file=sys.stderr)
            return 2
        os.environ[HOME_VARIABLE] = str(args.data.resolve())  # children (a served engine) read the same data
        data_home.cache_clear()
    try:
        result: int = args.run(args)
        return result
    except SpecInvalid as exc:
        for error in exc.errors:
            print(error, file=sys.stderr)
        return 2 if all(error.file == COMMAND_LINE for error in exc.errors) else 1
    except (IllegalAction, DealError, EndlessGame) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


def _parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every command, or only `serve` when that is the one asked for (see SERVE)."""
    parser = argparse.ArgumentParser(prog="euchre-spec", description="Euchre rules as data, and an engine that runs them.")
    parser.add_argument("--version", action="version", version=_version_text())
    parser.add_argument(
        "--data",
        type=Path,
        metavar="DIR",
        help=f"read the spec, schemas and scenarios from DIR, a folder laid out like a checkout (also ${HOME_VARIABLE})",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    if only == SERVE:
        from conformance.commands.serve import add_command as add_serve_command

        add_serve_command(commands)
        return parser

    validate = commands.add_parser("validate", help="check spec and scenario files (default: the whole built-in spec)")
    validate.add_argument(
        "paths",
        nargs="*",
        type=Path,
        help="variant, house-rule or scenario files, or folders of them (scenarios are played"
        " on the reference engine, with the spec files named beside them)",
    )
    validate.set_defaults(run=_validate)

    show = commands.add_parser("show", help="print the resolved rules of a variant with house rules")
    _add_variant_arguments(show)
    show.add_argument("--format", choices=("yaml", "json"), default="yaml")
    show.set_defaults(run=_show)

    play = commands.add_parser("play", help="play a deal (random legal actions, or a script) and print the hand log")
    _add_variant_arguments(play)
    dealt = play.add_mutually_exclusive_group(required=True)
    dealt.add_argument("--deal", type=deal_number_argument, help="portable deal number (for a game: of the first hand)")
    dealt.add_argument(
        "--hands",
        metavar="FILE|DEAL",
        help="a deal written out, as a scenario writes one (hands, up_card, optionally kitty and dealer): a YAML or JSON"
        " file, or the same inline ('{hands: [[9C, ...], ...], up_card: JH}'); in a game, the later hands are deals #1, #2...",
    )
    play.add_argument("--dealer", type=int, default=0, help="the (first) dealer's seat")
    play.add_argument("--seed", type=int, default=0, help="seed for the random choice of legal actions")
    play.add_argument("--script", type=Path, help="a YAML list (or one per line) of action ids to play first")
    play.add_argument(
        "--game", action="store_true", help="play a whole game (to its target or fixed number of hands), not one hand"
    )
    play.add_argument("--match", action="store_true", help="play a whole match, for a variant played as a match of games")
    play.set_defaults(run=_play)

    variants = commands.add_parser("variants", help="list the base variants and house rules")
    variants.add_argument("--table", action="store_true", help="compare every variant's rules side by side")
    variants.set_defaults(run=_variants)

    schemas = commands.add_parser("schemas", help="the JSON Schemas, for validating files with other tools")
    schema_actions = schemas.add_subparsers(dest="schemas_command", required=True)
    export = schema_actions.add_parser("export", help="write every schema as one self-contained file, for any validator")
    export.add_argument("folder", type=Path, metavar="DIR", help="the folder to write into (made if missing)")
    export.set_defaults(run=_export_schemas)

    from conformance.cli import add_commands  # the suite's commands share this entry point

    add_commands(commands)
    from egn.commands import add_commands as add_egn_commands  # audit and export-egn (recorded games)

    add_egn_commands(commands)
    from rosetta.commands import add_commands as add_rules_commands  # other platforms' settings, read as our rules

    add_rules_commands(commands)
    return parser


def _version_text() -> str:
    from conformance import SUITE_VERSION

    return f"euchre-spec {__version__} (conformance suite {SUITE_VERSION}, harness protocol 1)"


def _add_variant_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", help="a base variant id, such as north-american")
    add_house_rule_option(parser)
    parser.add_argument(
        "--spec",
        action="append",
        default=[],
        type=Path,
        metavar="PATH",
        help="extra spec files (your own variants or house rules)",
    )


def _validate(args: argparse.Namespace) -> int:
    """Spec files are checked alone and in every composition; scenario files as `conform --scenario` checks them, their
    rules resolved with the spec files named beside them. Nothing named: the whole built-in spec."""
    from conformance.running.scenario_files import check_scenario_files, is_scenario_file
    from ruleset.catalog import spec_files

    spec: list[Path] = []
    scenarios: list[Path] = []
    for path in args.paths:
        files = spec_files([path]) if path.is_dir() else [path]
        if not files:
            spec.append(path)  # a folder with no YAML file: the spec's check says so
        for file in files:
            (scenarios if file.is_file() and is_scenario_file(file) else spec).append(file)
    if spec or not scenarios:
        report = validate_paths(spec)
        for error in report.errors:
            print(error, file=sys.stderr)
        print(report.summary())
        if report.errors:
            if scenarios:
                print(f"{len(scenarios)} scenario file(s) not checked: the spec files they are played with have errors")
            return 1
    if scenarios:
        checked = check_scenario_files(scenarios, tuple(path.resolve() for path in spec))
        for error in checked.errors:
            print(error, file=sys.stderr)
        print(checked.summary())
        return 1 if checked.errors else 0
    return 0


def _show(args: argparse.Namespace) -> int:
    rules = load_rules(args.variant, args.house_rules, args.spec)
    document = dict(rules.document)
    if args.format == "json":
        print(json.dumps(document, indent=2))
    else:
        print(yaml.safe_dump(document, sort_keys=False, allow_unicode=True), end="")
        for line in _house_rule_changes(args.variant, tuple(rules.house_rules), args.spec):
            print(line)
    return 0


def _house_rule_changes(variant: str, house_rules: tuple[str, ...], extra: list[Path]) -> list[str]:
    """YAML comments naming, for each house rule in turn, the rule values it changed, and what they were before."""
    if not house_rules:
        return []
    from conformance.measuring.rule_edits import differing_pointers

    catalog = load_catalog(extra)
    lines = ["# What each house rule changed (JSON pointers into the rules above):"]
    before = resolve_checked(catalog, variant, ()).data
    for count, rule in enumerate(house_rules, start=1):
        after = resolve_checked(catalog, variant, house_rules[:count]).data
        changed = differing_pointers(before, after)
        lines.append(f"# {rule}: {'nothing' if not changed else ''}".rstrip())
        for pointer in changed:
            lines.append(f"#   {pointer}: {_value_text(after, pointer)} (was {_value_text(before, pointer)})")
        before = after
    return lines


def _value_text(document: Any, pointer: str) -> str:
    """The value at `pointer` as one line of JSON, or `absent`."""
    node = document
    for token in split_pointer(pointer):
        if not isinstance(node, dict) or token not in node:
            return "absent"
        node = node[token]
    return json.dumps(node, default=str)


def _script(path: Path | None) -> list[str]:
    """The actions of a --script file: a YAML list of action ids, or one per line; SpecInvalid, located, if broken."""
    if path is None:
        return []
    name = str(path)
    if not path.is_file():
        raise SpecInvalid([SpecError(name, 0, "", "not a regular file" if path.exists() else "no such file")])
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise SpecInvalid([SpecError(name, 0, "", f"cannot read the file: not UTF-8 (byte {exc.start})")]) from None
    except OSError as exc:
        raise SpecInvalid([SpecError(name, 0, "", f"cannot read the file: {exc.strerror or exc}")]) from None
    if not text.strip():
        return []
    try:
        document = parse_document(text, name)
    except yaml.YAMLError as exc:  # the YAML reader refuses some characters before any line is parsed
        raise SpecInvalid([SpecError(name, 0, "", f"not valid YAML: {exc}")]) from None
    if not isinstance(document.data, list):
        return [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    wrong = [
        SpecError(name, document.line_of(f"/{index}"), f"/{index}", f"an action is an action id such as pass, not {item!r}")
        for index, item in enumerate(document.data)
        if not isinstance(item, str)
    ]
    if wrong:
        raise SpecInvalid(wrong)
    return list(document.data)


def _play(args: argparse.Namespace) -> int:
    rules = load_rules(args.variant, args.house_rules, args.spec)
    problem = seat_problem(rules, args.dealer)
    if problem:
        print(f"error: --dealer: {problem}", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    script = _script(args.script)
    title = rules.title + (" + " + ", ".join(rules.house_rules) if rules.house_rules else "")
    written = None if args.hands is None else written_deal(rules, read_written_deal(args.hands), args.dealer)
    if args.match:
        if rules.match is None:
            print(f"error: --match: {rules.variant_id} is played as a single game; use --game", file=sys.stderr)
            return 2
        return _play_match(args, rules, rng, script, title)
    if args.game:
        return _play_game(args, rules, rng, script, title, written)
    state = new_hand(rules, written or deal_number(rules, args.deal, args.dealer))
    initial = state
    for text in script:
        state = apply(state, text)
    while not state.is_over:
        state = apply(state, _random_action(rng, legal_actions(state)))
    print(f"{title}: {_deal_name(args, 0)}")
    print("\n".join(hand_log(initial, state)))
    print("As a scenario writes it (card codes, seats from 0), to copy into a scenario file:")
    print("\n".join(scenario_lines(initial, state)))
    return 0


def _deal_name(args: argparse.Namespace, hand_number: int) -> str:
    """How the log names the deal of a hand: its number, or the written-out deal it came from."""
    if args.hands is None:
        return f"deal #{args.deal + hand_number}"
    return f"deal #{hand_number}" if hand_number else f"the deal written out in {source_name(args.hands)}"


def _random_action(rng: random.Random, legal: tuple[Action, ...]) -> Action:
    """A legal action at random; in an auction, pass or bid at even odds, a bid being one of the lowest open.

    Bids chosen evenly from the whole ladder would mostly be high ones that random play cannot make,
    and a contract game's scores would fall for ever instead of reaching the target.
    """
    bids = [action for action in legal if action.kind == "bid"]
    if not bids:
        return rng.choice(legal)
    others = [action for action in legal if action.kind != "bid"]
    if others and rng.random() < 0.5:
        return rng.choice(others)
    lowest = bids[0].text.split(":")[1]  # bids are listed lowest first; one level differs only in its trump
    return rng.choice([action for action in bids if action.text.split(":")[1] == lowest])


def _play_game(
    args: argparse.Namespace, rules: Rules, rng: random.Random, script: list[str], title: str, written: Deal | None = None
) -> int:
    numbered = numbered_deals(rules, args.deal or 0)
    game = new_game(rules, lambda number, dealer: written if written and not number else numbered(number, dealer), args.dealer)
    length = f"to {rules.target}" if rules.game_hands is None else f"of {rules.game_hands} hands"
    print(f"{title}: a game from {_deal_name(args, 0)}, {length}")
    pending = list(script)
    while not game.is_over:
        start, number = game.hand, game.hand_number
        check_length(number)
        while game.hand_number == number and not game.is_over:
            game = game_apply(game, pending.pop(0) if pending else _random_action(rng, game_legal_actions(game)))
        finished = game.last_finished_hand
        assert finished is not None
        print(f"\nHand {number + 1} ({_deal_name(args, number)})")
        print("\n".join(hand_log(start, finished)))
        print("\n".join(game_summary(game)))
    return 0


def _play_match(args: argparse.Namespace, rules: Rules, rng: random.Random, script: list[str], title: str) -> int:
    """A whole match from deal #N on (hand k of the match is deal N + k): each hand's log, each game's result."""
    assert rules.match is not None
    match = new_match(rules, numbered_deals(rules, args.deal), args.dealer)
    print(f"{title}: a match from deal #{args.deal}, games to {rules.target}, {rules.match.games_to_win} games to win")
    pending = list(script)
    while not match.is_over:
        games, number, start = len(match.games), match.game.hand_number, match.game.hand
        hand_in_match = match.first_hand + number
        check_length(hand_in_match)
        print(f"\nGame {games + 1}, hand {number + 1} (deal #{args.deal + hand_in_match})")
        while len(match.games) == games and match.game.hand_number == number:
            match = match_apply(match, pending.pop(0) if pending else rng.choice(match_legal_actions(match)))
        game = match.last_finished_game if len(match.games) > games else match.game
        assert game is not None and game.last_finished_hand is not None
        print("\n".join(hand_log(start, game.last_finished_hand)))
        print("\n".join(game_summary(game)))
        if len(match.games) > games:
            print("\n".join(match_summary(match)))
    return 0


def _export_schemas(args: argparse.Namespace) -> int:
    from documents.bundles import export_bundles

    try:
        written = export_bundles(args.folder)
    except OSError as exc:
        print(f"error: cannot write the schemas into {args.folder}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    for item in written:
        carried = f" (with {', '.join(item.embedded)})" if item.embedded else ""
        print(f"{item.path}{carried}")
    print(f"wrote {len(written)} self-contained schemas to {args.folder}")
    return 0


def _variants(args: argparse.Namespace) -> int:
    from ruleset import builtin_catalog

    if args.table:
        from ruleset.comparison import comparison_rows, render_table

        print(render_table(comparison_rows()))
        return 0
    catalog = builtin_catalog()
    print("Base variants:")
    for ident, document in sorted(catalog.variants.items()):
        print(f"  {ident:<20} {document.data['title']}")
    print("House rules:")
    for ident, document in sorted(catalog.house_rules.items()):
        modes = document.data.get("modes")
        suffix = f"  (modes: {', '.join(modes)}; default {document.data['default_mode']})" if modes else ""
        print(f"  {ident:<20} {document.data['title']}{suffix}")
    return 0
