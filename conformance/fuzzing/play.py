"""Differential fuzzing: two engines, the same random hands, every step compared.

    euchre-spec fuzz --engine reference --engine openspiel --hands 100000 --seed 1 \\
        --variant north-american --house-rule stick-the-dealer

Hand i is a portable deal number and dealer drawn from (seed, i), so any hand can be replayed
alone and the result does not depend on how the hands were spread over processes. Both engines
play it; before every action the fuzzer compares who is to act and the legal actions, then
picks at random among the actions legal on both. At the end it compares the hand's points.
A difference is a disagreement: it is classified (which field, in which phase, how), counted,
and written out as a scenario (conformance/fuzzing/witnesses.py) that stops at the first step where
the engines part. Play goes on past a legal-action difference while the engines agree on who
acts, so one hand can show several classes; it stops at any other difference.

The scenarios check the first engine's values: with `--engine reference` first they pass on our
engine and fail on the other, ready to join the suite. A run is one shard of a campaign (the
whole of it by default): conformance/fuzzing/campaign.py says how a campaign is cut and how the
shards' summaries merge, conformance/fuzzing/cluster.py runs the shards on a Dask cluster. Here,
work is split in chunks of hands over processes (multiprocessing): a process per job for engines
called in process, a process per two jobs for engines run as processes of their own, which work
while the fuzz process that drives them reads their replies (`JOBS_PER_DRIVER`). tqdm shows the
progress on long runs: a small, dependency-free and well-kept library that handles rates, ETAs
and non-terminal output better than a hand-rolled counter would.
"""

from __future__ import annotations

import multiprocessing
import random
import signal
import struct
import time
from collections import Counter, deque
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any

from tqdm import tqdm

from conformance.engines.sdk import playout_choice
from conformance.fuzzing.campaign import Campaign, Shard, Summary, summarize
from conformance.fuzzing.disagreement import Disagreement, first_of_each
from conformance.fuzzing.steppers import IN_PROCESS, ProtocolStepper, Stepper, View, make_stepper, make_steppers
from conformance.fuzzing.tables import GROUPS, SESSION_WIDTH, Table, Views, make_table, played_alike
from reference_impl.deal import deal_number
from ruleset.compiled.loading import load_rules

CHUNK = 250

WHOLE_HAND_GROUPS = 16
"""Groups of slots in flight at once where an engine plays hands out: a group's step is a batch of whole hands, so
more, smaller batches keep the engines busy while the fuzzer reads the others' (measured with traces, 20,000 hands:
16 batches of 8 hands played about 1.2 times the hands per second of 8 of 16, and as many as 32 of 4;
bench/fuzz_protocol.py)."""

JOBS_PER_DRIVER = 2
"""Jobs (cores) a fuzz process takes when it drives engine processes: they work while it reads their
replies and picks the next actions (conformance/fuzzing/tables.py), so the three keep about two cores busy."""


@dataclass(frozen=True)
class Setup:
    """What to fuzz: two engines (as given on the command line), the rules and the seed."""

    engines: tuple[str, str]
    variant: str
    house_rules: tuple[str, ...]
    seed: int
    timeout: float = 10.0
    names: tuple[str, str] | None = None
    """How reports call the engines (default: as given)."""


def hand_deal(seed: int, hand: int, players: int) -> tuple[int, int]:
    """Deal number and dealer of hand `hand`: a function of (seed, hand) alone."""
    rng = random.Random(f"euchre-fuzz:{seed}:{hand}")
    return rng.getrandbits(64), rng.randrange(players)


def _seat_role(seat: int | None, dealer: int, players: int) -> str:
    if seat is None:
        return "nobody"
    offset = (seat - dealer) % players
    return "dealer" if offset == 0 else f"dealer+{offset}"


def _roles(actions: frozenset[str], up_card: str | None) -> str:
    """Differing actions by kind, a card named only when it is the up-card."""
    kinds = set()
    for action in actions:
        kind, _, argument = action.partition(":")
        if kind in ("discard", "play"):
            kinds.add(f"{kind} of the up-card" if argument == up_card else f"{kind} of a card")
        else:
            kinds.add(action)
    return ", ".join(sorted(kinds)) or "nothing"


Progress = Callable[[int], object]
"""Told of hands as they end, so many at a time (a progress bar's update)."""


def _quiet(hands: int) -> None:
    """Progress nobody follows."""


@dataclass
class Start:
    """A hand's deal, and the generator its random choices are drawn from."""

    deal: dict[str, Any]
    choices: random.Random
    drawn: list[int] | None = None
    """The numbers a playout carries, once drawn: the hand's first choices are made by them (`choose`)."""

    def numbers(self, count: int) -> list[int]:
        """The generator's next `count` 32-bit outputs, which `random.choice` draws on: an engine that chooses each
        action by them, as a playout does (docs/protocol.md), chooses what this hand's conversation will. Drawn once
        for both engines, in one call (the outputs in order, least significant first)."""
        if self.drawn is None:
            self.drawn = list(struct.unpack(f"<{count}I", self.choices.getrandbits(32 * count).to_bytes(4 * count, "little")))
        assert len(self.drawn) == count, "both engines' playouts carry the same numbers"
        return self.drawn


class Chooser:
    """The hand's choices: by the numbers drawn for its playout while they last, then by its generator, which the
    drawing left just past them. Either way each choice is `random.choice`'s on the generator's outputs in order, so
    a hand chooses alike whether its numbers were drawn or not."""

    def __init__(self, start: Start) -> None:
        self.start = start
        self.used = 0

    def choose(self, common: list[str]) -> str:
        drawn = self.start.drawn
        if drawn is not None and self.used < len(drawn):
            chosen = playout_choice(drawn, self.used, len(common))
            if chosen is not None:
                self.used = chosen[1]
                return common[chosen[0]]
            self.used = len(drawn)  # every number was taken: the generator goes on past them
        return self.start.choices.choice(common)


Request = tuple[str, Any]
"""What a hand asks of both engines next: ("start", Start) or ("apply", (seat, action))."""

Answer = tuple[tuple[str | None, str | None], tuple[View, View]]
"""Both engines' refusals (None: taken, or a deal) and what each shows after it."""


def hand_steps(
    setup: Setup, hand: int, players: int, up_card_of: Callable[[int, int], str | None]
) -> Generator[Request, Answer, list[Disagreement]]:
    """Hand `hand` as a conversation: it asks for a deal, then for one action at a time, and
    returns every disagreement found in it (one per class).

    Written as a generator so that one definition of what is compared serves both a hand
    played alone and many hands played side by side (conformance/fuzzing/tables.py).
    """
    number, dealer = hand_deal(setup.seed, hand, players)
    deal = {"dealer": dealer, "number": number}
    start = Start(deal, random.Random(f"euchre-fuzz-play:{setup.seed}:{hand}"))
    chooser = Chooser(start)
    names = setup.names or setup.engines
    found: dict[str, Disagreement] = {}
    steps: list[tuple[int, str]] = []
    previous_phase: str | None = None

    def note(field: str, expected: Any, actual: Any, label: str, topic: str, view: View) -> None:
        if label not in found:
            found[label] = Disagreement(
                hand,
                number,
                dealer,
                tuple(steps),
                field,
                expected,
                actual,
                label,
                topic,
                view.phase,
                previous_phase,
                view.clause,
            )

    _, (a, b) = yield "start", start
    while True:
        if a.to_act != b.to_act or a.hand_over != b.hand_over:
            previous = f"{steps[-1][1].partition(':')[0]} by {_seat_role(steps[-1][0], dealer, players)}" if steps else "the deal"
            label = (
                f"to_act after {previous}: {names[0]} {_seat_role(a.to_act, dealer, players)}, "
                f"{names[1]} {_seat_role(b.to_act, dealer, players)}"
            )
            note("to_act", a.to_act, b.to_act, label, f"to-act-{a.phase or 'unknown'}", a)
            break
        if a.hand_over:
            if a.points != b.points:
                label = f"hand points: {names[0]} {list(a.points or ())}, {names[1]} {list(b.points or ())}"
                note("hand_points", list(a.points or ()), list(b.points or ()), label, "hand-points", a)
            break
        if a.legal != b.legal:
            up_card = up_card_of(number, dealer)  # worked out only to name the difference
            label = (
                f"legal actions in {a.phase or 'a phase'}: only {names[0]}: {_roles(a.legal - b.legal, up_card)}; "
                f"only {names[1]}: {_roles(b.legal - a.legal, up_card)}"
            )
            note("legal", sorted(a.legal), sorted(b.legal), label, f"legal-{a.phase or 'unknown'}", a)
        common = sorted(a.legal & b.legal)
        if not common:
            break
        seat = a.to_act
        assert seat is not None
        action = chooser.choose(common)
        refused, after = yield "apply", (seat, action)
        steps.append((seat, action))
        previous_phase = a.phase
        if any(refused):
            outcomes = [reason or "takes it" for reason in refused]
            label = f"refuses an action it lists as legal: {names[0]} {outcomes[0]}, {names[1]} {outcomes[1]}"
            note("refused", refused[0], refused[1], label, "refuses-legal", a)
            break
        a, b = after
    return list(found.values())


def play_hand(
    setup: Setup, steppers: tuple[Stepper, Stepper], hand: int, players: int, up_card_of: Callable[[int, int], str | None]
) -> list[Disagreement]:
    """Play hand `hand` on both engines, one step at a time; every disagreement found in it."""
    conversation = hand_steps(setup, hand, players, up_card_of)
    request = next(conversation)
    try:
        while True:
            kind, payload = request
            if kind == "start":
                for stepper in steppers:
                    stepper.start(setup.variant, setup.house_rules, payload.deal)
                refused: tuple[str | None, str | None] = (None, None)
            else:
                refused = (steppers[0].apply(*payload), steppers[1].apply(*payload))
            request = conversation.send((refused, (steppers[0].view(), steppers[1].view())))
    except StopIteration as done:
        found: list[Disagreement] = done.value
        return found


def play_side_by_side(
    setup: Setup,
    tables: tuple[Table, Table],
    hands: range,
    players: int,
    up_card_of: Callable[[int, int], str | None],
    finished: Progress | None = None,
) -> list[Disagreement]:
    """Play `hands` on both engines, as many at a time as both tables have slots; `finished` is told of each hand's end.

    The slots are dealt round into GROUPS groups; a group's next step goes to both engines at
    once, and each group's step is sent before the replies to the one before are read, so the
    engines work on one group while the fuzzer reads the other's replies and picks its actions.
    Where the engines play hands out (`Table.whole_hands`), a group's slots are dealt their next
    hands together, once all its hands have ended: a step then takes only whole hands to the
    engines, never a hand's deal beside the next steps of others.
    Where both engines played a hand out to its end, sent the same deal and the same steps, and
    chose each step by the hand's numbers, the hand's conversation would find nothing: every
    comparison it makes is between equal values, and each action it would choose is the one
    taken. Such a hand ends there, unread step by step (`_agreed_whole`).
    """
    told = finished or _quiet
    together = all(table.whole_hands for table in tables)
    width = min(table.width for table in tables)
    count = WHOLE_HAND_GROUPS if together else GROUPS
    groups = [range(group, width, count) for group in range(min(count, width))]
    waiting = iter(hands)
    live: dict[int, tuple[Generator[Request, Answer, list[Disagreement]], Request]] = {}
    found: list[Disagreement] = []

    def begin(slot: int) -> None:
        hand = next(waiting, None)
        if hand is not None:
            conversation = hand_steps(setup, hand, players, up_card_of)
            live[slot] = (conversation, next(conversation))

    def send(group: range) -> tuple[range, list[object]] | None:
        asked = [(slot, live[slot][1]) for slot in group if slot in live]
        if not asked:
            return None
        starts = {slot: payload for slot, (kind, payload) in asked if kind == "start"}
        moves = [(slot, *payload) for slot, (kind, payload) in asked if kind == "apply"]
        return group, [table.send(starts, moves) for table in tables]

    for slot in range(width):
        begin(slot)
    in_flight = deque(sent for sent in map(send, groups) if sent)
    while in_flight:
        group, receipts = in_flight.popleft()
        first, second = (table.collect(receipt) for table, receipt in zip(tables, receipts, strict=True))
        for slot, (refused_a, view_a) in first.items():
            refused_b, view_b = second[slot]
            conversation, asked = live[slot]
            if together and asked[0] == "start" and _agreed_whole(tables, slot):
                conversation.close()
                del live[slot]
                told(1)
                continue
            try:
                live[slot] = (conversation, conversation.send(((refused_a, refused_b), (view_a, view_b))))
            except StopIteration as done:
                found.extend(done.value)
                del live[slot]
                told(1)
                if not together:
                    begin(slot)
        if together and not any(slot in live for slot in group):
            for slot in group:
                begin(slot)
        sent = send(group)
        if sent:
            in_flight.append(sent)
    return found


def _agreed_whole(tables: tuple[Table, Table], slot: int) -> bool:
    """Whether both engines played the slot's new hand out to its end alike, each step chosen by the hand's numbers."""
    first, second = (table.played_whole(slot) for table in tables)
    return first is not None and second is not None and played_alike(first, second)


def _run_chunk(arguments: tuple[Setup, int, int], finished: Progress | None = None) -> tuple[int, list[Disagreement]]:
    """Play one chunk of hands; `finished`, if given, is told of each hand as it ends (a chunk played in this process)."""
    setup, start, stop = arguments
    told = finished or _quiet
    rules = load_rules(setup.variant, setup.house_rules)

    def up_card_of(number: int, dealer: int) -> str | None:
        up = deal_number(rules, number, dealer).up_card
        return None if up is None else rules.card_code(up)

    steppers = make_steppers(setup.engines, setup.timeout)
    if not any(isinstance(stepper, ProtocolStepper) for stepper in steppers):
        try:
            found: list[Disagreement] = []
            for hand in range(start, stop):
                found += play_hand(setup, steppers, hand, rules.players, up_card_of)
                told(1)
            return stop - start, found
        finally:
            for stepper in steppers:
                stepper.close()
    views = Views()
    # Playouts only where both engines play hands out: a hand one engine played out is of no use while the other is
    # stepped, and would be dealt again and played a step at a time anyway.
    both_play_out = all(isinstance(stepper, ProtocolStepper) and stepper.playouts for stepper in steppers)
    both_trace = all(isinstance(stepper, ProtocolStepper) and stepper.traces for stepper in steppers)
    tables = tuple(
        make_table(
            stepper,
            partial(make_stepper, spec, setup.timeout),
            setup.variant,
            setup.house_rules,
            SESSION_WIDTH,
            views,
            len(rules.deck) if both_play_out else 0,
            both_trace,
        )
        for stepper, spec in zip(steppers, setup.engines, strict=True)
    )
    try:
        return stop - start, play_side_by_side(setup, (tables[0], tables[1]), range(start, stop), rules.players, up_card_of, told)
    finally:
        for stepper in steppers:
            if isinstance(stepper, ProtocolStepper):
                stepper.process.say_bye()  # both engines wind down at once
        for table in tables:
            table.close()


@dataclass
class FuzzResult:
    hands: int
    seconds: float
    disagreements: list[Disagreement]

    @property
    def classes(self) -> Counter[str]:
        return Counter(d.label for d in self.disagreements)

    @property
    def hands_with_disagreement(self) -> int:
        return len({d.hand for d in self.disagreements})


def fuzz(setup: Setup, hands: int | range, jobs: int = 1, progress: bool = False) -> FuzzResult:
    """Play hands `hands` (a count from 0, or the range of a shard) on both engines, over `jobs` processes."""
    numbers = range(hands) if isinstance(hands, int) else hands
    size, workers = CHUNK, jobs
    if not all(engine in IN_PROCESS for engine in setup.engines):  # an engine process costs a start-up per chunk
        workers = max(1, jobs // JOBS_PER_DRIVER)
        size = max(CHUNK, -(-len(numbers) // workers))
    chunks = [(setup, start, min(start + size, numbers.stop)) for start in range(numbers.start, numbers.stop, size)]
    found: list[Disagreement] = []
    started = time.perf_counter()
    with tqdm(total=len(numbers), unit="hand", disable=not progress, smoothing=0.1) as bar:
        if workers <= 1 or len(chunks) <= 1:  # played here: the bar moves with each hand
            for chunk in chunks:
                found.extend(_run_chunk(chunk, bar.update)[1])
        else:
            with _workers(workers) as pool:
                for done, chunk_found in pool.imap_unordered(_run_chunk, chunks):
                    found.extend(chunk_found)
                    bar.update(done)
    found.sort(key=lambda d: (d.hand, d.label))
    return FuzzResult(len(numbers), time.perf_counter() - started, found)


@contextmanager
def _workers(jobs: int) -> Iterator[Any]:
    """A pool of `jobs` worker processes that a Ctrl-C leaves to this process to stop.

    Spawned, not forked: each worker starts clean instead of inheriting this process's threads
    (tqdm's) and native library state (pyspiel's). A Ctrl-C at a terminal reaches every process
    of the command, so the workers are started with SIGINT blocked (a mask a new process keeps):
    only this one stops, and leaving the pool ends the workers, without a traceback from each.
    A Ctrl-C while the pool is being made waits, and stops the command once the pool exists.
    """
    arrived: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: arrived.append(signum))
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        # Each worker also ignores SIGINT itself, should its start have left the mask behind.
        ignore_interrupts = (signal.SIGINT, signal.SIG_IGN)
        pool = multiprocessing.get_context("spawn").Pool(jobs, initializer=signal.signal, initargs=ignore_interrupts)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)  # one that came meanwhile is taken now, and noted
        signal.signal(signal.SIGINT, previous)
    with pool:
        if arrived and callable(previous):
            previous(arrived[0], None)  # stops the command now, as it would have then
        yield pool


@dataclass(frozen=True)
class ShardRun:
    """One shard played: its summary, the seconds it took and the first examples of each class."""

    summary: Summary
    seconds: float
    examples: tuple[Disagreement, ...]


def run_shard(setup: Setup, campaign: Campaign, shard: Shard, keep: int = 0, jobs: int = 1, progress: bool = False) -> ShardRun:
    """Play one shard of a campaign here, over `jobs` processes, keeping `keep` examples per class (0: all).

    This is also the unit of work a cluster's workers run (conformance/fuzzing/cluster.py).
    """
    result = fuzz(setup, shard.hands(campaign.hands), jobs, progress)
    return ShardRun(summarize(campaign, shard, result.disagreements), result.seconds, first_of_each(result.disagreements, keep))
