"""Checks a schema cannot express: that a resolved variant can actually be played.

A schema says each field has the right shape; these checks say the fields agree with each other:
the deck is big enough for the deal, special cards are in the deck, teams cover every seat,
exactly one scoring row covers each possible outcome, and every cited clause or source exists.
Each check returns located errors; none stops the others, so one run shows every problem.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from documents.errors import SpecError, join_pointer, split_pointer
from ruleset.compose import Resolved
from ruleset.model import (
    deck_codes,
    deck_ranks,
    hands_dealt,
    is_partnership,
    maker_alone_rule,
    outcomes,
    player_outcomes,
    player_row_covers,
    row_matches,
    suit_ranks,
)


def check(resolved: Resolved, sources: dict[str, Any], retired: dict[str, str]) -> list[SpecError]:
    """Every semantic error of a resolved variant, its defaults filled in.

    Where a rule must be written down rather than left to its default (the tie-break of a double
    pack, the pick-up of a variant with a first round), the check asks whether a file stated it.
    """
    errors: list[SpecError] = []
    for checker in (_seats, _deck, _deal, _bidding, _auction, _lone_play, _scoring, _player_scoring, _fold, _game, _conditions):
        errors.extend(checker(resolved))
    for checker in (_trump_makers, _dummy):
        errors.extend(checker(resolved))
    errors.extend(_citations(resolved, sources, retired))
    return errors


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
    for suit in deck["ranks_by_suit"]:
        if suit not in deck["suits"]:
            yield r.error(f"/deck/ranks_by_suit/{suit}", f"suit {suit} has ranks but is not one of the deck's suits")
    for index, card in enumerate(deck["extra_cards"]):
        if card[:2] in {f"{rank}{suit}" for suit in deck["suits"] for rank in suit_ranks(deck, suit)}:
            yield r.error(f"/deck/extra_cards/{index}", f"extra card {card} is already in the deck")
    trump = r.data["trump"]
    if trump["right_bower"] or trump["left_bower"]:
        for suit in deck["suits"]:
            if "J" not in suit_ranks(deck, suit):
                yield r.error("/trump", f"the bowers need a jack in every suit, but the deck has no J{suit}")
    for index, special in enumerate(trump["special_cards"]):
        if special["card"] not in base:
            # Placed where it was last written: a house rule that takes the card out of the deck is the line to fix.
            written = [
                f"/trump/special_cards/{index}/card",
                *(f"/deck/{key}" for key in ("extra_cards", "ranks", "suits", "ranks_by_suit")),
            ]
            yield r.error_at_latest(written, f"special card {special['card']} is not in the deck")
    specials = {special["card"] for special in trump["special_cards"]}
    for joker in sorted(code for code in base if code[1:2] not in "CDHS" and code not in specials):
        # A card of no suit has no place in any suit's order: only the special cards' ranking can place it.
        written = ["/deck/extra_cards", "/deck/extra_cards_by_copy", "/trump/special_cards"]
        yield r.error_at_latest(written, f"the joker {joker} belongs to no suit, so it must be one of trump.special_cards")
    if deck["copies"] > 1 and not r.stated("/trump/duplicate_tiebreak"):
        yield r.error("/trump", "a deck with several copies of each card needs trump.duplicate_tiebreak")


def _deal(r: Resolved) -> Iterator[SpecError]:
    deal = r.data["deal"]
    if sum(deal["packets"]) != deal["hand_size"]:
        yield r.error("/deal/packets", f"the packets add up to {sum(deal['packets'])}, not the hand size {deal['hand_size']}")
    hands = hands_dealt(r.data)
    needed = hands * deal["hand_size"] + (1 if deal["up_card"] else 0)
    size = len(deck_codes(r.data["deck"]))
    if size < needed:
        yield r.error_at_latest(
            ["/deck", "/deal/hand_size", "/seats/count", "/deal/up_card"],
            f"the deck has {size} cards but the deal needs {needed} "
            f"({hands} hands of {deal['hand_size']}{' and an up-card' if deal['up_card'] else ''})",
        )


def _bidding(r: Resolved) -> Iterator[SpecError]:
    bidding = r.data["bidding"]
    one, two = bidding["round_one"], bidding["round_two"]
    if one["enabled"] and not r.data["deal"]["up_card"]:
        yield r.error("/bidding/round_one/enabled", "round one bids on the up-card, but the deal turns no up-card")
    for key in ("dealer_pickup", "dealer_may_discard_up_card"):
        if one["enabled"] and not r.stated(f"/bidding/round_one/{key}"):
            yield r.error("/bidding/round_one", f"round one needs {key}")
    if one["dealer_partner_must_go_alone"] and not is_partnership(r.data):
        yield r.error(
            "/bidding/round_one/dealer_partner_must_go_alone", "the dealer's partner exists only in a game of partnerships"
        )
        if r.data["lone_play"]["maker"] == "never":
            yield r.error(
                "/bidding/round_one/dealer_partner_must_go_alone",
                "the dealer's partner must go alone, but lone_play.maker is 'never'",
            )
    if bidding["all_pass"] == "stick_the_dealer" and not two["enabled"]:
        yield r.error("/bidding/all_pass", "stick the dealer needs a second round of bidding")
    if bidding["all_pass"] == "dealer_concedes" and not two["enabled"]:
        yield r.error("/bidding/all_pass", "a dealer concedes by passing the second round, and this variant has none")
    if not one["enabled"] and not two["enabled"] and r.data["auction"] is None:
        yield r.error("/bidding", "both rounds of bidding are disabled, so trump can never be made")
    special = bidding["special_up_card"]
    if special and not r.data["trump"]["special_cards"]:
        yield r.error("/bidding/special_up_card", "a rule for a special up-card needs trump.special_cards")
    if r.data["trump"]["special_cards"] and r.data["deal"]["up_card"] and not special:
        yield r.error("/trump/special_cards", "a special card can be turned up; set bidding.special_up_card to say what happens")
    if special and special["rule"] == "stands_for_suit" and special["suit"] not in r.data["deck"]["suits"]:
        named = "names no suit" if special["suit"] is None else f"names {special['suit']}, which is not one of the deck's suits"
        yield r.error("/bidding/special_up_card", f"a special up-card that stands for a suit {named}")
    if special and special["rule"] != "stands_for_suit" and special["suit"] is not None:
        yield r.error("/bidding/special_up_card/suit", "only a special up-card that stands_for_suit names a suit")
    if bidding["low_no_trump"] and not two["enabled"]:
        yield r.error("/bidding/low_no_trump", "low no trump is named in round two, but the variant has no second round")
    if bidding["prediction"]["enabled"] and not (r.data["deal"]["up_card"] and one["enabled"]):
        yield r.error("/bidding/prediction", "predicting the up-card needs an up-card and a first round")
    if bidding["prediction"]["enabled"] and maker_alone_rule(r.data) == "never":
        # A prediction is a lone hand called before the deal is seen; a maker who may never play alone cannot make it.
        yield r.error("/bidding/prediction", "a prediction is a lone hand, and lone_play.maker is never here")
    redeal = bidding["redeal"]
    if redeal is not None and not set(redeal["ranks"]) & deck_ranks(r.data["deck"]):
        yield r.error("/bidding/redeal/ranks", "none of these ranks is in the deck, so no hand could qualify for a redeal")
    if redeal is not None and redeal["hand_suits"] == "not_up_suit" and not r.data["deal"]["up_card"]:
        yield r.error("/bidding/redeal/hand_suits", "only a card turned up can bar its suit from a hand that calls a redeal")
    if len({"C", "D", "H", "S"} - set(bidding["forbidden_trump"])) < 2:
        yield r.error("/bidding/forbidden_trump", "at least two suits must be allowed as trump")
    yield from _going_under(r)
    yield from _no_maker(r)


def _no_maker(r: Resolved) -> Iterator[SpecError]:
    """A hand played with nobody as the maker has no makers' tricks to look a side's row up by: it is scored player by player."""
    bidding = r.data["bidding"]
    player_scored = bool(r.data["scoring"]["player_rows"])
    if bidding["forced_trump_maker"] == "nobody" and not player_scored:
        yield r.error(
            "/bidding/forced_trump_maker", "a hand nobody made is scored player by player: it needs scoring.player_rows"
        )
    if bidding["all_pass"] == "play_no_trump":
        if not player_scored:
            yield r.error(
                "/bidding/all_pass", "a hand everybody passed is played with nobody as the maker, so it needs scoring.player_rows"
            )
        if not (bidding["round_one"]["enabled"] or bidding["round_two"]["enabled"]):
            yield r.error("/bidding/all_pass", "play_no_trump follows the rounds of bidding, and this variant has none")


def _trump_makers(r: Resolved) -> Iterator[SpecError]:
    """Who may make trump, and how: readings that only mean something beside another rule."""
    bidding = r.data["bidding"]
    stuck = bidding["all_pass"] == "stick_the_dealer"
    if bidding["no_trump"] == "stuck_dealer" and not stuck:
        yield r.error("/bidding/no_trump", "no trump for the stuck dealer only needs a stuck dealer (all_pass: stick_the_dealer)")
    if bidding["dealer_needs_trump"] == "any_maker" and stuck:
        yield r.error(
            "/bidding/dealer_needs_trump",
            "every maker needing a trump cannot be combined with stick the dealer: the sources do not say what a stuck "
            "dealer holding no card of a suit they may name would do",
        )


def _dummy(r: Resolved) -> Iterator[SpecError]:
    """A compulsory dummy is taken by every maker: there must be a dummy, and no maker made to play without it."""
    dummy = r.data["dummy"]
    if dummy["merge"] != "compulsory":
        return
    if not dummy["enabled"]:
        yield r.error("/dummy/merge", "a compulsory dummy needs a dummy hand (dummy.enabled)")
    elif r.data["lone_play"]["maker"] == "always":
        yield r.error("/dummy/merge", "every maker takes a compulsory dummy, but lone_play.maker says every maker plays alone")


def _going_under(r: Resolved) -> Iterator[SpecError]:
    """Going under swaps the shown cards for the whole hidden kitty, so the two must be the same size."""
    under = r.data["bidding"]["going_under"]
    if under is None:
        return
    deal = r.data["deal"]
    kitty = len(deck_codes(r.data["deck"])) - hands_dealt(r.data) * deal["hand_size"] - (1 if deal["up_card"] else 0)
    if under["count"] != kitty:
        yield r.error("/bidding/going_under/count", f"going under exchanges {under['count']} cards, but the kitty holds {kitty}")
    if under["count"] > deal["hand_size"]:
        yield r.error("/bidding/going_under/count", f"a hand has only {deal['hand_size']} cards to show")
    if not set(under["ranks"]) & deck_ranks(r.data["deck"]):
        yield r.error("/bidding/going_under/ranks", "none of these ranks is in the deck, so no hand could go under")
    if under["shown_suits"] == "not_up_suit" and not deal["up_card"]:
        yield r.error("/bidding/going_under/shown_suits", "only a card turned up can bar its suit from the cards shown")


def _auction(r: Resolved) -> Iterator[SpecError]:
    auction = r.data["auction"]
    if auction is None:
        return
    bidding = r.data["bidding"]
    for name in ("round_one", "round_two"):
        if bidding[name]["enabled"]:
            yield r.error(f"/bidding/{name}/enabled", f"a variant with an auction makes its contract there; disable {name}")
    forced_by_nobody = bool(bidding["forced_trump_up_suits"]) and bidding["forced_trump_maker"] == "nobody"
    if r.data["deal"]["up_card"] and not forced_by_nobody:
        # The one use an auction has for an up-card: its suit may force trump before any bid, nobody taking it.
        yield r.error(
            "/deal/up_card",
            "an auction bids on no up-card; set deal.up_card to false (or let a forced trump suit be made by nobody)",
        )
    hand_size = r.data["deal"]["hand_size"]
    if auction["max"] > hand_size:
        yield r.error("/auction/max", f"a bid of {auction['max']} tricks is more than the hand size {hand_size}")
    if auction["min"] > auction["max"]:
        yield r.error("/auction/min", f"the minimum bid {auction['min']} is above the highest bid {auction['max']}")
    stuck = auction["stuck_min"]
    if stuck is not None and (auction["all_pass"] == "throw_in" or stuck > auction["max"]):
        yield r.error("/auction/stuck_min", "a stuck or forced dealer's minimum needs all_pass other than throw_in, at most max")
    if auction["all_pass_round"] == "last" and not (isinstance(auction["rounds"], int) and auction["passed_may_return"]):
        # Unlimited, the passing would go round for ever; with final passes, nobody would be left to speak.
        yield r.error(
            "/auction/all_pass_round",
            "a hand nobody bids settled in the last round needs a number of rounds (rounds: N) and passed_may_return",
        )
    if r.data["lone_play"]["maker"] != "never":
        yield r.error("/lone_play/maker", "in an auction a lone hand is a named bid; set lone_play.maker to never")
    if r.data["play"]["renege"] == "penalized":
        # The engine scores a contract by its rows (bid and made); a renege penalty replaces an up-card game's row only.
        yield r.error("/play/renege", "a contract game is scored by its contract; a renege penalty has no place in it yet")
    names = [named["name"] for named in auction["named_bids"]]
    for index, named in enumerate(auction["named_bids"]):
        if names.index(named["name"]) != index:
            yield r.error(f"/auction/named_bids/{index}/name", f"the named bid {named['name']!r} is listed twice")
        if named["call"] and not (named["alone"] and is_partnership(r.data)):
            yield r.error(f"/auction/named_bids/{index}/call", "calling for cards needs a lone bid and partners to give them")
        elif named["call"] and named["exchange"] == "both_ways" and any(len(team) > 2 for team in r.data["seats"]["teams"]):
            yield r.error(
                f"/auction/named_bids/{index}/exchange",
                "an exchange both ways is between the bidder and one partner; with several partners use another order",
            )
    for index, named in enumerate(auction["named_bids"]):
        over = named["only_over"]
        if over is not None and over not in names[:index]:
            yield r.error(
                f"/auction/named_bids/{index}/only_over", f"{over!r} is not a named bid listed before {named['name']!r}"
            )
    known = {"number", *names}
    for name, row in r.data["scoring"]["rows"].items():
        for key in sorted(set(row["when"]) - {"bid", "made"}):
            yield r.error(f"/scoring/rows/{name}/when/{key}", f"a contract game's row tests only bid and made, not {key}")
        for index, bid in enumerate(row["when"].get("bid", [])):
            if bid not in known:
                yield r.error(f"/scoring/rows/{name}/when/bid/{index}", f"no bid is named {bid!r} (number, or a named bid)")


_CONDITION_BARS = {"suit_euchred": "suit", "not_last_trick_suit": "suit", "led_rank": "trumping"}
"""The conditions asked of one thing only: a suit being made trump, a card led; the others are asked of the player."""


def _conditions(r: Resolved) -> Iterator[SpecError]:
    for name_of, item in r.data.get("conditions", {}).items():
        ((name, value),) = item["when"].items()
        where = join_pointer("/conditions", name_of)
        needs = _CONDITION_BARS.get(name)
        if needs is not None and item["bars"] != needs:
            yield r.error(
                f"{where}/when",
                f"{name} is asked of {'a suit' if needs == 'suit' else 'the card led'}, so it needs bars: {needs}",
            )
        if needs is None and item["bars"] in _CONDITION_BARS.values():
            yield r.error(f"{where}/bars", f"bars: {item['bars']} needs a condition asked of it ({', '.join(_CONDITION_BARS)})")
        if item["bars"] in ("calling", "suit") and r.data["auction"] is not None:
            yield r.error(f"{where}/bars", "this bars a call of the bidding rounds, and the variant makes trump by an auction")
        if item["bars"] in ("lone_hand", "partnered_hand") and r.data["lone_play"]["maker"] != "choice":
            yield r.error(
                f"{where}/bars",
                "a lone hand is barred or required only where the maker chooses to go alone (lone_play.maker: choice)",
            )
        if item["bars"] == "passing" and name != "up_card_seat":
            yield r.error(f"{where}/bars", "bars: passing is played in round one, so it needs the condition up_card_seat")
        if name == "up_card_seat" and (r.data["seats"]["count"] != 4 or not r.data["bidding"]["round_one"]["enabled"]):
            yield r.error(f"{where}/when", "up_card_seat names seats of the four-hand game around the up-card of round one")
        if name == "score_at_least" and r.data["game"]["direction"] == "up" and value >= r.data["game"]["target"]:
            yield r.error(f"{where}/when/score_at_least", "no side is ever at this score while the game goes on")


def _lone_play(r: Resolved) -> Iterator[SpecError]:
    lone = r.data["lone_play"]
    if lone["maker"] == "choice" and not is_partnership(r.data) and not r.data["dummy"]["enabled"]:
        yield r.error(
            "/lone_play/maker",
            "going alone needs a partner or a dummy to do without; use 'always' or 'never' in a game of individuals",
        )
    teams = r.data["seats"]["teams"]
    if lone["defender"] != "never" and r.data["seats"]["count"] - max(len(team) for team in teams) < 2:
        yield r.error("/lone_play/defender", "defending alone needs at least two defenders")
    if lone["partner_card"] != "none" and not (is_partnership(r.data) and lone["maker"] == "choice"):
        yield r.error("/lone_play/partner_card", "a card from a partner needs partnerships and a maker who may go alone")
    if r.data["play"]["renege"] == "penalized" and r.data["play"]["renege_penalty"] is None:
        yield r.error("/play/renege", "a penalized renege needs play.renege_penalty")
    if lone["partner_card_defender"] and (lone["partner_card"] == "none" or lone["defender"] == "never"):
        yield r.error(
            "/lone_play/partner_card_defender", "a lone defender's card from a partner needs partner_card and defending alone"
        )
    if lone["defender"] == "against_lone_maker" and lone["maker"] != "choice":
        yield r.error("/lone_play/defender", "defending alone against a lone maker needs a maker who may choose to go alone")
    for setting in ("partner_card_optional", "partner_card_up_card", "partner_card_returned"):
        if lone[setting] and lone["partner_card"] == "none":
            yield r.error(f"/lone_play/{setting}", "this says how a partner's card is exchanged, and needs partner_card")
    if lone["partner_may_take"] and not (
        lone["maker"] == "choice" and r.data["auction"] is None and all(len(team) == 2 for team in teams)
    ):
        yield r.error(
            "/lone_play/partner_may_take",
            "a lone hand taken over by the partner needs partnerships of two and a maker who chooses to go alone",
        )
    if lone["abandon_points"] is not None and (lone["maker"] == "never" or r.data["scoring"]["player_rows"]):
        yield r.error(
            "/lone_play/abandon_points", "abandoning a lone hand needs a maker who may go alone and a scoring table by sides"
        )
    if lone["partner_card_returned"] and lone["partner_card_defender"]:
        # No source read passes a lone defender's cards both ways, so no order is written for it.
        yield r.error(
            "/lone_play/partner_card_returned", "a card returned to the partner is a lone maker's exchange, not a lone defender's"
        )


def _scoring(r: Resolved) -> Iterator[SpecError]:
    rows = r.data["scoring"]["rows"]
    hand_size = r.data["deal"]["hand_size"]
    if r.data["scoring"]["player_rows"]:
        if rows:
            yield r.error("/scoring/rows", "a variant scores by sides (rows) or by players (player_rows), not both")
        return
    contract_game = r.data["auction"] is not None
    for name, row in rows.items():
        if not contract_game and "to" not in row["award"]:
            yield r.error(f"/scoring/rows/{name}/award", f"row {name!r} scores from a contract, but the variant has no auction")
        for key in sorted(set(row["when"]) & {"bid", "made"} if not contract_game else ()):
            yield r.error(f"/scoring/rows/{name}/when/{key}", f"row {name!r} tests {key}, but the variant has no auction")
        for count in row["when"].get("makers_tricks", []):  # a condition left out matches any count
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


def _player_scoring(r: Resolved) -> Iterator[SpecError]:
    """Exactly one per-player row covers each role and trick count a player can end a hand with."""
    rows = r.data["scoring"]["player_rows"]
    if not rows:
        return
    hand_size = r.data["deal"]["hand_size"]
    for name, row in rows.items():
        for count in row["when"].get("tricks", []):
            if count > hand_size:
                pointer = f"/scoring/player_rows/{name}/when/tricks"
                yield r.error(pointer, f"row {name!r} counts {count} tricks, but a hand has only {hand_size}")
    if r.data["auction"] is None:
        for name, row in rows.items():
            if "made" in row["when"]:
                where = f"/scoring/player_rows/{name}/when/made"
                yield r.error(where, f"row {name!r} tests made, but the variant has no auction")
    for outcome in player_outcomes(r.data):
        matching = [name for name, row in rows.items() if player_row_covers(row["when"], outcome)]
        described = f"a player who is {outcome['role']} and takes {outcome['tricks']} trick(s)"
        if outcome["made"] is not None:
            described += ", the bid " + ("made" if outcome["made"] else "set")
        elif r.data["auction"] is not None:
            described += ", in a hand nobody made"
        if not matching:
            yield r.error("/scoring/player_rows", f"no scoring row covers {described}")
        elif len(matching) > 1:
            yield r.error(
                f"/scoring/player_rows/{matching[1]}", f"rows {matching[0]!r} and {matching[1]!r} both cover {described}"
            )


def _fold(r: Resolved) -> Iterator[SpecError]:
    if not r.data["fold"]["enabled"]:
        return
    if is_partnership(r.data):
        yield r.error(
            "/fold/enabled", "fold or play is for a game of individuals: a partner who folded would leave a side half played"
        )
    if not r.data["scoring"]["player_rows"]:
        yield r.error("/fold/enabled", "a folded player is scored by role, so fold or play needs scoring.player_rows")


def _describe(outcome: dict[str, Any]) -> str:
    if "bid" in outcome:
        return f"a {outcome['bid']} bid {'made' if outcome['made'] else 'set'}"
    who = "a lone maker" if outcome["maker_alone"] else "the makers"
    if outcome["predicted_alone"]:
        who = "a maker who predicted alone"
    text = f"{who} taking {outcome['makers_tricks']} trick(s)"
    if outcome["defender_alone"]:
        text += " against a lone defender"
    return text


def _game(r: Resolved) -> Iterator[SpecError]:
    teams = r.data["seats"]["teams"]
    awards = [row["award"] for row in r.data["scoring"]["rows"].values()]
    pays_several = len(teams) > 2 and any(award.get("to", "defenders") == "defenders" for award in awards)
    if pays_several and r.data["game"]["tie"] is None:
        yield r.error("/game", "a euchre pays several players here, so two can reach the target together: set game.tie")
    if len(teams) > 2 and r.data["scoring"]["player_rows"] and r.data["game"]["tie"] is None:
        yield r.error("/game", "every player is scored each hand here, so two can reach the target together: set game.tie")
    if r.data["game"]["win"] == "by_contract" and r.data["auction"] is None:
        yield r.error("/game/win", "winning by contract needs an auction")
    yield from _fixed_hands(r)
    yield from _length(r)


MAX_TARGET = 1000
"""The highest target a game may have: ten times the highest any source plays to (100, in Bid Euchre).
A game to more could not be played in practice (a game to 10^15 would take longer than anyone waits)."""

MAX_GAME_HANDS = 1000
"""The most hands a game of a fixed number of hands may have (sources play twelve)."""

MAX_MATCH_GAMES = 100
"""The most games a side may need to win a match, and a slam may count for (sources: two, for a rubber)."""


def _length(r: Resolved) -> Iterator[SpecError]:
    """A game or a match that could not be played to its end in practice."""
    game, match = r.data["game"], r.data["match"]
    if game["target"] > MAX_TARGET:
        yield r.error(
            "/game/target", f"a game to {game['target']:,} could not be played to its end; targets go up to {MAX_TARGET:,}"
        )
    if game["hands"] is not None and game["hands"] > MAX_GAME_HANDS:
        yield r.error(
            "/game/hands", f"a game of {game['hands']:,} hands is too long to play; games have at most {MAX_GAME_HANDS:,}"
        )
    for field in ("games_to_win", "slam_games"):
        if match is not None and match.get(field, 1) > MAX_MATCH_GAMES:
            yield r.error(f"/match/{field}", f"{match[field]:,} games is more than a match can hold; at most {MAX_MATCH_GAMES}")


def _fixed_hands(r: Resolved) -> Iterator[SpecError]:
    """A game of a fixed number of hands is won on the scores after them, so it cannot also end another way."""
    game = r.data["game"]
    if game["hands"] is None:
        return
    if game["tie"] is None:
        yield r.error("/game/hands", "a game of a fixed number of hands can end with equal scores: set game.tie")
    if game["win"] == "by_contract":
        yield r.error("/game/win", "a game of a fixed number of hands is won on the scores after them, not by contract")
    if r.data["match"] is not None:
        yield r.error(
            "/game/hands", "a match counts its games from the target (laps, slams): its games cannot be of fixed length"
        )


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
    for key in r.data["sources"]:
        if key not in sources:
            yield r.error("/sources", f"unknown source {key!r}; see spec/sources.yaml")
    for index, erratum in enumerate(r.data["errata"]):
        if erratum["source"].split(":")[0] not in sources:
            yield r.error(f"/errata/{index}/source", f"unknown source {erratum['source']!r}; see spec/sources.yaml")
    for pointer, choice in r.data["choices"].items():
        if not _exists(r.data, pointer) and not turned_off(r.data, pointer):
            yield r.error(join_pointer("/choices", pointer), f"the choice names {pointer}, which is not a value of this variant")
        if choice["source"].split(":")[0] not in sources:
            key = choice["source"].split(":")[0]
            yield r.error(join_pointer("/choices", pointer), f"unknown source {key!r}; see spec/sources.yaml")
        at = join_pointer("/choices", pointer)
        readings = [(join_pointer(at, "source"), choice["source"])]
        readings += [
            (join_pointer(join_pointer(at, "others"), ident if ident is not None else str(i)), text)
            for i, (ident, text) in enumerate(other_readings(choice))
        ]
        for where, reading in readings:
            for key in cited_keys(reading):
                if key not in sources:
                    yield r.error(where, f"the reading cites unknown source {key!r}; see spec/sources.yaml")


def other_readings(choice: Mapping[str, Any]) -> list[tuple[str | None, str]]:
    """A choice's other readings as (reading id, text), in written order; a list without ids gives None for each id."""
    others = choice.get("others") or {}
    if isinstance(others, Mapping):
        return [(str(ident), text) for ident, text in others.items()]
    return [(None, text) for text in others]


NAMED_HOUSE_RULE = re.compile(r"house rule ([a-z0-9-]+(?:=[a-z0-9-]+)?)")
"""A reading that names the house rule (or mode) offering it, as in "2 (B66; house rule cutthroat-march-two)"."""


def named_house_rule(reading: str) -> str | None:
    """The house rule reference (`id` or `id=mode`) a reading names as the one offering it, if any."""
    found = NAMED_HOUSE_RULE.search(reading)
    return None if found is None else found.group(1)


_CITATION = re.compile(r"\(([^()]*)\)")
_SOURCE_KEY = re.compile(r"[A-Z][A-Z0-9]*[a-z]?")


def cited_keys(text: str) -> list[str]:
    """The source keys a reading cites in parentheses, as in "(S4p, S2; house rule x)".

    Readings are prose, so only a parenthesised list whose items before the first ";" are each a
    bare key counts as a citation; "(Bid Euchre, BEP)" yields BEP and skips the words.
    """
    keys = []
    for group in _CITATION.findall(text):
        for item in group.split(";")[0].split(","):
            item = item.strip()
            if _SOURCE_KEY.fullmatch(item):
                keys.append(item)
    return keys


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


def turned_off(data: Any, pointer: str) -> bool:
    """Whether a section above `pointer` is null: a house rule's modes share its choices, and a mode that turns
    the section off (a farmer's hand redealt rather than exchanged) leaves the choices about it idle."""
    for token in split_pointer(pointer):
        if isinstance(data, Mapping) and token in data:
            data = data[token]
        elif isinstance(data, list | tuple) and token.isdigit() and int(token) < len(data):
            data = data[int(token)]
        else:
            return False
        if data is None:
            return True
    return False


def _exists(data: Any, pointer: str) -> bool:
    for token in split_pointer(pointer):
        if isinstance(data, dict) and token in data:
            data = data[token]
        elif isinstance(data, list) and token.isdigit() and int(token) < len(data):
            data = data[int(token)]
        else:
            return False
    return True
