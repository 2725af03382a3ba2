"""A match: games played one after another until a side has won enough of them.

Built on the game layer without changing it, as the game is built on the hand: a MatchState
holds the games won so far and the game in progress. When a game ends, it is counted (a slam,
won before the losers scored, counting as the variant says), the points beyond the target are
carried into the next game where the variant plays laps, and the next game is dealt from those
points by the player to the left of the last dealer. Deals come from one function of (hand
number in the match, dealer), so a match, like a game, can be played from portable deal numbers
or from a scenario's list of deals; when that list runs out, the match rests where it stands.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ruleset.compiled.match_rules import MatchRules
from ruleset.compiled.rules import Action, Rules

from .game import DealSource, GameState, game_apply, game_do, game_legal_actions, new_game, next_dealer


@dataclass(frozen=True)
class FinishedGame:
    """One game of the match once won: its final scores, its winners and how many games it counted for."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    counted: int
    """Games the win counts for: the variant's slam_games for a slam, else 1."""

    @property
    def slam(self) -> bool:
        return self.counted > 1


@dataclass(frozen=True)
class MatchState:
    """A match in progress: the game being played, the games finished and won, and the match's winners."""

    rules: Rules
    deals: DealSource
    game: GameState
    first_hand: int
    """The match's number of the first hand of the game in progress (hands are numbered across the match)."""
    carried: tuple[int, ...]
    """The points each team started the game in progress with: laps carried from the game before."""
    games_won: tuple[int, ...]
    """Games won per team, a slam counting as the games it is worth."""
    games: tuple[FinishedGame, ...] = ()
    winners: tuple[int, ...] = ()
    previous_game: GameState | None = None
    """The game that ended most recently, once the next one is dealt (for a log of the match)."""

    @property
    def last_finished_game(self) -> GameState | None:
        """The game that ended most recently (the current one, once it is over)."""
        return self.game if self.game.is_over else self.previous_game

    @property
    def settings(self) -> MatchRules:
        assert self.rules.match is not None
        return self.rules.match

    @property
    def is_over(self) -> bool:
        return bool(self.winners)

    @property
    def to_act(self) -> int | None:
        return None if self.is_over else self.game.to_act

    @property
    def match_points(self) -> tuple[int, ...]:
        """Games won per team, with the rubber's points added to the winners' once the match is over."""
        bonus = self.settings.rubber_points
        return tuple(won + (bonus if team in self.winners else 0) for team, won in enumerate(self.games_won))

    def with_game(self, game: GameState) -> MatchState:
        """The same match with the game in progress moved on: the step taken after nearly every action.

        The fields are copied straight into a new instance, since dataclasses.replace re-runs the
        constructor and copy.copy goes through the pickling protocol, either of which costs a
        good share of the game's own step.
        """
        moved = object.__new__(MatchState)
        moved.__dict__.update(self.__dict__)
        moved.__dict__["game"] = game
        return moved


def new_match(
    rules: Rules,
    deals: DealSource,
    first_dealer: int = 0,
    scores: tuple[int, ...] | None = None,
    games_won: tuple[int, ...] | None = None,
) -> MatchState:
    """A match whose first game starts from `scores` (default 0) with `games_won` already won (default none)."""
    if rules.match is None:
        raise ValueError(f"{rules.variant_id} is played as a single game, not a match")
    teams = len(rules.teams)
    won = games_won if games_won is not None else (0,) * teams
    if len(won) != teams:
        raise ValueError(f"{len(won)} counts of games won given for {teams} teams")
    game = new_game(rules, deals, first_dealer, scores)
    start = MatchState(rules, deals, game, 0, game.scores, tuple(won))
    winners = match_winners(rules.match, start.games_won)
    return replace(start, winners=winners) if winners else start


def match_legal_actions(match: MatchState) -> tuple[Action, ...]:
    return () if match.is_over else game_legal_actions(match.game)


def match_apply(match: MatchState, action: Action | str, seat: int | None = None) -> MatchState:
    """Apply an action to the game in progress; count the game when it ends and deal the next one."""
    game = game_apply(match.game, action, seat)
    if not game.is_over:
        return match.with_game(game)
    return _game_ended(match, game)


def match_do(match: MatchState, action: Action | str, seat: int | None = None) -> MatchState:
    """As `match_apply`, with the hand in progress moved on in place (`game_do`): `match` itself is changed, and
    returned until a hand ends."""
    game = game_do(match.game, action, seat)
    if game is match.game:
        return match
    if not game.is_over:
        return match.with_game(game)
    return _game_ended(match, game)


def _game_ended(match: MatchState, game: GameState) -> MatchState:
    """The game in progress has just ended: counted, and the next one dealt unless the match is over."""
    settings = match.settings
    counted = settings.games_counted(game.scores, game.winners)
    won = tuple(games + (counted if team in game.winners else 0) for team, games in enumerate(match.games_won))
    finished = replace(
        match,
        game=game,
        games=(*match.games, FinishedGame(game.scores, game.winners, counted)),
        games_won=won,
        winners=match_winners(settings, won),
    )
    if finished.is_over:
        return finished
    first_hand = match.first_hand + game.hand_number + 1
    dealer = next_dealer(match.rules, game.hand)
    if match.deals(first_hand, dealer) is None:
        return finished
    carried = settings.carried(game.scores, game.winners, match.rules.target)
    next_game = new_game(match.rules, _deals_from(match.deals, first_hand), dealer, carried)
    return replace(finished, game=next_game, first_hand=first_hand, carried=carried, previous_game=game)


def _deals_from(deals: DealSource, first_hand: int) -> DealSource:
    """The match's deals as a game sees them: the game's hand k is the match's hand first_hand + k."""
    return lambda hand_number, dealer: deals(first_hand + hand_number, dealer)


def match_winners(settings: MatchRules, games_won: tuple[int, ...]) -> tuple[int, ...]:
    """The teams that have won the match: those with enough games, the most games among them if several.

    Several teams can get there on the same game only where a game has several winners (a shared
    win in a game of individuals); the sources say nothing of that case, so equal leaders share it.
    """
    reached = [team for team, won in enumerate(games_won) if won >= settings.games_to_win]
    if not reached:
        return ()
    best = max(games_won[team] for team in reached)
    return tuple(team for team in reached if games_won[team] == best)
