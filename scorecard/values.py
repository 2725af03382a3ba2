"""What one hand can write on a scorecard under the rules: the points a side can score, and what a
maker alone can be credited on their own card (`award.maker_points`).

Each value comes from the rules' scoring rows, with the clause of every row that gives it, so a
value no row gives is refused naming the rows there are. A hand thrown in (everyone passed) scores
nothing and still counts as one of a fixed-hand game's hands; under stick-the-dealer no hand is
thrown in, so a hand with no points cannot be.
"""

from __future__ import annotations

from dataclasses import dataclass

from ruleset import builtin_catalog, resolve_checked
from ruleset.compiled.loading import load_rules
from ruleset.compiled.rules import Rules, ScoringRow


@dataclass(frozen=True)
class HandValues:
    """The values one hand can give, read from compiled rules."""

    rows: tuple[ScoringRow, ...]
    """Every scoring row a hand can end on."""
    lone_rows: tuple[ScoringRow, ...]
    """The rows of a lone hand made: scoring for a maker alone, and for no maker with a partner (a lone
    maker who takes three tricks scores as any maker, so that hand is not marked as a lone hand)."""
    thrown_in: bool
    """Whether a hand can end with no points (nobody made trump and the deal is thrown in)."""
    hands: int | None
    """The number of hands a game lasts (None: the game ends when a side reaches the target)."""
    target: int
    game_clause: str
    """The clause that ends a game: its number of hands, or its target."""

    def side_points(self) -> list[int]:
        return sorted({row.points for row in self.rows})

    def rows_giving(self, points: int) -> list[ScoringRow]:
        return [row for row in self.rows if row.points == points]

    def maker_rows(self, points: int) -> list[ScoringRow]:
        """The rows scoring `points` for the makers that credit the maker alone with more."""
        return [row for row in self.rows_giving(points) if row.to == "makers" and row.maker_points is not None]

    def clauses(self, rows: list[ScoringRow] | tuple[ScoringRow, ...] | None = None) -> str:
        return ", ".join(sorted({row.clause for row in (self.rows if rows is None else rows)}))


def hand_values(variant: str, house_rules: tuple[str, ...]) -> HandValues:
    """The values of one hand for these rules (SpecInvalid for an unknown variant or house rule)."""
    rules = load_rules(variant, house_rules)
    game = resolve_checked(builtin_catalog(), variant, house_rules).data["game"]
    return HandValues(
        rows=_rows(rules),
        lone_rows=_lone_rows(rules),
        thrown_in=not rules.bidding.stick_the_dealer,
        hands=rules.game_hands,
        target=rules.target,
        game_clause=str(game["clause"]),
    )


def _rows(rules: Rules) -> tuple[ScoringRow, ...]:
    found = {row.name: row for row in (*rules.scoring.values(), *rules.scoring_predicted_alone.values())}
    return tuple(found.values())


def _lone_rows(rules: Rules) -> tuple[ScoringRow, ...]:
    alone = {row.name: row for (_, maker_alone, _), row in rules.scoring.items() if maker_alone and row.to == "makers"}
    partnered = {row.name for (_, maker_alone, _), row in rules.scoring.items() if not maker_alone}
    return tuple(row for name, row in alone.items() if name not in partnered)
