"""A scoring row's award in words, for the variant pages and the comparison matrix.

A row awards a constant to one side ({to, points}) or, in a game with an auction, points to each
side computed from the contract (variant.schema.json, contract_award); both read as one phrase.
A per-player row (player_points) awards points per trick and points whatever the tricks.
"""

from __future__ import annotations

from typing import Any


def formula_words(formula: dict[str, Any]) -> str:
    """bid × b + tricks × t + p in words: "the bid", "−1 × the bid", "their tricks", "12"."""
    parts = []
    for key, words in (("bid", "the bid"), ("tricks", "their tricks")):
        coefficient = formula.get(key, 0)
        if coefficient:
            parts.append(words if coefficient == 1 else f"−{words}" if coefficient == -1 else f"{coefficient} × {words}")
    constant = formula.get("points", 0)
    if constant or not parts:
        parts.append(str(constant).replace("-", "−"))
    return " + ".join(parts)


def award_words(award: dict[str, Any]) -> str:
    """The whole award: "2 to defenders", or "makers: their tricks; defenders: their tricks"."""
    if "to" in award:
        own = award.get("maker_points")
        extra = "" if own is None else f" ({own} on the maker's own card, {award['points']} on the partner's)"
        return f"{award['points']} to {award['to']}{extra}"
    return "; ".join(f"{side}: {formula_words(award[side])}" for side in ("makers", "defenders") if side in award)


def player_points_words(award: dict[str, Any]) -> str:
    """A per-player award in short: points per trick and points whatever the tricks, as "-1 per trick", "+5"."""
    per_trick, points = award.get("tricks", 0), award.get("points", 0)
    terms = [f"{per_trick:+d} per trick"] if per_trick else []
    terms += [f"{points:+d}"] if points or not terms else []
    return " ".join(terms)
