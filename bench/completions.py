"""How fast a check over completions is played, in process and over the protocol with sessions and without.

The suite's lone-march scenario (na-completions-001: 50 completions of a lone hand from seed 7)
is run on the reference engine three ways, interleaved over several rounds so that a busy
machine weighs on each alike, and the medians are printed with their ratios:

* in process: the engine called directly (no protocol at all);
* sessions: `euchre-spec serve`, one session per completion, every completion stepped in one batch;
* run requests: `euchre-spec serve --no-sessions`, every step a run request replaying the script so far.

    PYTHONPATH=. .venv/bin/python bench/completions.py [--rounds 5]

The script asserts nothing: it prints the figures and their ratios.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from conformance.engines.in_process import Engine, InProcessEngine
from conformance.engines.process import EngineProcess
from conformance.running.runner import run_suite
from conformance.suite.scenarios import suite

SCENARIO = "na-completions-001"
SERVE = [sys.executable, "-m", "euchre_spec", "serve"]


def seconds(engine: Engine) -> float:
    """Seconds to run the scenario once (the engine already started, so start-up is not counted)."""
    [scenario] = [scenario for scenario in suite() if scenario.id == SCENARIO]
    started_engine = _Started(engine)
    started = time.perf_counter()
    result = run_suite(started_engine, [scenario])
    elapsed = time.perf_counter() - started
    assert result.outcomes[0].status == "pass", result.outcomes[0].message
    return elapsed


class _Started:
    """An engine whose handshake was already made, so that the timing leaves out the process start."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.hello = engine.start()

    def start(self) -> dict[str, object]:
        return self.hello

    def request(self, message: dict[str, object]) -> dict[str, object]:
        return self.engine.request(message)

    def exchange(self, messages: list[dict[str, object]]) -> list[dict[str, object]]:
        return self.engine.exchange(messages)

    def close(self) -> None:
        self.engine.close()


WAYS = {
    "in process": lambda: InProcessEngine(),
    "sessions": lambda: EngineProcess(SERVE, timeout=60),
    "run requests": lambda: EngineProcess([*SERVE, "--no-sessions"], timeout=60),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    times: dict[str, list[float]] = {way: [] for way in WAYS}
    for _ in range(args.rounds):
        for way, make in WAYS.items():
            times[way].append(seconds(make()))
    medians = {way: statistics.median(values) for way, values in times.items()}
    base = medians["in process"]
    print(f"{SCENARIO}: 50 completions of a lone hand, median of {args.rounds} rounds")
    for way, value in medians.items():
        print(f"  {way:<13} {value * 1000:8.1f} ms   {value / base:6.1f} x in process")
    print(f"  run requests / sessions: {medians['run requests'] / medians['sessions']:.1f}")


if __name__ == "__main__":
    main()
