"""An OpenSpiel algorithm on two variants: MCTS for one side against random players, beside random play on the same deals.

    python -m simulator.mcts_example [--variant north-american --variant two-handed] [--hands 40] [--simulations 50]

For each variant, the same hands are dealt twice (chance draws from a generator seeded per hand,
so both runs see the same cards): once with the seats of side 0 played by OpenSpiel's
`MCTSBot` (UCT with random rollouts) and the other seats random, once with every seat random.
It prints side 0's mean return per hand (zero-sum, `simulator.table.Table.returns`) with its
standard error, and the share of hands side 0 came out ahead.

OpenSpiel's MCTSBot searches the state it is given, and a state holds every hand: this MCTS
sees all the cards, as a player who could look at them would. It measures how much the rules
leave to skill more than it plays Euchre fairly.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any

DEFAULT_VARIANTS = ("north-american", "two-handed")


@dataclass(frozen=True)
class Outcome:
    """Side 0's returns over the hands of one run."""

    returns: tuple[float, ...]
    seconds: float

    @property
    def mean(self) -> float:
        return statistics.fmean(self.returns)

    @property
    def error(self) -> float:
        return statistics.stdev(self.returns) / math.sqrt(len(self.returns)) if len(self.returns) > 1 else 0.0

    @property
    def ahead(self) -> float:
        return sum(value > 0 for value in self.returns) / len(self.returns)


def play(game: Any, bot: Any | None, seat_of_side_0: frozenset[int], hands: int, seed: int) -> Outcome:
    """Play `hands` hands: chance from Random(seed, hand), the bot (if any) for side 0's seats, random for the rest."""
    start = time.perf_counter()
    returns = []
    for number in range(hands):
        chance = random.Random(f"{seed}:{number}")
        actions = random.Random(f"{seed}:{number}:actions")
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(chance.choices(outcomes, weights)[0])
            elif bot is not None and state.current_player() in seat_of_side_0:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(actions.choice(state.legal_actions()))
        returns.append(state.returns()[min(seat_of_side_0)])
    return Outcome(tuple(returns), time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--variant", action="append", help="a variant to play (repeatable; default north-american, two-handed)")
    parser.add_argument("--hands", type=int, default=40, help="hands per variant and run (default 40)")
    parser.add_argument("--simulations", type=int, default=50, help="MCTS simulations per decision (default 50)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals, the random players and the search (default 0)")
    args = parser.parse_args(argv)
    if args.hands < 2 or args.simulations < 1:
        parser.error("--hands must be at least 2 and --simulations at least 1")
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts

        from .openspiel_game import game_string
        from .table import UnknownRules, table
    except ImportError as exc:
        print(f"error: the example needs the rl extra (pip install 'euchre-spec[rl]'): {exc}", file=sys.stderr)
        return 2
    search = f"MCTS with {args.simulations} simulations per decision (UCT c=2, one random rollout)"
    print(f"{args.hands} hands per run, {search}, seed {args.seed}")
    print(f"{'variant':<16} {'side 0 played by':<18} {'mean return':>12} {'± s.e.':>7} {'ahead':>6} {'seconds':>8}")
    for variant in args.variant or DEFAULT_VARIANTS:
        try:
            side = frozenset(table(variant).rules.teams[0])
        except UnknownRules as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        game = pyspiel.load_game(game_string(variant))
        generator = np.random.RandomState(args.seed)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=generator)
        bot = mcts.MCTSBot(game, 2.0, args.simulations, evaluator, solve=False, random_state=generator)
        for name, player in (("MCTS", bot), ("random", None)):
            outcome = play(game, player, side, args.hands, args.seed)
            print(
                f"{variant:<16} {name:<18} {outcome.mean:>12.3f} {outcome.error:>7.3f} "
                f"{outcome.ahead:>6.0%} {outcome.seconds:>8.1f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
