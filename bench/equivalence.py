"""Whether two versions of the reference engine play the same: a differential fuzz over recorded traces.

Run from the repository root. First record the traces of the engine to compare against (any
earlier commit, exported beside the checkout), then check the engine of the checkout:

    git archive BASE | tar -x -C /tmp/base
    PYTHONPATH=/tmp/base .venv/bin/python bench/equivalence.py record /tmp/traces.json --hands 100000 --jobs 2
    PYTHONPATH=. .venv/bin/python bench/equivalence.py check /tmp/traces.json --jobs 2

Every base variant is played, and every variant with each house rule (and each of its modes)
that composes with it, plus a few combinations; the base variants get a larger share of the
hands. Hand k of a configuration is a portable deal number and a dealer drawn from
(configuration, k), played to its end with random legal actions; before each action the whole
observation (`observe`, the referee's view: phase, hands, legal actions in their order, tricks,
result...) is taken, and two actions drawn from all the variant's actions, and one legal action by a seat not to
act, are tried and their refusal codes taken. A trace is the digest of all of that. Each
configuration also plays a few games (or matches) through the game layer, observed the same
way, for their first hands.

`check` plays the same hands on the checkout's engine through its pure `apply` and, where the
engine has one, through its in-place core (`HandState.do`), undoing a random action now and then
along the way, and counts the hands whose trace differs from the recorded one. It prints the
figures and exits 1 on any disagreement; it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import orjson

from reference_impl.deal import deal_number
from reference_impl.engine import (
    IllegalAction,
    apply,
    game_apply,
    legal_actions,
    match_apply,
    new_game,
    new_hand,
    new_match,
    numbered_deals,
    observe,
    observe_game,
    observe_match,
)
from ruleset import SpecInvalid, builtin_catalog, resolve_checked
from ruleset.compiled.loading import load_rules
from ruleset.compiled.rules import Rules

COMBINATIONS = (
    ("north-american", ("stick-the-dealer", "canadian-loner", "defend-alone=always")),
    ("north-american", ("stuck-dealer-no-trump", "low-no-trump")),
    ("north-american", ("partners-best-defender", "defend-alone")),
    ("north-american", ("renege-penalty=choice", "defend-alone")),
    ("north-american", ("optional-pickup", "dealer-picks-up-for-loner", "passed-player-cannot-go-alone=any-round")),
    ("british", ("stick-the-dealer", "renege-ends-hand=both-ways")),
    ("bid-euchre-double", ("two-bidding-rounds", "low-no-trump-bids")),
)
"""House rules played together, beside each one alone."""
BASE_SHARE = 0.3
"""The share of the hands played by the base variants without house rules."""
GAMES = 2
"""Games (or matches) each configuration plays through the game layer, beside its hands."""
GAME_HANDS = 12
"""The hands a game is played for at most: enough to cross from hand to hand and from game to game, not so many
that a game played at random to a far target (they can last hundreds of hands) outweighs the hands played alone."""

Config = tuple[str, tuple[str, ...]]


def configurations() -> list[Config]:
    """Every base variant; every variant with each house rule and mode that composes with it; the combinations."""
    catalog = builtin_catalog()
    variants = sorted(catalog.variants)
    found: list[Config] = [(variant, ()) for variant in variants]
    for rule_id in sorted(catalog.house_rules):
        modes = sorted(catalog.house_rules[rule_id].data.get("modes", {}))
        for reference in [rule_id] + [f"{rule_id}={mode}" for mode in modes]:
            for variant in variants:
                try:
                    resolve_checked(catalog, variant, (reference,))
                except SpecInvalid:
                    continue
                found.append((variant, (reference,)))
    for combination in COMBINATIONS:
        resolve_checked(catalog, *combination)  # raises SpecInvalid, naming the problem, for one that does not compose
        found.append(combination)
    return found


def label(config: Config) -> str:
    variant, house_rules = config
    return "+".join((variant, *house_rules))


def shares(configs: list[Config], hands: int) -> dict[str, int]:
    """How many hands each configuration plays: BASE_SHARE of them over the base variants, the rest over the others
    (rounded up, so that at least `hands` are played)."""
    base = [config for config in configs if not config[1]]
    others = [config for config in configs if config[1]]
    base_hands = int(hands * BASE_SHARE)
    counts = {label(config): -(-base_hands // len(base)) for config in base}
    counts.update({label(config): -(-(hands - base_hands) // len(others)) for config in others})
    return counts


# --- Playing and tracing ------------------------------------------------------------------------


class Trace:
    """A running digest of everything a hand shows: observations, refusals, the actions taken."""

    def __init__(self) -> None:
        self.digest = hashlib.blake2b(digest_size=12)

    def add(self, value: Any) -> None:
        self.digest.update(orjson.dumps(value, option=orjson.OPT_SORT_KEYS))
        self.digest.update(b"\n")

    def hex(self) -> str:
        return self.digest.hexdigest()


def _probes(
    rules: Rules, state: Any, rng: random.Random, texts: list[str], refused: Callable[[str, int | None], str | None]
) -> list[Any]:
    """Refusal codes of two random actions that are not legal and of a legal one taken out of turn."""
    legal = [action.text for action in legal_actions(state)]
    answers: list[Any] = []
    for _ in range(2):
        text = texts[rng.randrange(len(texts))]
        answers.append([text, "legal" if text in legal else refused(text, None)])
    if legal and state.to_act is not None:
        other = (state.to_act + 1 + rng.randrange(rules.players - 1)) % rules.players
        text = legal[rng.randrange(len(legal))]
        answers.append([text, other, refused(text, other)])
    return answers


def pure_hand(rules: Rules, config: Config, hand: int) -> str:
    """Hand `hand` of a configuration through `new_hand` and the pure `apply`: its trace."""
    rng = random.Random(f"equivalence:{label(config)}:{hand}")
    number, dealer = rng.getrandbits(64), rng.randrange(rules.players)
    state = new_hand(rules, deal_number(rules, number, dealer))
    texts = sorted(rules.actions)
    trace = Trace()

    def refused(text: str, seat: int | None) -> str | None:
        try:
            apply(state, text, seat)
        except IllegalAction as exc:
            return exc.code
        return None

    while True:
        trace.add(observe(state))
        if state.is_over:
            return trace.hex()
        trace.add(_probes(rules, state, rng, texts, refused))
        action = rng.choice(legal_actions(state))
        trace.add(action.text)
        state = apply(state, action)


def fast_hand(rules: Rules, config: Config, hand: int) -> str:
    """The same hand through the in-place core, an action tried and undone now and then: its trace."""
    rng = random.Random(f"equivalence:{label(config)}:{hand}")
    excursions = random.Random(f"excursions:{label(config)}:{hand}")
    number, dealer = rng.getrandbits(64), rng.randrange(rules.players)
    state = new_hand(rules, deal_number(rules, number, dealer))
    texts = sorted(rules.actions)
    trace = Trace()

    def refused(text: str, seat: int | None) -> str | None:
        try:
            state.do(text, seat)
        except IllegalAction as exc:
            return exc.code
        state.undo()
        return None

    while True:
        trace.add(observe(state))
        if state.is_over:
            return trace.hex()
        trace.add(_probes(rules, state, rng, texts, refused))
        if excursions.random() < 0.2:
            depth = 0
            while not state.is_over and depth < 3:
                state.do(excursions.choice(legal_actions(state)))
                depth += 1
            for _ in range(depth):
                state.undo()
        action = rng.choice(legal_actions(state))
        trace.add(action.text)
        state.do(action)


def whole_game(rules: Rules, config: Config, game: int) -> str:
    """Game (or match) `game` of a configuration through the game layer, random actions, for GAME_HANDS hands: its trace."""
    rng = random.Random(f"equivalence-game:{label(config)}:{game}")
    first = rng.getrandbits(32)
    deals = numbered_deals(rules, first)
    dealer = rng.randrange(rules.players)
    trace = Trace()
    if rules.match is not None:
        match = new_match(rules, deals, dealer)
        while True:
            seen = observe_match(match)
            trace.add(seen)
            if match.is_over or not seen["legal_actions"] or match.first_hand + match.game.hand_number >= GAME_HANDS:
                return trace.hex()
            match = match_apply(match, rng.choice(seen["legal_actions"]))
    state = new_game(rules, deals, dealer)
    while True:
        seen = observe_game(state)
        trace.add(seen)
        if state.is_over or not seen["legal_actions"] or state.hand_number >= GAME_HANDS:
            return trace.hex()
        state = game_apply(state, rng.choice(seen["legal_actions"]))


def traces(config: Config, hands: int, fast: bool) -> dict[str, list[str]]:
    """The traces of a configuration's hands and games: by the pure path, and by the in-place core if `fast`."""
    rules = load_rules(config[0], config[1])
    found = {
        "hands": [pure_hand(rules, config, hand) for hand in range(hands)],
        "games": [whole_game(rules, config, game) for game in range(GAMES)],
    }
    if fast:
        found["fast"] = [fast_hand(rules, config, hand) for hand in range(hands)]
    return found


def _work(item: tuple[Config, int, bool]) -> tuple[str, dict[str, list[str]]]:
    config, hands, fast = item
    return label(config), traces(config, hands, fast)


def run(items: list[tuple[Config, int, bool]], jobs: int) -> Iterator[tuple[str, dict[str, list[str]]]]:
    if jobs <= 1:
        yield from map(_work, items)
        return
    with multiprocessing.Pool(jobs) as pool:
        yield from pool.imap_unordered(_work, items)


# --- The commands -------------------------------------------------------------------------------


def record(path: Path, hands: int, jobs: int) -> int:
    configs = configurations()
    counts = shares(configs, hands)
    started = time.perf_counter()
    found = dict(run([(config, counts[label(config)], False) for config in configs], jobs))
    seconds = time.perf_counter() - started
    played = sum(len(entry["hands"]) for entry in found.values())
    document = {"hands": played, "configurations": {name: found[name] for name in sorted(found)}}
    path.write_text(json.dumps(document) + "\n", encoding="utf-8")
    print(f"recorded {played:,} hands and {GAMES * len(found):,} games of {len(found)} configurations in {seconds:,.0f} s")
    return 0


def check(path: Path, jobs: int) -> int:
    recorded = json.loads(path.read_text(encoding="utf-8"))["configurations"]
    configs = [config for config in configurations() if label(config) in recorded]
    missing = sorted(set(recorded) - {label(config) for config in configs})
    fast = hasattr(new_hand(load_rules("north-american"), deal_number(load_rules("north-american"), 0)), "do")
    started = time.perf_counter()
    hands = games = 0
    differing: dict[str, list[str]] = {}
    for name, found in run([(config, len(recorded[label(config)]["hands"]), fast) for config in configs], jobs):
        expected = recorded[name]
        hands += len(expected["hands"])
        games += len(expected["games"])
        for kind, values in found.items():
            wanted = expected["games" if kind == "games" else "hands"]
            for index, (got, want) in enumerate(zip(values, wanted, strict=True)):
                if got != want:
                    differing.setdefault(name, []).append(f"{kind} {index}")
    seconds = time.perf_counter() - started
    paths = "the pure apply and the in-place core" if fast else "the pure apply"
    print(f"checked {hands:,} hands and {games:,} games of {len(configs)} configurations through {paths} in {seconds:,.0f} s")
    if missing:
        print(f"not checked (no longer composing): {', '.join(missing)}")
    total = sum(len(entries) for entries in differing.values())
    print(f"disagreements: {total}")
    for name, entries in sorted(differing.items()):
        print(f"  {name}: {len(entries)} ({', '.join(entries[:5])}{', ...' if len(entries) > 5 else ''})")
    return 1 if total else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    commands = parser.add_subparsers(dest="command", required=True)
    recording = commands.add_parser("record", help="play the hands and write their traces")
    recording.add_argument("path", type=Path)
    recording.add_argument("--hands", type=int, default=100_000, help="hands over all configurations (default 100,000)")
    recording.add_argument("--jobs", type=int, default=1)
    checking = commands.add_parser("check", help="play the recorded hands again and compare the traces")
    checking.add_argument("path", type=Path)
    checking.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    if args.command == "record":
        return record(args.path, args.hands, args.jobs)
    return check(args.path, args.jobs)


if __name__ == "__main__":
    sys.exit(main())
