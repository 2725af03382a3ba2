"""The state of one hand, and what a refusal looks like.

A HandState is a value: `apply` never changes one, it returns a new one. Every field holds an
immutable value (ints, tuples, None), so a new state is a shallow copy with a few fields
replaced; that keeps the state machine pure and a random playout cheap.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import ClassVar

from ruleset.compiled.contracts import Contract
from ruleset.compiled.rules import Action, Rules
from ruleset.refusals import MEANINGS

from ..deal import Deal

BID_ROUND_ONE = "bid_round_one"
BID_ROUND_TWO = "bid_round_two"
DEALER_NAMES_UNSEEN = "dealer_names_trump_unseen"
DECLARE_ALONE = "declare_alone"
DEALER_DISCARD = "dealer_discard"
DEFEND_ALONE = "defend_alone"
PLAY = "play"
HAND_OVER = "hand_over"
REDEAL_CALL = "redeal_call"
PREDICT = "predict"
PARTNER_ASK = "partner_ask"
PARTNER_GIVE = "partner_give"
LONE_DISCARD = "lone_discard"
DUMMY_DISCARD = "dummy_discard"
RENEGE_PENALTY_CHOICE = "renege_penalty_choice"
GO_UNDER_CALL = "go_under_call"
GO_UNDER_DISCARD = "go_under_discard"
LONE_DISCARD_FIRST = "lone_discard_first"
DEFENDER_DISCARD_FIRST = "defender_discard_first"
DEFENDER_GIVE = "defender_give"
DEFENDER_DISCARD = "defender_discard"
FOLD_OR_PLAY = "fold_or_play"
AUCTION = "auction"
AUCTION_TRUMP = "auction_trump"
CALL_DISCARD = "call_discard"
CALL_HAND_OVER = "call_hand_over"
CALL_PASS_BACK = "call_pass_back"
SPECIAL_UP_BID = "special_up_bid"
LONE_HAND_OVER = "lone_hand_over"
LONE_RETURN = "lone_return"
DEFENDER_ASK = "defender_ask"


class IllegalAction(Exception):
    """A refused action. The state it was tried on is unchanged."""

    def __init__(self, code: str, seat: int | None, phase: str, action: str, detail: str = "") -> None:
        self.code = code
        self.seat = seat
        self.phase = phase
        self.action = action
        who = f"seat {seat} cannot {action!r}" if seat is not None else f"{action!r} cannot be taken"
        message = f"{who} during {phase}: {MEANINGS[code]}"
        super().__init__(message + (f" ({detail})" if detail else ""))


@dataclass(frozen=True)
class HandResult:
    """How a hand ended: thrown in, or played out and scored by one row of the table."""

    thrown_in: bool
    maker: int | None = None
    trump: int | None = None
    makers_tricks: int = 0
    maker_alone: bool = False
    defender_alone: int | None = None
    row: str | None = None
    clause: str | None = None
    points: tuple[int, ...] = ()
    redeal_called_by: int | None = None
    reneged_by: int | None = None
    misdeal: bool = False
    """The deal was void (more than one player called to go under), so nobody scores."""
    player_rows: tuple[str | None, ...] = ()
    """Each seat's row of a per-player table (empty where the hand is scored by sides)."""
    hand_won_by: tuple[int, ...] = ()
    """In a contract game, the teams that won the hand: the bidders who made their bid, else the defenders who set it."""
    conceded_by: int | None = None
    """The dealer who passed the bidding out and so conceded the hand's point to the opponents."""


@dataclass(frozen=True)
class PastHand:
    """What a table condition asks of an earlier hand of the game: who made trump, in which suit, whether they were euchred."""

    maker: int | None
    trump: int | None
    euchred: bool


@dataclass(frozen=True)
class GameSoFar:
    """The game around a hand, as its table conditions see it: each side's score when the hand was dealt, and the hands before."""

    scores: tuple[int, ...]
    past: tuple[PastHand, ...] = ()


@dataclass(eq=False, slots=True)
class HandState:
    """One hand in progress. Read its fields; change it only through `apply`.

    Each field is declared once, here; None means "not (yet) in this hand" (no trump made, no
    lone defender, nobody to act once the hand is over). Slots keep reading a field as cheap as
    Python allows, and `clone` (run on every action) is generated from these declarations.
    """

    rules: Rules
    deal: Deal
    phase: str
    to_act: int | None
    hands: tuple[tuple[int, ...], ...]
    active: tuple[bool, ...]
    active_count: int
    tricks_won: tuple[int, ...]
    passed: tuple[int, ...]
    dummy: tuple[int, ...]
    redeals_left: tuple[int, ...] | None = None
    """How many redeals each player may still call in the game (None: no limit)."""
    history: tuple[tuple[int, Action], ...] = ()
    passes: int = 0
    turned_down: int | None = None
    trump: int | None = None
    maker: int | None = None
    maker_alone: bool | None = None
    """None until the maker's choice is made (or made for them by the variant)."""
    defender_alone: int | None = None
    discarded: int | None = None
    trick: tuple[tuple[int, int], ...] = ()
    leader: int | None = None
    led_suit: int | None = None
    follows: tuple[int, ...] = ()
    """Each card's effective suit under this hand's trump (the compiled rules' row), once trump is made."""
    tricks: tuple[tuple[int, tuple[tuple[int, int], ...]], ...] = ()
    result: HandResult | None = None
    taker: int | None = None
    giver: int | None = None
    made_in_round: int = 0
    predicted_alone: bool = False
    reneged: int | None = None
    callers: tuple[int, ...] = ()
    set_aside: tuple[int, ...] = ()
    penalty_choice: int | None = None
    """The innocent side's choice of renege penalty, an index of PENALTY_CHOICES (None: not chosen, or not theirs to choose)."""
    kitty: tuple[int, ...] = ()
    """The hidden kitty as it lies now: as dealt, or the cards shown by a player who went under."""
    cards_passed: tuple[tuple[int | str, int | str, tuple[int, ...]], ...] = ()
    """Cards moved between hands, the kitty ("kitty") and the discards ("out"), in the order they moved."""
    under_callers: tuple[int, ...] = ()
    """Who called to go under this hand, in the order they were asked."""
    folded: tuple[int, ...] = ()
    """The seats that folded in fold or play, in the order they folded."""
    bids: tuple[tuple[int, Action], ...] = ()
    """The auction so far, passes included, as (seat, action); the last bid in it is the highest."""
    contract: Contract | None = None
    """The auction's result, once it is over (its trump None until the winner names it)."""
    declined_call: tuple[int, ...] = ()
    """The lone players who chose not to call for a partner's card (where calling is their choice)."""
    up_card_given: bool = False
    """Whether the dealer passed the up-card itself to a lone partner, instead of a card of the hand."""
    game: GameSoFar | None = None
    """The scores and the hands before this one, for the table's conditions (None: a hand played alone, at 0 with no history)."""
    _legal: tuple[Action, ...] | None = field(default=None, init=False, repr=False)
    """The legal actions, worked out at most once per state (a state never changes once built)."""

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    @property
    def is_over(self) -> bool:
        return self.phase == HAND_OVER

    @property
    def dealer_took_up_card(self) -> bool:
        """Whether the up-card is (to be) taken into a hand: the dealer's, or a smitty predictor's."""
        return self.taker is not None

    clone: ClassVar[Callable[[HandState], HandState]]
    """A shallow copy for building the next state, with no legal actions worked out yet.

    Only the state machine calls it. It is straight-line code generated from the field
    declarations below the class, as dataclasses generate __init__: a loop over the fields
    costs a quarter of a random playout, and a copy written out by hand could forget one.
    """

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.rules.players

    def sit_out(self, seats: tuple[int, ...]) -> None:
        """Lay down these seats' hands for the rest of the hand (only the state machine calls this)."""
        active = list(self.active)
        for seat in seats:
            active[seat] = False
        self.active = tuple(active)
        self.active_count = sum(active)

    def next_active(self, seat: int) -> int:
        """The first active seat clockwise after `seat`."""
        active = self.active
        nxt = seat + 1
        if nxt == len(active):
            nxt = 0
        while not active[nxt]:
            nxt = nxt + 1 if nxt + 1 < len(active) else 0
        return nxt


def _generated_clone(cls: type[HandState]) -> Callable[[HandState], HandState]:
    """`other.f = self.f` for every field f but the legal-actions cache, which starts empty."""
    names = [item.name for item in fields(cls) if item.name != "_legal"]
    body = "".join(f"    other.{name} = self.{name}\n" for name in names)
    source = f"def clone(self):\n    other = new(cls)\n{body}    other._legal = None\n    return other\n"
    namespace: dict[str, object] = {"new": object.__new__, "cls": cls}
    exec(source, namespace)
    clone = namespace["clone"]
    assert callable(clone)
    return clone


HandState.clone = _generated_clone(HandState)


def initial_state(rules: Rules, deal: Deal, redeals_left: tuple[int, ...] | None, game: GameSoFar | None = None) -> HandState:
    """The state as dealt, before the first phase is chosen."""
    players = rules.players
    return HandState(
        rules=rules,
        deal=deal,
        phase=HAND_OVER,
        to_act=None,
        hands=deal.hands,
        active=(True,) * players,
        active_count=players,
        tricks_won=(0,) * players,
        passed=(0,) * players,
        dummy=deal.dummy,
        redeals_left=redeals_left,
        kitty=deal.kitty,
        game=game,
    )
