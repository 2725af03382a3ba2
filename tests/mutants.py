"""Deliberately wrong engines, built from the reference engine, to prove the suite catches them.

Each mutant changes one rule the way a real engine might get it wrong: some by changing the
compiled rules (a wrong parameter), some by swapping one engine function for a wrong one.
A suite that lets any of them pass is missing a scenario.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import MappingProxyType

from reference_impl.cards import SAME_COLOUR, SUITS
from reference_impl.contracts import Bid, Formula
from reference_impl.engine import auction, game, phases, play
from reference_impl.engine.state import BID_ROUND_TWO, PLAY, HandState
from reference_impl.rules import NO_TRUMP, Action, Rules

RulesHook = Callable[[Rules], Rules]


@dataclass(frozen=True)
class Mutant:
    name: str
    wrong_rule: str
    rules_hook: RulesHook | None = None
    patches: tuple[tuple[object, str, object], ...] = ()

    @contextmanager
    def installed(self) -> Iterator[None]:
        """Swap in the wrong functions for the duration of a run."""
        saved = []
        for owner, attribute, replacement in self.patches:
            if isinstance(owner, dict):
                saved.append((owner, attribute, owner[attribute]))
                owner[attribute] = replacement
            else:
                saved.append((owner, attribute, getattr(owner, attribute)))
                setattr(owner, attribute, replacement)
        try:
            yield
        finally:
            for owner, attribute, original in reversed(saved):
                if isinstance(owner, dict):
                    owner[attribute] = original
                else:
                    setattr(owner, attribute, original)


def _suits_rank_equal_bids(state: HandState, seat: int) -> list[Bid]:
    """An overcall of the same number of tricks in another trump is allowed, as if suits ranked."""
    rules_auction = state.rules.auction
    assert rules_auction is not None
    standing = auction.highest(state)
    floor, taken = (standing[1].rank, standing[1]) if standing is not None else (0, None)
    return [
        bid
        for bid in rules_auction.bids.values()
        if bid.rank >= floor and bid.tricks >= rules_auction.min_tricks and bid != taken
    ]


def _made_scores_the_bid(rules: Rules) -> Rules:
    """A bid made scores the number bid, not the tricks taken."""
    scoring = rules.contract_scoring
    if scoring is None:
        return rules
    rows = {
        key: dataclasses.replace(row, makers=Formula(1, 0, 0)) if row.name == "made" else row for key, row in scoring.rows.items()
    }
    return dataclasses.replace(rules, contract_scoring=dataclasses.replace(scoring, rows=MappingProxyType(rows)))


def _passes_not_final(rules: Rules) -> Rules:
    """A player who passed in a round-and-round auction is asked again."""
    if rules.auction is None:
        return rules
    return dataclasses.replace(rules, auction=dataclasses.replace(rules.auction, passed_may_return=True))


def _one_card_called(rules: Rules) -> Rules:
    """A lone bid's call hands over one card, whatever the number the bid calls for."""
    if rules.auction is None:
        return rules
    bids = {text: dataclasses.replace(bid, call=min(bid.call, 1)) for text, bid in rules.auction.bids.items()}
    return dataclasses.replace(rules, auction=dataclasses.replace(rules.auction, bids=MappingProxyType(bids)))


def _with_row_points(row_name: str, points: int) -> RulesHook:
    def hook(rules: Rules) -> Rules:
        table = {
            key: dataclasses.replace(row, points=points) if row.name == row_name else row for key, row in rules.scoring.items()
        }
        return dataclasses.replace(rules, scoring=MappingProxyType(table))

    return hook


def _left_bower_keeps_its_suit(rules: Rules) -> Rules:
    effective = [list(row) for row in rules.effective_suit]
    for trump_index, trump in enumerate(SUITS):
        for card_index, card in enumerate(rules.deck):
            if card.rank == "J" and card.suit == SAME_COLOUR[trump]:
                effective[trump_index][card_index] = SUITS.index(card.suit)
    return dataclasses.replace(rules, effective_suit=tuple(tuple(row) for row in effective))


def _benny_not_trump(rules: Rules) -> Rules:
    effective = [list(row) for row in rules.effective_suit]
    power = [list(row) for row in rules.power]
    for card in rules.special_cards:
        for trump_index in range(len(effective)):
            effective[trump_index][card] = NO_TRUMP
            power[trump_index][card] = 0
    return dataclasses.replace(
        rules, effective_suit=tuple(map(tuple, effective)), power=tuple(map(tuple, power)), special_up_card=None
    )


def _flip_first_lead(rules: Rules) -> Rules:
    other = "left_of_lone_player" if rules.first_lead == "left_of_dealer" else "left_of_dealer"
    return dataclasses.replace(rules, first_lead=other)


def _any_suit_in_round_two(state: HandState, seat: int) -> tuple[Action, ...]:
    actions = state.rules.actions
    return (actions["pass"], *(actions[f"name_trump:{letter}"] for letter in SUITS))


def _any_card(state: HandState, seat: int) -> tuple[Action, ...]:
    return tuple(state.rules.play_actions[card] for card in state.hands[seat])


def _with_legal(name: str, legal: phases.Legal) -> phases.Phase:
    """The phase's record with its legal actions swapped for wrong ones."""
    return dataclasses.replace(phases.BY_NAME[name], legal=legal)


_original_score = play._score


def _euchre_pays_one_defender(state: HandState) -> None:
    _original_score(state)
    result = state.result
    assert result is not None
    assert state.maker is not None
    makers_team = state.rules.team_of[state.maker]
    points = list(result.points)
    paid = [team for team, value in enumerate(points) if value and team != makers_team]
    for team in paid[1:]:
        points[team] = 0
    state.result = dataclasses.replace(result, points=tuple(points))


def _rotate_right(rules: Rules, hand: HandState) -> int:
    return (hand.dealer - 1) % rules.players


def _trump_ignored_in_tricks(state: HandState, trick: tuple[tuple[int, int], ...]) -> int:
    rules = state.rules
    effective = rules.effective_suit[NO_TRUMP]
    power = rules.power[NO_TRUMP]
    led = effective[trick[0][1]]
    best_seat, best = trick[0][0], power[trick[0][1]]
    for seat, card in trick[1:]:
        if effective[card] == led and power[card] > best:
            best_seat, best = seat, power[card]
    return best_seat


def _reached_is_beyond(rules: Rules, scores: tuple[int, ...]) -> tuple[int, ...]:
    over = [team for team, score in enumerate(scores) if score > rules.target]
    return tuple(over)


def _row_swap(rules: Rules) -> Rules:
    """Scores of a lone maker euchred given to the makers instead of the defenders."""
    table = {
        key: dataclasses.replace(row, to="makers") if row.name == "lone-euchred" else row for key, row in rules.scoring.items()
    }
    return dataclasses.replace(rules, scoring=MappingProxyType(table))


def _jokers_follow_their_printed_suit(rules: Rules) -> Rules:
    effective = [list(row) for row in rules.effective_suit]
    for card in rules.special_cards:
        suit = rules.deck[card].suit
        if suit is not None:
            for row in effective:
                row[card] = SUITS.index(suit)
    return dataclasses.replace(rules, effective_suit=tuple(map(tuple, effective)))


MUTANTS = (
    Mutant("left-bower-follows-printed-suit", "the left bower follows its printed suit", _left_bower_keeps_its_suit),
    Mutant(
        "dealer-picks-up-for-lone-partner",
        "the dealer picks up when the partner orders up alone",
        lambda r: dataclasses.replace(r, dealer_picks_up_when_partner_alone=True),
    ),
    Mutant("march-scores-one", "a march scores 1", _with_row_points("march", 1)),
    Mutant("stick-the-dealer-ignored", "stick the dealer is ignored", lambda r: dataclasses.replace(r, stick_the_dealer=False)),
    Mutant("wrong-lead-when-alone", "the wrong player leads when someone is alone", _flip_first_lead),
    Mutant(
        "euchre-pays-one-defender",
        "a cutthroat euchre pays only one defender",
        patches=((play, "_score", _euchre_pays_one_defender),),
    ),
    Mutant("benny-not-trump", "the Benny is not trump", _benny_not_trump),
    Mutant(
        "turned-down-suit-nameable",
        "the turned-down suit may be named in round two",
        patches=((phases.BY_NAME, BID_ROUND_TWO, _with_legal(BID_ROUND_TWO, _any_suit_in_round_two)),),
    ),
    Mutant("revoke-accepted", "a revoke is accepted", patches=((phases.BY_NAME, PLAY, _with_legal(PLAY, _any_card)),)),
    Mutant("lone-march-scores-two", "a lone march scores 2", _with_row_points("lone-march", 2)),
    Mutant("deal-rotates-right", "the deal rotates to the right", patches=((game, "next_dealer", _rotate_right),)),
    Mutant(
        "canadian-loner-ignored",
        "the dealer's partner may order up without going alone",
        lambda r: dataclasses.replace(r, dealer_partner_must_go_alone=False),
    ),
    Mutant(
        "throw-in-same-dealer",
        "after a throw-in the same dealer deals again",
        lambda r: dataclasses.replace(r, throw_in_same_dealer=not r.throw_in_same_dealer),
    ),
    Mutant("trump-ignored-in-tricks", "trick winners ignore trump", patches=((play, "trick_winner", _trump_ignored_in_tricks),)),
    Mutant(
        "game-needs-more-than-target",
        "a side must pass the target, not reach it",
        patches=((game, "decide_winners", _reached_is_beyond),),
    ),
    Mutant(
        "defending-alone-everywhere",
        "defenders may always defend alone",
        lambda r: dataclasses.replace(r, defender_alone="always") if r.is_partnership() else r,
    ),
    Mutant("lone-euchre-paid-to-makers", "a lone maker euchred scores for the makers", _row_swap),
    Mutant(
        "up-card-discard-allowed",
        "the dealer may always discard the up-card",
        lambda r: dataclasses.replace(r, dealer_may_discard_up_card=True),
    ),
    Mutant(
        "first-identical-card-wins",
        "of two identical cards the first played wins",
        lambda r: dataclasses.replace(r, later_duplicate_wins=False),
    ),
    Mutant(
        "joker-follows-printed-suit", "a joker written as a spade follows spades, not trump", _jokers_follow_their_printed_suit
    ),
    Mutant(
        "equal-bid-overcalls",
        "an auction bid of the same number of tricks in another trump overcalls",
        patches=((auction, "open_bids", _suits_rank_equal_bids),),
    ),
    Mutant("passed-player-bids-again", "a player who passed in the auction is asked again", _passes_not_final),
    Mutant("one-card-called", "a lone bid calling for several cards gets one", _one_card_called),
    Mutant("made-bid-scores-the-bid", "a bid made scores the bid instead of the tricks taken", _made_scores_the_bid),
    Mutant(
        "no-card-from-partner",
        "a lone six-hand player gets no card from a partner",
        lambda r: dataclasses.replace(r, partner_card=False),
    ),
)
