"""The `euchre-spec fuzz` and `euchre-spec fuzz-merge` commands.

Merging is a command of its own, `fuzz-merge`, rather than a `fuzz merge` subcommand: `fuzz`
takes its options directly (`--engine` is required), and a parser that is both a command with
required options and a group of subcommands would either ask for engines when merging files or
lose the check that two engines are given. A sibling command keeps `fuzz` as it is.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from conformance.engines.process import EngineFailure
from conformance.fuzzing.campaign import MAX_HANDS, WHOLE, Campaign, MergeError, ShardFormError, Summary, merge, parse_shard
from conformance.fuzzing.campaign_rules import NoCommonRules, campaign_rules
from conformance.fuzzing.play import Setup, ShardRun, run_shard
from conformance.fuzzing.steppers import IN_PROCESS, EngineRefused, handshake
from conformance.fuzzing.summary import read_summary, summary_document, write_summary
from conformance.fuzzing.witnesses import scenario_path, write_scenarios
from reference_impl.cli_arguments import positive_seconds
from ruleset import SpecInvalid

FUZZ_HELP = """\
Plays the same random hands on two engines and writes every disagreement as a scenario.

A campaign is fixed by the engines, the variant, the house rules, --seed and --hands; hand i
depends on (seed, i) alone. Three ways to run one:
  on this machine     --jobs N cores (the default: all of them): a fuzz process per core, or
                      per two cores where the engines run as processes of their own
  in shards           --shard I/N plays slice I of N (numbered from 1): hands (I-1)*H//N up to
                      I*H//N, so the N shards play every hand once; merge their summary.json
                      files with `euchre-spec fuzz-merge`
  on a Dask cluster   --cluster tcp://HOST:8786 (a running scheduler) or --cluster local:N
                      (N worker processes here); needs pip install -e '.[distributed]'
Each way gives the same summary.json: per class its count and smallest witness (the fewest
steps before the engines part, then the lowest hand number). Exit 1 if any disagreement.
"""

MERGE_HELP = """\
Merges the summary.json files of the N shards of one campaign into the summary one run of the
whole campaign gives: counts summed, the smallest witness of each class kept, and its scenario
rebuilt under --out. Refused (exit 2): summaries of different campaigns, overlapping shards,
an incomplete set (the missing shards are named), a shard whose hands or witnesses are not those
of its slice of the campaign, a file that is not a summary or is past the limits every file is
read within (1 MiB, 64 levels, 50,000 values). Exit 1 if the merged campaign has a disagreement,
else 0.
"""


def add_commands(commands: Any) -> None:
    """Register `fuzz` and `fuzz-merge` on the main parser's subparsers."""
    parser = commands.add_parser(
        "fuzz",
        help="differential fuzzing of two engines on random hands",
        description=FUZZ_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--engine", action="append", required=True, help="'reference', 'openspiel' or a command line (twice)")
    parser.add_argument("--hands", type=int, default=1000, help="how many hands in the campaign (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals and of the random play (default 0)")
    parser.add_argument("--variant", help="the variant (default: north-american if both play it)")
    parser.add_argument("--house-rule", "-r", action="append", default=[], dest="house_rules", help="a house rule (repeatable)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--shard", type=_shard_argument, help="play only shard I of N of the campaign, I/N counted from 1")
    where.add_argument("--cluster", metavar="ADDRESS", help="run on Dask: a scheduler's tcp://HOST:PORT, or local:N workers")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="cores to use here (default: all; see above)")
    parser.add_argument("--out", type=Path, default=Path("build/fuzz"), help="folder for scenarios (default build/fuzz/)")
    parser.add_argument("--keep", type=int, default=20, help="scenarios per class besides its witness, 0: all (default 20)")
    parser.add_argument("--timeout", type=positive_seconds, default=10.0, help="seconds per reply of a protocol engine")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(run=_fuzz_command)

    merging = commands.add_parser(
        "fuzz-merge",
        help="merge the summaries of a fuzzing campaign's shards",
        description=MERGE_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    merging.add_argument("summaries", nargs="+", type=Path, metavar="SUMMARY", help="a shard's summary.json")
    merging.add_argument("--out", type=Path, default=Path("build/fuzz"), help="folder for the merge (default build/fuzz/)")
    merging.set_defaults(run=_merge_command)


def _shard_argument(text: str) -> Any:
    try:
        return parse_shard(text)
    except ShardFormError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def _display_name(spec: str, hello: dict[str, Any]) -> str:
    return spec if spec in IN_PROCESS else str(hello.get("name", spec))


def _fuzz_command(args: argparse.Namespace) -> int:
    if len(args.engine) != 2:
        print("error: give exactly two engines, --engine A --engine B", file=sys.stderr)
        return 2
    if not 0 <= args.hands <= MAX_HANDS:
        print(f"error: --hands: a campaign has 0 to {MAX_HANDS:,} hands, not {args.hands:,}", file=sys.stderr)
        return 2
    try:
        hellos = [handshake(spec, args.timeout) for spec in args.engine]
    except (EngineFailure, ValueError) as exc:
        print(f"error: an engine could not be started: {exc}", file=sys.stderr)
        return 2
    try:
        rules = campaign_rules(hellos, args.variant, args.house_rules)
    except NoCommonRules as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    variant, house_rules = rules.variant, rules.house_rules
    names = (_display_name(args.engine[0], hellos[0]), _display_name(args.engine[1], hellos[1]))
    setup = Setup((args.engine[0], args.engine[1]), variant, house_rules, args.seed, args.timeout, names)
    campaign = Campaign(setup.engines, names, variant, house_rules, args.seed, args.hands)
    shard = args.shard or WHOLE
    numbers = shard.hands(args.hands)
    rules_text = rules.describe()
    where = f"on the cluster {args.cluster}" if args.cluster else f"{args.jobs} jobs"
    played = f"hands {numbers.start} to {numbers.stop - 1}" if numbers else "no hands"
    part = f", shard {shard} ({played})" if shard != WHOLE else ""
    print(
        f"fuzzing {names[0]} against {names[1]} on {rules_text}: {args.hands} hands, seed {args.seed}{part}, {where}", flush=True
    )
    progress = not args.quiet and sys.stderr.isatty()
    if args.cluster:
        from conformance.fuzzing.cluster import ClusterUnavailable, run_on_cluster

        try:
            run = run_on_cluster(setup, campaign, args.cluster, args.keep, progress)
        except ClusterUnavailable as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    else:
        try:
            run = run_shard(setup, campaign, shard, args.keep, args.jobs, progress)
        except EngineRefused as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    written = write_scenarios(list(run.examples), setup, names, args.out, args.keep, run.summary.witnesses())
    return _report(run, written, args.out)


def _merge_command(args: argparse.Namespace) -> int:
    summaries: list[tuple[str, Summary]] = []
    seconds = 0.0
    try:
        for path in args.summaries:
            recorded = read_summary(path)
            summaries.append((str(path), recorded.summary))
            seconds += recorded.seconds or 0.0
    except SpecInvalid as exc:
        for error in exc.errors:
            print(error, file=sys.stderr)
        return 2
    try:
        merged = merge(summaries)
    except MergeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    campaign = merged.campaign
    setup = Setup(campaign.engines, campaign.variant, campaign.house_rules, campaign.seed, names=campaign.names)
    written = write_scenarios([], setup, campaign.names, args.out, 0, merged.witnesses())
    print(f"merged {len(summaries)} shards of {campaign.names[0]} against {campaign.names[1]}, seed {campaign.seed}")
    return _report(ShardRun(merged, seconds, ()), written, args.out, "of the shards' time")


def _report(run: ShardRun, written: dict[str, list[Path]], out: Path, time_of: str = "") -> int:
    """Write summary.json and print it (`time_of` says whose time it is); exit 1 if anything disagreed."""
    summary = run.summary
    witness_files = {entry.label: scenario_path(entry.witness, out) for entry in summary.classes}
    document = summary_document(summary, run.seconds, written, witness_files)
    write_summary(document, out / "summary.json")
    rate = document["hands_per_second"]
    with_one = summary.hands_with_disagreement
    took = f"{run.seconds:.1f} s" + (f" {time_of}" if time_of else "")
    print(f"{summary.hands} hands in {took} ({rate} hands/s); {with_one} with a disagreement")
    for entry in summary.classes:
        print(f"  {entry.count:>7}  {entry.label}\n           smallest: {witness_files[entry.label]}")
    print(f"Summary: {out / 'summary.json'}")
    return 1 if summary.classes else 0
