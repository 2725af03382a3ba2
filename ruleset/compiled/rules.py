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

from ruleset.compiled.cards import RED_SUITS, SAME_COLOUR, SUITS, Card, parse_card
from ruleset.compiled.condition_rules import ConditionRule, compile_conditions
from ruleset.compiled.contracts import Auction, ContractScoring, compile_auction, compile_contract_scoring
from ruleset.compiled.exchange_rules import GoingUnder, PartnerExchange, compile_going_under, compile_partner_exchange
from ruleset.compiled.match_rules import MatchRules, compile_match
from ruleset.compiled.player_rules import FoldRule, PlayerScoring, compile_fold, compile_player_scoring
from ruleset.model import deck_codes, maker_alone_rule, outcomes, row_matches, suit_ranks, team_seats

NO_TRUMP = 4
LOW_NO_TRUMP = 5
TRUMP_LETTERS = SUITS + "NL"
"""The trump choices by index: the four suits, then no trump (aces high) and low no trump (nines high)."""
PENALTY_CHOICES = ("add", "subtract")
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
    defenders_from_maker: bool
    first_lead: str
    scoring: Mapping[tuple[int, bool, bool], ScoringRow]
    scoring_predicted_alone: Mapping[tuple[int, bool, bool], ScoringRow]
    dummy: bool
    forbidden_trump: frozenset[int]
    no_trump: bool
    forced_trump_up_suits: frozenset[int]
    dealer_needs_trump: bool
    redeal_ranks: frozenset[str]
    redeal_same_dealer: bool
    redeal_limit: int | None
    redeal_not_up_suit: bool
    prediction: bool
    partner_card: bool
    passed_player: str
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
    low_no_trump: bool
    """Whether low no trump (L) may be named in round two, beside or instead of no trump."""
    dealer_partner_alone_round_two: bool
    """The Canadian loner in round two as well: the dealer's partner who names trump must play alone."""
    special_up_suit: int | None
    """The suit a turned-up special card stands for in the bidding (None: it stands for none)."""
    renege_options: RenegeOptions
    """Whether a renege ends the hand at once, and whether the innocent side chooses its penalty."""
    partner_exchange: PartnerExchange
    """How a lone player's card from a partner is exchanged (where `partner_card` gives one)."""
    going_under: GoingUnder | None
    """Which hands may exchange cards with the kitty before the bidding (None: no hand may)."""
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
    no_trump_stuck_dealer_only: bool
    """Whether no trump (where `no_trump`) is open only to the stuck dealer, not to every player in round two."""
    any_maker_needs_trump: bool
    """Whether every maker in the bidding rounds, not only the dealer taking up (`dealer_needs_trump`), needs a card
    of the suit made trump."""
    forced_trump_no_maker: bool
    """Whether a trump forced by the up-card is made by nobody: the hand is played at once, the up-card untaken."""
    all_pass_no_trump: bool
    all_pass_concedes: bool
    """Whether a hand everybody passed is played at no trump with nobody as the maker, instead of thrown in."""
    forced_trump_clause: str | None
    """The clause a hand whose trump the up-card forced cites when nobody made it."""
    all_pass_clause: str | None
    """The clause a hand everybody passed cites when it is played all the same."""
    conditions: tuple[ConditionRule, ...] = ()
    """The table's conditions (`conditions`): actions barred while a named condition holds."""

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
    so a missing one is a bug upstream, never a silent default here.
    """
    deck = tuple(parse_card(code) for code in deck_codes(data["deck"]))
    seats = data["seats"]
    teams = team_seats(data)
    team_of = [0] * seats["count"]
    for index, team in enumerate(teams):
        for seat in team:
            team_of[seat] = index
    partners = tuple(tuple(s for s in teams[team_of[seat]] if s != seat) for seat in range(seats["count"]))
    trump = data["trump"]
    special_entries = trump["special_cards"]
    specials = [special["card"] for special in special_entries]
    effective, power = _trump_tables(
        deck,
        data["deck"],
        special_entries,
        trump["right_bower"],
        trump["left_bower"],
        trump["colour_breaks_ties"],
    )
    bidding = data["bidding"]
    one, two = bidding["round_one"], bidding["round_two"]
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
    auction = None if data["auction"] is None else compile_auction(data["auction"], data["deal"]["hand_size"], TRUMP_LETTERS)
    for outcome in outcomes(data) if auction is None else ():
        for name, row in data["scoring"]["rows"].items():
            if row_matches(row["when"], outcome):
                key = (outcome["makers_tricks"], outcome["maker_alone"], outcome["defender_alone"])
                tables[outcome["predicted_alone"]][key] = rows[name]
    table = tables[False]
    redeal = bidding["redeal"]
    renege = data["play"]["renege_penalty"]
    clause_ids = frozenset(data["clauses"])
    actions = _actions(deck, seats["count"], auction)
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
        later_duplicate_wins=trump["duplicate_tiebreak"] == "later_wins",
        round_one=one["enabled"],
        round_two=two["enabled"],
        dealer_partner_must_go_alone=one["dealer_partner_must_go_alone"],
        dealer_pickup_compulsory=one["dealer_pickup"] == "compulsory",
        dealer_may_discard_up_card=one["dealer_may_discard_up_card"],
        dealer_picks_up_when_partner_alone=one["dealer_picks_up_when_partner_alone"],
        stick_the_dealer=bidding["all_pass"] == "stick_the_dealer",
        stuck_dealer_may_name_turned_down=bidding["stuck_dealer_may_name_turned_down"],
        throw_in_same_dealer=bidding["throw_in_next_dealer"] == "same",
        special_up_card=None if bidding["special_up_card"] is None else bidding["special_up_card"]["rule"],
        maker_alone=maker_alone_rule(data),
        defender_alone=data["lone_play"]["defender"],
        defenders_from_maker=data["lone_play"]["defender_order"] == "left_of_maker",
        first_lead=data["play"]["first_lead"],
        scoring=MappingProxyType(table),
        scoring_predicted_alone=MappingProxyType(tables[True]),
        dummy=data["dummy"]["enabled"],
        forbidden_trump=frozenset(SUITS.index(suit) for suit in bidding["forbidden_trump"]),
        no_trump=bidding["no_trump"] is not False,
        forced_trump_up_suits=frozenset(SUITS.index(suit) for suit in bidding["forced_trump_up_suits"]),
        dealer_needs_trump=bidding["dealer_needs_trump"] is not False,
        redeal_ranks=frozenset(() if redeal is None else redeal["ranks"]),
        redeal_same_dealer=redeal is None or redeal["next_dealer"] == "same",
        redeal_limit=None if redeal is None else redeal["per_player_per_game"],
        redeal_not_up_suit=redeal is not None and redeal["hand_suits"] == "not_up_suit",
        prediction=bidding["prediction"]["enabled"],
        partner_card=data["lone_play"]["partner_card"] == "partner_gives",
        passed_player=data["lone_play"]["passed_player"],
        renege_penalized=data["play"]["renege"] == "penalized",
        renege_points=0 if renege is None else renege["points"],
        renege_against_lone=0 if renege is None else renege["against_lone"],
        renege_subtract=renege is not None and renege["mode"] == "subtract",
        renege_clause=data["play"].get("renege_clause"),  # a clause reference: absent when none is cited
        target=data["game"]["target"],
        tie=data["game"]["tie"],
        lose_at=data["game"]["lose_at"],
        labels=MappingProxyType({k: MappingProxyType(v) for k, v in data["labels"].items()}),
        clause_ids=clause_ids,
        match=compile_match(data["match"]),
        document=MappingProxyType(data),
        actions=MappingProxyType(actions),
        play_actions=tuple(actions[f"play:{card.code}"] for card in deck),
        low_no_trump=bidding["low_no_trump"],
        dealer_partner_alone_round_two=two["dealer_partner_must_go_alone"],
        special_up_suit=_special_up_suit(bidding["special_up_card"]),
        renege_options=RenegeOptions(
            ends_hand=renege is not None and renege["ends_hand"],
            innocent_chooses=renege is not None and renege["mode"] == "choice",
            both_ways=renege is not None and renege["mode"] == "both",
        ),
        partner_exchange=compile_partner_exchange(data["lone_play"]),
        going_under=compile_going_under(bidding),
        player_scoring=compile_player_scoring(data),
        fold=compile_fold(data),
        count_down=data["game"]["direction"] == "down",
        auction=auction,
        contract_scoring=None if auction is None else compile_contract_scoring(data),
        game_hands=data["game"]["hands"],
        no_trump_stuck_dealer_only=bidding["no_trump"] == "stuck_dealer",
        any_maker_needs_trump=bidding["dealer_needs_trump"] == "any_maker",
        forced_trump_no_maker=bidding["forced_trump_maker"] == "nobody",
        all_pass_no_trump=bidding["all_pass"] == "play_no_trump",
        all_pass_concedes=bidding["all_pass"] == "dealer_concedes",
        forced_trump_clause=_rule_clause(bidding, "forced_trump_maker", "forced_trump_up_suits"),
        all_pass_clause=bidding.get("all_pass_clause", bidding.get("clause")),
        conditions=compile_conditions(data),
    )
    return Rules(**rules_data)


def _rule_clause(bidding: dict[str, Any], *rules: str) -> str | None:
    """The clause a bidding rule cites (rule_clauses, by rule name, the first named found), else the section's own."""
    named = bidding.get("rule_clauses") or {}
    return next((named[rule] for rule in rules if rule in named), bidding.get("clause"))


def _special_up_suit(special_up_card: dict[str, Any] | None) -> int | None:
    """The suit a turned-up special card is bid on as, under the stands_for_suit rule."""
    if special_up_card is None or special_up_card["rule"] != "stands_for_suit":
        return None
    return SUITS.index(special_up_card["suit"])


def _actions(deck: tuple[Card, ...], players: int, auction: Auction | None) -> dict[str, Action]:
    """Every action a hand of this variant can contain, built once and shared (a bid's suit is its trump, -1 if none)."""
    simple = ("pass", "order_up", "go_alone", "defend_alone", "leave_up_card", "call_redeal", "go_under", "stay_in", "fold")
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
