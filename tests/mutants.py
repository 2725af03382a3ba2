"""Deliberately wrong engines, built from the reference engine, to prove the suite catches them.

Each mutant changes one rule the way a real engine might get it wrong: some by changing the
compiled rules (a wrong parameter), some by swapping one engine function for a wrong one.
A suite that lets any of them pass is missing a scenario.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from reference_impl.engine import auction, bidding, game, going_under, phases, play
from reference_impl.engine import match as match_layer
from reference_impl.engine.state import (
    CALL_PASS_BACK,
    GO_UNDER_CALL,
    GO_UNDER_DISCARD,
    LONE_DISCARD_FIRST,
    SPECIAL_UP_BID,
    HandState,
)
from ruleset.compiled.bidding_rules import Bidding
from ruleset.compiled.cards import SAME_COLOUR, SUITS
from ruleset.compiled.contracts import Bid, Formula
from ruleset.compiled.rules import LOW_NO_TRUMP, NO_TRUMP, TRUMP_BONUS, Action, RenegeOptions, Rules

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


def _bidding(**changes: object) -> RulesHook:
    """The bidding section with these settings changed."""
    return lambda rules: dataclasses.replace(rules, bidding=dataclasses.replace(rules.bidding, **changes))  # type: ignore[arg-type]


def _lone_play(**changes: object) -> RulesHook:
    """The lone-play section with these settings changed."""
    return lambda rules: dataclasses.replace(rules, lone_play=dataclasses.replace(rules.lone_play, **changes))  # type: ignore[arg-type]


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


def _round_limit(change: Callable[[int], int | None]) -> RulesHook:
    """An auction limited to a number of rounds runs `change(limit)` rounds instead (None: no limit)."""

    def hook(rules: Rules) -> Rules:
        if rules.auction is None or rules.auction.round_limit is None:
            return rules
        limit = change(rules.auction.round_limit)
        return dataclasses.replace(rules, auction=dataclasses.replace(rules.auction, round_limit=limit))

    return hook


def _no_trump_led_as_any_contract(rules: Rules) -> Rules:
    """A no-trump contract's first lead follows the rule for every other contract."""
    if rules.auction is None:
        return rules
    usual = "bidder" if rules.auction.bidder_leads else "left_of_dealer"
    return dataclasses.replace(rules, auction=dataclasses.replace(rules.auction, no_trump_lead=usual))


def _one_card_called(rules: Rules) -> Rules:
    """A lone bid's call hands over one card, whatever the number the bid calls for."""
    if rules.auction is None:
        return rules
    bids = {text: dataclasses.replace(bid, call=min(bid.call, 1)) for text, bid in rules.auction.bids.items()}
    return dataclasses.replace(rules, auction=dataclasses.replace(rules.auction, bids=MappingProxyType(bids)))


def _passes_back_only_own_cards(state: HandState, seat: int) -> tuple[Action, ...]:
    """Both ways played as if the bidder had discarded: the partner may not pass back a card just received."""
    received = {card for _, to, given in state.cards_passed if to == seat for card in given}
    actions = state.rules.actions
    return tuple(actions[f"give:{state.rules.deck[card].code}"] for card in state.hands[seat] if card not in received)


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


def _turned_down_suit_forgotten(bidding: Bidding, suit: int, turned_down: int | None, stuck: bool) -> str | None:
    """Round two's rules for naming a suit, as if no suit had been turned down."""
    return _original_naming_refusal(bidding, suit, None, stuck)


_original_naming_refusal = bidding.naming_refusal


def _pass_or_any_suit(state: HandState, seat: int) -> tuple[Action, ...]:
    """Everyone, the dealer too, may pass a turned-up joker bid on under dealer_takes_if_all_pass."""
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
    state.set(result=dataclasses.replace(result, points=tuple(points)))


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


def _lone_march_won_by_the_left_bower_scores_two(state: HandState) -> None:
    """A lone march whose last trick the left bower takes scores 2: a wrong engine that only some ways of playing
    a hand reveal (no scripted scenario ends so), so only a check over completions catches it."""
    _original_score(state)
    result = state.result
    assert result is not None and state.trump is not None
    winner, cards = state.tricks[-1]
    card = state.rules.deck[dict(cards)[winner]]
    if (
        result.row == "lone-march"
        and state.trump != NO_TRUMP
        and card.rank == "J"
        and card.suit == SAME_COLOUR[SUITS[state.trump]]
    ):
        state.set(result=dataclasses.replace(result, points=tuple(2 if value else 0 for value in result.points)))


def _discard_shown_in_kitty(state: HandState) -> dict[str, Any]:
    """The dealer's discard reported back among the undealt cards instead of out of play."""
    seen = _original_observe(state)
    if state.discarded is not None:
        code = state.rules.card_code(state.discarded)
        seen["kitty"] = [*seen["kitty"], code]
        seen["out_of_play"] = [card for card in seen["out_of_play"] if card != code]
    return seen


observation = importlib.import_module("reference_impl.engine.observe")
"""The module itself: the engine package's name `observe` is the function it exports."""
_original_observe = observation.observe


def _low_no_trump_played_high(rules: Rules) -> Rules:
    """Low no trump ranked like no trump: the highest card of the suit led wins."""
    power = list(rules.power)
    power[LOW_NO_TRUMP] = power[NO_TRUMP]
    return dataclasses.replace(rules, power=tuple(power))


def _specials_below_the_right_bower(rules: Rules) -> Rules:
    """A joker ranked between the right and the left bower instead of above both."""
    power = [list(row) for row in rules.power]
    for row in power:
        for card in rules.special_cards:
            row[card] = TRUMP_BONUS + 850
    return dataclasses.replace(rules, power=tuple(map(tuple, power)))


def _renege_played_on(rules: Rules) -> Rules:
    return dataclasses.replace(rules, renege_options=dataclasses.replace(rules.renege_options, ends_hand=False))


def _penalty_not_chosen(rules: Rules) -> Rules:
    """The innocent side is never asked: the penalty is always added to its score."""
    return dataclasses.replace(rules, renege_options=RenegeOptions(rules.renege_options.ends_hand, innocent_chooses=False))


def _with_match(**changes: object) -> RulesHook:
    """The match settings changed where the rules have a match; single games left alone."""

    def hook(rules: Rules) -> Rules:
        if rules.match is None:
            return rules
        return dataclasses.replace(rules, match=dataclasses.replace(rules.match, **changes))  # type: ignore[arg-type]

    return hook


def _discard_ignored(state: HandState, seat: int, action: Action) -> bool:
    """The lone player's discard before the partner's card is accepted but nothing leaves the hand."""
    return True


def _first_caller_only(state: HandState, seat: int, action: Action) -> bool:
    """A second call to go under is taken as a pass, so the first caller exchanges and the deal stands."""
    if action.kind == "go_under" and state.under_callers:
        action = state.rules.actions["pass"]
    return going_under.take_call(state, seat, action)


def _any_card_goes_under(state: HandState, seat: int) -> tuple[Action, ...]:
    actions = state.rules.actions
    return tuple(actions[f"discard:{state.rules.deck[card].code}"] for card in state.hands[seat])


observe = importlib.import_module("reference_impl.engine.observe")  # the module: the package exports a function of its name
_original_cards_passed = observe.cards_passed


def _discards_not_shown(state: HandState) -> list[dict[str, object]] | None:
    """The cards_passed observation without the moves out of play."""
    moves = _original_cards_passed(state)
    return None if moves is None else [move for move in moves if move["to"] != "out"]


def _with_going_under(**changes: object) -> RulesHook:
    def hook(rules: Rules) -> Rules:
        if rules.bidding.going_under is None:
            return rules
        return _bidding(going_under=dataclasses.replace(rules.bidding.going_under, **changes))(rules)

    return hook


def _joker_up_stands_for_diamonds(rules: Rules) -> Rules:
    return _bidding(special_up_suit=SUITS.index("D"))(rules) if rules.bidding.special_up_suit is not None else rules


def _next_game_same_dealer(rules: Rules, hand: HandState) -> int:
    return hand.dealer


def _with_partner_exchange(**changes: object) -> RulesHook:
    def hook(rules: Rules) -> Rules:
        return _lone_play(partner_exchange=dataclasses.replace(rules.lone_play.partner_exchange, **changes))(rules)

    return hook


def _defender_call_only_where_defence_is_free(rules: Rules) -> Rules:
    """The lone defender's call left out where a lone defence is allowed only against a lone maker."""
    if rules.lone_play.defender_alone != "against_lone_maker":
        return rules
    return _with_partner_exchange(lone_defender=False)(rules)


def _folded_scored_as_staying_in(state: HandState) -> tuple[list[int], tuple[str | None, ...]]:
    """Every player but the maker scored as one who stayed in, folded or not."""
    rules = state.rules
    table = rules.player_scoring
    assert table is not None
    points = [0] * len(rules.teams)
    for seat in range(rules.players):
        row = table.row("maker" if seat == state.maker else "defender", state.tricks_won[seat])
        points[rules.team_of[seat]] += row.points(state.tricks_won[seat])
    return points, tuple(None for _ in range(rules.players))


def _compulsory_dummy_declined(rules: Rules) -> Rules:
    """The maker is offered to go alone, doing without the dummy, where taking it is compulsory."""
    if rules.document["dummy"]["merge"] != "compulsory":
        return rules
    return _lone_play(maker_alone=rules.document["lone_play"]["maker"])(rules)


def _countdown_ignored(rules: Rules, scores: tuple[int, ...]) -> tuple[int, ...]:
    """A game counting down won, like any other, by reaching the target from below."""
    return _original_decide_winners(dataclasses.replace(rules, count_down=False), scores)


_original_decide_winners = game.decide_winners


def _one_hand_late(rules: Rules, scores: tuple[int, ...], hands_ended: int) -> tuple[int, ...]:
    """A game of a fixed number of hands that counts one hand fewer than were played."""
    return _original_winners_after_hands(rules, scores, hands_ended - 1)


_original_winners_after_hands = game.winners_after_hands


MUTANTS = (
    Mutant("left-bower-follows-printed-suit", "the left bower follows its printed suit", _left_bower_keeps_its_suit),
    Mutant(
        "dealer-picks-up-for-lone-partner",
        "the dealer picks up when the partner orders up alone",
        _lone_play(dealer_picks_up_when_partner_alone=True),
    ),
    Mutant("march-scores-one", "a march scores 1", _with_row_points("march", 1)),
    Mutant("stick-the-dealer-ignored", "stick the dealer is ignored", _bidding(stick_the_dealer=False)),
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
        patches=((bidding, "naming_refusal", _turned_down_suit_forgotten),),
    ),
    Mutant("revoke-accepted", "a revoke is accepted", patches=((play, "legal_following_suit", _any_card),)),
    Mutant("lone-march-scores-two", "a lone march scores 2", _with_row_points("lone-march", 2)),
    Mutant("deal-rotates-right", "the deal rotates to the right", patches=((game, "next_dealer", _rotate_right),)),
    Mutant(
        "canadian-loner-ignored",
        "the dealer's partner may order up without going alone",
        _lone_play(dealer_partner_must_go_alone=False),
    ),
    Mutant(
        "throw-in-same-dealer",
        "after a throw-in the same dealer deals again",
        lambda r: _bidding(throw_in_same_dealer=not r.bidding.throw_in_same_dealer)(r),
    ),
    Mutant(
        "trump-ignored-in-tricks",
        "trick winners ignore trump",
        patches=(
            (play, "trick_winner", _trump_ignored_in_tricks),
            (play, "trick_winner_later_duplicate_wins", _trump_ignored_in_tricks),
        ),
    ),
    Mutant(
        "game-needs-more-than-target",
        "a side must pass the target, not reach it",
        patches=((game, "decide_winners", _reached_is_beyond),),
    ),
    Mutant(
        "defending-alone-everywhere",
        "defenders may always defend alone",
        lambda r: _lone_play(defender_alone="always")(r) if r.is_partnership() else r,
    ),
    Mutant("lone-euchre-paid-to-makers", "a lone maker euchred scores for the makers", _row_swap),
    Mutant(
        "up-card-discard-allowed",
        "the dealer may always discard the up-card",
        _bidding(dealer_may_discard_up_card=True),
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
        "folded-player-scores",
        "a player who folded is scored as one who stayed in",
        patches=((play, "_player_points", _folded_scored_as_staying_in),),
    ),
    Mutant(
        "countdown-won-by-highest",
        "a game counting down is won by the first to reach the target from below",
        patches=((game, "decide_winners", _countdown_ignored),),
    ),
    Mutant(
        "game-ends-one-hand-late",
        "a game of a fixed number of hands ends one hand after the last",
        patches=((game, "winners_after_hands", _one_hand_late),),
    ),
    Mutant(
        "dealer-passes-a-turned-joker",
        "the dealer may pass a turned-up joker that everyone else passed",
        patches=((phases.BY_NAME, SPECIAL_UP_BID, _with_legal(SPECIAL_UP_BID, _pass_or_any_suit)),),
    ),
    Mutant(
        "fold-on-a-turned-club",
        "a player may fold when a club turned up made trump",
        lambda r: dataclasses.replace(r, fold=dataclasses.replace(r.fold, all_stay_when_forced=False)) if r.fold else r,
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
        _lone_play(partner_card=False),
    ),
    Mutant(
        "lone-march-by-the-left-bower-scores-two",
        "a lone march whose last trick the left bower takes scores 2",
        patches=((play, "_score", _lone_march_won_by_the_left_bower_scores_two),),
    ),
    Mutant(
        "discard-back-in-kitty",
        "the dealer's discard is shown back in the kitty, not out of play",
        patches=((observation, "observe", _discard_shown_in_kitty),),
    ),
    Mutant(
        "lone-hand-short-of-five-pays-one",
        "a lone hand that must take five gives 1 for three tricks",
        _with_row_points("lone-short", 1),
    ),
    Mutant("low-no-trump-played-high", "under low no trump the highest card of the suit led wins", _low_no_trump_played_high),
    Mutant("joker-below-right-bower", "a joker ranks below the right bower", _specials_below_the_right_bower),
    Mutant(
        "joker-stands-for-no-suit",
        "a turned-up joker is bid on as no suit at all",
        _bidding(special_up_suit=None),
    ),
    Mutant("renege-hand-played-on", "the hand is played on after a renege that should end it", _renege_played_on),
    Mutant(
        "renege-counted-one-way",
        "a renege counted both ways is only added to the innocent side",
        lambda r: dataclasses.replace(r, renege_options=dataclasses.replace(r.renege_options, both_ways=False)),
    ),
    Mutant("renege-penalty-not-chosen", "the innocent side is not asked to choose its renege penalty", _penalty_not_chosen),
    Mutant(
        "maker-does-not-lead",
        "the dealer's left leads where the maker should",
        lambda r: dataclasses.replace(r, first_lead="left_of_dealer") if r.first_lead == "maker" else r,
    ),
    Mutant(
        "canadian-loner-round-one-only",
        "the dealer's partner may name trump in round two without going alone where the rule covers both rounds",
        _lone_play(dealer_partner_alone_round_two=False),
    ),
    Mutant("laps-not-carried", "points beyond the target are not carried into the next game", _with_match(laps=False)),
    Mutant("slam-counts-one", "a slam counts as one game", _with_match(slam_games=1)),
    Mutant("match-of-three-games", "a match needs three games won, not two", _with_match(games_to_win=3)),
    Mutant(
        "next-game-same-dealer",
        "the last dealer of a game deals the first hand of the next",
        patches=((match_layer, "next_dealer", _next_game_same_dealer),),
    ),
    Mutant("joker-up-stands-for-diamonds", "a joker turned up is bid on as a diamond", _joker_up_stands_for_diamonds),
    Mutant(
        "lone-against-lone-pays-two",
        "a lone maker euchred by a lone defender gives 2",
        _with_row_points("lone-euchred-by-lone", 2),
    ),
    Mutant(
        "lone-player-keeps-six-cards",
        "a lone player who discards first keeps the partner's card and discards nothing",
        patches=(
            (phases.BY_NAME, LONE_DISCARD_FIRST, dataclasses.replace(phases.BY_NAME[LONE_DISCARD_FIRST], take=_discard_ignored)),
        ),
    ),
    Mutant(
        "partner-card-before-discard",
        "the partner's card comes before the lone player's discard where the discard comes first",
        _with_partner_exchange(discard_first=False),
    ),
    Mutant(
        "call-for-best-compulsory",
        "a lone player must call for the partner's card where calling is the lone player's choice",
        _with_partner_exchange(optional=False),
    ),
    Mutant(
        "up-card-never-passed",
        "a dealer sitting out may not pass the up-card where the rules let the dealer pass it as the best card",
        _with_partner_exchange(up_card=False),
    ),
    Mutant(
        "returned-card-out-of-play",
        "the card a lone player lets go is laid aside where it goes to the partner, both ways",
        _with_partner_exchange(returned=False),
    ),
    Mutant(
        "up-suit-low-cards-go-under",
        "a nine or ten of the up-card's suit goes under where the up-card's suit is barred",
        _with_going_under(not_up_suit=False),
    ),
    Mutant(
        "dealer-concession-unscored",
        "a dealer who passes the bidding out concedes nothing where the dealer's pass concedes a point",
        lambda rules: dataclasses.replace(rules, all_pass_concedes=False),
    ),
    Mutant(
        "up-suit-farmers-hand-redealt",
        "a hand of nines and tens holding a card of the up-card's suit calls a redeal where it must hold none",
        lambda rules: dataclasses.replace(rules, redeal_not_up_suit=False),
    ),
    Mutant(
        "lone-defender-gets-no-card",
        "a lone defender gets no card from the other defender",
        _with_partner_exchange(lone_defender=False),
    ),
    Mutant(
        "no-defender-call-against-a-lone-maker-only",
        "a defender who may defend alone only against a lone maker gets no card from the other defender",
        _defender_call_only_where_defence_is_free,
    ),
    Mutant(
        "mixed-low-cards-go-under-clean",
        "any three nines and tens go under where three of one rank are needed",
        _with_going_under(one_rank=False),
    ),
    Mutant(
        "whole-hand-not-checked",
        "a hand with an ace or a face card goes under where the whole hand must be low",
        _with_going_under(hand_ranks=None),
    ),
    Mutant(
        "any-card-shown-to-go-under",
        "any card of the hand may be exchanged with the kitty",
        patches=(
            (phases.BY_NAME, GO_UNDER_DISCARD, dataclasses.replace(phases.BY_NAME[GO_UNDER_DISCARD], legal=_any_card_goes_under)),
        ),
    ),
    Mutant(
        "two-calls-to-go-under-stand",
        "when two players go under the first exchanges and the deal stands",
        patches=((phases.BY_NAME, GO_UNDER_CALL, dataclasses.replace(phases.BY_NAME[GO_UNDER_CALL], take=_first_caller_only)),),
    ),
    Mutant(
        "cards-passed-without-discards",
        "the cards_passed observation leaves out a lone player's discard",
        patches=((observe, "cards_passed", _discards_not_shown),),
    ),
    Mutant(
        "both-ways-keeps-cards-received",
        "in an exchange both ways the partner may not pass back a card just received",
        patches=(
            (
                phases.BY_NAME,
                CALL_PASS_BACK,
                dataclasses.replace(phases.BY_NAME[CALL_PASS_BACK], legal=_passes_back_only_own_cards),
            ),
        ),
    ),
    Mutant(
        "misdeal-passes-the-deal", "after a void deal the deal passes to the left", _with_going_under(misdeal_same_dealer=False)
    ),
    Mutant("bidding-rounds-unlimited", "a limited auction goes on until the others pass", _round_limit(lambda _: None)),
    Mutant("bidding-round-too-many", "a limited auction runs one round more", _round_limit(lambda n: n + 1)),
    Mutant("no-trump-lead-ignored", "a no-trump contract is led as any other contract", _no_trump_led_as_any_contract),
    Mutant(
        "no-trump-for-everyone",
        "every player may name no trump where only the stuck dealer may",
        _bidding(no_trump_stuck_dealer_only=False),
    ),
    Mutant(
        "only-the-dealer-needs-trump",
        "only the dealer needs a card of the suit where every maker does",
        _bidding(any_maker_needs_trump=False),
    ),
    Mutant("compulsory-dummy-declined", "the maker may do without a compulsory dummy", _compulsory_dummy_declined),
)
