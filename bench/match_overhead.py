"""What the match layer costs: random Railroad hands played in whole matches against whole games.

Run from the repository root:

    PYTHONPATH=. .venv/bin/python bench/match_overhead.py [--rounds 5] [--seconds 1]

Both sides play the same thing, hand after hand of random legal actions on portable deal
numbers: one through the game layer (a game to 10, then a new game), the other through the
match layer (games carried into one another with laps and slams, a new match once one is won).
The rounds alternate which side goes first, and the figure to read is the median of the
per-round ratios of hands per second, match over game: 1 means the match layer is free. Time
is the process's CPU time, not the wall clock: on a machine shared with other work the wall
clock charges one side for the other programs that ran during its turn. The figures are for
reading, not for asserting, since the machine's load still moves them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

from reference_impl.engine import game_apply, game_legal_actions, match_apply, match_legal_actions, new_game, new_match
from reference_impl.engine.game import numbered_deals
from ruleset.compiled.loading import load_rules
from ruleset.compiled.rules import Rules


def games_runner(rules: Rules, seed: int) -> Callable[[int], None]:
    """Each call plays one hand of a run of games, starting the next game when one is won."""
    choice = random.Random(seed).choice
    game = new_game(rules, numbered_deals(rules, 0))
    played = 0

    def run(_i: int) -> None:
        nonlocal game, played
        if game.is_over:
            played += 1
            game = new_game(rules, numbered_deals(rules, 1000 * played))
        number = game.hand_number
        while game.hand_number == number and not game.is_over:
            game = game_apply(game, choice(game_legal_actions(game)))

    return run


def matches_runner(rules: Rules, seed: int) -> Callable[[int], None]:
    """Each call plays one hand of a run of matches, starting the next match when one is won."""
    choice = random.Random(seed).choice
    match = new_match(rules, numbered_deals(rules, 0))
    played = 0

    def run(_i: int) -> None:
        nonlocal match, played
        if match.is_over:
            played += 1
            match = new_match(rules, numbered_deals(rules, 10_000 * played))
        hand = match.first_hand + match.game.hand_number
        while match.first_hand + match.game.hand_number == hand and not match.is_over:
            match = match_apply(match, choice(match_legal_actions(match)))

    return run


def cpu_rate(make_run: Callable[[], Callable[[int], None]], seconds: float, warmup: float) -> float:
    """Hands per second of this process's CPU time, from a fresh runner after a warm-up on another."""
    _play_for(make_run(), warmup)
    hands, elapsed = _play_for(make_run(), seconds)
    return hands / elapsed


def _play_for(run: Callable[[int], None], seconds: float) -> tuple[int, float]:
    """Hands 0, 1, 2, ... until `seconds` of CPU time have passed, each played to its end; (hands, CPU seconds)."""
    start = time.process_time()
    hands = 0
    while True:
        run(hands)
        hands += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return hands, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--warmup", type=float, default=0.3)
    args = parser.parse_args()
    rules = load_rules("railroad", ())
    game_rates, match_rates, ratios = [], [], []
    for round_number in range(args.rounds):
        sides = [("game", games_runner), ("match", matches_runner)]
        if round_number % 2:
            sides.reverse()
        rates = {}
        for name, runner in sides:
            rates[name] = cpu_rate(partial(runner, rules, round_number), args.seconds, args.warmup)
        game_rates.append(rates["game"])
        match_rates.append(rates["match"])
        ratios.append(rates["match"] / rates["game"])
    print(f"railroad, {args.rounds} rounds of {args.seconds:g} s each (medians)")
    print(f"  hands/s through the game layer:  {statistics.median(game_rates):9.0f}")
    print(f"  hands/s through the match layer: {statistics.median(match_rates):9.0f}")
    print(f"  match / game:                    {statistics.median(ratios):9.3f}")


if __name__ == "__main__":
    main()
