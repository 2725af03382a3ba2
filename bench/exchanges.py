"""What the card exchanges cost a random playout, as a ratio to plain north-american in the same run.

Run from the repository root:

    PYTHONPATH=. .venv/bin/python bench/exchanges.py [--rounds 7] [--seconds 1]

Hand i is deal number i dealt by seat i % 4, then random legal actions from random.Random(1)
until the hand is over, for a fixed wall time. The rule sets are measured in turn, round after
round, so a busy machine slows them alike; the medians and each one's ratio to plain
north-american are printed. Nothing here asserts a speed: the figures are for reading.
"""

from __future__ import annotations

import argparse
import random
import statistics
from time import perf_counter

from reference_impl.deal import deal_number
from reference_impl.engine import apply, legal_actions, new_hand
from ruleset.compiled.loading import load_rules
from ruleset.compiled.rules import Rules

RULE_SETS = (
    (),
    ("partners-best=discard-first",),
    ("partners-best-defender=receive-first",),
    ("go-under=mixed",),
    ("farmers-hand=three-of-a-rank",),
)


def hands_per_second(rules: Rules, seconds: float) -> float:
    rng = random.Random(1)
    played = 0
    deadline = perf_counter() + seconds
    while perf_counter() < deadline:
        state = new_hand(rules, deal_number(rules, played, played % rules.players))
        while not state.is_over:
            state = apply(state, rng.choice(legal_actions(state)))
        played += 1
    return played / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    rules = [load_rules("north-american", refs) for refs in RULE_SETS]
    for each in rules:
        hands_per_second(each, 0.2)  # warm-up
    figures: list[list[float]] = [[] for _ in rules]
    for _ in range(args.rounds):
        for index, each in enumerate(rules):
            figures[index].append(hands_per_second(each, args.seconds))
    plain = statistics.median(figures[0])
    print(f"{'rules':<56} {'hands/s':>9} {'ratio':>7}")
    for refs, measured in zip(RULE_SETS, figures, strict=True):
        median = statistics.median(measured)
        label = "north-american" + "".join(f" -r {ref}" for ref in refs)
        print(f"{label:<56} {median:>9.0f} {median / plain:>7.2f}")


if __name__ == "__main__":
    main()
