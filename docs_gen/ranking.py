"""Card ranking orders, read from the compiled rules rather than restated.

The engine decides tricks with `Rules.effective_suit` and `Rules.power`; the ranking tables on
the site are those same tables sorted, so the site cannot rank a card differently from the
engine (a left bower, a Benny, a short suit all come out as the engine sees them).
"""

from __future__ import annotations

from dataclasses import dataclass

from ruleset.compiled.cards import SUITS
from ruleset.compiled.rules import NO_TRUMP, TRUMP_LETTERS, Rules


@dataclass(frozen=True)
class SuitOrder:
    """The cards that count as one suit under a trump choice, highest first."""

    suit: str | None
    is_trump: bool
    cards: tuple[str, ...]


def trump_choices(rules: Rules) -> list[str]:
    """The trump suits a hand can have: each suit of the deck, and N or L where no trump, high or low, can be named."""
    letters = [letter for letter in SUITS if any(card.suit == letter for card in rules.deck)]
    if rules.bidding.no_trump:
        letters.append("N")
    if rules.bidding.low_no_trump:
        letters.append("L")
    return letters


def suit_orders(rules: Rules, trump: str) -> list[SuitOrder]:
    """Every suit's cards in order when `trump` is trump (N: no trump), trump first.

    Identical copies of a card (a double pack) are listed once.
    """
    row = TRUMP_LETTERS.index(trump)
    groups: dict[int, list[tuple[int, str]]] = {}
    for index, card in enumerate(rules.deck):
        groups.setdefault(rules.effective_suit[row][index], []).append((rules.power[row][index], card.face))
    order = sorted(groups, key=lambda suit: (suit != row, suit))
    result = []
    for suit in order:
        faces: list[str] = []
        for _, face in sorted(groups[suit], key=lambda item: -item[0]):
            if face not in faces:
                faces.append(face)
        letter = SUITS[suit] if suit < len(SUITS) else None
        result.append(SuitOrder(letter, suit == row and row < NO_TRUMP, tuple(faces)))
    return result
