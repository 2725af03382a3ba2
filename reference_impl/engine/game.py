"""A game: hands dealt in turn, scores added up, until a side reaches the target (or counts down to 0),
or, where the variant fixes the number of hands, until that many have been played.

Built on the hand machine without changing it: a GameState holds the running scores and the
hand in progress; when a hand ends its points are added, the winner (if any) decided by the
variant's target and tie rule, and the next hand dealt by the next dealer. Deals come from a
function of (hand number, dealer) so a game can use portable deal numbers or scripted deals;
when that function has no more deals (a scenario of a fixed number of hands), the game rests
at the end of the last hand, with nothing more to do.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, replace

from ruleset.compiled.rules import Action, Rules

from ..deal import Deal, deal_number
from .last_trick_suit import last_trick_suit
from .machine import apply, legal_actions, new_hand
from .state import GameSoFar, HandResult, HandState, PastHand

DealSource = Callable[[int, int], Deal | None]


@dataclass(frozen=True)
class GameState:
    """A game in progress: scores per team, the hand being played, and the results so far."""

    rules: Rules
    deals: DealSource
    scores: tuple[int, ...]
    hand_number: int
    hand: HandState
    results: tuple[HandResult, ...] = ()
    winners: tuple[int, ...] = ()
    previous_hand: HandState | None = None
    redeals_called: tuple[int, ...] = ()

    @property
    def last_finished_hand(self) -> HandState | None:
        """The hand that ended most recently (the current one, once the game is over)."""
        return self.hand if self.hand.is_over else self.previous_hand

    @property
    def is_over(self) -> bool:
        return bool(self.winners)

    @property
    def to_act(self) -> int | None:
        return None if self.is_over else self.hand.to_act

    def with_hand(self, hand: HandState) -> GameState:
        """The same game with the hand in progress moved on: the step taken after nearly every action.

        A shallow copy with one field set, since dataclasses.replace re-runs the whole constructor
        and costs as much as the engine's own step.
        """
        moved = copy.copy(self)
        object.__setattr__(moved, "hand", hand)
        return moved


def numbered_deals(rules: Rules, first_number: int) -> DealSource:
    """Hand k of the game is deal number first_number + k (see spec/deal-numbers.yaml)."""
    return lambda hand_number, dealer: deal_number(rules, first_number + hand_number, dealer)


PLAYED_HANDS = 100_000
"""The most hands a game played at random (`play --game`, `export-egn`) is let run: a game to the highest
target a spec may set (ruleset.semantics.MAX_TARGET) ends in a few thousand hands even with many thrown
in; one that has not ended by then never will under its rules (every hand scoring nothing, say)."""


class EndlessGame(Exception):
    """A game played at random that has not ended after PLAYED_HANDS hands."""


def check_length(hands: int) -> None:
    """Raise EndlessGame once `hands` hands of a game (or a match) have been played without its end."""
    if hands >= PLAYED_HANDS:
        raise EndlessGame(f"the game has not ended after {PLAYED_HANDS:,} hands: its rules may never let it end")


def new_game(rules: Rules, deals: DealSource, first_dealer: int = 0, scores: tuple[int, ...] | None = None) -> GameState:
    """A game whose first hand is dealt by `first_dealer`, from `scores` (default all 0)."""
    first = deals(0, first_dealer)
    if first is None:
        raise ValueError("a game needs at least one deal")
    start = scores if scores is not None else starting_scores(rules)
    if len(start) != len(rules.teams):
        raise ValueError(f"{len(start)} starting scores given for {len(rules.teams)} teams")
    hand = new_hand(rules, first, _redeals_left(rules, (0,) * rules.players), _so_far(rules, tuple(start), ()))
    return GameState(rules, deals, tuple(start), 0, hand, redeals_called=(0,) * rules.players)


def starting_scores(rules: Rules) -> tuple[int, ...]:
    """Every side's score before the first hand: 0 counting up, the target counting down."""
    return (rules.target if rules.count_down else 0,) * len(rules.teams)


def game_legal_actions(game: GameState) -> tuple[Action, ...]:
    return () if game.is_over else legal_actions(game.hand)


def game_apply(game: GameState, action: Action | str, seat: int | None = None) -> GameState:
    """Apply an action to the hand in progress; finish the hand and deal the next when it ends."""
    hand = apply(game.hand, action, seat)
    if not hand.is_over:
        return game.with_hand(hand)
    return _hand_ended(game, hand)


def game_do(game: GameState, action: Action | str, seat: int | None = None) -> GameState:
    """As `game_apply`, with the hand in progress moved on in place (`HandState.do`): the game after the action,
    which is `game` itself until the hand ends. For whoever holds the only reference to a game (a protocol session,
    a fuzzer): the game given is changed."""
    game.hand.do(action, seat)
    return game_moved_on(game)


def game_moved_on(game: GameState) -> GameState:
    """The game after its hand in progress was moved on in place (`HandState.do`, or a run of cards): `game` itself
    while the hand goes on, else the game with the hand's points added and the next hand dealt (`game_do`)."""
    if not game.hand.is_over:
        return game
    return _hand_ended(game, game.hand)


def _hand_ended(game: GameState, hand: HandState) -> GameState:
    """The hand in progress has just ended: its points added, the winners decided, the next hand dealt."""
    assert hand.result is not None
    result = hand.result
    scores = tuple(score + points for score, points in zip(game.scores, result.points, strict=True))
    called = list(game.redeals_called)
    if result.redeal_called_by is not None:
        called[result.redeal_called_by] += 1
    results = (*game.results, result)
    if game.rules.game_hands is None:
        winners = decide_winners(game.rules, scores, result)
    else:
        winners = winners_after_hands(game.rules, scores, len(results))
    finished = replace(game, hand=hand, scores=scores, results=results, winners=winners, redeals_called=tuple(called))
    if winners:
        return finished
    dealer = next_dealer(game.rules, hand)
    number = game.hand_number + 1
    deal = game.deals(number, dealer)
    if deal is None:
        return finished
    so_far = _so_far(game.rules, scores, results, last_trick_suit(hand, hand.game))
    hand_state = new_hand(game.rules, deal, _redeals_left(game.rules, finished.redeals_called), so_far)
    return replace(finished, hand_number=number, hand=hand_state, previous_hand=hand)


def _so_far(
    rules: Rules, scores: tuple[int, ...], results: tuple[HandResult, ...], last_trick: int | None = None
) -> GameSoFar | None:
    """The scores and past hands a table condition reads; None where the rules have no condition (nothing reads them)."""
    if not rules.conditions:
        return None
    majority = rules.hand_size // 2 + 1
    past = tuple(
        PastHand(result.maker, result.trump, result.maker is not None and result.makers_tricks < majority) for result in results
    )
    return GameSoFar(scores, past, last_trick)


def _redeals_left(rules: Rules, called: tuple[int, ...]) -> tuple[int, ...] | None:
    """How many redeals each player may still call, where the variant limits them."""
    if rules.bidding.redeal_limit is None:
        return None
    return tuple(max(0, rules.bidding.redeal_limit - count) for count in called)


def next_dealer(rules: Rules, hand: HandState) -> int:
    """The deal passes to the left, except after a throw-in, a called redeal or a void deal where the variant keeps the dealer."""
    assert hand.result is not None
    if hand.result.misdeal:
        under = rules.bidding.going_under
        return hand.dealer if under is None or under.misdeal_same_dealer else (hand.dealer + 1) % rules.players
    if hand.result.redeal_called_by is not None:
        return hand.dealer if rules.bidding.redeal_same_dealer else (hand.dealer + 1) % rules.players
    if hand.result.thrown_in and rules.bidding.throw_in_same_dealer:
        return hand.dealer
    return (hand.dealer + 1) % rules.players


def decide_winners(rules: Rules, scores: tuple[int, ...], result: HandResult | None = None) -> tuple[int, ...]:
    """The winning teams once the target is reached (0, counting down), settled by the tie rule; () to play on.

    The best score is the highest counting up and the lowest counting down: the furthest past the line.
    Where a contract game is won only by contract (`result`, the hand just finished), a team at the
    target wins only if it won that hand. When no team is at the target, a team at or below
    `lose_at` loses and the others win.
    """
    if rules.count_down:
        reached = [team for team, score in enumerate(scores) if score <= 0]
    else:
        reached = [team for team, score in enumerate(scores) if score >= rules.target]
    scoring = rules.contract_scoring
    if scoring is not None and scoring.win_by_contract:
        reached = [team for team in reached if result is not None and team in result.hand_won_by]
    if not reached:
        return _others_of_losers(rules, scores)
    if len(reached) == 1:
        return tuple(reached)
    if rules.tie == "makers":
        makers = None if result is None or result.maker is None else rules.team_of[result.maker]
        return (makers,) if makers in reached else tuple(reached)
    if rules.tie in (None, "shared"):
        return tuple(reached)
    best = (min if rules.count_down else max)(scores[team] for team in reached)
    leaders = tuple(team for team in reached if scores[team] == best)
    if rules.tie == "play_on" and len(leaders) > 1:
        return ()
    return leaders


def _others_of_losers(rules: Rules, scores: tuple[int, ...]) -> tuple[int, ...]:
    """Where a score low enough loses (game.lose_at), the sides not that low win once one side is; else ()."""
    if rules.lose_at is None or rules.count_down:
        return ()
    if not any(score <= rules.lose_at for score in scores):
        return ()
    return tuple(team for team, score in enumerate(scores) if score > rules.lose_at)


def winners_after_hands(rules: Rules, scores: tuple[int, ...], hands_ended: int) -> tuple[int, ...]:
    """The winners of a game of a fixed number of hands: () until they have all ended, then the best score.

    The target plays no part: a league counts the points of a set number of hands at each table.
    Equal best scores share the win, unless the tie rule plays another hand (and then each hand
    after the last is followed by the same question).
    """
    assert rules.game_hands is not None
    if hands_ended < rules.game_hands:
        return ()
    best = (min if rules.count_down else max)(scores)
    leaders = tuple(team for team, score in enumerate(scores) if score == best)
    if rules.tie == "play_on" and len(leaders) > 1:
        return ()
    return leaders
