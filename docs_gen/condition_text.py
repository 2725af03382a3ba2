"""A table condition in words, for the site: what it bars and when, as a club's rule sheet would say it.

The rules file says `bars: lone_hand, when: {score_at_least: 8}`; the page says "A maker may not play
alone while their side has at least 8 points." Each bar and each condition is worded once here.
"""

from __future__ import annotations

from typing import Any

from .markup import esc

_BARS = {
    "lone_hand": "A maker may not play alone",
    "calling": "A player may not make trump (only pass)",
    "suit": "Nobody may make a suit trump",
    "trumping": "A player who cannot follow suit may not play a trump (unless holding only trumps)",
    "passing": "A player may not pass in the first round (they must order the up-card up)",
    "partnered_hand": "A maker must play alone",
}

_SEATS = {"dealer": "the dealer", "left": "the dealer's left", "partner": "the dealer's partner", "right": "the dealer's right"}
_SUIT_NAMES = {"C": "a club", "D": "a diamond", "H": "a heart", "S": "a spade"}


def _when(name: str, value: Any) -> str:
    if name == "score_at_least":
        return f"while their side had at least {int(value)} points when the hand was dealt"
    if name == "called_last_hand":
        return "if they made trump in the hand before"
    if name == "suit_euchred":
        return "once its makers were euchred in an earlier hand of the game"
    if name == "not_last_trick_suit":
        return "other than the suit that took the last trick played in the game (a left bower took it as a trump)"
    if name == "led_rank":
        return f"when the card led is of rank {esc(str(value))} and not a trump"
    if name == "up_card_seat":
        named = "; ".join(f"{_SUIT_NAMES[suit]}, {_SEATS[seat]}" for suit, seat in value.items())
        return f"if the up-card's suit, in the first round, names their seat ({esc(named)})"
    raise ValueError(f"unknown condition {name!r}")


def condition_words(item: dict[str, Any]) -> str:
    """One sentence for a `conditions` item (escaped: it reaches the page as it is)."""
    ((name, value),) = item["when"].items()
    return f"{_BARS[item['bars']]} {_when(name, value)}."


def conditions_block(conditions: dict[str, Any]) -> str:
    """The conditions a house rule or variant sets, one line each ("" where it sets none)."""
    if not conditions:
        return ""
    lines = [f"- {condition_words(item)}" for item in conditions.values()]
    return "In words:\n\n" + "\n".join(lines) + "\n"
