"""Checks a schema cannot express: that a resolved variant can actually be played.

A schema says each field has the right shape; these checks say the fields agree with each other:
the deck is big enough for the deal, special cards are in the deck, teams cover every seat,
exactly one scoring row covers each possible outcome, and every cited clause or source exists.
Each check returns located errors; none stops the others, so one run shows every problem.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product
from typing import Any

from documents.errors import SpecError, join_pointer, split_pointer

from .compose import Resolved


def check(resolved: Resolved, sources: dict[str, Any], retired: dict[str, str]) -> list[SpecError]:
    """Every semantic error of a resolved variant."""
    errors: list[SpecError] = []
    for checker in (_seats, _deck, _deal, _bidding, _lone_play, _scoring, _game):
        errors.extend(checker(resolved))
    errors.extend(_citations(resolved, sources, retired))
    return errors


def deck_codes(deck: dict[str, Any]) -> list[str]:
    """The card codes of a deck section, in canonical order (copies, suits, ranks, extras)."""
    copies = deck.get("copies", 1)
    codes: list[str] = []
    for copy_number in range(1, copies + 1):
        suffix = f"#{copy_number}" if copies > 1 else ""
        for suit in deck["suits"]:
            for rank in deck.get("ranks_by_suit", {}).get(suit, deck["ranks"]):
                codes.append(f"{rank}{suit}{suffix}")
        codes.extend(f"{card}{suffix}" for card in deck.get("extra_cards", []))
        by_copy = deck.get("extra_cards_by_copy", [])
        if copy_number <= len(by_copy):
            codes.extend(f"{card}{suffix}" for card in by_copy[copy_number - 1])
    return codes


def _seats(r: Resolved) -> Iterator[SpecError]:
    seats = r.data["seats"]
    count = seats["count"]
    listed = [seat for team in seats["teams"] for seat in team]
    for seat in sorted(set(listed)):
        if listed.count(seat) > 1:
            yield r.error("/seats/teams", f"seat {seat} is in more than one team")
    for seat in sorted(set(listed) - set(range(count))):
        yield r.error("/seats/teams", f"seat {seat} does not exist at a table of {count}")
    for seat in sorted(set(range(count)) - set(listed)):
        yield r.error("/seats/teams", f"seat {seat} is in no team")


def _deck(r: Resolved) -> Iterator[SpecError]:
    deck = r.data["deck"]
    codes = deck_codes(deck)
    base = {code.split("#")[0] for code in codes}
    for suit in deck.get("ranks_by_suit", {}):
        if suit not in deck["suits"]:
            yield r.error(f"/deck/ranks_by_suit/{suit}", f"suit {suit} has ranks but is not one of the deck's suits")
    for index, card in enumerate(deck.get("extra_cards", [])):
        if card[:2] in {
            f"{rank}{suit}" for suit in deck["suits"] for rank in deck.get("ranks_by_suit", {}).get(suit, deck["ranks"])
        }:
            yield r.error(f"/deck/extra_cards/{index}", f"extra card {card} is already in the deck")
    trump = r.data["trump"]
    if trump["right_bower"] or trump["left_bower"]:
        for suit in deck["suits"]:
            if "J" not in deck.get("ranks_by_suit", {}).get(suit, deck["ranks"]):
                yield r.error("/trump", f"the bowers need a jack in every suit, but the deck has no J{suit}")
    for index, special in enumerate(trump.get("special_cards", [])):
        if special["card"] not in base:
            # Placed where it was last written: a house rule that takes the card out of the deck is the line to fix.
            written = [
                f"/trump/special_cards/{index}/card",
                *(f"/deck/{key}" for key in ("extra_cards", "ranks", "suits", "ranks_by_suit")),
            ]
            yield r.error_at_latest(written, f"special card {special['card']} is not in the deck")
    if deck.get("copies", 1) > 1 and "duplicate_tiebreak" not in trump:
        yield r.error("/trump", "a deck with several copies of each card needs trump.duplicate_tiebreak")


def _deal(r: Resolved) -> Iterator[SpecError]:
    deal = r.data["deal"]
    if sum(deal["packets"]) != deal["hand_size"]:
        yield r.error("/deal/packets", f"the packets add up to {sum(deal['packets'])}, not the hand size {deal['hand_size']}")
    players = r.data["seats"]["count"]
    hands = players + (1 if r.data.get("dummy", {}).get("enabled", False) else 0)
    needed = hands * deal["hand_size"] + (1 if deal["up_card"] else 0)
    size = len(deck_codes(r.data["deck"]))
    if size < needed:
        yield r.error_at_latest(
            ["/deck", "/deal/hand_size", "/seats/count", "/deal/up_card"],
            f"the deck has {size} cards but the deal needs {needed} "
            f"({hands} hands of {deal['hand_size']}{' and an up-card' if deal['up_card'] else ''})",
        )


def _partnered(r: Resolved) -> bool:
    return any(len(team) > 1 for team in r.data["seats"]["teams"])


def _bidding(r: Resolved) -> Iterator[SpecError]:
    bidding = r.data["bidding"]
    one, two = bidding["round_one"], bidding["round_two"]
    if one.get("enabled", True) and not r.data["deal"]["up_card"]:
        yield r.error("/bidding/round_one/enabled", "round one bids on the up-card, but the deal turns no up-card")
    for key in ("dealer_pickup", "dealer_may_discard_up_card"):
        if one.get("enabled", True) and key not in one:
            yield r.error("/bidding/round_one", f"round one needs {key}")
    if one.get("dealer_partner_must_go_alone") and not _partnered(r):
        yield r.error(
            "/bidding/round_one/dealer_partner_must_go_alone", "the dealer's partner exists only in a game of partnerships"
        )
        if r.data["lone_play"]["maker"] == "never":
            yield r.error(
                "/bidding/round_one/dealer_partner_must_go_alone",
                "the dealer's partner must go alone, but lone_play.maker is 'never'",
            )
    if bidding["all_pass"] == "stick_the_dealer" and not two.get("enabled", True):
        yield r.error("/bidding/all_pass", "stick the dealer needs a second round of bidding")
    if not one.get("enabled", True) and not two.get("enabled", True):
        yield r.error("/bidding", "both rounds of bidding are disabled, so trump can never be made")
    special = bidding.get("special_up_card")
    if special and not r.data["trump"].get("special_cards"):
        yield r.error("/bidding/special_up_card", "a rule for a special up-card needs trump.special_cards")
    if r.data["trump"].get("special_cards") and r.data["deal"]["up_card"] and not special:
        yield r.error("/trump/special_cards", "a special card can be turned up; set bidding.special_up_card to say what happens")
    if bidding.get("prediction", {}).get("enabled") and not (r.data["deal"]["up_card"] and one.get("enabled", True)):
        yield r.error("/bidding/prediction", "predicting the up-card needs an up-card and a first round")
    ranks = {
        rank
        for suit in r.data["deck"]["suits"]
        for rank in r.data["deck"].get("ranks_by_suit", {}).get(suit, r.data["deck"]["ranks"])
    }
    redeal_ranks = bidding.get("redeal", {}).get("ranks", [])
    if redeal_ranks and not set(redeal_ranks) & ranks:
        yield r.error("/bidding/redeal/ranks", "none of these ranks is in the deck, so no hand could qualify for a redeal")
    if len({"C", "D", "H", "S"} - set(bidding.get("forbidden_trump", []))) < 2:
        yield r.error("/bidding/forbidden_trump", "at least two suits must be allowed as trump")


def _lone_play(r: Resolved) -> Iterator[SpecError]:
    lone = r.data["lone_play"]
    dummy = r.data.get("dummy", {}).get("enabled", False)
    if lone["maker"] == "choice" and not _partnered(r) and not dummy:
        yield r.error(
            "/lone_play/maker",
            "going alone needs a partner or a dummy to do without; use 'always' or 'never' in a game of individuals",
        )
    teams = r.data["seats"]["teams"]
    if lone["defender"] != "never" and r.data["seats"]["count"] - max(len(team) for team in teams) < 2:
        yield r.error("/lone_play/defender", "defending alone needs at least two defenders")
    if lone.get("partner_card", "none") != "none" and not (_partnered(r) and lone["maker"] == "choice"):
        yield r.error("/lone_play/partner_card", "a card from a partner needs partnerships and a maker who may go alone")
    if r.data["play"].get("renege") == "penalized" and "renege_penalty" not in r.data["play"]:
        yield r.error("/play/renege", "a penalized renege needs play.renege_penalty")
    if lone["defender"] == "against_lone_maker" and lone["maker"] != "choice":
        yield r.error("/lone_play/defender", "defending alone against a lone maker needs a maker who may choose to go alone")


def outcomes(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Every hand outcome the variant can produce, as the keys a scoring row tests."""
    lone = data["lone_play"]
    maker_alone = {"choice": [False, True], "always": [True], "never": [False]}[lone["maker"]]
    predicting = data["bidding"].get("prediction", {}).get("enabled", False)
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
    """Whether a scoring row's conditions cover an outcome."""
    for key, wanted in when.items():
        value = outcome[key]
        if isinstance(wanted, list):
            if value not in wanted:
                return False
        elif value != wanted:
            return False
    return True


def _scoring(r: Resolved) -> Iterator[SpecError]:
    rows = r.data["scoring"]["rows"]
    hand_size = r.data["deal"]["hand_size"]
    for name, row in rows.items():
        for count in row["when"].get("makers_tricks", []):
            if count > hand_size:
                yield r.error(
                    f"/scoring/rows/{name}/when/makers_tricks",
                    f"row {name!r} counts {count} tricks, but a hand has only {hand_size}",
                )
    for outcome in outcomes(r.data):
        matching = [name for name, row in rows.items() if row_matches(row["when"], outcome)]
        described = _describe(outcome)
        if not matching:
            yield r.error("/scoring/rows", f"no scoring row covers {described}")
        elif len(matching) > 1:
            yield r.error(f"/scoring/rows/{matching[1]}", f"rows {matching[0]!r} and {matching[1]!r} both cover {described}")


def _describe(outcome: dict[str, Any]) -> str:
    who = "a lone maker" if outcome["maker_alone"] else "the makers"
    if outcome.get("predicted_alone"):
        who = "a maker who predicted alone"
    text = f"{who} taking {outcome['makers_tricks']} trick(s)"
    if outcome["defender_alone"]:
        text += " against a lone defender"
    return text


def _game(r: Resolved) -> Iterator[SpecError]:
    teams = r.data["seats"]["teams"]
    pays_several = len(teams) > 2 and any(row["award"]["to"] == "defenders" for row in r.data["scoring"]["rows"].values())
    if pays_several and "tie" not in r.data["game"]:
        yield r.error("/game", "a euchre pays several players here, so two can reach the target together: set game.tie")


def _citations(r: Resolved, sources: dict[str, Any], retired: dict[str, str]) -> Iterator[SpecError]:
    clauses = r.data["clauses"]
    for pointer, value in clause_refs(r.data, ""):
        if value not in clauses:
            yield r.error(pointer, f"cites clause {value!r}, which is not defined")
    for clause_id, clause in clauses.items():
        if clause_id in retired:
            yield r.error(
                f"/clauses/{clause_id}", f"clause id {clause_id!r} was retired ({retired[clause_id]}) and may not be reused"
            )
        for index, source in enumerate(clause["sources"]):
            if source.split(":")[0] not in sources:
                yield r.error(f"/clauses/{clause_id}/sources/{index}", f"unknown source {source!r}; see spec/sources.yaml")
    for key in r.data.get("sources", []):
        if key not in sources:
            yield r.error("/sources", f"unknown source {key!r}; see spec/sources.yaml")
    for index, erratum in enumerate(r.data.get("errata", [])):
        if erratum["source"].split(":")[0] not in sources:
            yield r.error(f"/errata/{index}/source", f"unknown source {erratum['source']!r}; see spec/sources.yaml")
    for pointer, choice in r.data.get("choices", {}).items():
        if not _exists(r.data, pointer):
            yield r.error(join_pointer("/choices", pointer), f"the choice names {pointer}, which is not a value of this variant")
        if choice["source"].split(":")[0] not in sources:
            key = choice["source"].split(":")[0]
            yield r.error(join_pointer("/choices", pointer), f"unknown source {key!r}; see spec/sources.yaml")


def clause_refs(data: Any, pointer: str = "") -> Iterator[tuple[str, str]]:
    """Every clause a resolved document cites from its settings, as (pointer, clause id), in order."""
    if isinstance(data, dict):
        for key, value in data.items():
            child = join_pointer(pointer, key)
            if (key == "clause" or key.endswith("_clause")) and isinstance(value, str):
                yield child, value
            elif key not in ("clauses", "choices"):
                yield from clause_refs(value, child)
    elif isinstance(data, list):
        for index, item in enumerate(data):
            yield from clause_refs(item, join_pointer(pointer, index))


def _exists(data: Any, pointer: str) -> bool:
    for token in split_pointer(pointer):
        if isinstance(data, dict) and token in data:
            data = data[token]
        elif isinstance(data, list) and token.isdigit() and int(token) < len(data):
            data = data[int(token)]
        else:
            return False
    return True
