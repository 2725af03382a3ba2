"""How fast the simulator plays, beside OpenSpiel's own Euchre measured in the same run.

Run from the repository root, with the rl extra installed (`pip install -e '.[rl]'`):

    PYTHONPATH=. .venv/bin/python bench/simulator_speed.py [--rounds 5] [--seconds 1] [--json PATH]

Two comparisons, each for north-american and north-american+stick-the-dealer (OpenSpiel's
`euchre(stick_the_dealer=false)` and `euchre` play the same rules but lone defence):

* playouts: hand i is `game.new_initial_state()`, then random chance outcomes and random
  legal actions until the state is terminal, the same function for both games
  (`bench.playouts.openspiel_playout`): the simulator's `euchre_spec` game through pyspiel,
  OpenSpiel's C++ `euchre`, and the engine called directly (`bench.playouts.reference_playout`,
  no OpenSpiel in between), in hands per second;
* environment steps: the PettingZoo environment (`simulator.pettingzoo_env`) played by random
  masked actions, counting every `step` (each after a `last()`, which builds the acting
  agent's observation tensor and mask, and a `reset` per hand), beside OpenSpiel's own RL
  environment (`open_spiel.python.rl_environment`) on its C++ `euchre`, whose every step
  builds every player's information-state tensor and legal actions. Both are given with the
  observation tensor and with the information-state tensor (`recall`).

The engines take turns round after round (who goes first alternates), so a change in the
machine's load falls on all of them; the medians of the rounds are printed, and each ratio is
the median of the per-round ratios. Nothing here asserts a timing.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from bench.playouts import HandRunner, machine, measure, openspiel_playout, reference_playout
from ruleset.compiled.loading import load_rules

CASES = (
    ("north-american", (), "euchre(stick_the_dealer=false)"),
    ("north-american", ("stick-the-dealer",), "euchre"),
)


def pettingzoo_steps(variant: str, house_rules: tuple[str, ...], recall: bool, seed: int) -> HandRunner:
    """Play hand i in the PettingZoo environment with random masked actions; return the number of steps taken."""
    from simulator.pettingzoo_env import env

    environment = env(variant, house_rules, recall=recall)
    environment.reset(seed=seed)
    choice = random.Random(seed).choice

    def run(_i: int) -> int:
        environment.reset()
        steps = 0
        for _agent in environment.agent_iter():
            observation, _reward, termination, truncation, _info = environment.last()
            if termination or truncation:
                environment.step(None)
                continue
            environment.step(choice(observation["action_mask"].nonzero()[0]))
            steps += 1
        return steps

    return run


def openspiel_environment_steps(game_string: str, seed: int) -> HandRunner:
    """Play hand i in OpenSpiel's RL environment (information states: its Euchre has no observation tensor) with random
    legal actions; return the number of steps taken."""
    import pyspiel
    from open_spiel.python import rl_environment

    kind = rl_environment.ObservationType.INFORMATION_STATE
    environment = rl_environment.Environment(pyspiel.load_game(game_string), observation_type=kind, seed=seed)
    choice = random.Random(seed).choice

    def run(_i: int) -> int:
        time_step = environment.reset()
        steps = 0
        while not time_step.last():
            player = time_step.observations["current_player"]
            time_step = environment.step([choice(time_step.observations["legal_actions"][player])])
            steps += 1
        return steps

    return run


def rounds_of(
    runners: list[tuple[str, Callable[[], HandRunner]]], args: argparse.Namespace, count: bool
) -> dict[str, list[float]]:
    """Each runner's rate in every round, taking turns: hands per second, or with `count` the steps per second."""
    rates: dict[str, list[float]] = {name: [] for name, _ in runners}
    for number in range(args.rounds):
        for name, make in runners if number % 2 == 0 else runners[::-1]:
            totals = [0]

            def counted(make: Callable[[], HandRunner] = make, totals: list[int] = totals) -> HandRunner:
                runner = make()

                def run(i: int) -> Any:
                    result = runner(i)
                    totals[0] += result if count else 1
                    return result

                return run

            if args.warmup > 0:
                measure(counted, args.warmup, 0)
            totals[0] = 0
            _hands, elapsed = measure(counted, args.seconds, 0)
            rates[name].append(totals[0] / elapsed)
    return rates


def report(title: str, unit: str, rates: dict[str, list[float]], peer: str) -> list[dict[str, Any]]:
    """Print one table: each runner's median rate and the median of its per-round ratios to `peer`."""
    print(f"\n{title}")
    rows = []
    width = max(len(name) for name in rates)
    for name, measured in rates.items():
        ratio = statistics.median(ours / theirs for ours, theirs in zip(measured, rates[peer], strict=True))
        rows.append({"runner": name, unit: round(statistics.median(measured), 1), f"ratio to {peer}": round(ratio, 3)})
        print(f"  {name:<{width}}  {statistics.median(measured):>10,.0f} {unit}   {ratio:6.3f} x {peer}")
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=1.0, help="timed seconds per runner and round (default 1)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds; medians are printed (default 5)")
    parser.add_argument("--warmup", type=float, default=0.3, help="untimed warm-up before each measurement (default 0.3 s)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random actions and deals (default 0)")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write machine, settings and figures to this JSON file")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.warmup < 0 or args.rounds < 1:
        parser.error("--seconds must be positive, --warmup not negative, --rounds at least 1")
    try:
        import pyspiel

        import simulator.openspiel_game as registered
    except ImportError as exc:
        print(f"error: the simulator's benchmark needs the rl extra (pip install -e '.[rl]'): {exc}", file=sys.stderr)
        return 2
    print("machine: " + ", ".join(f"{key}={value}" for key, value in machine().items()))
    print(f"settings: {args.rounds} interleaved round(s) of {args.seconds} s after {args.warmup} s warm-up, seed {args.seed}")
    figures: dict[str, Any] = {}
    for variant, house_rules, theirs in CASES:
        label = "+".join((variant, *house_rules))
        ours = registered.game_string(variant, house_rules)
        playouts = [
            (f"OpenSpiel {theirs}", partial(openspiel_playout, pyspiel.load_game(theirs), args.seed)),
            (ours, partial(openspiel_playout, pyspiel.load_game(ours), args.seed)),
            ("engine called directly", partial(reference_playout, load_rules(variant, house_rules), args.seed)),
        ]
        print(f"  {label}: playouts ...", file=sys.stderr, flush=True)
        rates = rounds_of(playouts, args, count=False)
        figures[f"{label} playouts"] = report(f"{label}: random playouts", "hands/s", rates, f"OpenSpiel {theirs}")
        for recall in (False, True):
            tensor = "information-state tensor" if recall else "observation tensor"
            steps = [
                (f"OpenSpiel rl_environment {theirs}", partial(openspiel_environment_steps, theirs, args.seed)),
                ("PettingZoo euchre_spec_v0", partial(pettingzoo_steps, variant, house_rules, recall, args.seed)),
            ]
            print(f"  {label}: environment steps, {tensor} ...", file=sys.stderr, flush=True)
            rates = rounds_of(steps, args, count=True)
            title = f"{label}: environment steps ({tensor} for PettingZoo; OpenSpiel's gives every player's information state)"
            figures[f"{label} steps {tensor}"] = report(title, "steps/s", rates, f"OpenSpiel rl_environment {theirs}")
    if args.json:
        settings = {"seconds": args.seconds, "warmup": args.warmup, "rounds": args.rounds, "seed": args.seed}
        document = {"machine": machine(), "settings": settings, "figures": figures}
        args.json.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
