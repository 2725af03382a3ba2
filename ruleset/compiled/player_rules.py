"""Compiled rules for games scored player by player: the per-player table and fold or play.

A side's table (`rules.ScoringRow`) answers "what does the makers' side score for this many
tricks"; a game of individuals such as Buck Euchre asks instead, for every player, "what does a
player in this role score for their own tricks" (and, where there was an auction, "was the bid
made"). Both questions are answered by lookup, built
once here, so scoring a hand never reads the document.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ruleset.model import player_outcomes, player_row_covers


@dataclass(frozen=True)
class PlayerRow:
    """One row of a per-player table: per_trick times the player's tricks, plus constant (the award's points)."""

    name: str
    label: str
    per_trick: int
    constant: int
    clause: str

    def points(self, tricks: int) -> int:
        return self.per_trick * tricks + self.constant


@dataclass(frozen=True)
class PlayerScoring:
    """The per-player table, keyed by (role, tricks, made): every outcome a player can have has its row.

    `made` is whether the hand's contract was made, None where the hand had no contract (a game
    without an auction, or a hand played with nobody as the maker).
    """

    rows: Mapping[tuple[str, int, bool | None], PlayerRow]

    def row(self, role: str, tricks: int, made: bool | None = None) -> PlayerRow:
        return self.rows[(role, tricks, made)]


@dataclass(frozen=True)
class FoldRule:
    """Fold or play: who is asked first, and whether a forced trump keeps everyone in."""

    from_maker: bool
    """True: asked from the maker's left; False: from the dealer's left, the maker skipped."""
    all_stay_when_forced: bool
    """Whether nobody may fold when the up-card's suit made trump at once."""


def compile_player_scoring(data: dict[str, Any]) -> PlayerScoring | None:
    """The per-player table of a resolved document, or None where the hand is scored by sides."""
    written = data["scoring"]["player_rows"]
    if not written:
        return None
    rows = {
        name: PlayerRow(name, row.get("label", name), row["award"]["tricks"], row["award"]["points"], row["clause"])
        for name, row in written.items()
    }
    table: dict[tuple[str, int, bool | None], PlayerRow] = {}
    for outcome in player_outcomes(data):
        for name, row in written.items():
            if player_row_covers(row["when"], outcome):
                table[(outcome["role"], outcome["tricks"], outcome["made"])] = rows[name]
    return PlayerScoring(MappingProxyType(table))


def compile_fold(data: dict[str, Any]) -> FoldRule | None:
    """The fold-or-play rule, or None where everyone dealt in plays the hand."""
    fold = data["fold"]
    if not fold["enabled"]:
        return None
    return FoldRule(fold["order"] == "left_of_maker", fold["when_trump_forced"] == "all_stay")
