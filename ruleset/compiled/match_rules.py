"""The match section compiled: how games add up to a match, with laps and slams.

A variant without a match section plays a single game, as it always has; one with a section
plays games until a side has won enough of them. Kept apart from `rules` because the match
layer is a layer of its own above the game, and nothing below it asks about matches.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class MatchRules:
    """The settings of a match, each off by default (see the match section of variant.schema.json)."""

    games_to_win: int
    laps: bool
    """Points beyond the target carry into the next game for the side that scored them."""
    slam_games: int
    """Games a game counts for when the losers have not scored (1: no slams)."""
    rubber_points: int
    """Points the match's winner adds to the games it has won, for its match points."""

    def carried(self, scores: tuple[int, ...], winners: tuple[int, ...], target: int) -> tuple[int, ...]:
        """The points each team takes into the next game: a winner's excess over the target, with laps; else 0."""
        if not self.laps:
            return (0,) * len(scores)
        return tuple(max(0, score - target) if team in winners else 0 for team, score in enumerate(scores))

    def games_counted(self, scores: tuple[int, ...], winners: tuple[int, ...]) -> int:
        """Games a won game counts for: slam_games when no losing team has scored, else 1."""
        losers = [score for team, score in enumerate(scores) if team not in winners]
        return self.slam_games if losers and all(score <= 0 for score in losers) else 1


def compile_match(section: dict[str, Any] | None) -> MatchRules | None:
    """The compiled match settings of a resolved variant's match section (None: a single game)."""
    if section is None:
        return None
    return MatchRules(section["games_to_win"], section["laps"], section["slam_games"], section["rubber_points"])
