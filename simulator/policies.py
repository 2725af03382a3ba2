"""Policies for the seats an agent does not play: a callable from what the seat sees to an action id.

A policy is given the seat's view (`simulator.views.SeatView`: only what that seat may know),
the legal action ids and a random generator it should draw from, so a seeded environment
replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .views import SeatView

Policy = Callable[[SeatView, Sequence[int], random.Random], int]
"""(what the seat sees, the legal action ids, the environment's generator) -> the action id to take."""


def random_policy(view: SeatView, legal: Sequence[int], rng: random.Random) -> int:
    """A legal action drawn uniformly: the baseline every learner should beat."""
    return legal[rng.randrange(len(legal))]
