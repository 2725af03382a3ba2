"""A game of duck57's euchre.py (double-deck Bid Euchre, github.com/duck57/euchre.py), seen through our vocabulary.

euchre.py is a console game, not a state machine: `BidEuchre.play_hand` runs a whole hand,
asking its player objects for each decision (`make_bid`, `choose_trump`, `pick_card`). So a
position is *replayed*: the engine is built afresh, dealt our cards, and played with players
that answer from a script of our actions; the first decision past the end of the script is the
position, and everything it shows is read then. Nothing of the engine's rules is changed: its
own player methods are answered, and its own lists of valid bids and cards are what is legal.

Two things are bookkeeping of ours because the engine cannot tell them: which copy of a card of
the double pack a player holds (its cards compare equal and `Hand.remove` takes the first equal
one), and the trump of a bid. The engine asks the auction's winner for trump after the auction;
our actions name it with the bid, so the winner's trump is answered from their winning bid. A
stuck dealer is never asked for a bid by the engine (it is stuck with the minimum), only for
trump: that question is shown as the bids of the minimum in each trump.
"""

from __future__ import annotations

import contextlib
import copy
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

RANKS = {"9": "NINE", "T": "TEN", "J": "JACK", "Q": "QUEEN", "K": "KING", "A": "ACE_HI"}
SUITS = {"C": "CLUB", "D": "DIAMOND", "H": "HEART", "S": "SPADE"}
TRUMPS = {"C": "CLUBS", "D": "DIAMONDS", "H": "HEARTS", "S": "SPADES", "N": "HI_NO", "L": "LOW_NO"}
"""Our trump letters and the engine's `Bid` members they name."""

BID, STUCK, GIVE, PLAY, REST = "bid", "stuck", "give", "play", "rest"
"""The kinds of position: a bid asked, a stuck dealer asked for trump, a partner's card, a card to play, nobody asked."""


class Mismatch(Exception):
    """The engine asked, on replay, another question than it asked before: its play is not repeatable."""


@dataclass
class Point:
    """A position: who is asked what, the legal actions in our vocabulary, and the observation's fields."""

    kind: str
    to_act: int | None
    legal: tuple[str, ...]
    fields: dict[str, Any]
    valid_bids: tuple[int, ...] = ()
    """The engine's own valid bids at a bid (numbers; pass is any number below the least)."""


class _Stop(Exception):
    def __init__(self, point: Point) -> None:
        super().__init__(point.kind)
        self.point = point


@dataclass(frozen=True)
class Config:
    """What the engine is built with for a request, from its resolved rules, and our deals in card codes."""

    players: int
    hand_size: int
    teams: tuple[tuple[int, ...], ...]
    minimum_bid: int
    target: int
    moon: str | None
    """The name of our lone bid with an exchange (the engine's shooter), if the rules have one."""
    loner: str | None
    """The name of our lone bid with no exchange (the engine's loner), if the rules have one."""
    call: int
    letters: tuple[str, ...]
    deals: Callable[[int, int], tuple[tuple[str, ...], ...] | None]
    """The hands of the game's k-th deal, given its dealer (None past the request's last deal)."""
    first_dealer: int
    start_scores: tuple[int, ...] | None


@dataclass
class _Hand:
    """Our record of the hand in progress: what the engine does not keep, or keeps out of reach."""

    dealer: int
    held: list[list[str]]
    auction: list[list[Any]] = field(default_factory=list)
    bids: dict[int, tuple[str, str]] = field(default_factory=dict)
    """Each bidder's last bid: (our action, its trump letter)."""
    contract: dict[str, Any] | None = None
    trick: list[list[Any]] = field(default_factory=list)
    trick_winners: list[int] = field(default_factory=list)
    tricks_won: list[int] = field(default_factory=list)
    cards_passed: list[dict[str, Any]] = field(default_factory=list)
    sitting_out: list[int] = field(default_factory=list)


class Replay:
    """One replay of the engine: the script played to its end, the position there caught as a `Point`."""

    def __init__(self, engine: Any, config: Config, script: Sequence[tuple[int, str]]) -> None:
        self.engine = engine
        self.config = config
        self.script: Iterator[tuple[int, str]] = iter(script)
        self.finished: list[dict[str, Any]] = []
        self.scores = list(config.start_scores or (0,) * len(config.teams))
        self.game_over = False
        self.winners: list[int] = []
        self.hand: _Hand | None = None
        self.hands_dealt = 0

    # the engine's questions, answered from the script

    def answer(self, point: Point) -> str:
        step = next(self.script, None)
        if step is None:
            raise _Stop(point)
        seat, action = step
        if seat != point.to_act or action not in point.legal:
            raise Mismatch(f"on replay the engine asked seat {point.to_act} ({point.kind}) where seat {seat} played {action}")
        return action

    def bid(self, seat: int, valid: Sequence[int], minimum: int) -> int:
        hand = self._hand()
        offered = tuple(bid for bid in valid if bid >= minimum)
        legal = ["pass", *self._bids(offered)]
        action = self.answer(Point(BID, seat, tuple(legal), self.fields(), tuple(valid)))
        hand.auction.append([seat, action])
        if action == "pass":
            return 0
        _, amount, letter = action.split(":")
        hand.bids[seat] = (action, letter)
        return next((number for number, name in self._named().items() if name == amount), None) or int(amount)

    def trump(self, seat: int, amount: int) -> str:
        """The winner's trump letter: from their winning bid, or asked of a dealer the engine stuck with the minimum."""
        hand = self._hand()
        if seat in hand.bids:
            action, letter = hand.bids[seat]
        else:
            legal = tuple(f"bid:{amount}:{letter}" for letter in self.config.letters)
            action = self.answer(Point(STUCK, seat, legal, self.fields()))
            hand.auction.append([seat, action])
            letter = action.rsplit(":", 1)[1]
        alone = amount > self.config.hand_size
        number = action.split(":")[1]
        tricks = self.config.hand_size if alone else int(number)
        hand.contract = {"bidder": seat, "bid": action, "tricks": tricks, "trump": letter, "alone": alone}
        if alone:
            hand.sitting_out = [mate for mate in self._team(seat) if mate != seat]
        return letter

    def give(self, seat: int) -> str:
        """A card a shooter's partner gives the bidder (the engine asks for each card separately)."""
        hand = self._hand()
        assert hand.contract is not None, "cards are given only for a contract"
        to = hand.contract["bidder"]
        action = self.answer(Point(GIVE, seat, tuple(f"give:{code}" for code in hand.held[seat]), self.fields()))
        code = action.split(":", 1)[1]
        hand.held[seat].remove(code)
        hand.held[to].append(code)
        moves = hand.cards_passed
        if moves and moves[-1]["from"] == seat and moves[-1]["to"] == to:
            moves[-1]["cards"].append(code)
        else:
            moves.append({"from": seat, "to": to, "cards": [code]})
        return code

    def play(self, seat: int, valid: set[tuple[str, str]]) -> str:
        hand = self._hand()
        legal = tuple(f"play:{code}" for code in hand.held[seat] if _face(code) in valid)
        action = self.answer(Point(PLAY, seat, legal, self.fields()))
        code = action.split(":", 1)[1]
        hand.held[seat].remove(code)
        hand.trick.append([seat, code])
        return code

    # what the engine's hooks report

    def new_hand(self, dealer: int) -> tuple[tuple[str, ...], ...]:
        hands = self.config.deals(self.hands_dealt, dealer)
        if hands is None:
            raise _Stop(self.rest())
        self.hands_dealt += 1
        self.hand = _Hand(dealer, [list(cards) for cards in hands], tricks_won=[0] * self.config.players)
        return hands

    def trick_won(self, winner: int, tricks: list[int]) -> None:
        hand = self._hand()
        hand.trick_winners.append(winner)
        hand.tricks_won = tricks
        hand.trick = []

    def hand_scored(self, points: list[int], scores: list[int]) -> None:
        self.finished.append({"thrown_in": False, "points": points})
        self.scores = scores

    def game_ended(self, winners: list[int]) -> None:
        self.game_over = True
        self.winners = winners

    def rest(self) -> Point:
        return Point(REST, None, (), self.fields())

    # the observation

    def fields(self) -> dict[str, Any]:
        hand = self._hand()
        contract = hand.contract
        return copy.deepcopy(
            {
                "dealer": hand.dealer,
                "up_card": None,
                "trump": contract["trump"] if contract else None,
                "maker": contract["bidder"] if contract else None,
                "maker_alone": bool(contract and contract["alone"]),
                "defender_alone": None,
                "sitting_out": hand.sitting_out,
                "hands": hand.held,
                "trick": hand.trick,
                "trick_winners": hand.trick_winners,
                "tricks_won": hand.tricks_won,
                "finished_hands": self.finished,
                "scores": self.scores,
                "game_over": self.game_over,
                "winners": self.winners,
                "auction": hand.auction,
                "contract": contract,
                "cards_passed": hand.cards_passed,
            }
        )

    def _hand(self) -> _Hand:
        assert self.hand is not None, "no hand dealt yet"
        return self.hand

    def _team(self, seat: int) -> tuple[int, ...]:
        return next(team for team in self.config.teams if seat in team)

    def _bids(self, offered: Sequence[int]) -> Iterator[str]:
        named = self._named()
        for amount in offered:
            name = str(amount) if amount <= self.config.hand_size else named.get(amount)
            if name is not None:
                yield from (f"bid:{name}:{letter}" for letter in self.config.letters)

    def _named(self) -> dict[int, str]:
        """The engine's numbers for our named bids: a shooter is half again the hand, a loner twice it (euchre.py,
        BidEuchre.__init__, valid_bids); a bid the rules do not name is never offered."""
        size = self.config.hand_size
        pairs = ((round(size * 1.5), self.config.moon), (size * 2, self.config.loner))
        return {number: name for number, name in pairs if name is not None}


def _face(code: str) -> tuple[str, str]:
    """The engine's names of a card's rank and suit ("JH#2" -> ("JACK", "HEART")): copies are one card to it."""
    return RANKS[code[0]], SUITS[code[1]]


def run(engine: Any, engine_dir: str, config: Config, script: Sequence[tuple[int, str]]) -> Point:
    """Play the script on a fresh engine game and return the position after its last action."""
    replay = Replay(engine, config, script)
    with open(os.devnull, "w") as quiet, contextlib.redirect_stdout(quiet):
        engine.euchre.o = quiet  # the game's own log, written with click.echo
        game = _game(engine, engine_dir, config, replay)
        try:
            _play(game, config, replay)
        except _Stop as stop:
            return stop.point
    return replay.rest()


def _play(game: Any, config: Config, replay: Replay) -> None:
    """The engine's `BidEuchre.play` loop, a hand at a time: after each, its own victory check."""
    dealer = game.players[config.first_dealer]
    order = [sorted(config.teams[index]) for index in range(len(config.teams))]
    teams = [next(team for team in game.teams if game.players[seats[0]] in team.players) for seats in order]
    while True:
        dealer = game.play_hand(dealer)
        replay.hand_scored([team.score_changes[-1] for team in teams], [team.score for team in teams])
        outcome, team = game.victory_check()
        if outcome == 1:
            replay.game_ended([teams.index(team)])
        elif outcome == -1:
            replay.game_ended([index for index, other in enumerate(teams) if other is not team])
        elif outcome == -2:
            replay.game_ended([])
        if outcome:
            raise _Stop(replay.rest())


def _game(engine: Any, engine_dir: str, config: Config, replay: Replay) -> Any:
    """The engine's BidEuchre for these rules, its players answering from the replay's script."""
    euchre, cardstock = engine.euchre, engine.cardstock

    class Scripted(euchre.HumanPlayer):  # type: ignore[misc,name-defined]
        def make_bid(self, valid_bids: list[int], min_bid: int = 0, leading_player: Any = None) -> int:
            return replay.bid(seat(self), valid_bids, min_bid)

        @property
        def choose_trump(self) -> Any:
            return euchre.Bid[TRUMPS[replay.trump(seat(self), self.team.bid)]]

        def pick_card(self, valid_cards: Any, **kwargs: Any) -> Any:
            if "trick_in_progress" in kwargs:
                code = replay.play(seat(self), {(card.d_rank.name, card.d_suit.name) for card in valid_cards})
            else:
                code = replay.give(seat(self))
            return _card_of(self.hand, code)

    class Game(euchre.BidEuchre):  # type: ignore[misc,name-defined]
        def deal(self, **kwargs: Any) -> Any:
            hands = replay.new_hand(seat(self.current_dealer_of_hand))
            for player, cards in zip(self.players, hands, strict=True):
                player.hand = cardstock.Hand(_card(cardstock, code) for code in cards)
                player.sort_hand()
            self.reset_suit_safety()
            self.played_cards = cardstock.Hand()
            self.unplayed_cards = copy.deepcopy(self.deck)
            return cardstock.Hand()

        def play_hand(self, dealer: Any) -> Any:
            self.current_dealer_of_hand = dealer
            return super().play_hand(dealer)

        def play_trick(self, lead: Any, is_low: bool = False, lone: Any = None) -> Any:
            winner = super().play_trick(lead, is_low, lone)
            replay.trick_won(seat(winner), [player.tricks for player in self.players])
            return winner

    with contextlib.chdir(engine_dir):  # the game reads constants.cfg from the working folder
        game = Game(
            handedness=config.players,
            team_size=len(config.teams[0]),
            points=config.target,
            minimum_bid=config.minimum_bid,
            pass_size=config.call,
            humans=list(range(config.players)),
            shuffle_deck=False,
        )
    for player in game.players:
        player.__class__ = Scripted
    seats = {id(player): index for index, player in enumerate(game.players)}

    def seat(player: Any) -> int:
        return seats[id(player)]

    order = [sorted(team) for team in config.teams]
    by_seat = {seats[id(player)]: team for team in game.teams for player in team.players}
    for index, start in enumerate(config.start_scores or ()):
        by_seat[order[index][0]].score = start
    return game


def _card(cardstock: Any, code: str) -> Any:
    card = cardstock.Card(cardstock.Rank[RANKS[code[0]]], cardstock.Suit[SUITS[code[1]]])
    card.code = code
    return card


def _card_of(hand: Sequence[Any], code: str) -> Any:
    """The engine's card for our code: that copy if the hand holds it, else an equal one (the engine cannot tell)."""
    face = _face(code)
    same = [card for card in hand if (card.d_rank.name, card.d_suit.name) == face]
    return next((card for card in same if getattr(card, "code", None) == code), same[0])


def deals_of(
    rules: Mapping[str, Any], deals: Sequence[Mapping[str, Any]], dealt: Callable[..., Any]
) -> Callable[[int, int], Any]:
    """The hands of each deal of a request, by the kit's `deal_cards` (a number dealt as spec/deal-numbers.yaml says)."""

    def hands(index: int, dealer: int) -> tuple[tuple[str, ...], ...] | None:
        if index >= len(deals):
            return None
        return tuple(dealt(rules, deals[index], dealer).hands)

    return hands
