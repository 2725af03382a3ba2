"""Points per player inside a partnership: the tally a progressive scorecard keeps for each player.

At a progressive party partners change at every table, so each player carries a card of their own
and the prize goes to the highest personal total. Most hands credit both partners with the side's
points; a scoring row may credit the maker alone with more (`award.maker_points`: a made lone hand
5 to the lone player and 4 to the partner). The side's score, which decides the game at the table,
is unchanged: this module only reads a finished hand's result.
"""

from __future__ import annotations

from collections.abc import Iterable

from ruleset.compiled.rules import Rules, ScoringRow

from .state import HandResult


def keeps_player_tally(rules: Rules) -> bool:
    """Whether any scoring row credits the maker apart from the partner (else each card just repeats the side's)."""
    return any(row.maker_points is not None for row in _rows(rules))


def player_points(rules: Rules, result: HandResult) -> tuple[int, ...]:
    """Each seat's points for one finished hand: the side's points, the maker's own where the row says so."""
    points = [result.points[rules.team_of[seat]] if result.points else 0 for seat in range(rules.players)]
    row = _row_named(rules, result.row)
    if result.maker is not None and row is not None and row.maker_points is not None and row.to == "makers":
        points[result.maker] += row.maker_points - row.points
    return tuple(points)


def player_totals(rules: Rules, results: Iterable[HandResult]) -> tuple[int, ...]:
    """Each seat's running total over the hands of a game."""
    totals = [0] * rules.players
    for result in results:
        for seat, points in enumerate(player_points(rules, result)):
            totals[seat] += points
    return tuple(totals)


def _rows(rules: Rules) -> Iterable[ScoringRow]:
    yield from rules.scoring.values()
    yield from rules.scoring_predicted_alone.values()


def _row_named(rules: Rules, name: str | None) -> ScoringRow | None:
    return None if name is None else next((row for row in _rows(rules) if row.name == name), None)
