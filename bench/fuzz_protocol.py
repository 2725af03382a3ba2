"""How fast the fuzzer drives an engine over the harness protocol: by traced playouts, by playouts, in batches, one
message per line, by replaying.

The reference engine is fuzzed against itself six ways in one run, the ways interleaved over
several rounds so that a busy machine weighs on each alike, and the medians are printed:

* in process: both engines called directly (no protocol at all);
* traces: both served by `euchre-spec serve`, each hand dealt with a `playout` of the numbers
  its choices are drawn from, answered with its trace, 8 hands to a `batch` line, the hands
  both engines played out alike never asked for step by step (how an engine offering traces is
  driven);
* playouts: both served by `euchre-spec serve --no-traces`, the same playouts answered with an
  observation after each step (an engine offering playouts without traces);
* batches: both served by `euchre-spec serve --no-playouts`, each hand kept open in a session,
  each step of 64 hands sent to an engine as one `batch` line (an engine offering batches);
* sessions: both served by `euchre-spec serve --no-batches --no-playouts`, the same steps sent one
  `act` per line (an engine offering sessions without batches);
* run requests: both served by `euchre-spec serve --no-sessions`, each step replaying the hand.

    PYTHONPATH=. .venv/bin/python bench/fuzz_protocol.py [--hands 4000] [--rounds 3] [--jobs 2]

The goal for the fastest protocol way is at least 1,000 hands/s and at least half the in-process
rate. The script asserts nothing: it prints the figures and their ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
from pathlib import Path

from conformance.fuzzing.play import Setup, fuzz

SERVE = f"{sys.executable} -m euchre_spec serve"
WAYS = {
    "in process": ("reference", "reference"),
    "traces": (SERVE, SERVE),
    "playouts": (f"{SERVE} --no-traces", f"{SERVE} --no-traces"),
    "batches": (f"{SERVE} --no-playouts", f"{SERVE} --no-playouts"),
    "sessions": (f"{SERVE} --no-batches --no-playouts", f"{SERVE} --no-batches --no-playouts"),
    "run requests": (f"{SERVE} --no-sessions", f"{SERVE} --no-sessions"),
}
REPLAY_SHARE = 50
"""Run requests replay every hand from its start at each step: they get 1/50 of the hands."""


def rate(engines: tuple[str, str], hands: int, jobs: int) -> float:
    """Hands per second of one fuzz run of north-american, seed 1 (process start-up included)."""
    result = fuzz(Setup(engines, "north-american", (), seed=1), hands, jobs)
    if result.disagreements:
        raise SystemExit(f"the reference engine disagrees with itself: {result.disagreements[0].label}")
    return result.hands / result.seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=4000, help="hands per run, but run requests' (default 4000)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the six ways (default 3)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="fuzz processes (default: one per core)")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    figures: dict[str, list[float]] = {way: [] for way in WAYS}
    for _ in range(args.rounds):
        for way, engines in WAYS.items():
            hands = max(args.hands // REPLAY_SHARE, 20) if way == "run requests" else args.hands
            figures[way].append(rate(engines, hands, args.jobs))
    medians = {way: statistics.median(values) for way, values in figures.items()}
    print(f"{platform.platform()}, Python {platform.python_version()}, {os.cpu_count()} CPUs, {args.jobs} jobs")
    print("fuzz of the reference engine against itself, north-american, hands/s (median of rounds):")
    for way, value in medians.items():
        print(f"  {way:<13} {value:9,.0f}   rounds: {', '.join(f'{v:,.0f}' for v in figures[way])}")
    traces, playouts, batches, sessions = medians["traces"], medians["playouts"], medians["batches"], medians["sessions"]
    in_process = medians["in process"]
    print(f"  traces / playouts:       {traces / playouts:.2f}x")
    print(f"  playouts / batches:      {playouts / batches:.2f}x")
    print(f"  batches / sessions:      {batches / sessions:.2f}x")
    print(f"  batches / run requests:  {batches / medians['run requests']:,.1f}x")
    print(f"  sessions / in process:   {sessions / in_process:.2f}")
    print(f"  batches / in process:    {batches / in_process:.2f}")
    print(f"  playouts / in process:   {playouts / in_process:.2f}")
    print(f"  traces / in process:     {traces / in_process:.2f}  (goal: at least 0.5, and at least 1,000 hands/s)")
    if args.json:
        data = {"jobs": args.jobs, "hands": args.hands, "rounds": figures, "medians": medians}
        args.json.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
