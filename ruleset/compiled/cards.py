"""Cards, suits and their text codes.

A card's code is rank then suit ("9C", "TD", "JH"), a joker is "JK", "JR" or "JB", and in a
pack of several copies each code ends in "#n". The engine works on small integers (a card's
position in the variant's canonical deck); codes are only for people and protocols.
"""

from __future__ import annotations

from dataclasses import dataclass

SUITS = "CDHS"
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}
RED_SUITS = frozenset("DH")
JOKERS = frozenset({"JK", "JR", "JB"})


@dataclass(frozen=True)
class Card:
    """One physical card of a variant's deck."""

    code: str
    rank: str
    suit: str | None
    copy: int

    @property
    def face(self) -> str:
        """The code without its copy number."""
        return self.code.split("#")[0]


def parse_card(code: str) -> Card:
    """Build a Card from its code; raise ValueError for a malformed code."""
    face, _, copy_text = code.partition("#")
    copy = int(copy_text) if copy_text else 1
    if face in JOKERS:
        return Card(code, face, None, copy)
    if len(face) != 2 or face[0] not in "23456789TJQKA" or face[1] not in SUITS:
        raise ValueError(f"not a card code: {code!r}")
    return Card(code, face[0], face[1], copy)
