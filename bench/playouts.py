"""How many random hands per second the reference engine plays, next to OpenSpiel's Euchre.

Run from the repository root:

    PYTHONPATH=. .venv/bin/python bench/playouts.py [--rounds 5] [--seconds 1] [--only north-american] [--json PATH]

Two things are measured for every variant, each for a fixed wall time after a short warm-up,
in several rounds that alternate the reference engine and OpenSpiel (medians are printed):

* playout: hand i is deal number i dealt by seat i % players, then random legal actions drawn
  from random.Random(seed) until the hand is over. This is what a Monte Carlo search or a
  fuzzing test does, so it is the figure that matters most for users of the engine.
* replay: the action lists of N random hands are recorded first, then replayed. This isolates
  the cost of the state machine itself (no random choice, no deal shuffle), which is what a
  conformance run or a log checker pays.

Both play the reference engine in place, every action checked, as OpenSpiel's `apply_action`
plays its states: a playout by `play_out(state, choice)` and a replay by `replay(state, actions)`,
which run a hand's cards in one loop (compiled by the package build where it could: the machine
line says which), and, on the row "reference, one do", by one `HandState.do` per action. The
pure `apply` adds a copy of the state to each action.

When `pyspiel` can be imported, OpenSpiel's "euchre" game is measured the same way in the same
run, and the reference figure is divided by OpenSpiel's. OpenSpiel plays North American rules
without lone defence; its default is stick-the-dealer, so north-american+stick-the-dealer is
compared with `euchre` and plain north-american with `euchre(stick_the_dealer=false)`. The
other variants have no OpenSpiel counterpart and are shown on their own.

It then times the conformance suite in process and over the protocol, and the validation of
every spec file (bench/suite_speed.py).

The figures are for reading, not for asserting: timings depend on the machine and its load,
so nothing here fails on a slow run.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import json
import os
import platform
import random
import statistics
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path
from time import perf_counter
from typing import Any

from bench.suite_speed import measure_suite, suite_lines
from reference_impl.deal import Deal, deal_number
from reference_impl.engine import HandState, fast, new_hand, play_out, replay
from ruleset.compiled.loading import load_rules
from ruleset.compiled.rules import Action, Rules

HandRunner = Callable[[int], Any]
"""Plays hand number i from start to finish; made fresh for each timing so its RNG restarts."""


@dataclass(frozen=True)
class Case:
    """One row group of the table: a variant of the reference engine and its OpenSpiel match, if any."""

    label: str
    variant: str
    house_rules: tuple[str, ...]
    openspiel_game: str | None


CASES = (
    Case("north-american", "north-american", (), "euchre(stick_the_dealer=false)"),
    Case("north-american+stick-the-dealer", "north-american", ("stick-the-dealer",), "euchre"),
    *(
        Case(variant, variant, (), None)
        for variant in (
            "north-american-32",
            "british",
            "cutthroat",
            "three-handed-dummy",
            "two-handed",
            "six-handed-cornish",
            "six-handed-cornish-double",
            "almonte-six",
            "almonte-four",
            "bid-euchre",
            "pepper",
            "bid-euchre-double",
            "six-hand-bid-euchre",
            "buck-euchre",
            "railroad",
        )
    ),
)
"""Every base variant; OpenSpiel's Euchre beside the two North American cases it plays."""


@dataclass
class Figure:
    """One measurement: how many hands one engine finished in the timed window."""

    variant: str
    mode: str
    engine: str
    hands: int
    seconds: float
    hands_per_second: float
    """The median over the rounds; `hands` and `seconds` are totals over all of them."""
    ratio: float | None = None
    """The median over the rounds of reference hands/s divided by OpenSpiel's, on the reference row."""


# --- Timing -----------------------------------------------------------------------------------


def run_for(run_hand: HandRunner, seconds: float) -> tuple[int, float]:
    """Play hands 0, 1, 2, ... until `seconds` of wall time have passed; return (hands, elapsed).

    The clock is read once per hand, which costs well under a microsecond against hands that
    take from a few microseconds (OpenSpiel replay) to about a hundred (reference playout), and
    a hand is never cut short, so every hand counted was played to the end.
    """
    start = perf_counter()
    deadline = start + seconds
    hands = 0
    while True:
        run_hand(hands)
        hands += 1
        now = perf_counter()
        if now >= deadline:
            return hands, now - start


def measure(make_runner: Callable[[], HandRunner], seconds: float, warmup: float) -> tuple[int, float]:
    """Warm up (caches, branch predictors, lazily built tables), then time a fresh runner.

    The timed runner starts again from hand 0 with a fresh RNG, so a run is repeatable hand for
    hand whatever the warm-up length.
    """
    if warmup > 0:
        run_for(make_runner(), warmup)
    return run_for(make_runner(), seconds)


# --- The reference engine ---------------------------------------------------------------------


def reference_playout(rules: Rules, seed: int) -> Callable[[int], HandState]:
    """Hand i: deal number i, dealer i % players, random legal actions until the hand is over (`play_out`)."""
    choice = random.Random(seed).choice
    players = rules.players

    def run(i: int) -> HandState:
        state = new_hand(rules, deal_number(rules, i, i % players))
        play_out(state, choice)
        return state

    return run


def reference_playout_by_do(rules: Rules, seed: int) -> Callable[[int], HandState]:
    """The same hands as `reference_playout`, one `do` per action: the same random numbers pick the same actions."""
    choice = random.Random(seed).choice
    players = rules.players

    def run(i: int) -> HandState:
        state = new_hand(rules, deal_number(rules, i, i % players))
        while not state.is_over:
            state.do(choice(state.legal_actions()))
        return state

    return run


def reference_record(rules: Rules, seed: int, count: int) -> list[tuple[Deal, tuple[Action, ...]]]:
    """The deals and action lists of `count` random playouts, as the replay benchmark's input."""
    run = reference_playout(rules, seed)
    recorded = []
    for i in range(count):
        final = run(i)
        recorded.append((final.deal, tuple(action for _seat, action in final.history)))
    return recorded


def reference_replay(rules: Rules, recorded: list[tuple[Deal, tuple[Action, ...]]]) -> HandRunner:
    """Replay recorded hand i % N: new_hand on its deal, then `replay` of the recorded Actions (checked, in place).

    The Deal is recorded along with the actions, just as OpenSpiel's recorded history holds its
    chance outcomes, so neither engine's replay pays for a shuffle.
    """

    def run(i: int) -> Any:
        deal, actions = recorded[i % len(recorded)]
        state = new_hand(rules, deal)
        replay(state, actions)
        return state

    return run


def reference_replay_by_do(rules: Rules, recorded: list[tuple[Deal, tuple[Action, ...]]]) -> HandRunner:
    """The same replay as `reference_replay`, one `do` per recorded Action."""

    def run(i: int) -> Any:
        deal, actions = recorded[i % len(recorded)]
        state = new_hand(rules, deal)
        for action in actions:
            state.do(action)
        return state

    return run


# --- OpenSpiel --------------------------------------------------------------------------------


def load_pyspiel() -> Any | None:
    """The pyspiel module, or None when OpenSpiel is not installed (the comparison is optional)."""
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        return None


def openspiel_playout(game: Any, seed: int) -> HandRunner:
    """A random OpenSpiel hand: random chance outcomes and random legal actions until terminal.

    Euchre's chance nodes (choosing the dealer, dealing each card) are uniform, so a plain
    random choice among the outcomes samples them correctly without weighting by probability.
    """
    choice = random.Random(seed).choice

    def run(_i: int) -> Any:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
        return state

    return run


def openspiel_record(game: Any, seed: int, count: int) -> list[list[int]]:
    """The full histories (chance outcomes included) of `count` random OpenSpiel hands."""
    run = openspiel_playout(game, seed)
    return [run(i).history() for i in range(count)]


def openspiel_replay(game: Any, recorded: list[list[int]]) -> HandRunner:
    """Replay recorded hand i % N: new_initial_state, then apply_action of each recorded int."""

    def run(i: int) -> Any:
        state = game.new_initial_state()
        for action in recorded[i % len(recorded)]:
            state.apply_action(action)
        return state

    return run


# --- The run ----------------------------------------------------------------------------------


def machine() -> dict[str, Any]:
    """What the figures were measured on; they mean little without it."""
    info: dict[str, Any] = {
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": platform.processor() or None,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "cpu_count": os.cpu_count(),
        "engine_runs": "compiled" if fast.COMPILED else "Python",
    }
    try:
        info["open_spiel"] = importlib.metadata.version("open_spiel")
    except importlib.metadata.PackageNotFoundError:
        info["open_spiel"] = None
    return info


def benchmark(args: argparse.Namespace, pyspiel: Any | None) -> list[Figure]:
    """Every case and mode, the reference engine and OpenSpiel interleaved round by round.

    Others may share the machine, so one long measurement of each engine after the other would
    credit whichever ran in a quiet moment. Alternating short measurements, and taking medians
    over the rounds, puts both engines under the same load; the ratio printed is the median of
    the per-round ratios.
    """
    figures: list[Figure] = []
    for case in CASES:
        if args.only and case.label not in args.only:
            continue
        rules = load_rules(case.variant, house_rules=case.house_rules)
        game = pyspiel.load_game(case.openspiel_game) if pyspiel is not None and case.openspiel_game else None
        recorded = reference_record(rules, args.seed, args.replay_hands)
        runners: dict[str, list[tuple[str, Callable[[], HandRunner]]]] = {
            "playout": [
                ("reference", partial(reference_playout, rules, args.seed)),
                ("reference, one do", partial(reference_playout_by_do, rules, args.seed)),
            ],
            "replay": [
                ("reference", partial(reference_replay, rules, recorded)),
                ("reference, one do", partial(reference_replay_by_do, rules, recorded)),
            ],
        }
        if game is not None:
            engine = f"OpenSpiel {case.openspiel_game}"
            runners["playout"].append((engine, partial(openspiel_playout, game, args.seed)))
            histories = openspiel_record(game, args.seed, args.replay_hands)
            runners["replay"].append((engine, partial(openspiel_replay, game, histories)))
        for mode, engines in runners.items():
            print(f"  {case.label:<32} {mode:<8} {args.rounds} round(s) ...", file=sys.stderr, flush=True)
            rounds: dict[str, list[tuple[int, float]]] = {name: [] for name, _ in engines}
            for round_number in range(args.rounds):
                # Alternate who goes first, so neither engine always follows the other's warm caches.
                order = engines if round_number % 2 == 0 else engines[::-1]
                for name, make_runner in order:
                    rounds[name].append(measure(make_runner, args.seconds, args.warmup))
            figures.extend(_medians(case.label, mode, rounds))
    return figures


def _medians(label: str, mode: str, rounds: dict[str, list[tuple[int, float]]]) -> list[Figure]:
    """One figure per engine: the median round's rate, and on the reference row the median ratio."""
    rates = {name: [hands / elapsed for hands, elapsed in measured] for name, measured in rounds.items()}
    figures = []
    for name, measured in rounds.items():
        hands = sum(count for count, _ in measured)
        seconds = sum(elapsed for _, elapsed in measured)
        figures.append(Figure(label, mode, name, hands, round(seconds, 4), round(statistics.median(rates[name]), 1)))
    *ours, peer = list(rounds)
    if peer.startswith("OpenSpiel"):  # each reference row against OpenSpiel, round by round
        for figure, name in zip(figures, ours, strict=False):
            ratios = [mine / theirs for mine, theirs in zip(rates[name], rates[peer], strict=True)]
            figure.ratio = round(statistics.median(ratios), 3)
    return figures


def table(figures: list[Figure]) -> str:
    """The figures as a fixed-width table; the ratio sits on the reference row it describes."""
    header = ("variant", "mode", "engine", "hands", "median hands/s", "ref/OpenSpiel")
    rows = [header]
    for f in figures:
        ratio = f"{f.ratio:.3f}" if f.ratio is not None else ""
        rows.append((f.variant, f.mode, f.engine, str(f.hands), f"{f.hands_per_second:,.0f}", ratio))
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    numeric = {3, 4, 5}
    lines = []
    for n, row in enumerate(rows):
        cells = [cell.rjust(widths[i]) if i in numeric else cell.ljust(widths[i]) for i, cell in enumerate(row)]
        lines.append("  ".join(cells).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=1.0, help="timed seconds per engine, mode and round (default 1)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds; medians are printed (default 5)")
    parser.add_argument("--only", action="append", metavar="LABEL", help="measure only this case (repeatable)")
    parser.add_argument("--no-suite", action="store_true", help="skip timing the conformance suite and validation")
    parser.add_argument("--warmup", type=float, default=0.5, help="untimed warm-up before each measurement (default 0.5 s)")
    parser.add_argument("--replay-hands", type=int, default=1000, help="hands recorded for the replay benchmark (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of random.Random for the random actions (default 0)")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write machine, settings and figures to this JSON file")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.warmup < 0 or args.replay_hands < 1 or args.rounds < 1:
        parser.error("--seconds must be positive, --warmup not negative, --replay-hands and --rounds at least 1")
    labels = {case.label for case in CASES}
    if args.only and not set(args.only) <= labels:
        parser.error(f"--only takes one of: {', '.join(sorted(labels))}")

    pyspiel = load_pyspiel()
    info = machine()
    print("machine: " + ", ".join(f"{key}={value}" for key, value in info.items()))
    print(
        f"settings: {args.rounds} interleaved round(s) of {args.seconds} s per measurement after {args.warmup} s warm-up, "
        f"seed {args.seed}, "
        f"{args.replay_hands} recorded hands for replay"
    )
    if pyspiel is None:
        print("pyspiel is not importable: OpenSpiel is not measured (pip install 'euchre-spec[openspiel]')")
    print(flush=True)

    figures = benchmark(args, pyspiel)
    print(table(figures))
    if pyspiel is not None:
        print("\nref/OpenSpiel above 1 means the reference engine plays more hands per second than OpenSpiel.")
    suite_figures = None if args.no_suite else measure_suite()
    if suite_figures is not None:
        print()
        print("\n".join(suite_lines(suite_figures)))
    if args.json:
        settings = {
            "seconds": args.seconds,
            "warmup": args.warmup,
            "rounds": args.rounds,
            "replay_hands": args.replay_hands,
            "seed": args.seed,
        }
        document: dict[str, Any] = {"machine": info, "settings": settings, "figures": [asdict(f) for f in figures]}
        if suite_figures is not None:
            document["suite"] = {**asdict(suite_figures), "protocol_cost": round(suite_figures.protocol_cost, 3)}
        args.json.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
