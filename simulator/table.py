"""A variant as the simulator numbers it: action ids, calls, bounds on a hand, and how a hand's points become returns.

Learning libraries want integers: OpenSpiel and PettingZoo name an action by its index in a
fixed list, and size their buffers from the longest game and the largest return. A `Table`
answers those questions once per variant and set of house rules, from the compiled rules alone
(never from the engine's state), so the simulator's games and environments share one numbering
and a faster engine can replace the one underneath without changing it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from documents.errors import SpecInvalid
from ruleset.compiled.loading import load_rules
from ruleset.compiled.rules import Action, Rules

CARD_KINDS = frozenset({"play", "discard", "give"})
"""The action kinds that name a card; every other action is a call (a pass, a bid, a trump named, ...)."""


class UnknownRules(ValueError):
    """A variant or house rule that the spec does not define, or house rules that cannot be combined."""


@dataclass(frozen=True, eq=False)
class Table:
    """One variant with its house rules, numbered for learning libraries.

    Action ids are the positions of the variant's action texts in the compiled rules (the same
    texts the protocol uses, so `actions[i]` can be shown, logged or replayed with
    `euchre-spec play`); the calls are the actions that name no card, numbered apart for the
    information-state tensor's record of the bidding.
    """

    variant: str
    house_rules: tuple[str, ...]
    rules: Rules
    actions: tuple[str, ...]
    """Every action text of the variant, indexed by action id."""
    ids: Mapping[str, int]
    """Action id by text."""
    by_id: tuple[Action, ...]
    """The variant's own Action objects, indexed by action id: the ones the engine's legal actions are, so a chosen id
    reaches the engine without a search by text."""
    calls: tuple[int, ...]
    """The action ids of the calls, in id order: a call's index here is its place in the call one-hot."""
    call_index: Mapping[int, int]
    bids: tuple[str, ...]
    """The auction's bids (empty without an auction), indexed as the contract one-hot is."""
    max_calls: int
    """At most this many calls in one hand (a bound, checked over random hands by the tests)."""
    max_moves: int
    """At most this many decisions in one hand: calls, card exchanges and plays (OpenSpiel's max_game_length)."""
    max_points: int
    """No side scores more than this in one hand, nor loses more: the returns lie within twice it."""

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def deck_size(self) -> int:
        return len(self.rules.deck)

    @property
    def hand_size(self) -> int:
        return self.rules.hand_size

    def returns(self, points: tuple[int, ...]) -> list[float]:
        """Each player's return from a hand's points by side: their side's value less the mean of the others'.

        A side's value is its points, or minus its points where scores count down to zero (Buck
        Euchre), so a larger value is always better. With sides of one size the returns sum to
        zero, as OpenSpiel's own Euchre does (makers +1, defenders -1 for a point made).
        """
        rules = self.rules
        values = [-p if rules.count_down else p for p in points]
        total = sum(values)
        others = len(values) - 1
        return [float(values[side] - (total - values[side]) / others) for side in rules.team_of]

    def __repr__(self) -> str:
        return f"Table({self.variant!r}, house_rules={self.house_rules!r})"


def table(variant: str, house_rules: Iterable[str] = ()) -> Table:
    """The table of a built-in variant and house rules (`ID` or `ID=MODE`); UnknownRules for what the spec lacks."""
    return _table(variant, tuple(house_rules))


@lru_cache(maxsize=128)
def _table(variant: str, house_rules: tuple[str, ...]) -> Table:
    try:
        rules = load_rules(variant, house_rules)
    except SpecInvalid as exc:
        raise UnknownRules(str(exc).removeprefix("<command line>: ").removesuffix(" (/)")) from None
    sizes = {len(team) for team in rules.teams}
    if len(sizes) != 1 or len(rules.teams) < 2:
        raise UnknownRules(f"{variant}: the simulator's returns need two or more sides of one size, not {rules.teams}")
    actions = tuple(rules.actions)
    ids = {text: index for index, text in enumerate(actions)}
    by_id = tuple(rules.actions[text] for text in actions)
    calls = tuple(index for index, text in enumerate(actions) if rules.actions[text].kind not in CARD_KINDS)
    bids = () if rules.auction is None else tuple(rules.auction.bids)
    max_calls = calls_bound(rules)
    return Table(
        variant=variant,
        house_rules=house_rules,
        rules=rules,
        actions=actions,
        ids=MappingProxyType(ids),
        by_id=by_id,
        calls=calls,
        call_index=MappingProxyType({action: index for index, action in enumerate(calls)}),
        bids=bids,
        max_calls=max_calls,
        max_moves=max_calls + exchanges_bound(rules) + rules.players * rules.hand_size,
        max_points=points_bound(rules),
    )


def calls_bound(rules: Rules) -> int:
    """The most calls a hand can hold: each phase that asks for calls, counted at its longest.

    Every player speaks at most once in each up-card round, redeal call, going-under call,
    special up-card bid, prediction, fold-or-play question and defending-alone question; an
    auction that goes on until the others pass has strictly rising bids with fewer than a
    round of passes between two of them. One each for going alone, asking a partner, leaving the
    up-card, naming trump after the auction and choosing a renege penalty.
    """
    players = rules.players
    asked_once = sum(
        (
            bool(rules.bidding.redeal_ranks),
            rules.bidding.going_under is not None,
            rules.bidding.special_up_card is not None,
            rules.bidding.prediction,
            rules.fold is not None,
            rules.lone_play.defender_alone != "never",
        )
    )
    auction = rules.auction
    if auction is None:
        bidding = players * (rules.bidding.round_one + rules.bidding.round_two)
    elif auction.until_passed:
        ranks = len({bid.rank for bid in auction.bids.values()})
        bidding = (ranks + 1) * players + 1
    else:
        bidding = players + 1
    return players * asked_once + bidding + 4


def exchanges_bound(rules: Rules) -> int:
    """The most card moves (discards and gives) a hand can hold, counted generously.

    The dealer's (or a predictor's) discard; cards shown to go under; the dummy's discards; a
    lone player's partners each giving a hand's worth at most, and as many discarded, both ways
    passed too; a lone defender's card and discard.
    """
    hand = rules.hand_size
    moves = 2 + 3
    if rules.bidding.going_under is not None:
        moves += hand
    if rules.dummy:
        moves += hand
    calls_cards = rules.auction is not None and any(bid.call for bid in rules.auction.bids.values())
    if rules.lone_play.partner_card or calls_cards:
        moves += 2 * rules.players * hand
    return moves


def points_bound(rules: Rules) -> int:
    """The most points any side can score or lose in one hand: its largest row, and a renege penalty on top."""
    hand = rules.hand_size
    rows = [abs(row.points) for table in (rules.scoring, rules.scoring_predicted_alone) for row in table.values()]
    if rules.player_scoring is not None:
        rows.extend(abs(row.per_trick) * hand + abs(row.constant) for row in rules.player_scoring.rows.values())
    if rules.contract_scoring is not None:
        for contract_row in rules.contract_scoring.rows.values():
            for formula in (contract_row.makers, contract_row.defenders):
                rows.append((abs(formula.bid) + abs(formula.tricks)) * hand + abs(formula.points))
    return max(rows, default=0) + max(rules.renege_points, rules.renege_against_lone, 0)


def parse_house(text: str) -> tuple[str, ...]:
    """House rules as OpenSpiel's game strings carry them: `ID` or `ID:MODE`, joined with `+` (a `=` would end the value)."""
    return tuple(part.replace(":", "=", 1) for part in text.split("+") if part)


def house_text(house_rules: Iterable[str]) -> str:
    """The inverse of parse_house: `stick-the-dealer+defend-alone:always`."""
    return "+".join(rule.replace("=", ":", 1) for rule in house_rules)
