"""Trickster's notation in our terms: compass seats, cards, the deal string, calls and contracts.

Seats are PBN's compass points, clockwise N, E, S, W, and become our seats 0 to 3 in that order,
so that "the next seat clockwise" is the same on both sides. A card is its suit then its rank
(`SA`, `DT`; ours is rank then suit, `AS`, `TD`); a deal string names its first seat and gives the
hands clockwise from it, each hand's cards grouped by suit as `spades.hearts.diamonds.clubs` with
a fifth group for a joker (`.H`, the high joker). Calls are `Pass`, a suit symbol (or letter),
`NT`, with `alone` added to a lone call (`NTalone`); `-` stands for a turn never reached.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

COMPASS = "NESW"
SUIT_GROUPS = "SHDC"
SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
JOKER = "JK"
_CARD = re.compile(r"[SHDC][2-9TJQKA]")


class NotationError(ValueError):
    """A value that is not Trickster's notation; the message says what was expected."""


def seat_of(letter: str) -> int:
    if letter not in COMPASS or len(letter) != 1:
        raise NotationError(f"a seat is one of N, E, S, W, not {letter!r}")
    return COMPASS.index(letter)


def seat_name(seat: int) -> str:
    return COMPASS[seat]


def our_card(token: str) -> str:
    """`SA` as our `AS`; NotationError for anything else."""
    if not _CARD.fullmatch(token):
        raise NotationError(f"a card is a suit letter and a rank (SA, DT, C9), not {token!r}")
    return token[1] + token[0]


def their_card(code: str) -> str:
    """Our `AS` as Trickster's `SA` (a joker as it is)."""
    return code if code == JOKER or len(code) != 2 else code[1] + code[0]


TRUMP_NAMES = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "N": "NT", "L": "NT↓"}


def their_action(text: str) -> str:
    """An action id in Trickster's words and cards: `play:AD` as `plays DA`, `name_trump:N` as `names NT`."""
    kind, _, argument = text.partition(":")
    if kind == "name_trump":
        return f"names {TRUMP_NAMES.get(argument, argument)}"
    verbs = {"play": "plays", "discard": "discards", "give": "passes"}
    if kind in verbs:
        return f"{verbs[kind]} {their_card(argument)}"
    return {"order_up": "orders up", "go_alone": "goes alone", "pass": "passes", "go_under": "goes under"}.get(text, text)


def cards_of(text: str) -> list[str]:
    """A run of cards with nothing between them (`HTHJDJCK`), as our codes."""
    if len(text) % 2:
        raise NotationError(f"cards are two characters each, and {text!r} has an odd length")
    return [our_card(text[index : index + 2]) for index in range(0, len(text), 2)]


def hand_of(text: str) -> list[str]:
    """One hand of a deal string: `Q.AQ.Q.J` (spades.hearts.diamonds.clubs, then jokers)."""
    groups = text.split(".")
    if len(groups) not in (4, 5):
        raise NotationError(f"a hand is four suit groups separated by dots (and a fifth for a joker), not {text!r}")
    cards = []
    for suit, ranks in zip(SUIT_GROUPS, groups[:4], strict=True):
        cards += [our_card(suit + rank) for rank in ranks]
    if len(groups) == 5:
        for joker in groups[4]:
            if joker != "H":
                raise NotationError(f"the joker group holds H (the high joker), not {joker!r}")
            cards.append(JOKER)
    return cards


def deal_of(text: str) -> dict[int, list[str]]:
    """A deal string `S:hand hand ...`, each hand given to the next seat clockwise from the first."""
    first, colon, rest = text.partition(":")
    if not colon:
        raise NotationError(f"a deal is the first seat, a colon and the hands (S:...), not {text!r}")
    start = seat_of(first.strip())
    hands = rest.split()
    if len(hands) > len(COMPASS):
        raise NotationError(f"a deal has at most {len(COMPASS)} hands, not {len(hands)}")
    return {(start + offset) % len(COMPASS): hand_of(hand) for offset, hand in enumerate(hands)}


def seat_cards(text: str) -> tuple[int, list[str]]:
    """`E:CQDJDK`: a seat and cards."""
    seat, colon, cards = text.partition(":")
    if not colon:
        raise NotationError(f"expected a seat, a colon and cards (E:CQDJDK), not {text!r}")
    return seat_of(seat), cards_of(cards)


def passed_cards(text: str) -> tuple[int, int, list[str]]:
    """`S:N:DQ`: from a seat, to a seat, cards."""
    parts = text.split(":")
    if len(parts) != 3:
        raise NotationError(f"a pass is from, to and cards (S:N:DQ), not {text!r}")
    return seat_of(parts[0]), seat_of(parts[1]), cards_of(parts[2])


@dataclass(frozen=True)
class Call:
    """One call of the auction: a pass, or a trump (a suit letter, N or L) and whether alone."""

    text: str
    trump: str | None
    alone: bool

    @property
    def passed(self) -> bool:
        return self.trump is None


def call_of(token: str) -> Call | None:
    """A call token; None for `-` (a turn never reached)."""
    if token == "-":
        return None
    if token.lower() == "pass":
        return Call(token, None, False)
    body, alone = (token[:-5], True) if token.lower().endswith("alone") else (token, False)
    body = body.strip()
    trump = SYMBOLS.get(body) or (body if body in SUIT_GROUPS and body else None)
    if body.upper() in ("NT", "NT↑"):
        trump = "N"
    elif body.upper() == "NT↓":
        trump = "L"
    if trump is None:
        raise NotationError(f"a call is Pass, a suit (♠ ♥ ♦ ♣), NT or NT↓, with 'alone' for a lone call, not {token!r}")
    return Call(token, trump, alone)


def contract_of(text: str) -> tuple[str, bool]:
    """A [Contract] tag: the trump (suit letter, N or L) and whether alone."""
    words = text.replace("alone", " alone").split()
    alone = "alone" in words
    named = [word for word in words if word != "alone"]
    call = call_of("".join(named)) if named else None
    if call is None or call.trump is None:
        raise NotationError(f"a contract is a trump (♠, NT, ...) and maybe 'alone', not {text!r}")
    return call.trump, alone
