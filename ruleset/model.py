"""What a resolved variant means, read one way by both the semantic checks and the compiler.

The checks ask "can these rules be played?" and the compiler asks "how are they played?", but
both need the same readings of the document: which cards the deck holds, who plays with whom,
which outcomes a hand can end in and which scoring row covers each. Those readings live here,
once, so the checks can never approve a deck or an outcome the compiler sees differently.

Every function takes a resolved document whose defaults are filled in (`defaults.fill_defaults`),
so each setting is read with `[...]`: no reading here supplies a value the document left out.
"""

from __future__ import annotations

from itertools import product
from typing import Any


def suit_ranks(deck: dict[str, Any], suit: str) -> list[str]:
    """The ranks of one suit, highest first: its own list in ranks_by_suit, else the deck's ranks."""
    ranks: list[str] = deck["ranks_by_suit"].get(suit, deck["ranks"])
    return ranks


def deck_ranks(deck: dict[str, Any]) -> set[str]:
    """Every rank found in some suit of the deck."""
    return {rank for suit in deck["suits"] for rank in suit_ranks(deck, suit)}


def deck_codes(deck: dict[str, Any]) -> list[str]:
    """The card codes of a deck section, in canonical order (copies, suits, ranks, extras)."""
    copies = deck["copies"]
    codes: list[str] = []
    for copy_number in range(1, copies + 1):
        suffix = f"#{copy_number}" if copies > 1 else ""
        for suit in deck["suits"]:
            for rank in suit_ranks(deck, suit):
                codes.append(f"{rank}{suit}{suffix}")
        codes.extend(f"{card}{suffix}" for card in deck["extra_cards"])
        by_copy = deck["extra_cards_by_copy"]
        if copy_number <= len(by_copy):
            codes.extend(f"{card}{suffix}" for card in by_copy[copy_number - 1])
    return codes


def team_seats(data: dict[str, Any]) -> tuple[tuple[int, ...], ...]:
    """The partnerships as tuples of seats, in the order the document lists them."""
    return tuple(tuple(team) for team in data["seats"]["teams"])


def is_partnership(data: dict[str, Any]) -> bool:
    """Whether some player has a partner (a game of partnerships rather than of individuals)."""
    return any(len(team) > 1 for team in data["seats"]["teams"])


def hands_dealt(data: dict[str, Any]) -> int:
    """How many hands the deal makes: one per seat, and the dummy's."""
    return int(data["seats"]["count"]) + (1 if data["dummy"]["enabled"] else 0)


NUMBER = "number"
"""The bid name a scoring row of a contract game uses for any bid of the numeric ladder."""


def contract_outcomes(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Every outcome of a contract game, as the keys a scoring row tests: the bid's name and whether it was made."""
    names = [NUMBER, *(named["name"] for named in data["auction"]["named_bids"])]
    return [{"bid": name, "made": made} for name in names for made in (True, False)]


def maker_alone_rule(data: dict[str, Any]) -> str:
    """Whether the maker plays alone (choice, always or never): a compulsory dummy is taken by every maker, so none
    plays without it, whatever lone_play.maker would allow."""
    if data["dummy"]["enabled"] and data["dummy"]["merge"] == "compulsory":
        return "never"
    return str(data["lone_play"]["maker"])


def outcomes(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Every hand outcome the variant can produce, as the keys a scoring row tests (a contract game's with an auction)."""
    if data["auction"] is not None:
        return contract_outcomes(data)
    lone = data["lone_play"]
    maker_alone = {"choice": [False, True], "always": [True], "never": [False]}[maker_alone_rule(data)]
    predicting = data["bidding"]["prediction"]["enabled"]
    found = []
    for tricks, alone, defender, predicted in product(
        range(data["deal"]["hand_size"] + 1), maker_alone, (False, True), (False, True)
    ):
        possible_defender = {"never": False, "always": True, "against_lone_maker": alone}[lone["defender"]]
        if (defender and not possible_defender) or (predicted and not (predicting and alone)):
            continue
        found.append({"makers_tricks": tricks, "maker_alone": alone, "defender_alone": defender, "predicted_alone": predicted})
    return found


def row_matches(when: dict[str, Any], outcome: dict[str, Any]) -> bool:
    """Whether a scoring row's conditions cover an outcome (a condition left out matches any value)."""
    for key, wanted in when.items():
        if key not in outcome:  # a condition of the other kind of game (semantics refuses it with its place)
            return False
        value = outcome[key]
        if isinstance(wanted, list):
            if value not in wanted:
                return False
        elif value != wanted:
            return False
    return True


PLAYER_ROLES = ("maker", "defender", "folded")


def has_no_maker_hands(data: dict[str, Any]) -> bool:
    """Whether a hand can be played with nobody as the maker: a trump forced by the up-card that
    nobody makes, or a hand everybody passed played at no trump."""
    bidding = data["bidding"]
    forced = bool(bidding["forced_trump_up_suits"]) and bidding["forced_trump_maker"] == "nobody"
    return forced or bool(bidding["all_pass"] == "play_no_trump")


def _bid_tricks(data: dict[str, Any]) -> tuple[int, int]:
    """The fewest and the most tricks a contract can commit its bidders to (a forced or stuck bid included)."""
    auction = data["auction"]
    fewest = auction["min"]
    if auction["all_pass"] != "throw_in" and auction["stuck_min"] is not None:
        fewest = min(fewest, auction["stuck_min"])
    most = data["deal"]["hand_size"] if auction["named_bids"] else auction["max"]
    return fewest, most


def player_outcomes(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Every (role, tricks, made) one player can end a hand with, as the keys a per-player scoring row tests.

    A folded player takes no trick. A player is folded only where someone can sit a hand out:
    by folding, or beside a lone maker or a lone defender. `made` is whether the hand's contract
    was made: None where there is no auction, and for everyone in a hand nobody made; a maker
    (the bidder) has made it with at least the fewest tricks a bid can name, and missed it with
    fewer than the most.
    """
    lone = data["lone_play"]
    sits_out = data["fold"]["enabled"] or lone["defender"] != "never" or (is_partnership(data) and lone["maker"] != "never")
    contract = data["auction"] is not None
    fewest, most = _bid_tricks(data) if contract else (0, 0)
    others_made: tuple[bool | None, ...] = (True, False) if contract else (None,)
    if contract and has_no_maker_hands(data):
        others_made = (*others_made, None)
    found: list[dict[str, Any]] = []
    for role in PLAYER_ROLES:
        tricks_range = [0] if role == "folded" else range(data["deal"]["hand_size"] + 1)
        if role == "folded" and not sits_out:
            continue
        for tricks in tricks_range:
            if role == "maker" and contract:
                made_values: tuple[bool | None, ...] = tuple(
                    made for made, possible in ((True, tricks >= fewest), (False, tricks < most)) if possible
                )
            else:
                made_values = others_made
            found.extend({"role": role, "tricks": tricks, "made": made} for made in made_values)
    return found


def player_row_covers(when: dict[str, Any], outcome: dict[str, Any]) -> bool:
    """Whether a per-player row's conditions cover one player's outcome (a role may be one or a list)."""
    role = when.get("role")
    if role is not None and outcome["role"] not in (role if isinstance(role, list) else [role]):
        return False
    made = when.get("made")
    if made is not None and outcome.get("made") is not made:
        return False
    tricks = when.get("tricks")
    return tricks is None or outcome["tricks"] in tricks
