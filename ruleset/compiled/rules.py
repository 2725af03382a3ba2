"""Compiled rules: a resolved variant turned into frozen lookup tables.

The engine never reads YAML or dicts. Everything it asks during play (what suit does this card
follow when hearts are trump, how strong is it, which scoring row covers this outcome) is
answered by a table built here once, so the rules of any variant cost the same at play time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ruleset.compiled.bidding_rules import Bidding, compile_bidding
from ruleset.compiled.cards import RED_SUITS, SAME_COLOUR, SUITS, Card, parse_card
from ruleset.compiled.condition_rules import ConditionRule, compile_conditions
from ruleset.compiled.contracts import Auction, ContractScoring, compile_auction, compile_contract_scoring
from ruleset.compiled.lone_rules import LonePlay, compile_lone_play
from ruleset.compiled.match_rules import MatchRules, compile_match
from ruleset.compiled.player_rules import FoldRule, PlayerScoring, compile_fold, compile_player_scoring
from ruleset.model import deck_codes, outcomes, row_matches, suit_ranks, team_seats

NO_TRUMP = 4
LOW_NO_TRUMP = 5
TRUMP_LETTERS = SUITS + "NL"
"""The trump choices by index: the four suits, then no trump (aces high) and low no trump (nines high)."""
PENALTY_CHOICES = ("add", "subtract")
REMEDY_CHOICES = ("card", "suit")
"""The innocent side's remedies for a lead out of turn: the card stays exposed and may be called, or a suit is called."""
TRUMP_BONUS = 10_000


@dataclass(frozen=True)
class ScoringRow:
    """One row of a scoring table."""

    name: str
    label: str
    to: str
    points: int
    clause: str
    maker_points: int | None = None
    """What the maker alone is credited on a tally kept per player (None: the side's points)."""


@dataclass(frozen=True, eq=False)
class Action:
    """A neutral action: its kind, its argument (a card id or suit index, else -1) and its text.

    Actions are built once per compiled variant and shared, so equality checks identity first;
    two actions are equal when their texts are.
    """

    kind: str
    card: int
    suit: int
    text: str

    def __str__(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Action) and self.text == other.text)

    def __hash__(self) -> int:
        return hash(self.text)


@dataclass(frozen=True)
class RenegeOptions:
    """How a caught renege is settled beyond its points: whether play stops at once, whether the
    innocent side picks between scoring the penalty and taking it off the guilty side, and whether
    the penalty counts both ways (scored by the innocent side and taken off the guilty one)."""

    ends_hand: bool
    innocent_chooses: bool
    both_ways: bool


@dataclass(frozen=True)
class Rules:
    """Everything the engine needs to play one resolved variant."""

    variant_id: str
    house_rules: tuple[str, ...]
    title: str
    players: int
    teams: tuple[tuple[int, ...], ...]
    team_of: tuple[int, ...]
    partners: tuple[tuple[int, ...], ...]
    deck: tuple[Card, ...]
    card_ids: Mapping[str, int]
    hand_size: int
    packets: tuple[int, ...]
    up_card: bool
    effective_suit: tuple[tuple[int, ...], ...]
    power: tuple[tuple[int, ...], ...]
    special_cards: frozenset[int]
    later_duplicate_wins: bool
    first_lead: str
    bidding: Bidding
    """How trump is made by the up-card rounds (where there is no auction), and what may come before them."""
    lone_play: LonePlay
    """Who may play or defend alone, and a lone player's card from a partner."""
    scoring: Mapping[tuple[int, bool, bool], ScoringRow]
    scoring_predicted_alone: Mapping[tuple[int, bool, bool], ScoringRow]
    dummy: bool
    renege_penalized: bool
    renege_points: int
    renege_against_lone: int
    renege_subtract: bool
    renege_clause: str | None
    """The clause a renege penalty cites in the hand's result."""
    target: int
    tie: str | None
    lose_at: int | None
    """Counting up, the score at or below which a side loses at once (game.lose_at); None when no score loses."""
    labels: Mapping[str, Mapping[str, str]]
    clause_ids: frozenset[str]
    match: MatchRules | None
    """How games add up to a match; None for a single game."""
    document: Mapping[str, Any] = field(repr=False, compare=False)
    actions: Mapping[str, Action] = field(repr=False, compare=False)
    play_actions: tuple[Action, ...] = field(repr=False, compare=False)
    renege_options: RenegeOptions
    """Whether a renege ends the hand at once, and whether the innocent side chooses its penalty."""
    player_scoring: PlayerScoring | None
    """The per-player table, where each player is scored by their own role and tricks (else None)."""
    fold: FoldRule | None
    """Fold or play after trump is fixed (None: everyone dealt in plays)."""
    count_down: bool
    """Whether every side starts at the target and counts down to 0 (game.direction: down)."""
    auction: Auction | None
    """The numeric auction that makes the contract (None: trump is made by the up-card rounds)."""
    contract_scoring: ContractScoring | None
    """The scoring rows of a contract game, by bid and made or set (None without an auction)."""
    game_hands: int | None
    """The number of hands a game lasts, after which the best score wins (None: the game ends at the target)."""
    conditions: tuple[ConditionRule, ...] = ()
    """The table's conditions (`conditions`): actions barred while a named condition holds."""
    lead_out_of_turn: bool = False
    """Whether a lead out of turn is accepted and remedied as the innocent side chooses (play.lead_out_of_turn)."""

    def action(self, text: str) -> Action:
        """The action with this text; raise KeyError if the variant has none."""
        return self.actions[text]

    def card_code(self, card: int) -> str:
        return self.deck[card].code

    def is_partnership(self) -> bool:
        return any(len(team) > 1 for team in self.teams)


def compile_rules(data: dict[str, Any], house_rules: tuple[str, ...] = ()) -> Rules:
    """Build Rules from a resolved, validated variant document with its defaults filled in.

    Every setting is read with `[...]`: the document is complete (resolved-variant.schema.json),
    so a missing one is a bug upstream, never a silent default here. Each section is compiled by
    its own function; this one puts the records together.
    """
    deck = tuple(parse_card(code) for code in deck_codes(data["deck"]))
    players = data["seats"]["count"]
    teams = team_seats(data)
    team_of = tuple(next(index for index, team in enumerate(teams) if seat in team) for seat in range(players))
    trump = data["trump"]
    effective, power = _trump_tables(
        deck, data["deck"], trump["special_cards"], trump["right_bower"], trump["left_bower"], trump["colour_breaks_ties"]
    )
    specials = {special["card"] for special in trump["special_cards"]}
    auction = None if data["auction"] is None else compile_auction(data["auction"], data["deal"]["hand_size"], TRUMP_LETTERS)
    tables = _scoring_tables(data) if auction is None else {False: {}, True: {}}
    lead_out_of_turn = data["play"]["lead_out_of_turn"] == "adversaries_call"
    actions = _actions(deck, players, auction, data["lone_play"]["abandon_points"] is not None, lead_out_of_turn)
    game = data["game"]
    return Rules(
        variant_id=data["id"],
        house_rules=tuple(house_rules),
        title=data["title"],
        players=players,
        teams=teams,
        team_of=team_of,
        partners=tuple(tuple(other for other in teams[team_of[seat]] if other != seat) for seat in range(players)),
        deck=deck,
        card_ids=MappingProxyType({card.code: index for index, card in enumerate(deck)}),
        hand_size=data["deal"]["hand_size"],
        packets=tuple(data["deal"]["packets"]),
        up_card=data["deal"]["up_card"],
        effective_suit=effective,
        power=power,
        special_cards=frozenset(index for index, card in enumerate(deck) if card.face in specials),
        later_duplicate_wins=trump["duplicate_tiebreak"] == "later_wins",
        bidding=compile_bidding(data),
        lone_play=compile_lone_play(data),
        first_lead=data["play"]["first_lead"],
        scoring=MappingProxyType(tables[False]),
        scoring_predicted_alone=MappingProxyType(tables[True]),
        dummy=data["dummy"]["enabled"],
        **_renege(data["play"]),
        target=game["target"],
        tie=game["tie"],
        lose_at=game["lose_at"],
        labels=MappingProxyType({k: MappingProxyType(v) for k, v in data["labels"].items()}),
        clause_ids=frozenset(data["clauses"]),
        match=compile_match(data["match"]),
        document=MappingProxyType(data),
        actions=MappingProxyType(actions),
        play_actions=tuple(actions[f"play:{card.code}"] for card in deck),
        player_scoring=compile_player_scoring(data),
        fold=compile_fold(data),
        count_down=game["direction"] == "down",
        auction=auction,
        contract_scoring=None if auction is None else compile_contract_scoring(data),
        game_hands=game["hands"],
        conditions=compile_conditions(data),
        lead_out_of_turn=lead_out_of_turn,
    )


def _scoring_tables(data: dict[str, Any]) -> dict[bool, dict[tuple[int, bool, bool], ScoringRow]]:
    """The side's table keyed by (makers' tricks, maker alone, defender alone), for hands predicted alone (True) or not."""
    rows = {
        name: ScoringRow(
            name,
            row.get("label", name),
            row["award"]["to"],
            row["award"]["points"],
            row["clause"],
            row["award"].get("maker_points"),
        )
        for name, row in data["scoring"]["rows"].items()
        if "to" in row["award"]  # a contract game's rows are compiled with the auction
    }
    tables: dict[bool, dict[tuple[int, bool, bool], ScoringRow]] = {False: {}, True: {}}
    for outcome in outcomes(data):
        for name, row in data["scoring"]["rows"].items():
            if row_matches(row["when"], outcome):
                key = (outcome["makers_tricks"], outcome["maker_alone"], outcome["defender_alone"])
                tables[outcome["predicted_alone"]][key] = rows[name]
    return tables


def _renege(play: dict[str, Any]) -> dict[str, Any]:
    """The renege settings of the `play` section, by the Rules fields they fill."""
    renege = play["renege_penalty"]
    return {
        "renege_penalized": play["renege"] == "penalized",
        "renege_points": 0 if renege is None else renege["points"],
        "renege_against_lone": 0 if renege is None else renege["against_lone"],
        "renege_subtract": renege is not None and renege["mode"] == "subtract",
        "renege_clause": play.get("renege_clause"),  # a clause reference: absent when none is cited
        "renege_options": RenegeOptions(
            ends_hand=renege is not None and renege["ends_hand"],
            innocent_chooses=renege is not None and renege["mode"] == "choice",
            both_ways=renege is not None and renege["mode"] == "both",
        ),
    }


def _actions(
    deck: tuple[Card, ...], players: int, auction: Auction | None, abandon: bool, out_of_turn: bool
) -> dict[str, Action]:
    """Every action a hand of this variant can contain, built once and shared (a bid's suit is its trump, -1 if none).

    `abandon` is in the catalogue only where a defender may abandon a lone hand, and the remedies
    and calls of a lead out of turn (`remedy:card`, `remedy:suit`, `call:H`, `call:9C`) only where
    one is accepted (`out_of_turn`), so that every other variant's actions (and the simulator's
    action space) stay as they were."""
    simple: tuple[str, ...] = (
        "pass",
        "order_up",
        "go_alone",
        "defend_alone",
        "leave_up_card",
        "call_redeal",
        "go_under",
        "stay_in",
        "fold",
    )
    if abandon:
        simple = (*simple, "abandon")
    actions = {kind: Action(kind, -1, -1, kind) for kind in simple}
    for index, letter in enumerate(TRUMP_LETTERS):
        actions[f"name_trump:{letter}"] = Action("name_trump", -1, index, f"name_trump:{letter}")
    for index, letter in enumerate(SUITS):
        for kind in ("predict", "predict_alone"):
            actions[f"{kind}:{letter}"] = Action(kind, -1, index, f"{kind}:{letter}")
    for index, choice in enumerate(PENALTY_CHOICES):
        actions[f"penalty:{choice}"] = Action("penalty", -1, index, f"penalty:{choice}")
    for seat in range(players):
        actions[f"ask:{seat}"] = Action("ask", -1, seat, f"ask:{seat}")
    for index, card in enumerate(deck):
        for kind in ("discard", "play", "give"):
            text = f"{kind}:{card.code}"
            actions[text] = Action(kind, index, -1, text)
    if out_of_turn:
        for choice in REMEDY_CHOICES:
            actions[f"remedy:{choice}"] = Action("remedy", -1, -1, f"remedy:{choice}")
        for index, letter in enumerate(SUITS):
            actions[f"call:{letter}"] = Action("call", -1, index, f"call:{letter}")
        for index, card in enumerate(deck):
            actions[f"call:{card.code}"] = Action("call", index, -1, f"call:{card.code}")
    if auction is not None:
        for text, bid in auction.bids.items():
            actions[text] = Action("bid", -1, -1 if bid.trump is None else bid.trump, text)
        for text, trump in auction.other_forms:
            actions[text] = Action("bid", -1, trump, text)
    return actions


def _trump_tables(
    deck: tuple[Card, ...],
    deck_section: dict[str, Any],
    specials: list[dict[str, Any]],
    right_bower: bool,
    left_bower: bool,
    colour_breaks_ties: bool,
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """For each trump choice (four suits, no trump, low no trump): every card's effective suit and power.

    Power orders cards within their effective suit; trumps get TRUMP_BONUS so any trump beats any
    card of the suit led. A card of a third suit never wins, so its power does not matter. Under
    low no trump the plain order is reversed, so the lowest card of the suit led wins.
    """
    special_power = _special_powers(specials)
    effective: list[tuple[int, ...]] = []
    power: list[tuple[int, ...]] = []
    for trump_index in range(len(TRUMP_LETTERS)):
        trump = SUITS[trump_index] if trump_index < len(SUITS) else None
        low = trump_index == LOW_NO_TRUMP
        suits_row, power_row = [], []
        for card in deck:
            if card.face in special_power:
                strength = special_power[card.face]
                entry = next(e for e in specials if e["card"] == card.face)
                if colour_breaks_ties and trump is not None and entry["colour"] == ("red" if trump in RED_SUITS else "black"):
                    strength += 1
                suits_row.append(trump_index)
                power_row.append(TRUMP_BONUS + strength)
                continue
            assert card.suit is not None, f"joker {card.code} must be a special card"
            ranks = suit_ranks(deck_section, card.suit)
            suit, strength = _card_in_trump(card, trump, ranks[::-1] if low else ranks, right_bower, left_bower)
            suits_row.append(suit)
            power_row.append(strength)
        effective.append(tuple(suits_row))
        power.append(tuple(power_row))
    return tuple(effective), tuple(power)


def _special_powers(specials: list[dict[str, Any]]) -> dict[str, int]:
    """Powers of the special cards, highest first, ten apart (room for a colour tie-break)."""
    powers: dict[str, int] = {}
    level = 1000 + 10 * len(specials)
    for entry in specials:
        if not entry["equal_to_previous"]:
            level -= 10
        powers[entry["card"]] = level
    return powers


def _card_in_trump(card: Card, trump: str | None, ranks: list[str], right_bower: bool, left_bower: bool) -> tuple[int, int]:
    plain = len(ranks) - ranks.index(card.rank) if card.rank in ranks else 0
    assert card.suit is not None
    own = SUITS.index(card.suit)
    if trump is None:
        return own, plain
    trump_index = SUITS.index(trump)
    if card.rank == "J" and right_bower and card.suit == trump:
        return trump_index, TRUMP_BONUS + 900
    if card.rank == "J" and left_bower and card.suit == SAME_COLOUR[trump]:
        return trump_index, TRUMP_BONUS + 800
    if card.suit == trump:
        return trump_index, TRUMP_BONUS + plain
    return own, plain
