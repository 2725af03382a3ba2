"""How long the commands contributors and engine authors run most take, as whole processes.

    PYTHONPATH=. .venv/bin/python bench/suite_speed.py [--rounds 5] [--json PATH]

Three commands are started as a user starts them, one after the other in each round, over
several rounds, and the median wall time of each is printed with its ratio to the first:

* start-up: `python -c "import conformance.running.runner"`, the peer: what any command pays before it
  does anything, measured in the same rounds so a busy machine weighs on every figure alike;
* conform: `euchre-spec conform --engine reference` over the whole suite (the engine served
  over the protocol, as any engine is), goal under 3 s;
* validate: `euchre-spec validate`, every spec file and every way they compose.

The processor time of each (the command and the processes it starts) is printed beside it,
since on a shared machine it varies less than the wall time. The suite is also run in process
and over the protocol inside this process (`measure_suite`, also printed by bench/playouts.py),
the protocol's goal being at most twice the in-process time. Nothing here asserts a timing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from time import perf_counter

from conformance.engines.in_process import InProcessEngine
from conformance.engines.process import EngineProcess
from conformance.running.runner import run_suite
from conformance.suite.scenarios import suite
from ruleset.validation import validate_paths

SERVE = [sys.executable, "-m", "euchre_spec", "serve"]
ROOT = Path(__file__).resolve().parent.parent


@dataclass
class SuiteFigures:
    scenarios: int
    in_process_seconds: float
    protocol_seconds: float
    validation_seconds: float
    compositions_validated: int

    @property
    def protocol_cost(self) -> float:
        """Protocol run time divided by in-process run time."""
        return self.protocol_seconds / self.in_process_seconds


def measure_suite() -> SuiteFigures:
    """Run the whole suite both ways (the best of two runs each) and validate the whole spec once, in this process."""
    scenarios = suite()
    in_process = min(_timed(lambda: run_suite(InProcessEngine(), scenarios)) for _ in range(2))
    protocol = min(_timed(lambda: run_suite(EngineProcess(SERVE, timeout=60), scenarios)) for _ in range(2))
    started = perf_counter()
    report = validate_paths([])
    validation = perf_counter() - started
    return SuiteFigures(len(scenarios), in_process, protocol, validation, report.compositions)


def _timed(run: Callable[[], object]) -> float:
    started = perf_counter()
    run()
    return perf_counter() - started


def suite_lines(figures: SuiteFigures) -> list[str]:
    n = figures.scenarios
    return [
        f"conformance suite: {n} scenarios",
        f"  in process:        {figures.in_process_seconds:7.2f} s  ({n / figures.in_process_seconds:,.0f} scenarios/s)",
        f"  over the protocol: {figures.protocol_seconds:7.2f} s  ({n / figures.protocol_seconds:,.0f} scenarios/s)",
        f"  protocol / in-process: {figures.protocol_cost:.2f}x (goal: at most 2x)",
        f"validating every spec file and {figures.compositions_validated} compositions: {figures.validation_seconds:.2f} s",
    ]


@dataclass(frozen=True)
class Command:
    """One command as a user starts it, and the goal its median wall time is held to (None: the peer)."""

    label: str
    argv: tuple[str, ...]
    goal_seconds: float | None = None


def commands(report_folder: Path) -> list[Command]:
    python = sys.executable
    return [
        Command("start-up (import conformance.running.runner)", (python, "-c", "import conformance.running.runner")),
        Command(
            "conform --engine reference",
            (python, "-m", "euchre_spec", "conform", "--engine", "reference", "--quiet", "--report-to", str(report_folder)),
            3.0,
        ),
        Command("validate", (python, "-m", "euchre_spec", "validate"), None),
    ]


@dataclass
class Timing:
    """The runs of one command: wall and processor seconds of each round."""

    command: Command
    wall: list[float]
    cpu: list[float]


def time_process(argv: tuple[str, ...]) -> tuple[float, float]:
    """Wall and processor seconds of one run of `argv` (processor time of it and its children, where the OS tells)."""
    before = _children_cpu()
    started = perf_counter()
    completed = subprocess.run(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    wall = perf_counter() - started
    if completed.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} exited {completed.returncode}: {completed.stderr.decode(errors='replace')[-500:]}")
    return wall, _children_cpu() - before


def _children_cpu() -> float:
    if os.name != "posix":
        return 0.0
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure_processes(rounds: int) -> list[Timing]:
    """Every command once per round, in the same order, for `rounds` rounds (after one untimed warm-up round)."""
    with tempfile.TemporaryDirectory() as folder:
        chosen = commands(Path(folder))
        timings = [Timing(command, [], []) for command in chosen]
        for command in chosen:  # warm the file cache and the compiled bytecode
            time_process(command.argv)
        for _ in range(rounds):
            for timing in timings:
                wall, cpu = time_process(timing.command.argv)
                timing.wall.append(wall)
                timing.cpu.append(cpu)
    return timings


def process_lines(timings: list[Timing]) -> list[str]:
    peer = statistics.median(timings[0].wall)
    lines = [f"whole processes, median of {len(timings[0].wall)} rounds (wall s, processor s, wall / start-up):"]
    for timing in timings:
        wall, cpu = statistics.median(timing.wall), statistics.median(timing.cpu)
        goal = "" if timing.command.goal_seconds is None else f"  (goal: under {timing.command.goal_seconds:g} s)"
        lines.append(f"  {timing.command.label:38} {wall:6.2f} s  {cpu:6.2f} s cpu  {wall / peer:5.1f}x{goal}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds of the whole-process timings (default 5)")
    parser.add_argument("--no-in-process", action="store_true", help="skip the suite runs inside this process")
    parser.add_argument("--json", type=Path, help="also write every figure to this file")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    print(f"python {sys.version.split()[0]} on {sys.platform}, {os.cpu_count()} CPUs", flush=True)
    timings = measure_processes(args.rounds)
    print("\n".join(process_lines(timings)), flush=True)
    figures = None if args.no_in_process else measure_suite()
    if figures is not None:
        print("\n".join(suite_lines(figures)))
    if args.json:
        document = {
            "processes": [{"command": t.command.label, "wall": t.wall, "cpu": t.cpu} for t in timings],
            "suite": None if figures is None else {**asdict(figures), "protocol_cost": round(figures.protocol_cost, 3)},
        }
        args.json.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
