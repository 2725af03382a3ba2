"""A fuzzing campaign as a value: its slices (shards), its summary, and how summaries merge.

A campaign is fixed by what decides every hand it plays: the two engines, the rules, the seed
and the number of hands (hand i depends on (seed, i) alone, see `conformance.fuzzing.play.hand_deal`).
So it can be cut into shards that run anywhere, in any order, and the shards' summaries merged
give back exactly what one run of the whole campaign gives. For that, everything in a summary
is either a sum over hands (counts) or a choice that does not depend on the order hands were
played in: each class keeps its *smallest witness*, the disagreement with the fewest steps
before the engines part, ties going to the lowest hand number.

Shards are numbered from 1 ("2/3" is the second of three), as people count them; shard I of N
plays the contiguous hands [(I-1)*H//N, I*H//N), so the N shards together play every hand once.
A whole run is shard 1/1, and so is a complete merge.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from conformance.fuzzing.disagreement import Disagreement

SHARD_FORM = re.compile(r"(\d+)/(\d+)")
MAX_HANDS = 10**9
"""The most hands a campaign may have: a billion, a few days of a cluster; a summary claiming more is not
one `euchre-spec fuzz` wrote."""


@dataclass(frozen=True)
class Campaign:
    """What decides every hand of a fuzzing run; shards of one campaign share it exactly."""

    engines: tuple[str, str]
    """The engines as given on the command line (they rebuild the command in a scenario)."""
    names: tuple[str, str]
    variant: str
    house_rules: tuple[str, ...]
    seed: int
    hands: int


@dataclass(frozen=True, order=True)
class Shard:
    """Slice `index` (1-based) of `count` equal, contiguous slices of a campaign's hands."""

    index: int
    count: int

    def hands(self, total: int) -> range:
        """The hand numbers this shard plays out of a campaign of `total` hands."""
        return range((self.index - 1) * total // self.count, self.index * total // self.count)

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


WHOLE = Shard(1, 1)


class ShardFormError(ValueError):
    """A shard argument that is not I/N with 1 <= I <= N."""


def parse_shard(text: str) -> Shard:
    """'2/3' -> Shard(2, 3); a ShardFormError saying what is wrong otherwise."""
    matched = SHARD_FORM.fullmatch(text.strip())
    if not matched:
        raise ShardFormError(f"{text!r} is not a shard: write I/N, such as 2/3 for the second of three")
    index, count = int(matched[1]), int(matched[2])
    if count < 1 or not 1 <= index <= count:
        raise ShardFormError(f"{text!r} is not a shard: I/N needs 1 <= I <= N (shards are numbered from 1)")
    return Shard(index, count)


def witness_order(disagreement: Disagreement) -> tuple[int, int]:
    """How witnesses compare: the fewest steps to the first differing step, then the lowest hand."""
    return len(disagreement.steps), disagreement.hand


@dataclass(frozen=True)
class ClassSummary:
    """One disagreement class: how often it was found and its smallest witness."""

    label: str
    count: int
    witness: Disagreement


@dataclass(frozen=True)
class Summary:
    """What a campaign, or one shard of it, found: equal values mean equal findings.

    Timings and the files written are left out on purpose: they differ between runs that found
    exactly the same thing.
    """

    campaign: Campaign
    shard: Shard
    hands: int
    hands_with_disagreement: int
    classes: tuple[ClassSummary, ...]
    """Most frequent first, ties by class label, so the order is the same however it was built."""

    def witnesses(self) -> list[Disagreement]:
        """The witness of every class, in hand order (the order scenarios are written in)."""
        return sorted((entry.witness for entry in self.classes), key=lambda d: (d.hand, d.label))


def summarize(campaign: Campaign, shard: Shard, disagreements: Iterable[Disagreement]) -> Summary:
    """The summary of one shard (or of the whole campaign, shard 1/1) from every disagreement it found."""
    found = list(disagreements)
    counts = Counter(d.label for d in found)
    smallest: dict[str, Disagreement] = {}
    for disagreement in found:
        best = smallest.get(disagreement.label)
        if best is None or witness_order(disagreement) < witness_order(best):
            smallest[disagreement.label] = disagreement
    classes = [ClassSummary(label, counts[label], smallest[label]) for label in counts]
    return Summary(campaign, shard, len(shard.hands(campaign.hands)), len({d.hand for d in found}), by_frequency(classes))


def by_frequency(classes: Iterable[ClassSummary]) -> tuple[ClassSummary, ...]:
    """Classes most frequent first, ties by label: one order however the summary was built or read."""
    return tuple(sorted(classes, key=lambda entry: (-entry.count, entry.label)))


class MergeError(Exception):
    """Summaries that cannot be merged; `code` is stable, the message says which files and why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def merge(summaries: Sequence[tuple[str, Summary]]) -> Summary:
    """Merge the summaries of every shard of one campaign, each with where it came from.

    The result is the summary one unsharded run of the campaign writes: counts summed, the
    smallest witness of each class kept. Refused with a MergeError: summaries of different
    campaigns, shards of different cuts, a shard given twice, a shard whose counts or witnesses
    are not of its slice of the campaign, and an incomplete set.
    """
    if not summaries:
        raise MergeError("no_summaries", "no summaries to merge")
    (first_source, first), *rest = summaries
    for source, summary in rest:
        if summary.campaign != first.campaign:
            differing = _differences(first.campaign, summary.campaign)
            raise MergeError(
                "different_campaigns", f"{source} is of another campaign than {first_source} (they differ in {differing})"
            )
    count = first.shard.count
    seen: dict[int, str] = {}
    for source, summary in summaries:
        if summary.shard.count != count:
            raise MergeError(
                "overlapping_shards",
                f"{source} is shard {summary.shard} but {first_source} is {first.shard}: "
                "shards cut in different numbers overlap; merge shards of one cut",
            )
        if seen.get(summary.shard.index) == source:
            raise MergeError("overlapping_shards", f"{source} is given twice")
        if summary.shard.index in seen:
            raise MergeError("overlapping_shards", f"{source} and {seen[summary.shard.index]} are both shard {summary.shard}")
        seen[summary.shard.index] = source
        problem = _slice_problem(summary)
        if problem is not None:
            raise MergeError("not_its_slice", f"{source}: {problem}")
    missing = [str(Shard(index, count)) for index in range(1, count + 1) if index not in seen]
    if missing:
        raise MergeError("missing_shards", f"the set is incomplete: shard(s) {', '.join(missing)} missing")
    counts: Counter[str] = Counter()
    smallest: dict[str, Disagreement] = {}
    for _, summary in summaries:
        for entry in summary.classes:
            counts[entry.label] += entry.count
            best = smallest.get(entry.label)
            if best is None or witness_order(entry.witness) < witness_order(best):
                smallest[entry.label] = entry.witness
    classes = by_frequency(ClassSummary(label, counts[label], smallest[label]) for label in counts)
    hands = sum(summary.hands for _, summary in summaries)
    with_disagreement = sum(summary.hands_with_disagreement for _, summary in summaries)
    return Summary(first.campaign, WHOLE, hands, with_disagreement, classes)


def played_hands(numbers: range) -> str:
    """The hands of a slice, in words."""
    return f"hands {numbers.start:,} to {numbers.stop - 1:,}" if numbers else "no hands"


def _slice_problem(summary: Summary) -> str | None:
    """What a shard's summary claims that its slice of the campaign cannot have: another number of hands, more hands
    with a disagreement than hands, a witness from outside the slice."""
    numbers = summary.shard.hands(summary.campaign.hands)
    played = f"shard {summary.shard} of a campaign of {summary.campaign.hands:,} hands plays {played_hands(numbers)}"
    if summary.hands != len(numbers):
        return f"{played}, but the summary counts {summary.hands:,}"
    if summary.hands_with_disagreement > summary.hands:
        return f"{played}, but the summary counts {summary.hands_with_disagreement:,} with a disagreement"
    outside = [entry.witness.hand for entry in summary.classes if entry.witness.hand not in numbers]
    if outside:
        return f"{played}, but a witness is hand {outside[0]:,}"
    return None


def _differences(one: Campaign, other: Campaign) -> str:
    fields = ("engines", "names", "variant", "house_rules", "seed", "hands")
    return ", ".join(name for name in fields if getattr(one, name) != getattr(other, name))
