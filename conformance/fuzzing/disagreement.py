"""A point where two fuzzed engines part: the value every later stage (summary, scenario) reads."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Disagreement:
    """One point where two engines part, with everything needed to replay it."""

    hand: int
    number: int
    dealer: int
    steps: tuple[tuple[int, str], ...]
    field: str
    expected: Any
    actual: Any
    label: str
    topic: str
    phase: str | None
    previous_phase: str | None = None
    clause: str | None = None


def first_of_each(disagreements: Iterable[Disagreement], keep: int) -> tuple[Disagreement, ...]:
    """The first `keep` disagreements of each class by hand number (every one if keep is 0)."""
    taken: Counter[str] = Counter()
    kept = []
    for disagreement in sorted(disagreements, key=lambda d: (d.hand, d.label)):
        if not keep or taken[disagreement.label] < keep:
            taken[disagreement.label] += 1
            kept.append(disagreement)
    return tuple(kept)
