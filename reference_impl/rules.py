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

from .cards import SAME_COLOUR, SUITS, Card, parse_card
from .spec.semantics import deck_codes, outcomes, row_matches

NO_TRUMP = 4
TRUMP_BONUS = 10_000


@dataclass(frozen=True)
class ScoringRow:
    """One row of a scoring table."""

    name: str
    label: str
    to: str
    points: int
    clause: str


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
    round_one: bool
    round_two: bool
    dealer_partner_must_go_alone: bool
    dealer_pickup_compulsory: bool
    dealer_may_discard_up_card: bool
    dealer_picks_up_when_partner_alone: bool
    stick_the_dealer: bool
    stuck_dealer_may_name_turned_down: bool
    throw_in_same_dealer: bool
    special_up_card: str | None
    maker_alone: str
    defender_alone: str
    first_lead: str
    scoring: Mapping[tuple[int, bool, bool], ScoringRow]
    target: int
    tie: str | None
    labels: Mapping[str, Mapping[str, str]]
    clause_ids: frozenset[str]
    document: Mapping[str, Any] = field(repr=False, compare=False)
    actions: Mapping[str, Action] = field(repr=False, compare=False)
    play_actions: tuple[Action, ...] = field(repr=False, compare=False)

    def action(self, text: str) -> Action:
        """The action with this text; raise KeyError if the variant has none."""
        return self.actions[text]

    def card_code(self, card: int) -> str:
        return self.deck[card].code

    def is_partnership(self) -> bool:
        return any(len(team) > 1 for team in self.teams)


def compile_rules(data: dict[str, Any], house_rules: tuple[str, ...] = ()) -> Rules:
    """Build Rules from a resolved, validated variant document."""
    deck = tuple(parse_card(code) for code in deck_codes(data["deck"]))
    seats = data["seats"]
    teams = tuple(tuple(team) for team in seats["teams"])
    team_of = [0] * seats["count"]
    for index, team in enumerate(teams):
        for seat in team:
            team_of[seat] = index
    partners = tuple(tuple(s for s in teams[team_of[seat]] if s != seat) for seat in range(seats["count"]))
    trump = data["trump"]
    specials = [special["card"] for special in trump.get("special_cards", [])]
    effective, power = _trump_tables(
        deck, data["deck"]["ranks"], data["deck"].get("ranks_by_suit", {}), specials, trump["right_bower"], trump["left_bower"]
    )
    bidding = data["bidding"]
    one, two = bidding["round_one"], bidding["round_two"]
    rows = {
        name: ScoringRow(name, row.get("label", name), row["award"]["to"], row["award"]["points"], row["clause"])
        for name, row in data["scoring"]["rows"].items()
    }
    table = {}
    for outcome in outcomes(data):
        for name, row in data["scoring"]["rows"].items():
            if row_matches(row["when"], outcome):
                table[(outcome["makers_tricks"], outcome["maker_alone"], outcome["defender_alone"])] = rows[name]
    clause_ids = frozenset(data["clauses"])
    actions = _actions(deck)
    rules_data: dict[str, Any] = dict(
        variant_id=data["id"],
        house_rules=tuple(house_rules),
        title=data["title"],
        players=seats["count"],
        teams=teams,
        team_of=tuple(team_of),
        partners=partners,
        deck=deck,
        card_ids=MappingProxyType({card.code: index for index, card in enumerate(deck)}),
        hand_size=data["deal"]["hand_size"],
        packets=tuple(data["deal"]["packets"]),
        up_card=data["deal"]["up_card"],
        effective_suit=effective,
        power=power,
        special_cards=frozenset(i for i, card in enumerate(deck) if card.face in specials),
        later_duplicate_wins=trump.get("duplicate_tiebreak", "later_wins") == "later_wins",
        round_one=one.get("enabled", True),
        round_two=two.get("enabled", True),
        dealer_partner_must_go_alone=one.get("dealer_partner_must_go_alone", False),
        dealer_pickup_compulsory=one.get("dealer_pickup", "compulsory") == "compulsory",
        dealer_may_discard_up_card=one.get("dealer_may_discard_up_card", True),
        dealer_picks_up_when_partner_alone=one.get("dealer_picks_up_when_partner_alone", False),
        stick_the_dealer=bidding["all_pass"] == "stick_the_dealer",
        stuck_dealer_may_name_turned_down=bidding.get("stuck_dealer_may_name_turned_down", False),
        throw_in_same_dealer=bidding.get("throw_in_next_dealer", "left") == "same",
        special_up_card=bidding.get("special_up_card", {}).get("rule"),
        maker_alone=data["lone_play"]["maker"],
        defender_alone=data["lone_play"]["defender"],
        first_lead=data["play"]["first_lead"],
        scoring=MappingProxyType(table),
        target=data["game"]["target"],
        tie=data["game"].get("tie"),
        labels=MappingProxyType({k: MappingProxyType(v) for k, v in data.get("labels", {}).items()}),
        clause_ids=clause_ids,
        document=MappingProxyType(data),
        actions=MappingProxyType(actions),
        play_actions=tuple(actions[f"play:{card.code}"] for card in deck),
    )
    return Rules(**rules_data)


def _actions(deck: tuple[Card, ...]) -> dict[str, Action]:
    """Every action a hand of this variant can contain, built once and shared."""
    actions = {kind: Action(kind, -1, -1, kind) for kind in ("pass", "order_up", "go_alone", "defend_alone", "leave_up_card")}
    for index, letter in enumerate(SUITS):
        text = f"name_trump:{letter}"
        actions[text] = Action("name_trump", -1, index, text)
    for index, card in enumerate(deck):
        for kind in ("discard", "play"):
            text = f"{kind}:{card.code}"
            actions[text] = Action(kind, index, -1, text)
    return actions


def _trump_tables(
    deck: tuple[Card, ...],
    ranks: list[str],
    ranks_by_suit: dict[str, list[str]],
    specials: list[str],
    right_bower: bool,
    left_bower: bool,
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """For each trump choice (four suits, then no trump): every card's effective suit and power.

    Power orders cards within their effective suit; trumps get TRUMP_BONUS so any trump beats any
    card of the suit led. A card of a third suit never wins, so its power does not matter.
    """
    effective: list[tuple[int, ...]] = []
    power: list[tuple[int, ...]] = []
    for trump_index in range(len(SUITS) + 1):
        trump = SUITS[trump_index] if trump_index < len(SUITS) else None
        suits_row, power_row = [], []
        for card in deck:
            suit, strength = _card_in_trump(
                card, trump, ranks_by_suit.get(card.suit or "", ranks), specials, right_bower, left_bower
            )
            suits_row.append(suit)
            power_row.append(strength)
        effective.append(tuple(suits_row))
        power.append(tuple(power_row))
    return tuple(effective), tuple(power)


def _card_in_trump(
    card: Card, trump: str | None, ranks: list[str], specials: list[str], right_bower: bool, left_bower: bool
) -> tuple[int, int]:
    plain = len(ranks) - ranks.index(card.rank) if card.rank in ranks else 0
    if card.face in specials:
        if trump is None:
            return NO_TRUMP, TRUMP_BONUS + 1000 - specials.index(card.face)
        return SUITS.index(trump), TRUMP_BONUS + 1000 - specials.index(card.face)
    assert card.suit is not None, f"joker {card.code} must be a special card"
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
